import type { FileInfo } from '@app/shared/files/files';
import type {
  ApproveRequestInput,
  ClientOrderListQuery,
  DenyDesignInput,
  Order,
  OrderListItem,
  OrderUpdate,
  ProductRequestInput,
  SendVersionInput,
  StaffOrderListQuery,
} from '@app/shared/orders/orders';
import type { ApproverChoice } from '@app/shared/platform/approvers';
import type { Page } from '@app/shared/platform/http';
import type { ProductListItem, PublicProductCard } from '@app/shared/products/products';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * Product requests and orders, one record seen from two sides: the portal (`client`,
 * /api/client/orders, the own company only) and the back office (`staff`, /api/orders).
 *
 * Query keys:
 *   ['orders']                              everything of this feature
 *   ['orders', side, 'list', query]         one page of a tab
 *   ['orders', side, 'detail', orderId]     one order
 *   ['orders', side, 'products', q]         the product picker's search (public catalogue / back-office products)
 *   ['orders', 'staff', 'approvers', id]    who staff can name as the order's approvers
 *
 * Every change answers the order as it is now: it replaces the detail and invalidates ['orders']
 * (lists, the dashboard block) and ['notifications'] (the bell may change after a decision).
 */
export type OrderSide = 'client' | 'staff';

export const orderBase = (side: OrderSide) => (side === 'client' ? '/api/client/orders' : '/api/orders');
/** Where an order opens in the web app on each side. */
export const orderPath = (side: OrderSide, id: number) => (side === 'client' ? `/orders/${id}` : `/requests/${id}`);

export type ClientOrderListParams = Partial<ClientOrderListQuery> & Pick<ClientOrderListQuery, 'page' | 'perPage'>;
export type StaffOrderListParams = Partial<StaffOrderListQuery> & Pick<StaffOrderListQuery, 'page' | 'perPage'>;

export const orderKeys = {
  all: ['orders'] as const,
  list: (side: OrderSide, q: ClientOrderListParams | StaffOrderListParams) => ['orders', side, 'list', q] as const,
  detail: (side: OrderSide, id: number) => ['orders', side, 'detail', id] as const,
  products: (side: OrderSide, q: string) => ['orders', side, 'products', q] as const,
  approvers: (id: number) => ['orders', 'staff', 'approvers', id] as const,
};

/** Who staff can name as the order's approvers: the users of its company who can sign in (GET /api/orders/:orderId/approvers). */
export const useOrderApproverChoices = (id: number) =>
  useQuery({
    queryKey: orderKeys.approvers(id),
    queryFn: ({ signal }) => api.get<{ data: ApproverChoice[] }>(`/api/orders/${id}/approvers`, { signal }).then((r) => r.data),
    staleTime: 60_000,
  });

