/**
 * The background's half of auditing: it receives the popup's message (lib/messages.ts), makes
 * the one HTTP request, keeps the outcome per URL in `storage.session` and shows it on the tab's
 * toolbar button. The popup may close at any moment; nothing here depends on it staying open.
 */
import { browser } from 'wxt/browser';
import { createApiFromSettings } from '@/lib/api/api-from-settings';
import type { Api } from '@/lib/api/create-api';
import { serializeApiError } from '@/lib/api/serialize-error';
import type {
  AuditMessage,
  AuditState,
  ExtensionMessage,
  LookupMessage,
  LookupReply,
  Replies,
  RerunMessage,
} from '@/lib/messages';
import { isExtensionMessage } from '@/lib/messages';
import { createAuditStateStore } from './audit-state-store';
import { clearBadge, showReportBadge, showRunningBadge } from './badge';
import { findReport } from './find-report';
import { createKeepalive } from './keepalive';

export { MAX_STATES } from './audit-state-store';

export interface AuditRunnerOptions {
  /** The API to use; the extension's settings by default. */
  api?: Pick<Api, 'createReport' | 'updateReport' | 'listReports' | 'reportPageUrl'>;
  now?: () => number;
}

export interface AuditRunner {
  /**
   * Answers one message. An audit or re-run for a URL already running joins the first: one
   * request, one report.
   */
  handle<M extends ExtensionMessage>(message: M): Promise<Replies[M['type']]>;
  /** Drops 'running' states a previous background left behind (its requests died with it). */
  recover(): Promise<void>;
}

export function createAuditRunner(options: AuditRunnerOptions = {}): AuditRunner {
  const api = options.api ?? createApiFromSettings();
  const now = options.now ?? Date.now;
  const inflight = new Map<string, Promise<AuditState>>();
  const store = createAuditStateStore();
  const keepalive = createKeepalive();

  const ready = { promise: Promise.resolve() };

  async function run(message: AuditMessage | RerunMessage): Promise<AuditState> {
    await ready.promise;
    const action = message.type;
    const reportId = message.type === 'rerun' ? message.reportId : undefined;
    const tabId = message.tabId;
    await store.set(message.url, { status: 'running', action, since: now(), reportId });
    if (tabId !== undefined) await quietly(showRunningBadge(tabId));

    let state: AuditState;
    try {
      const report =
        message.type === 'audit'
          ? await api.createReport({
              url: message.url,
              privacy: message.privacy,
              password: message.privacy === 2 ? message.password : undefined,
            })
          : await api.updateReport(message.reportId, { update: 1 });
      state = { status: 'done', action, at: now(), report, link: api.reportPageUrl(report.id) };
      if (tabId !== undefined) await quietly(showReportBadge(tabId, report));
    } catch (error) {
      state = {
        status: 'failed',
        action,
        at: now(),
        error: serializeApiError(error),
        reportId,
        privacy: message.type === 'audit' ? message.privacy : undefined,
      };
      if (tabId !== undefined) await quietly(clearBadge(tabId));
    }
    await store.set(message.url, state);
    return state;
  }

  function audit(message: AuditMessage | RerunMessage): Promise<AuditState> {
    // Checked and set before any await: two clicks in a row make one request.
    const running = inflight.get(message.url);
    if (running) return running;
    // Forgotten as it settles, before anyone awaiting it resumes: a message sent after the
    // answer is a new audit.
    const promise = run(message).finally(() => {
      inflight.delete(message.url);
      if (inflight.size === 0) keepalive.release();
    });
    inflight.set(message.url, promise);
    keepalive.hold();
    return promise;
  }

  async function lookup(message: LookupMessage): Promise<LookupReply> {
    try {
      const report = await findReport(api, message.url);
      // The badge shows an existing report's score too, unless an audit of the page is running.
      if (report && message.tabId !== undefined && !inflight.has(message.url)) {
        await quietly(showReportBadge(message.tabId, report));
      }
      return { ok: true, report, link: report ? api.reportPageUrl(report.id) : null };
    } catch (error) {
      return { ok: false, error: serializeApiError(error) };
    }
  }

  return {
    handle<M extends ExtensionMessage>(message: M): Promise<Replies[M['type']]> {
      const reply = message.type === 'lookup' ? lookup(message) : audit(message);
      return reply as Promise<Replies[M['type']]>;
    },

    recover() {
      ready.promise = store
        .update((states) => {
          for (const [url, state] of Object.entries(states)) {
            if (state.status === 'running' && !inflight.has(url)) delete states[url];
          }
        })
        .catch(() => undefined);
      return ready.promise;
    },
  };
}

/** Badge calls must never turn a finished audit into a failure (the tab may be gone). */
async function quietly(promise: Promise<unknown>): Promise<void> {
  try {
    await promise;
  } catch {
    // The tab was closed, or the browser lacks the call: the state in storage still stands.
  }
}

/**
 * Wires the runner to `runtime.onMessage`. Answers with `sendResponse` + `return true`, which
 * every browser (and the polyfill, and WXT's fakeBrowser) understands; other messages are left
 * to other listeners.
 */
export function listenForAudits(runner: AuditRunner = createAuditRunner()): AuditRunner {
  void runner.recover();
  browser.runtime.onMessage.addListener(
    (message: unknown, sender: unknown, sendResponse: (response: unknown) => void) => {
      if (!isExtensionMessage(message) || !fromThisExtension(sender)) return undefined;
      void runner.handle(message).then(sendResponse);
      return true;
    },
  );
  return runner;
}

function fromThisExtension(sender: unknown): boolean {
  const id = (sender as { id?: string } | undefined)?.id;
  // fakeBrowser sends no sender id; the browsers always do, and only ours may ask.
  return id === undefined || id === browser.runtime.id;
}
