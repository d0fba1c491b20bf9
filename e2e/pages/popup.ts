import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../support/browsers.ts';
import { ExtensionScreen, byRole } from './base.ts';

/** popup.html for one tab: privacy choice, "Audit this page", the result. */
export class PopupPage extends ExtensionScreen {
  /** Opens the popup for `tab` (the real popup in Chromium; see ExtensionBrowser.openPopupFor). */
  static async openFor(ext: ExtensionBrowser, tab: Page): Promise<PopupPage> {
    return new PopupPage(await ext.openPopupFor(tab)).ready();
  }

  auditThisPage = () => this.button('Audit this page');

  privacy = (name: 'Public' | 'Private' | 'Password') => byRole(this.page, 'radio', name);

  /** The report card: 'Result' after an audit this popup saw, 'Already audited' on open. */
  report = (heading: 'Result' | 'Already audited') => byRole(this.page, 'region', heading);

  /** Resolves once the page's URL shows and "Audit this page" can be pressed. */
  override async ready(): Promise<this> {
    await super.ready();
    await this.page.waitForSelector('button.popup-audit:not([disabled])');
    return this;
  }

  /** The score the meter shows (`aria-valuenow`), once a report is on screen. */
  async score(): Promise<number> {
    const meter = await this.page.waitForSelector('[role="meter"]');
    return Number(await meter!.evaluate((el) => el.getAttribute('aria-valuenow')));
  }

  /** The page URL the popup shows. */
  shownUrl(): Promise<string> {
    return this.page.$eval('.popup-url', (el) => el.textContent ?? '');
  }
}
