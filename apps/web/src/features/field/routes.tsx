import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** The fitter's screen that works offline (issue 28): every employee's own. */
export const fieldRoutes: RouteObject[] = [
  {
    path: 'field',
    handle: meta({ name: 'field.index', title: 'field.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/FieldPage')).FieldPage }),
  },
];
