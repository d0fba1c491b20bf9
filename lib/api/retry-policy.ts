/**
 * Retries per CONTRACT.md: reads only, on network failure and the statuses below, with
 * exponential backoff and a bounded count. `Retry-After` is honoured up to a few seconds; a
 * longer wait is not sat out, so the caller can show 'rate-limited' with its seconds instead of
 * leaving a spinner up.
 */
import { isHTTPError, type RetryOptions } from 'ky';

export interface RetryPolicy {
  /** Retries after the first attempt, for reads only. */
  limit: number;
  /** First backoff; doubles each retry, capped at `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
  /** A `Retry-After` longer than this is not waited for: the caller gets 'rate-limited'. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY: RetryPolicy = {
  limit: 2,
  backoffMs: 300,
  maxBackoffMs: 3_000,
  maxRetryAfterSeconds: 5,
};

/** CONTRACT.md: reads may retry on these (plus network failures). */
const RETRY_STATUSES = [408, 429, 502, 503, 504];
const RETRY_AFTER_STATUSES = [429, 503];

/** ky's retry options for a read under this policy. */
export function readRetryOptions(retry: RetryPolicy): RetryOptions {
  return {
    limit: retry.limit,
    methods: ['get'],
    statusCodes: RETRY_STATUSES,
    afterStatusCodes: RETRY_AFTER_STATUSES,
    delay: (attempt) => retry.backoffMs * 2 ** (attempt - 1),
    backoffLimit: retry.maxBackoffMs,
    shouldRetry: ({ error }) => {
      if (isHTTPError(error) && RETRY_AFTER_STATUSES.includes(error.response.status)) {
        const wait = retryAfterSeconds(error.response.headers);
        // Don't sit for ages: hand a long wait to the person instead.
        if (wait !== undefined && wait > retry.maxRetryAfterSeconds) return false;
      }
      return undefined;
    },
  };
}

/** Seconds from `Retry-After` (delta-seconds or an HTTP date); undefined when absent/unreadable. */
export function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
