import { publicHolidays } from '@app/shared/leave/holidays';
import type {
  HourRuleView,
  hourRuleInputSchema,
  hourRuleUpdateSchema,
  LeavePolicyView,
  LeaveType,
  leavePolicyUpdateSchema,
  leaveTypeInputSchema,
  leaveTypeUpdateSchema,
  publicHolidayListSchema,
} from '@app/shared/leave/leave';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { canEditLeavePolicy, hourRuleAbilities, leaveTypeAbilities } from '@app/shared/leave/leave-settings.rules';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError, isForeignKeyViolation, pgCode } from '../../platform/errors';
import { currentLock } from '../hours/schedules.repository';
import * as repo from './leave-settings.repository';
import { policyOf, resyncOvertime } from './ledger.repository';

/**
 * The leave settings (settings/hours/leave-types and settings/hours/hour-rules):
 * - leave types: every employee reads the active ones (the request form offers them); the
 *   leave-categories rights see them all, leave-categories.manage changes them. A used type (by a
 *   request, a ledger line or collective leave) is deactivated, never deleted.
 * - the leave policy (a full-time week and the yearly entitlement): everyone reads it,
 *   leave-categories.manage changes it. The card derives the entitlement from it on read.
 * - hour rules (hour-rules.manage): every change rewrites the overtime lines of the bookings it can
 *   touch, in the same transaction, except on days payroll has locked.
 * - the Dutch public holidays of a year (computed: holidays.ts).
 */

type TypeInput = z.output<typeof leaveTypeInputSchema>;
type TypeChange = z.output<typeof leaveTypeUpdateSchema>;
type PolicyChange = z.output<typeof leavePolicyUpdateSchema>;
type RuleInput = z.output<typeof hourRuleInputSchema>;
type RuleChange = z.output<typeof hourRuleUpdateSchema>;

// ---- leave types

function toLeaveType(ctx: Ctx, r: repo.LeaveTypeRow): LeaveType {
  return { ...r, abilities: leaveTypeAbilities(r, viewerOf(ctx.actor)) };
}

/** The active types; with `all` every one (the leave-categories rights only). @throws FORBIDDEN */
export async function listLeaveTypes(ctx: Ctx, all: boolean): Promise<LeaveType[]> {
  if (all && !can(ctx.actor, LEAVE_RIGHTS.typesIndex)) throw new AppError('FORBIDDEN');
  const rows = await repo.listTypes(ctx.db.orm, all);
  return rows.map((r) => toLeaveType(ctx, r));
}

const codeTakenError = () => fieldError('code', 'code_taken');

async function checkCode(tx: DbOrTx, code: string, exceptId: number | null): Promise<void> {
  if (await repo.codeTaken(tx, code, exceptId)) throw codeTakenError();
}

/** Two saves of one code at once: the unique index refuses the second; say it as the field error. */
function codeRace(err: unknown): unknown {
  return pgCode(err) === '23505' ? codeTakenError() : err;
}

const typeFields = (i: TypeInput | TypeChange): repo.LeaveTypeFields => ({
  name: i.name,
  nameEn: i.nameEn,
  code: i.code,
  color: i.color.toLowerCase(),
  countsAgainstBalance: i.countsAgainstBalance,
  needsApproval: i.needsApproval,
  active: i.active,
});

async function getLeaveType(ctx: Ctx, id: number): Promise<LeaveType> {
  const row = await repo.findType(ctx.db.orm, id);
  if (!row) throw new AppError('LEAVE_TYPE_NOT_FOUND');
  return toLeaveType(ctx, row);
}

/** Adds a leave type. @throws FORBIDDEN, VALIDATION_FAILED (code code_taken) */
export async function createLeaveType(ctx: Ctx, input: TypeInput): Promise<LeaveType> {
  const f = typeFields(input);
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      await checkCode(tx, f.code, null);
      const id = await repo.insertType(tx, f, now);
      await audit(tx, ctx, 'leave_type.created', { type: 'leave_type', id }, { ...f });
      return id;
    })
    .catch((err) => {
      throw codeRace(err);
    });
  return getLeaveType(ctx, id);
}

