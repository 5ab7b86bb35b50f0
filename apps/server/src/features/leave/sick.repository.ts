import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';

// Every query of sick periods (the table aliased `s`). Each ANDs the leave part of the person's
// record (scope.employeeRecord 'leave'): one's own, or anyone's with leave.manage or leave.approve,
// so another person's period is simply not found. Sick periods never touch leave_lines.

export interface SickRow {
  id: number;
  employeeId: number;
  employeeName: string;
  startsOn: string;
  endsOn: string | null;
  notes: string;
  version: number;
}

const inReach = (actor: Actor): SQL => scope.employeeRecord(actor, sql.raw('s.employee_id'), 'leave');
const columns = sql`s.id, s.employee_id AS "employeeId", ${personNameSql('e')} AS "employeeName", s.starts_on::text AS "startsOn",
  s.ends_on::text AS "endsOn", s.notes, s.version`;
const joins = sql`FROM sick_periods s JOIN employees e ON e.id = s.employee_id`;

/**
 * The person's sick periods, newest first; with `year`, those touching it (an open one runs up to
 * today, or its start when that is later).
 */
export function listOf(db: DbOrTx, actor: Actor, employeeId: number, today: string, year?: number): Promise<SickRow[]> {
  const filter: SQL =
    year === undefined
      ? sql`true`
      : sql`s.starts_on <= ${`${year}-12-31`}::date
            AND coalesce(s.ends_on, greatest(s.starts_on, ${today}::date)) >= ${`${year}-01-01`}::date`;
  return query<SickRow>(
    db,
    sql`SELECT ${columns} ${joins}
         WHERE s.employee_id = ${employeeId} AND ${inReach(actor)} AND ${filter}
         ORDER BY s.starts_on DESC, s.id DESC`,
  );
}

export async function find(db: DbOrTx, actor: Actor, id: number): Promise<SickRow | null> {
  const rows = await query<SickRow>(db, sql`SELECT ${columns} ${joins} WHERE s.id = ${id} AND ${inReach(actor)}`);
  return rows[0] ?? null;
}

/** Another period of the person that shares a day with `startsOn`..`endsOn` (null: open), or null. */
export async function overlapping(
  db: DbOrTx,
  employeeId: number,
  startsOn: string,
  endsOn: string | null,
  exceptId: number | null,
): Promise<number | null> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT s.id FROM sick_periods s
         WHERE s.employee_id = ${employeeId} AND s.id IS DISTINCT FROM ${exceptId}::int
           AND s.starts_on <= coalesce(${endsOn}::date, 'infinity'::date)
           AND coalesce(s.ends_on, 'infinity'::date) >= ${startsOn}::date
         ORDER BY s.starts_on LIMIT 1`,
  );
  return rows[0]?.id ?? null;
}

export interface SickFields {
  startsOn: string;
  endsOn: string | null;
  notes: string;
}

export async function insert(
  db: DbOrTx,
  employeeId: number,
  f: SickFields,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO sick_periods (employee_id, starts_on, ends_on, notes, created_by, created_at, updated_at)
        VALUES (${employeeId}, ${f.startsOn}::date, ${f.endsOn}::date, ${f.notes}, ${createdBy}::int, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('sick period insert returned no id');
  return id;
}

export async function update(db: DbOrTx, actor: Actor, id: number, version: number, f: SickFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE sick_periods s SET starts_on = ${f.startsOn}::date, ends_on = ${f.endsOn}::date, notes = ${f.notes},
               version = s.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE s.id = ${id} AND s.version = ${version} AND ${inReach(actor)} RETURNING s.id`,
  );
  return rows.length > 0;
}

export async function remove(db: DbOrTx, actor: Actor, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM sick_periods s WHERE s.id = ${id} AND s.version = ${version} AND ${inReach(actor)} RETURNING s.id`,
  );
  return rows.length > 0;
}
