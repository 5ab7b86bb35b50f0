import { LEAVE_RIGHTS } from '@app/shared/people/leave.rules';
import { PEOPLE_RIGHTS } from '@app/shared/people/people.rules';
import { type RouteObject, redirect } from 'react-router';
import { meta } from '../../app/route-sets/shared';

// People and hours (issue 12). An employee's own record (/users/{their id}/...) opens without a
// permission: the server answers for their own rows; another person's rows need the part's rights
// (PEOPLE_RIGHTS), and the server's 404/403 is what the page shows otherwise.

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
    path: 'users/expiring',
    handle: meta({
      name: 'users.expiring',
      title: 'hrDocuments.expiring.title',
      parent: 'users.index',
      permission: [...PEOPLE_RIGHTS.documents, ...PEOPLE_RIGHTS.contracts],
    }),
    lazy: async () => ({ Component: (await import('../hr-documents/pages/ExpiringPage')).ExpiringPage }),
  },
  // Leave requests (issue 13): one's own for everyone; everyone's with leave.manage or leave.approve.
  {
    path: 'users/leave',
    handle: meta({ name: 'users.archive-leave', title: 'leaveRequests.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('../leave/requests/LeaveRequestsPage')).LeaveRequestsPage }),
  },
  {
    path: 'users/:userId',
    handle: meta({ name: 'users.show', slug: 'userId', parent: 'users.index' }),
    lazy: async () => ({ Component: (await import('./pages/EmployeePage')).EmployeePage }),
  },
  {
    path: 'users/:userId/schedule',
    handle: meta({ name: 'users.schedule', title: 'hours.schedule.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('../hours/pages/SchedulePage')).SchedulePage }),
  },
  {
    path: 'users/:userId/booked-hours',
    handle: meta({ name: 'users.show-hours', title: 'hours.booked.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('../hours/pages/BookedHoursPage')).UserBookedHoursPage }),
  },
  {
    path: 'users/:userId/declarations',
    handle: meta({ name: 'users.show-declarations', title: 'declarations.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('../declarations/pages/DeclarationsPage')).UserDeclarationsPage }),
  },
  {
    path: 'users/:userId/overnights',
    handle: meta({ name: 'users.show-overnights', title: 'declarations.overnights.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('../declarations/pages/OvernightsPage')).UserOvernightsPage }),
  },
  {
    path: 'users/:userId/documents',
    handle: meta({ name: 'users.documents', title: 'hrDocuments.documents.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('../hr-documents/pages/DocumentsPage')).DocumentsPage }),
  },
  {
    path: 'users/:userId/contracts',
    handle: meta({ name: 'users.contracts', title: 'hrDocuments.contracts.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('../hr-documents/pages/ContractsPage')).ContractsPage }),
  },
  {
    path: 'users/:userId/leave-card/:part?',
    handle: meta({ name: 'users.leave-card', title: 'leave.card.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('../leave/card/LeaveCardPage')).LeaveCardPage }),
  },
  {
    path: 'users/:userId/mobile-settings',
    handle: meta({ name: 'users.mobile-settings', title: 'users.mobile.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/MobileSettingsPage')).MobileSettingsPage }),
  },
  // Every employee's own week of hours (the menu's "Mijn uren").
  {
    path: 'hours',
    handle: meta({ name: 'hours.mine', title: 'hours.mine.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('../hours/pages/BookedHoursPage')).MyHoursPage }),
  },
  // Everyone's own declarations; with hours.manage everyone's.
  {
    path: 'declarations',
    handle: meta({ name: 'declarations.index', title: 'declarations.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('../declarations/pages/DeclarationsPage')).DeclarationsPage }),
  },
  {
    path: 'projects/hours',
    handle: meta({ name: 'hours.index', title: 'hours.index.title', parent: 'projects.index', permission: PEOPLE_RIGHTS.hours }),
    lazy: async () => ({ Component: (await import('../hours/pages/ProjectsHoursPage')).ProjectsHoursPage }),
  },
  {
    path: 'projects/:projectId/hours',
    handle: meta({
      name: 'projects.hours',
      title: 'hours.projectTab',
      parent: 'projects.show',
      permission: [...PEOPLE_RIGHTS.hours, 'projects.manage'],
    }),
    lazy: async () => ({ Component: (await import('../hours/pages/ProjectHoursPage')).ProjectHoursPage }),
  },
  {
    path: 'settings/hours/export',
    handle: meta({
      name: 'settings.export-hours',
      title: 'exports.hours.title',
      parent: 'settings.index',
      permission: PEOPLE_RIGHTS.export,
    }),
    lazy: async () => ({ Component: (await import('../exports/pages/HoursExportPage')).HoursExportPage }),
  },
  {
    path: 'settings/overnights',
    handle: meta({
      name: 'settings.export-overnights',
      title: 'declarations.overnights.settingsTitle',
      parent: 'settings.index',
      permission: [...PEOPLE_RIGHTS.hours, ...PEOPLE_RIGHTS.export],
    }),
    lazy: async () => ({ Component: (await import('../declarations/pages/OvernightsPage')).OvernightSettingsPage }),
  },
  {
    path: 'settings/declarations',
    handle: meta({
      name: 'settings.declarations',
      title: 'declarations.settings.title',
      parent: 'settings.index',
      permission: PEOPLE_RIGHTS.hours,
    }),
    lazy: async () => ({ Component: (await import('../declarations/pages/DeclarationSettingsPage')).DeclarationSettingsPage }),
  },
  // Leave settings (issue 13). The specification's singular setting/hours/... paths redirect here.
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
    lazy: async () => ({ Component: (await import('../leave/settings/LeaveTypesPage')).LeaveTypesPage }),
  },
  {
    path: 'settings/hours/collective-leaves',
    handle: meta({
      name: 'collective-leave',
      title: 'leaveSettings.collective.title',
      parent: 'settings.index',
      permission: LEAVE_RIGHTS.collective,
    }),
    lazy: async () => ({ Component: (await import('../leave/settings/CollectiveLeavesPage')).CollectiveLeavesPage }),
  },
  {
    path: 'settings/hours/collective-leaves/new',
    handle: meta({
      name: 'collective-leave.create',
      title: 'leaveSettings.collective.createTitle',
      parent: 'collective-leave',
      permission: LEAVE_RIGHTS.collective,
    }),
    lazy: async () => ({ Component: (await import('../leave/settings/CollectiveLeavePage')).CollectiveLeaveCreatePage }),
  },
  {
    path: 'settings/hours/collective-leaves/:collectiveLeaveId',
    handle: meta({
      name: 'collective-leave.show',
      slug: 'collectiveLeaveId',
      parent: 'collective-leave',
      permission: LEAVE_RIGHTS.collective,
    }),
    lazy: async () => ({ Component: (await import('../leave/settings/CollectiveLeavePage')).CollectiveLeavePage }),
  },
  {
    path: 'settings/hours/hour-rules',
    handle: meta({
      name: 'hour-rules',
      title: 'leaveSettings.rules.title',
      parent: 'settings.index',
      permission: LEAVE_RIGHTS.hourRules,
    }),
    lazy: async () => ({ Component: (await import('../leave/settings/HourRulesPage')).HourRulesPage }),
  },
];
