import { i18n } from '#i18n';
import { RelativeTime } from '@/components/RelativeTime';
import type { Project } from '@/lib/api/schemas';

interface ProjectRowsProps {
  projects: readonly Project[];
  stale: boolean;
  onShow: (project: Project) => void;
  onDelete: (project: Project) => void;
}

/** One row per project: its name (opens its reports), created date, reports count, Delete. */
export function ProjectRows({ projects, stale, onShow, onDelete }: ProjectRowsProps) {
  return (
    <ul
      className="sp-rows"
      aria-label={i18n.t('panel.projects.listLabel')}
      aria-busy={stale || undefined}
      data-stale={stale || undefined}
    >
      {projects.map((project) => (
        <li key={project.project} className="sp-project">
          <button
            type="button"
            className="sp-row"
            aria-label={i18n.t('panel.projects.showReports', [project.project])}
            onClick={() => onShow(project)}
          >
            <span className="sp-row-url">{project.project}</span>
            <span className="sp-row-meta">
              {project.created_at && <RelativeTime iso={project.created_at} />}
              {project.reports_count != null && (
                <span>{i18n.t('panel.projects.reportsCount', project.reports_count)}</span>
              )}
            </span>
          </button>
          <button
            type="button"
            className="danger sp-project-delete"
            aria-label={i18n.t('panel.projects.deleteNamed', [project.project])}
            onClick={() => onDelete(project)}
          >
            {i18n.t('panel.projects.delete')}
          </button>
        </li>
      ))}
    </ul>
  );
}
