// The one handle a spec drives, whichever browser is behind it (chromium.ts, firefox.ts), and
// what both launchers share.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'puppeteer-core';
import type { Browser as WebExt } from 'webextension-polyfill';

export type BrowserName = 'chromium' | 'firefox';

/** What the evaluated functions of `evaluateInExtension` see as `globalThis`. */
export type ExtensionGlobal = { browser?: WebExt; chrome: WebExt };

export interface ExtensionBrowser {
  readonly name: BrowserName;
  readonly browser: Browser;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`, no trailing slash. */
  readonly extensionOrigin: string;
  /** Uncaught errors of every page the handle opened (extension pages and popups). */
  readonly pageErrors: string[];
  /** A new tab with `path` of the extension (e.g. `options.html`), loaded and in front. */
  openExtensionPage(path: string): Promise<Page>;
  /** A new tab with any URL (e.g. a fixture page), loaded and in front. */
  openPage(url: string): Promise<Page>;
  /**
   * The popup for that tab. Chromium: the real popup (`action.openPopup()` with the tab in
   * front). Firefox: popup.html in its own tab, told the target tab by `?tabId=<id>` — the real
   * Firefox popup is not reachable over WebDriver BiDi (see e2e/README.md).
   */
  openPopupFor(tab: Page): Promise<Page>;
  /**
   * The side panel. Chromium: the real side panel (opened by `sidePanel.open()` from a trusted
   * click). Firefox: sidepanel.html in a tab — the sidebar is not reachable over BiDi.
   */
  openSidePanel(): Promise<Page>;
  /**
   * Runs `fn` in an extension context — Chromium: the service worker; Firefox: a background
   * extension tab — where `browser`/`chrome` APIs are available. `fn` is serialised: it sees only
   * its arguments (JSON-serialisable) and globals, e.g. `(globalThis as ExtensionGlobal)`.
   */
  evaluateInExtension<R, A extends unknown[]>(
    fn: (...args: A) => R | Promise<R>,
    ...args: A
  ): Promise<Awaited<R>>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** The unpacked extension to load; defaults to the e2e build. */
  extensionDir?: string;
  /** Show the browser window (needs a display). Also `E2E_HEADFUL=1`. */
  headful?: boolean;
}

export const headless = (options: LaunchOptions) =>
  !(options.headful ?? process.env.E2E_HEADFUL === '1');

export function checkBuilt(dir: string) {
  if (!existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`No extension in ${dir}: run \`npm run build:e2e\` (or \`npm run test:e2e\`).`);
  }
}

/** A new tab with any URL, loaded and in front: `openPage` of both browsers. */
export async function openTab(browser: Browser, url: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'load' });
  await page.bringToFront();
  return page;
}

export function recordErrors(page: Page, sink: string[]) {
  page.on('pageerror', (error) => {
    sink.push(`${page.url()}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

export async function closeBrowser(browser: Browser) {
  const closed = browser.close().catch(() => {});
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 5_000, 'timeout'));
  if ((await Promise.race([closed, timeout])) === 'timeout') browser.process()?.kill('SIGKILL');
}
