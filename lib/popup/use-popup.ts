/**
 * The popup's state and actions. The popup has no HTTP client: it asks the background
 * (lib/messages.ts) for the existing-report lookup (at most one request on open) and for audits
 * (one request per click), and watches the background's state for this page in
 * `storage.session`, so a popup closed mid-audit loses nothing and one opened mid-audit shows
 * the progress.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browser } from 'wxt/browser';
import type { ApiError } from '@/lib/api/errors';
import type { Privacy, Report } from '@/lib/api/schemas';
import { deserializeApiError, serializeApiError } from '@/lib/api/serialize-error';
import {
  isRunning,
  sendToBackground,
  type AuditMessage,
  type AuditState,
  type RerunMessage,
} from '@/lib/messages';
import { requestHostPermission } from '@/lib/permissions';
import { auditStates, popupPrivacy, sidepanelTarget } from '@/lib/storage';
import { loadPopupContext, type PopupContext } from './context';

export type Lookup =
  | { status: 'idle' }
  | { status: 'done'; startedAt: number; report: Report | null; link: string | null }
  | { status: 'failed'; startedAt: number; error: ApiError };

export interface PopupOptions {
  /**
   * The context, when the entrypoint loaded it before the first render (it starts loading
   * before React is even mounted, so the popup renders once, complete). Loaded here otherwise.
   */
  initial?: PopupContext;
  now?: () => number;
}

export interface ShownReport {
  report: Report;
  /** The report's public page. */
  link: string;
  /** True when it is the outcome of an audit this popup saw running ("Result"). */
  fresh: boolean;
}

