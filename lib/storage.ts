/**
 * Every item the extension keeps in browser storage, declared here and nowhere else, so what is
 * stored (and under which key) can be read in one place. All in `storage.local`: the API key
 * stays on this device (never `sync`), and the rest is per-device UI state.
 *
 * Keys are `local:<name>`, i.e. `<name>` in `browser.storage.local` (e2e/support/storage.ts
 * relies on that). UI work adds its items below.
 */
import { storage } from 'wxt/utils/storage';
import type {
  PerPage,
  Privacy,
  ProjectSortBy,
  ReportResult,
  ReportSortBy,
  SortDir,
} from './api/schemas';
import type { AuditState } from './messages';

/** The side panel's reports list state; survives closing and reopening the panel. */
export interface ReportFilters {
  search: string;
  project: string | null;
  result: ReportResult | null;
  sortBy: ReportSortBy;
  sort: SortDir;
  perPage: PerPage;
  /** 1-based. */
  page: number;
}

/** The side panel's projects list state. */
export interface ProjectFilters {
  search: string;
  sortBy: ProjectSortBy;
  sort: SortDir;
  perPage: PerPage;
  page: number;
}

/**
 * The reference service that `npm start` runs. A shipped extension points there until the
 * person sets their own address on the options page.
 */
export const DEFAULT_BASE_URL = 'http://127.0.0.1:8787';

/**
 * Every default in one object (the spec's list defaults for the filters). Frozen: WXT hands the
 * fallback object itself to every reader, so a caller mutating what it read would otherwise
 * change the default for everyone.
 */
export const STORAGE_DEFAULTS = Object.freeze({
  apiKey: '',
  baseUrl: DEFAULT_BASE_URL,
  popupPrivacy: 0 as Privacy,
  reportFilters: Object.freeze<ReportFilters>({
    search: '',
    project: null,
    result: null,
    sortBy: 'id',
    sort: 'desc',
    perPage: 10,
    page: 1,
  }),
  projectFilters: Object.freeze<ProjectFilters>({
    search: '',
    sortBy: 'created_at',
    sort: 'desc',
    perPage: 10,
    page: 1,
  }),
});

/** The API key (bearer token). Stored trimmed; '' = none. */
export const apiKey = storage.defineItem<string>('local:apiKey', {
  fallback: STORAGE_DEFAULTS.apiKey,
});

/** The base URL, stored normalised (lib/base-url.ts): no trailing slash, no /api/v1. */
export const baseUrl = storage.defineItem<string>('local:baseUrl', {
  fallback: STORAGE_DEFAULTS.baseUrl,
});

/** The privacy last chosen in the popup, offered again next time. */
export const popupPrivacy = storage.defineItem<Privacy>('local:popupPrivacy', {
  fallback: STORAGE_DEFAULTS.popupPrivacy,
});

export const reportFilters = storage.defineItem<ReportFilters>('local:reportFilters', {
  fallback: STORAGE_DEFAULTS.reportFilters,
});

export const projectFilters = storage.defineItem<ProjectFilters>('local:projectFilters', {
  fallback: STORAGE_DEFAULTS.projectFilters,
});

// ---------------------------------------------------------------------------------------------
// `storage.session`: lives as long as the browser session, gone on restart. Readable by the
// extension's own pages and its background only.

/**
 * Where each URL's audit stands (lib/messages.ts), written by the background only: a popup
 * opened mid-audit shows the progress instead of offering a second audit, and one opened after
 * shows the report or the error. Keyed by the audited URL; the newest few dozen are kept.
 */
export const auditStates = storage.defineItem<Record<string, AuditState>>('session:auditStates', {
  fallback: {},
});

/**
 * The report the side panel should show: the popup's "Open in side panel" writes it just before
 * opening the panel, the panel opens that report and clears it.
 */
export const sidepanelTarget = storage.defineItem<{ reportId: number; at: number } | null>(
  'session:sidepanelTarget',
  { fallback: null },
);
