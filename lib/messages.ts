/**
 * The one message protocol between the popup and the background. The popup asks, the background
 * makes the single HTTP request and answers; for audits it also keeps the outcome in
 * `storage.session` (see `auditStates` in lib/storage.ts). The popup itself has no HTTP client
 * at all, which keeps its bundle small (issue 4's budget).
 */
import { browser } from 'wxt/browser';
import type { Privacy, Report } from './api/schemas';
import type { SerializedApiError } from './api/serialize-error';

/** Audit `url` as a new report (one `POST /reports`). */
export interface AuditMessage {
  type: 'audit';
  url: string;
  privacy: Privacy;
  /** Only sent with privacy 2; never stored. */
  password?: string;
  /** The tab whose toolbar badge shows the outcome. */
  tabId?: number;
}

/** Re-run the audit of an existing report (one `PATCH /reports/{id}` with `update=1`). */
export interface RerunMessage {
  type: 'rerun';
  reportId: number;
  /** The page the report is for: the audit state is kept per URL. */
  url: string;
  tabId?: number;
}

/** Find the newest existing report of exactly `url` (one `GET /reports?search=…`). */
export interface LookupMessage {
  type: 'lookup';
  url: string;
  /** The tab whose toolbar badge shows the score of a report found. */
  tabId?: number;
}

export type ExtensionMessage = AuditMessage | RerunMessage | LookupMessage;

export type LookupReply =
  | { ok: true; report: Report | null; link: string | null }
  | { ok: false; error: SerializedApiError };

/** What the background answers to each message. */
export interface Replies {
  audit: AuditState;
  rerun: AuditState;
  lookup: LookupReply;
}

/**
 * Where the audit of one URL stands. Kept per URL in `storage.session`, so a popup opened later
 * (or a second one) sees a running audit, its report or its error.
 */
export type AuditState =
  | { status: 'running'; action: 'audit' | 'rerun'; since: number; reportId?: number }
  | {
      status: 'done';
      action: 'audit' | 'rerun';
      at: number;
      report: Report;
      /** The report's public page (CONTRACT.md). */
      link: string;
    }
  | {
      status: 'failed';
      action: 'audit' | 'rerun';
      at: number;
      error: SerializedApiError;
      reportId?: number;
      privacy?: Privacy;
    };

/**
 * A 'running' state older than this is left over from a background that was stopped mid-audit
 * (the browser may end an idle service worker): it no longer blocks a new audit. The create
 * request itself times out after 60 s.
 */
export const RUNNING_STALE_MS = 90_000;

export function isRunning(state: AuditState | undefined, now = Date.now()): boolean {
  return state?.status === 'running' && now - state.since < RUNNING_STALE_MS;
}

export function isExtensionMessage(value: unknown): value is ExtensionMessage {
  if (value === null || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  if (typeof m.url !== 'string') return false;
  if (m.type === 'audit') return m.privacy === 0 || m.privacy === 1 || m.privacy === 2;
  if (m.type === 'rerun') return typeof m.reportId === 'number';
  return m.type === 'lookup';
}

/** Sends a message to the background; resolves with its answer (an audit's once it settles). */
export function sendToBackground<M extends ExtensionMessage>(
  message: M,
): Promise<Replies[M['type']]> {
  return browser.runtime.sendMessage(message) as Promise<Replies[M['type']]>;
}
