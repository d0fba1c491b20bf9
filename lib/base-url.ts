/**
 * The base URL a person types, normalised per CONTRACT.md: scheme required (http or https),
 * trailing slashes and a trailing `/api/v1` removed (the extension adds it), query and fragment
 * refused. Whatever we change is said out loud (`notes`), whatever is risky is warned about
 * (`warnings`), and whatever we refuse comes with a sentence saying how to fix it — the usual
 * "Connection error" after a pasted `/api/v1` or a missing `https://` starts here.
 *
 * Every sentence comes from `baseUrlMessages`, in the browser's UI language.
 */
import { i18n } from '#i18n';
import {
  normalizeBaseUrlWith,
  type BaseUrlMessages,
  type NormalizedBaseUrl,
} from './base-url-core';

export { isLoopbackHost, originPatternFor, type NormalizedBaseUrl } from './base-url-core';

/** Every sentence, in the browser's language (locales/*.yml, group `baseUrl`). */
export const baseUrlMessages: BaseUrlMessages = {
  empty: () => i18n.t('baseUrl.empty'),
  missingScheme: (suggestion: string) => i18n.t('baseUrl.missingScheme', [suggestion]),
  badScheme: (scheme: string) => i18n.t('baseUrl.badScheme', [scheme]),
  malformedScheme: (suggestion: string) => i18n.t('baseUrl.malformedScheme', [suggestion]),
  invalid: () => i18n.t('baseUrl.invalid'),
  noHost: () => i18n.t('baseUrl.noHost'),
  credentials: () => i18n.t('baseUrl.credentials'),
  query: () => i18n.t('baseUrl.query'),
  fragment: () => i18n.t('baseUrl.fragment'),
  removedApiPath: (removed: string) => i18n.t('baseUrl.removedApiPath', [removed]),
  removedSlash: () => i18n.t('baseUrl.removedSlash'),
  plainHttp: (host: string) => i18n.t('baseUrl.plainHttp', [host]),
};

export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  return normalizeBaseUrlWith(input, baseUrlMessages);
}
