import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** A project's budget against what it spent (a project tab, for who runs projects). */
export const budgetRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/budget',
    handle: meta({ name: 'budgets.show', title: 'budgets.tab', parent: 'projects.show', permission: ['projects.manage'] }),
    lazy: async () => ({ Component: (await import('./pages/ProjectBudgetPage')).ProjectBudgetPage }),
  },
];
