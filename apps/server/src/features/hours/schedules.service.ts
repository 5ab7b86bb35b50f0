import { scheduleVerdict } from '@app/shared/hours/hours.rules';
import type { Schedule, ScheduleInput, ScheduleUpdate } from '@app/shared/hours/schedules';
import { type ScheduleDays, weekMinutes, weekParity } from '@app/shared/hours/schedules.rules';
import type { Viewer } from '@app/shared/platform/abilities';
import { isoWeekOf, localDateString } from '@app/shared/platform/iso-week';
import type { Database, DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, pgCode } from '../../platform/errors';
import * as repo from './schedules.repository';

/**
 * Schedules: versions of a person's even and odd weeks, each in force from its date
 * until the next version's. Everyone reads their own; another person's and every change need the
 * schedules rights (PEOPLE_RIGHTS.schedules). A version that starts on or before the hour lock
 * cannot be added, changed or removed (HOURS_PERIOD_LOCKED): the figures payroll used never move.
 */

type Owner = { employeeId: number; deleted: boolean };

function toSchedule(r: repo.ScheduleRow, owner: Owner, viewer: Viewer, lockedThrough: string | null): Schedule {
  const days = r.days;
  return {
    id: r.id,
    employeeId: r.employeeId,
    effectiveFrom: r.effectiveFrom,
    days: { even: days.even, odd: days.odd },
    weekMinutes: { even: weekMinutes(days, 'even'), odd: weekMinutes(days, 'odd') },
    version: r.version,
    canEdit: scheduleVerdict(viewer, owner, lockedThrough, r.effectiveFrom) === true,
  };
}

/** The days as stored: each week's days by weekday. */
function normalise(days: ScheduleDays): ScheduleDays {
  const byDay = (a: ScheduleDays['even']) =>
    [...a]
      .sort((x, y) => x.weekday - y.weekday)
      .map((d) => ({ weekday: d.weekday, start: d.start, end: d.end, breakMinutes: d.breakMinutes }));
  return { even: byDay(days.even), odd: byDay(days.odd) };
}

async function person(ctx: Ctx, db: DbOrTx | Database, userId: number, lock = false): Promise<repo.EmployeeRow> {
  const e = await repo.findEmployee(db, ctx.actor, userId, 'schedules', lock);
  if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
  return e;
}

const owner = (e: repo.EmployeeRow): Owner => ({ employeeId: e.id, deleted: e.deleted });

/** Every version of the person's schedule, newest first, with this week's number and parity. @throws EMPLOYEE_NOT_FOUND */
export async function listSchedules(ctx: Ctx, userId: number) {
  const db = ctx.db;
  const e = await person(ctx, db, userId);
  const [rows, lock] = await Promise.all([repo.listSchedules(db, e.id), repo.currentLock(db)]);
  const viewer = viewerOf(ctx.actor);
  const today = localDateString(ctx.clock());
  return {
    data: rows.map((r) => toSchedule(r, owner(e), viewer, lock.lockedThrough)),
    today,
    parity: weekParity(today),
    week: isoWeekOf(today).week,
  };
}

/** A taken date is a conflict, not a 500. */
function dateTaken(err: unknown): unknown {
  return pgCode(err) === '23505' ? new AppError('SCHEDULE_DATE_TAKEN') : err;
}

/**
 * Adds a version from its date on.
 * @throws EMPLOYEE_NOT_FOUND, FORBIDDEN, EMPLOYEE_DELETED, HOURS_PERIOD_LOCKED, SCHEDULE_DATE_TAKEN
 */
export async function createSchedule(ctx: Ctx, userId: number, input: ScheduleInput): Promise<Schedule> {
  const now = ctx.clock();
  const viewer = viewerOf(ctx.actor);
  const days = normalise(input.days);
  return ctx.db.orm
    .transaction(async (tx) => {
      const e = await person(ctx, tx, userId, true);
      const { lockedThrough } = await repo.currentLock(tx, { share: true });
      const verdict = scheduleVerdict(viewer, owner(e), lockedThrough, input.effectiveFrom);
      if (verdict !== true) throw new AppError(verdict);
      const id = await repo.insertSchedule(tx, e.id, input.effectiveFrom, days, signedInAccountId(ctx.actor), now);
      await audit(
        tx,
        ctx,
        'schedule.created',
        { type: 'schedule', id },
        { employeeId: e.id, effectiveFrom: input.effectiveFrom, days },
      );
      const row = await repo.findSchedule(tx, e.id, id);
      if (!row) throw new AppError('SCHEDULE_NOT_FOUND');
      return toSchedule(row, owner(e), viewer, lockedThrough);
    })
    .catch((err) => {
      throw dateTaken(err);
    });
}

/**
 * Changes a version (its date and days), with the version it was based on. Neither its old nor
 * its new date may be on or before the lock.
 * @throws EMPLOYEE_NOT_FOUND, SCHEDULE_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED, HOURS_PERIOD_LOCKED, SCHEDULE_DATE_TAKEN
 */
export async function updateSchedule(ctx: Ctx, userId: number, id: number, input: ScheduleUpdate): Promise<Schedule> {
  const now = ctx.clock();
  const viewer = viewerOf(ctx.actor);
  const days = normalise(input.days);
  return ctx.db.orm
    .transaction(async (tx) => {
      const e = await person(ctx, tx, userId, true);
      const row = await repo.findSchedule(tx, e.id, id, true);
      if (!row) throw new AppError('SCHEDULE_NOT_FOUND');
      if (row.version !== input.version) throw new AppError('STALE_VERSION');
      const { lockedThrough } = await repo.currentLock(tx, { share: true });
      const verdict = scheduleVerdict(viewer, owner(e), lockedThrough, input.effectiveFrom, row.effectiveFrom);
      if (verdict !== true) throw new AppError(verdict);
      if (!(await repo.updateSchedule(tx, id, input.version, input.effectiveFrom, days, now))) {
        throw new AppError('STALE_VERSION');
      }
      await audit(
        tx,
        ctx,
        'schedule.updated',
        { type: 'schedule', id },
        { employeeId: e.id, effectiveFrom: input.effectiveFrom, previousFrom: row.effectiveFrom, days },
      );
      const saved = await repo.findSchedule(tx, e.id, id);
      if (!saved) throw new AppError('SCHEDULE_NOT_FOUND');
      return toSchedule(saved, owner(e), viewer, lockedThrough);
    })
    .catch((err) => {
      throw dateTaken(err);
    });
}

/**
 * Removes a version: from its date on, the previous version applies again.
 * @throws EMPLOYEE_NOT_FOUND, SCHEDULE_NOT_FOUND, STALE_VERSION, FORBIDDEN, EMPLOYEE_DELETED, HOURS_PERIOD_LOCKED
 */
export async function deleteSchedule(ctx: Ctx, userId: number, id: number, version: number): Promise<void> {
  const viewer = viewerOf(ctx.actor);
  await ctx.db.orm.transaction(async (tx) => {
    const e = await person(ctx, tx, userId, true);
    const row = await repo.findSchedule(tx, e.id, id, true);
    if (!row) throw new AppError('SCHEDULE_NOT_FOUND');
    if (row.version !== version) throw new AppError('STALE_VERSION');
    const { lockedThrough } = await repo.currentLock(tx, { share: true });
    const verdict = scheduleVerdict(viewer, owner(e), lockedThrough, row.effectiveFrom);
    if (verdict !== true) throw new AppError(verdict);
    if (!(await repo.deleteSchedule(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'schedule.deleted', { type: 'schedule', id }, { employeeId: e.id, effectiveFrom: row.effectiveFrom });
  });
}
