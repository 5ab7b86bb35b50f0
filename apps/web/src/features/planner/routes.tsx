import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

export const plannerRoutes: RouteObject[] = [
  // The planner: who works on which project when.
  {
    path: 'planner',
    handle: meta({
      name: 'planner',
      title: 'planner.title',
      parent: 'home',
      permission: ['planner.view', 'planner.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/PlannerPage')).PlannerPage }),
  },
];
