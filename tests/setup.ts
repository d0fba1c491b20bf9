import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

// fakeBrowser has no i18n: answer getMessage from the real English messages file, with the same
// `$1` substitution the browsers do, so components render the words a person would read.
const messages = generateChromeMessages(await parseMessagesFile('locales/en.yml'));

function getMessage(name: string, substitutions?: string | string[]): string {
  const subs = substitutions == null ? [] : ([] as string[]).concat(substitutions);
  const message = messages[name]?.message ?? '';
  return message.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

function installI18n() {
  Object.assign(fakeBrowser.i18n ?? ((fakeBrowser as { i18n?: object }).i18n = {}), {
    getMessage,
    getUILanguage: () => 'en',
  });
}

installI18n();
beforeEach(installI18n);

// Every test starts with empty storage and no granted permissions.
afterEach(() => {
  fakeBrowser.reset();
});
