/**
 * The real side panel in headless Chromium: the requests it makes, and its paint time for 100
 * rows (the panel's own `sidepanel:rows-paint` measure).
 */
import type { Page } from 'puppeteer-core';
import { SidePanelPage } from '../e2e/pages/index.ts';
import type { ExtensionBrowser, ExtensionGlobal } from '../e2e/support/browsers.ts';
import { PAINT_MEASURE } from '../lib/sidepanel/paint-timing.ts';
import { STATIC_PAGE, type ExtensionOptions } from './extension-options.ts';
import type { RequestLog } from './requests.ts';
import { summarise } from './stats.ts';

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
export async function measureSidePanel(
  ext: ExtensionBrowser,
  log: RequestLog,
  options: ExtensionOptions,
) {
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
