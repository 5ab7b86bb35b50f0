import type { Locale } from '@app/shared/platform/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personNameSql, shownNameSql } from '../../platform/names';
import { intArray, query } from '../../platform/sql';

// Every query of collective leave (the table aliased `c`). Collective leave is company-wide: the
// route's right (collective-leave.manage) is the whole scope, so no row is out of reach of whom may
// call. Its lines live in `leave_lines` (collective_leave_id), written by the ledger's insertLines.

export interface PersonRef {
  id: number;
  name: string;
}

export interface CollectiveRow {
  id: number;
  name: string;
  leaveTypeId: number;
  leaveTypeName: string;
  leaveTypeCode: string;
  leaveTypeColor: string;
  startsOn: string;
  endsOn: string;
  minutesPerDay: number | null;
  appliesTo: 'all' | 'selected';
  employees: PersonRef[];
  exceptions: PersonRef[];
  bookedPeople: number;
  bookedMinutes: number;
  version: number;
}

const people = (role: 'include' | 'exclude') =>
  sql`(SELECT coalesce(json_agg(json_build_object('id', e.id, 'name', ${personNameSql('e')}) ORDER BY e.id), '[]'::json)
         FROM collective_leave_employees ce JOIN employees e ON e.id = ce.employee_id
        WHERE ce.collective_leave_id = c.id AND ce.role = ${role})`;

// The leave type's name in the reader's language (shownNameSql).
const columns = (
  locale: Locale,
) => sql`c.id, c.name, c.leave_type_id AS "leaveTypeId", ${shownNameSql('t', locale)} AS "leaveTypeName", t.code AS "leaveTypeCode",
  t.color AS "leaveTypeColor", c.starts_on::text AS "startsOn", c.ends_on::text AS "endsOn", c.minutes_per_day AS "minutesPerDay",
  c.applies_to AS "appliesTo", ${people('include')} AS employees, ${people('exclude')} AS exceptions,
  (SELECT count(DISTINCT l.employee_id)::int FROM leave_lines l WHERE l.collective_leave_id = c.id) AS "bookedPeople",
  (SELECT coalesce(-sum(l.minutes), 0)::int FROM leave_lines l WHERE l.collective_leave_id = c.id) AS "bookedMinutes",
  c.version`;
const joins = sql`FROM collective_leaves c JOIN leave_types t ON t.id = c.leave_type_id`;

/** Every collective leave (those touching `year` when given), newest first. */
export function list(db: DbOrTx, locale: Locale, year?: number): Promise<CollectiveRow[]> {
  const filter: SQL =
    year === undefined ? sql`true` : sql`c.starts_on <= ${`${year}-12-31`}::date AND c.ends_on >= ${`${year}-01-01`}::date`;
  return query<CollectiveRow>(db, sql`SELECT ${columns(locale)} ${joins} WHERE ${filter} ORDER BY c.starts_on DESC, c.id DESC`);
}

export async function find(db: DbOrTx, id: number, locale: Locale = 'nl'): Promise<CollectiveRow | null> {
  const rows = await query<CollectiveRow>(db, sql`SELECT ${columns(locale)} ${joins} WHERE c.id = ${id}`);
  return rows[0] ?? null;
}

/** Its name alone (a breadcrumb), or null. */
export async function findName(db: DbOrTx, id: number): Promise<string | null> {
  const rows = await query<{ name: string }>(db, sql`SELECT name FROM collective_leaves WHERE id = ${id}`);
  return rows[0]?.name ?? null;
}

/** The row itself, locked: changes of one collective leave queue behind each other. */
export async function lock(db: DbOrTx, id: number): Promise<{ id: number; version: number } | null> {
  const rows = await query<{ id: number; version: number }>(
    db,
    sql`SELECT c.id, c.version FROM collective_leaves c WHERE c.id = ${id} FOR UPDATE OF c`,
  );
  return rows[0] ?? null;
}

export interface LeaveTypeRow {
  id: number;
  name: string;
  countsAgainstBalance: boolean;
}

export async function leaveType(db: DbOrTx, id: number): Promise<LeaveTypeRow | null> {
  const rows = await query<LeaveTypeRow>(
    db,
    sql`SELECT t.id, t.name, t.counts_against_balance AS "countsAgainstBalance" FROM leave_types t WHERE t.id = ${id}`,
  );
  return rows[0] ?? null;
}

