import { i18n } from '#i18n';
import { resultWord } from '@/components/ResultBadge';
import {
  REPORT_RESULTS,
  REPORT_SORT_KEYS,
  type ReportResult,
  type ReportSortBy,
} from '@/lib/api/schemas';
import type { ReportFilters as Filters } from '@/lib/storage';
import { DirectionAndPerPage } from './DirectionAndPerPage';
import { ProjectCombobox } from './ProjectCombobox';
import { SearchField } from './SearchField';
import { Select } from './Select';

const sortLabels: Record<ReportSortBy, () => string> = {
  id: () => i18n.t('panel.reports.sortId'),
  generated_at: () => i18n.t('panel.reports.sortGenerated'),
  url: () => i18n.t('panel.reports.sortUrl'),
  score: () => i18n.t('panel.reports.sortScore'),
};
const sortKind = { id: 'date', generated_at: 'date', url: 'text', score: 'number' } as const;

interface ReportFiltersProps {
  filters: Filters;
  /** Any change but the page goes back to page 1. */
  onChange: (change: Partial<Filters>) => void;
}

/** Every parameter of GET /reports: search, project, result, sort key, direction, per page. */
export function ReportFilters({ filters, onChange }: ReportFiltersProps) {
  const set = (change: Partial<Filters>) => onChange({ ...change, page: 1 });
  const filtered = Boolean(filters.search || filters.project || filters.result);
  return (
    <>
      <div className="sp-filters" role="search" aria-label={i18n.t('panel.reports.filters')}>
        <SearchField
          label={i18n.t('panel.reports.search')}
          hint={i18n.t('panel.reports.searchHint')}
          value={filters.search}
          onSearch={(search) => set({ search })}
        />
        <div className="sp-wide">
          <ProjectCombobox
            value={filters.project ?? ''}
            onChange={(project) => set({ project: project || null })}
          />
        </div>
        <Select
          label={i18n.t('panel.reports.result')}
          value={filters.result ?? ''}
          options={[
            ['', i18n.t('panel.reports.resultAny')],
            ...REPORT_RESULTS.map((r) => [r, resultWord(r)] as const),
          ]}
          onChange={(result) => set({ result: (result || null) as ReportResult | null })}
        />
        <Select
          label={i18n.t('panel.reports.sortBy')}
          value={filters.sortBy}
          options={REPORT_SORT_KEYS.map((key) => [key, sortLabels[key]()] as const)}
          onChange={(sortBy) => set({ sortBy: sortBy as ReportSortBy })}
        />
        <DirectionAndPerPage
          sort={filters.sort}
          kind={sortKind[filters.sortBy]}
          perPage={filters.perPage}
          onChange={set}
        />
      </div>
      {filtered && (
        <button
          type="button"
          className="link"
          onClick={() => set({ search: '', project: null, result: null })}
        >
          {i18n.t('panel.reports.clearFilters')}
        </button>
      )}
    </>
  );
}
