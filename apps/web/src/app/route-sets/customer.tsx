import type { RouteObject } from 'react-router';
import { portalDrawingRoutes } from '../../features/drawings/routes';
import { portalOrderRoutes } from '../../features/orders/routes';
import { BACK_OFFICE_PATHS } from '../back-office-paths';
import { CustomerLayout } from '../layouts/CustomerLayout';
import type { RouteMeta } from '../route-meta';
import { session } from '../session';
import { guestRoutesRedirect, meta, notFoundRoute, publicProductsRoutes } from './shared';
import { signedInRoot } from './signed-in';

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

/** Company users, and employees acting as a company. */
export const customerRoutes: RouteObject[] = [
  signedInRoot([
    guestRoutesRedirect,
    {
      path: '/',
      element: <CustomerLayout />,
      children: [
        {
          index: true,
          handle: meta({ name: 'home', title: 'portal.home.title' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/CustomerHomePage')).CustomerHomePage }),
        },
        // The portal's pages: each one a lazy chunk of features/portal.
        {
          path: 'project/:projectId',
          handle: meta({ name: 'projects.show', slug: 'projectId', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/PortalProjectPage')).PortalProjectPage }),
        },
        {
          path: 'project/:projectId/areas',
          handle: meta({ name: 'project-areas.index', title: 'portal.areas.title', parent: 'projects.show' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/PortalAreasPage')).PortalAreasPage }),
        },
        {
          path: 'project/:projectId/areas/:areaId',
          handle: meta({ name: 'project-areas.single', slug: 'areaId', parent: 'project-areas.index' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/PortalAreaPage')).PortalAreaPage }),
        },
        {
          path: 'project/:projectId/areas/:areaId/subareas',
          handle: meta({ name: 'project-area-subareas.index', title: 'portal.subareas.title', parent: 'project-areas.single' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/PortalSubareasPage')).PortalSubareasPage }),
        },
        {
          path: 'task/:taskId',
          handle: meta({ name: 'task.show', slug: 'taskId', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/PortalTaskPage')).PortalTaskPage }),
        },
        {
          path: 'task/:taskId/subtask/:subTaskId',
          handle: meta({ name: 'subtask.show', slug: 'subTaskId', parent: 'task.show' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/PortalSubtaskPage')).PortalSubtaskPage }),
        },
        {
          path: 'company-products',
          handle: meta({ name: 'company-products.index', title: 'portal.companyProducts.title', parent: 'home' }),
          lazy: async () => ({
            Component: (await import('../../features/portal/pages/CompanyProductsPage')).CompanyProductsPage,
          }),
        },
        {
          path: 'company-products/:projectId/:orderlineId',
          handle: meta({ name: 'project-orderlines.show', slug: 'orderlineId', parent: 'company-products.index' }),
          lazy: async () => ({
            Component: (await import('../../features/portal/pages/PortalOrderLinePage')).PortalOrderLinePage,
          }),
        },
        {
          path: 'product-files',
          handle: meta({ name: 'product-files.index', title: 'portal.productFiles.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/ProductFilesPage')).ProductFilesPage }),
        },
        {
          path: 'product-files/:companyProductId',
          handle: meta({ name: 'product-files.show', slug: 'companyProductId', parent: 'product-files.index' }),
          lazy: async () => ({
            Component: (await import('../../features/portal/pages/PortalCompanyProductPage')).PortalCompanyProductPage,
          }),
        },
        {
          path: 'news',
          handle: meta({ name: 'news.index', title: 'portal.news.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/NewsPage')).NewsPage }),
        },
        {
          path: 'news/:postId',
          handle: meta({ name: 'news.show', slug: 'postId', parent: 'news.index' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/NewsPostPage')).NewsPostPage }),
        },
        {
          path: 'notifications',
          handle: meta({ name: 'notifications.index', title: 'notifications.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/notifications/NotificationsPage')).NotificationsPage }),
        },
        {
          path: 'users',
          handle: meta({ name: 'portal-users.index', title: 'portal.users.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/portal/pages/PortalUsersPage')).PortalUsersPage }),
        },
        {
          path: 'settings',
          handle: meta({ name: 'settings', title: 'account.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/auth/pages/AccountPage')).AccountPage }),
        },
        ...portalDrawingRoutes,
        ...portalOrderRoutes,
        { path: 'public', children: publicProductsRoutes },
        ...BACK_OFFICE_PATHS.map(
          (path): RouteObject => ({
            path: `${path}/*`,
            handle: backOfficeMeta,
            lazy: async () => ({ Component: (await import('../../features/portal/pages/BackOfficePage')).BackOfficePage }),
          }),
        ),
        notFoundRoute,
      ],
    },
  ]),
];
