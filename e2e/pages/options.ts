import type { ExtensionBrowser } from '../support/browsers.ts';
import { ExtensionScreen } from './base.ts';

/** options.html: base URL, API key, Save, Forget key, and the connection checklist. */
export class OptionsPage extends ExtensionScreen {
  static async open(ext: ExtensionBrowser): Promise<OptionsPage> {
    return new OptionsPage(await ext.openExtensionPage('options.html')).ready();
  }

  baseUrl = () => this.textbox('Base URL');
  apiKey = () => this.field('API key');
  save = () => this.button('Save');
  forgetKey = () => this.button('Forget key');

  /** Types both fields, replacing what is there. */
  async fill({ baseUrl, apiKey }: { baseUrl: string; apiKey: string }): Promise<void> {
    await this.baseUrl().fill(baseUrl);
    await this.apiKey().fill(apiKey);
  }
}
