import { type ScheduleVersion, scheduledMinutes } from '@app/shared/hours/schedules.rules';
import type { SickPeriod, sickPeriodInputSchema, sickPeriodUpdateSchema } from '@app/shared/leave/leave';
import { leaveVerdict } from '@app/shared/leave/leave.rules';
import { toAbilities } from '@app/shared/platform/abilities';
import type * as z from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findEmployee } from '../hours/schedules.repository';
import { todayOf } from './card.service';
import { scheduleVersions } from './ledger.repository';
import * as repo from './sick.repository';

// Sick periods: register a period, end it (set its last day), change or remove it. They
// show on the card's sick page and in the planner and never touch the leave balance (no lines).
// Reading: one's own, or anyone's with the leave rights (PEOPLE_RIGHTS.leave, in the WHERE clause:
// another person's is a 404); writing: leave.manage (the route's access). A write locks the
// person's employees row first, so two periods of one person never overlap (409 SICK_OVERLAP).

type SickCreate = z.output<typeof sickPeriodInputSchema>;
type SickChange = z.output<typeof sickPeriodUpdateSchema>;

/** The last day a period covers so far: its end, but never after today. */
const coveredUntil = (r: { endsOn: string | null }, today: string) => (r.endsOn !== null && r.endsOn < today ? r.endsOn : today);

function toSick(ctx: Ctx, r: repo.SickRow, versions: readonly ScheduleVersion[], today: string): SickPeriod {
  const verdict = leaveVerdict(viewerOf(ctx.actor), 'manage');
  const until = coveredUntil(r, today);
  return {
    id: r.id,
    employee: { id: r.employeeId, name: r.employeeName },
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    notes: r.notes,
    scheduledMinutes: until < r.startsOn ? 0 : scheduledMinutes(versions, r.startsOn, until),
    version: r.version,
    abilities: toAbilities({ canEdit: verdict, canDelete: verdict }),
  };
}

/** The schedule versions the periods' scheduled hours need (one read for all of them). */
async function versionsFor(db: DbOrTx | Database, employeeId: number, rows: readonly repo.SickRow[], today: string) {
  const started = rows.filter((r) => r.startsOn <= today).map((r) => r.startsOn);
  if (started.length === 0) return [];
  const from = started.reduce((a, b) => (a < b ? a : b));
  return scheduleVersions(db, employeeId, from, today);
}

/**
 * GET /api/users/:userId/sick-periods: the person's periods (touching `year` when given), newest first.
 * @throws EMPLOYEE_NOT_FOUND (another person's without the leave rights too)
 */
export async function listSickPeriods(
  ctx: Ctx,
  employeeId: number,
  year?: number,
): Promise<{ data: SickPeriod[]; canCreate: boolean }> {
  const today = todayOf(ctx);
  const e = await findEmployee(ctx.db.orm, ctx.actor, employeeId, 'leave');
  if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
  const rows = await repo.listOf(ctx.db.orm, ctx.actor, e.id, today, year);
  const versions = await versionsFor(ctx.db.orm, e.id, rows, today);
  return {
    data: rows.map((r) => toSick(ctx, r, versions, today)),
    canCreate: leaveVerdict(viewerOf(ctx.actor), 'manage') === true,
  };
}

async function getSick(ctx: Ctx, id: number): Promise<SickPeriod> {
  const today = todayOf(ctx);
  const row = await repo.find(ctx.db.orm, ctx.actor, id);
  if (!row) throw new AppError('SICK_PERIOD_NOT_FOUND');
  return toSick(ctx, row, await versionsFor(ctx.db.orm, row.employeeId, [row], today), today);
}

const fieldsOf = (i: SickCreate): repo.SickFields => ({ startsOn: i.startsOn, endsOn: i.endsOn, notes: i.notes });

/**
 * POST /api/users/:userId/sick-periods: registers a period (open when it has no end yet).
 * @throws EMPLOYEE_NOT_FOUND, SICK_OVERLAP
 */
export async function createSickPeriod(ctx: Ctx, employeeId: number, input: SickCreate): Promise<SickPeriod> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    const e = await findEmployee(tx, ctx.actor, employeeId, 'leave', true);
    if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
    if ((await repo.overlapping(tx, e.id, input.startsOn, input.endsOn, null)) !== null) throw new AppError('SICK_OVERLAP');
    const id = await repo.insert(tx, e.id, fieldsOf(input), signedInAccountId(ctx.actor), now);
    await audit(tx, ctx, 'sick_period.created', { type: 'sick_period', id }, { employeeId: e.id, ...fieldsOf(input) });
    return id;
  });
  return getSick(ctx, id);
}

/**
 * PATCH /api/sick-periods/:id: changes it; ending it is setting its last day.
 * @throws SICK_PERIOD_NOT_FOUND, STALE_VERSION, SICK_OVERLAP
 */
export async function updateSickPeriod(ctx: Ctx, id: number, input: SickChange): Promise<SickPeriod> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id);
    if (!current) throw new AppError('SICK_PERIOD_NOT_FOUND');
    if (!(await findEmployee(tx, ctx.actor, current.employeeId, 'leave', true))) throw new AppError('SICK_PERIOD_NOT_FOUND');
    if (current.version !== input.version) throw new AppError('STALE_VERSION');
    if ((await repo.overlapping(tx, current.employeeId, input.startsOn, input.endsOn, id)) !== null) {
      throw new AppError('SICK_OVERLAP');
    }
    if (!(await repo.update(tx, ctx.actor, id, input.version, fieldsOf(input), now))) throw new AppError('STALE_VERSION');
    const event = current.endsOn === null && input.endsOn !== null ? 'sick_period.ended' : 'sick_period.updated';
    await audit(tx, ctx, event, { type: 'sick_period', id }, { employeeId: current.employeeId, ...fieldsOf(input) });
  });
  return getSick(ctx, id);
}

/** DELETE /api/sick-periods/:id?version=N. @throws SICK_PERIOD_NOT_FOUND, STALE_VERSION */
export async function deleteSickPeriod(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id);
    if (!current) throw new AppError('SICK_PERIOD_NOT_FOUND');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    if (!(await repo.remove(tx, ctx.actor, id, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'sick_period.deleted',
      { type: 'sick_period', id },
      { employeeId: current.employeeId, startsOn: current.startsOn, endsOn: current.endsOn },
    );
  });
}
