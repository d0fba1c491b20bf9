/** How createApi() is configured: where, with which key, and how long and how often it waits. */
import type { OriginLockedClientOptions } from './origin-locked-client';
import type { RetryPolicy } from './retry-policy';

export interface CreateApiOptions extends OriginLockedClientOptions {
  /** As typed or stored; normalised here (an invalid one makes every call 'not-configured'). */
  baseUrl: string;
  /** Milliseconds; overridable for tests. */
  timeouts?: Partial<Timeouts>;
  retry?: Partial<RetryPolicy>;
}

export interface Timeouts {
  /** Reads, deletes and updates without `update=1`. */
  read: number;
  /** Creating a report and `update=1`: the service audits the page before answering. */
  audit: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = { read: 15_000, audit: 60_000 };
