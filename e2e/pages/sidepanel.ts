import type { ExtensionBrowser } from '../support/browsers.ts';
import { ExtensionScreen, byRole } from './base.ts';

/** What one report row shows, read from the page. */
export interface PanelRow {
  url: string;
  result: string;
  score: number;
}

/** sidepanel.html (Chrome side panel / Firefox sidebar): reports and projects. */
export class SidePanelPage extends ExtensionScreen {
  static async open(ext: ExtensionBrowser): Promise<SidePanelPage> {
    return new SidePanelPage(await ext.openSidePanel()).ready();
  }

  tab = (name: 'Reports' | 'Projects') => byRole(this.page, 'tab', name);
  select = (name: string) => byRole(this.page, 'combobox', name);
  radio = (name: string) => byRole(this.page, 'radio', name);
  dialog = () => this.page.locator('dialog[open]');

  /** Chooses an option of a labelled native select by its value. */
  async choose(label: string, value: string): Promise<void> {
    const handle = await this.select(label).waitHandle();
    await handle.select(value);
  }

  /** "21–30 of 143" of a pager ('Reports pages' or 'Projects pages'). */
  range(pager = 'Reports pages'): Promise<string> {
    return this.page.evaluate((name) => {
      const nav = document.querySelector(`nav[aria-label="${name}"]`);
      return nav?.querySelector('.sp-pager-range')?.textContent ?? '';
    }, pager);
  }

  async waitForRange(expected: string | RegExp, pager = 'Reports pages'): Promise<string> {
    const source = typeof expected === 'string' ? null : expected.source;
    const text = typeof expected === 'string' ? expected : null;
    await this.page.waitForFunction(
      (name, want, pattern) => {
        const nav = document.querySelector(`nav[aria-label="${name}"]`);
        const shown = nav?.querySelector('.sp-pager-range')?.textContent ?? '';
        const rows = document.querySelector('ul[aria-label][aria-busy]');
        if (rows) return false; // still the previous page
        return pattern ? new RegExp(pattern).test(shown) : shown === want;
      },
      { timeout: 15_000 },
      pager,
      text,
      source,
    );
    return this.range(pager);
  }

  /** The report rows on screen. */
  rows(): Promise<PanelRow[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('ul[aria-label="Reports"] > li > button')].map((row) => ({
        url: row.getAttribute('title') ?? '',
        result: row.querySelector('.result')?.textContent ?? '',
        score: Number(row.querySelector('.sp-score')?.lastChild?.textContent),
      })),
    );
  }

  /** Project names on screen. */
  projects(): Promise<string[]> {
    return this.page.evaluate(() =>
      [...document.querySelectorAll('ul[aria-label="Projects"] > li > button.sp-row')].map(
        (row) => row.querySelector('.sp-row-url')?.textContent ?? '',
      ),
    );
  }

  /** Opens a report's detail by its row (the full URL is the row's title). */
  async openReport(url: string): Promise<void> {
    await this.page.locator(`ul[aria-label="Reports"] button[title="${url}"]`).click();
    await this.page.waitForSelector('#sp-detail-title');
  }
}
