// Real browsers with the e2e build of the extension loaded, behind one small handle so a spec
// reads the same in Chromium and Firefox. One browser per spec file: see `useBrowser`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page, type WebWorker } from 'puppeteer-core';
import type { Browser as WebExt } from 'webextension-polyfill';
import { E2E_OUTPUT } from '../../scripts/build-e2e.ts';

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

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The gecko id of wxt.config.ts. */
export const FIREFOX_EXTENSION_ID = 'audit-reports@example.com';
/** The internal UUID the harness gives it, so its origin is known (and stable across runs). */
export const FIREFOX_EXTENSION_UUID = 'a0d17e2e-0000-4e2e-8000-000000000001';

const headless = (options: LaunchOptions) => !(options.headful ?? process.env.E2E_HEADFUL === '1');

function checkBuilt(dir: string) {
  if (!existsSync(join(dir, 'manifest.json'))) {
    throw new Error(`No extension in ${dir}: run \`npm run build:e2e\` (or \`npm run test:e2e\`).`);
  }
}

/**
 * Navigates to an extension URL and waits for its document. Firefox's BiDi reports no navigation
 * events for moz-extension:// documents: `goto` never settles (it is left to fail quietly) and
 * `page.url()` keeps the previous URL — read `location.href` with `page.evaluate` instead.
 */
async function gotoExtensionUrl(page: Page, url: string): Promise<void> {
  void page.goto(url, { waitUntil: 'load', timeout: 60_000 }).catch(() => {});
  // The wait can start in the old document and fail when it goes away: wait again until then.
  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await page.waitForFunction(
        (expected) => location.href === expected && document.readyState === 'complete',
        { timeout: Math.max(1, deadline - Date.now()), polling: 50 },
        url,
      );
      return;
    } catch (error) {
      if (Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function recordErrors(page: Page, sink: string[]) {
  page.on('pageerror', (error) => {
    sink.push(`${page.url()}: ${error instanceof Error ? error.message : String(error)}`);
  });
}

async function closeBrowser(browser: Browser) {
  const closed = browser.close().catch(() => {});
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(resolve, 5_000, 'timeout'));
  if ((await Promise.race([closed, timeout])) === 'timeout') browser.process()?.kill('SIGKILL');
}

export async function launchChromium(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const extensionDir = options.extensionDir ?? E2E_OUTPUT.chromium;
  checkBuilt(extensionDir);
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: headless(options),
    pipe: true,
    enableExtensions: [extensionDir],
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--no-default-browser-check',
    ],
  });
  try {
    const workerTarget = await browser.waitForTarget(
      (t) => t.type() === 'service_worker' && t.url().startsWith('chrome-extension://'),
      { timeout: 15_000 },
    );
    // `new URL().origin` is 'null' for non-special schemes such as chrome-extension:.
    const extensionOrigin = `chrome-extension://${new URL(workerTarget.url()).host}`;
    const pageErrors: string[] = [];

    // The worker may be stopped and restarted by Chrome; find it again on each call.
    const worker = async (): Promise<WebWorker> => {
      const target = await browser.waitForTarget(
        (t) => t.type() === 'service_worker' && t.url().startsWith(extensionOrigin),
        { timeout: 15_000 },
      );
      const found = await target.worker();
      if (!found) throw new Error('The extension service worker is not running');
      return found;
    };

    const openPage = async (url: string) => {
      const page = await browser.newPage();
      await page.goto(url, { waitUntil: 'load' });
      await page.bringToFront();
      return page;
    };

    const handle: ExtensionBrowser = {
      name: 'chromium',
      browser,
      extensionOrigin,
      pageErrors,
      openPage,
      async openExtensionPage(path) {
        const page = await browser.newPage();
        recordErrors(page, pageErrors);
        await page.goto(`${extensionOrigin}/${path.replace(/^\//, '')}`, { waitUntil: 'load' });
        await page.bringToFront();
        return page;
      },
      async openPopupFor(tab) {
        const isPopup = (url: string) => url.startsWith(`${extensionOrigin}/popup.html`);
        // A popup still open from an earlier call would be found instead of the new one.
        for (const target of browser.targets()) {
          if (isPopup(target.url())) await (await target.asPage()).close().catch(() => {});
        }
        await tab.bringToFront();
        const opened = browser.waitForTarget((t) => isPopup(t.url()), { timeout: 10_000 });
        opened.catch(() => {}); // awaited below; not unhandled when openPopup() throws first
        await (
          await worker()
        ).evaluate(async () => {
          const { chrome } = globalThis as unknown as ExtensionGlobal;
          await chrome.action.openPopup();
        });
        const popup = await (await opened).asPage();
        recordErrors(popup, pageErrors);
        await popup.waitForFunction(() => document.readyState === 'complete');
        return popup;
      },
      async openSidePanel() {
        const isPanel = (url: string) => url.startsWith(`${extensionOrigin}/sidepanel.html`);
        const existing = browser.targets().find((t) => isPanel(t.url()));
        if (existing) return existing.asPage();
        // sidePanel.open() needs a user gesture: a trusted click in an extension page gives one.
        const launcher = await browser.newPage();
        await launcher.goto(`${extensionOrigin}/options.html`, { waitUntil: 'load' });
        await launcher.evaluate(() => {
          const { chrome } = globalThis as unknown as ExtensionGlobal & {
            chrome: { sidePanel: { open(o: { windowId: number }): Promise<void> } };
          };
          const button = document.createElement('button');
          button.id = 'e2e-open-side-panel';
          button.textContent = 'open side panel';
          button.style.cssText = 'position:fixed;inset:0;z-index:2147483647';
          button.onclick = async () => {
            const { id } = await chrome.windows.getCurrent();
            await chrome.sidePanel.open({ windowId: id! });
          };
          document.body.append(button);
        });
        const opened = browser.waitForTarget((t) => isPanel(t.url()), { timeout: 10_000 });
        opened.catch(() => {}); // awaited below
        await launcher.click('#e2e-open-side-panel');
        const panel = await (await opened).asPage();
        await launcher.close();
        recordErrors(panel, pageErrors);
        await panel.waitForFunction(() => document.readyState === 'complete');
        return panel;
      },
      async evaluateInExtension(fn, ...args) {
        return (await worker()).evaluate(fn as never, ...(args as unknown as never[]));
      },
      close: () => closeBrowser(browser),
    };
    return handle;
  } catch (error) {
    await closeBrowser(browser);
    throw error;
  }
}

