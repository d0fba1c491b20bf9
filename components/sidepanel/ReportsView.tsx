import { i18n } from '#i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportListParams } from '@/lib/api/create-api';
import type { Report } from '@/lib/api/schemas';
import { useApi } from '@/lib/queries/api-provider';
import { prefetchNextPage } from '@/lib/queries/prefetch-next-page';
import { reportQueries } from '@/lib/queries/report-queries';
import type { ReportFilters as Filters } from '@/lib/storage';
import { reportListParams } from '@/lib/sidepanel/filters';
import { ErrorState } from './ErrorState';
import { ExportControl } from './ExportControl';
import { PagedList } from './PagedList';
import { ReportFilters } from './ReportFilters';
import { ReportRows } from './ReportRows';

interface ReportsViewProps {
  filters: Filters;
  onFilters: (change: Partial<Filters>) => void;
  onOpen: (report: Report) => void;
}

/**
 * The reports list: filters, the page of rows (the previous page stays on screen, dimmed, while
 * the next loads), paging, export. The next page is fetched ahead when the person reaches for
 * "Next", so a filter change still costs exactly one request.
 */
export function ReportsView({ filters, onFilters, onOpen }: ReportsViewProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const params = reportListParams(filters);
  const query = useQuery(reportQueries.list(api, params));
  const { data, isPlaceholderData, error, refetch } = query;
  const filtered = Boolean(params.search || params.project || params.result);

  const prefetchNext = () => {
    if (!isPlaceholderData) void prefetchNextPage(queryClient, api, 'reports', params, data);
  };

  return (
    <div className="stack">
      <ReportFilters filters={filters} onChange={onFilters} />
      {error && data && <ErrorState error={error} onRetry={() => void refetch()} />}
      <div className="sp-toolbar">
        <span className="muted" aria-live="polite">
          {data?.total != null ? i18n.t('panel.reports.count', data.total) : null}
        </span>
        <ExportControl params={exportParamsOf(params)} />
      </div>
      <PagedList
        data={data}
        isPlaceholderData={isPlaceholderData}
        error={error}
        onRetry={() => void refetch()}
        page={filters.page}
        perPage={filters.perPage}
        onPage={(page) => onFilters({ page })}
        loadingLabel={i18n.t('panel.reports.loading')}
        empty={filtered ? i18n.t('panel.reports.emptyFiltered') : i18n.t('panel.reports.emptyAll')}
        pagerLabel={i18n.t('panel.reports.pages')}
        onReachPager={prefetchNext}
        rows={(reports, stale) => <ReportRows reports={reports} stale={stale} onOpen={onOpen} />}
      />
    </div>
  );
}

/** The list's filters and order without its paging: what an export covers. */
function exportParamsOf(params: ReportListParams): Omit<ReportListParams, 'page' | 'per_page'> {
  const rest = { ...params };
  delete rest.page;
  delete rest.per_page;
  return rest;
}
