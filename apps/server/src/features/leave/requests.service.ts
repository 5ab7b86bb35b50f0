import { formatMinutes, timeToMinutes } from '@app/shared/hours/schedules.rules';
import { holidaySet } from '@app/shared/leave/holidays';
import type {
  LeavePreview,
  LeaveRequest,
  LeaveRequestListQuery,
  LeaveRequestPage,
  leaveRequestInputSchema,
} from '@app/shared/leave/leave';
import {
  cancelVerdict,
  type DayHours,
  decideVerdict,
  fitsBalance,
  LEAVE_RIGHTS,
  requestDays,
} from '@app/shared/leave/leave.rules';
import { toAbilities, type Viewer } from '@app/shared/platform/abilities';
import { pageMeta } from '@app/shared/platform/http';
import { isOwnRecord } from '@app/shared/users/people.rules';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { findEmployee } from '../hours/schedules.repository';
import { sendOwedMails } from '../notifications/notification.jobs';
import { employeeAccount, staffAccountsWith } from '../notifications/notifications.repository';
import { notify } from '../notifications/notifications.service';
import { balanceOf, todayOf } from './card.service';
import { insertLines, leaveDays, leaveLinesOf, scheduleVersions } from './ledger.repository';
import * as repo from './requests.repository';

/**
 * Leave requests: users/leave. Everyone requests and reads their own; leave.manage
 * requests on anyone's behalf, the leave rights (PEOPLE_RIGHTS.leave) read everyone's, and
 * leave.approve decides, never on one's own. The hours come from the person's schedule (even/odd
 * week, the version in force each day) without public holidays and collective leave days, and
 * are shown before sending (preview). A type that counts against the balance may not take more
 * than the balance minus what pending requests already ask. Approving writes the leave lines and
 * cancelling approved future leave writes cancellation lines, each in the transaction that changes
 * the status, after locking the person's employees row (the order every writer of their lines
 * takes: D4). A decision is one conditional UPDATE on the status, so two managers at
 * once give one outcome (D3). Both sides are told by notification and mail.
 */

type RequestInput = z.output<typeof leaveRequestInputSchema>;

const ownEmployeeId = (ctx: Ctx): number => {
  if (ctx.actor.kind !== 'employee') throw new AppError('FORBIDDEN');
  return ctx.actor.employeeId;
};

const yearOf = (date: string) => Number(date.slice(0, 4));

function toLeaveRequest(r: repo.LeaveRequestRow, viewer: Viewer, today: string): LeaveRequest {
  const decide = decideVerdict(viewer, r);
  return {
    id: r.id,
    employee: { id: r.employeeId, name: r.employeeName },
    leaveType: {
      id: r.leaveTypeId,
      name: r.leaveTypeName,
      code: r.leaveTypeCode,
      color: r.leaveTypeColor,
      countsAgainstBalance: r.countsAgainstBalance,
    },
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    part: r.partStart !== null && r.partEnd !== null ? { start: r.partStart, end: r.partEnd } : null,
    minutes: r.minutes,
    note: r.note,
    status: r.status,
    decisionReason: r.decisionReason,
    decidedBy: r.decidedBy,
    decidedAt: r.decidedAt,
    cancelledAt: r.cancelledAt,
    createdAt: r.createdAt,
    version: r.version,
    abilities: toAbilities({ canApprove: decide, canDeny: decide, canCancel: cancelVerdict(viewer, r, today) }),
  };
}

/** The requests in reach (own, or everyone's with the leave rights), filtered and paged, with the pending count. @throws EMPLOYEE_NOT_FOUND */
export async function listLeaveRequests(ctx: Ctx, q: LeaveRequestListQuery): Promise<LeaveRequestPage> {
  const db = ctx.db.orm;
  // Another person's filter without the rights is out of reach, as their card is: 404, not an empty list.
  if (q.employeeId !== undefined && !(await findEmployee(db, ctx.actor, q.employeeId, 'leave'))) {
    throw new AppError('EMPLOYEE_NOT_FOUND');
  }
  const { rows, total, pending } = await repo.list(db, ctx.actor, q);
  const viewer = viewerOf(ctx.actor);
  const today = todayOf(ctx);
  return {
    data: rows.map((r) => toLeaveRequest(r, viewer, today)),
    meta: pageMeta(q.page, q.perPage, total),
    pending,
    abilities: { canRequestForOthers: can(ctx.actor, LEAVE_RIGHTS.manage), canDecide: can(ctx.actor, LEAVE_RIGHTS.approve) },
  };
}

async function reread(ctx: Ctx, db: DbOrTx, id: number): Promise<LeaveRequest> {
  const row = await repo.find(db, ctx.actor, id);
  if (!row) throw new AppError('LEAVE_REQUEST_NOT_FOUND');
  return toLeaveRequest(row, viewerOf(ctx.actor), todayOf(ctx));
}

