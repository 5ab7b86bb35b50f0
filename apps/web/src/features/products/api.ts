import type { Page } from '@app/shared/platform/http';
import type { ProductAttributeKind } from '@app/shared/products/attributes';
import type { CompletenessFilter } from '@app/shared/products/completeness.rules';
import type {
  PRODUCT_SORTS,
  ProductCreate,
  ProductDetail,
  ProductListItem,
  ProductOrder,
  ProductSave,
} from '@app/shared/products/products';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { articleKeys } from '../articles/api';

export interface ProductListParams {
  page: number;
  perPage: number;
  sort: (typeof PRODUCT_SORTS)[number];
  q?: string | undefined;
  published?: 'yes' | 'no' | undefined;
  /** Catalogue completeness: yes complete in both languages, no incomplete in one, nl/en incomplete in that language. */
  complete?: CompletenessFilter | undefined;
  /** Per attribute kind the ids to match (any of them); sent as comma lists. */
  filters: Partial<Record<ProductAttributeKind, number[]>>;
}

export const productKeys = {
  all: ['products'] as const,
  list: (q: ProductListParams) => [...productKeys.all, 'list', q] as const,
  search: (q: string) => [...productKeys.all, 'search', q] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
  order: (categoryId: number | null) => [...productKeys.all, 'order', categoryId ?? 'all'] as const,
};

export const toQuery = (q: ProductListParams) => {
  const filters = Object.fromEntries(
    Object.entries(q.filters)
      .filter(([, ids]) => ids && ids.length > 0)
      .map(([kind, ids]) => [kind, (ids as number[]).join(',')]),
  );
  return { page: q.page, perPage: q.perPage, sort: q.sort, q: q.q, published: q.published, complete: q.complete, ...filters };
};

export const useProducts = (q: ProductListParams) =>
  useQuery({
    queryKey: productKeys.list(q),
    queryFn: ({ signal }) => api.get<Page<ProductListItem>>('/api/products', { query: toQuery(q), signal }),
    placeholderData: keepPreviousData,
  });

/** Products to pick from (parent, related): a short search by name. */
export const useProductSearch = (q: string, enabled = true) =>
  useQuery({
    queryKey: productKeys.search(q),
    queryFn: ({ signal }) =>
      api.get<Page<ProductListItem>>('/api/products', { query: { q: q || undefined, perPage: 20, sort: 'name' }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });

export const useProduct = (id: number) =>
  useQuery({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => api.get<{ data: ProductDetail }>(`/api/products/${id}`, { signal }).then((r) => r.data),
  });

function useInvalidateProducts() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: productKeys.all, predicate: (q) => q.queryKey[1] !== 'detail' }),
      // An article shows the product made from it.
      qc.invalidateQueries({ queryKey: articleKeys.all }),
    ]);
}

export function useCreateProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (input: ProductCreate) => api.post<{ data: ProductDetail }>('/api/products', input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useSaveProduct(id: number) {
  const qc = useQueryClient();
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (input: ProductSave) => api.put<{ data: ProductDetail }>(`/api/products/${id}`, input).then((r) => r.data),
    onSuccess: async (saved) => {
      qc.setQueryData(productKeys.detail(id), saved);
      await invalidate();
    },
  });
}

export function useDeleteProduct() {
  const qc = useQueryClient();
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (p: Pick<ProductDetail, 'id' | 'version'>) =>
      api.delete(`/api/products/${p.id}`, { query: { version: p.version } }),
    onSuccess: async (_r, p) => {
      qc.removeQueries({ queryKey: productKeys.detail(p.id) });
      await invalidate();
    },
  });
}

// Manual order ('Producten sorteren')

export const useProductOrder = (categoryId: number | null) =>
  useQuery({
    queryKey: productKeys.order(categoryId),
    queryFn: ({ signal }) =>
      api
        .get<{ data: ProductOrder }>('/api/products/order', { query: { categoryId: categoryId ?? undefined }, signal })
        .then((r) => r.data),
    // Someone else may be sorting too: their moves show when this tab comes back into view.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });

export const reorder = <T>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

const moveKey = ['products', 'order', 'move'] as const;

/**
 * Moves one product within a scope: the list changes at once (optimistic), the server's answer
 * replaces it, a failure puts the old order back; after the last pending move the order is refetched.
 */
export function useMoveProduct(categoryId: number | null) {
  const qc = useQueryClient();
  const key = productKeys.order(categoryId);
  return useMutation({
    mutationKey: moveKey,
    mutationFn: (m: { productId: number; from: number; toIndex: number }) =>
      api.post<{ data: ProductOrder } | undefined>('/api/products/order/move', {
        productId: m.productId,
        toIndex: m.toIndex,
        categoryId,
      }),
    onMutate: async (m) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData<ProductOrder>(key);
      if (previous) {
        const items = reorder(previous.items, m.from, m.toIndex).map((item, position) => ({ ...item, position }));
        qc.setQueryData<ProductOrder>(key, { ...previous, items });
      }
      return { previous };
    },
    onError: (_err, _m, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
    },
    onSettled: async () => {
      if (qc.isMutating({ mutationKey: moveKey }) === 1) await qc.invalidateQueries({ queryKey: key });
    },
  });
}
