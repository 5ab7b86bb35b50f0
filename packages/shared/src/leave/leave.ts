import * as z from 'zod';
import { timeToMinutes } from '../hours/schedules.rules';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, pageMetaSchema, queryInt, versionField } from '../platform/http';
import { calendarDateSchema, personRefSchema, workDateSchema } from '../users/people';
import {
  LEAVE_BUCKETS,
  LEAVE_LINE_KINDS,
  LEAVE_REQUEST_ABILITIES,
  LEAVE_REQUEST_STATUSES,
  MAX_REQUEST_DAYS,
} from './leave.rules';

// Leave in hours (spec sections 2, 3, 4 and 9; R9-R11, R18): leave types and
// the policy, hour rules, collective leave, leave requests, the leave card (a ledger) and sick
// periods. Minutes travel as whole numbers; the UI shows h:mm.

const id = z.number().int().positive().max(2_147_483_647);
const ref = z.object({ id: z.number().int(), name: z.string() });
const time = z.string().refine((t) => !Number.isNaN(timeToMinutes(t)), { message: 'time_invalid' });
const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, { message: 'color_invalid' });
const editAbilities = abilitiesSchema(['canEdit', 'canDelete'] as const);

// ---- leave types (settings/hours/leave-types)

export const leaveTypeSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('The Dutch name'),
  nameEn: z.string().describe('The English name; empty: the Dutch one is shown in English too (shownName)'),
  code: z.string().describe('Short code shown on the planner and the card (e.g. VAK, BV)'),
  color: z.string().describe('#rrggbb'),
  countsAgainstBalance: z.boolean().describe('Taking it lowers the balance (holiday leave); special leave does not'),
  needsApproval: z.boolean().describe('A request waits for a manager; without, it is approved at once'),
  active: z.boolean().describe('Inactive types are not offered for new requests'),
  inUse: z.boolean().describe('Requests, lines or collective leave use it: deactivate, do not delete'),
  version: z.number().int(),
  abilities: editAbilities,
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;
export const leaveTypeListSchema = z.object({ data: z.array(leaveTypeSchema) });
export const leaveTypeQuerySchema = z.strictObject({
  all: z.enum(['0', '1']).optional().describe('1: inactive ones too (leave-categories.index or .manage)'),
});
const leaveTypeFields = {
  name: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().max(100).default('').describe('Empty: the Dutch name is shown in English too'),
  code: z
    .string()
    .trim()
    .min(1)
    .max(10)
    .regex(/^[A-Za-z0-9_-]+$/, { message: 'code_invalid' }),
  color: colorSchema,
  countsAgainstBalance: z.boolean(),
  needsApproval: z.boolean(),
  active: z.boolean(),
};
export const leaveTypeInputSchema = z.strictObject(leaveTypeFields);
export type LeaveTypeInput = z.input<typeof leaveTypeInputSchema>;
export const leaveTypeUpdateSchema = z.strictObject({ ...leaveTypeFields, version: versionField });
export type LeaveTypeUpdate = z.input<typeof leaveTypeUpdateSchema>;
export const leaveTypeParams = z.strictObject({ leaveTypeId: idSchema });

/** The leave policy: a full-time week and the yearly entitlement of a full-time year (pro rata from there). */
export const leavePolicySchema = z.object({
  fullTimeWeekMinutes: z.number().int(),
  yearlyMinutes: z.number().int(),
  version: z.number().int(),
  canEdit: z.boolean(),
});
export type LeavePolicyView = z.infer<typeof leavePolicySchema>;
export const leavePolicyUpdateSchema = z.strictObject({
  fullTimeWeekMinutes: z.number().int().min(60).max(6000).describe('A full-time week in minutes (40:00 = 2400)'),
  yearlyMinutes: z.number().int().min(0).max(60000).describe('Yearly entitlement at full time, in minutes (200:00 = 12000)'),
  version: versionField,
});
export type LeavePolicyUpdate = z.input<typeof leavePolicyUpdateSchema>;

