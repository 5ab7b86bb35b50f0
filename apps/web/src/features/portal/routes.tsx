import type { RouteObject } from 'react-router';
import { meta, type RouteMeta } from '../../platform/route-meta';
import { session } from '../../platform/session';

/** The portal's own pages (company users, and employees acting as a company): each one a lazy chunk. */
export const portalRoutes: RouteObject[] = [
  {
    index: true,
    handle: meta({ name: 'home', title: 'portal.home.title' }),
    lazy: async () => ({ Component: (await import('./pages/CustomerHomePage')).CustomerHomePage }),
  },
  {
    path: 'project/:projectId',
    handle: meta({ name: 'projects.show', slug: 'projectId', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/PortalProjectPage')).PortalProjectPage }),
  },
  {
    path: 'project/:projectId/areas',
    handle: meta({ name: 'project-areas.index', title: 'portal.areas.title', parent: 'projects.show' }),
    lazy: async () => ({ Component: (await import('./pages/PortalAreasPage')).PortalAreasPage }),
  },
  {
    path: 'project/:projectId/areas/:areaId',
    handle: meta({ name: 'project-areas.single', slug: 'areaId', parent: 'project-areas.index' }),
    lazy: async () => ({ Component: (await import('./pages/PortalAreaPage')).PortalAreaPage }),
  },
  {
    path: 'project/:projectId/areas/:areaId/subareas',
    handle: meta({ name: 'project-area-subareas.index', title: 'portal.subareas.title', parent: 'project-areas.single' }),
    lazy: async () => ({ Component: (await import('./pages/PortalSubareasPage')).PortalSubareasPage }),
  },
  {
    path: 'task/:taskId',
    handle: meta({ name: 'task.show', slug: 'taskId', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/PortalTaskPage')).PortalTaskPage }),
  },
  {
    path: 'task/:taskId/subtask/:subTaskId',
    handle: meta({ name: 'subtask.show', slug: 'subTaskId', parent: 'task.show' }),
    lazy: async () => ({ Component: (await import('./pages/PortalSubtaskPage')).PortalSubtaskPage }),
  },
  {
    path: 'company-products',
    handle: meta({ name: 'company-products.index', title: 'portal.companyProducts.title', parent: 'home' }),
    lazy: async () => ({
      Component: (await import('./pages/CompanyProductsPage')).CompanyProductsPage,
    }),
  },
  {
    path: 'company-products/:projectId/:orderlineId',
    handle: meta({ name: 'project-orderlines.show', slug: 'orderlineId', parent: 'company-products.index' }),
    lazy: async () => ({
      Component: (await import('./pages/PortalOrderLinePage')).PortalOrderLinePage,
    }),
  },
  {
    path: 'product-files',
    handle: meta({ name: 'product-files.index', title: 'portal.productFiles.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/ProductFilesPage')).ProductFilesPage }),
  },
  {
    path: 'product-files/:companyProductId',
    handle: meta({ name: 'product-files.show', slug: 'companyProductId', parent: 'product-files.index' }),
    lazy: async () => ({
      Component: (await import('./pages/PortalCompanyProductPage')).PortalCompanyProductPage,
    }),
  },
  {
    path: 'news',
    handle: meta({ name: 'news.index', title: 'portal.news.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/NewsPage')).NewsPage }),
  },
  {
    path: 'news/:postId',
    handle: meta({ name: 'news.show', slug: 'postId', parent: 'news.index' }),
    lazy: async () => ({ Component: (await import('./pages/NewsPostPage')).NewsPostPage }),
  },
  {
    path: 'users',
    handle: meta({ name: 'portal-users.index', title: 'portal.users.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/PortalUsersPage')).PortalUsersPage }),
  },
];

/**
 * A back-office address in the portal. Acting as a company it is the "this belongs to the back
 * office" page; for a company's own user it is simply not found (title included).
 */
const backOfficeMeta: RouteMeta = {
  name: 'back-office',
  get title() {
    return session.get().actingAs ? 'portal.backOffice.title' : 'common.notFound.title';
  },
};

/** The portal's answer to each back-office address (`paths`: their first segments, without a slash). */
export function backOfficeRoutes(paths: readonly string[]): RouteObject[] {
  return paths.map(
    (path): RouteObject => ({
      path: `${path}/*`,
      handle: backOfficeMeta,
      lazy: async () => ({ Component: (await import('./pages/BackOfficePage')).BackOfficePage }),
    }),
  );
}
