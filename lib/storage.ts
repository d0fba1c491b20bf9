/**
 * Every item the extension keeps in browser storage, declared here and nowhere else, so what is
 * stored (and under which key) can be read in one place. All in `storage.local`: the API key
 * stays on this device (never `sync`), and the rest is per-device UI state.
 *
 * Keys are `local:<name>`, i.e. `<name>` in `browser.storage.local` (e2e/support/storage.ts
 * relies on that). UI work adds its items below.
 */
import { storage } from 'wxt/utils/storage';
import type { Privacy } from './api/schemas';
import type { AuditState } from './messages';
import { STORAGE_DEFAULTS } from './storage-defaults';
import type { ProjectFilters, ReportFilters } from './storage-defaults';

export {
  DEFAULT_BASE_URL,
  STORAGE_DEFAULTS,
  type ProjectFilters,
  type ReportFilters,
} from './storage-defaults';

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
