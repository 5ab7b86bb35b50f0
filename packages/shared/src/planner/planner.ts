import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idListQuery, idSchema, versionField } from '../platform/http';
import { isCalendarDate } from '../platform/iso-week';
import {
  isWallClock,
  MAX_LIST_ENTRIES,
  MAX_WINDOW_DAYS,
  PLANNER_ABILITIES,
  spanProblem,
  wallClockMinutes,
} from './planner.rules';

const id = z.number().int().positive().max(2_147_483_647);

/** A wall-clock time on the wire: `2026-11-24T08:00`, no zone (see planner.rules). */
export const wallClockSchema = z
  .string()
  .max(16)
  .refine(isWallClock, { message: 'date_invalid' })
  .describe('A wall-clock time, YYYY-MM-DDTHH:mm, no time zone');

const dateSchema = z
  .string()
  .max(10)
  .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isCalendarDate(d), { message: 'date_invalid' })
  .describe('A calendar day, YYYY-MM-DD');

export const plannerEntrySchema = z.object({
  id: z.number().int(),
  employee: z.object({ id: z.number().int(), name: z.string() }),
  project: z.object({
    id: z.number().int(),
    name: z.string(),
    color: z.string().describe("The project's colour, or one from the palette by id"),
  }),
  start: z.string().describe('Wall-clock start, YYYY-MM-DDTHH:mm'),
  end: z.string().describe('Wall-clock end (exclusive), YYYY-MM-DDTHH:mm'),
  allDay: z.boolean(),
  notes: z.string(),
  version: z.number().int(),
  updatedAt: z.string(),
  abilities: abilitiesSchema(PLANNER_ABILITIES),
});
export type PlannerEntry = z.infer<typeof plannerEntrySchema>;

/**
 * The window: the entries that overlap [from, to). Filters by person and project (the URL's
 * `employees` and `projects`, comma-separated ids).
 */
export const plannerQuerySchema = z
  .strictObject({
    from: dateSchema.describe('First day shown'),
    to: dateSchema.describe('The day after the last day shown'),
    employees: idListQuery.optional().describe('Only these people'),
    projects: idListQuery.optional().describe('Only these projects'),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days <= 0) ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['to'] });
    else if (days > MAX_WINDOW_DAYS) ctx.addIssue({ code: 'custom', message: 'span_too_long', path: ['to'] });
  });
export type PlannerQuery = z.infer<typeof plannerQuerySchema>;

/**
 * Leave and sick leave on the planner: approved leave requests, collective leave (the
 * days it took from the person by their schedule) and sick periods that overlap the window, for the
 * same people as the entries. `till` is the last day (inclusive); an open sick period runs to the
 * last day of the window. `label` is the leave type's name, or 'sick' (the web app words it);
 * `code` and `color` are the type's ('' for sick leave). Dates are YYYY-MM-DD.
 */
export const plannerAbsenceSchema = z.object({
  employee: z.object({ id: z.number().int(), name: z.string() }),
  kind: z.enum(['leave', 'sick']),
  from: z.string(),
  till: z.string(),
  label: z.string(),
  code: z.string(),
  color: z.string(),
});
export type PlannerAbsence = z.infer<typeof plannerAbsenceSchema>;

export const plannerListSchema = z.object({
  from: z.string(),
  to: z.string(),
  entries: z.array(plannerEntrySchema).describe('By start, then person'),
  absences: z.array(plannerAbsenceSchema),
  truncated: z.boolean().describe(`More than ${MAX_LIST_ENTRIES} entries overlap the window: the first ones by start are sent`),
  abilities: abilitiesSchema(['canCreate'] as const),
});
export type PlannerList = z.infer<typeof plannerListSchema>;

/** The home screen: the signed-in employee's own entries in a window (default: this week and the next). */
export const myPlannerQuerySchema = z
  .strictObject({
    from: dateSchema.optional().describe("First day; default: this week's Monday"),
    to: dateSchema.optional().describe('The day after the last; default: two weeks on'),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to || !isCalendarDate(q.from) || !isCalendarDate(q.to)) {
      if ((q.from === undefined) !== (q.to === undefined)) {
        ctx.addIssue({ code: 'custom', message: 'required', path: [q.from === undefined ? 'from' : 'to'] });
      }
      return;
    }
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days <= 0) ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['to'] });
    else if (days > MAX_WINDOW_DAYS) ctx.addIssue({ code: 'custom', message: 'span_too_long', path: ['to'] });
  });
export type MyPlannerQuery = z.infer<typeof myPlannerQuerySchema>;

/** What the planner's pickers and filters offer: the people who can be planned, and the projects. */
export const plannerOptionsSchema = z.object({
  employees: z.array(z.object({ id: z.number().int(), name: z.string(), function: z.string().nullable() })),
  projects: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      color: z.string(),
      archived: z.boolean().describe('An archived project: kept for existing entries, not offered for new ones'),
    }),
  ),
});
export type PlannerOptions = z.infer<typeof plannerOptionsSchema>;

/** A span's field errors (`end`: end_before_start, span_too_long; `allDay`: not_whole_days). */
function refineSpan(
  v: { start?: string | undefined; end?: string | undefined; allDay?: boolean | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.start === undefined || v.end === undefined || !isWallClock(v.start) || !isWallClock(v.end)) return;
  const problem = spanProblem(v.start, v.end, v.allDay ?? false);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: [problem === 'not_whole_days' ? 'allDay' : 'end'] });
}

const fields = {
  employeeId: id,
  projectId: id,
  start: wallClockSchema,
  end: wallClockSchema,
  allDay: z.boolean().default(false),
  notes: z.string().trim().max(2_000).default(''),
};

export const plannerInputSchema = z.strictObject(fields).superRefine(refineSpan);
export type PlannerInput = z.input<typeof plannerInputSchema>;

/**
 * A change: any of the fields (a drag sends start and end, and the person in the people view),
 * with the version it was based on. The span is checked again on the server against the stored
 * values for what is not sent.
 */
export const plannerUpdateSchema = z
  .strictObject({
    employeeId: id.optional(),
    projectId: id.optional(),
    start: wallClockSchema.optional(),
    end: wallClockSchema.optional(),
    allDay: z.boolean().optional(),
    notes: z.string().trim().max(2_000).optional(),
    version: versionField,
  })
  .superRefine(refineSpan);
export type PlannerUpdate = z.input<typeof plannerUpdateSchema>;

export const plannerParams = z.strictObject({ plannerEntryId: idSchema });

/** Sorts entries as the lists show them: by start, then the person's name, then id. */
export function compareEntries(a: PlannerEntry, b: PlannerEntry): number {
  return (
    wallClockMinutes(a.start) - wallClockMinutes(b.start) || a.employee.name.localeCompare(b.employee.name, 'nl') || a.id - b.id
  );
}
