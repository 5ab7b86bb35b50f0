import type { PeoplePart } from '@app/shared/users/people.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { attachedSql, scope } from '../../platform/scope';
import { query } from '../../platform/sql';

// The statements HR documents and contracts share (employee_documents, employee_contracts): the
// employee and file checks, and the versioned insert, update and delete of one record.

/** The tables of an HR record (a fixed name, never input). */
export type HrTable = 'employee_documents' | 'employee_contracts';

/** A timestamp as the driver returns it (a Date, or text from PGlite) as a Date. */
export const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

/** The employee when the actor may read that part of their record (own, or the part's rights), else null. */
export async function employeeInReach(
  db: DbOrTx,
  actor: Actor,
  employeeId: number,
  part: PeoplePart,
): Promise<{ id: number; deleted: boolean } | null> {
  const rows = await query<{ id: number; deleted: boolean }>(
    db,
    sql`SELECT e.id, e.deleted_at IS NOT NULL AS deleted FROM employees e
         WHERE e.id = ${employeeId} AND ${scope.employeeRecord(actor, sql.raw('e.id'), part)}`,
  );
  const r = rows[0];
  return r ? { id: Number(r.id), deleted: Boolean(r.deleted) } : null;
}

/**
 * A file for an HR record, locked until the transaction ends (two records cannot take the same
 * upload at once): its type, whether the signed-in account uploaded it, and whether a record holds it.
 */
export async function lockFile(
  db: DbOrTx,
  fileId: number,
  accountId: number | null,
): Promise<{ mime: string; own: boolean; attached: boolean } | null> {
  const rows = await query<{ mime: string; own: boolean; attached: boolean }>(
    db,
    sql`SELECT f.mime, coalesce(f.created_by = ${accountId}, false) AS own, ${attachedSql(sql.raw('f.id'))} AS attached
          FROM files f WHERE f.id = ${fileId} FOR UPDATE`,
  );
  return rows[0] ?? null;
}

/** A record's own columns and their values, in order (fixed column names, never input). */
export type HrColumns = [column: string, value: SQL][];

/** Adds a record of the employee; its id. */
export async function insertRecord(
  db: DbOrTx,
  table: HrTable,
  employeeId: number,
  values: HrColumns,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const names = sql.raw(values.map(([c]) => c).join(', '));
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO ${sql.raw(table)} (employee_id, ${names}, created_by, created_at, updated_at)
        VALUES (${employeeId}, ${sql.join(
          values.map(([, v]) => v),
          sql`, `,
        )}, ${createdBy}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  return Number(rows[0]?.id);
}

/** Sets `values` on the record when it is still at `version`; false when it is not (changed or removed meanwhile). */
export async function updateVersioned(
  db: DbOrTx,
  table: HrTable,
  employeeId: number,
  id: number,
  version: number,
  values: HrColumns,
  now: Date,
): Promise<boolean> {
  const set = sql.join(
    values.map(([c, v]) => sql`${sql.raw(c)} = ${v}`),
    sql`, `,
  );
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE ${sql.raw(table)} SET ${set}, version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND employee_id = ${employeeId} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

/** Removes the record when it is still at `version` (its file row stays for the audit). */
export async function removeVersioned(
  db: DbOrTx,
  table: HrTable,
  employeeId: number,
  id: number,
  version: number,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM ${sql.raw(table)} WHERE id = ${id} AND employee_id = ${employeeId} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}
