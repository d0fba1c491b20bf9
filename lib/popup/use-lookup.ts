/**
 * The existing-report lookup: the background asks the service for the newest report of this
 * page, at most one request each time the popup opens (or is asked to look again).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api/schemas';
import { deserializeApiError, serializeApiError } from '@/lib/api/serialize-error';
import { sendToBackground } from '@/lib/messages';
import type { PopupContext } from './context';

export type Lookup =
  | { status: 'idle' }
  | { status: 'done'; startedAt: number; report: Report | null; link: string | null }
  | { status: 'failed'; startedAt: number; error: ApiError };

export interface LookupOptions {
  ready: boolean;
  url: string | null;
  context: PopupContext | null;
  now: () => number;
}

export function useLookup({ ready, url, context, now }: LookupOptions) {
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const lookupSeq = useRef(0);

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

  return { lookup, runLookup };
}
