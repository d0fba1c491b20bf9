/**
 * Audits through the background, one request per click: audit the page, re-run a report's
 * audit, try again after a failure, look again. The popup shows the run at once and then
 * whatever the background answers.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Privacy, Report } from '@/lib/api/schemas';
import { serializeApiError } from '@/lib/api/serialize-error';
import {
  sendToBackground,
  type AuditMessage,
  type AuditState,
  type RerunMessage,
} from '@/lib/messages';
import { popupPrivacy } from '@/lib/storage';
import type { BootAudit } from './boot';
import { auditMessage } from './popup-data';
import type { AuditProgress } from './use-audit-progress';
import type { PageState } from './use-page-state';

export interface AuditActionsOptions {
  page: PageState;
  progress: AuditProgress;
  password: string;
  runLookup: () => void;
  now: () => number;
  /** An audit the boot script started before React mounted (lib/popup/boot.ts). */
  bootAudit?: BootAudit;
}

export function useAuditActions({
  page,
  progress,
  password,
  runLookup,
  now,
  bootAudit,
}: AuditActionsOptions) {
  const { context, url, ready, state, setState, setClock, setWitnessed } = page;
  const { privacy, setPrivacyValue } = page;
  const { busy, failure, dismissFailure } = progress;
  const sending = useRef(false);
  const lastMessage = useRef<AuditMessage | RerunMessage | null>(null);

  /** Shows `message` running from `since`, then whatever `reply` settles with. */
  const follow = useCallback(
    (message: AuditMessage | RerunMessage, since: number, reply: Promise<AuditState>) => {
      sending.current = true;
      lastMessage.current = message;
      setClock(since);
      setWitnessed(true);
      setState({
        status: 'running',
        action: message.type,
        since,
        reportId: message.type === 'rerun' ? message.reportId : undefined,
      });
      reply
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

  const send = useCallback(
    (message: AuditMessage | RerunMessage) => {
      // Checked and set synchronously: a double click sends one message.
      if (sending.current) return;
      follow(message, now(), sendToBackground(message));
    },
    [now, follow],
  );

  // The audit the boot script's button started: its reply is this popup's to show.
  const followedBoot = useRef(false);
  useEffect(() => {
    if (!bootAudit || followedBoot.current) return;
    followedBoot.current = true;
    follow(bootAudit.message, bootAudit.since, bootAudit.reply);
  }, [bootAudit, follow]);

  const audit = useCallback(() => {
    if (!ready || url === null || busy) return;
    void popupPrivacy.setValue(privacy);
    send(auditMessage(url, privacy, password, context?.tab.id));
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
