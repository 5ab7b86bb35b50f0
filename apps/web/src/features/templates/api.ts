import type { Page } from '@app/shared/platform/http';
import type {
  Template,
  TemplateApplication,
  TemplateListQuery,
  TemplateSave,
  TemplateSummary,
  TemplateUpdate,
} from '@app/shared/templates/templates';
import { applicationActive } from '@app/shared/templates/templates.rules';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the templates feature:
 *
 *   ['templates']                                   everything about templates
 *   ['templates', 'list', query]                    the list (GET /api/templates)
 *   ['templates', id]                               one template with its areas
 *   ['templates', 'applications', projectId]        the project's latest application (polled while it runs)
 *
 * Applying changes the project's areas: when an application finishes, ['projects', projectId] is invalidated.
 */
export const templateKeys = {
  all: ['templates'] as const,
  list: (q: TemplateListQuery) => ['templates', 'list', q] as const,
  detail: (id: number) => ['templates', id] as const,
  latest: (projectId: number) => ['templates', 'applications', projectId] as const,
};

/** How often the progress of a running application is asked for. */
export const POLL_MS = 1000;

export const useTemplates = (q: TemplateListQuery) =>
  useQuery({
    queryKey: templateKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<TemplateSummary>>('/api/templates', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useTemplate = (id: number | null) =>
  useQuery({
    queryKey: templateKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: Template }>(`/api/templates/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });

/**
 * The project's latest application: polled every second while it is queued or running, so the
 * progress bar moves; when it finishes, the project's areas are loaded again.
 */
export function useLatestApplication(projectId: number) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: templateKeys.latest(projectId),
    queryFn: async ({ signal }) => {
      const before = qc.getQueryData<TemplateApplication | null>(templateKeys.latest(projectId));
      const r = await api.get<Page<TemplateApplication>>(`/api/projects/${projectId}/template-applications`, {
        query: { perPage: 1 },
        signal,
      });
      const latest = r.data[0] ?? null;
      if (before && applicationActive(before.status) && latest && !applicationActive(latest.status)) {
        void qc.invalidateQueries({ queryKey: ['projects', projectId] });
      }
      return latest;
    },
    refetchInterval: (q) => (q.state.data && applicationActive(q.state.data.status) ? POLL_MS : false),
  });
}

export function useApplyTemplate(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) =>
      api
        .post<{ data: TemplateApplication }>(`/api/projects/${projectId}/template-applications`, { templateId })
        .then((r) => r.data),
    onSuccess: async (a) => {
      qc.setQueryData(templateKeys.latest(projectId), a);
      if (!applicationActive(a.status)) await qc.invalidateQueries({ queryKey: ['projects', projectId] });
      await qc.invalidateQueries({ queryKey: templateKeys.latest(projectId) });
    },
  });
}

export function useSaveTemplate(projectId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: TemplateSave) =>
      api.post<{ data: Template }>(`/api/projects/${projectId}/templates`, input).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useRenameTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: TemplateUpdate & { id: number }) =>
      api.patch<{ data: Template }>(`/api/templates/${id}`, input).then((r) => r.data),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (t: Pick<TemplateSummary, 'id' | 'version'>) =>
      api.delete<void>(`/api/templates/${t.id}`, { query: { version: t.version } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
