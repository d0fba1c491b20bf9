/**
 * The defaults of the items in lib/storage.ts, apart so code that must stay small (the popup's
 * boot script, lib/popup/boot.ts) can read them without WXT's storage and the polyfill.
 * lib/storage.ts re-exports everything here.
 */
import type {
  PerPage,
  Privacy,
  ProjectSortBy,
  ReportResult,
  ReportSortBy,
  SortDir,
} from './api/schemas';

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
