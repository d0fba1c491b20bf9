/**
 * The stored settings, checked (see api-from-settings.ts). No HTTP client here: the popup reads
 * this to know at once whether it can offer an audit, without loading ky and the schemas.
 */
import { normalizeBaseUrl } from '../base-url';
import { hasHostPermission } from '../permissions';
import { apiKey, baseUrl as baseUrlItem } from '../storage';
import { ApiError } from './errors';

export interface Settings {
  baseUrl: string;
  origin: string;
  key: string;
}

/** The stored settings, checked; throws ApiError 'not-configured' or 'no-permission'. */
export async function readSettings(): Promise<Settings> {
  const [storedUrl, storedKey] = await Promise.all([baseUrlItem.getValue(), apiKey.getValue()]);
  const key = (storedKey ?? '').trim();
  if (!storedUrl || !storedUrl.trim()) {
    throw new ApiError('not-configured', { message: 'No base URL is set', setup: 'no-base-url' });
  }
  const normalized = normalizeBaseUrl(storedUrl);
  if (!normalized.ok)
    throw new ApiError('not-configured', { message: normalized.error, setup: 'invalid-base-url' });
  if (key === '')
    throw new ApiError('not-configured', { message: 'No API key is set', setup: 'no-key' });
  if (!(await hasHostPermission(normalized.baseUrl))) {
    throw new ApiError('no-permission', { origin: normalized.origin });
  }
  return { baseUrl: normalized.baseUrl, origin: normalized.origin, key };
}
