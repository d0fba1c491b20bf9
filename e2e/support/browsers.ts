// Real browsers with the e2e build of the extension loaded, behind one small handle so a spec
// reads the same in Chromium and Firefox. One browser per spec file: see `useBrowser`.
import { launchChromium } from './chromium.ts';
import type { BrowserName, LaunchOptions } from './extension-browser.ts';
import { launchFirefox } from './firefox.ts';

export { launchChromium } from './chromium.ts';
export type {
  BrowserName,
  ExtensionBrowser,
  ExtensionGlobal,
  LaunchOptions,
} from './extension-browser.ts';
export { FIREFOX_EXTENSION_ID, FIREFOX_EXTENSION_UUID, launchFirefox } from './firefox.ts';

export function launchBrowser(name: BrowserName, options?: LaunchOptions) {
  return name === 'chromium' ? launchChromium(options) : launchFirefox(options);
}
