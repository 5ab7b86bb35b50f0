import type {
  Declaration,
  DeclarationInput,
  DeclarationListQuery,
  DeclarationOption,
  DeclarationOptionInput,
  DeclarationOptionUpdate,
  DeclarationPage,
  DeclarationUpdate,
} from '@app/shared/declarations/declarations';
import type {
  Overnight,
  OvernightInput,
  OvernightListQuery,
  OvernightPage,
  OvernightUpdate,
} from '@app/shared/declarations/overnights';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the declarations feature:
 *
 *   ['declarations']                                  every declaration list and declaration
 *   ['declarations', 'list', userId | 'all', query]   a page (one person's, or /api/declarations)
 *   ['declarations', 'detail', id]                    one declaration
 *   ['declaration-options', kind, all]                the categories or payment types
 *   ['overnights', ...]                               the same for overnight stays
 *
 * A change invalidates its whole feature key: a decision moves a row between status tabs and
 * changes the total.
 */
export type OptionKind = 'categories' | 'payment-types';
export type ListParams<Q> = Partial<Q> & { page: number; perPage: number };

export const declarationKeys = {
  all: ['declarations'] as const,
  list: (userId: number | null, q: ListParams<DeclarationListQuery>) => ['declarations', 'list', userId ?? 'all', q] as const,
  detail: (id: number) => ['declarations', 'detail', id] as const,
  options: (kind: OptionKind, all: boolean) => ['declaration-options', kind, all] as const,
};

export const overnightKeys = {
  all: ['overnights'] as const,
  list: (userId: number | null, q: ListParams<OvernightListQuery>) => ['overnights', 'list', userId ?? 'all', q] as const,
};

/** A page of declarations: one person's (/api/users/:userId/declarations) or all in reach (/api/declarations). */
export const useDeclarations = (userId: number | null, q: ListParams<DeclarationListQuery>) =>
  useQuery({
    queryKey: declarationKeys.list(userId, q),
    queryFn: ({ signal }) =>
      api.get<DeclarationPage>(userId === null ? '/api/declarations' : `/api/users/${userId}/declarations`, {
        query: { ...q },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useDeclaration = (id: number | null) =>
  useQuery({
    queryKey: declarationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<{ data: Declaration }>(`/api/declarations/${id}`, { signal }).then((r) => r.data),
    enabled: id !== null,
  });

function useInvalidate(key: readonly string[]) {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: key });
}

export function useSaveDeclaration() {
  const invalidate = useInvalidate(declarationKeys.all);
  return useMutation({
    mutationFn: (v: { id: number; input: DeclarationUpdate } | { id: null; input: DeclarationInput }) =>
      (v.id === null
        ? api.post<{ data: Declaration }>('/api/declarations', v.input)
        : api.put<{ data: Declaration }>(`/api/declarations/${v.id}`, v.input)
      ).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteDeclaration() {
  const invalidate = useInvalidate(declarationKeys.all);
  return useMutation({
    mutationFn: (d: Pick<Declaration, 'id' | 'version'>) =>
      api.delete(`/api/declarations/${d.id}`, { query: { version: d.version } }),
    onSuccess: invalidate,
  });
}

export type DeclarationDecision = { action: 'approve' | 'pay' } | { action: 'reject'; reason: string };

export function useDecideDeclaration() {
  const invalidate = useInvalidate(declarationKeys.all);
  return useMutation({
    mutationFn: ({ d, decision }: { d: Pick<Declaration, 'id' | 'version'>; decision: DeclarationDecision }) =>
      api
        .post<{ data: Declaration }>(`/api/declarations/${d.id}/${decision.action}`, {
          version: d.version,
          ...(decision.action === 'reject' ? { reason: decision.reason } : {}),
        })
        .then((r) => r.data),
    onSuccess: invalidate,
  });
}

// ---- settings

const optionsUrl = (kind: OptionKind) => `/api/settings/declarations/${kind}`;

export const useDeclarationOptions = (kind: OptionKind, all = false) =>
  useQuery({
    queryKey: declarationKeys.options(kind, all),
    queryFn: ({ signal }) =>
      api.get<{ data: DeclarationOption[] }>(optionsUrl(kind), { query: all ? { all: 1 } : {}, signal }).then((r) => r.data),
    staleTime: 60_000,
  });

export function useSaveOption(kind: OptionKind) {
  const invalidate = useInvalidate(['declaration-options', kind]);
  return useMutation({
    mutationFn: (v: { id: number; input: DeclarationOptionUpdate } | { id: null; input: DeclarationOptionInput }) =>
      (v.id === null
        ? api.post<{ data: DeclarationOption }>(optionsUrl(kind), v.input)
        : api.put<{ data: DeclarationOption }>(`${optionsUrl(kind)}/${v.id}`, v.input)
      ).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteOption(kind: OptionKind) {
  const invalidate = useInvalidate(['declaration-options', kind]);
  return useMutation({
    mutationFn: (o: Pick<DeclarationOption, 'id' | 'version'>) =>
      api.delete(`${optionsUrl(kind)}/${o.id}`, { query: { version: o.version } }),
    onSuccess: invalidate,
  });
}

/** The projects one may book on (GET /api/hours/projects?q, the hours feature's picker): by name, at most 50. */
export type ProjectOption = { id: number; name: string };
export const useProjectOptions = (q: string) =>
  useQuery<ProjectOption[]>({
    queryKey: ['hours', 'projects', q] as const,
    queryFn: ({ signal }) =>
      api.get<{ data: ProjectOption[] }>('/api/hours/projects', { query: { q: q || undefined }, signal }).then((r) => r.data),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

// ---- overnight stays

export const useOvernights = (userId: number | null, q: ListParams<OvernightListQuery>) =>
  useQuery({
    queryKey: overnightKeys.list(userId, q),
    queryFn: ({ signal }) =>
      api.get<OvernightPage>(userId === null ? '/api/overnights' : `/api/users/${userId}/overnights`, {
        query: { ...q },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useSaveOvernight() {
  const invalidate = useInvalidate(overnightKeys.all);
  return useMutation({
    mutationFn: (v: { id: number; input: OvernightUpdate } | { id: null; input: OvernightInput }) =>
      (v.id === null
        ? api.post<{ data: Overnight }>('/api/overnights', v.input)
        : api.put<{ data: Overnight }>(`/api/overnights/${v.id}`, v.input)
      ).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteOvernight() {
  const invalidate = useInvalidate(overnightKeys.all);
  return useMutation({
    mutationFn: (o: Pick<Overnight, 'id' | 'version'>) =>
      api.delete(`/api/overnights/${o.id}`, { query: { version: o.version } }),
    onSuccess: invalidate,
  });
}

export function useDecideOvernight() {
  const invalidate = useInvalidate(overnightKeys.all);
  return useMutation({
    mutationFn: ({
      o,
      decision,
    }: {
      o: Pick<Overnight, 'id' | 'version'>;
      decision: { action: 'approve' } | { action: 'reject'; reason: string };
    }) =>
      api
        .post<{ data: Overnight }>(`/api/overnights/${o.id}/${decision.action}`, {
          version: o.version,
          ...(decision.action === 'reject' ? { reason: decision.reason } : {}),
        })
        .then((r) => r.data),
    onSuccess: invalidate,
  });
}
