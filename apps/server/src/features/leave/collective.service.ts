import { holidaySet } from '@app/shared/leave/holidays';
import type { CollectiveLeave, collectiveLeaveInputSchema, collectiveLeaveUpdateSchema } from '@app/shared/leave/leave';
import { collectiveDays, LEAVE_RIGHTS, leaveVerdict } from '@app/shared/leave/leave.rules';
import { toAbilities } from '@app/shared/platform/abilities';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { readerLocale, signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import * as repo from './collective.repository';
import { insertLines, leaveDays, leaveLinesOf, scheduleVersions } from './ledger.repository';

// Collective leave: settings/hours/collective-leaves. Booking one writes each person's
// leave lines by their own schedule; changing or removing it rewrites those lines.
//
// Every route needs LEAVE_RIGHTS.collective (the route's access): collective leave is company-wide,
// so that right is its whole scope. A booking locks the employees rows of everyone whose lines it
// writes or removes, in id order, before it touches a line (the ledger's rule, D4); the
// collective leave's own row is locked first when it changes, so two changes of one queue up.

type CollectiveCreate = z.output<typeof collectiveLeaveInputSchema>;
type CollectiveChange = z.output<typeof collectiveLeaveUpdateSchema>;

/** The breadcrumb's title: the collective leave's name, for who manages collective leave. */
export async function collectiveLeaveTitle(ctx: Ctx, id: number): Promise<string | null> {
  if (!can(ctx.actor, LEAVE_RIGHTS.collective)) return null;
  return repo.findName(ctx.db.orm, id);
}

function toCollective(ctx: Ctx, r: repo.CollectiveRow): CollectiveLeave {
  const verdict = leaveVerdict(viewerOf(ctx.actor), 'collective');
  return {
    id: r.id,
    name: r.name,
    leaveType: { id: r.leaveTypeId, name: r.leaveTypeName, code: r.leaveTypeCode, color: r.leaveTypeColor },
    startsOn: r.startsOn,
    endsOn: r.endsOn,
    minutesPerDay: r.minutesPerDay,
    appliesTo: r.appliesTo,
    employees: r.employees,
    exceptions: r.exceptions,
    booked: { people: r.bookedPeople, minutes: r.bookedMinutes },
    version: r.version,
    abilities: toAbilities({ canEdit: verdict, canDelete: verdict }),
  };
}

/** GET /api/collective-leaves: every one (touching `year` when given), newest first. */
export async function listCollectiveLeaves(ctx: Ctx, year?: number): Promise<{ data: CollectiveLeave[] }> {
  const rows = await repo.list(ctx.db.orm, readerLocale(ctx.actor), year);
  return { data: rows.map((r) => toCollective(ctx, r)) };
}

/** @throws COLLECTIVE_LEAVE_NOT_FOUND */
export async function getCollectiveLeave(ctx: Ctx, id: number): Promise<CollectiveLeave> {
  const row = await repo.find(ctx.db.orm, id, readerLocale(ctx.actor));
  if (!row) throw new AppError('COLLECTIVE_LEAVE_NOT_FOUND');
  return toCollective(ctx, row);
}

const uniq = (ids: readonly number[]) => [...new Set(ids)];

/** Who it names: the selected people, or the exceptions (the other list is ignored). */
const namedOf = (i: CollectiveCreate) =>
  i.appliesTo === 'selected'
    ? { role: 'include' as const, field: 'employeeIds', ids: uniq(i.employeeIds) }
    : { role: 'exclude' as const, field: 'exceptionIds', ids: uniq(i.exceptionIds) };

/** The leave type must exist, and everyone named must be a (not deleted) employee. @throws VALIDATION_FAILED */
async function validate(tx: DbOrTx, input: CollectiveCreate, keep: number | null): Promise<repo.LeaveTypeRow> {
  const errors: Record<string, { code: string; params?: Record<string, string | number> }> = {};
  const type = await repo.leaveType(tx, input.leaveTypeId);
  if (!type) errors.leaveTypeId = { code: 'not_found' };
  const named = namedOf(input);
  const unknown = await repo.unknownEmployees(tx, named.ids, keep);
  if (unknown.length) errors[named.field] = { code: 'not_found', params: { id: unknown[0] as number } };
  if (!type || Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  return type;
}

const fieldsOf = (i: CollectiveCreate): repo.CollectiveFields => ({
  name: i.name,
  leaveTypeId: i.leaveTypeId,
  startsOn: i.startsOn,
  endsOn: i.endsOn,
  minutesPerDay: i.minutesPerDay,
  appliesTo: i.appliesTo,
});

/**
 * (Re)books the collective leave: removes its lines, then writes each person's lines by their own
 * schedule (public holidays and days they already have approved leave on excluded). The people
 * whose lines are written or removed are locked first, in id order. Returns the people and minutes booked.
 */
async function book(
  tx: DbOrTx,
  id: number,
  input: CollectiveCreate,
  type: repo.LeaveTypeRow,
  createdBy: number | null,
): Promise<{ people: number; minutes: number }> {
  const targets = await repo.targets(tx, id, input.appliesTo);
  const before = await repo.bookedEmployees(tx, id);
  await repo.lockEmployees(
    tx,
    uniq([...targets, ...before]).sort((a, b) => a - b),
  );
  await repo.deleteLines(tx, id);
  const holidays = holidaySet(input.startsOn, input.endsOn);
  let people = 0;
  let minutes = 0;
  for (const employeeId of targets) {
    const versions = await scheduleVersions(tx, employeeId, input.startsOn, input.endsOn);
    // Days with leave already (approved requests, other collective leave): never booked twice.
    const alreadyOnLeave = await leaveDays(tx, employeeId, input.startsOn, input.endsOn, { exceptCollective: id });
    const days = collectiveDays({
      versions,
      from: input.startsOn,
      till: input.endsOn,
      minutesPerDay: input.minutesPerDay,
      holidays,
      alreadyOnLeave,
    });
    const lines = leaveLinesOf(days, {
      leaveTypeId: type.id,
      counts: type.countsAgainstBalance,
      description: input.name,
      collectiveLeaveId: id,
    });
    const written = await insertLines(tx, employeeId, lines, createdBy);
    if (written.length) {
      people += 1;
      minutes += lines.reduce((s, l) => s - l.minutes, 0);
    }
  }
  return { people, minutes };
}

/**
 * POST /api/collective-leaves: stores it and books it for everyone it applies to.
 * @throws VALIDATION_FAILED (leaveTypeId, employeeIds or exceptionIds not_found)
 */
export async function createCollectiveLeave(ctx: Ctx, input: CollectiveCreate): Promise<CollectiveLeave> {
  const now = ctx.clock();
  const me = signedInAccountId(ctx.actor);
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const type = await validate(tx, input, null);
      const id = await repo.insert(tx, fieldsOf(input), me, now);
      const named = namedOf(input);
      await repo.setPeople(tx, id, named.role, named.ids);
      const booked = await book(tx, id, input, type, me);
      await audit(tx, ctx, 'collective_leave.created', { type: 'collective_leave', id }, { ...fieldsOf(input), booked });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  return getCollectiveLeave(ctx, id);
}

/**
 * PATCH /api/collective-leaves/:id: changes it and books it again in the same transaction, so its
 * lines follow the new period, people and hours.
 * @throws COLLECTIVE_LEAVE_NOT_FOUND, STALE_VERSION, VALIDATION_FAILED
 */
export async function updateCollectiveLeave(ctx: Ctx, id: number, input: CollectiveChange): Promise<CollectiveLeave> {
  const now = ctx.clock();
  const me = signedInAccountId(ctx.actor);
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.lock(tx, id);
      if (!current) throw new AppError('COLLECTIVE_LEAVE_NOT_FOUND');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      const type = await validate(tx, input, id);
      if (!(await repo.update(tx, id, input.version, fieldsOf(input), now))) throw new AppError('STALE_VERSION');
      const named = namedOf(input);
      await repo.setPeople(tx, id, named.role, named.ids);
      const booked = await book(tx, id, input, type, me);
      await audit(tx, ctx, 'collective_leave.updated', { type: 'collective_leave', id }, { ...fieldsOf(input), booked });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getCollectiveLeave(ctx, id);
}

/**
 * DELETE /api/collective-leaves/:id?version=N: removes it and, with it, every line it booked.
 * @throws COLLECTIVE_LEAVE_NOT_FOUND, STALE_VERSION
 */
export async function deleteCollectiveLeave(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.lock(tx, id);
    if (!current) throw new AppError('COLLECTIVE_LEAVE_NOT_FOUND');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    const row = await repo.find(tx, id);
    await repo.lockEmployees(tx, await repo.bookedEmployees(tx, id));
    if (!(await repo.remove(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'collective_leave.deleted',
      { type: 'collective_leave', id },
      {
        name: row?.name,
        startsOn: row?.startsOn,
        endsOn: row?.endsOn,
        booked: { people: row?.bookedPeople, minutes: row?.bookedMinutes },
      },
    );
  });
}