/** Changes a leave type. @throws LEAVE_TYPE_NOT_FOUND, FORBIDDEN, STALE_VERSION, VALIDATION_FAILED (code code_taken) */
export async function updateLeaveType(ctx: Ctx, id: number, input: TypeChange): Promise<LeaveType> {
  const f = typeFields(input);
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.findType(tx, id, true);
      if (!current) throw new AppError('LEAVE_TYPE_NOT_FOUND');
      assertAbility(leaveTypeAbilities(current, viewerOf(ctx.actor)), 'canEdit');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      await checkCode(tx, f.code, id);
      if (!(await repo.updateType(tx, id, input.version, f, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'leave_type.updated', { type: 'leave_type', id }, { ...f });
    })
    .catch((err) => {
      throw codeRace(err);
    });
  return getLeaveType(ctx, id);
}

/** Deletes an unused leave type. @throws LEAVE_TYPE_NOT_FOUND, FORBIDDEN, STALE_VERSION, LEAVE_TYPE_IN_USE */
export async function deleteLeaveType(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.findType(tx, id, true);
      if (!current) throw new AppError('LEAVE_TYPE_NOT_FOUND');
      assertAbility(leaveTypeAbilities(current, viewerOf(ctx.actor)), 'canDelete');
      if (current.version !== version) throw new AppError('STALE_VERSION');
      if (!(await repo.deleteType(tx, id, version))) throw new AppError('LEAVE_TYPE_IN_USE');
      await audit(tx, ctx, 'leave_type.deleted', { type: 'leave_type', id }, { name: current.name, code: current.code });
    })
    .catch((err) => {
      // A request or collective leave of this type committed while we deleted: the foreign key refuses.
      throw isForeignKeyViolation(err) ? new AppError('LEAVE_TYPE_IN_USE') : err;
    });
}

// ---- the leave policy

export async function getLeavePolicy(ctx: Ctx): Promise<LeavePolicyView> {
  const p = await policyOf(ctx.db.orm);
  return { ...p, canEdit: canEditLeavePolicy(viewerOf(ctx.actor)) };
}

/** Changes the policy. @throws FORBIDDEN, STALE_VERSION */
export async function updateLeavePolicy(ctx: Ctx, input: PolicyChange): Promise<LeavePolicyView> {
  if (!canEditLeavePolicy(viewerOf(ctx.actor))) throw new AppError('FORBIDDEN');
  const now = ctx.clock();
  const f = { fullTimeWeekMinutes: input.fullTimeWeekMinutes, yearlyMinutes: input.yearlyMinutes };
  await ctx.db.orm.transaction(async (tx) => {
    if (!(await repo.updatePolicy(tx, input.version, f, now))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'leave_policy.updated', { type: 'leave_policy', id: 1 }, { ...f });
  });
  return getLeavePolicy(ctx);
}

// ---- hour rules

function toHourRule(ctx: Ctx, r: repo.HourRuleRow): HourRuleView {
  return { ...r, weekdays: [...r.weekdays], abilities: hourRuleAbilities(viewerOf(ctx.actor)) };
}

export async function listHourRules(ctx: Ctx): Promise<HourRuleView[]> {
  const rows = await repo.listRules(ctx.db.orm);
  return rows.map((r) => toHourRule(ctx, r));
}

async function getHourRule(ctx: Ctx, id: number): Promise<HourRuleView> {
  const row = await repo.findRule(ctx.db.orm, id);
  if (!row) throw new AppError('HOUR_RULE_NOT_FOUND');
  return toHourRule(ctx, row);
}

/** Only the value of its kind is kept: a multiplier has no allowance, an allowance no percent. */
const ruleFields = (i: RuleInput | RuleChange): repo.HourRuleFields => ({
  name: i.name,
  weekdays: [...i.weekdays].sort((a, b) => a - b),
  start: i.start,
  end: i.end,
  effectiveFrom: i.effectiveFrom,
  kind: i.kind,
  percent: i.kind === 'multiplier' ? i.percent : null,
  allowanceMinutes: i.kind === 'allowance' ? i.allowanceMinutes : null,
  feedsOvertime: i.feedsOvertime,
  active: i.active,
});

