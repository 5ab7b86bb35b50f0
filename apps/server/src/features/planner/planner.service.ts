import type { ScheduleDays } from '@app/shared/hours/schedules.rules';
import { type ConflictReason, entryConflicts, holidaysIn, type PersonAvailability } from '@app/shared/planner/availability.rules';
import type {
  Availability,
  AvailabilityQuery,
  MyPlannerQuery,
  PlannerEntry,
  PlannerInput,
  PlannerList,
  PlannerOptions,
  PlannerQuery,
  PlannerUpdate,
} from '@app/shared/planner/planner';
import { entryDays, MAX_LIST_ENTRIES, plannerAbilities, projectColor, spanProblem } from '@app/shared/planner/planner.rules';
import { addDays, localDateString, mondayOf } from '@app/shared/platform/iso-week';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, requirePermission, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, isForeignKeyViolation } from '../../platform/errors';
import { advisoryLock, LOCK_PLANNER_PERSON } from '../../platform/sql';
import * as repo from './planner.repository';

/** The rights that open the planner (a person's mobile settings can open it read-only too). */
export const PLANNER_READ = ['planner.view', 'planner.manage'] as const;

function toEntry(r: repo.EntryRow, ctx: Ctx): PlannerEntry {
  return {
    id: r.id,
    employee: { id: r.employeeId, name: r.employeeName },
    project: { id: r.projectId, name: r.projectName, color: projectColor({ id: r.projectId, color: r.projectColor }) },
    start: r.start,
    end: r.end,
    allDay: r.allDay,
    notes: r.notes,
    version: r.version,
    updatedAt: r.updatedAt,
    abilities: plannerAbilities(viewerOf(ctx.actor)),
  };
}

function toList(ctx: Ctx, from: string, to: string, rows: repo.EntryRow[]): PlannerList {
  const create = plannerAbilities(viewerOf(ctx.actor));
  return {
    from,
    to,
    entries: rows.slice(0, MAX_LIST_ENTRIES).map((r) => toEntry(r, ctx)),
    truncated: rows.length > MAX_LIST_ENTRIES,
    abilities: { canCreate: create.canEdit, reasons: create.reasons.canEdit ? { canCreate: create.reasons.canEdit } : {} },
  };
}

/**
 * Reading the planner: planner.view or planner.manage, or an employee whose mobile settings let
 * them see it (read only, editing needs planner.manage). @throws FORBIDDEN
 */
function assertCanRead(ctx: Ctx): void {
  const a = ctx.actor;
  if (a.kind === 'employee' && a.selfService.planner) return;
  requirePermission(ctx, PLANNER_READ);
}

/** The entries overlapping [from, to), filtered by people and projects: one statement. @throws FORBIDDEN */
export async function listEntries(ctx: Ctx, q: PlannerQuery): Promise<PlannerList> {
  assertCanRead(ctx);
  const rows = await repo.listWindow(ctx.db.orm, ctx.actor, q);
  return toList(ctx, q.from, q.to, rows);
}

/**
 * The signed-in employee's own entries (the home screen): by default this week and the next,
 * counted from today where the company works (Europe/Amsterdam).
 */
export async function myEntries(ctx: Ctx, q: MyPlannerQuery): Promise<PlannerList> {
  if (ctx.actor.kind !== 'employee') throw new AppError('FORBIDDEN');
  const from = q.from ?? mondayOf(localDateString(ctx.clock()));
  const to = q.to ?? addDays(from, 14);
  const window = { from, to, employees: [ctx.actor.employeeId] };
  const rows = await repo.listWindow(ctx.db.orm, ctx.actor, window);
  return toList(ctx, from, to, rows);
}

/** Schedule versions and absences per person, from the rows of the two reads. */
function byPerson(
  ids: readonly number[],
  schedules: repo.ScheduleRow[],
  absences: repo.AbsenceRow[],
): Map<number, Pick<PersonAvailability, 'schedules' | 'absences'>> {
  const out = new Map(
    ids.map((id) => [id, { schedules: [], absences: [] } as Pick<PersonAvailability, 'schedules' | 'absences'>]),
  );
  for (const s of schedules)
    out.get(s.employeeId)?.schedules.push({ effectiveFrom: s.effectiveFrom, days: s.days as ScheduleDays });
  for (const { employeeId, partStart, partEnd, ...a } of absences) {
    out.get(employeeId)?.absences.push({ ...a, part: partStart && partEnd ? { start: partStart, end: partEnd } : null });
  }
  return out;
}

