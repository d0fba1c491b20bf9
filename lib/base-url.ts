/**
 * The base URL a person types, normalised per CONTRACT.md: scheme required (http or https),
 * trailing slashes and a trailing `/api/v1` removed (the extension adds it), query and fragment
 * refused. Whatever we change is said out loud (`notes`), whatever is risky is warned about
 * (`warnings`), and whatever we refuse comes with a sentence saying how to fix it — the usual
 * "Connection error" after a pasted `/api/v1` or a missing `https://` starts here.
 *
 * Strings are kept together in `messages` so they can go through i18n later.
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

export const baseUrlMessages = {
  empty: 'Enter the address of the Audit Reports service, for example https://audit.example.com.',
  missingScheme: (suggestion: string) =>
    `Add the scheme in front of the address: ${suggestion}? The extension does not guess it.`,
  badScheme: (scheme: string) =>
    `“${scheme}” addresses are not supported. Use an address that starts with https:// (or http:// for a service on this computer).`,
  malformedScheme: (suggestion: string) =>
    `Write the address with two slashes after the scheme: ${suggestion}`,
  invalid: 'This is not a valid web address. Check it for typos.',
  noHost: 'The address has no host name. Write it like https://audit.example.com.',
  credentials:
    'Remove the user name and password from the address; the API key goes in its own field.',
  query: 'Remove the “?…” part: the base URL cannot have a query string.',
  fragment: 'Remove the “#…” part: the base URL cannot have a fragment.',
  removedApiPath: (removed: string) =>
    `Removed ${removed} from the end — the extension adds the API path itself.`,
  removedSlash: 'Removed the trailing “/”.',
  plainHttp: (host: string) =>
    `This address uses plain http: the API key would travel unencrypted to ${host}. Use https:// unless you trust every network in between.`,
};

const API_SUFFIX = /\/api\/v1(?:\/(?:reports|projects))?$/i;

export function normalizeBaseUrl(input: string): NormalizedBaseUrl {
  const text = (input ?? '').trim();
  if (text === '') return { ok: false, error: baseUrlMessages.empty };

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
  if (text.includes('?')) return { ok: false, error: baseUrlMessages.query };
  if (text.includes('#')) return { ok: false, error: baseUrlMessages.fragment };

  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: baseUrlMessages.invalid };
  }
  if (url.hostname === '') return { ok: false, error: baseUrlMessages.noHost };
  if (url.username !== '' || url.password !== '') {
    return { ok: false, error: baseUrlMessages.credentials };
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
      notes.push(baseUrlMessages.removedSlash);
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