export function usePopup({ initial, now = Date.now }: PopupOptions = {}) {
  const [context, setContext] = useState<PopupContext | null>(initial ?? null);
  const [state, setState] = useState<AuditState | undefined>(initial?.state);
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [privacy, setPrivacyValue] = useState<Privacy>(initial?.privacy ?? 0);
  const [password, setPassword] = useState('');
  /** `at` of a failure the person has dealt with (refresh, retry): no longer shown. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [clock, setClock] = useState(now);
  const [reloads, setReloads] = useState(0);
  /** This popup saw an audit of the page run: its outcome is "the result", not an old report. */
  const [witnessed, setWitnessed] = useState(initial?.state?.status === 'running');
  const sending = useRef(false);
  const lastMessage = useRef<AuditMessage | RerunMessage | null>(null);
  const lookupSeq = useRef(0);

  const url = context?.page.auditable ? context.page.url : null;
  const ready = context !== null && context.setupError === null && url !== null;

  // Everything local first: the URL and the button show before any request.
  const preloaded = useRef(initial !== undefined);
  useEffect(() => {
    if (preloaded.current) {
      preloaded.current = false;
      return;
    }
    let live = true;
    void loadPopupContext().then((loaded) => {
      if (!live) return;
      setContext(loaded);
      setPrivacyValue(loaded.privacy);
      setState(loaded.state);
      if (loaded.state?.status === 'running') setWitnessed(true);
    });
    return () => {
      live = false;
    };
  }, [reloads]);

  // The background writes progress and outcome here; follow it for this page.
  useEffect(() => {
    if (url === null) return;
    return auditStates.watch((states) => {
      setClock(now());
      setState(states?.[url]);
      if (states?.[url]?.status === 'running') setWitnessed(true);
    });
  }, [url, now]);

  const runLookup = useCallback(() => {
    if (!ready || url === null) return;
    const seq = ++lookupSeq.current;
    const startedAt = now();
    sendToBackground({ type: 'lookup', url, tabId: context?.tab.id }).then(
      (reply) => {
        if (seq !== lookupSeq.current) return;
        setLookup(
          reply.ok
            ? { status: 'done', startedAt, report: reply.report, link: reply.link }
            : { status: 'failed', startedAt, error: deserializeApiError(reply.error) },
        );
      },
      (error: unknown) => {
        if (seq !== lookupSeq.current) return;
        setLookup({
          status: 'failed',
          startedAt,
          error: deserializeApiError(serializeApiError(error)),
        });
      },
    );
  }, [ready, url, context, now]);

  useEffect(() => {
    runLookup();
    const seq = lookupSeq;
    return () => {
      seq.current++;
    };
  }, [runLookup]);

  const running = isRunning(state, clock);
  const failure =
    state?.status === 'failed' && state.at !== dismissedAt
      ? deserializeApiError(state.error)
      : null;

  /** Seconds left before a rate-limited request may be tried again; 0 when it may. */
  const waitSeconds =
    state?.status === 'failed' && state.error.kind === 'rate-limited' && state.error.retryAfter
      ? Math.max(0, Math.ceil((state.at + state.error.retryAfter * 1000 - clock) / 1000))
      : 0;

  // A clock for "in progress (N s)" and "try again in N s", only while one of them shows.
  useEffect(() => {
    if (!(state?.status === 'running' || waitSeconds > 0)) return;
    const timer = setInterval(() => setClock(now()), 1000);
    return () => clearInterval(timer);
  }, [state, waitSeconds > 0, now]); // eslint-disable-line react-hooks/exhaustive-deps

  const elapsed =
    state?.status === 'running' ? Math.max(0, Math.floor((clock - state.since) / 1000)) : 0;

  /** The report to show: the audit just made, or the newest one the lookup found. */
  const shown = useMemo<ShownReport | null>(() => {
    const done = state?.status === 'done' ? state : undefined;
    // A lookup started after the audit finished knows better (the report may be gone since).
    if (done && !(lookup.status === 'done' && lookup.startedAt > done.at)) {
      return { report: done.report, link: done.link, fresh: witnessed };
    }
    if (lookup.status === 'done' && lookup.report && lookup.link) {
      return {
        report: lookup.report,
        link: lookup.link,
        fresh: witnessed && done?.report.id === lookup.report.id,
      };
    }
    return null;
  }, [state, lookup, witnessed]);

  const send = useCallback(
    (message: AuditMessage | RerunMessage) => {
      // Checked and set synchronously: a double click sends one message.
      if (sending.current) return;
      sending.current = true;
      lastMessage.current = message;
      const since = now();
      setClock(since);
      setWitnessed(true);
      setState({
        status: 'running',
        action: message.type,
        since,
        reportId: message.type === 'rerun' ? message.reportId : undefined,
      });
      sendToBackground(message)
        .then(
          (outcome) => {
            setClock(now());
            if (outcome) setState(outcome);
          },
          (error: unknown) =>
            setState({
              status: 'failed',
              action: message.type,
              at: now(),
              error: serializeApiError(error),
            }),
        )
        .finally(() => {
          sending.current = false;
        });
    },
    [now],
  );

  const busy = running || waitSeconds > 0;

  const audit = useCallback(() => {
    if (!ready || url === null || busy) return;
    void popupPrivacy.setValue(privacy);
    send({
      type: 'audit',
      url,
      privacy,
      password: privacy === 2 ? password : undefined,
      tabId: context?.tab.id,
    });
  }, [ready, url, busy, privacy, password, context, send]);

  const rerun = useCallback(
    (report: Report) => {
      if (!ready || url === null || busy) return;
      send({ type: 'rerun', reportId: report.id, url, tabId: context?.tab.id });
    },
    [ready, url, busy, context, send],
  );

  const setPrivacy = useCallback((value: Privacy) => {
    setPrivacyValue(value);
    void popupPrivacy.setValue(value);
  }, []);

  /** "Try again": the failed audit again, or the lookup when that is what failed. */
  const retry = useCallback(() => {
    if (failure && lastMessage.current) {
      const message = lastMessage.current;
      if (message.type === 'audit') {
        send({ ...message, privacy, password: privacy === 2 ? password : undefined });
      } else send(message);
      return;
    }
    if (failure && state?.status === 'failed') {
      // The failure is from before this popup opened: start what it was again.
      if (state.action === 'rerun' && state.reportId !== undefined && url !== null) {
        send({ type: 'rerun', reportId: state.reportId, url, tabId: context?.tab.id });
      } else audit();
      return;
    }
    runLookup();
  }, [failure, state, privacy, password, url, context, send, audit, runLookup]);

  /** "Refresh": the report is gone; look again and put the error away. */
  const refresh = useCallback(() => {
    if (state?.status === 'failed') setDismissedAt(state.at);
    runLookup();
  }, [state, runLookup]);

  const openOptions = useCallback(() => {
    void browser.runtime.openOptionsPage().then(() => window.close());
  }, []);

  /** Must stay the first thing in its click handler: the browser asks only during the click. */
  const grantPermission = useCallback(() => {
    if (!context) return;
    void requestHostPermission(context.baseUrl).then((granted) => {
      if (granted) setReloads((n) => n + 1);
    });
  }, [context]);

  const openReport = useCallback(
    (link: string) => {
      void browser.tabs
        .create({ url: link, windowId: context?.tab.windowId })
        .then(() => window.close());
    },
    [context],
  );

  const openInSidePanel = useCallback(
    (report: Report) => {
      // Not awaited: the panel must be opened inside the click (user gesture), before any await.
      void sidepanelTarget.setValue({ reportId: report.id, at: Date.now() });
      const opened = openSidePanelNow(context?.tab.windowId);
      void opened.then(
        () => window.close(),
        () => undefined,
      );
    },
    [context],
  );

  return {
    context,
    url,
    ready,
    state,
    running,
    elapsed,
    busy,
    waitSeconds,
    failure,
    lookup,
    shown,
    privacy,
    setPrivacy,
    password,
    setPassword,
    audit,
    rerun,
    retry,
    refresh,
    openOptions,
    grantPermission,
    openReport,
    openInSidePanel,
  };
}

interface SidePanelApis {
  sidePanel?: { open(options: { windowId?: number; tabId?: number }): Promise<void> };
  sidebarAction?: { open(): Promise<void> };
}

/** Chrome's side panel or Firefox's sidebar, called synchronously (no await before it). */
export function openSidePanelNow(windowId: number | undefined): Promise<void> {
  const apis = browser as unknown as SidePanelApis;
  try {
    if (apis.sidePanel?.open && windowId !== undefined) return apis.sidePanel.open({ windowId });
    if (apis.sidebarAction?.open) return apis.sidebarAction.open();
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.reject(new Error('No side panel in this browser'));
}