/**
 * Who is away and who is scheduled in [from, to): per person (in the planner's scope, filtered by
 * id, function and role) the schedule versions in force and the absences (approved and pending
 * leave, collective leave, sick leave), and the public holidays. Three statements whatever the size.
 * @throws FORBIDDEN
 */
export async function availability(ctx: Ctx, q: AvailabilityQuery): Promise<Availability> {
  assertCanRead(ctx);
  const people = await repo.availabilityPeople(ctx.db.orm, ctx.actor, q);
  const ids = people.map((p) => p.id);
  const window = { from: q.from, to: q.to, employees: ids };
  const [schedules, absences] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          repo.schedulesInWindow(ctx.db.orm, ctx.actor, window),
          repo.absencesInWindow(ctx.db.orm, ctx.actor, window),
        ]);
  const of = byPerson(ids, schedules, absences);
  return {
    from: q.from,
    to: q.to,
    holidays: holidaysIn(q.from, q.to),
    people: people.map((p) => ({
      employee: {
        id: p.id,
        name: p.name,
        function: p.function,
        role: p.roleId !== null ? { id: p.roleId, name: p.roleName ?? '' } : null,
      },
      schedules: of.get(p.id)?.schedules ?? [],
      absences: of.get(p.id)?.absences ?? [],
    })),
  };
}

/**
 * The conflicts of planning the fields (leave, sick, holiday, schedule, another entry of the
 * person), under a lock per person: two planners saving for the same person at once take turns,
 * so the second sees the first one's entry and is told of the overlap. The lock is taken after the
 * entry's row lock (a change) and is the only advisory lock the planner takes, so no two
 * transactions wait on each other in a circle. @throws PLANNER_CONFLICT unless confirmed
 */
async function checkConflicts(ctx: Ctx, tx: DbOrTx, f: repo.EntryFields, except: number | null, confirm: boolean) {
  await advisoryLock(tx, LOCK_PLANNER_PERSON, f.employeeId);
  if (confirm) return;
  const { first, last } = entryDays(f.start, f.end);
  const window = { from: first, to: addDays(last, 1), employees: [f.employeeId] };
  const schedules = await repo.schedulesInWindow(tx, ctx.actor, window);
  const absences = await repo.absencesInWindow(tx, ctx.actor, window);
  const others = await repo.overlappingEntries(tx, ctx.actor, { employeeId: f.employeeId, start: f.start, end: f.end, except });
  const person = byPerson([f.employeeId], schedules, absences).get(f.employeeId) ?? { schedules: [], absences: [] };
  const reasons: ConflictReason[] = entryConflicts(
    f,
    { employee: { id: f.employeeId, name: '' }, ...person },
    holidaysIn(window.from, window.to),
    others.map((o) => ({ ...o, project: { name: o.projectName } })),
  );
  if (reasons.length > 0) {
    throw new AppError('PLANNER_CONFLICT', { details: { reasons } });
  }
}

/** The people who can be planned (with or without an account) and the projects, for the pickers and filters. */
export async function options(ctx: Ctx): Promise<PlannerOptions> {
  assertCanRead(ctx);
  const [employees, projects] = await Promise.all([repo.employeeOptions(ctx.db.orm), repo.projectOptions(ctx.db.orm)]);
  return { employees, projects: projects.map((p) => ({ ...p, color: projectColor(p) })) };
}

/** @throws FORBIDDEN, PLANNER_ENTRY_NOT_FOUND */
export async function getEntry(ctx: Ctx, id: number): Promise<PlannerEntry> {
  assertCanRead(ctx);
  const row = await repo.findEntry(ctx.db.orm, ctx.actor, id);
  if (!row) throw new AppError('PLANNER_ENTRY_NOT_FOUND');
  return toEntry(row, ctx);
}

const fieldError = (field: string, code: string) => new AppError('VALIDATION_FAILED', { fieldErrors: { [field]: { code } } });

/**
 * The person must exist (not deleted); the project must exist and not be deleted, and a new
 * entry (or one moved to another project) must not go on an archived project.
 */
