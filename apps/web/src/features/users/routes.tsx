import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

// People and hours. An employee's own record (/users/{their id}/...) opens without a
// permission: the server answers for their own rows; another person's rows need the part's rights
// (PEOPLE_RIGHTS), and the server's 404/403 is what the page shows otherwise. The parts of the
// record (hours, declarations, documents, leave) are routed by their own features.

/** The employees archive and one employee's record and mobile settings. */
export const peopleRoutes: RouteObject[] = [
  {
    path: 'users',
    handle: meta({
      name: 'users.index',
      title: 'users.employees.title',
      parent: 'home',
      permission: PEOPLE_RIGHTS.viewEmployees,
    }),
    lazy: async () => ({ Component: (await import('./pages/EmployeesPage')).EmployeesPage }),
  },
  {
    path: 'users/new',
    handle: meta({
      name: 'users.create',
      title: 'users.employees.createTitle',
      parent: 'users.index',
      permission: PEOPLE_RIGHTS.manageEmployees,
    }),
    lazy: async () => ({ Component: (await import('./pages/EmployeePage')).EmployeeCreatePage }),
  },
  {
    path: 'users/:userId',
    handle: meta({ name: 'users.show', slug: 'userId', parent: 'users.index' }),
    lazy: async () => ({ Component: (await import('./pages/EmployeePage')).EmployeePage }),
  },
  {
    path: 'users/:userId/mobile-settings',
    handle: meta({ name: 'users.mobile-settings', title: 'users.mobile.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/MobileSettingsPage')).MobileSettingsPage }),
  },
];

/** The back office's settings page, roles and permissions. */
export const settingsRoutes: RouteObject[] = [
  {
    path: 'settings',
    handle: meta({ name: 'settings.index', title: 'users.settings.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/SettingsPage')).SettingsPage }),
  },
  {
    path: 'settings/roles',
    handle: meta({
      name: 'roles.index',
      title: 'users.roles.title',
      parent: 'settings.index',
      permission: ['users.manage-roles'],
    }),
    lazy: async () => ({ Component: (await import('./pages/RolesPage')).RolesPage }),
  },
  {
    path: 'settings/roles/new',
    handle: meta({
      name: 'roles.create',
      title: 'users.roles.createTitle',
      parent: 'roles.index',
      permission: ['users.manage-roles'],
    }),
    lazy: async () => ({ Component: (await import('./pages/RoleEditPage')).RoleCreatePage }),
  },
  {
    path: 'settings/roles/:roleId',
    handle: meta({ name: 'roles.edit', slug: 'roleId', parent: 'roles.index', permission: ['users.manage-roles'] }),
    lazy: async () => ({ Component: (await import('./pages/RoleEditPage')).RoleEditPage }),
  },
  {
    path: 'settings/permissions',
    handle: meta({
      name: 'permissions.index',
      title: 'users.permissions.title',
      parent: 'settings.index',
      permission: ['users.manage-roles'],
    }),
    lazy: async () => ({ Component: (await import('./pages/PermissionsPage')).PermissionsPage }),
  },
];
