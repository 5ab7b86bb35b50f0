/**
 * Route names of the web app, as the specification names them. The server uses them only for
 * analytics (route_name); the web app declares each route with one of these.
 */
export const ROUTE_NAMES = [
  // guest
  'login',
  'reset-password',
  'new-password',
  'create-password',
  // shared
  'home',
  'not-found',
  'products',
  'show-inspiration-product',
  'settings',
  // employee
  'archive-companies',
  'company.details',
  'settings.index',
  'roles.index',
  'roles.create',
  'roles.edit',
  'permissions.index',
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];
