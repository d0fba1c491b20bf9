// Screenshots of every screen, light and dark, in real Chromium with the e2e build against the
// reference service with seeded reports: the popup with a result, the side panel's list and a
// report's detail, and the options page with the connection checklist passed.
//
// In the e2e suite they go to e2e/.artifacts/screenshots/ (so the run shows every screen renders
// in both schemes without touching committed files); `npm run screenshots` writes the ones the
// README shows, docs/screenshots/*.png (SCREENSHOTS_DIR).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { expect, test } from 'vitest';
import { ROOT } from '../scripts/build-e2e.ts';
import { OptionsPage, PopupPage, SidePanelPage, byRole } from './pages/index.ts';
import {
  ARTIFACTS,
  BROWSERS,
  clearStorage,
  configureExtension,
  describeIf,
  useBrowser,
  useE2eEnv,
} from './support/index.ts';

const OUT = process.env.SCREENSHOTS_DIR
  ? resolve(ROOT, process.env.SCREENSHOTS_DIR)
  : join(ARTIFACTS, 'screenshots');

const SCHEMES = ['light', 'dark'] as const;

/** A realistic list: the reports a person might have after a week (scores set, not audited). */
const DAY = 24 * 60 * 60 * 1000;
const SEEDED: { url: string; score: number; privacy: 0 | 1 | 2; daysAgo: number }[] = [
  { url: 'https://www.example.com/', score: 96, privacy: 0, daysAgo: 6.2 },
  { url: 'https://www.example.com/pricing', score: 88, privacy: 0, daysAgo: 5.8 },
  { url: 'https://docs.example.org/getting-started', score: 99, privacy: 0, daysAgo: 5.1 },
  { url: 'https://shop.example.com/', score: 91, privacy: 1, daysAgo: 4.6 },
  { url: 'https://shop.example.com/cart', score: 47, privacy: 1, daysAgo: 4.5 },
  { url: 'https://news.example.net/2026/11/', score: 38, privacy: 0, daysAgo: 3.3 },
  { url: 'https://docs.example.org/api/reports', score: 82, privacy: 2, daysAgo: 2.7 },
  { url: 'https://careers.example.com/jobs', score: 73, privacy: 0, daysAgo: 1.9 },
  { url: 'https://www.example.com/blog/launch-week', score: 64, privacy: 0, daysAgo: 1.2 },
  { url: 'https://status.example.io/', score: 100, privacy: 0, daysAgo: 0.4 },
];

/** Both schemes of one screen, without a focus ring (a fresh result takes focus, by design). */
async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(OUT, { recursive: true });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (const scheme of SCHEMES) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: scheme }]);
    const applied = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
    expect(applied).toBe(scheme === 'dark');
    // Two frames: styles recomputed and painted in the new scheme.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await page.screenshot({
      path: join(OUT, `${name}-${scheme}.png`),
      fullPage: options.fullPage ?? false,
    });
  }
  await page.emulateMediaFeatures([]);
}

describeIf(BROWSERS.includes('chromium'))('screenshots (Chromium)', () => {
  const ext = useBrowser('chromium');
  const env = useE2eEnv();

  test('popup, side panel, options — light and dark', { timeout: 120_000 }, async () => {
    await clearStorage(ext());
    await configureExtension(ext(), { baseUrl: env().baseUrl, apiKey: env().apiKey });
    env().raw.service.seed(
      env().apiKey,
      SEEDED.map(({ url, score, privacy, daysAgo }) => ({
        url,
        score,
        privacy,
        password: privacy === 2 ? 'secret' : undefined,
        createdAt: new Date(Date.now() - daysAgo * DAY).toISOString(),
      })),
    );

    // The popup: a real audit of a page in front, its result on screen.
    const url = env().pageUrl('decent');
    const tab = await ext().openPage(url);
    const popup = await PopupPage.openFor(ext(), tab);
    await popup.auditThisPage().click();
    await popup.report('Result').wait();
    await shoot(popup.page, 'popup');
    await popup.page.close();

    // The side panel: the list (the audited page on top), then that report's detail.
    const panel = await SidePanelPage.open(ext());
    // The side panel is as tall as the (headless) window: give it a desktop window's height.
    await panel.page.setViewport({ width: 380, height: 780 });
    await panel.page.waitForSelector('ul[aria-label="Reports"] > li');
    await panel.waitForRange(/of 11$/);
    await shoot(panel.page, 'sidepanel-list');
    await panel.openReport(url);
    await shoot(panel.page, 'sidepanel-detail');

    // The options page: saved, every check of the connection passed.
    await clearStorage(ext());
    const options = await OptionsPage.open(ext());
    await options.page.setViewport({ width: 900, height: 560 });
    await options.fill({ baseUrl: env().baseUrl, apiKey: env().apiKey });
    await options.save().click();
    await byRole(options.page, 'heading', 'Connected').wait();
    await shoot(options.page, 'options', { fullPage: true });

    expect(ext().pageErrors).toEqual([]);
  });
});