/**
 * Of `ids`, the ones that are not an employee who may be named: every existing employee that is
 * not deleted, and the ones already named on this collective leave (`keep`, so a change does not
 * fail on a person deleted since).
 */
export async function unknownEmployees(db: DbOrTx, ids: readonly number[], keep: number | null): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT e.id FROM employees e
         WHERE e.id = ANY(${intArray(ids)})
           AND (e.deleted_at IS NULL OR EXISTS (SELECT 1 FROM collective_leave_employees ce
                                                 WHERE ce.collective_leave_id = ${keep}::int AND ce.employee_id = e.id))`,
  );
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export interface CollectiveFields {
  name: string;
  leaveTypeId: number;
  startsOn: string;
  endsOn: string;
  minutesPerDay: number | null;
  appliesTo: 'all' | 'selected';
}

export async function insert(db: DbOrTx, f: CollectiveFields, createdBy: number | null, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO collective_leaves (name, leave_type_id, starts_on, ends_on, minutes_per_day, applies_to, created_by, created_at, updated_at)
        VALUES (${f.name}, ${f.leaveTypeId}, ${f.startsOn}::date, ${f.endsOn}::date, ${f.minutesPerDay}::int, ${f.appliesTo},
                ${createdBy}::int, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('collective leave insert returned no id');
  return id;
}

export async function update(db: DbOrTx, id: number, version: number, f: CollectiveFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE collective_leaves c SET name = ${f.name}, leave_type_id = ${f.leaveTypeId}, starts_on = ${f.startsOn}::date,
               ends_on = ${f.endsOn}::date, minutes_per_day = ${f.minutesPerDay}::int, applies_to = ${f.appliesTo},
               version = c.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE c.id = ${id} AND c.version = ${version} RETURNING c.id`,
  );
  return rows.length > 0;
}

/** Deletes the collective leave; its people and its leave lines go with it (ON DELETE CASCADE). */
export async function remove(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM collective_leaves c WHERE c.id = ${id} AND c.version = ${version} RETURNING c.id`,
  );
  return rows.length > 0;
}

/** Replaces who it names: `include` rows (appliesTo selected) or `exclude` rows (appliesTo all). */
export async function setPeople(db: DbOrTx, id: number, role: 'include' | 'exclude', ids: readonly number[]): Promise<void> {
  await query(db, sql`DELETE FROM collective_leave_employees WHERE collective_leave_id = ${id}`);
  if (ids.length === 0) return;
  await query(
    db,
    sql`INSERT INTO collective_leave_employees (collective_leave_id, employee_id, role)
        SELECT ${id}, x, ${role} FROM unnest(${intArray(ids)}) AS x`,
  );
}

/**
 * The people it applies to, in id order: for `all` every employee who is not deleted but the
 * exceptions; for `selected` the named people who are not deleted.
 */
export async function targets(db: DbOrTx, id: number, appliesTo: 'all' | 'selected'): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    appliesTo === 'all'
      ? sql`SELECT e.id FROM employees e
             WHERE e.deleted_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM collective_leave_employees ce
                                WHERE ce.collective_leave_id = ${id} AND ce.employee_id = e.id AND ce.role = 'exclude')
             ORDER BY e.id`
      : sql`SELECT e.id FROM employees e JOIN collective_leave_employees ce ON ce.employee_id = e.id
             WHERE ce.collective_leave_id = ${id} AND ce.role = 'include' AND e.deleted_at IS NULL
             ORDER BY e.id`,
  );
  return rows.map((r) => r.id);
}

/** The people who have lines of this collective leave. */
export async function bookedEmployees(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT DISTINCT l.employee_id AS id FROM leave_lines l WHERE l.collective_leave_id = ${id} ORDER BY 1`,
  );
  return rows.map((r) => r.id);
}

/**
 * Locks the employees rows of these people in id order (SELECT … FOR UPDATE, the rows are locked
 * as the sorted scan returns them): every writer of a person's lines takes that lock first, so the
 * ledger of one person is written one transaction at a time and two bookings never wait in a circle.
 */
export async function lockEmployees(db: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await query(db, sql`SELECT e.id FROM employees e WHERE e.id = ANY(${intArray(ids)}) ORDER BY e.id FOR UPDATE OF e`);
}

export async function deleteLines(db: DbOrTx, id: number): Promise<void> {
  await query(db, sql`DELETE FROM leave_lines WHERE collective_leave_id = ${id}`);
}
