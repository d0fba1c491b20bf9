/**
 * Audits through the background, one request per click: audit the page, re-run a report's
 * audit, try again after a failure, look again. The popup shows the run at once and then
 * whatever the background answers.
 */
import { useCallback, useRef } from 'react';
import type { Privacy, Report } from '@/lib/api/schemas';
import { serializeApiError } from '@/lib/api/serialize-error';
import { sendToBackground, type AuditMessage, type RerunMessage } from '@/lib/messages';
import { popupPrivacy } from '@/lib/storage';
import type { AuditProgress } from './use-audit-progress';
import type { PageState } from './use-page-state';

export interface AuditActionsOptions {
  page: PageState;
  progress: AuditProgress;
  password: string;
  runLookup: () => void;
  now: () => number;
}

export function useAuditActions({ page, progress, password, runLookup, now }: AuditActionsOptions) {
  const { context, url, ready, state, setState, setClock, setWitnessed } = page;
  const { privacy, setPrivacyValue } = page;
  const { busy, failure, dismissFailure } = progress;
  const sending = useRef(false);
  const lastMessage = useRef<AuditMessage | RerunMessage | null>(null);

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
    [now, setClock, setWitnessed, setState],
  );

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

  const setPrivacy = useCallback(
    (value: Privacy) => {
      setPrivacyValue(value);
      void popupPrivacy.setValue(value);
    },
    [setPrivacyValue],
  );

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
    dismissFailure();
    runLookup();
  }, [dismissFailure, runLookup]);

  return { audit, rerun, setPrivacy, retry, refresh };
}
