/**
 * Export of the current filtered reports list, all of its pages, as CSV or JSON. Pages are read
 * with per_page=100 one after another (the service's own limit), reporting progress, and stop
 * at once when the signal aborts.
 */
import { REPORT_FIELDS, type Page, type Report } from '@/lib/api/schemas';
import { toCsv } from './csv';

export type ExportFormat = 'csv' | 'json';

export interface ExportProgress {
  /** Reports read so far. */
  done: number;
  /** All reports of the list, when the service says. */
  total: number | null;
}

export type FetchPage = (page: number, signal: AbortSignal) => Promise<Page<Report>>;

/** A safety net for a server that claims a next page for ever. */
const MAX_PAGES = 10_000;

export async function fetchAllReports(
  fetchPage: FetchPage,
  signal: AbortSignal,
  onProgress?: (progress: ExportProgress) => void,
): Promise<Report[]> {
  const all: Report[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    signal.throwIfAborted();
    const answer = await fetchPage(page, signal);
    signal.throwIfAborted();
    all.push(...answer.items);
    onProgress?.({ done: all.length, total: answer.total });
    const last = answer.lastPage != null ? page >= answer.lastPage : !answer.hasNext;
    if (last || answer.items.length === 0) break;
  }
  return all;
}

/** The report's contract fields; extra fields a deployment adds are in the JSON export only. */
export const CSV_COLUMNS = REPORT_FIELDS;

export function reportsToCsv(reports: readonly Report[]): string {
  return toCsv(
    CSV_COLUMNS,
    reports.map((report) => CSV_COLUMNS.map((column) => report[column])),
  );
}

/** Every field the service gave, unknown ones included, as the service gave them. */
export function reportsToJson(reports: readonly Report[]): string {
  return `${JSON.stringify(reports, null, 2)}\n`;
}

export function exportFilename(format: ExportFormat, now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return `audit-reports-${stamp}.${format}`;
}
