/**
 * The optional host permission for the one origin the person configures (the manifest lists
 * `http://*\/*` and `https://*\/*` as optional; nothing is granted at install).
 */
import { browser } from 'wxt/browser';
import { normalizeBaseUrl } from './base-url';

/**
 * The match pattern for a base URL's host, e.g. 'https://api.example.com/*'. Match patterns
 * cannot name a port (Chrome ignores it, Firefox refuses it), so the pattern is per scheme and
 * host: granting http://127.0.0.1:8787 grants every port of 127.0.0.1 over http.
 * Returns null for an address that cannot be normalised.
 */
export function originPatternFor(baseUrl: string): string | null {
  const normalized = normalizeBaseUrl(baseUrl);
  if (!normalized.ok) return null;
  const url = new URL(normalized.origin);
  return `${url.protocol}//${url.hostname}/*`;
}

/** Whether the extension may already contact this base URL. */
export async function hasHostPermission(baseUrl: string): Promise<boolean> {
  const pattern = originPatternFor(baseUrl);
  if (pattern === null) return false;
  try {
    return await browser.permissions.contains({ origins: [pattern] });
  } catch {
    return false;
  }
}

/**
 * Asks the person to let the extension contact this base URL; resolves to whether it was
 * granted.
 *
 * MUST be the FIRST call in a click (or key) handler, before any `await`: browsers only show the
 * prompt while the user gesture is still active, and any await in between ends it (Firefox then
 * rejects with "permissions.request may only be called from a user input handler"). So read the
 * base URL from the form field synchronously and call this straight away; save and test after:
 *
 *   async function onSave() {
 *     const granted = requestHostPermission(form.baseUrl); // no await before this line
 *     await baseUrlItem.setValue(...);
 *     if (!(await granted)) ...
 *   }
 *
 * This function itself does nothing asynchronous before calling `permissions.request`.
 */
export function requestHostPermission(baseUrl: string): Promise<boolean> {
  const pattern = originPatternFor(baseUrl);
  if (pattern === null) return Promise.resolve(false);
  try {
    return browser.permissions.request({ origins: [pattern] }).catch(() => false);
  } catch {
    return Promise.resolve(false);
  }
}
