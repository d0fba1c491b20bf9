/**
 * TanStack Query options for reports, with one key hierarchy so invalidation can be as broad or
 * as narrow as needed:
 *
 *   ['reports']                          reportQueries.all()
 *   ['reports', 'list']                  reportQueries.lists()
 *   ['reports', 'list', {params}]        reportQueries.list(api, params).queryKey
 *   ['reports', 'detail']                reportQueries.details()
 *   ['reports', 'detail', id]            reportQueries.detail(api, id).queryKey
 *   ['reports', 'for-url', url]          reportQueries.forUrl(api, url).queryKey
 *
 * The Api is passed in (from `useApi()`) rather than put in the key: there is one Api per page,
 * and ApiProvider empties the cache when its base URL or key change.
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Api, ReportId, ReportListParams } from '../api/create-api';
import { cleanParams } from './clean-params';

export const reportQueries = {
  all: () => ['reports'] as const,
  lists: () => [...reportQueries.all(), 'list'] as const,
  list: (api: Api, params: ReportListParams = {}) => {
    const clean = cleanParams(params);
    return queryOptions({
      queryKey: [...reportQueries.lists(), clean] as const,
      queryFn: ({ signal }) => api.listReports(clean, { signal }),
      // The previous page stays on screen while the next loads.
      placeholderData: keepPreviousData,
    });
  },
  details: () => [...reportQueries.all(), 'detail'] as const,
  detail: (api: Api, id: ReportId) =>
    queryOptions({
      queryKey: [...reportQueries.details(), String(id)] as const,
      queryFn: ({ signal }) => api.getReport(id, { signal }),
    }),
  /**
   * The newest report for exactly this URL, or null (the popup's "already audited?" lookup):
   * one list request with `search`, the exact match checked here since search is a substring
   * match. 100 per page so a URL that is a prefix of many others is still found.
   */
  forUrl: (api: Api, url: string) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'for-url', url] as const,
      queryFn: async ({ signal }) => {
        const page = await api.listReports(
          { search: url, search_by: 'url', sort_by: 'id', sort: 'desc', per_page: 100 },
          { signal },
        );
        return page.items.find((report) => report.url === url) ?? null;
      },
    }),
};
