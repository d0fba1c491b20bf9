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

export type NormalizedBaseUrl =
  | {
      ok: true;
      /** scheme://host[:port][/path], no trailing slash, no /api/v1. */
      baseUrl: string;
      /** scheme://host[:port], what the host permission and the Authorization rule are about. */
      origin: string;
      /** Visible notes about what was changed. */
      notes: string[];
      /** Visible warnings (plain http to a host that is not this machine). */
      warnings: string[];
    }
  | {
      ok: false;
      error: string;
      /** A corrected address to offer, e.g. with `https://` added. */
      suggestion?: string;
    };

/** Every sentence, in the browser's language (locales/*.yml, group `baseUrl`). */
export const baseUrlMessages = {
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

const API_SUFFIX = /\/api\/v1(?:\/(?:reports|projects))?$/i;

export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const text = (input ?? '').trim();
  if (text === '') return { ok: false, error: baseUrlMessages.empty() };

  const schemeMatch = /^([a-z][a-z\d+.-]*):/i.exec(text);
  // "localhost:8787" and "example.com:443/x" parse as a scheme followed by a path: they are a
  // host and port without a scheme.
  const looksLikeHostPort = /^[^/:?#\s]+:\d+(?:[/?#]|$)/.test(text);
  if (!schemeMatch || looksLikeHostPort) {
    const suggestion = `${isLoopbackHost(hostOf(text)) ? 'http' : 'https'}://${text.replace(/^\/+/, '')}`;
    return { ok: false, error: baseUrlMessages.missingScheme(suggestion), suggestion };
  }
  const scheme = (schemeMatch[1] ?? '').toLowerCase();
  if (scheme !== 'http' && scheme !== 'https') {
    return { ok: false, error: baseUrlMessages.badScheme(`${scheme}:`) };
  }
  if (!/^https?:\/\//i.test(text)) {
    // "https:example.com" or "https:/example.com": the URL parser would quietly fix it; say so.
    const suggestion = `${scheme}://${text.slice(scheme.length + 1).replace(/^\/+/, '')}`;
    return { ok: false, error: baseUrlMessages.malformedScheme(suggestion), suggestion };
  }
  if (text.includes('?')) return { ok: false, error: baseUrlMessages.query() };
  if (text.includes('#')) return { ok: false, error: baseUrlMessages.fragment() };

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: baseUrlMessages.invalid() };
  }
  if (url.hostname === '') return { ok: false, error: baseUrlMessages.noHost() };
  if (url.username !== '' || url.password !== '') {
    return { ok: false, error: baseUrlMessages.credentials() };
  }

  const notes: string[] = [];
  let path = url.pathname;
  const withoutSlash = path.replace(/\/+$/, '');
  const apiMatch = API_SUFFIX.exec(withoutSlash);
  if (apiMatch) {
    notes.push(baseUrlMessages.removedApiPath(apiMatch[0]));
    path = withoutSlash.slice(0, apiMatch.index).replace(/\/+$/, '');
  } else {
    // Only when the person typed the slash: the URL parser writes "no path" as "/" itself.
    if (text.endsWith('/')) {
      notes.push(baseUrlMessages.removedSlash());
    }
    path = withoutSlash;
  }

  const origin = url.origin;
  const warnings: string[] = [];
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    warnings.push(baseUrlMessages.plainHttp(url.host));
  }
  return { ok: true, baseUrl: origin + path, origin, notes, warnings };
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: plain http never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)
  );
}

function hostOf(text: string): string {
  return text.replace(/^\/+/, '').split(/[/?#]/)[0]?.replace(/:\d+$/, '') ?? '';
}
