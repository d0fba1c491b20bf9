/**
 * The stored settings, checked (see api-from-settings.ts). No HTTP client here: the popup reads
 * this to know at once whether it can offer an audit, without loading ky and the schemas.
 */
import { normalizeBaseUrl } from '../base-url';
import { hasHostPermission } from '../permissions';
import { apiKey, baseUrl as baseUrlItem } from '../storage';
import { checkSettings, type SettingsCheck } from './check-settings';
import { ApiError } from './errors';

export interface Settings {
  baseUrl: string;
  origin: string;
  key: string;
}

/** The error `readSettings` rejects with for a check that failed or a permission not granted. */
export function settingsError(check: SettingsCheck, permitted: boolean): ApiError | null {
  if (!check.ok)
    return new ApiError('not-configured', { message: check.message, setup: check.setup });
  if (!permitted) return new ApiError('no-permission', { origin: check.origin });
  return null;
}

/** The stored settings, checked; throws ApiError 'not-configured' or 'no-permission'. */
export async function readSettings(): Promise<Settings> {
  const [storedUrl, storedKey] = await Promise.all([baseUrlItem.getValue(), apiKey.getValue()]);
  const check = checkSettings(storedUrl, storedKey, normalizeBaseUrl);
  const permitted = check.ok && (await hasHostPermission(check.baseUrl));
  const error = settingsError(check, permitted);
  if (error || !check.ok) throw error;
  return { baseUrl: check.baseUrl, origin: check.origin, key: check.key };
}