/** One request in reach. @throws LEAVE_REQUEST_NOT_FOUND */
export function getLeaveRequest(ctx: Ctx, id: number): Promise<LeaveRequest> {
  return reread(ctx, ctx.db.orm, id);
}

/** The person a request is for: found through the scope (404), and another person's only with leave.manage (403). */
async function requester(ctx: Ctx, db: DbOrTx, employeeId: number | undefined, lock: boolean) {
  const e = await findEmployee(db, ctx.actor, employeeId ?? ownEmployeeId(ctx), 'leave', lock);
  if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
  if (!isOwnRecord(viewerOf(ctx.actor), e.id) && !can(ctx.actor, LEAVE_RIGHTS.manage)) throw new AppError('FORBIDDEN');
  if (e.deleted) throw new AppError('EMPLOYEE_DELETED');
  return e;
}

/** The type must exist (400 on the field, as for any reference) and be active (409). */
async function activeType(db: DbOrTx, id: number): Promise<repo.LeaveTypeRow> {
  const type = await repo.leaveType(db, id);
  if (!type) throw fieldError('leaveTypeId', 'not_found');
  if (!type.active) throw new AppError('LEAVE_TYPE_INACTIVE');
  return type;
}

/** The hours of a period, day by day, from the person's schedule now (holidays and collective leave days take nothing). */
async function daysOf(
  db: DbOrTx,
  employeeId: number,
  p: { startsOn: string; endsOn: string; part: { start: string; end: string } | null },
): Promise<DayHours[]> {
  // One after the other: inside a transaction the statements share one connection.
  const versions = await scheduleVersions(db, employeeId, p.startsOn, p.endsOn);
  const collective = await leaveDays(db, employeeId, p.startsOn, p.endsOn, { source: 'collective' });
  return requestDays({
    versions,
    from: p.startsOn,
    till: p.endsOn,
    part: p.part,
    holidays: holidaySet(p.startsOn, p.endsOn),
    collective,
  });
}

const sum = (days: readonly DayHours[]) => days.reduce((s, d) => s + d.minutes, 0);

/**
 * What the balance still holds for a request starting in `startsOn`'s year: the card's balance of
 * that year minus the pending requests of counting types up to its end.
 */
async function available(ctx: Ctx, db: DbOrTx, employeeId: number, startsOn: string) {
  const year = yearOf(startsOn);
  const balance = await balanceOf(db, employeeId, year, todayOf(ctx));
  const pending = await repo.pendingCountingMinutes(db, employeeId, `${year}-12-31`);
  return { balance, available: balance - pending };
}

/**
 * POST /api/leave-requests/preview: what the request would take, day by day, and whether it fits
 * the balance; nothing is stored. @throws EMPLOYEE_NOT_FOUND, FORBIDDEN, EMPLOYEE_DELETED, VALIDATION_FAILED (leaveTypeId not_found), LEAVE_TYPE_INACTIVE
 */
export async function previewLeave(ctx: Ctx, input: RequestInput): Promise<LeavePreview> {
  const db = ctx.db.orm;
  const e = await requester(ctx, db, input.employeeId, false);
  const type = await activeType(db, input.leaveTypeId);
  const days = await daysOf(db, e.id, input);
  const minutes = sum(days);
  const { balance, available: left } = await available(ctx, db, e.id, input.startsOn);
  return {
    days,
    minutes,
    balance,
    countsAgainstBalance: type.countsAgainstBalance,
    fits: fitsBalance(left, minutes, type.countsAgainstBalance),
    needsApproval: type.needsApproval,
  };
}

/** True when two requests of one person share time: any common day, except part-day windows on one day that do not meet. */
function overlaps(a: { partStart: string | null; partEnd: string | null }, b: { start: string; end: string } | null): boolean {
  if (a.partStart === null || a.partEnd === null || b === null) return true;
  return timeToMinutes(a.partStart) < timeToMinutes(b.end) && timeToMinutes(b.start) < timeToMinutes(a.partEnd);
}

const factsOf = (r: {
  startsOn: string;
  endsOn: string;
  partStart?: string | null;
  partEnd?: string | null;
  minutes: number;
}) => ({
  startsOn: r.startsOn,
  endsOn: r.endsOn,
  ...(r.partStart && r.partEnd ? { part: `${r.partStart}-${r.partEnd}` } : {}),
  hours: formatMinutes(r.minutes),
});

