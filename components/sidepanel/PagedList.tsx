import { i18n } from '#i18n';
import type { ReactNode } from 'react';
import type { Page } from '@/lib/api/schemas';
import { ErrorState } from './ErrorState';
import { Pager } from './Pager';
import { SkeletonRows } from './ReportRows';

interface PagedListProps<T> {
  /** The list query's state; `data` may be the previous page while the next loads. */
  data: Page<T> | undefined;
  isPlaceholderData: boolean;
  error: Error | null;
  onRetry: () => void;
  /** The page asked for, and how many rows it holds (the skeleton's size). */
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /** Announced while the first page loads; without it the skeleton alone shows it. */
  loadingLabel?: string;
  /** What an empty list says (the view knows whether its filters narrowed it). */
  empty: string;
  rows: (items: T[], stale: boolean) => ReactNode;
  /** What the list holds, for the pager's accessible name. */
  pagerLabel: string;
  /**
   * The person reaches for the pager: the moment to fetch the next page ahead (rather than on
   * load, so a filter change still costs exactly one request).
   */
  onReachPager: () => void;
}

/** The rows of a paged list, whatever it lists, with their pager. */
export function PagedList<T>(props: PagedListProps<T>) {
  const { data, page, onPage } = props;
  return (
    <>
      <ListBody {...props} />
      {/* A page past the end keeps the pager, so "Previous" still works. */}
      {data && (data.items.length > 0 || page > 1) && (
        <div onPointerEnter={props.onReachPager} onFocus={props.onReachPager}>
          <Pager
            data={data}
            page={page}
            label={props.pagerLabel}
            onPage={(next) => onPage(Math.max(1, next))}
          />
        </div>
      )}
    </>
  );
}

/**
 * The error when there is nothing to show, the skeleton while the first page loads, a way back
 * from a page past the end, the empty message, or the rows.
 */
function ListBody<T>(props: PagedListProps<T>) {
  const { data, isPlaceholderData, error, page } = props;
  if (error && !data) return <ErrorState error={error} onRetry={props.onRetry} />;
  if (!data) {
    return (
      <>
        {props.loadingLabel && (
          <span className="visually-hidden" role="status">
            {props.loadingLabel}
          </span>
        )}
        <SkeletonRows count={props.perPage} />
      </>
    );
  }
  if (data.items.length === 0 && page > 1 && !isPlaceholderData) {
    const last = data.lastPage ?? 1;
    return (
      <div className="notice notice-info">
        <p>{i18n.t('panel.reports.beyond', [page])}</p>
        <button type="button" onClick={() => props.onPage(last)}>
          {i18n.t('panel.reports.goLast', [last])}
        </button>
      </div>
    );
  }
  if (data.items.length === 0) return <p className="sp-empty">{props.empty}</p>;
  return props.rows(data.items, isPlaceholderData);
}
