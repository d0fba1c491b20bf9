/**
 * Report mutations. Each invalidates through the key factories: lists always (a report appears,
 * changes or goes), projects when a report is created or deleted (their reports_count changes).
 * None retries (createQueryClient): a second POST would be a second report.
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { CreateReportInput, ReportId, UpdateReportInput } from '../api/create-api';
import type { Page, Report } from '../api/schemas';
import { useApi } from './api-provider';
import { projectQueries } from './project-queries';
import { reportQueries } from './report-queries';

export function useCreateReport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateReportInput) => api.createReport(input),
    onSuccess: (report) => {
      queryClient.setQueryData(reportQueries.detail(api, report.id).queryKey, report);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reportQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: [...reportQueries.all(), 'for-url'] }),
        queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
      ]);
    },
  });
}

export interface UpdateReportVariables extends UpdateReportInput {
  id: ReportId;
}

interface Snapshot {
  detail: [readonly unknown[], Report | undefined];
  lists: [readonly unknown[], Page<Report> | undefined][];
}

/**
 * Update privacy/password, or re-run the audit (`update: 1`). With `optimistic: true` a privacy
 * change shows at once in the detail and in every cached list, and is rolled back if the server
 * refuses it (the error is the mutation's error, for describeError). The password is never put
 * in the cache.
 */
export function useUpdateReport(options: { optimistic?: boolean } = {}) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateReportVariables) => api.updateReport(id, input),
    onMutate: async (variables): Promise<Snapshot | undefined> => {
      if (!options.optimistic || variables.privacy === undefined) return undefined;
      const detailKey = reportQueries.detail(api, variables.id).queryKey;
      await Promise.all([
        queryClient.cancelQueries({ queryKey: detailKey }),
        queryClient.cancelQueries({ queryKey: reportQueries.lists() }),
      ]);
      const snapshot: Snapshot = {
        detail: [detailKey, queryClient.getQueryData<Report>(detailKey)],
        lists: queryClient.getQueriesData<Page<Report>>({ queryKey: reportQueries.lists() }),
      };
      const privacy = variables.privacy;
      const same = (report: Report) => String(report.id) === String(variables.id);
      queryClient.setQueryData<Report>(detailKey, (report) =>
        report ? { ...report, privacy } : report,
      );
      queryClient.setQueriesData<Page<Report>>({ queryKey: reportQueries.lists() }, (page) =>
        page && page.items.some(same)
          ? { ...page, items: page.items.map((r) => (same(r) ? { ...r, privacy } : r)) }
          : page,
      );
      return snapshot;
    },
    onError: (_error, _variables, snapshot) => {
      if (!snapshot) return;
      restore(queryClient, snapshot);
    },
    onSuccess: (report) => {
      queryClient.setQueryData(reportQueries.detail(api, report.id).queryKey, report);
    },
    onSettled: (_report, _error, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reportQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: [...reportQueries.all(), 'for-url'] }),
        queryClient.invalidateQueries({
          queryKey: reportQueries.detail(api, variables.id).queryKey,
        }),
      ]),
  });
}

function restore(queryClient: QueryClient, snapshot: Snapshot): void {
  const [detailKey, detail] = snapshot.detail;
  queryClient.setQueryData(detailKey, detail);
  for (const [key, page] of snapshot.lists) queryClient.setQueryData(key, page);
}

export function useDeleteReport() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: ReportId) => api.deleteReport(id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: reportQueries.detail(api, id).queryKey });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: reportQueries.lists() }),
        queryClient.invalidateQueries({ queryKey: [...reportQueries.all(), 'for-url'] }),
        queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
      ]);
    },
  });
}
