/**
 * Which pages the popup can audit, and how a tab's URL is compared with the URL a report was
 * made for. Pure functions: no browser API, no network.
 */

/** Why a tab cannot be audited; each has its own sentence in the popup. */
export type NotAuditableReason =
  'empty' | 'browser' | 'extension' | 'file' | 'data' | 'view-source' | 'other';

export type PageCheck =
  { auditable: true; url: string } | { auditable: false; reason: NotAuditableReason };

const browserSchemes = new Set([
  'about:',
  'chrome:',
  'edge:',
  'brave:',
  'opera:',
  'vivaldi:',
  'devtools:',
  'chrome-search:',
  'chrome-untrusted:',
  'resource:',
  'jar:',
]);
const extensionSchemes = new Set(['chrome-extension:', 'moz-extension:', 'extension:']);
const dataSchemes = new Set(['data:', 'blob:', 'javascript:']);

/**
 * What the service should audit for a tab's URL: only http(s) pages qualify. The fragment is
 * dropped (it never reaches the server, so `page#a` and `page#b` are the same page); everything
 * else is kept as the browser shows it.
 */
export function checkPage(raw: string | undefined | null): PageCheck {
  const text = raw?.trim() ?? '';
  if (text === '') return { auditable: false, reason: 'empty' };
  const url = URL.parse(text);
  if (!url) return { auditable: false, reason: 'other' };
  const scheme = url.protocol;
  if (scheme === 'http:' || scheme === 'https:') {
    if (!url.hostname) return { auditable: false, reason: 'other' };
    url.hash = '';
    return { auditable: true, url: url.href };
  }
  if (scheme === 'view-source:') return { auditable: false, reason: 'view-source' };
  if (scheme === 'file:') return { auditable: false, reason: 'file' };
  if (extensionSchemes.has(scheme)) return { auditable: false, reason: 'extension' };
  if (dataSchemes.has(scheme)) return { auditable: false, reason: 'data' };
  if (browserSchemes.has(scheme)) {
    // New-tab pages get the "empty tab" sentence: nothing is loaded there to audit.
    if (
      /^(about:(blank|newtab|home|privatebrowsing)|chrome:\/\/(newtab|new-tab-page)|edge:\/\/newtab)/.test(
        url.href,
      )
    ) {
      return { auditable: false, reason: 'empty' };
    }
    return { auditable: false, reason: 'browser' };
  }
  return { auditable: false, reason: 'other' };
}

/**
 * The form two URLs are compared in. The service stores the URL as audited, and another client
 * may have sent it in a slightly different spelling; these differences do not change the page:
 * the fragment, the case of scheme and host, a default port, a missing `/` path, and a trailing
 * `/` on the path. The query is kept as is (it can change the page).
 */
export function comparableUrl(raw: string): string | null {
  const url = URL.parse(raw.trim());
  if (!url) return null;
  url.hash = '';
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  return `${url.protocol}//${url.host}${path}${url.search}`;
}

export function sameUrl(a: string, b: string): boolean {
  const left = comparableUrl(a);
  return left !== null && left === comparableUrl(b);
}

/**
 * The `search` text for the existing-report lookup: the URL without its trailing `/`, so a
 * report stored as `https://example.com` is found for `https://example.com/` and the other way
 * round. The service matches it as a substring; `sameUrl` then keeps only the exact page.
 */
export function lookupSearch(url: string): string {
  return url.replace(/\/+$/, '');
}
