import { MAX_LIST_ENTRIES } from '@app/shared/planner/planner.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Actor, readerLocale } from '../../platform/actor';
import { personNameSql, shownNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

// Every read here ANDs scope.plannerEntry: planner staff see every entry, any other employee only
// their own, the portal view nothing. Another person's entry is simply not found.

export interface EntryRow {
  id: number;
  employeeId: number;
  employeeName: string;
  projectId: number;
  projectName: string;
  projectColor: string;
  /** Wall-clock `YYYY-MM-DDTHH:mm`, formatted by PostgreSQL so no driver turns it into a Date. */
  start: string;
  end: string;
  allDay: boolean;
  notes: string;
  version: number;
  /** ISO instant, UTC. */
  updatedAt: string;
}

const WALL = `'YYYY-MM-DD"T"HH24:MI'`;

function entrySelect(where: SQL, tail: SQL = sql``): SQL {
  const name = personNameSql('e');
  return sql`SELECT pe.id, pe.employee_id AS "employeeId", ${name} AS "employeeName",
                    pe.project_id AS "projectId", p.name AS "projectName", p.color AS "projectColor",
                    to_char(pe.starts_at, ${sql.raw(WALL)}) AS "start", to_char(pe.ends_at, ${sql.raw(WALL)}) AS "end",
                    pe.all_day AS "allDay", pe.notes, pe.version,
                    to_char(pe.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"
               FROM planner_entries pe
               JOIN employees e ON e.id = pe.employee_id
               JOIN projects p ON p.id = pe.project_id
              WHERE ${where} ${tail}`;
}

export interface WindowFilter {
  /** First day, YYYY-MM-DD. */
  from: string;
  /** The day after the last, YYYY-MM-DD. */
  to: string;
  employees?: readonly number[] | undefined;
  projects?: readonly number[] | undefined;
}

/**
 * The entries that overlap [from, to) in one statement: by start, then the person's name. An
 * entry is at most 366 days long, so `starts_at` is bounded on both sides and the range scan on
 * planner_entries_starts_idx (or the employee or project index when filtered) stays short. Entries
 * of deleted projects and people are left out (they come back when those are restored). At most
 * MAX_LIST_ENTRIES + 1 rows, so the caller can tell the window was cut.
 */
export function listWindow(db: DbOrTx, actor: Actor, f: WindowFilter): Promise<EntryRow[]> {
  const conditions: SQL[] = [
    sql`pe.starts_at < ${f.to}::timestamp`,
    sql`pe.starts_at > ${f.from}::timestamp - interval '366 days'`,
    sql`pe.ends_at > ${f.from}::timestamp`,
    sql`p.deleted_at IS NULL`,
    sql`e.deleted_at IS NULL`,
    scope.plannerEntry(actor, sql.raw('pe.employee_id')),
  ];
  if (f.employees?.length) conditions.push(sql`pe.employee_id = ANY(${intArray(f.employees)})`);
  if (f.projects?.length) conditions.push(sql`pe.project_id = ANY(${intArray(f.projects)})`);
  return query<EntryRow>(
    db,
    entrySelect(
      sql.join(conditions, sql` AND `),
      sql`ORDER BY pe.starts_at, lower(${personNameSql('e')}), pe.id LIMIT ${MAX_LIST_ENTRIES + 1}`,
    ),
  );
}

/** One entry, within the actor's scope (deleted projects and people included: it can still be removed). */
export async function findEntry(db: DbOrTx, actor: Actor, id: number): Promise<EntryRow | null> {
  const rows = await query<EntryRow>(
    db,
    entrySelect(sql`pe.id = ${id} AND ${scope.plannerEntry(actor, sql.raw('pe.employee_id'))}`),
  );
  return rows[0] ?? null;
}

export interface EntryLock {
  id: number;
  employeeId: number;
  projectId: number;
  start: string;
  end: string;
  allDay: boolean;
  notes: string;
  version: number;
}

/** Locks the entry row (scoped) for a change. */
export async function lockEntry(db: DbOrTx, actor: Actor, id: number): Promise<EntryLock | null> {
  const rows = await query<EntryLock>(
    db,
    sql`SELECT pe.id, pe.employee_id AS "employeeId", pe.project_id AS "projectId",
               to_char(pe.starts_at, ${sql.raw(WALL)}) AS "start", to_char(pe.ends_at, ${sql.raw(WALL)}) AS "end",
               pe.all_day AS "allDay", pe.notes, pe.version
          FROM planner_entries pe
         WHERE pe.id = ${id} AND ${scope.plannerEntry(actor, sql.raw('pe.employee_id'))}
           FOR UPDATE`,
  );
  return rows[0] ?? null;
}

/** True when the employee can be planned: not deleted. */
export async function employeeExists(db: DbOrTx, employeeId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM employees WHERE id = ${employeeId} AND deleted_at IS NULL`);
  return rows.length > 0;
}

/** The project as the planner sees it (any project for planner staff): null when missing or deleted. */
export async function projectState(db: DbOrTx, projectId: number): Promise<{ archived: boolean } | null> {
  const rows = await query<{ archived: boolean }>(
    db,
    sql`SELECT status = 'inactive' AS archived FROM projects WHERE id = ${projectId} AND deleted_at IS NULL`,
  );
  return rows[0] ?? null;
}

/**
 * Everyone who can be planned: every employee who is not deleted, with or without an account (the
 * crew who never sign in are planned most), by name.
 */
export function employeeOptions(db: DbOrTx): Promise<{ id: number; name: string; function: string | null }[]> {
  const name = personNameSql('e');
  return query(
    db,
    sql`SELECT e.id, ${name} AS name, nullif(btrim(e.function), '') AS function
          FROM employees e
         WHERE e.deleted_at IS NULL
         ORDER BY lower(${name}), e.id`,
  );
}

export interface ProjectOptionRow {
  id: number;
  name: string;
  color: string;
  archived: boolean;
}

/** Every project that is not deleted, active ones first, by name: the planner's picker and filter. */
export function projectOptions(db: DbOrTx): Promise<ProjectOptionRow[]> {
  return query<ProjectOptionRow>(
    db,
    sql`SELECT id, name, color, status = 'inactive' AS archived
          FROM projects
         WHERE deleted_at IS NULL
         ORDER BY status = 'inactive', lower(name), id`,
  );
}

export interface EntryFields {
  employeeId: number;
  projectId: number;
  start: string;
  end: string;
  allDay: boolean;
  notes: string;
}

export async function insertEntry(db: DbOrTx, f: EntryFields, createdBy: number | null, now: Date): Promise<number> {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO planner_entries (employee_id, project_id, starts_at, ends_at, all_day, notes, created_by, created_at, updated_at)
        VALUES (${f.employeeId}, ${f.projectId}, ${f.start}::timestamp, ${f.end}::timestamp, ${f.allDay}, ${f.notes},
                ${createdBy}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Writes the fields when the version still matches. */
export async function updateEntry(db: DbOrTx, id: number, version: number, f: EntryFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE planner_entries
           SET employee_id = ${f.employeeId}, project_id = ${f.projectId}, starts_at = ${f.start}::timestamp,
               ends_at = ${f.end}::timestamp, all_day = ${f.allDay}, notes = ${f.notes},
               version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND version = ${version}
        RETURNING id`,
  );
  return rows.length > 0;
}

