import { formatMinutes, scheduledDays } from '@app/shared/hours/schedules.rules';
import type { Timesheet, TimesheetList } from '@app/shared/hours/timesheets';
import {
  TIMESHEET_NEXT,
  type TimesheetAction,
  type TimesheetState,
  timesheetAbilities,
  timesheetVerdict,
} from '@app/shared/hours/timesheets.rules';
import type { Viewer } from '@app/shared/platform/abilities';
import { addDays, mondayOfWeek, parseWeekKey, weekKey } from '@app/shared/platform/iso-week';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { sendOwedMails } from '../notifications/notification.jobs';
import { employeeAccount } from '../notifications/notifications.repository';
import { notify } from '../notifications/notifications.service';
import * as people from './schedules.repository';
import * as repo from './timesheets.repository';

/**
 * Timesheets ('Urenverantwoording', docs/decisions.md "People and hours"): someone with
 * hours.approve approves a person's ISO week or sends it back with a comment, never their own
 * (TIMESHEET_OWN_WEEK), and may reopen it. An approved week is read only for everyone
 * (HOURS_WEEK_APPROVED, hours.service.ts); the payroll lock stays apart from it. A decision takes
 * the person's row lock, the same one every booking takes, so a booking and a decision on the same
 * week never cross; and it carries the version it was based on (null on an open week), so of two
 * approvers at once one wins and the other gets 409 STALE_VERSION. The person is told by
 * notification (and mail, as their preferences say).
 */

/** The Monday and Sunday of a week key. @throws VALIDATION_FAILED (week week_invalid) */
export function weekDays(week: string): { key: string; monday: string; sunday: string } {
  const w = parseWeekKey(week);
  if (!w) throw fieldError('week', 'week_invalid');
  const monday = mondayOfWeek(w.year, w.week);
  return { key: weekKey(w), monday, sunday: addDays(monday, 6) };
}

/** The decision on a week as the web shows it (open when there is no row). */
export function toTimesheet(row: repo.TimesheetRowDb | null, viewer: Viewer, employeeId: number): Timesheet {
  const state: TimesheetState = row?.status ?? 'open';
  return {
    state,
    comment: row?.comment ?? '',
    decidedBy: row?.decidedBy ?? null,
    decidedAt: row?.decidedAt ?? null,
    version: row?.version ?? null,
    abilities: timesheetAbilities(viewer, employeeId, state),
  };
}

/** GET /api/hours/timesheets: every person in reach with the week's booked and scheduled minutes and its state. */
export async function listTimesheets(ctx: Ctx, week: string): Promise<TimesheetList> {
  const { key, monday, sunday } = weekDays(week);
  const viewer = viewerOf(ctx.actor);
  const rows = await repo.peopleOfWeek(ctx.db.orm, ctx.actor, monday, sunday);
  return {
    week: key,
    rows: rows.map((r) => ({
      employee: { id: r.id, name: r.name },
      bookedMinutes: r.bookedMinutes,
      scheduledMinutes: scheduledDays(r.schedules, monday, sunday).reduce((s, d) => s + d.minutes, 0),
      timesheet: toTimesheet(r.timesheet, viewer, r.id),
    })),
  };
}

interface DecisionInput {
  week: string;
  version: number | null;
  comment?: string;
}

/**
 * Approves, sends back or reopens a person's week.
 * @throws EMPLOYEE_NOT_FOUND, FORBIDDEN, TIMESHEET_OWN_WEEK, TIMESHEET_STATE, STALE_VERSION, VALIDATION_FAILED
 */
export async function decide(ctx: Ctx, employeeId: number, action: TimesheetAction, input: DecisionInput): Promise<Timesheet> {
  const { key, monday, sunday } = weekDays(input.week);
  const now = ctx.clock();
  const me = signedInAccountId(ctx.actor);
  const viewer = viewerOf(ctx.actor);
  const comment = action === 'return' ? (input.comment ?? '').trim() : '';
  await ctx.turns.run(`employee:${employeeId}`, () =>
    ctx.db.orm.transaction(async (tx) => {
      const e = await people.findEmployee(tx, ctx.actor, employeeId, 'readHours', true);
      if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
      const current = await repo.findTimesheet(tx, ctx.actor, employeeId, monday);
      const state: TimesheetState = current?.status ?? 'open';
      // Based on another decision than the one in force: someone decided meanwhile.
      if ((current?.version ?? null) !== input.version) {
        const verdict = timesheetVerdict(viewer, employeeId, state, action);
        if (verdict !== true && verdict !== 'TIMESHEET_STATE') throw new AppError(verdict);
        throw new AppError('STALE_VERSION');
      }
      const verdict = timesheetVerdict(viewer, employeeId, state, action);
      if (verdict !== true) throw new AppError(verdict);
      const next = TIMESHEET_NEXT[action];
      const done = await write(tx, { employeeId, monday, current, next, comment, me }, now);
      if (!done) throw new AppError('STALE_VERSION');
      await audit(
        tx,
        ctx,
        `timesheet.${next === 'open' ? 'reopened' : next}`,
        { type: 'timesheet_week', id: `${employeeId}:${key}` },
        { employeeId, week: key, from: state, ...(comment ? { comment } : {}) },
      );
      if (next !== 'open') {
        const by = (await repo.findTimesheet(tx, ctx.actor, employeeId, monday))?.decidedBy ?? '';
        await tell(tx, { employeeId, me, key, monday, sunday, next, comment, by }, now);
      }
    }),
  );
  await sendOwedMails(ctx);
  const row = await repo.findTimesheet(ctx.db, ctx.actor, employeeId, monday);
  return toTimesheet(row, viewer, employeeId);
}

async function write(
  tx: DbOrTx,
  v: {
    employeeId: number;
    monday: string;
    current: repo.TimesheetRowDb | null;
    next: TimesheetState;
    comment: string;
    me: number | null;
  },
  now: Date,
): Promise<boolean> {
  if (v.next === 'open') return v.current !== null && repo.deleteDecision(tx, v.employeeId, v.monday, v.current.version);
  const decision = { employeeId: v.employeeId, monday: v.monday, status: v.next, comment: v.comment, decidedBy: v.me };
  const version = v.current
    ? await repo.updateDecision(tx, { ...decision, version: v.current.version }, now)
    : await repo.insertDecision(tx, decision, now);
  return version !== null;
}

/** Tells the person of the decision (not when they decided it themselves, which the rules forbid anyway). */
async function tell(
  tx: DbOrTx,
  v: {
    employeeId: number;
    me: number | null;
    key: string;
    monday: string;
    sunday: string;
    next: 'approved' | 'returned';
    comment: string;
    by: string;
  },
  now: Date,
): Promise<void> {
  const account = await employeeAccount(tx, v.employeeId);
  if (account === null || account === v.me) return;
  const booked = await repo.bookedMinutes(tx, v.employeeId, v.monday, v.sunday);
  await notify(
    tx,
    [account],
    {
      kind: v.next === 'approved' ? 'timesheet.approved' : 'timesheet.returned',
      data: {
        week: v.key,
        from: v.monday,
        to: v.sunday,
        hours: formatMinutes(booked),
        by: v.by,
        ...(v.comment ? { comment: v.comment } : {}),
      },
      link: `/hours?week=${v.key}`,
      mail: true,
    },
    now,
  );
}