/**
 * Requests leave: one's own (employeeId left out), or with leave.manage anyone's. A type without
 * approval is approved at once (its lines written); otherwise it waits and the approvers are told.
 * @throws EMPLOYEE_NOT_FOUND, FORBIDDEN, EMPLOYEE_DELETED, VALIDATION_FAILED (leaveTypeId not_found), LEAVE_TYPE_INACTIVE, LEAVE_NO_HOURS, LEAVE_OVERLAP, LEAVE_OVER_BALANCE
 */
export async function createLeaveRequest(ctx: Ctx, input: RequestInput): Promise<LeaveRequest> {
  const now = ctx.clock();
  const me = signedInAccountId(ctx.actor);
  const id = await ctx.db.orm.transaction(async (tx) => {
    // The person's row first: their requests, decisions and lines are written one at a time.
    const e = await requester(ctx, tx, input.employeeId, true);
    const type = await activeType(tx, input.leaveTypeId);
    const days = await daysOf(tx, e.id, input);
    const minutes = sum(days);
    if (minutes === 0) throw new AppError('LEAVE_NO_HOURS');
    const others = await repo.liveRequestsBetween(tx, e.id, input.startsOn, input.endsOn);
    if (others.some((o) => overlaps(o, input.part))) throw new AppError('LEAVE_OVERLAP');
    if (type.countsAgainstBalance) {
      const { available: left } = await available(ctx, tx, e.id, input.startsOn);
      if (!fitsBalance(left, minutes, true)) {
        throw new AppError('LEAVE_OVER_BALANCE', { details: { balanceMinutes: left, requestedMinutes: minutes } });
      }
    }
    const status = type.needsApproval ? 'pending' : 'approved';
    const fields: repo.NewRequest = {
      employeeId: e.id,
      leaveTypeId: type.id,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      partStart: input.part?.start ?? null,
      partEnd: input.part?.end ?? null,
      minutes,
      note: input.note,
      status,
    };
    const id = await repo.insert(tx, fields, me, now);
    if (status === 'approved') {
      const lines = leaveLinesOf(days, {
        leaveTypeId: type.id,
        counts: type.countsAgainstBalance,
        description: input.note || type.name,
        requestId: id,
      });
      await insertLines(tx, e.id, lines, me);
    }
    await audit(
      tx,
      ctx,
      'leave_request.created',
      { type: 'leave_request', id },
      {
        employeeId: e.id,
        leaveTypeId: type.id,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        part: input.part,
        minutes,
        status,
      },
    );
    const employee = await employeeAccount(tx, e.id);
    const facts = { employee: e.name, type: type.name, ...factsOf(fields) };
    if (status === 'pending') {
      // Whoever may approve it, but not the person it is for (one never decides one's own).
      const approvers = (await staffAccountsWith(tx, 'leave.approve')).filter((a) => a !== employee);
      await notify(tx, approvers, { kind: 'leave.requested', data: facts, link: `/users/leave?open=${id}`, mail: true }, now);
    } else if (employee !== null && employee !== me) {
      // Booked on the person's behalf and approved at once: they hear of it as of any decision.
      await notify(
        tx,
        [employee],
        { kind: 'leave.decided', data: { ...facts, outcome: 'approved' }, link: `/users/leave?open=${id}`, mail: true },
        now,
      );
    }
    return id;
  });
  await sendOwedMails(ctx);
  return getLeaveRequest(ctx, id);
}

/**
 * The request and its person's row locked, then the request read again: a decision or
 * cancellation that committed while this one waited for the lock is seen.
 */
async function lockRequest(ctx: Ctx, tx: DbOrTx, id: number): Promise<repo.LeaveRequestRow> {
  const first = await repo.find(tx, ctx.actor, id);
  if (!first) throw new AppError('LEAVE_REQUEST_NOT_FOUND');
  if (!(await findEmployee(tx, ctx.actor, first.employeeId, 'leave', true))) throw new AppError('LEAVE_REQUEST_NOT_FOUND');
  const row = await repo.find(tx, ctx.actor, id);
  if (!row) throw new AppError('LEAVE_REQUEST_NOT_FOUND');
  return row;
}

export type LeaveDecision = { outcome: 'approved'; reason: string } | { outcome: 'denied'; reason: string };

/**
 * Approves (the hours recomputed from the schedule now, the leave lines written) or denies (with
 * a reason) a pending request, once: one conditional UPDATE from pending, so of two decisions at
 * once exactly one counts. Tells the employee.
 * @throws LEAVE_REQUEST_NOT_FOUND, FORBIDDEN (without leave.approve, or one's own), LEAVE_REQUEST_DECIDED, STALE_VERSION, LEAVE_OVER_BALANCE
 */
