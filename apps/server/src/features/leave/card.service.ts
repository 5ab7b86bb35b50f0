import type { LeaveCard, LeaveCorrectionInput, LeaveLine, LeaveLineQuery } from '@app/shared/leave/leave';
import { averageDayMinutes, chainYears, entitlementLines, firstCardYear, LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import { type Page, pageMeta } from '@app/shared/platform/http';
import { localDateString } from '@app/shared/platform/iso-week';
import { isOwnRecord } from '@app/shared/users/people.rules';
import type { Database, DbOrTx } from '../../db/client';
import { readerLocale, signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { findEmployee } from '../hours/schedules.repository';
import * as repo from './card.repository';
import * as ledger from './ledger.repository';

/**
 * The leave card: a ledger in minutes. Stored lines are summed in SQL by the buckets of
 * `lineBucket`; the entitlement (contracts, pro rata) and the carried-over balance are derived
 * (`entitlementLines`, `chainYears`), so every figure is a sum of lines that can be listed and no
 * total is stored. One's own card for everyone, another person's with PEOPLE_RIGHTS.leave (else
 * 404); corrections with leave.manage.
 */

export const todayOf = (ctx: Ctx) => localDateString(ctx.clock());

interface Totals {
  card: ReturnType<typeof chainYears>;
  entitlementLines: ReturnType<typeof entitlementLines>;
  notCounted: number;
  policy: { fullTimeWeekMinutes: number; yearlyMinutes: number };
}

/** The chained totals of `year`: from the SQL sums per year and the derived entitlements. */
export async function cardTotals(db: DbOrTx | Database, employeeId: number, year: number, today: string): Promise<Totals> {
  const [sums, contracts, policy, first] = await Promise.all([
    ledger.yearSums(db, employeeId, year, today),
    ledger.contractsOf(db, employeeId),
    ledger.policyOf(db),
    ledger.firstLineDate(db, employeeId),
  ]);
  const byYear = new Map(sums.map((s) => [s.year, s]));
  const entitlementOf = (y: number) => entitlementLines(contracts, y, policy);
  const card = chainYears(firstCardYear(contracts, first, year), year, (y) => {
    const s = byYear.get(y);
    const entitlement = entitlementOf(y).reduce((sum, l) => sum + l.minutes, 0);
    return {
      year: y,
      entitlement,
      corrections: s?.corrections ?? 0,
      overtime: s?.overtime ?? 0,
      taken: s?.taken ?? 0,
      planned: s?.planned ?? 0,
    };
  });
  return {
    card,
    entitlementLines: entitlementOf(year),
    notCounted: byYear.get(year)?.notCounted ?? 0,
    policy: { fullTimeWeekMinutes: policy.fullTimeWeekMinutes, yearlyMinutes: policy.yearlyMinutes },
  };
}

/** The balance of the person's card for `year` as it stands (run with the person's row locked when it guards a write). */
export async function balanceOf(db: DbOrTx | Database, employeeId: number, year: number, today: string): Promise<number> {
  return (await cardTotals(db, employeeId, year, today)).card.balance;
}

async function person(ctx: Ctx, db: DbOrTx | Database, employeeId: number, lock = false) {
  const e = await findEmployee(db, ctx.actor, employeeId, 'leave', lock);
  if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
  return e;
}

/** GET /api/users/:userId/leave-card. @throws EMPLOYEE_NOT_FOUND (another person's without the leave rights too) */
export async function getCard(ctx: Ctx, employeeId: number, year?: number): Promise<LeaveCard> {
  const today = todayOf(ctx);
  const y = year ?? Number(today.slice(0, 4));
  // ctx.db (not a transaction): the reads run as named statements, planned once per connection (G3).
  const e = await person(ctx, ctx.db, employeeId);
  const [t, extra] = await Promise.all([cardTotals(ctx.db, e.id, y, today), repo.cardExtras(ctx.db, e.id, y, today)]);
  const viewer = viewerOf(ctx.actor);
  const manage = can(ctx.actor, LEAVE_RIGHTS.manage);
  const { years, ...current } = t.card;
  return {
    employee: { id: e.id, name: e.name },
    year: y,
    today,
    previousYear: current.previousYear,
    years,
    entitlement: current.entitlement,
    entitlementLines: t.entitlementLines,
    corrections: current.corrections,
    overtime: current.overtime,
    taken: current.taken,
    planned: current.planned,
    balance: current.balance,
    notCounted: t.notCounted,
    pending: extra.pending,
    sick: extra.sick,
    policy: t.policy,
    abilities: {
      canCorrect: manage,
      canManageSick: manage,
      canRequest: !e.deleted && (isOwnRecord(viewer, e.id) || manage),
    },
  };
}

/** GET /api/users/:userId/leave-card/lines: the lines of a year (one bucket or all), paged, with the sum of the counting ones. */
export async function listLines(
  ctx: Ctx,
  employeeId: number,
  q: LeaveLineQuery,
): Promise<Page<LeaveLine> & { totalMinutes: number }> {
  const today = todayOf(ctx);
  const year = q.year ?? Number(today.slice(0, 4));
  const found = await repo.listLines(
    ctx.db,
    ctx.actor,
    employeeId,
    { year, bucket: q.bucket, page: q.page, perPage: q.perPage },
    today,
    readerLocale(ctx.actor),
  );
  if (!found) throw new AppError('EMPLOYEE_NOT_FOUND');
  const { rows, total, totalMinutes } = found;
  return { data: rows, meta: pageMeta(q.page, q.perPage, total), totalMinutes };
}

/**
 * POST /api/users/:userId/leave-corrections: a correction line, in minutes or in days (days times the
 * person's average working day on that date). Written with the person's row locked.
 * @throws EMPLOYEE_NOT_FOUND, FORBIDDEN (without leave.manage), VALIDATION_FAILED (days without a schedule)
 */
export async function addCorrection(ctx: Ctx, employeeId: number, input: LeaveCorrectionInput): Promise<LeaveLine> {
  const today = todayOf(ctx);
  const id = await ctx.db.orm.transaction(async (tx) => {
    const e = await person(ctx, tx, employeeId, true);
    if (!can(ctx.actor, LEAVE_RIGHTS.manage)) throw new AppError('FORBIDDEN');
    let minutes = input.minutes ?? 0;
    if (input.days !== undefined) {
      const day = averageDayMinutes(await ledger.scheduleVersions(tx, e.id, input.date, input.date), input.date);
      if (day === 0) throw fieldError('days', 'no_schedule');
      minutes = Math.round(input.days * day);
      if (minutes === 0) throw fieldError('days', 'not_zero');
    }
    const [lineId] = await ledger.insertLines(
      tx,
      e.id,
      [{ date: input.date, kind: 'correction', minutes, counts: true, description: input.description, days: input.days ?? null }],
      signedInAccountId(ctx.actor),
    );
    if (lineId === undefined) throw new Error('correction insert returned no id');
    await audit(
      tx,
      ctx,
      'leave.corrected',
      { type: 'leave_line', id: lineId },
      { employeeId: e.id, date: input.date, minutes, days: input.days ?? null },
    );
    return lineId;
  });
  const line = await repo.findLine(ctx.db.orm, employeeId, id, today, readerLocale(ctx.actor));
  if (!line) throw new AppError('LEAVE_LINE_NOT_FOUND');
  return line;
}
