import { i18n } from '#i18n';
import { PER_PAGE_VALUES, SORT_DIRS, type PerPage, type SortDir } from '@/lib/api/schemas';
import { Select } from './Select';
import { directionLabel, type SortKind } from './sort-labels';

interface DirectionAndPerPageProps {
  sort: SortDir;
  /** What the list is sorted by, so the direction reads "Newest first" or "A to Z". */
  kind: SortKind;
  perPage: PerPage;
  onChange: (change: { sort: SortDir } | { perPage: PerPage }) => void;
}

/** The last two selects of every list's filters: the sort direction and the page size. */
export function DirectionAndPerPage({ sort, kind, perPage, onChange }: DirectionAndPerPageProps) {
  return (
    <>
      <Select
        label={i18n.t('panel.reports.direction')}
        value={sort}
        options={SORT_DIRS.map((dir) => [dir, directionLabel(kind, dir)] as const)}
        onChange={(value) => onChange({ sort: value as SortDir })}
      />
      <Select
        label={i18n.t('panel.reports.perPage')}
        value={String(perPage)}
        options={PER_PAGE_VALUES.map((n) => [String(n), String(n)] as const)}
        onChange={(value) => onChange({ perPage: Number(value) as PerPage })}
      />
    </>
  );
}
