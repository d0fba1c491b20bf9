/**
 * TanStack Query options for projects:
 *
 *   ['projects']                    projectQueries.all()
 *   ['projects', 'list']            projectQueries.lists()
 *   ['projects', 'list', {params}]  projectQueries.list(api, params).queryKey
 */
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Api, ProjectListParams } from '../api/create-api';
import { cleanParams } from './clean-params';

export const projectQueries = {
  all: () => ['projects'] as const,
  lists: () => [...projectQueries.all(), 'list'] as const,
  list: (api: Api, params: ProjectListParams = {}) => {
    const clean = cleanParams(params);
    return queryOptions({
      queryKey: [...projectQueries.lists(), clean] as const,
      queryFn: ({ signal }) => api.listProjects(clean, { signal }),
      placeholderData: keepPreviousData,
    });
  },
};
