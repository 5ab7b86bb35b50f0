import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idListQuery, idSchema, versionField } from '../platform/http';
import { isCalendarDate } from '../platform/iso-week';
import { CONFLICT_CODES } from './availability.rules';
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

export const plannerListSchema = z.object({
  from: z.string(),
  to: z.string(),
  entries: z.array(plannerEntrySchema).describe('By start, then person'),
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

/** Planning despite the conflicts (PLANNER_CONFLICT) the user was shown. */
const confirmField = z.boolean().optional().describe('Save despite the conflicts (leave, sick, holiday, schedule, overlap)');

const fields = {
  confirm: confirmField,
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
    confirm: confirmField,
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

// ---- availability: who is away, who is scheduled (GET /api/planner/availability)

/**
 * The window and the people: by id (the planner's people filter), by function (the employee's
 * `function`, compared without case) and by role. Same window rules as the entries.
 */
export const availabilityQuerySchema = z
  .strictObject({
    from: dateSchema.describe('First day'),
    to: dateSchema.describe('The day after the last day'),
    employees: idListQuery.optional().describe('Only these people'),
    function: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("Only people with this function (the employee's function text)"),
    role: idSchema.optional().describe('Only people with this role'),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days <= 0) ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['to'] });
    else if (days > MAX_WINDOW_DAYS) ctx.addIssue({ code: 'custom', message: 'span_too_long', path: ['to'] });
  });
export type AvailabilityQuery = z.infer<typeof availabilityQuerySchema>;

/**
 * An absence on the planner: an approved or a pending leave request (its period), collective leave
 * (from the first to the last day it took from the person in the window), or a sick period (an open
 * one runs to the window's last day). `till` is inclusive; a part-day leave request names its hours.
 */
export const plannerAbsenceSchema = z.object({
  kind: z.enum(['leave', 'collective', 'sick']),
  status: z.enum(['approved', 'pending']).describe('Only leave requests can be pending'),
  from: z.string(),
  till: z.string(),
  label: z.string().describe("The leave type's name; '' for sick leave"),
  code: z.string(),
  color: z.string(),
  part: z
    .object({ start: z.string(), end: z.string() })
    .nullable()
    .describe('The hours of a part-day leave request (one day, HH:MM); null: whole days'),
});
export type PlannerAbsence = z.infer<typeof plannerAbsenceSchema>;

const scheduleDayOut = z.object({
  weekday: z.number().int(),
  start: z.string(),
  end: z.string(),
  breakMinutes: z.number().int(),
});

export const availabilityPersonSchema = z.object({
  employee: z.object({
    id: z.number().int(),
    name: z.string(),
    function: z.string().nullable(),
    role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  }),
  schedules: z
    .array(
      z.object({ effectiveFrom: z.string(), days: z.object({ even: z.array(scheduleDayOut), odd: z.array(scheduleDayOut) }) }),
    )
    .describe("The even/odd-week schedule versions in force in the window (empty: no schedule); a day's hours follow from them"),
  absences: z.array(plannerAbsenceSchema),
});
export type AvailabilityPerson = z.infer<typeof availabilityPersonSchema>;

export const availabilitySchema = z.object({
  from: z.string(),
  to: z.string(),
  holidays: z.array(z.object({ date: z.string(), key: z.string() })).describe('Public holidays that are days off'),
  people: z.array(availabilityPersonSchema).describe('By name'),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** One reason in a PLANNER_CONFLICT answer (`details.reasons`): see availability.rules ConflictReason. */
export const conflictReasonSchema = z.object({
  code: z.enum(CONFLICT_CODES),
  from: z.string().optional(),
  till: z.string().optional(),
  date: z.string().optional(),
  status: z.enum(['approved', 'pending']).optional(),
  label: z.string().optional(),
  key: z.string().optional(),
  start: z.string().optional(),
  end: z.string().optional(),
  entryId: z.number().int().optional(),
  project: z.string().optional(),
});
