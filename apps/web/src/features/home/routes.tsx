import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';
import { CATALOGUE_PERMISSIONS } from './catalogue-sections';

/** The back office's start and its catalogue overview (Catalogus). */
export const employeeHomeRoutes: RouteObject[] = [
  {
    index: true,
    handle: meta({ name: 'home', title: 'home.title' }),
    lazy: async () => ({ Component: (await import('./pages/EmployeeHomePage')).EmployeeHomePage }),
  },
  {
    path: 'catalogue',
    handle: meta({
      name: 'catalogue.index',
      title: 'common.nav.catalogue',
      parent: 'home',
      permission: CATALOGUE_PERMISSIONS,
    }),
    lazy: async () => ({ Component: (await import('./pages/CataloguePage')).CataloguePage }),
  },
];

/** Every other address in a signed-in route set. */
export const notFoundRoute: RouteObject = {
  path: '*',
  handle: meta({ name: 'not-found', title: 'common.notFound.title' }),
  lazy: async () => ({ Component: (await import('./pages/NotFoundPage')).NotFoundPage }),
};
