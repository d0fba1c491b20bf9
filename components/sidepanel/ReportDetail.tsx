import { i18n } from '#i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ResultBadge } from '@/components/ResultBadge';
import { ScoreGauge } from '@/components/ScoreGauge';
import { isApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api/schemas';
import { useApi } from '@/lib/queries/api-provider';
import { projectQueries } from '@/lib/queries/project-queries';
import { reportQueries } from '@/lib/queries/report-queries';
import { ChecksList } from './ChecksList';
import { DetailActions } from './DetailActions';
import { ErrorState } from './ErrorState';
import { PrivacyEditor } from './PrivacyEditor';
import { ReportFields } from './ReportFields';

interface ReportDetailProps {
  id: number;
  /** The row the person chose, shown while the full record loads. */
  preview?: Report;
  onBack: () => void;
  /** The report was deleted here, or turned out to be gone: back to the list with a message. */
  onClosed: (message: string) => void;
}

/** Everything about one report, and everything one can do with it. */
export function ReportDetail({ id, preview, onBack, onClosed }: ReportDetailProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { data, error, refetch } = useQuery({
    ...reportQueries.detail(api, id),
    placeholderData: preview,
  });
  const gone = isApiError(error, 'not-found');

  useEffect(() => {
    // It no longer exists: every list that may still show it is out of date.
    if (gone) void queryClient.invalidateQueries({ queryKey: reportQueries.lists() });
  }, [gone, queryClient]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // Keyboard and screen reader users land on what just opened.
    headingRef.current?.focus();
  }, []);

  const onGone = () => {
    void queryClient.invalidateQueries({ queryKey: reportQueries.lists() });
    void queryClient.invalidateQueries({ queryKey: projectQueries.all() });
    onClosed(i18n.t('panel.detail.gone'));
  };

  return (
    <article className="sp-detail stack" aria-labelledby="sp-detail-title">
      <button type="button" className="link" onClick={onBack}>
        ← {i18n.t('panel.detail.back')}
      </button>
      <h2 id="sp-detail-title" tabIndex={-1} ref={headingRef}>
        {i18n.t('panel.detail.heading', [id])}
      </h2>
      {gone ? (
        <div className="notice notice-warning" role="alert">
          {i18n.t('panel.detail.gone')}
        </div>
      ) : error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <p role="status">{i18n.t('panel.detail.loading')}</p>
      ) : (
        <>
          <header>
            <ScoreGauge score={data.score} result={data.result} size={56} />
            <ResultBadge result={data.result} />
          </header>
          <ReportFields report={data} />
          <DetailActions
            report={data}
            onGone={onGone}
            onDeleted={() => onClosed(i18n.t('panel.detail.deleted'))}
          />
          <PrivacyEditor key={data.id} report={data} />
          {data.checks && <ChecksList checks={data.checks} />}
        </>
      )}
    </article>
  );
}
