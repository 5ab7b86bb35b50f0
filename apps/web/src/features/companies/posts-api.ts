import type { CompanyPost, CompanyPostInput, CompanyPostListQuery, CompanyPostUpdate } from '@app/shared/companies/company-posts';
import type { Page } from '@app/shared/platform/http';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of a company's news (company.posts), below ['companies'] like the rest of a company:
 *
 *   ['companies', 'posts', companyId]                      everything about one company's news
 *   ['companies', 'posts', companyId, 'list', query]       the list, per status filter, search and page
 *   ['companies', 'posts', companyId, 'detail', postId]    one post (the editor)
 *
 * A save puts the saved post in its detail key and invalidates the company's news.
 */
export const companyPostKeys = {
  all: (companyId: number) => ['companies', 'posts', companyId] as const,
  list: (companyId: number, q: CompanyPostListQuery) => [...companyPostKeys.all(companyId), 'list', q] as const,
  detail: (companyId: number, id: number) => [...companyPostKeys.all(companyId), 'detail', id] as const,
};

export const useCompanyPosts = (companyId: number, q: CompanyPostListQuery) =>
  useQuery({
    queryKey: companyPostKeys.list(companyId, q),
    queryFn: ({ signal }) => api.get<Page<CompanyPost>>(`/api/companies/${companyId}/posts`, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useCompanyPost = (companyId: number, id: number) =>
  useQuery({
    queryKey: companyPostKeys.detail(companyId, id),
    queryFn: ({ signal }) =>
      api.get<{ data: CompanyPost }>(`/api/companies/${companyId}/posts/${id}`, { signal }).then((r) => r.data),
  });

function useInvalidate(companyId: number) {
  const qc = useQueryClient();
  return (saved?: CompanyPost) => {
    if (saved) qc.setQueryData(companyPostKeys.detail(companyId, saved.id), saved);
    return qc.invalidateQueries({ queryKey: [...companyPostKeys.all(companyId), 'list'] });
  };
}

export function useCreatePost(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: (input: CompanyPostInput) =>
      api.post<{ data: CompanyPost }>(`/api/companies/${companyId}/posts`, input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useUpdatePost(companyId: number) {
  const invalidate = useInvalidate(companyId);
  return useMutation({
    mutationFn: ({ id, ...input }: CompanyPostUpdate & { id: number }) =>
      api.put<{ data: CompanyPost }>(`/api/companies/${companyId}/posts/${id}`, input).then((r) => r.data),
    onSuccess: (saved) => invalidate(saved),
  });
}

export function useDeletePost(companyId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { id: number; version: number }) =>
      api.delete<void>(`/api/companies/${companyId}/posts/${p.id}`, { query: { version: p.version } }),
    onSuccess: (_r, p) => {
      qc.removeQueries({ queryKey: companyPostKeys.detail(companyId, p.id) });
      return qc.invalidateQueries({ queryKey: [...companyPostKeys.all(companyId), 'list'] });
    },
  });
}
