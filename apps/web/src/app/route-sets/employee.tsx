import type { RouteObject } from 'react-router';
import { EmployeeLayout } from '../layouts/EmployeeLayout';
import { guestRoutesRedirect, meta, notFoundRoute, publicProductsRoutes } from './shared';
import { signedInRoot } from './signed-in';

/** The back office, plus the public products route (spec section 4). */
export const employeeRoutes: RouteObject[] = [
  signedInRoot([
    guestRoutesRedirect,
    {
      path: '/public',
      lazy: async () => ({ Component: (await import('../layouts/PublicLayout')).PublicLayout }),
      children: publicProductsRoutes,
    },
    {
      path: '/',
      element: <EmployeeLayout />,
      children: [
        {
          index: true,
          handle: meta({ name: 'home', title: 'home.title' }),
          lazy: async () => ({ Component: (await import('../../features/home/pages/EmployeeHomePage')).EmployeeHomePage }),
        },
        {
          path: 'companies',
          handle: meta({
            name: 'archive-companies',
            title: 'companies.list.title',
            parent: 'home',
            permission: ['companies.manage', 'companies.act-as-client'],
          }),
          lazy: async () => ({ Component: (await import('../../features/companies/pages/CompaniesPage')).CompaniesPage }),
        },
        {
          path: 'settings',
          handle: meta({ name: 'settings.index', title: 'users.settings.title', parent: 'home' }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/SettingsPage')).SettingsPage }),
        },
        {
          path: 'settings/roles',
          handle: meta({
            name: 'roles.index',
            title: 'users.roles.title',
            parent: 'settings.index',
            permission: ['users.manage-roles'],
          }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/RolesPage')).RolesPage }),
        },
        {
          path: 'settings/roles/new',
          handle: meta({
            name: 'roles.create',
            title: 'users.roles.createTitle',
            parent: 'roles.index',
            permission: ['users.manage-roles'],
          }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/RoleEditPage')).RoleCreatePage }),
        },
        {
          path: 'settings/roles/:roleId',
          handle: meta({ name: 'roles.edit', slug: 'roleId', parent: 'roles.index', permission: ['users.manage-roles'] }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/RoleEditPage')).RoleEditPage }),
        },
        {
          path: 'settings/permissions',
          handle: meta({
            name: 'permissions.index',
            title: 'users.permissions.title',
            parent: 'settings.index',
            permission: ['users.manage-roles'],
          }),
          lazy: async () => ({ Component: (await import('../../features/users/pages/PermissionsPage')).PermissionsPage }),
        },
        notFoundRoute,
      ],
    },
  ]),
];
