// Chromium with the e2e build loaded: the real popup and side panel, `evaluateInExtension` in
// the service worker.
import puppeteer, { type WebWorker } from 'puppeteer-core';
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

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

    const handle: ExtensionBrowser = {
      name: 'chromium',
      browser,
      extensionOrigin,
      pageErrors,
      openPage: (url) => openTab(browser, url),
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
