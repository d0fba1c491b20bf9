/**
 * The stored settings checked without any browser API: what `readSettings` (read-settings.ts)
 * and the popup's boot script (lib/popup/boot.ts) both decide "configured or not" with. The host
 * permission is the one check left to the caller (it needs `permissions.contains`).
 */
import { originPatternFor, type NormalizedBaseUrl } from '../base-url-core';

export type SettingsCheck =
  | {
      ok: true;
      baseUrl: string;
      origin: string;
      key: string;
      /** The host permission's match pattern for `origin`. */
      pattern: string;
    }
  | { ok: false; setup: 'no-base-url' | 'invalid-base-url' | 'no-key'; message: string };

/**
 * `storedUrl` and `storedKey` as read from storage (undefined when never set); `normalize` is
 * lib/base-url.ts's `normalizeBaseUrl`, or `normalizeBaseUrlWith(…, quiet)` where no sentence
 * is shown.
 */
export function checkSettings(
  storedUrl: string | undefined | null,
  storedKey: string | undefined | null,
  normalize: (input: string) => NormalizedBaseUrl,
): SettingsCheck {
  const key = (storedKey ?? '').trim();
  if (!storedUrl || !storedUrl.trim()) {
    return { ok: false, setup: 'no-base-url', message: 'No base URL is set' };
  }
  const normalized = normalize(storedUrl);
  if (!normalized.ok) return { ok: false, setup: 'invalid-base-url', message: normalized.error };
  if (key === '') return { ok: false, setup: 'no-key', message: 'No API key is set' };
  const pattern = originPatternFor(normalized.baseUrl);
  if (pattern === null)
    return { ok: false, setup: 'invalid-base-url', message: 'Invalid base URL' };
  return { ok: true, baseUrl: normalized.baseUrl, origin: normalized.origin, key, pattern };
}
