// Firefox with the e2e build installed as a temporary add-on, over WebDriver BiDi: popup and
// side panel as tabs, `evaluateInExtension` in a quiet extension tab (see e2e/README.md).
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { E2E_OUTPUT } from '../../scripts/build-e2e.ts';
import {
  checkBuilt,
  closeBrowser,
  headless,
  openTab,
  recordErrors,
  type ExtensionBrowser,
  type ExtensionGlobal,
  type LaunchOptions,
} from './extension-browser.ts';

const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
/** The gecko id of wxt.config.ts. */
export const FIREFOX_EXTENSION_ID = 'audit-reports@example.com';
/** The internal UUID the harness gives it, so its origin is known (and stable across runs). */
export const FIREFOX_EXTENSION_UUID = 'a0d17e2e-0000-4e2e-8000-000000000001';

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
      openPage: (url) => openTab(browser, url),
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
