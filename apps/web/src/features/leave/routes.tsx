import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { type RouteObject, redirect } from 'react-router';
import { meta } from '../../platform/route-meta';

/** Leave: requests, an employee's leave card and the leave settings. */
export const leaveRoutes: RouteObject[] = [
  // Leave requests: one's own for everyone; everyone's with leave.manage or leave.approve.
  {
    path: 'users/leave',
    handle: meta({ name: 'users.archive-leave', title: 'leaveRequests.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./requests/LeaveRequestsPage')).LeaveRequestsPage }),
  },
  {
    path: 'users/:userId/leave-card/:part?',
    handle: meta({ name: 'users.leave-card', title: 'leave.card.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./card/LeaveCardPage')).LeaveCardPage }),
  },
  // Leave settings. The specification's singular setting/hours/... paths redirect here.
  {
    path: 'setting/hours/*',
    loader: ({ params, request }) => {
      const rest = params['*'] ?? '';
      const { search } = new URL(request.url);
      return redirect(`${rest ? `/settings/hours/${rest}` : '/settings'}${search}`);
    },
  },
  {
    path: 'settings/hours/leave-types',
    handle: meta({
      name: 'leave-types',
      title: 'leaveSettings.types.title',
      parent: 'settings.index',
      permission: LEAVE_RIGHTS.typesIndex,
    }),
    lazy: async () => ({ Component: (await import('./settings/LeaveTypesPage')).LeaveTypesPage }),
  },
  {
    path: 'settings/hours/collective-leaves',
    handle: meta({
      name: 'collective-leave',
      title: 'leaveSettings.collective.title',
      parent: 'settings.index',
      permission: LEAVE_RIGHTS.collective,
    }),
    lazy: async () => ({ Component: (await import('./settings/CollectiveLeavesPage')).CollectiveLeavesPage }),
  },
  {
    path: 'settings/hours/collective-leaves/new',
    handle: meta({
      name: 'collective-leave.create',
      title: 'leaveSettings.collective.createTitle',
      parent: 'collective-leave',
      permission: LEAVE_RIGHTS.collective,
    }),
    lazy: async () => ({ Component: (await import('./settings/CollectiveLeavePage')).CollectiveLeaveCreatePage }),
  },
  {
    path: 'settings/hours/collective-leaves/:collectiveLeaveId',
    handle: meta({
      name: 'collective-leave.show',
      slug: 'collectiveLeaveId',
      parent: 'collective-leave',
      permission: LEAVE_RIGHTS.collective,
    }),
    lazy: async () => ({ Component: (await import('./settings/CollectiveLeavePage')).CollectiveLeavePage }),
  },
  {
    path: 'settings/hours/hour-rules',
    handle: meta({
      name: 'hour-rules',
      title: 'leaveSettings.rules.title',
      parent: 'settings.index',
      permission: LEAVE_RIGHTS.hourRules,
    }),
    lazy: async () => ({ Component: (await import('./settings/HourRulesPage')).HourRulesPage }),
  },
];
