import { i18n } from '#i18n';
import { useState } from 'react';
import { describeError } from '@/lib/api/describe-error';
import { isApiError } from '@/lib/api/errors';
import type { Report } from '@/lib/api/schemas';
import { useApi } from '@/lib/queries/api-provider';
import { useDeleteReport, useUpdateReport } from '@/lib/queries/report-mutations';
import { ConfirmDialog } from './ConfirmDialog';

interface DetailActionsProps {
  report: Report;
  onDeleted: () => void;
  /** The report is gone (404 from any action). */
  onGone: () => void;
}

/** Re-run (update=1), Open report, Copy link, Delete (after a confirmation). */
export function DetailActions({ report, onDeleted, onGone }: DetailActionsProps) {
  const api = useApi();
  const rerun = useUpdateReport();
  const remove = useDeleteReport();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const link = api.reportPageUrl(report.id);
  const failure = rerun.error ?? remove.error;

  const onError = (error: unknown) => {
    if (isApiError(error, 'not-found')) onGone();
  };

  return (
    <section className="stack">
      <div className="sp-actions">
        <button
          type="button"
          disabled={rerun.isPending}
          onClick={() => {
            setMessage(null);
            rerun.mutate(
              { id: report.id, update: 1 },
              { onSuccess: () => setMessage(i18n.t('panel.detail.rerunDone')), onError },
            );
          }}
        >
          {rerun.isPending ? i18n.t('panel.detail.rerunning') : i18n.t('panel.detail.rerun')}
        </button>
        <a className="button" href={link} target="_blank" rel="noopener noreferrer">
          {i18n.t('panel.detail.openReport')}
        </a>
        <button
          type="button"
          onClick={() => {
            navigator.clipboard.writeText(link).then(
              () => setMessage(i18n.t('panel.detail.copied')),
              () => setMessage(i18n.t('panel.detail.copyFailed', [link])),
            );
          }}
        >
          {i18n.t('panel.detail.copyLink')}
        </button>
        <button type="button" className="danger" onClick={() => setConfirming(true)}>
          {i18n.t('panel.detail.delete')}
        </button>
      </div>
      <div role="status">{message}</div>
      {failure && !confirming && (
        <div className="notice notice-error" role="alert">
          {describeError(failure).title}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={i18n.t('panel.detail.confirmTitle')}
        confirmLabel={i18n.t('panel.detail.delete')}
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(report.id, {
            onSuccess: () => {
              setConfirming(false);
              onDeleted();
            },
            onError: (error) => {
              setConfirming(false);
              onError(error);
            },
          })
        }
      >
        <p>{i18n.t('panel.detail.confirmBody', [report.url])}</p>
      </ConfirmDialog>
    </section>
  );
}
