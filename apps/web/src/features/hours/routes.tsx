import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** Schedules and booked hours: an employee's, one's own, and per project. */
export const hourRoutes: RouteObject[] = [
  {
    path: 'users/:userId/schedule',
    handle: meta({ name: 'users.schedule', title: 'hours.schedule.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/SchedulePage')).SchedulePage }),
  },
  {
    path: 'users/:userId/booked-hours',
    handle: meta({ name: 'users.show-hours', title: 'hours.booked.title', parent: 'users.show' }),
    lazy: async () => ({ Component: (await import('./pages/BookedHoursPage')).UserBookedHoursPage }),
  },
  // Every employee's own week of hours (the menu's "Mijn uren").
  {
    path: 'hours',
    handle: meta({ name: 'hours.mine', title: 'hours.mine.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/BookedHoursPage')).MyHoursPage }),
  },
  // The approvers' weeks ('Urenverantwoording', hours.approve).
  {
    path: 'hours/timesheets',
    handle: meta({
      name: 'hours.timesheets',
      title: 'hours.timesheets.title',
      parent: 'home',
      permission: PEOPLE_RIGHTS.approveHours,
    }),
    lazy: async () => ({ Component: (await import('./pages/TimesheetsPage')).TimesheetsPage }),
  },
  {
    path: 'projects/hours',
    handle: meta({ name: 'hours.index', title: 'hours.index.title', parent: 'projects.index', permission: PEOPLE_RIGHTS.hours }),
    lazy: async () => ({ Component: (await import('./pages/ProjectsHoursPage')).ProjectsHoursPage }),
  },
  {
    path: 'projects/:projectId/hours',
    handle: meta({
      name: 'projects.hours',
      title: 'hours.projectTab',
      parent: 'projects.show',
      permission: [...PEOPLE_RIGHTS.hours, 'projects.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ProjectHoursPage')).ProjectHoursPage }),
  },
];
