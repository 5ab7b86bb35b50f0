import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** Declarations and overnight stays: an employee's, everyone's own, and their settings. */
export const declarationRoutes: RouteObject[] = [
  {
    path: 'users/:userId/declarations',
    handle: meta({ name: 'users.show-declarations', title: 'declarations.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/DeclarationsPage')).UserDeclarationsPage }),
  },
  {
    path: 'users/:userId/overnights',
    handle: meta({ name: 'users.show-overnights', title: 'declarations.overnights.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/OvernightsPage')).UserOvernightsPage }),
  },
  // Everyone's own declarations; with hours.manage everyone's.
  {
    path: 'declarations',
    handle: meta({ name: 'declarations.index', title: 'declarations.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/DeclarationsPage')).DeclarationsPage }),
  },
  {
    path: 'settings/overnights',
    handle: meta({
      name: 'settings.export-overnights',
      title: 'declarations.overnights.settingsTitle',
      parent: 'settings.index',
      permission: [...PEOPLE_RIGHTS.hours, ...PEOPLE_RIGHTS.export],
    }),
    lazy: async () => ({ Component: (await import('./pages/OvernightsPage')).OvernightSettingsPage }),
  },
  {
    path: 'settings/declarations',
    handle: meta({
      name: 'settings.declarations',
      title: 'declarations.settings.title',
      parent: 'settings.index',
      permission: PEOPLE_RIGHTS.hours,
    }),
    lazy: async () => ({ Component: (await import('./pages/DeclarationSettingsPage')).DeclarationSettingsPage }),
  },
];