// ---- hour rules (settings/hours/hour-rules)

export const hourRuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  weekdays: z.array(z.number().int()).describe('ISO weekdays the window starts on: Monday 1 to Sunday 7'),
  start: z.string(),
  end: z.string().describe('At or before the start: the window runs past midnight; equal to the start: the whole day'),
  effectiveFrom: calendarDateSchema,
  kind: z.enum(['multiplier', 'allowance']),
  percent: z.number().int().nullable(),
  allowanceMinutes: z.number().int().nullable(),
  feedsOvertime: z.boolean(),
  active: z.boolean(),
  version: z.number().int(),
  abilities: editAbilities,
});
export type HourRuleView = z.infer<typeof hourRuleSchema>;
export const hourRuleListSchema = z.object({ data: z.array(hourRuleSchema) });
const hourRuleFields = {
  name: z.string().trim().min(1).max(100),
  weekdays: z
    .array(z.number().int().min(1).max(7))
    .min(1)
    .max(7)
    .refine((d) => new Set(d).size === d.length, { message: 'duplicate' }),
  start: time,
  end: time,
  effectiveFrom: workDateSchema,
  kind: z.enum(['multiplier', 'allowance']),
  percent: z.number().int().min(1).max(1000).nullable().default(null).describe('For a multiplier: 150 = 1.5 times'),
  allowanceMinutes: z.number().int().min(1).max(1440).nullable().default(null).describe('For an allowance: minutes per booking'),
  feedsOvertime: z.boolean(),
  active: z.boolean().default(true),
};
const refineRule = (r: { kind: string; percent: number | null; allowanceMinutes: number | null }, ctx: z.RefinementCtx) => {
  if (r.kind === 'multiplier' && r.percent === null) ctx.addIssue({ code: 'custom', message: 'required', path: ['percent'] });
  if (r.kind === 'allowance' && r.allowanceMinutes === null) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['allowanceMinutes'] });
  }
};
export const hourRuleInputSchema = z.strictObject(hourRuleFields).superRefine(refineRule);
export type HourRuleInput = z.input<typeof hourRuleInputSchema>;
export const hourRuleUpdateSchema = z.strictObject({ ...hourRuleFields, version: versionField }).superRefine(refineRule);
export type HourRuleUpdate = z.input<typeof hourRuleUpdateSchema>;
export const hourRuleParams = z.strictObject({ hourRuleId: idSchema });

// ---- collective leave (settings/hours/collective-leaves)

export const collectiveLeaveSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  leaveType: z.object({ id: z.number().int(), name: z.string(), code: z.string(), color: z.string() }),
  startsOn: calendarDateSchema,
  endsOn: calendarDateSchema,
  minutesPerDay: z.number().int().nullable().describe('Fixed hours per day, or null: each person their scheduled hours'),
  appliesTo: z.enum(['all', 'selected']),
  employees: z.array(personRefSchema).describe('appliesTo selected: these people'),
  exceptions: z.array(personRefSchema).describe('appliesTo all: everyone but these people'),
  booked: z.object({
    people: z.number().int().describe('How many people have lines of it'),
    minutes: z.number().int().describe('The hours it took from all of them together'),
  }),
  version: z.number().int(),
  abilities: editAbilities,
});
export type CollectiveLeave = z.infer<typeof collectiveLeaveSchema>;
export const collectiveLeaveListSchema = z.object({ data: z.array(collectiveLeaveSchema) });
export const collectiveLeaveQuerySchema = z.strictObject({
  year: queryInt(2000, 2099).optional().describe('Only the ones that touch this year'),
});
const collectiveFields = {
  name: z.string().trim().min(1).max(150),
  leaveTypeId: id,
  startsOn: workDateSchema,
  endsOn: workDateSchema,
  minutesPerDay: z.number().int().min(1).max(1440).nullable().default(null),
  appliesTo: z.enum(['all', 'selected']),
  employeeIds: z.array(id).max(1000).default([]).describe('appliesTo selected: who it is for'),
  exceptionIds: z.array(id).max(1000).default([]).describe('appliesTo all: who it is not for'),
};
const refineCollective = (
  c: { startsOn: string; endsOn: string; appliesTo: string; employeeIds: number[] },
  ctx: z.RefinementCtx,
) => {
  if (c.endsOn < c.startsOn) ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['endsOn'] });
  else if ((Date.parse(c.endsOn) - Date.parse(c.startsOn)) / 86_400_000 >= MAX_REQUEST_DAYS) {
    ctx.addIssue({ code: 'custom', message: 'span_too_long', path: ['endsOn'] });
  }
  if (c.appliesTo === 'selected' && c.employeeIds.length === 0) {
    ctx.addIssue({ code: 'custom', message: 'required', path: ['employeeIds'] });
  }
};
export const collectiveLeaveInputSchema = z.strictObject(collectiveFields).superRefine(refineCollective);
export type CollectiveLeaveInput = z.input<typeof collectiveLeaveInputSchema>;
export const collectiveLeaveUpdateSchema = z
  .strictObject({ ...collectiveFields, version: versionField })
  .superRefine(refineCollective);
