/**
 * The base URL's normalisation (base-url.ts) without its sentences, so code that must stay
 * small (the popup's boot script) can use it without the i18n library: the sentences are a
 * parameter. Everything else imports lib/base-url.ts, which passes the browser's sentences.
 */

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

/** The sentences `normalizeBaseUrlWith` says what it changed or refused with. */
export interface BaseUrlMessages {
  empty(): string;
  missingScheme(suggestion: string): string;
  badScheme(scheme: string): string;
  malformedScheme(suggestion: string): string;
  invalid(): string;
  noHost(): string;
  credentials(): string;
  query(): string;
  fragment(): string;
  removedApiPath(removed: string): string;
  removedSlash(): string;
  plainHttp(host: string): string;
}

/** No sentences at all: for callers that only need the address. */
export const quiet: BaseUrlMessages = {
  empty: () => '',
  missingScheme: () => '',
  badScheme: () => '',
  malformedScheme: () => '',
  invalid: () => '',
  noHost: () => '',
  credentials: () => '',
  query: () => '',
  fragment: () => '',
  removedApiPath: () => '',
  removedSlash: () => '',
  plainHttp: () => '',
};

const API_SUFFIX = /\/api\/v1(?:\/(?:reports|projects))?$/i;

/** `normalizeBaseUrl` with its sentences from `messages`. */
export function normalizeBaseUrlWith(
  input: string,
  baseUrlMessages: BaseUrlMessages,
): NormalizedBaseUrl {
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

/**
 * The match pattern for a base URL's host, e.g. 'https://api.example.com/*'. Match patterns
 * cannot name a port (Chrome ignores it, Firefox refuses it), so the pattern is per scheme and
 * host: granting http://127.0.0.1:8787 grants every port of 127.0.0.1 over http.
 * Returns null for an address that cannot be normalised.
 */
export function originPatternFor(baseUrl: string): string | null {
  const normalized = normalizeBaseUrlWith(baseUrl, quiet);
  if (!normalized.ok) return null;
  const url = new URL(normalized.origin);
  return `${url.protocol}//${url.hostname}/*`;
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
