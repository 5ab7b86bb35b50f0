import type { CurrentUserResponse } from '@app/shared/auth/auth';
import type { BookedHour, HoursWeek, HourTargets, ProjectHours } from '@app/shared/hours/hours';
import type { Schedule } from '@app/shared/hours/schedules';
import type { Timesheet } from '@app/shared/hours/timesheets';
import type { QueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY } from '../auth/guest-api';
import type { HoursList, ScheduleList } from './api';

/** A signed-in employee (id 5, Jan de Vries) with these permissions and mobile settings, put into the query cache. */
export function signInEmployee(
  qc: QueryClient,
  o: { permissions?: string[]; employeeId?: number; bookHours?: boolean } = {},
): void {
  const user: CurrentUserResponse = {
    data: {
      id: 50,
      email: 'jan@outfitting.test',
      name: 'Jan de Vries',
      locale: 'nl',
      first_login: false,
      guardable_type: 'employee',
      guardable: {
        id: o.employeeId ?? 5,
        first_name: 'Jan',
        insertion: 'de',
        last_name: 'Vries',
        function: 'Monteur',
        self_service: { bookHours: o.bookHours ?? true, overnights: true, planner: false },
      },
      acting_as: null,
    },
    permissions: o.permissions ?? [],
    role: { id: 3, slug: 'crew', name: 'Monteurs', is_admin: false, dashboard_view: 'projects' },
  };
  qc.setQueryData(CURRENT_USER_KEY, user);
}

export const bookedHour = (over: Partial<BookedHour> = {}): BookedHour => ({
  id: 101,
  employee: { id: 5, name: 'Jan de Vries' },
  date: '2026-11-23',
  project: { id: 3, name: 'MS Noordam refit 2027' },
  area: { id: 31, name: 'Dek 5 · Hut 5001' },
  task: null,
  startTime: null,
  minutes: 480,
  activity: 'installation',
  notes: 'Wandkasten geplaatst',
  version: 2,
  locked: false,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

const DAYS = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];

/** Week 48 of 2026 (an even week): 8:00 scheduled Monday to Friday, one entry on Monday. */
/** A week's decision (default: open; the viewer may approve and send back). */
export const timesheet = (over: Partial<Timesheet> = {}): Timesheet => ({
  state: 'open',
  comment: '',
  decidedBy: null,
  decidedAt: null,
  version: null,
  abilities: { canApprove: true, canReturn: true, canReopen: false, reasons: { canReopen: 'TIMESHEET_STATE' } },
  ...over,
});

export function hoursWeek(over: Partial<HoursWeek> = {}, entries: BookedHour[] = [bookedHour()]): HoursWeek {
  const days = DAYS.map((date, i) => {
    const mine = entries.filter((e) => e.date === date);
    return {
      date,
      scheduledMinutes: i < 5 ? 480 : 0,
      bookedMinutes: mine.reduce((s, e) => s + e.minutes, 0),
      entries: mine,
    };
  });
  const scheduled = days.reduce((s, d) => s + d.scheduledMinutes, 0);
  const booked = days.reduce((s, d) => s + d.bookedMinutes, 0);
  return {
    week: '2026-W48',
    parity: 'even',
    employee: { id: 5, name: 'Jan de Vries' },
    days,
    totals: { scheduled, booked, difference: booked - scheduled },
    lockedThrough: null,
    timesheet: timesheet(),
    canBook: true,
    cannotBookReason: null,
    ...over,
  };
}

export const schedule = (over: Partial<Schedule> = {}): Schedule => {
  const day = (weekday: number) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 });
  return {
    id: 7,
    employeeId: 5,
    effectiveFrom: '2026-01-05',
    days: { even: [1, 2, 3, 4, 5].map(day), odd: [1, 2, 3, 4].map(day) },
    weekMinutes: { even: 2400, odd: 1920 },
    version: 1,
    canEdit: true,
    ...over,
  };
};

export const scheduleList = (data: Schedule[] = [schedule()]): ScheduleList => ({
  data,
  today: '2026-11-24',
  parity: 'even',
  week: 48,
});

export const hoursList = (rows: BookedHour[] = [bookedHour()], totalMinutes = 480): HoursList => ({
  data: rows,
  meta: { current_page: 1, per_page: 25, total: rows.length, last_page: 1 },
  totalMinutes,
});

export const projectHours = (over: Partial<ProjectHours> = {}): ProjectHours => ({
  weeks: ['2026-W47', '2026-W48'],
  rows: [
    { employee: { id: 5, name: 'Jan de Vries' }, minutes: [480, 0], approved: [true, false], total: 480 },
    { employee: { id: 6, name: 'Piet Jansen' }, minutes: [120, 600], approved: [false, false], total: 720 },
  ],
  totals: [600, 600],
  total: 1200,
  ...over,
});

export const projectOptions = [
  { id: 3, name: 'MS Noordam refit 2027' },
  { id: 4, name: 'Dunes Resort lobby' },
];

export const projectTargets: HourTargets = {
  areas: [{ id: 31, name: 'Dek 5 · Hut 5001', kind: 'area' }],
  tasks: [{ id: 77, title: 'Wandkast monteren', areaId: 31 }],
};
