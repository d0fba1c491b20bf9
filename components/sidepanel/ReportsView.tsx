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
import { Pager } from './Pager';
import { ReportFilters } from './ReportFilters';
import { ReportRows, SkeletonRows } from './ReportRows';

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

  let body;
  if (error && !data) {
    body = <ErrorState error={error} onRetry={() => void refetch()} />;
  } else if (!data) {
    body = (
      <>
        <span className="visually-hidden" role="status">
          {i18n.t('panel.reports.loading')}
        </span>
        <SkeletonRows count={filters.perPage} />
      </>
    );
  } else if (data.items.length === 0 && filters.page > 1 && !isPlaceholderData) {
    const last = data.lastPage ?? 1;
    body = (
      <div className="notice notice-info">
        <p>{i18n.t('panel.reports.beyond', [filters.page])}</p>
        <button type="button" onClick={() => onFilters({ page: last })}>
          {i18n.t('panel.reports.goLast', [last])}
        </button>
      </div>
    );
  } else if (data.items.length === 0) {
    body = (
      <p className="sp-empty">
        {filtered ? i18n.t('panel.reports.emptyFiltered') : i18n.t('panel.reports.emptyAll')}
      </p>
    );
  } else {
    body = <ReportRows reports={data.items} stale={isPlaceholderData} onOpen={onOpen} />;
  }

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
      {body}
      {data && (data.items.length > 0 || filters.page > 1) && (
        <div onPointerEnter={prefetchNext} onFocus={prefetchNext}>
          <Pager
            data={data}
            page={filters.page}
            label={i18n.t('panel.reports.pages')}
            onPage={(page) => onFilters({ page: Math.max(1, page) })}
          />
        </div>
      )}
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
