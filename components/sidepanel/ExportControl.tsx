import { i18n } from '#i18n';
import { useRef, useState } from 'react';
import type { ReportListParams } from '@/lib/api/create-api';
import { describeError } from '@/lib/api/describe-error';
import { useApi } from '@/lib/queries/api-provider';
import { downloadText } from '@/lib/sidepanel/download';
import {
  exportFilename,
  fetchAllReports,
  reportsToCsv,
  reportsToJson,
  type ExportFormat,
  type ExportProgress,
} from '@/lib/sidepanel/export';

type State = { phase: 'idle'; message?: string } | { phase: 'running'; progress: ExportProgress };

/** Export of the list as filtered now, every page of it, as CSV or JSON, with progress. */
export function ExportControl({ params }: { params: Omit<ReportListParams, 'page' | 'per_page'> }) {
  const api = useApi();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);

  async function run(format: ExportFormat) {
    const controller = new AbortController();
    controllerRef.current = controller;
    setState({ phase: 'running', progress: { done: 0, total: null } });
    try {
      const reports = await fetchAllReports(
        (page, signal) => api.listReports({ ...params, per_page: 100, page }, { signal }),
        controller.signal,
        (progress) => setState({ phase: 'running', progress }),
      );
      const text = format === 'csv' ? reportsToCsv(reports) : reportsToJson(reports);
      const type = format === 'csv' ? 'text/csv;charset=utf-8' : 'application/json';
      downloadText(text, exportFilename(format), type);
      setState({ phase: 'idle', message: i18n.t('panel.export.done', reports.length) });
    } catch (error) {
      const message = controller.signal.aborted
        ? i18n.t('panel.export.cancelled')
        : i18n.t('panel.export.failed', [describeError(error).title]);
      setState({ phase: 'idle', message });
    } finally {
      controllerRef.current = null;
    }
  }

  if (state.phase === 'running') {
    const { done, total } = state.progress;
    const text =
      total != null
        ? i18n.t('panel.export.progress', [done, total])
        : i18n.t('panel.export.progressUnknown', [done]);
    return (
      <div className="sp-export" role="group" aria-label={i18n.t('panel.export.label')}>
        <progress value={done} max={total ?? undefined} aria-label={text} />
        <span role="status">{text}</span>
        <button type="button" onClick={() => controllerRef.current?.abort()}>
          {i18n.t('panel.export.cancel')}
        </button>
      </div>
    );
  }
  return (
    <div className="sp-export" role="group" aria-label={i18n.t('panel.export.label')}>
      <button type="button" onClick={() => void run('csv')}>
        {i18n.t('panel.export.csv')}
      </button>
      <button type="button" onClick={() => void run('json')}>
        {i18n.t('panel.export.json')}
      </button>
      {state.message && <span role="status">{state.message}</span>}
    </div>
  );
}
