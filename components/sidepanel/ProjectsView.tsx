import { i18n } from '#i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Project, ProjectSortBy } from '@/lib/api/schemas';
import { useApi } from '@/lib/queries/api-provider';
import { prefetchNextPage } from '@/lib/queries/prefetch-next-page';
import { projectQueries } from '@/lib/queries/project-queries';
import type { ProjectFilters } from '@/lib/storage';
import { projectListParams } from '@/lib/sidepanel/filters';
import { DeleteProjectDialog } from './DeleteProjectDialog';
import { DirectionAndPerPage } from './DirectionAndPerPage';
import { ErrorState } from './ErrorState';
import { PagedList } from './PagedList';
import { ProjectRows } from './ProjectRows';
import { SearchField } from './SearchField';
import { Select } from './Select';

interface ProjectsViewProps {
  filters: ProjectFilters;
  onFilters: (change: Partial<ProjectFilters>) => void;
  /** Opens the reports list filtered to this project. */
  onShow: (project: Project) => void;
}

/** Every parameter of GET /projects, the rows, paging, and deleting a project. */
export function ProjectsView({ filters, onFilters, onShow }: ProjectsViewProps) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<Project | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const params = projectListParams(filters);
  const { data, isPlaceholderData, error, refetch } = useQuery(projectQueries.list(api, params));
  const set = (change: Partial<ProjectFilters>) => onFilters({ ...change, page: 1 });
  const prefetchNext = () => {
    if (!isPlaceholderData) void prefetchNextPage(queryClient, api, 'projects', params, data);
  };

  return (
    <div className="stack">
      <div className="sp-filters" role="search" aria-label={i18n.t('panel.projects.filters')}>
        <SearchField
          label={i18n.t('panel.projects.search')}
          value={filters.search}
          onSearch={(search) => set({ search })}
        />
        <Select
          label={i18n.t('panel.projects.sortBy')}
          value={filters.sortBy}
          options={[
            ['created_at', i18n.t('panel.projects.sortCreated')],
            ['project', i18n.t('panel.projects.sortName')],
          ]}
          onChange={(sortBy) => set({ sortBy: sortBy as ProjectSortBy })}
        />
        <DirectionAndPerPage
          sort={filters.sort}
          kind={filters.sortBy === 'project' ? 'text' : 'date'}
          perPage={filters.perPage}
          onChange={set}
        />
      </div>
      {notice && (
        <div className="notice notice-info" role="status">
          {notice}
        </div>
      )}
      {error && data && <ErrorState error={error} onRetry={() => void refetch()} />}
      <PagedList
        data={data}
        isPlaceholderData={isPlaceholderData}
        error={error}
        onRetry={() => void refetch()}
        page={filters.page}
        perPage={filters.perPage}
        onPage={(page) => onFilters({ page })}
        empty={
          filters.search
            ? i18n.t('panel.projects.emptyFiltered')
            : i18n.t('panel.projects.emptyAll')
        }
        pagerLabel={i18n.t('panel.projects.pages')}
        onReachPager={prefetchNext}
        rows={(projects, stale) => (
          <ProjectRows
            projects={projects}
            stale={stale}
            onShow={onShow}
            onDelete={(project) => {
              setNotice(null);
              setDeleting(project);
            }}
          />
        )}
      />
      <DeleteProjectDialog
        project={deleting}
        onClose={(deleted) => {
          if (deleted) setNotice(i18n.t('panel.projects.deleted', [deleted.project]));
          setDeleting(null);
        }}
      />
    </div>
  );
}
