import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/**
 * The portal's orders: the archive with its switch, the request form and one request or
 * order. Crumbs: Bestellingen > {title}.
 */
export const portalOrderRoutes: RouteObject[] = [
  {
    path: 'orders',
    handle: meta({ name: 'orders.index', title: 'orders.list.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/OrdersPage')).OrdersPage }),
  },
  {
    path: 'orders/new',
    handle: meta({ name: 'orders.create', title: 'orders.request.title', parent: 'orders.index' }),
    lazy: async () => ({ Component: (await import('./pages/OrderRequestPage')).OrderRequestPage }),
  },
  {
    path: 'orders/:orderId',
    handle: meta({ name: 'orders.show', slug: 'orderId', parent: 'orders.index' }),
    lazy: async () => ({ Component: (await import('./pages/OrderPage')).OrderPage }),
  },
];

/** The back office's requests (companies.manage): the tabs list and one request or order. */
export const requestRoutes: RouteObject[] = [
  {
    path: 'requests',
    handle: meta({ name: 'requests.index', title: 'orders.staff.title', parent: 'home', permission: ['companies.manage'] }),
    lazy: async () => ({ Component: (await import('./pages/RequestsPage')).RequestsPage }),
  },
  {
    path: 'requests/:orderId',
    handle: meta({ name: 'requests.show', slug: 'orderId', parent: 'requests.index', permission: ['companies.manage'] }),
    lazy: async () => ({ Component: (await import('./pages/OrderPage')).RequestPage }),
  },
];
