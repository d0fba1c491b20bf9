import { i18n } from '#i18n';
import type { Project } from '@/lib/api/schemas';
import { describeError } from '@/lib/api/describe-error';
import { useDeleteProject } from '@/lib/queries/project-mutations';
import { ConfirmDialog } from './ConfirmDialog';

interface DeleteProjectDialogProps {
  /** The project to confirm deleting; null when closed. */
  project: Project | null;
  /** With the deleted project, or null when cancelled. */
  onClose: (deleted: Project | null) => void;
}

/** "Delete project example.com? 52 reports will be deleted with it." */
export function DeleteProjectDialog({ project, onClose }: DeleteProjectDialogProps) {
  const mutation = useDeleteProject();
  const count = project?.reports_count;
  return (
    <ConfirmDialog
      open={project != null}
      title={project ? i18n.t('panel.projects.confirmTitle', [project.project]) : ''}
      confirmLabel={i18n.t('panel.projects.delete')}
      busy={mutation.isPending}
      onCancel={() => {
        mutation.reset();
        onClose(null);
      }}
      onConfirm={() => {
        if (!project) return;
        mutation.mutate(project.project, {
          onSuccess: () => {
            mutation.reset();
            onClose(project);
          },
        });
      }}
    >
      <p>
        {count != null
          ? i18n.t('panel.projects.confirmBody', count)
          : i18n.t('panel.projects.confirmBodyUnknown')}
      </p>
      {mutation.error && (
        <p className="notice notice-error" role="alert">
          {describeError(mutation.error).title}
        </p>
      )}
    </ConfirmDialog>
  );
}
