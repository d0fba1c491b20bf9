/**
 * Where a request goes and what it carries: percent-encoded path segments under /api/v1, and
 * query strings and form bodies that leave out parameters without a value (CONTRACT.md).
 */
import { normalizeBaseUrl } from '../base-url';
import type { ReportId } from './api-types';
import { ApiError } from './errors';

const API_PREFIX = '/api/v1';

/** The API address of an endpoint under a normalised base URL. */
export function apiUrl(baseUrl: string, segments: (string | number)[]): string {
  return baseUrl + API_PREFIX + segments.map(encodeSegment).join('');
}

/** `{base_url}/reports/{id}`, the report's public page (CONTRACT.md). */
export function reportPageUrl(baseUrl: string, id: ReportId): string {
  const normalized = normalizeBaseUrl(baseUrl);
  const base = normalized.ok ? normalized.baseUrl : baseUrl.replace(/\/+$/, '');
  return reportPageUnder(base, id);
}

/** The public page of a report under a base URL that is already normalised. */
export function reportPageUnder(baseUrl: string, id: ReportId): string {
  return `${baseUrl}/reports/${encodeURIComponent(String(id))}`;
}

/**
 * One path segment, percent-encoded so that `/`, `?`, `#`, `\` or `//host` inside an id or a
 * project name can never change the path, let alone the origin. `.` and `..` are dot-segments
 * even when percent-encoded (URL parsing resolves `%2e`), so they are refused: no record can be
 * called that.
 */
function encodeSegment(segment: string | number): string {
  const text = String(segment);
  if (text === '' || /^(?:\.|%2e){1,2}$/i.test(text)) {
    throw new ApiError('not-found', {
      scope: 'record',
      message: `No record can be called “${text}”`,
    });
  }
  return `/${encodeURIComponent(text)}`;
}

/** Query string of a list call: only parameters that have a value (CONTRACT.md). */
export function queryOf(params: object): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    query.set(name, String(value));
  }
  return query;
}

/** Form body of a write: omitted optionals are not sent, not even empty. */
export function formOf(fields: Record<string, string | number | undefined>): URLSearchParams {
  return queryOf(fields);
}
