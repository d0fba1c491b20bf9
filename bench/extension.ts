/**
 * The extension in headless Chromium (the e2e build) against the in-process reference service:
 * popup ready time against a static page of the extension (the floor), HTTP requests counted at
 * the service, and the side panel's paint time for 100 rows.
 */
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { PopupPage, SidePanelPage } from '../e2e/pages/index.ts';
import {
  launchChromium,
  type ExtensionBrowser,
  type ExtensionGlobal,
} from '../e2e/support/browsers.ts';
import { configureExtension } from '../e2e/support/storage.ts';
import { PAINT_MEASURE } from '../lib/sidepanel/paint-timing.ts';
import { E2E_OUTPUT } from '../scripts/build-e2e.ts';
import { seedReports, startTestService } from '../tests/support/service.ts';
import { round, sleep, summarise, type Summary } from './stats.ts';

/** The floor page, copied into the e2e build under this name (see bench/static.html). */
const STATIC_PAGE = 'bench-static.html';
/** Reports seeded for the side panel: every result filter still fills a page of 100. */
const SEEDED = 1_000;

export interface ExtensionOptions {
  /** Measured opens of each page (popup, floor); the figure is 20. */
  opens: number;
  /** Measured side panel paints of 100 rows; the figure is 20. */
  paints: number;
  /** Unmeasured runs first: code caches and JIT, so the figures describe steady state. */
  warmups: number;
}

export interface RequestCount {
  name: string;
  count: number;
  /** `METHOD /path status` as the service logged them. */
  requests: string[];
}

export interface ExtensionFigures {
  chromium: string;
  popup: {
    ready: Summary;
    floor: Summary;
    /** Median popup ready / median floor. */
    ratio: number;
    domContentLoaded: { popup: Summary; floor: Summary };
  };
  requests: RequestCount[];
  sidePanel: { paint: Summary; rows: number };
}

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

/** Requests the service answered, from its one-line-per-request log. */
class RequestLog {
  readonly lines: string[] = [];
  private lastAt = 0;

  readonly push = (line: string) => {
    // `<ISO time> <METHOD> <path> <status> <ms>ms`
    const [, method, path, status] = line.split(' ');
    this.lines.push(`${method} ${path} ${status}`);
    this.lastAt = performance.now();
  };

  /** Resolves once no request has come for `quietMs` (at most `maxMs`). */
  async quiet(quietMs = 600, maxMs = 5_000): Promise<void> {
    const started = performance.now();
    for (;;) {
      const now = performance.now();
      const since = now - Math.max(this.lastAt, started);
      if (since >= quietMs || now - started >= maxMs) return;
      await sleep(quietMs - since + 10);
    }
  }