/** Does a change touch what the rule computes (anything but its name)? */
function computesDifferently(a: repo.HourRuleFields, b: repo.HourRuleFields): boolean {
  const keys = [
    'weekdays',
    'start',
    'end',
    'effectiveFrom',
    'kind',
    'percent',
    'allowanceMinutes',
    'feedsOvertime',
    'active',
  ] as const;
  return keys.some((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/**
 * The payroll lock in force, held FOR SHARE so it cannot move while the overtime is rewritten
 * (then the rules' own lock, in resyncOvertime: the order a booking takes them in too).
 */
async function lockedThrough(tx: DbOrTx): Promise<string | null> {
  return (await currentLock(tx, { share: true })).lockedThrough;
}

const min = (a: string, b: string) => (a < b ? a : b);

/** Adds an hour rule and writes the overtime it makes. @throws FORBIDDEN */
export async function createHourRule(ctx: Ctx, input: RuleInput): Promise<HourRuleView> {
  const f = ruleFields(input);
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    await lockedThrough(tx);
    const id = await repo.insertRule(tx, f, now);
    const bookings = await resyncOvertime(tx, f.effectiveFrom);
    await audit(tx, ctx, 'hour_rule.created', { type: 'hour_rule', id }, { ...f, bookingsRecomputed: bookings });
    return id;
  });
  return getHourRule(ctx, id);
}

/** Changes an hour rule and rewrites the overtime from the earlier of its old and new start. @throws HOUR_RULE_NOT_FOUND, FORBIDDEN, STALE_VERSION */
export async function updateHourRule(ctx: Ctx, id: number, input: RuleChange): Promise<HourRuleView> {
  const f = ruleFields(input);
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    await lockedThrough(tx);
    const current = await repo.findRule(tx, id, true);
    if (!current) throw new AppError('HOUR_RULE_NOT_FOUND');
    assertAbility(hourRuleAbilities(viewerOf(ctx.actor)), 'canEdit');
    if (current.version !== input.version) throw new AppError('STALE_VERSION');
    if (!(await repo.updateRule(tx, id, input.version, f, now))) throw new AppError('STALE_VERSION');
    const bookings = computesDifferently(current, f) ? await resyncOvertime(tx, min(current.effectiveFrom, f.effectiveFrom)) : 0;
    await audit(tx, ctx, 'hour_rule.updated', { type: 'hour_rule', id }, { ...f, bookingsRecomputed: bookings });
  });
  return getHourRule(ctx, id);
}

/** Deletes an hour rule: its overtime after the payroll lock goes, the locked lines stay. @throws HOUR_RULE_NOT_FOUND, FORBIDDEN, STALE_VERSION */
export async function deleteHourRule(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const locked = await lockedThrough(tx);
    const current = await repo.findRule(tx, id, true);
    if (!current) throw new AppError('HOUR_RULE_NOT_FOUND');
    assertAbility(hourRuleAbilities(viewerOf(ctx.actor)), 'canDelete');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    const kept = await repo.keepLockedOvertime(tx, id, current.name, locked);
    if (!(await repo.deleteRule(tx, id, version))) throw new AppError('STALE_VERSION');
    const bookings = await resyncOvertime(tx, current.effectiveFrom);
    await audit(
      tx,
      ctx,
      'hour_rule.deleted',
      { type: 'hour_rule', id },
      { name: current.name, lockedLinesKept: kept, bookingsRecomputed: bookings },
    );
  });
}

// ---- public holidays

export const HOLIDAY_SOURCE = 'Algemene termijnenwet art. 3 (wetten.overheid.nl); 5 May a day off every fifth year';

export function listPublicHolidays(year: number): z.infer<typeof publicHolidayListSchema> {
  return { data: publicHolidays(year), source: HOLIDAY_SOURCE };
}
