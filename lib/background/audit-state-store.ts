/**
 * The per-URL audit states in `storage.session`, which the popup watches. Writes are
 * read-modify-write and go one at a time, so two audits finishing together cannot drop each
 * other's state; only the newest `MAX_STATES` pages are kept.
 */
import type { AuditState } from '@/lib/messages';
import { auditStates } from '@/lib/storage';

/** How many URLs' states are kept in the session (the newest). */
export const MAX_STATES = 50;

export interface AuditStateStore {
  /** Read-modify-write of the states, one at a time. */
  update(change: (states: Record<string, AuditState>) => void): Promise<void>;
  set(url: string, state: AuditState): Promise<void>;
}

export function createAuditStateStore(): AuditStateStore {
  let writes: Promise<unknown> = Promise.resolve();

  function update(change: (states: Record<string, AuditState>) => void): Promise<void> {
    const next = writes.then(async () => {
      const states = { ...(await auditStates.getValue()) };
      change(states);
      await auditStates.setValue(prune(states));
    });
    writes = next.catch(() => undefined);
    return next;
  }

  return {
    update,
    set(url, state) {
      return update((states) => {
        states[url] = state;
      });
    },
  };
}

/** Keeps the newest `MAX_STATES` entries. */
function prune(states: Record<string, AuditState>): Record<string, AuditState> {
  const entries = Object.entries(states);
  if (entries.length <= MAX_STATES) return states;
  const time = (s: AuditState) => (s.status === 'running' ? s.since : s.at);
  entries.sort(([, a], [, b]) => time(b) - time(a));
  return Object.fromEntries(entries.slice(0, MAX_STATES));
}
