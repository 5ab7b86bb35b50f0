import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/**
 * Catalogue: Catalogus > Artikelen > Artikelen synchroniseren. Each page's title is its
 * label in the sidebar and its breadcrumb (features/home/catalogue-sections.tsx).
 */
export const articleRoutes: RouteObject[] = [
  {
    path: 'articles',
    handle: meta({
      name: 'articles.index',
      title: 'articles.list.title',
      parent: 'catalogue.index',
      permission: ['articles.view'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ArticlesPage')).ArticlesPage }),
  },
  {
    path: 'articles/:articleId',
    handle: meta({ name: 'articles.show', slug: 'articleId', parent: 'articles.index', permission: ['articles.view'] }),
    lazy: async () => ({ Component: (await import('./pages/ArticlePage')).ArticlePage }),
  },
  {
    path: 'sync',
    handle: meta({
      name: 'articles.sync',
      title: 'articles.sync.title',
      parent: 'articles.index',
      permission: ['articles.sync'],
    }),
    lazy: async () => ({ Component: (await import('./pages/SyncPage')).SyncPage }),
  },
];