export type CollectiveLeaveUpdate = z.input<typeof collectiveLeaveUpdateSchema>;
export const collectiveLeaveParams = z.strictObject({ collectiveLeaveId: idSchema });

// ---- leave requests (users/leave)

const partSchema = z
  .strictObject({ start: time, end: time })
  .refine((p) => timeToMinutes(p.end) > timeToMinutes(p.start), { message: 'end_before_start', path: ['end'] });

export const dayHoursSchema = z.object({
  date: calendarDateSchema,
  minutes: z.number().int(),
  excluded: z.enum(['holiday', 'collective', 'not_scheduled']).nullable(),
});
export type DayHoursView = z.infer<typeof dayHoursSchema>;

export const leaveRequestSchema = z.object({
  id: z.number().int(),
  employee: personRefSchema,
  leaveType: z.object({
    id: z.number().int(),
    name: z.string(),
    code: z.string(),
    color: z.string(),
    countsAgainstBalance: z.boolean(),
  }),
  startsOn: calendarDateSchema,
  endsOn: calendarDateSchema,
  part: z.object({ start: z.string(), end: z.string() }).nullable().describe('Part of a day: the window on that day'),
  minutes: z.number().int().describe('The hours it takes: computed from the schedule when requested, again when approved'),
  note: z.string(),
  status: z.enum(LEAVE_REQUEST_STATUSES),
  decisionReason: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  abilities: abilitiesSchema(LEAVE_REQUEST_ABILITIES),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const LEAVE_REQUEST_SORTS = ['startsOn', '-startsOn', 'employee', '-employee', 'createdAt', '-createdAt'] as const;
export const leaveRequestListQuerySchema = listQueryBase.extend({
  status: z.enum(LEAVE_REQUEST_STATUSES).optional(),
  employeeId: idSchema.optional().describe("One person's (another person's need leave.manage or leave.approve)"),
  year: queryInt(2000, 2099).optional().describe('Only requests that touch this year'),
  sort: z.enum(LEAVE_REQUEST_SORTS).default('-startsOn'),
});
export type LeaveRequestListQuery = z.infer<typeof leaveRequestListQuerySchema>;
export const leaveRequestPageSchema = z.object({
  data: z.array(leaveRequestSchema),
  meta: pageMetaSchema,
  pending: z.number().int().describe('How many requests in reach wait for a decision'),
  abilities: z.object({ canRequestForOthers: z.boolean(), canDecide: z.boolean() }),
});
export type LeaveRequestPage = z.infer<typeof leaveRequestPageSchema>;

const requestFields = {
  employeeId: id.optional().describe("Whose leave: left out for one's own; another person's need leave.manage"),
  leaveTypeId: id,
  startsOn: workDateSchema,
  endsOn: workDateSchema,
  part: partSchema.nullable().default(null).describe('Part of one day: startsOn and endsOn the same day'),
  note: z.string().trim().max(1000).default(''),
};
const refineRequest = (
  r: { startsOn: string; endsOn: string; part: { start: string; end: string } | null },
  ctx: z.RefinementCtx,
) => {
  if (r.endsOn < r.startsOn) ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['endsOn'] });
  else if ((Date.parse(r.endsOn) - Date.parse(r.startsOn)) / 86_400_000 >= MAX_REQUEST_DAYS) {
    ctx.addIssue({ code: 'custom', message: 'span_too_long', path: ['endsOn'] });
  }
  if (r.part && r.endsOn !== r.startsOn) ctx.addIssue({ code: 'custom', message: 'one_day_only', path: ['part'] });
};
export const leaveRequestInputSchema = z.strictObject(requestFields).superRefine(refineRequest);
export type LeaveRequestInput = z.input<typeof leaveRequestInputSchema>;

