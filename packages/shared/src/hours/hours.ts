import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, pageMetaSchema, versionField } from '../platform/http';
import { weekKeySchema } from '../timeline/timeline';
import { calendarDateSchema, personRefSchema, workDateSchema } from '../users/people';
import { BOOKED_HOUR_ABILITIES } from './hours.rules';
import { timesheetSchema } from './timesheets';

// Booked hours: per person, per day, on a project (an area or a task optional).
// Own hours: /api/hours with no employeeId; another person's need hours.manage.

const id = z.number().int().positive().max(2_147_483_647);

/** What the time was spent on (the payroll export's activity column). */
export const HOUR_ACTIVITIES = ['installation', 'workshop', 'engineering', 'travel', 'management', 'other'] as const;
export type HourActivity = (typeof HOUR_ACTIVITIES)[number];

export { BOOKED_HOUR_ABILITIES };

export const bookedHourSchema = z.object({
  id: z.number().int(),
  employee: personRefSchema,
  date: calendarDateSchema,
  project: z.object({ id: z.number().int(), name: z.string() }),
  area: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  task: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  startTime: z.string().nullable().describe('HH:MM the work started (hour rules match on it), or null'),
  minutes: z.number().int(),
  activity: z.enum(HOUR_ACTIVITIES),
  notes: z.string(),
  version: z.number().int(),
  /** On or before the lock date: payroll ran, it can no longer change. */
  locked: z.boolean(),
  abilities: abilitiesSchema(BOOKED_HOUR_ABILITIES),
});
export type BookedHour = z.infer<typeof bookedHourSchema>;

const fields = {
  date: workDateSchema,
  projectId: id,
  areaId: id.nullable().default(null).describe('An area (deck, area or sub-area) of the project'),
  taskId: id.nullable().default(null).describe('A task of the project'),
  startTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time_invalid' })
    .nullable()
    .default(null)
    .describe(
      'HH:MM the work started (optional): hour rules for evenings and nights match on it; work past midnight runs into the next day',
    ),
  minutes: z.number().int().min(1).max(1440).describe('Time worked, in minutes (the UI takes h:mm or decimal hours)'),
  activity: z.enum(HOUR_ACTIVITIES),
  notes: z.string().trim().max(1000).default(''),
};

export const bookedHourInputSchema = z.strictObject({
  employeeId: id.optional().describe("Whose hours: left out for one's own; another person's need hours.manage"),
  ...fields,
});
export type BookedHourInput = z.input<typeof bookedHourInputSchema>;
export const bookedHourUpdateSchema = z.strictObject({ ...fields, version: versionField });
export type BookedHourUpdate = z.input<typeof bookedHourUpdateSchema>;

/** GET /api/hours/week: one person's ISO week (own when employeeId is left out). */
export const hoursWeekQuerySchema = z.strictObject({
  employeeId: idSchema.optional(),
  week: weekKeySchema,
});
export const hoursWeekSchema = z.object({
  week: weekKeySchema,
  parity: z.enum(['even', 'odd']),
  employee: personRefSchema,
  days: z.array(
    z.object({
      date: calendarDateSchema,
      scheduledMinutes: z.number().int(),
      bookedMinutes: z.number().int(),
      entries: z.array(bookedHourSchema),
    }),
  ),
  totals: z.object({ scheduled: z.number().int(), booked: z.number().int(), difference: z.number().int() }),
  /** The lock in force: days on or before it cannot change (null: nothing locked). */
  lockedThrough: calendarDateSchema.nullable(),
  /** The week's timesheet: open, approved (read only) or returned (with the comment). */
  timesheet: timesheetSchema,
  /** May the viewer book on this person's week (own with self-service on, or hours.manage; never in an approved week). */
  canBook: z.boolean(),
  cannotBookReason: z.string().nullable().describe('The error code when canBook is false'),
});
export type HoursWeek = z.infer<typeof hoursWeekSchema>;

export const HOURS_SORTS = ['date', '-date', 'employee', '-employee', 'project', '-project', 'minutes', '-minutes'] as const;

/** GET /api/hours (projects/hours, hours.manage): every booking across projects, filtered and paged. */
export const hoursListQuerySchema = listQueryBase.extend({
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  projectId: idSchema.optional(),
  employeeId: idSchema.optional(),
  activity: z.enum(HOUR_ACTIVITIES).optional(),
  sort: z.enum(HOURS_SORTS).default('-date'),
});
export type HoursListQuery = z.infer<typeof hoursListQuerySchema>;
export const hoursListSchema = z.object({
  data: z.array(bookedHourSchema),
  meta: pageMetaSchema,
  /** The sum of every matching row's minutes (not only the page's). */
  totalMinutes: z.number().int(),
});

/** GET /api/projects/:projectId/hours: per person, per ISO week, for a range of weeks (at most 26). */
export const projectHoursQuerySchema = z.strictObject({
  from: weekKeySchema,
  to: weekKeySchema,
});
export const projectHoursSchema = z.object({
  weeks: z.array(weekKeySchema),
  rows: z.array(
    z.object({
      employee: personRefSchema,
      minutes: z.array(z.number().int()).describe('Per week, in the order of `weeks`'),
      approved: z.array(z.boolean()).describe("Per week: the person's timesheet of that week is approved"),
      total: z.number().int(),
    }),
  ),
  totals: z.array(z.number().int()).describe('Per week, all people'),
  total: z.number().int(),
});
export type ProjectHours = z.infer<typeof projectHoursSchema>;

/** GET/PUT /api/hours/lock: the day through which payroll has run (hours.manage). */
export const hourLockSchema = z.object({
  lockedThrough: calendarDateSchema.nullable(),
  setBy: z.string().nullable(),
  setAt: z.string().nullable(),
});
export type HourLock = z.infer<typeof hourLockSchema>;
export const hourLockInputSchema = z.strictObject({
  lockedThrough: workDateSchema.nullable().describe('Null opens every period again'),
});

export const MAX_PROJECT_HOURS_WEEKS = 26;

/** `:hourId` of /api/hours/:hourId. */
export const hourParams = z.strictObject({ hourId: idSchema });

/** GET /api/hours/projects: the projects one may book on (active, not deleted), by name. */
export const hourProjectsQuerySchema = z.strictObject({
  q: z.string().trim().max(200).optional().describe('Search in the name'),
});
export const MAX_HOUR_PROJECTS = 50;
export const hourProjectOptionsSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })).describe(`At most ${MAX_HOUR_PROJECTS}, by name`),
});
export type HourProjectOption = z.infer<typeof hourProjectOptionsSchema>['data'][number];

/** GET /api/hours/projects/:projectId/targets: the project's areas (named by their path) and open tasks. */
export const hourTargetsSchema = z.object({
  areas: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().describe('The path: deck / area / sub-area, each as "number name"'),
      kind: z.enum(['deck', 'area', 'subarea']),
    }),
  ),
  tasks: z.array(z.object({ id: z.number().int(), title: z.string(), areaId: z.number().int() })),
});
export type HourTargets = z.infer<typeof hourTargetsSchema>;
