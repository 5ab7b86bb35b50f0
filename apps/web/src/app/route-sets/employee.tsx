import type { RouteObject } from 'react-router';
import { articleRoutes } from '../../features/articles/routes';
import { budgetRoutes } from '../../features/budgets/routes';
import { companyRoutes } from '../../features/companies/routes';
import { declarationRoutes } from '../../features/declarations/routes';
import { drawingRoutes } from '../../features/drawings/routes';
import { exportRoutes } from '../../features/exports/routes';
import { fieldRoutes } from '../../features/field/routes';
import { employeeHomeRoutes, notFoundRoute } from '../../features/home/routes';
import { hourRoutes } from '../../features/hours/routes';
import { hrDocumentRoutes } from '../../features/hr-documents/routes';
import { leaveRoutes } from '../../features/leave/routes';
import { notificationRoutes } from '../../features/notifications/routes';
import { requestRoutes } from '../../features/orders/routes';
import { plannerRoutes } from '../../features/planner/routes';
import { publicProductsRoutes } from '../../features/products/public-routes';
import { productRoutes } from '../../features/products/routes';
import { projectArticleRoutes } from '../../features/project-articles/routes';
import { projectRoutes } from '../../features/projects/routes';
import { roboxRoutes } from '../../features/robox/routes';
import { taskListRoutes } from '../../features/task-list/routes';
import { templateRoutes } from '../../features/templates/routes';
import { ticketRoutes } from '../../features/tickets/routes';
import { timelineRoutes } from '../../features/timeline/routes';
import { peopleRoutes, settingsRoutes } from '../../features/users/routes';
import { EmployeeLayout } from '../layouts/EmployeeLayout';
import { guestRoutesRedirect } from './shared';
import { signedInRoot } from './signed-in';

/** The back office, plus the public products route (spec section 4). Each feature declares its own routes. */
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
        ...employeeHomeRoutes,
        ...companyRoutes,
        // The catalogue, as the sidebar's Catalogus group shows it.
        ...articleRoutes,
        ...productRoutes,
        ...roboxRoutes,
        ...plannerRoutes,
        ...notificationRoutes,
        ...settingsRoutes,
        ...projectRoutes,
        ...timelineRoutes,
        ...templateRoutes,
        ...projectArticleRoutes,
        ...budgetRoutes,
        ...ticketRoutes,
        ...taskListRoutes,
        ...drawingRoutes,
        ...requestRoutes,
        ...peopleRoutes,
        ...hrDocumentRoutes,
        ...leaveRoutes,
        ...hourRoutes,
        ...declarationRoutes,
        ...fieldRoutes,
        ...exportRoutes,
        notFoundRoute,
      ],
    },
  ]),
];