/** One page of the portal's orders (GET /api/client/orders) or of the back office's requests (GET /api/orders). */
export const useOrders = (side: OrderSide, q: ClientOrderListParams | StaffOrderListParams, enabled = true) =>
  useQuery({
    queryKey: orderKeys.list(side, q),
    queryFn: ({ signal }) => api.get<Page<OrderListItem>>(orderBase(side), { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useOrder = (side: OrderSide, id: number) =>
  useQuery({
    queryKey: orderKeys.detail(side, id),
    queryFn: ({ signal }) => api.get<{ data: Order }>(`${orderBase(side)}/${id}`, { signal }).then((r) => r.data),
  });

/** A catalogue product as the pickers show it. */
export interface ProductOption {
  id: number;
  name: string;
  thumbUrl: string | null;
}

/**
 * Products to pick from: the portal searches the public catalogue (published products), the back
 * office its own products list (published or not).
 */
export const useProductOptions = (side: OrderSide, q: string, lang: string, enabled: boolean) =>
  useQuery<ProductOption[]>({
    queryKey: [...orderKeys.products(side, q), lang],
    queryFn: async ({ signal }) => {
      if (side === 'client') {
        const res = await api.get<Page<PublicProductCard>>('/api/public/products', {
          query: { q: q || undefined, perPage: 20, lang: lang === 'en' ? 'en' : 'nl', sort: q ? 'name' : 'order' },
          signal,
        });
        return res.data.map((p) => ({ id: p.id, name: lang === 'en' ? p.nameEn || p.nameNl : p.nameNl, thumbUrl: p.thumbUrl }));
      }
      const res = await api.get<Page<ProductListItem>>('/api/products', {
        query: { q: q || undefined, perPage: 20, sort: 'name' },
        signal,
      });
      return res.data.map((p) => ({ id: p.id, name: lang === 'en' ? p.nameEn || p.nameNl : p.nameNl, thumbUrl: p.thumbUrl }));
    },
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export type { FileInfo };

function useOrderChanged(side: OrderSide) {
  const qc = useQueryClient();
  return async (saved: Order) => {
    qc.setQueryData(orderKeys.detail(side, saved.id), saved);
    await Promise.all([
      qc.invalidateQueries({
        queryKey: orderKeys.all,
        predicate: (q) => q.queryKey[2] !== 'detail' || q.queryKey[3] !== saved.id,
      }),
      qc.invalidateQueries({ queryKey: ['notifications'] }),
    ]);
  };
}

/** A client's product request (POST /api/client/orders). */
export function useCreateOrderRequest() {
  const changed = useOrderChanged('client');
  return useMutation({
    mutationFn: (input: ProductRequestInput) => api.post<{ data: Order }>('/api/client/orders', input).then((r) => r.data),
    onSuccess: changed,
  });
}

/** Title, description and quantity with the version they are based on (PUT, both sides). */
export function useUpdateOrder(side: OrderSide, id: number) {
  const changed = useOrderChanged(side);
  return useMutation({
    mutationFn: (input: OrderUpdate) => api.put<{ data: Order }>(`${orderBase(side)}/${id}`, input).then((r) => r.data),
    onSuccess: changed,
  });
}

/** The bodies of the order's actions (POST <base>/:orderId/<action>). */
export interface OrderActionBodies {
  'approve-request': ApproveRequestInput;
  'decline-request': { version: number; reason: string };
  versions: SendVersionInput;
  files: { fileIds: number[] };
  complete: { version: number };
  'approve-design': { version: number };
  'deny-design': DenyDesignInput;
  'more-info': { comment: string };
}
export type OrderAction = keyof OrderActionBodies;

/**
 * One of the order's actions. Each answers the order as it is now. A refusal (someone else decided
 * first, a stale version) reloads the order, so the page shows what happened and the buttons the
 * server allows now.
 */
export function useOrderAction<A extends OrderAction>(side: OrderSide, id: number, action: A) {
  const qc = useQueryClient();
  const changed = useOrderChanged(side);
  return useMutation({
    mutationFn: (body: OrderActionBodies[A]) =>
      api.post<{ data: Order }>(`${orderBase(side)}/${id}/${action}`, body).then((r) => r.data),
    onSuccess: changed,
    onError: () => qc.invalidateQueries({ queryKey: orderKeys.detail(side, id) }),
  });
}

/**
 * A word in one of the client's question threads, answering the order: staff answer it (POST
 * /api/orders/:orderId/questions/:eventId/answers), the client follows up on it (POST
 * /api/client/orders/:orderId/questions/:eventId/replies).
 */
export function useQuestionReply(side: OrderSide, orderId: number, eventId: number) {
  const qc = useQueryClient();
  const changed = useOrderChanged(side);
  const path = side === 'staff' ? 'answers' : 'replies';
  return useMutation({
    mutationFn: (body: { comment: string }) =>
      api.post<{ data: Order }>(`${orderBase(side)}/${orderId}/questions/${eventId}/${path}`, body).then((r) => r.data),
    onSuccess: changed,
    onError: () => qc.invalidateQueries({ queryKey: orderKeys.detail(side, orderId) }),
  });
}

/** The client orders a completed order again (POST /api/client/orders/:orderId/reorder): answers the new order. */
export function useReorder(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { quantity?: number }) =>
      api.post<{ data: Order }>(`/api/client/orders/${id}/reorder`, body).then((r) => r.data),
    onSuccess: async (created) => {
      qc.setQueryData(orderKeys.detail('client', created.id), created);
      await qc.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
