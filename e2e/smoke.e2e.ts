// The harness itself, in every browser: the extension loads, its background is alive, every page
// renders, the e2e build holds the loopback permission, and the popup opens for a fixture tab.
import { describe, expect, test } from 'vitest';
import { SidePanelPage, byLabel, byRole } from './pages/index.ts';
import {
  BROWSERS,
  testIf,
  clearStorage,
  configureExtension,
  getStorage,
  hasHostPermission,
  useBrowser,
  useE2eEnv,
  type ExtensionGlobal,
} from './support/index.ts';

describe.each(BROWSERS)('%s smoke', (name) => {
  const ext = useBrowser(name);
  const env = useE2eEnv();

  test('the background is alive', async () => {
    const id = await ext().evaluateInExtension(() => {
      const g = globalThis as unknown as ExtensionGlobal;
      return (g.browser ?? g.chrome).runtime.id;
    });
    expect(id).toBeTruthy();
    if (name === 'firefox') {
      // The event page, started on demand.
      const background = await ext().evaluateInExtension(async () => {
        const g = globalThis as unknown as ExtensionGlobal;
        const page = await g.browser!.runtime.getBackgroundPage();
        return page?.location.pathname;
      });
      expect(background).toBe('/_generated_background_page.html');
    }
  });

  test.each(['popup.html', 'sidepanel.html', 'options.html'])('%s renders', async (path) => {
    const page = await ext().openExtensionPage(path);
    await page.waitForSelector('#root > *');
    expect(await page.evaluate(() => document.body.innerText.trim())).not.toBe('');
    expect(ext().pageErrors).toEqual([]);
  });

  test('the e2e build holds the loopback host permission', async () => {
    expect(await hasHostPermission(ext(), env().baseUrl)).toBe(true);
    expect(await hasHostPermission(ext(), 'http://localhost:8787')).toBe(true);
    expect(await hasHostPermission(ext(), 'https://example.com')).toBe(false);
  });

  test('storage can be set up directly', async () => {
    await configureExtension(ext(), { baseUrl: env().baseUrl, apiKey: env().apiKey });
    expect(await getStorage(ext(), ['baseUrl', 'apiKey'])).toEqual({
      baseUrl: env().baseUrl,
      apiKey: env().apiKey,
    });
    await clearStorage(ext());
    expect(await getStorage(ext())).toEqual({});
  });

  test('the popup opens for a fixture tab and can read its URL', async () => {
    await configureExtension(ext(), { baseUrl: env().baseUrl, apiKey: env().apiKey });
    const url = env().pageUrl('good');
    const tab = await ext().openPage(url);
    // The handle, not PopupPage: this checks the harness, whatever the popup shows.
    const popup = { page: await ext().openPopupFor(tab) };
    await popup.page.waitForSelector('#root > *');
    // page.url() is stale for extension pages in Firefox (see gotoExtensionUrl): ask the page.
    expect(await popup.page.evaluate(() => location.pathname)).toBe('/popup.html');
    // What the popup's own code will do to find its tab: the active tab in Chromium's real popup;
    // the `tabId` parameter in Firefox's stand-in tab.
    const seen = await popup.page.evaluate(async () => {
      const g = globalThis as unknown as ExtensionGlobal;
      const api = g.browser ?? g.chrome;
      const tabId = new URLSearchParams(location.search).get('tabId');
      if (tabId) return (await api.tabs.get(Number(tabId))).url;
      const [active] = await api.tabs.query({ active: true, currentWindow: true });
      return active?.url;
    });
    expect(seen).toBe(url);
  });

  test('the side panel opens', async () => {
    const panel = await SidePanelPage.open(ext());
    expect(await panel.page.evaluate(() => location.href)).toBe(
      `${ext().extensionOrigin}/sidepanel.html`,
    );
  });

  test('page objects find controls by role and by label', async () => {
    const page = await ext().openPage(
      'data:text/html,<label for=u>Base URL</label><input id=u type=url>' +
        '<label>API key <input type=password></label><button>Save</button>',
    );
    await byRole(page, 'textbox', 'Base URL').fill('http://127.0.0.1:1');
    await byLabel(page, 'API key').fill('secret');
    await byRole(page, 'button', 'Save').click();
    expect(
      await page.evaluate(() => [...document.querySelectorAll('input')].map((i) => i.value)),
    ).toEqual(['http://127.0.0.1:1', 'secret']);
  });

  // Puppeteer cannot attach to Firefox's real popup (it is not a BiDi browsing context), so
  // openPopupFor() uses a tab there. The real popup does open, and extension pages can reach it.
  testIf(name === 'firefox')('the real Firefox popup opens for the active tab', async () => {
    await configureExtension(ext(), { baseUrl: env().baseUrl, apiKey: env().apiKey });
    const url = env().pageUrl('good');
    await ext().openPage(url);
    await ext().evaluateInExtension(async () => {
      const g = globalThis as unknown as ExtensionGlobal;
      await g.browser!.action.openPopup();
    });
    const seen = await ext().evaluateInExtension(async () => {
      const g = globalThis as unknown as ExtensionGlobal;
      for (let i = 0; i < 100; i++) {
        const [popup] = g.browser!.extension.getViews({ type: 'popup' });
        if (popup?.document.readyState === 'complete') {
          const api = (popup as unknown as ExtensionGlobal).browser!;
          const [tab] = await api.tabs.query({ active: true, currentWindow: true });
          popup.close();
          return { path: popup.location.pathname, tabUrl: tab?.url };
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return null;
    });
    expect(seen).toEqual({ path: '/popup.html', tabUrl: url });
  });
});