/** POST /api/leave-requests/preview: what the request would take, day by day, before it is sent. */
export const leavePreviewSchema = z.object({
  days: z.array(dayHoursSchema),
  minutes: z.number().int(),
  balance: z.number().int().describe("The balance of the start's year on the card now"),
  countsAgainstBalance: z.boolean(),
  fits: z.boolean().describe('False when the type counts against the balance and the request takes more than it holds'),
  needsApproval: z.boolean(),
});
export type LeavePreview = z.infer<typeof leavePreviewSchema>;

export const leaveDecisionSchema = z.strictObject({
  version: versionField,
  reason: z.string().trim().max(1000).default('').describe('Optional when approving'),
});
export const leaveDenySchema = z.strictObject({
  version: versionField,
  reason: z.string().trim().min(1).max(1000).describe('Why: the employee reads it'),
});
export const leaveCancelSchema = z.strictObject({ version: versionField });
export const leaveRequestParams = z.strictObject({ leaveRequestId: idSchema });

// ---- the leave card (users/:userId/leave-card)

export const entitlementLineSchema = z.object({
  contractId: z.number().int(),
  from: calendarDateSchema,
  till: calendarDateSchema,
  days: z.number().int(),
  daysInYear: z.number().int(),
  minutesPerWeek: z.number().int(),
  minutes: z.number().int(),
});

export const leaveCardQuerySchema = z.strictObject({
  year: queryInt(2000, 2099).optional().describe('Default: this year'),
});

export const leaveCardSchema = z.object({
  employee: personRefSchema,
  year: z.number().int(),
  today: calendarDateSchema,
  previousYear: z.number().int().describe("The previous year's closing balance, carried over"),
  years: z
    .array(
      z.object({
        year: z.number().int(),
        previousYear: z.number().int(),
        entitlement: z.number().int(),
        corrections: z.number().int(),
        overtime: z.number().int(),
        taken: z.number().int(),
        planned: z.number().int(),
        balance: z.number().int(),
      }),
    )
    .describe('Every year from the first with data up to this one: how the carry-over was built'),
  entitlement: z.number().int(),
  entitlementLines: z.array(entitlementLineSchema),
  corrections: z.number().int(),
  overtime: z.number().int(),
  taken: z.number().int(),
  planned: z.number().int(),
  balance: z.number().int().describe('previousYear + entitlement + corrections + overtime - taken - planned'),
  notCounted: z.number().int().describe('Leave of types that do not count against the balance, this year'),
  pending: z
    .object({ count: z.number().int(), minutes: z.number().int() })
    .describe('Requests waiting for a decision (not in the balance)'),
  sick: z
    .object({ count: z.number().int(), open: z.boolean() })
    .describe('Sick periods touching this year; open: one is running'),
  policy: z.object({ fullTimeWeekMinutes: z.number().int(), yearlyMinutes: z.number().int() }),
  abilities: z.object({ canCorrect: z.boolean(), canManageSick: z.boolean(), canRequest: z.boolean() }),
});
export type LeaveCard = z.infer<typeof leaveCardSchema>;

