/**
 * What the page's audit state means right now: running and for how long, a failure to show
 * (until the person deals with it), and a rate-limit wait to sit out.
 */
import { useCallback, useEffect, useState } from 'react';
import { deserializeApiError } from '@/lib/api/serialize-error';
import { isRunning } from '@/lib/messages';
import type { PageState } from './use-page-state';

export function useAuditProgress(
  { state, clock, setClock }: Pick<PageState, 'state' | 'clock' | 'setClock'>,
  now: () => number,
) {
  /** `at` of a failure the person has dealt with (refresh, retry): no longer shown. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

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
  }, [state, waitSeconds > 0, setClock, now]); // eslint-disable-line react-hooks/exhaustive-deps

  const elapsed =
    state?.status === 'running' ? Math.max(0, Math.floor((clock - state.since) / 1000)) : 0;

  /** Puts the failure shown now away. */
  const dismissFailure = useCallback(() => {
    if (state?.status === 'failed') setDismissedAt(state.at);
  }, [state]);

  return {
    running,
    elapsed,
    busy: running || waitSeconds > 0,
    waitSeconds,
    failure,
    dismissFailure,
  };
}

export type AuditProgress = ReturnType<typeof useAuditProgress>;
