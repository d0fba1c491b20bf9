import type { Page } from 'puppeteer-core';
import type { ExtensionBrowser } from '../support/browsers.ts';
import { ExtensionScreen } from './base.ts';

/** popup.html for one tab: privacy choice, "Audit this page", the result. */
export class PopupPage extends ExtensionScreen {
  /** Opens the popup for `tab` (the real popup in Chromium; see ExtensionBrowser.openPopupFor). */
  static async openFor(ext: ExtensionBrowser, tab: Page): Promise<PopupPage> {
    return new PopupPage(await ext.openPopupFor(tab)).ready();
  }

  auditThisPage = () => this.button('Audit this page');
}
