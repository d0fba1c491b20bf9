/**
 * Popup ready time against a static page of the extension (the floor), in fresh tabs of the
 * e2e build in headless Chromium.
 */
import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser, ExtensionGlobal } from '../e2e/support/browsers.ts';
import { STATIC_PAGE, type ExtensionOptions } from './extension-options.ts';
import { round, sleep, summarise } from './stats.ts';

/**
 * Runs in every document the bench opens, before its scripts: notes `performance.now()` (ms since
 * navigation start) when "popup ready" first holds — the page URL shown and "Audit this page"
 * enabled — and keeps it in `__benchReady`. Serialised by puppeteer: self-contained.
 */
function readyProbe() {
  if (!location.protocol.endsWith('-extension:')) return;
  const g = globalThis as unknown as { __benchReady?: number };
  const holds = () => {
    const url = document.querySelector('.popup-url');
    const button = document.querySelector<HTMLButtonElement>('button.popup-audit');
    return Boolean(url?.textContent?.trim()) && button !== null && !button.disabled;
  };
  const observer = new MutationObserver(() => {
    if (g.__benchReady !== undefined || !holds()) return;
    g.__benchReady = performance.now();
    observer.disconnect();
  });
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    characterData: true,
  });
}

async function tabIdOf(ext: ExtensionBrowser, url: string): Promise<number> {
  const id = await ext.evaluateInExtension(async (wanted) => {
    const { chrome } = globalThis as unknown as ExtensionGlobal;
    return (await chrome.tabs.query({})).find((tab) => tab.url === wanted)?.id;
  }, url);
  if (id === undefined) throw new Error(`No tab shows ${url}`);
  return id;
}

interface Open {
  /** ms from navigation start to "popup ready". */
  ready: number;
  /** ms from navigation start to the end of DOMContentLoaded (module scripts have run). */
  domContentLoaded: number;
}

/** Times the load of `url` in `page` (which has the probe installed). */
async function timeLoad(page: Page, url: string): Promise<Open> {
  await page.goto(url, { waitUntil: 'load' });
  const ready = await page
    .waitForFunction(() => (globalThis as unknown as { __benchReady?: number }).__benchReady, {
      timeout: 15_000,
    })
    .catch((error: unknown) => {
      throw new Error(
        `${url} was not ready within 15 s: no '.popup-url' with text and enabled ` +
          `'button.popup-audit' (the selectors e2e/pages/popup.ts uses too)`,
        { cause: error },
      );
    });
  const ms = (await ready.jsonValue()) as number;
  // Where the time went: scripts run by DOMContentLoaded; the rest is the page's own work.
  const domContentLoaded = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return entry?.domContentLoadedEventEnd ?? Number.NaN;
  });
  // Let the popup's lookup finish: an aborted fetch would spill into the next open.
  await page.waitForNetworkIdle({ idleTime: 100, timeout: 3_000 }).catch(() => {});
  return { ready: ms, domContentLoaded };
}

const SETTLE_MS = 150;

/**
 * Opens `url` in a fresh tab, as a popup is a fresh view: the tab's about:blank renderer is
 * started and left to settle first, so its start-up does not compete with the load timed.
 */
async function timeOpen(ext: ExtensionBrowser, url: string): Promise<Open> {
  const page = await ext.browser.newPage();
  try {
    await page.evaluateOnNewDocument(readyProbe);
    await page.evaluate('1');
    await sleep(SETTLE_MS);
    return await timeLoad(page, url);
  } finally {
    await page.close();
  }
}

/**
 * Popup ready vs the floor: each open a fresh tab of popup.html?tabId=<fixture tab> (the
 * harness's route to "the popup for that tab", as the Firefox e2e suite opens it) or of the
 * static page, opened the same way; interleaved (ABBA) so drift in the machine's load hits both.
 */
export async function measurePopup(
  ext: ExtensionBrowser,
  fixtureUrl: string,
  options: ExtensionOptions,
) {
  await ext.openPage(fixtureUrl);
  const tabId = await tabIdOf(ext, fixtureUrl);
  const popupUrl = `${ext.extensionOrigin}/popup.html?tabId=${tabId}`;
  const floorUrl = `${ext.extensionOrigin}/${STATIC_PAGE}`;
  const popup: Open[] = [];
  const floor: Open[] = [];
  for (let i = 0; i < options.warmups + options.opens; i++) {
    const popupFirst = i % 2 === 0;
    const a = await timeOpen(ext, popupFirst ? popupUrl : floorUrl);
    const b = await timeOpen(ext, popupFirst ? floorUrl : popupUrl);
    if (i < options.warmups) continue;
    popup.push(popupFirst ? a : b);
    floor.push(popupFirst ? b : a);
  }
  const ready = summarise(popup.map((o) => o.ready));
  const floorReady = summarise(floor.map((o) => o.ready));
  return {
    ready,
    floor: floorReady,
    ratio: round(ready.median / floorReady.median, 2),
    domContentLoaded: {
      popup: summarise(popup.map((o) => o.domContentLoaded)),
      floor: summarise(floor.map((o) => o.domContentLoaded)),
    },
  };
}
