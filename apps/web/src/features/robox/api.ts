import type { Page } from '@app/shared/platform/http';
import type {
  ROBOX_CATEGORY_SORTS,
  ROBOX_MATERIAL_SORTS,
  RoboxCategory,
  RoboxCategoryInput,
  RoboxCategoryUpdate,
  RoboxMaterial,
  RoboxMaterialInput,
  RoboxMaterialUpdate,
} from '@app/shared/robox/robox';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export interface MaterialListParams {
  page: number;
  perPage: number;
  sort: (typeof ROBOX_MATERIAL_SORTS)[number];
  q?: string | undefined;
  categoryId?: number | undefined;
  supplierId?: number | undefined;
  thickness?: number | undefined;
}

export interface CategoryListParams {
  page: number;
  perPage: number;
  sort: (typeof ROBOX_CATEGORY_SORTS)[number];
  q?: string | undefined;
}

export interface RoboxMaterialOption {
  id: number;
  name: string;
  code: string;
}

export const roboxKeys = {
  all: ['robox'] as const,
  materials: ['robox', 'materials'] as const,
  materialList: (q: MaterialListParams) => [...roboxKeys.materials, 'list', q] as const,
  material: (id: number) => [...roboxKeys.materials, 'detail', id] as const,
  materialOptions: ['robox', 'materials', 'options'] as const,
  categories: ['robox', 'categories'] as const,
  categoryList: (q: CategoryListParams) => [...roboxKeys.categories, 'list', q] as const,
  category: (id: number) => [...roboxKeys.categories, 'detail', id] as const,
};

// Materials

export const useRoboxMaterials = (q: MaterialListParams) =>
  useQuery({
    queryKey: roboxKeys.materialList(q),
    queryFn: ({ signal }) => api.get<Page<RoboxMaterial>>('/api/robox/materials', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

export const useRoboxMaterial = (id: number) =>
  useQuery({
    queryKey: roboxKeys.material(id),
    queryFn: ({ signal }) => api.get<{ data: RoboxMaterial }>(`/api/robox/materials/${id}`, { signal }).then((r) => r.data),
  });

/** Every material (id, name, code) for the product editor. */
export const useRoboxMaterialOptions = () =>
  useQuery({
    queryKey: roboxKeys.materialOptions,
    queryFn: ({ signal }) =>
      api.get<{ data: RoboxMaterialOption[] }>('/api/robox/materials/options', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

function useInvalidate() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: roboxKeys.all }), qc.invalidateQueries({ queryKey: ['products'] })]);
}

export function useCreateRoboxMaterial() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RoboxMaterialInput) =>
      api.post<{ data: RoboxMaterial }>('/api/robox/materials', input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdateRoboxMaterial(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RoboxMaterialUpdate) =>
      api.patch<{ data: RoboxMaterial }>(`/api/robox/materials/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(roboxKeys.material(id), saved);
      await invalidate();
    },
  });
}

export function useDeleteRoboxMaterial() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (m: Pick<RoboxMaterial, 'id' | 'version'>) =>
      api.delete(`/api/robox/materials/${m.id}`, { query: { version: m.version } }),
    onSuccess: async (_r, m) => {
      qc.removeQueries({ queryKey: roboxKeys.material(m.id) });
      await invalidate();
    },
  });
}

// Material categories

export const useRoboxCategories = (q: CategoryListParams) =>
  useQuery({
    queryKey: roboxKeys.categoryList(q),
    queryFn: ({ signal }) => api.get<Page<RoboxCategory>>('/api/robox/material-categories', { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** All categories in their order, for selects (a short list). */
export const useAllRoboxCategories = () => useRoboxCategories({ page: 1, perPage: 100, sort: 'order' });

export const useRoboxCategory = (id: number) =>
  useQuery({
    queryKey: roboxKeys.category(id),
    queryFn: ({ signal }) =>
      api.get<{ data: RoboxCategory }>(`/api/robox/material-categories/${id}`, { signal }).then((r) => r.data),
  });

export function useCreateRoboxCategory() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RoboxCategoryInput) =>
      api.post<{ data: RoboxCategory }>('/api/robox/material-categories', input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useUpdateRoboxCategory(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: RoboxCategoryUpdate) =>
      api.patch<{ data: RoboxCategory }>(`/api/robox/material-categories/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(roboxKeys.category(id), saved);
      await invalidate();
    },
  });
}

export function useDeleteRoboxCategory() {
  const qc = useQueryClient();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (c: Pick<RoboxCategory, 'id' | 'version'>) =>
      api.delete(`/api/robox/material-categories/${c.id}`, { query: { version: c.version } }),
    onSuccess: async (_r, c) => {
      qc.removeQueries({ queryKey: roboxKeys.category(c.id) });
      await invalidate();
    },
  });
}
