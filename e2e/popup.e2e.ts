// The popup in each browser against the reference service (issue 4's e2e): open a fixture page
// served on loopback, open the popup for that tab, audit, see the score, and confirm through the
// API that exactly one report exists; then re-open and see the existing report. Chromium opens
// the real popup (action.openPopup); Firefox opens popup.html?tabId=… in a tab (see
// e2e/support/browsers.ts).
import { beforeEach, describe, expect, test } from 'vitest';
import { PopupPage } from './pages/index.ts';
import {
  BROWSERS,
  testIf,
  clearStorage,
  configureExtension,
  useBrowser,
  useE2eEnv,
  type ExtensionGlobal,
} from './support/index.ts';

interface ApiReport {
  id: number;
  url: string;
  score: number;
  result: string;
}

describe.each(BROWSERS)('%s popup', (name) => {
  const ext = useBrowser(name);
  const env = useE2eEnv();
  let run = 0;

  beforeEach(async () => {
    await clearStorage(ext());
    await configureExtension(ext(), { baseUrl: env().baseUrl, apiKey: env().apiKey });
  });

  async function reportsOf(url: string): Promise<ApiReport[]> {
    const answer = await env().request(`/reports?per_page=100&search=${encodeURIComponent(url)}`);
    expect(answer.status).toBe(200);
    return (answer.body as { data: ApiReport[] }).data.filter((r) => r.url === url);
  }

  function badgeOf(tabUrl: string): Promise<string> {
    return ext().evaluateInExtension(async (wanted) => {
      const g = globalThis as unknown as ExtensionGlobal;
      const api = (g.browser ?? g.chrome) as unknown as {
        tabs: { query(q: object): Promise<{ id?: number; url?: string }[]> };
        action: { getBadgeText(d: { tabId: number }): Promise<string> };
      };
      const [tab] = (await api.tabs.query({})).filter((t) => t.url === wanted);
      return tab?.id === undefined ? '(no tab)' : api.action.getBadgeText({ tabId: tab.id });
    }, tabUrl);
  }

  test('audit the page in front: score shown, exactly one report; reopened, it is there', async () => {
    run += 1;
    const url = env().pageUrl('decent', { query: `e2e=${name}-${run}` });
    const tab = await ext().openPage(url);

    const popup = await PopupPage.openFor(ext(), tab);
    expect(await popup.shownUrl()).toBe(url);
    expect(await popup.page.$eval('[name="privacy"]:checked', (el) => el.id)).toBeTruthy();
    await popup.auditThisPage().click();

    await popup.report('Result').wait();
    expect(await popup.score()).toBe(72);
    const text = await popup.bodyText();
    expect(text).toContain('Decent');
    expect(text).toContain('127.0.0.1');

    const reports = await reportsOf(url);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ score: 72, result: 'decent' });
    expect(await badgeOf(url)).toBe('72');

    // Re-open: the existing report is shown first; "Audit this page" stays available.
    const again = await PopupPage.openFor(ext(), tab);
    await again.report('Already audited').wait();
    expect(await again.score()).toBe(72);
    expect(await reportsOf(url)).toHaveLength(1);
    expect(ext().pageErrors).toEqual([]);
  });

  testIf(name === 'chromium')(
    '"Open in side panel" opens the side panel on that report',
    async () => {
      run += 1;
      const url = env().pageUrl('good', { query: `e2e=${name}-${run}` });
      const tab = await ext().openPage(url);
      const popup = await PopupPage.openFor(ext(), tab);
      await popup.auditThisPage().click();
      await popup.report('Result').wait();
      const [report] = await reportsOf(url);

      const isPanel = (t: { url(): string }) =>
        t.url().startsWith(`${ext().extensionOrigin}/sidepanel.html`);
      const opened = ext().browser.waitForTarget(isPanel, { timeout: 10_000 });
      // A real click: sidePanel.open() needs the user gesture.
      await popup.button('Open in side panel').click();
      const panel = await (await opened).asPage();
      // The panel shows that report (it reads `sidepanelTarget`, then clears it).
      await panel.waitForFunction(
        (wanted) => document.body.innerText.includes(wanted),
        { timeout: 10_000 },
        report!.url,
      );
    },
  );

  testIf(name === 'firefox')('"Open in side panel" opens the sidebar', async () => {
    run += 1;
    const url = env().pageUrl('good', { query: `e2e=${name}-${run}` });
    const tab = await ext().openPage(url);
    const popup = await PopupPage.openFor(ext(), tab);
    await popup.auditThisPage().click();
    await popup.report('Result').wait();
    // The sidebar's page is out of BiDi's reach: ask Firefox whether it opened.
    const isOpen = () =>
      ext().evaluateInExtension(async () => {
        const g = globalThis as unknown as {
          browser: { sidebarAction: { isOpen(d: object): Promise<boolean> } };
        };
        return g.browser.sidebarAction.isOpen({});
      });
    expect(await isOpen()).toBe(false);
    await popup.button('Open in side panel').click();
    await expect.poll(isOpen, { timeout: 10_000 }).toBe(true);
  });

  test('a page that cannot be audited says so', async () => {
    const tab = await ext().openPage('about:blank');
    const page = await ext().openPopupFor(tab);
    await page.waitForSelector('#root > *');
    await page.waitForFunction(() =>
      document.body.innerText.includes('This tab has no web page to audit'),
    );
    const disabled = await page.$eval('button.popup-audit', (el) => el.hasAttribute('disabled'));
    expect(disabled).toBe(true);
  });
});
