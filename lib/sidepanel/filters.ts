/**
 * The panel's filter state (stored in lib/storage.ts) ↔ the spec's list parameters. Empty
 * values mean "no filter" and are left out of the request (CONTRACT: omitted, not sent empty).
 */
import type { ProjectListParams, ReportListParams } from '@/lib/api/create-api';
import type { ProjectFilters, ReportFilters } from '@/lib/storage';

export function reportListParams(filters: ReportFilters): ReportListParams {
  const search = filters.search?.trim();
  return {
    ...(search ? { search, search_by: 'url' as const } : {}),
    ...(filters.project ? { project: filters.project } : {}),
    ...(filters.result ? { result: filters.result } : {}),
    sort_by: filters.sortBy,
    sort: filters.sort,
    per_page: filters.perPage,
    page: filters.page,
  };
}

export function projectListParams(filters: ProjectFilters): ProjectListParams {
  const search = filters.search?.trim();
  return {
    ...(search ? { search, search_by: 'project' as const } : {}),
    sort_by: filters.sortBy,
    sort: filters.sort,
    per_page: filters.perPage,
    page: filters.page,
  };
}
