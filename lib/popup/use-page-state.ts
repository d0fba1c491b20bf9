/**
 * The page this popup is for and where its audit stands: the context (tab, page, settings,
 * privacy last chosen), and the background's state for the page in `storage.session`, followed
 * as it changes, so a popup closed mid-audit loses nothing and one opened mid-audit shows the
 * progress.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Privacy } from '@/lib/api/schemas';
import type { AuditState } from '@/lib/messages';
import { auditStates } from '@/lib/storage';
import { loadPopupContext, type PopupContext } from './context';

export interface PageStateOptions {
  /** The context, when the entrypoint loaded it before the first render; loaded here otherwise. */
  initial?: PopupContext;
  now: () => number;
}

export function usePageState({ initial, now }: PageStateOptions) {
  const [context, setContext] = useState<PopupContext | null>(initial ?? null);
  const [state, setState] = useState<AuditState | undefined>(initial?.state);
  const [privacy, setPrivacyValue] = useState<Privacy>(initial?.privacy ?? 0);
  const [clock, setClock] = useState(now);
  const [reloads, setReloads] = useState(0);
  /** This popup saw an audit of the page run: its outcome is "the result", not an old report. */
  const [witnessed, setWitnessed] = useState(initial?.state?.status === 'running');

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

  /** Reads the context again (after the host permission is granted). */
  const reload = useCallback(() => setReloads((n) => n + 1), []);

  return {
    context,
    url,
    ready,
    state,
    setState,
    privacy,
    setPrivacyValue,
    clock,
    setClock,
    witnessed,
    setWitnessed,
    reload,
  };
}

export type PageState = ReturnType<typeof usePageState>;
