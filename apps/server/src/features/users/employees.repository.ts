import type { EmployeeOption } from '@app/shared/projects/projects';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { personNameSql } from '../../platform/names';
import { intArray, query } from '../../platform/sql';

/**
 * Every employee who can be picked: not deleted and with an enabled account, sorted by name
 * (then id, so equal names keep one order).
 */
export async function employeeOptions(db: DbOrTx): Promise<EmployeeOption[]> {
  const name = personNameSql('e');
  return query<EmployeeOption>(
    db,
    sql`SELECT e.id, ${name} AS name, nullif(btrim(e.function), '') AS function
          FROM employees e
          JOIN accounts ac ON ac.employee_id = e.id AND ac.status = 'active'
         WHERE e.deleted_at IS NULL
         ORDER BY lower(${name}), e.id`,
  );
}

/** The ids among `ids` that are pickable employees (not deleted), for validating a project's people. */
export async function liveEmployeeIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT e.id FROM employees e WHERE e.id = ANY(${intArray(ids)}) AND e.deleted_at IS NULL`,
  );
  return new Set(rows.map((r) => r.id));
}

/** An employee's display name (deactivated ones too); null when there is no such employee. */
export async function employeeName(db: DbOrTx, id: number): Promise<string | null> {
  const rows = await query<{ name: string }>(db, sql`SELECT ${personNameSql('e')} AS name FROM employees e WHERE e.id = ${id}`);
  return rows[0]?.name ?? null;
}
