import type { Report } from '@/lib/api/schemas';
import type { AuditState } from '@/lib/messages';
import type { Lookup } from './use-lookup';

export interface ShownReport {
  report: Report;
  /** The report's public page. */
  link: string;
  /** True when it is the outcome of an audit this popup saw running ("Result"). */
  fresh: boolean;
}

/** The report to show: the audit just made, or the newest one the lookup found. */
export function shownReport(
  state: AuditState | undefined,
  lookup: Lookup,
  witnessed: boolean,
): ShownReport | null {
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
}
