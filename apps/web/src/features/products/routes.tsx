import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** The back office's products (Catalogus > Producten > Producten sorteren) and attributes (Catalogus > Attributen). */
export const productRoutes: RouteObject[] = [
  {
    path: 'products',
    handle: meta({
      name: 'articles.products-index',
      title: 'products.list.title',
      parent: 'catalogue.index',
      permission: ['products.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ProductsPage')).ProductsPage }),
  },
  {
    path: 'products/:productId',
    handle: meta({
      name: 'products.edit',
      slug: 'productId',
      parent: 'articles.products-index',
      permission: ['products.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ProductEditPage')).ProductEditPage }),
  },
  {
    path: 'order',
    handle: meta({
      name: 'product.order',
      title: 'products.order.title',
      parent: 'articles.products-index',
      permission: ['products.sort'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ProductOrderPage')).ProductOrderPage }),
  },
  {
    path: 'attributes',
    handle: meta({
      name: 'product.attributes',
      title: 'attributes.title',
      parent: 'catalogue.index',
      permission: ['products.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/AttributesPage')).AttributesPage }),
  },
  {
    path: 'attributes/:kind',
    handle: meta({
      name: 'attributes.archive',
      title: 'attributes.kinds',
      titleParam: 'kind',
      parent: 'product.attributes',
      permission: ['products.manage'],
    }),
    lazy: async () => ({
      Component: (await import('./pages/AttributeArchivePage')).AttributeArchivePage,
    }),
  },
];
