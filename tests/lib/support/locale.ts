/**
 * Answer `browser.i18n.getMessage` from another locales/*.yml for the rest of one test (tests/setup.ts
 * puts English back before the next), the way the browser does for a person whose UI language it is.
 */
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { fakeBrowser } from 'wxt/testing/fake-browser';

export async function switchLocale(locale: string): Promise<void> {
  const messages = generateChromeMessages(await parseMessagesFile(`locales/${locale}.yml`));
  Object.assign(fakeBrowser.i18n, {
    getMessage(name: string, substitutions?: string | string[]) {
      const subs = substitutions == null ? [] : ([] as string[]).concat(substitutions);
      const message = messages[name]?.message ?? '';
      return message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
    },
    getUILanguage: () => locale,
  });
}