export async function launchFirefox(options: LaunchOptions = {}): Promise<ExtensionBrowser> {
  const extensionDir = options.extensionDir ?? E2E_OUTPUT.firefox;
  checkBuilt(extensionDir);
  // A fixed internal UUID makes the moz-extension:// origin known before install.
  const uuid = FIREFOX_EXTENSION_UUID;
  const extensionOrigin = `moz-extension://${uuid}`;
  const browser = await puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: FIREFOX_PATH,
    headless: headless(options),
    // Lets BiDi reach the browser chrome (used to close the sidebar Firefox opens at install).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'xpinstall.signatures.required': false,
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_EXTENSION_ID]: uuid }),
      // action.openPopup() from an extension page without a click (used by the smoke test).
      'extensions.openPopupWithoutUserGesture.enabled': true,
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
    },
  });
  try {
    // Installed as a temporary add-on, exactly like about:debugging's "Load Temporary Add-on".
    await browser.installExtension(extensionDir);
    const pageErrors: string[] = [];

    // Firefox's event page is not a BiDi target, so a quiet extension tab stands in for it:
    // the first tab, kept in the background.
    const [first] = await browser.pages();
    const control = first ?? (await browser.newPage());
    await gotoExtensionUrl(control, `${extensionOrigin}/options.html#e2e-control`);
    await closeSidebar(browser);

    const evaluateInExtension: ExtensionBrowser['evaluateInExtension'] = (fn, ...args) =>
      control.evaluate(fn as never, ...(args as unknown as never[]));

    const openExtensionPage = async (path: string) => {
      const page = await browser.newPage();
      recordErrors(page, pageErrors);
      await gotoExtensionUrl(page, `${extensionOrigin}/${path.replace(/^\//, '')}`);
      await page.bringToFront();
      return page;
    };

    const handle: ExtensionBrowser = {
      name: 'firefox',
      browser,
      extensionOrigin,
      pageErrors,
      openExtensionPage,
      async openPage(url) {
        const page = await browser.newPage();
        await page.goto(url, { waitUntil: 'load' });
        await page.bringToFront();
        return page;
      },
      async openPopupFor(tab) {
        await tab.bringToFront();
        const tabId = await evaluateInExtension(async () => {
          const { browser } = globalThis as unknown as ExtensionGlobal;
          const [active] = await browser!.tabs.query({ active: true, currentWindow: true });
          return active?.id;
        });
        if (tabId === undefined) throw new Error('Could not find the tab for the popup');
        const popup = await openExtensionPage(`popup.html?tabId=${tabId}`);
        await popup.setViewport({ width: 400, height: 600 });
        return popup;
      },
      openSidePanel: () => openExtensionPage('sidepanel.html'),
      evaluateInExtension,
      close: () => closeBrowser(browser),
    };
    return handle;
  } catch (error) {
    await closeBrowser(browser);
    throw error;
  }
}

/** Firefox opens a new add-on's sidebar at install; its page would run (and call the service)
 * behind every test. Best effort: needs `--remote-allow-system-access`. */
async function closeSidebar(browser: Browser) {
  type Reply = { result?: { contexts?: { context: string }[] } };
  // `connection` is public on puppeteer's BiDi browser but not in the abstract type.
  const connection = (
    browser as unknown as { connection?: { send(m: string, p: object): Promise<Reply> } }
  ).connection;
  if (!connection) return;
  try {
    const tree = await connection.send('browsingContext.getTree', {
      'moz:scope': 'chrome',
      maxDepth: 0,
    });
    const context = tree.result?.contexts?.[0]?.context;
    if (!context) return;
    await connection.send('script.evaluate', {
      expression: 'SidebarController.isOpen && SidebarController.hide()',
      target: { context },
      awaitPromise: true,
    });
  } catch {
    // An older or newer Firefox without this API: the sidebar stays open, tests still work.
  }
}

export function launchBrowser(name: BrowserName, options?: LaunchOptions) {
  return name === 'chromium' ? launchChromium(options) : launchFirefox(options);
}