export async function removeEntry(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM planner_entries WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

export interface AbsenceRow {
  employeeId: number;
  kind: 'leave' | 'collective' | 'sick';
  status: 'approved' | 'pending';
  from: string;
  till: string;
  label: string;
  code: string;
  color: string;
  /** A part-day leave request's hours, `HH:MM`; null for whole days. */
  partStart: string | null;
  partEnd: string | null;
}

/**
 * Leave and sick leave overlapping [from, to) for the given people in the actor's planner scope,
 * in one statement: approved and pending leave requests (their period, and the hours of a part-day one), collective leave (per
 * person, from the first to the last day it took from them in the window, so exceptions and
 * unscheduled people are left out) and sick periods (an open one runs to the window's last day).
 * By person, then start.
 */
export function absencesInWindow(
  db: DbOrTx,
  actor: Actor,
  f: { from: string; to: string; employees: readonly number[] },
): Promise<AbsenceRow[]> {
  const people = intArray(f.employees);
  const inReach = scope.plannerEntry(actor, sql.raw('a.employee_id'));
  return query<AbsenceRow>(
    db,
    sql`SELECT a.employee_id AS "employeeId", a.kind, a.status, to_char(a.from_day, 'YYYY-MM-DD') AS "from",
               to_char(a.till_day, 'YYYY-MM-DD') AS "till", a.label, a.code, a.color,
               a.part_start AS "partStart", a.part_end AS "partEnd"
          FROM (
            SELECT lr.employee_id, 'leave' AS kind, lr.status, lr.starts_on AS from_day, lr.ends_on AS till_day,
                   ${shownNameSql('lt', readerLocale(actor))} AS label, lt.code, lt.color, lr.part_start, lr.part_end
              FROM leave_requests lr
              JOIN leave_types lt ON lt.id = lr.leave_type_id
             WHERE lr.status IN ('approved', 'pending') AND lr.employee_id = ANY(${people})
               AND lr.starts_on < ${f.to}::date AND lr.ends_on >= ${f.from}::date
            UNION ALL
            SELECT ll.employee_id, 'collective', 'approved', min(ll.date), max(ll.date), max(${shownNameSql('lt', readerLocale(actor))}), max(lt.code), max(lt.color),
                   NULL::text, NULL::text
              FROM leave_lines ll
              JOIN collective_leaves cl ON cl.id = ll.collective_leave_id
              JOIN leave_types lt ON lt.id = cl.leave_type_id
             WHERE ll.kind = 'leave' AND ll.employee_id = ANY(${people})
               AND ll.date >= ${f.from}::date AND ll.date < ${f.to}::date
             GROUP BY ll.employee_id, ll.collective_leave_id
            UNION ALL
            SELECT sp.employee_id, 'sick', 'approved', sp.starts_on, coalesce(sp.ends_on, ${f.to}::date - 1), '', '', '',
                   NULL::text, NULL::text
              FROM sick_periods sp
             WHERE sp.employee_id = ANY(${people})
               AND sp.starts_on < ${f.to}::date AND (sp.ends_on IS NULL OR sp.ends_on >= ${f.from}::date)
          ) a
         WHERE ${inReach}
         ORDER BY a.employee_id, a.from_day, a.kind, a.label
         LIMIT ${MAX_LIST_ENTRIES}`,
  );
}

export interface AvailabilityPersonRow {
  id: number;
  name: string;
  function: string | null;
  roleId: number | null;
  roleName: string | null;
}

export interface PeopleFilter {
  employees?: readonly number[] | undefined;
  /** The employee's function, compared without case and surrounding spaces. */
  function?: string | undefined;
  role?: number | undefined;
}

/** The people in the actor's planner scope (not deleted), filtered, by name: one statement. */
export function availabilityPeople(db: DbOrTx, actor: Actor, f: PeopleFilter): Promise<AvailabilityPersonRow[]> {
  const name = personNameSql('e');
  const conditions: SQL[] = [sql`e.deleted_at IS NULL`, scope.plannerEntry(actor, sql.raw('e.id'))];
  if (f.employees?.length) conditions.push(sql`e.id = ANY(${intArray(f.employees)})`);
  if (f.function) conditions.push(sql`lower(btrim(e.function)) = lower(${f.function})`);
  if (f.role !== undefined) conditions.push(sql`e.role_id = ${f.role}`);
  return query<AvailabilityPersonRow>(
    db,
    sql`SELECT e.id, ${name} AS name, nullif(btrim(e.function), '') AS function, r.id AS "roleId", r.name AS "roleName"
          FROM employees e
          LEFT JOIN roles r ON r.id = e.role_id
         WHERE ${sql.join(conditions, sql` AND `)}
         ORDER BY lower(${name}), e.id
         LIMIT ${MAX_LIST_ENTRIES}`,
  );
}

export interface ScheduleRow {
  employeeId: number;
  effectiveFrom: string;
  days: unknown;
}

/**
 * The schedule versions that apply in [from, to) for the people, one statement: per person the one
 * in force on `from` and every later one that starts before `to`.
 */
export function schedulesInWindow(
  db: DbOrTx,
  actor: Actor,
  f: { from: string; to: string; employees: readonly number[] },
): Promise<ScheduleRow[]> {
  return query<ScheduleRow>(
    db,
    sql`SELECT s.employee_id AS "employeeId", to_char(s.effective_from, 'YYYY-MM-DD') AS "effectiveFrom", s.days
          FROM schedules s
         WHERE s.employee_id = ANY(${intArray(f.employees)}) AND s.effective_from < ${f.to}::date
           AND ${scope.plannerEntry(actor, sql.raw('s.employee_id'))}
           AND s.effective_from >= coalesce(
                 (SELECT max(s2.effective_from) FROM schedules s2
                   WHERE s2.employee_id = s.employee_id AND s2.effective_from <= ${f.from}::date),
                 '-infinity'::date)
         ORDER BY s.employee_id, s.effective_from`,
  );
}

export interface OverlapRow {
  id: number;
  projectName: string;
  start: string;
  end: string;
  allDay: boolean;
}

/** The person's other entries overlapping [start, end) (any project, deleted ones left out): the double bookings. */
export function overlappingEntries(
  db: DbOrTx,
  actor: Actor,
  f: { employeeId: number; start: string; end: string; except: number | null },
): Promise<OverlapRow[]> {
  return query<OverlapRow>(
    db,
    sql`SELECT pe.id, p.name AS "projectName", to_char(pe.starts_at, ${sql.raw(WALL)}) AS "start",
               to_char(pe.ends_at, ${sql.raw(WALL)}) AS "end", pe.all_day AS "allDay"
          FROM planner_entries pe
          JOIN projects p ON p.id = pe.project_id
         WHERE pe.employee_id = ${f.employeeId} AND pe.starts_at < ${f.end}::timestamp AND pe.ends_at > ${f.start}::timestamp
           AND pe.starts_at > ${f.start}::timestamp - interval '366 days'
           AND p.deleted_at IS NULL AND pe.id <> ${f.except ?? 0}
           AND ${scope.plannerEntry(actor, sql.raw('pe.employee_id'))}
         ORDER BY pe.starts_at, pe.id
         LIMIT 20`,
  );
}