  /** Counts the requests `action` causes, once the service has gone quiet. */
  async count(name: string, action: () => Promise<unknown>): Promise<RequestCount> {
    await this.quiet();
    const from = this.lines.length;
    await action();
    await this.quiet();
    const requests = this.lines.slice(from);
    return { name, count: requests.length, requests };
  }
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
async function measurePopup(ext: ExtensionBrowser, fixtureUrl: string, options: ExtensionOptions) {
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

/** Requests for opening the real popup (`action.openPopup()`), an audit click, and reopening. */
async function countPopupRequests(ext: ExtensionBrowser, log: RequestLog, fixtureUrl: string) {
  const tab = await ext.openPage(fixtureUrl);
  let popup: PopupPage | undefined;
  const counts = [
    await log.count('popup open', async () => {
      popup = await PopupPage.openFor(ext, tab);
    }),
    await log.count('audit click', async () => {
      await popup!.auditThisPage().click();
      await popup!.report('Result').wait();
    }),
    await log.count('popup open, report exists', async () => {
      popup = await PopupPage.openFor(ext, tab);
      await popup.report('Already audited').wait();
    }),
  ];
  await popup!.page.close();
  await tab.close();
  return counts;
}

const RANGE = /^\d+–\d+ of \d+$/;

function selectState(panel: SidePanelPage, label: string) {
  return panel
    .select(label)
    .waitHandle()
    .then((handle) =>
      handle.evaluate((el) => ({
        value: (el as HTMLSelectElement).value,
        options: [...(el as HTMLSelectElement).options].map((o) => o.value),
      })),
    );
}

async function nextPaint(page: Page, before: number): Promise<{ duration: number; rows: number }> {
  const handle = await page.waitForFunction(
    (name, count) => {
      const entries = performance.getEntriesByName(name, 'measure');
      if (entries.length <= count) return false;
      const last = entries.at(-1) as PerformanceMeasure;
      return { duration: last.duration, rows: (last.detail as { rows: number }).rows };
    },
    { timeout: 15_000 },
    PAINT_MEASURE,
    before,
  );
  return (await handle.jsonValue()) as { duration: number; rows: number };
}

const paintCount = (page: Page) =>
  page.evaluate((name) => performance.getEntriesByName(name, 'measure').length, PAINT_MEASURE);

/**
 * The real side panel, opened like the harness's `openSidePanel` (sidePanel.open() from a trusted
 * click in an extension page) but from the static page: the harness's launcher is the options
 * page, whose connection check would be counted as a request of the side panel.
 */
async function openSidePanel(ext: ExtensionBrowser): Promise<SidePanelPage> {
  const isPanel = (url: string) => url.startsWith(`${ext.extensionOrigin}/sidepanel.html`);
  const launcher = await ext.openExtensionPage(STATIC_PAGE);
  await launcher.evaluate(() => {
    const { chrome } = globalThis as unknown as ExtensionGlobal & {
      chrome: { sidePanel: { open(o: { windowId: number }): Promise<void> } };
    };
    const button = document.createElement('button');
    button.id = 'bench-open-side-panel';
    button.style.cssText = 'position:fixed;inset:0;z-index:2147483647';
    button.onclick = async () => {
      const { id } = await chrome.windows.getCurrent();
      await chrome.sidePanel.open({ windowId: id! });
    };
    document.body.append(button);
  });
  const opened = ext.browser.waitForTarget((t) => isPanel(t.url()), { timeout: 10_000 });
  opened.catch(() => {}); // awaited below
  await launcher.click('#bench-open-side-panel');
  const page = await (await opened).asPage();
  await launcher.close();
  return new SidePanelPage(page).ready();
}

/**
 * Side panel: requests for opening it, a filter change and the way back (cached), then the paint
 * of 100 rows after their data arrives (the panel's own `sidepanel:rows-paint` measure), over
 * filter states never visited before, so each one is fetched and painted anew.
 */
async function measureSidePanel(ext: ExtensionBrowser, log: RequestLog, options: ExtensionOptions) {
  let panel: SidePanelPage | undefined;
  const requests = [
    await log.count('side panel open', async () => {
      panel = await openSidePanel(ext);
      await panel.waitForRange(RANGE);
    }),
  ];
  const p = panel!;
  const result = await selectState(p, 'Result');
  const other = result.options.find((v) => v !== result.value)!;
  requests.push(
    await log.count('filter change', async () => {
      await p.choose('Result', other);
      await p.waitForRange(RANGE);
    }),
    await log.count('back to a cached filter', async () => {
      await p.choose('Result', result.value);
      await p.waitForRange(RANGE);
    }),
  );

  let before = await paintCount(p.page);
  await p.choose('Per page', '100');
  await nextPaint(p.page, before);
  await p.waitForRange(/^1–100 of \d+$/);

  // A walk over (result, sort key, direction), one select per step, to states not seen yet.
  const labels = ['Direction', 'Sort by', 'Result'] as const;
  const state = new Map<string, string>();
  const choices = new Map<string, string[]>();
  for (const label of labels) {
    const s = await selectState(p, label);
    state.set(label, s.value);
    choices.set(label, s.options);
  }
  const key = (s: Map<string, string>) => labels.map((l) => s.get(l)).join('|');
  const visited = new Set([key(state)]);
  const paints: number[] = [];
  let rows = 0;
  while (paints.length < options.paints) {
    const step = labels
      .flatMap((label) => choices.get(label)!.map((value) => ({ label, value })))
      .find(({ label, value }) => !visited.has(key(new Map(state).set(label, value))));
    if (!step) throw new Error('The side panel ran out of new filter states to paint');
    state.set(step.label, step.value);
    visited.add(key(state));
    before = await paintCount(p.page);
    await p.choose(step.label, step.value);
    const paint = await nextPaint(p.page, before);
    await p.waitForRange(/^1–100 of \d+$/);
    if (paint.rows !== 100) throw new Error(`Painted ${paint.rows} rows, not 100 (${key(state)})`);
    rows = paint.rows;
    // The first paints warm the row components up; the rest are the figure.
    if (visited.size > options.warmups + 1) paints.push(paint.duration);
  }
  return { requests, paint: summarise(paints), rows };
}

export async function measureExtension(options: ExtensionOptions): Promise<ExtensionFigures> {
  // A copy of the e2e build: another `npm run build:e2e` may rewrite .output during the run, and
  // the floor page stays out of the build the e2e suites load.
  const extensionDir = mkdtempSync(join(tmpdir(), 'audit-bench-extension-'));
  cpSync(E2E_OUTPUT.chromium, extensionDir, { recursive: true });
  copyFileSync(join(import.meta.dirname, 'static.html'), join(extensionDir, STATIC_PAGE));
  try {
    return await measureIn(extensionDir, options);
  } finally {
    rmSync(extensionDir, { recursive: true, force: true });
  }
}

async function measureIn(
  extensionDir: string,
  options: ExtensionOptions,
): Promise<ExtensionFigures> {
  const log = new RequestLog();
  const env = await startTestService({ auditTimeoutMs: 5_000, log: log.push });
  try {
    seedReports(env, SEEDED, { projects: 3 });
    const ext = await launchChromium({ extensionDir });
    try {
      await configureExtension(ext, { baseUrl: env.service.url, apiKey: env.key });
      const chromium = (await ext.browser.version()).replace(/^\D+\//, '');
      const popup = await measurePopup(
        ext,
        env.site.pageUrl('decent', { query: 'bench=popup' }),
        options,
      );
      const popupRequests = await countPopupRequests(
        ext,
        log,
        env.site.pageUrl('good', { query: 'bench=requests' }),
      );
      const panel = await measureSidePanel(ext, log, options);
      if (ext.pageErrors.length) {
        console.warn(`page errors during the run:\n${ext.pageErrors.join('\n')}`);
      }
      return {
        chromium,
        popup,
        requests: [...popupRequests, ...panel.requests],
        sidePanel: { paint: panel.paint, rows: panel.rows },
      };
    } finally {
      await ext.close();
    }
  } finally {
    await env.close();
  }
}
