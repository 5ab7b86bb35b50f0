import type { Page } from '@app/shared/platform/http';
import {
  ATTRIBUTE_KINDS,
  type ATTRIBUTE_SORTS,
  type Attribute,
  type AttributeInput,
  type AttributeKind,
  type AttributeRef,
  type AttributeUpdate,
} from '@app/shared/products/attributes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface AttributeListParams {
  page: number;
  perPage: number;
  sort: (typeof ATTRIBUTE_SORTS)[number];
  q?: string | undefined;
}

/** An attribute as the selects and filters use it. */
export type AttributeOption = AttributeRef & { typeGroupId?: number | null };
export type AttributeOptions = Record<AttributeKind, AttributeOption[]>;

export const attributeKeys = {
  all: ['attributes'] as const,
  overview: ['attributes', 'overview'] as const,
  options: ['attributes', 'options'] as const,
  list: (kind: AttributeKind, q: AttributeListParams) => [...attributeKeys.all, 'list', kind, q] as const,
};

export const isAttributeKind = (v: unknown): v is AttributeKind =>
  typeof v === 'string' && (ATTRIBUTE_KINDS as readonly string[]).includes(v);

export const useAttributeOverview = () =>
  useQuery({
    queryKey: attributeKeys.overview,
    queryFn: ({ signal }) =>
      api
        .get<{ data: { kind: AttributeKind; count: number }[] }>('/api/attributes', { signal })
        .then((r) => Object.fromEntries(r.data.map((x) => [x.kind, x.count])) as Partial<Record<AttributeKind, number>>),
  });

/** Groups the options by kind; takes a flat list or one already grouped. */
export function groupOptions(data: AttributeOption[] | Partial<Record<AttributeKind, AttributeOption[]>>): AttributeOptions {
  const out = Object.fromEntries(ATTRIBUTE_KINDS.map((k) => [k, [] as AttributeOption[]])) as AttributeOptions;
  if (Array.isArray(data)) {
    for (const a of data) if (isAttributeKind(a.kind)) out[a.kind].push(a);
  } else {
    for (const k of ATTRIBUTE_KINDS) out[k] = (data[k] ?? []).map((a) => ({ ...a, kind: a.kind ?? k }));
  }
  return out;
}

/** Every attribute of every kind, for selects and filters (small lists, one call). */
export const useAttributeOptions = () =>
  useQuery({
    queryKey: attributeKeys.options,
    queryFn: ({ signal }) =>
      api
        .get<{ data: AttributeOption[] | Partial<Record<AttributeKind, AttributeOption[]>> }>('/api/attributes/options', {
          signal,
        })
        .then((r) => groupOptions(r.data)),
    staleTime: 5 * 60_000,
  });

export const useAttributes = (kind: AttributeKind, q: AttributeListParams) =>
  useQuery({
    queryKey: attributeKeys.list(kind, q),
    queryFn: ({ signal }) => api.get<Page<Attribute>>(`/api/attributes/${kind}`, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

function useInvalidateAttributes() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: attributeKeys.all }),
      // Product lists and editors show attribute names.
      qc.invalidateQueries({ queryKey: ['products'] }),
    ]);
}

export function useCreateAttribute(kind: AttributeKind) {
  const invalidate = useInvalidateAttributes();
  return useMutation({
    mutationFn: (input: AttributeInput) => api.post<{ data: Attribute }>(`/api/attributes/${kind}`, input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdateAttribute(kind: AttributeKind) {
  const invalidate = useInvalidateAttributes();
  return useMutation({
    mutationFn: ({ id, ...input }: AttributeUpdate & { id: number }) =>
      api.patch<{ data: Attribute }>(`/api/attributes/${kind}/${id}`, input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useDeleteAttribute(kind: AttributeKind) {
  const invalidate = useInvalidateAttributes();
  return useMutation({
    mutationFn: (a: Pick<Attribute, 'id' | 'version'>) =>
      api.delete(`/api/attributes/${kind}/${a.id}`, { query: { version: a.version } }),
    onSuccess: invalidate,
  });
}