export async function decideLeaveRequest(ctx: Ctx, id: number, version: number, decision: LeaveDecision): Promise<LeaveRequest> {
  const now = ctx.clock();
  const me = signedInAccountId(ctx.actor);
  const viewer = viewerOf(ctx.actor);
  const today = todayOf(ctx);
  await ctx.db.orm.transaction(async (tx) => {
    const current = await lockRequest(ctx, tx, id);
    const ability = decision.outcome === 'approved' ? 'canApprove' : 'canDeny';
    assertAbility(toLeaveRequest(current, viewer, today).abilities, ability);
    if (current.version !== version) throw new AppError('STALE_VERSION');
    const reason = decision.reason === '' ? null : decision.reason;
    let minutes = current.minutes;
    let lines: ReturnType<typeof leaveLinesOf> = [];
    if (decision.outcome === 'approved') {
      const type = await repo.leaveType(tx, current.leaveTypeId);
      if (!type) throw new AppError('LEAVE_TYPE_NOT_FOUND');
      const part =
        current.partStart !== null && current.partEnd !== null ? { start: current.partStart, end: current.partEnd } : null;
      const days = await daysOf(tx, current.employeeId, { startsOn: current.startsOn, endsOn: current.endsOn, part });
      minutes = sum(days);
      if (type.countsAgainstBalance) {
        // The balance as it stands now (a correction may have lowered it since the request was sent).
        const balance = await balanceOf(tx, current.employeeId, yearOf(current.startsOn), today);
        if (!fitsBalance(balance, minutes, true)) {
          throw new AppError('LEAVE_OVER_BALANCE', { details: { balanceMinutes: balance, requestedMinutes: minutes } });
        }
      }
      lines = leaveLinesOf(days, {
        leaveTypeId: type.id,
        counts: type.countsAgainstBalance,
        description: current.note || type.name,
        requestId: id,
      });
    }
    const decided = await repo.decide(tx, ctx.actor, { id, version, next: decision.outcome, reason, minutes }, me, now);
    if (!decided) {
      // Someone else decided it since we read it: say which (the person's row lock makes this rare).
      const again = await repo.find(tx, ctx.actor, id);
      if (!again) throw new AppError('LEAVE_REQUEST_NOT_FOUND');
      throw new AppError(again.status === 'pending' ? 'STALE_VERSION' : 'LEAVE_REQUEST_DECIDED');
    }
    await insertLines(tx, current.employeeId, lines, me);
    await audit(
      tx,
      ctx,
      `leave_request.${decision.outcome}`,
      { type: 'leave_request', id },
      {
        employeeId: current.employeeId,
        minutes,
        reason,
      },
    );
    const account = await employeeAccount(tx, current.employeeId);
    if (account !== null && account !== me) {
      await notify(
        tx,
        [account],
        {
          kind: 'leave.decided',
          data: {
            type: current.leaveTypeName,
            ...factsOf({ ...current, minutes }),
            outcome: decision.outcome,
            ...(reason ? { reason } : {}),
          },
          link: `/users/leave?open=${id}`,
          mail: true,
        },
        now,
      );
    }
  });
  await sendOwedMails(ctx);
  return getLeaveRequest(ctx, id);
}

/**
 * Cancels a request: a pending one is withdrawn (no lines); approved leave that lies wholly in the
 * future gives its hours back, one cancellation line per leave line (same day, counts copied).
 * The requester or leave.manage. @throws LEAVE_REQUEST_NOT_FOUND, FORBIDDEN, LEAVE_REQUEST_DECIDED, LEAVE_IN_PAST, STALE_VERSION
 */
export async function cancelLeaveRequest(ctx: Ctx, id: number, version: number): Promise<LeaveRequest> {
  const now = ctx.clock();
  const me = signedInAccountId(ctx.actor);
  await ctx.db.orm.transaction(async (tx) => {
    const current = await lockRequest(ctx, tx, id);
    assertAbility(toLeaveRequest(current, viewerOf(ctx.actor), todayOf(ctx)).abilities, 'canCancel');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    if (!(await repo.cancel(tx, ctx.actor, { id, version, expected: current.status }, me, now))) {
      throw new AppError('STALE_VERSION');
    }
    let givenBack = 0;
    if (current.status === 'approved') {
      const taken = await repo.leaveLinesOfRequest(tx, id);
      const back = taken.map((l) => ({
        date: l.date,
        kind: 'cancellation' as const,
        minutes: -l.minutes,
        counts: l.counts,
        description: l.description,
        leaveTypeId: l.leaveTypeId,
        requestId: id,
      }));
      await insertLines(tx, current.employeeId, back, me);
      givenBack = back.reduce((s, l) => s + l.minutes, 0);
    }
    await audit(
      tx,
      ctx,
      'leave_request.cancelled',
      { type: 'leave_request', id },
      {
        employeeId: current.employeeId,
        was: current.status,
        minutesGivenBack: givenBack,
      },
    );
  });
  return getLeaveRequest(ctx, id);
}