async function checkRefs(tx: DbOrTx, f: repo.EntryFields, before: repo.EntryLock | null) {
  if (f.employeeId !== before?.employeeId && !(await repo.employeeExists(tx, f.employeeId))) {
    throw fieldError('employeeId', 'not_found');
  }
  if (f.projectId !== before?.projectId) {
    const project = await repo.projectState(tx, f.projectId);
    if (!project) throw fieldError('projectId', 'not_found');
    if (project.archived) throw fieldError('projectId', 'not_allowed');
  }
  const problem = spanProblem(f.start, f.end, f.allDay);
  if (problem) throw fieldError(problem === 'not_whole_days' ? 'allDay' : 'end', problem);
}

/** A person or project removed between our check and the write (the foreign key refuses it). */
function referenceRace(err: unknown): unknown {
  if (isForeignKeyViolation(err)) {
    const detail = String((err as { detail?: unknown }).detail ?? (err as Error).message ?? '');
    return fieldError(detail.includes('employee') ? 'employeeId' : 'projectId', 'not_found');
  }
  return err;
}

/**
 * Plans a person on a project for a stretch of time.
 * @throws FORBIDDEN, VALIDATION_FAILED (employeeId/projectId not_found, projectId not_allowed, span), PLANNER_CONFLICT
 */
export async function createEntry(ctx: Ctx, input: PlannerInput): Promise<PlannerEntry> {
  assertAbility(plannerAbilities(viewerOf(ctx.actor)), 'canEdit');
  const now = ctx.clock();
  const fields: repo.EntryFields = {
    employeeId: input.employeeId,
    projectId: input.projectId,
    start: input.start,
    end: input.end,
    allDay: input.allDay ?? false,
    notes: input.notes ?? '',
  };
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      await checkRefs(tx, fields, null);
      await checkConflicts(ctx, tx, fields, null, input.confirm === true);
      const id = await repo.insertEntry(tx, fields, signedInAccountId(ctx.actor), now);
      await audit(tx, ctx, 'planner_entry.created', { type: 'planner_entry', id }, { ...fields });
      return id;
    })
    .catch((err) => {
      throw referenceRace(err);
    });
  return getEntry(ctx, id);
}

/** Locks the entry for a change and checks the version it was based on. */
async function lockForChange(ctx: Ctx, tx: DbOrTx, id: number, version: number) {
  const entry = await repo.lockEntry(tx, ctx.actor, id);
  if (!entry) throw new AppError('PLANNER_ENTRY_NOT_FOUND');
  if (entry.version !== version) throw new AppError('STALE_VERSION');
  return entry;
}

/**
 * Changes what is sent (a drag sends start and end, in the people view also the person), with
 * the version it was based on; the span is checked on the merged values.
 * @throws PLANNER_ENTRY_NOT_FOUND, STALE_VERSION, FORBIDDEN, VALIDATION_FAILED, PLANNER_CONFLICT
 */
export async function updateEntry(ctx: Ctx, id: number, input: PlannerUpdate): Promise<PlannerEntry> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const entry = await lockForChange(ctx, tx, id, input.version);
      assertAbility(plannerAbilities(viewerOf(ctx.actor)), 'canEdit');
      const fields: repo.EntryFields = {
        employeeId: input.employeeId ?? entry.employeeId,
        projectId: input.projectId ?? entry.projectId,
        start: input.start ?? entry.start,
        end: input.end ?? entry.end,
        allDay: input.allDay ?? entry.allDay,
        notes: input.notes ?? entry.notes,
      };
      await checkRefs(tx, fields, entry);
      // Only a change of person or time is checked: notes or the project keep what was confirmed.
      if (
        fields.employeeId !== entry.employeeId ||
        fields.start !== entry.start ||
        fields.end !== entry.end ||
        fields.allDay !== entry.allDay
      ) {
        await checkConflicts(ctx, tx, fields, id, input.confirm === true);
      }
      if (!(await repo.updateEntry(tx, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await audit(tx, ctx, 'planner_entry.updated', { type: 'planner_entry', id }, { ...fields });
    })
    .catch((err) => {
      throw referenceRace(err);
    });
  return getEntry(ctx, id);
}

/** @throws PLANNER_ENTRY_NOT_FOUND, STALE_VERSION, FORBIDDEN */
export async function deleteEntry(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const entry = await lockForChange(ctx, tx, id, version);
    assertAbility(plannerAbilities(viewerOf(ctx.actor)), 'canDelete');
    if (!(await repo.removeEntry(tx, id, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'planner_entry.deleted',
      { type: 'planner_entry', id },
      {
        employeeId: entry.employeeId,
        projectId: entry.projectId,
        start: entry.start,
        end: entry.end,
      },
    );
  });
}
