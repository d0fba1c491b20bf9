import { i18n } from '#i18n';
import { memo, useLayoutEffect } from 'react';
import { PrivacyLabel } from '@/components/PrivacyLabel';
import { RelativeTime } from '@/components/RelativeTime';
import { ResultBadge } from '@/components/ResultBadge';
import type { Report } from '@/lib/api/schemas';
import { measureRowsPainted } from '@/lib/sidepanel/paint-timing';
import { shortenUrl } from '@/lib/sidepanel/shorten-url';

interface ReportRowsProps {
  reports: readonly Report[];
  /** True while a newer page loads and these rows are the previous one. */
  stale: boolean;
  onOpen: (report: Report) => void;
}

/** The rows of one page of reports; each row is a button that opens the report's detail. */
export function ReportRows({ reports, stale, onOpen }: ReportRowsProps) {
  useLayoutEffect(() => {
    measureRowsPainted(reports.length);
  }, [reports]);
  return (
    <ul
      className="sp-rows"
      aria-label={i18n.t('panel.reports.listLabel')}
      aria-busy={stale || undefined}
      data-stale={stale || undefined}
    >
      {reports.map((report, index) => (
        // Keyed by position: a new page updates the rows in place instead of removing 100
        // elements and creating 100 more, which halves the time to paint it. Rows hold no state.
        <ReportRow key={index} report={report} onOpen={onOpen} />
      ))}
    </ul>
  );
}

const ReportRow = memo(function ReportRow(props: {
  report: Report;
  onOpen: (report: Report) => void;
}) {
  const { report, onOpen } = props;
  return (
    <li>
      <button
        type="button"
        className="sp-row"
        title={report.url}
        data-report-id={report.id}
        onClick={() => onOpen(report)}
      >
        <span className="sp-row-url">
          <span className="sp-url-short" aria-hidden="true">
            {shortenUrl(report.url, 40)}
          </span>
          <span className="sp-url-full" aria-hidden="true">
            {report.url}
          </span>
          <span className="visually-hidden">{report.url}</span>
        </span>
        <span className="sp-row-meta">
          <ResultBadge result={report.result} />
          <span className="sp-score">
            <span className="visually-hidden">{i18n.t('panel.reports.columnScore')} </span>
            {formatScore(report.score)}
          </span>
          {report.generated_at && <RelativeTime iso={report.generated_at} />}
          <PrivacyLabel privacy={report.privacy} />
        </span>
      </button>
    </li>
  );
});

export function formatScore(score: number): string {
  return String(Math.round(score * 10) / 10);
}

/** Grey placeholder rows while the first page loads. */
export function SkeletonRows({ count }: { count: number }) {
  return (
    <ul className="sp-rows" aria-hidden="true">
      {Array.from({ length: Math.min(count, 10) }, (_, i) => (
        <li key={i} className="sp-row sp-row-skeleton">
          <span className="skeleton" style={{ width: `${60 + ((i * 17) % 35)}%` }} />
          <span className="skeleton" style={{ width: '45%' }} />
        </li>
      ))}
    </ul>
  );
}
