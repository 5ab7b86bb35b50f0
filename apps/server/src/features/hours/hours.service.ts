import {
  type BookedHour,
  type BookedHourInput,
  type BookedHourUpdate,
  type HourLock,
  type HoursListQuery,
  type HoursWeek,
  MAX_HOUR_PROJECTS,
  MAX_PROJECT_HOURS_WEEKS,
  type ProjectHours,
} from '@app/shared/hours/hours';
import { bookedHourAbilities, bookingVerdict, dayFits, isLocked, lockVerdict } from '@app/shared/hours/hours.rules';
import { scheduledDays, weekParity } from '@app/shared/hours/schedules.rules';
import { weekVerdict } from '@app/shared/hours/timesheets.rules';
import { firstDenied, type Verdict, type Viewer } from '@app/shared/platform/abilities';
import { type Page, pageMeta } from '@app/shared/platform/http';
import {
  addDays,
  addWeeks,
  isoWeekOf,
  mondayOf,
  mondayOfWeek,
  parseWeekKey,
  weekKey,
  weeksBetween,
} from '@app/shared/platform/iso-week';
import type { SelfService } from '@app/shared/users/people.rules';
import type { Database, DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { bookingWritten } from './booking-followers';
import * as repo from './hours.repository';
import * as people from './schedules.repository';
import { approvedWeeks } from './timesheets.repository';
import { toTimesheet } from './timesheets.service';

/**
 * Booked hours: per person, per day, on a project (an area or a task optional).
 * One's own are booked with the self-service flag (SELF_SERVICE_OFF without it), anyone's with the
 * hours rights (PEOPLE_RIGHTS.hours); another person's are out of reach (404) without them. A day
 * on or before the hour lock never changes (HOURS_PERIOD_LOCKED), and a person's day holds at most
 * 24 hours (HOURS_DAY_FULL): every write locks the person's employees row first, then checks and
 * writes in the same transaction, so concurrent bookings of one person queue and the day total
 * is exact on any number of app processes (D4).
 */

function ownEmployeeId(ctx: Ctx): number {
  if (ctx.actor.kind !== 'employee') throw new AppError('FORBIDDEN');
  return ctx.actor.employeeId;
}

const selfServiceOf = (ctx: Ctx): SelfService | null => (ctx.actor.kind === 'employee' ? ctx.actor.selfService : null);

function toBookedHour(
  r: repo.BookedHourRow,
  viewer: Viewer,
  self: SelfService | null,
  lockedThrough: string | null,
  weekApproved = false,
): BookedHour {
  return {
    id: r.id,
    employee: { id: r.employeeId, name: r.employeeName },
    date: r.date,
    project: { id: r.projectId, name: r.projectName },
    area: r.areaId === null ? null : { id: r.areaId, name: r.areaName ?? '' },
    task: r.taskId === null ? null : { id: r.taskId, title: r.taskTitle ?? '' },
    startTime: r.startTime,
    minutes: r.minutes,
    activity: r.activity,
    notes: r.notes,
    version: r.version,
    locked: isLocked(r.date, lockedThrough),
    abilities: bookedHourAbilities(
      r,
      { employeeId: r.employeeId, deleted: r.employeeDeleted },
      viewer,
      self,
      lockedThrough,
      weekApproved,
    ),
  };
}

async function person(ctx: Ctx, db: DbOrTx | Database, employeeId: number, lock = false): Promise<people.EmployeeRow> {
  const e = await people.findEmployee(db, ctx.actor, employeeId, 'hours', lock);
  if (!e) throw new AppError('EMPLOYEE_NOT_FOUND');
  return e;
}

/**
 * One person's ISO week: per day the scheduled minutes (the version in force that day, by the
 * week's parity), the bookings and their sum; the totals; the lock; whether the viewer may book.
 * @throws EMPLOYEE_NOT_FOUND (another person's without the hours rights too)
 */
export async function getWeek(ctx: Ctx, q: { employeeId?: number | undefined; week: string }): Promise<HoursWeek> {
  const w = parseWeekKey(q.week);
  if (!w) throw fieldError('week', 'week_invalid');
  const monday = mondayOfWeek(w.year, w.week);
  const sunday = addDays(monday, 6);
  const employeeId = q.employeeId ?? ownEmployeeId(ctx);
  // Two statements side by side: the person with their schedule and the lock, and the week's
  // bookings (both through the hours scope, so another person's are out of reach either way).
  const [head, entries] = await Promise.all([
    people.weekHead(ctx.db, ctx.actor, employeeId, monday, sunday),
    repo.bookedBetween(ctx.db, ctx.actor, employeeId, monday, sunday),
  ]);
  if (!head) throw new AppError('EMPLOYEE_NOT_FOUND');
  const e = head;
  const versions = head.schedules;
  const lock = { lockedThrough: head.lockedThrough };
  const viewer = viewerOf(ctx.actor);
  const self = selfServiceOf(ctx);
  const decision = head.timesheet;
  const approved = decision?.status === 'approved';
  const booked = entries.map((r) => toBookedHour(r, viewer, self, lock.lockedThrough, approved));
  const days = scheduledDays(versions, monday, sunday).map((d) => {
    const mine = booked.filter((b) => b.date === d.date);
    return {
      date: d.date,
      scheduledMinutes: d.minutes,
      bookedMinutes: mine.reduce((s, b) => s + b.minutes, 0),
      entries: mine,
    };
  });
  const scheduled = days.reduce((s, d) => s + d.scheduledMinutes, 0);
  const bookedTotal = days.reduce((s, d) => s + d.bookedMinutes, 0);
  const verdict = firstDenied(
    bookingVerdict(viewer, { employeeId: e.id, deleted: e.deleted }, self),
    weekVerdict(decision?.status ?? 'open'),
  );
  return {
    week: weekKey(w),
    parity: weekParity(monday),
    employee: { id: e.id, name: e.name },
    days,
    totals: { scheduled, booked: bookedTotal, difference: bookedTotal - scheduled },
    lockedThrough: lock.lockedThrough,
    timesheet: toTimesheet(decision, viewer, e.id),
    canBook: verdict === true,
    cannotBookReason: verdict === true ? null : verdict,
  };
}

type Fields = repo.BookedHourFields;

function toFields(input: {
  date: string;
  projectId: number;
  areaId?: number | null | undefined;
  taskId?: number | null | undefined;
  startTime?: string | null | undefined;
  minutes: number;
  activity: Fields['activity'];
  notes?: string | undefined;
}): Fields {
  return {
    date: input.date,
    projectId: input.projectId,
    areaId: input.areaId ?? null,
    taskId: input.taskId ?? null,
    startTime: input.startTime ?? null,
    minutes: input.minutes,
    activity: input.activity,
    notes: input.notes ?? '',
  };
}

/** The project, area and task of a save: 400 with the field at fault. */
async function assertRefs(tx: DbOrTx, f: Fields): Promise<void> {
  const ok = await repo.refsOk(tx, f);
  if (!ok.project) throw fieldError('projectId', 'not_found');
  if (!ok.area) throw fieldError('areaId', 'not_in_project');
  if (!ok.task) throw fieldError('taskId', 'not_in_project');
}

/** Allowed, or the error of the rule that stands in the way. */
function check(verdict: Verdict): void {
  if (verdict !== true) throw new AppError(verdict);
}

/** No booking is removed from a week the person has approved (HOURS_WEEK_APPROVED). Run with the person's row locked. */
async function assertWeekOpen(tx: DbOrTx, employeeId: number, date: string): Promise<void> {
  const approved = await approvedWeeks(tx, employeeId, [mondayOf(date)]);
  if (approved.size > 0) throw new AppError('HOURS_WEEK_APPROVED');
}

/**
 * The day has room for the booking (HOURS_DAY_FULL), and neither the week it lands in nor the one
 * it leaves (`from`, on a change) is approved (HOURS_WEEK_APPROVED): one statement, the person's row locked.
 */
async function fitsDay(tx: DbOrTx, employeeId: number, f: Fields, except: number | null, from?: string): Promise<void> {
  const mondays = [...new Set([f.date, ...(from ? [from] : [])].map(mondayOf))];
  const { minutes, weekApproved } = await repo.dayTotal(tx, employeeId, f.date, except, mondays);
  if (weekApproved) throw new AppError('HOURS_WEEK_APPROVED');
  if (!dayFits(minutes, f.minutes)) throw new AppError('HOURS_DAY_FULL', { details: { bookedMinutes: minutes } });
}

async function reread(ctx: Ctx, tx: DbOrTx, id: number, lockedThrough: string | null): Promise<BookedHour> {
  const row = await repo.findBooked(tx, ctx.actor, id);
  if (!row) throw new AppError('BOOKED_HOURS_NOT_FOUND');
  return toBookedHour(row, viewerOf(ctx.actor), selfServiceOf(ctx), lockedThrough);
}

/**
 * Books hours for oneself (employeeId left out or one's own) or, with the hours rights, for anyone.
 * @throws EMPLOYEE_NOT_FOUND, SELF_SERVICE_OFF, EMPLOYEE_DELETED, VALIDATION_FAILED (projectId not_found, areaId/taskId not_in_project), HOURS_PERIOD_LOCKED, HOURS_DAY_FULL
 */
export async function createBookedHour(ctx: Ctx, input: BookedHourInput): Promise<BookedHour> {
  const now = ctx.clock();
  const viewer = viewerOf(ctx.actor);
  const f = toFields(input);
  const employeeId = input.employeeId ?? ownEmployeeId(ctx);
  return inTurn(ctx, employeeId, async (tx) => {
    const e = await person(ctx, tx, employeeId, true);
    check(bookingVerdict(viewer, { employeeId: e.id, deleted: e.deleted }, selfServiceOf(ctx)));
    await assertRefs(tx, f);
    const { lockedThrough } = await people.currentLock(tx, { share: true });
    check(lockVerdict(f.date, lockedThrough));
    await fitsDay(tx, e.id, f, null);
    const id = await repo.insertBooked(tx, e.id, f, signedInAccountId(ctx.actor), now);
    await bookingWritten(tx, id);
    await audit(tx, ctx, 'booked_hours.created', { type: 'booked_hours', id }, { employeeId: e.id, ...f });
    return reread(ctx, tx, id, lockedThrough);
  });
}

/**
 * A transaction that locks the person's row, in the person's turn (platform/turns.ts): the
 * bookings of one person wait for each other in memory, not each on a connection of its own.
 */
function inTurn<T>(ctx: Ctx, employeeId: number, work: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return ctx.turns.run(`employee:${employeeId}`, () => ctx.db.orm.transaction(work));
}

/** The person whose turn a change of a booking takes (read without a lock; the change rereads it locked). */
async function bookingOwner(ctx: Ctx, id: number): Promise<number> {
  const found = await repo.findBooked(ctx.db.orm, ctx.actor, id);
  if (!found) throw new AppError('BOOKED_HOURS_NOT_FOUND');
  return found.employeeId;
}

/** The booking and its person, the person's row locked first (the order every write takes). */
async function lockForChange(ctx: Ctx, tx: DbOrTx, id: number, version: number) {
  const found = await repo.findBooked(tx, ctx.actor, id);
  if (!found) throw new AppError('BOOKED_HOURS_NOT_FOUND');
  const e = await person(ctx, tx, found.employeeId, true);
  const row = await repo.findBooked(tx, ctx.actor, id, true);
  if (!row) throw new AppError('BOOKED_HOURS_NOT_FOUND');
  if (row.version !== version) throw new AppError('STALE_VERSION');
  const { lockedThrough } = await people.currentLock(tx, { share: true });
  check(bookingVerdict(viewerOf(ctx.actor), { employeeId: e.id, deleted: e.deleted }, selfServiceOf(ctx)));
  check(lockVerdict(row.date, lockedThrough));
  return { row, e, lockedThrough };
}

/**
 * Changes a booking (send the version it was based on); neither its old nor its new day may be locked.
 * @throws BOOKED_HOURS_NOT_FOUND, STALE_VERSION, SELF_SERVICE_OFF, EMPLOYEE_DELETED, VALIDATION_FAILED, HOURS_PERIOD_LOCKED, HOURS_DAY_FULL
 */
export async function updateBookedHour(ctx: Ctx, id: number, input: BookedHourUpdate): Promise<BookedHour> {
  const now = ctx.clock();
  const f = toFields(input);
  return inTurn(ctx, await bookingOwner(ctx, id), async (tx) => {
    const { row, e, lockedThrough } = await lockForChange(ctx, tx, id, input.version);
    check(lockVerdict(f.date, lockedThrough));
    await assertRefs(tx, f);
    await fitsDay(tx, e.id, f, id, row.date);
    if (!(await repo.updateBooked(tx, id, input.version, f, now))) throw new AppError('STALE_VERSION');
    await bookingWritten(tx, id);
    await audit(
      tx,
      ctx,
      'booked_hours.updated',
      { type: 'booked_hours', id },
      { employeeId: e.id, ...f, previous: { date: row.date, projectId: row.projectId, minutes: row.minutes } },
    );
    return reread(ctx, tx, id, lockedThrough);
  });
}

/** Removes a booking (send the version). @throws BOOKED_HOURS_NOT_FOUND, STALE_VERSION, SELF_SERVICE_OFF, EMPLOYEE_DELETED, HOURS_PERIOD_LOCKED */
export async function deleteBookedHour(ctx: Ctx, id: number, version: number): Promise<void> {
  await inTurn(ctx, await bookingOwner(ctx, id), async (tx) => {
    const { row, e } = await lockForChange(ctx, tx, id, version);
    await assertWeekOpen(tx, e.id, row.date);
    if (!(await repo.deleteBooked(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'booked_hours.deleted',
      { type: 'booked_hours', id },
      { employeeId: e.id, date: row.date, projectId: row.projectId, minutes: row.minutes, activity: row.activity },
    );
  });
}

/** projects/hours: every booking in reach, filtered, sorted and paged, with the minutes of all matching rows. */
export async function listBookedHours(ctx: Ctx, q: HoursListQuery): Promise<Page<BookedHour> & { totalMinutes: number }> {
  const { rows, total, totalMinutes, lockedThrough } = await repo.listHours(ctx.db, ctx.actor, q);
  const viewer = viewerOf(ctx.actor);
  const self = selfServiceOf(ctx);
  return {
    data: rows.map((r) => toBookedHour(r, viewer, self, lockedThrough)),
    meta: pageMeta(q.page, q.perPage, total),
    totalMinutes,
  };
}

/**
 * A project's hours per person and ISO week, from week `from` to week `to` (at most
 * MAX_PROJECT_HOURS_WEEKS). @throws VALIDATION_FAILED (to: end_before_start, span_too_long), PROJECT_NOT_FOUND
 */
export async function getProjectHours(ctx: Ctx, projectId: number, q: { from: string; to: string }): Promise<ProjectHours> {
  const from = parseWeekKey(q.from);
  const to = parseWeekKey(q.to);
  if (!from) throw fieldError('from', 'week_invalid');
  if (!to) throw fieldError('to', 'week_invalid');
  const span = weeksBetween(from, to) + 1;
  if (span < 1) throw fieldError('to', 'end_before_start');
  if (span > MAX_PROJECT_HOURS_WEEKS) throw fieldError('to', 'span_too_long', { max: MAX_PROJECT_HOURS_WEEKS });
  const db = ctx.db.orm;
  if (!(await repo.projectExists(db, projectId))) throw new AppError('PROJECT_NOT_FOUND');
  const weeks = Array.from({ length: span }, (_, i) => weekKey(addWeeks(from, i)));
  const index = new Map(weeks.map((k, i) => [k, i]));
  const first = mondayOfWeek(from.year, from.week);
  const last = addDays(mondayOfWeek(to.year, to.week), 6);
  const rows = await repo.projectHours(db, ctx.actor, projectId, first, last);
  const people = new Map<
    number,
    { employee: { id: number; name: string }; minutes: number[]; approved: boolean[]; total: number }
  >();
  const totals = weeks.map(() => 0);
  for (const r of rows) {
    let p = people.get(r.employeeId);
    if (!p) {
      p = {
        employee: { id: r.employeeId, name: r.name },
        minutes: weeks.map(() => 0),
        approved: weeks.map(() => false),
        total: 0,
      };
      people.set(r.employeeId, p);
    }
    const i = index.get(weekKey(isoWeekOf(r.monday)));
    if (i === undefined) continue;
    p.minutes[i] = (p.minutes[i] ?? 0) + r.minutes;
    p.approved[i] = r.approved;
    p.total += r.minutes;
    totals[i] = (totals[i] ?? 0) + r.minutes;
  }
  return { weeks, rows: [...people.values()], totals, total: totals.reduce((s, n) => s + n, 0) };
}

/** The hour lock in force (null: nothing locked), who set it and when. */
export async function getLock(ctx: Ctx): Promise<HourLock> {
  return people.currentLock(ctx.db.orm);
}

/** Sets the lock (a new row: the history stays), once every write checked against the old one has committed; null opens every period again. */
export async function setLock(ctx: Ctx, lockedThrough: string | null): Promise<HourLock> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    await people.lockHourLocks(tx);
    const previous = await people.currentLock(tx);
    await people.insertLock(tx, lockedThrough, signedInAccountId(ctx.actor), now);
    await audit(
      tx,
      ctx,
      'hours.lock_set',
      { type: 'hour_lock', id: lockedThrough ?? 'none' },
      {
        lockedThrough,
        previous: previous.lockedThrough,
      },
    );
  });
  return getLock(ctx);
}

/** The projects one may book on (any employee): active, not deleted, by name. */
export async function listHourProjects(ctx: Ctx, q: string | undefined) {
  return { data: await repo.projectOptions(ctx.db.orm, q, MAX_HOUR_PROJECTS) };
}

/** A project's areas and open tasks, for the optional area and task of a booking. @throws PROJECT_NOT_FOUND */
export async function getHourTargets(ctx: Ctx, projectId: number) {
  const db = ctx.db.orm;
  if (!(await repo.projectExists(db, projectId))) throw new AppError('PROJECT_NOT_FOUND');
  return repo.projectTargets(db, projectId);
}
