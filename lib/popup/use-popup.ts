/**
 * The popup's state and actions. The popup has no HTTP client: it asks the background
 * (lib/messages.ts) for the existing-report lookup (at most one request on open) and for audits
 * (one request per click), and watches the background's state for this page in
 * `storage.session`, so a popup closed mid-audit loses nothing and one opened mid-audit shows
 * the progress.
 */
import { useMemo, useState } from 'react';
import type { PopupContext } from './context';
import { shownReport } from './shown-report';
import { useAuditActions } from './use-audit-actions';
import { useAuditProgress } from './use-audit-progress';
import { useBrowserActions } from './use-browser-actions';
import { useLookup } from './use-lookup';
import { usePageState } from './use-page-state';

export { openSidePanelNow } from './open-side-panel-now';
export type { ShownReport } from './shown-report';
export type { Lookup } from './use-lookup';

export interface PopupOptions {
  /**
   * The context, when the entrypoint loaded it before the first render (it starts loading
   * before React is even mounted, so the popup renders once, complete). Loaded here otherwise.
   */
  initial?: PopupContext;
  now?: () => number;
}

export function usePopup({ initial, now = Date.now }: PopupOptions = {}) {
  const page = usePageState({ initial, now });
  const { context, url, ready, state, witnessed } = page;
  const [password, setPassword] = useState('');
  const { lookup, runLookup } = useLookup({ ready, url, context, now });
  const progress = useAuditProgress(page, now);
  const shown = useMemo(() => shownReport(state, lookup, witnessed), [state, lookup, witnessed]);
  const actions = useAuditActions({ page, progress, password, runLookup, now });
  const browserActions = useBrowserActions(context, page.reload);

  return {
    context,
    url,
    ready,
    state,
    running: progress.running,
    elapsed: progress.elapsed,
    busy: progress.busy,
    waitSeconds: progress.waitSeconds,
    failure: progress.failure,
    lookup,
    shown,
    privacy: page.privacy,
    setPrivacy: actions.setPrivacy,
    password,
    setPassword,
    audit: actions.audit,
    rerun: actions.rerun,
    retry: actions.retry,
    refresh: actions.refresh,
    ...browserActions,
  };
}
