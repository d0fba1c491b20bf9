import { i18n } from '#i18n';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Report } from '@/lib/api/schemas';
import { projectFilters, reportFilters, type ReportFilters } from '@/lib/storage';
import { useStoredState } from '@/lib/sidepanel/use-stored-state';
import { ProjectsView } from './ProjectsView';
import { ReportDetail } from './ReportDetail';
import { ReportsView } from './ReportsView';
import { SkeletonRows } from './ReportRows';
import { Tabs } from './Tabs';
import { useSidepanelTarget } from '@/lib/sidepanel/use-sidepanel-target';

type View = 'reports' | 'projects';
interface Detail {
  id: number;
  preview?: Report;
}

/** The side panel (Chrome) / sidebar (Firefox): Reports and Projects, and a report's detail. */
export function SidePanel() {
  const [view, setView] = useState<View>('reports');
  const [detail, setDetail] = useState<Detail | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The row to give focus back to when the detail closes. */
  const returnTo = useRef<number | null>(null);
  const [reports, setReports] = useStoredState(reportFilters);
  const [projects, setProjects] = useStoredState(projectFilters);

  const open = useCallback((id: number, preview?: Report) => {
    setNotice(null);
    setView('reports');
    setDetail({ id, preview });
  }, []);
  useSidepanelTarget(open);
  // Stable, so the memoised rows are not rendered again when only the panel around them changes.
  const openRow = useCallback((report: Report) => open(report.id, report), [open]);

  useEffect(() => {
    // After every render until the row is back on screen (the list may still be loading).
    if (detail || returnTo.current === null) return;
    const row = document.querySelector<HTMLElement>(`[data-report-id="${returnTo.current}"]`);
    if (row) {
      row.focus();
      returnTo.current = null;
    }
  });

  const changeReports = (change: Partial<ReportFilters>) =>
    setReports((current) => ({ ...current, ...change }));

  if (detail) {
    return (
      <main className="sp">
        <ReportDetail
          key={detail.id}
          id={detail.id}
          preview={detail.preview}
          onBack={() => {
            returnTo.current = detail.id;
            setDetail(null);
          }}
          onClosed={(message) => {
            setDetail(null);
            setNotice(message);
          }}
        />
      </main>
    );
  }

  return (
    <main className="sp">
      <h1 className="visually-hidden">{i18n.t('panel.title')}</h1>
      <Tabs<View>
        label={i18n.t('panel.tabs.label')}
        idPrefix="sp"
        selected={view}
        onSelect={(next) => {
          setNotice(null);
          setView(next);
        }}
        tabs={[
          { id: 'reports', label: i18n.t('panel.tabs.reports') },
          { id: 'projects', label: i18n.t('panel.tabs.projects') },
        ]}
      />
      {notice && (
        <div className="notice notice-info" role="status">
          {notice}
        </div>
      )}
      <section role="tabpanel" id={`sp-panel-${view}`} aria-labelledby={`sp-tab-${view}`}>
        {view === 'reports' ? (
          reports ? (
            <ReportsView filters={reports} onFilters={changeReports} onOpen={openRow} />
          ) : (
            <SkeletonRows count={10} />
          )
        ) : projects ? (
          <ProjectsView
            filters={projects}
            onFilters={(change) => setProjects((current) => ({ ...current, ...change }))}
            onShow={(project) => {
              changeReports({ project: project.project, page: 1 });
              setView('reports');
            }}
          />
        ) : (
          <SkeletonRows count={10} />
        )}
      </section>
    </main>
  );
}