export const leaveLineSchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEAVE_LINE_KINDS),
  bucket: z.enum(LEAVE_BUCKETS),
  date: calendarDateSchema,
  minutes: z.number().int().describe('Signed: leave negative, cancellations and overtime positive'),
  counts: z.boolean(),
  days: z.number().nullable().describe('A correction given in days'),
  description: z.string(),
  leaveType: z.object({ id: z.number().int(), name: z.string(), code: z.string(), color: z.string() }).nullable(),
  requestId: z.number().int().nullable(),
  collectiveLeave: ref.nullable(),
  bookedHour: z
    .object({ id: z.number().int(), project: z.string(), startTime: z.string().nullable(), minutes: z.number().int() })
    .nullable(),
  hourRule: ref.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type LeaveLine = z.infer<typeof leaveLineSchema>;

export const leaveLineQuerySchema = z.strictObject({
  year: queryInt(2000, 2099).optional(),
  bucket: z.enum(LEAVE_BUCKETS).optional().describe('Only the lines of this total'),
  page: queryInt(1, 100_000).default(1),
  perPage: queryInt(1, 100).default(50),
});
export type LeaveLineQuery = z.infer<typeof leaveLineQuerySchema>;
export const leaveLinePageSchema = z.object({
  data: z.array(leaveLineSchema),
  meta: pageMetaSchema,
  totalMinutes: z.number().int().describe('The sum of every matching counting line (what the card shows for the bucket, signed)'),
});

export const leaveCorrectionInputSchema = z
  .strictObject({
    date: workDateSchema,
    description: z.string().trim().min(1).max(500),
    minutes: z
      .number()
      .int()
      .min(-60000)
      .max(60000)
      .refine((m) => m !== 0, { message: 'not_zero' })
      .optional(),
    days: z
      .number()
      .min(-250)
      .max(250)
      .refine((d) => d !== 0 && Math.round(d * 100) === d * 100, { message: 'days_invalid' })
      .optional(),
  })
  .refine((c) => (c.minutes === undefined) !== (c.days === undefined), { message: 'minutes_or_days', path: ['minutes'] });
export type LeaveCorrectionInput = z.input<typeof leaveCorrectionInputSchema>;

// ---- sick periods

export const sickPeriodSchema = z.object({
  id: z.number().int(),
  employee: personRefSchema,
  startsOn: calendarDateSchema,
  endsOn: calendarDateSchema.nullable().describe('null: still sick'),
  notes: z.string(),
  scheduledMinutes: z.number().int().describe('The scheduled hours it covers up to its end or today'),
  version: z.number().int(),
  abilities: editAbilities,
});
export type SickPeriod = z.infer<typeof sickPeriodSchema>;
export const sickPeriodListSchema = z.object({ data: z.array(sickPeriodSchema), canCreate: z.boolean() });
export const sickPeriodQuerySchema = z.strictObject({ year: queryInt(2000, 2099).optional() });
const sickFields = {
  startsOn: workDateSchema,
  endsOn: workDateSchema.nullable().default(null),
  notes: z.string().trim().max(1000).default(''),
};
const refineSick = (s: { startsOn: string; endsOn: string | null }, ctx: z.RefinementCtx) => {
  if (s.endsOn !== null && s.endsOn < s.startsOn) ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['endsOn'] });
};
export const sickPeriodInputSchema = z.strictObject(sickFields).superRefine(refineSick);
export type SickPeriodInput = z.input<typeof sickPeriodInputSchema>;
export const sickPeriodUpdateSchema = z.strictObject({ ...sickFields, version: versionField }).superRefine(refineSick);
export type SickPeriodUpdate = z.input<typeof sickPeriodUpdateSchema>;
export const sickPeriodParams = z.strictObject({ sickPeriodId: idSchema });

// ---- public holidays

export const publicHolidayQuerySchema = z.strictObject({ year: queryInt(2000, 2099) });
export const publicHolidayListSchema = z.object({
  data: z.array(z.object({ date: calendarDateSchema, key: z.string(), dayOff: z.boolean() })),
  source: z.string(),
});
