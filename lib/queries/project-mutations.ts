/**
 * Deleting a project deletes its reports (CONTRACT.md): the project lists and everything about
 * reports are invalidated, and cached details of that project's reports are dropped.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Report } from '../api/schemas';
import { useApi } from './api-provider';
import { projectQueries } from './project-queries';
import { reportQueries } from './report-queries';

export function useDeleteProject() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.deleteProject(name),
    onSuccess: (_answer, name) => {
      queryClient.removeQueries({
        queryKey: reportQueries.details(),
        predicate: (query) => (query.state.data as Report | undefined)?.project === name,
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueries.all() }),
        queryClient.invalidateQueries({ queryKey: reportQueries.all() }),
      ]);
    },
  });
}
