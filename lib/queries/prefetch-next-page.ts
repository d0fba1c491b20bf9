/**
 * Prefetches the page after the one on screen, so "Next" is instant. Does nothing on the last
 * page (or when the server said there is none).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Api, ProjectListParams, ReportListParams } from '../api/create-api';
import type { Page } from '../api/schemas';
import { projectQueries } from './project-queries';
import { reportQueries } from './report-queries';

export function prefetchNextPage(
  queryClient: QueryClient,
  api: Api,
  resource: 'reports',
  params: ReportListParams,
  current: Page<unknown> | undefined,
): Promise<void>;
export function prefetchNextPage(
  queryClient: QueryClient,
  api: Api,
  resource: 'projects',
  params: ProjectListParams,
  current: Page<unknown> | undefined,
): Promise<void>;
export async function prefetchNextPage(
  queryClient: QueryClient,
  api: Api,
  resource: 'reports' | 'projects',
  params: ReportListParams | ProjectListParams,
  current: Page<unknown> | undefined,
): Promise<void> {
  if (!current?.hasNext) return;
  const next = { ...params, page: current.page + 1 };
  if (resource === 'reports') {
    await queryClient.prefetchQuery(reportQueries.list(api, next as ReportListParams));
  } else {
    await queryClient.prefetchQuery(projectQueries.list(api, next as ProjectListParams));
  }
}
