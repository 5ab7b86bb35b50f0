import type { OVERNIGHT_SORTS } from '@app/shared/declarations/overnights';
import type { OvernightStatus } from '@app/shared/declarations/overnights.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';
import { deciderName, iso } from './declarations.repository';

/**
 * Every query of overnight stays (the table aliased `o`). Reads AND the employee scope: one's
 * own, or everyone's with the hours rights or the export right (the payroll export of overnight
 * stays shows them all anyway). Changes AND the hours scope: own rows, or the hours rights.
 */

const readable = (actor: Actor): SQL =>
  sql`(${scope.employeeRecord(actor, sql.raw('o.employee_id'), 'hours')} OR ${scope.employeeRecord(actor, sql.raw('o.employee_id'), 'export')})`;
const changeable = (actor: Actor): SQL => scope.employeeRecord(actor, sql.raw('o.employee_id'), 'hours');

type OvernightSort = (typeof OVERNIGHT_SORTS)[number];

export interface OvernightRow {
  id: number;
  employeeId: number;
  employeeName: string;
  projectId: number;
  projectName: string;
  date: string;
  nights: number;
  location: string;
  notes: string;
  status: OvernightStatus;
  rejectReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  version: number;
}

const columns = sql`o.id, o.employee_id AS "employeeId", ${personNameSql('e')} AS "employeeName", o.project_id AS "projectId",
  p.name AS "projectName", o.date::text AS date, o.nights, o.location, o.notes, o.status, o.reject_reason AS "rejectReason",
  ${deciderName('o.decided_by')} AS "decidedBy", ${iso('o.decided_at')} AS "decidedAt", ${iso('o.created_at')} AS "createdAt", o.version`;
const joins = sql`FROM overnight_stays o JOIN employees e ON e.id = o.employee_id JOIN projects p ON p.id = o.project_id`;

const SORTS: Record<OvernightSort, SQL> = {
  date: sql`o.date ASC, o.id ASC`,
  '-date': sql`o.date DESC, o.id DESC`,
  nights: sql`o.nights ASC, o.date DESC, o.id DESC`,
  '-nights': sql`o.nights DESC, o.date DESC, o.id DESC`,
  employee: sql`lower(${personNameSql('e')}) ASC, o.date DESC, o.id DESC`,
  '-employee': sql`lower(${personNameSql('e')}) DESC, o.date DESC, o.id DESC`,
};

export interface OvernightFilter {
  status?: OvernightStatus | undefined;
  employeeId?: number | undefined;
  projectId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
  sort: OvernightSort;
  page: number;
  perPage: number;
}

function where(actor: Actor, f: OvernightFilter): SQL {
  const parts: SQL[] = [readable(actor)];
  if (f.status) parts.push(sql`o.status = ${f.status}`);
  if (f.employeeId !== undefined) parts.push(sql`o.employee_id = ${f.employeeId}`);
  if (f.projectId !== undefined) parts.push(sql`o.project_id = ${f.projectId}`);
  // A stay counts in a period when one of its nights falls in it.
  if (f.from) parts.push(sql`o.date + (o.nights - 1) >= ${f.from}::date`);
  if (f.to) parts.push(sql`o.date <= ${f.to}::date`);
  if (f.q) {
    const like = `%${escapeLike(f.q)}%`;
    parts.push(sql`(o.location ILIKE ${like} OR p.name ILIKE ${like} OR ${personNameSql('e')} ILIKE ${like})`);
  }
  return sql.join(parts, sql` AND `);
}

export async function list(
  db: DbOrTx,
  actor: Actor,
  f: OvernightFilter,
): Promise<{ rows: OvernightRow[]; total: number; totalNights: number }> {
  const w = where(actor, f);
  const [totals] = await query<{ total: number; totalNights: number }>(
    db,
    sql`SELECT count(*)::int AS total, coalesce(sum(o.nights), 0)::int AS "totalNights" ${joins} WHERE ${w}`,
  );
  const rows = await query<OvernightRow>(
    db,
    sql`SELECT ${columns} ${joins} WHERE ${w} ORDER BY ${SORTS[f.sort]} LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}`,
  );
  return { rows, total: totals?.total ?? 0, totalNights: totals?.totalNights ?? 0 };
}

export async function find(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<OvernightRow | null> {
  const rows = await query<OvernightRow>(
    db,
    sql`SELECT ${columns} ${joins} WHERE o.id = ${id} AND ${readable(actor)} ${lock ? sql`FOR UPDATE OF o` : sql``}`,
  );
  return rows[0] ?? null;
}

export interface OvernightFields {
  projectId: number;
  date: string;
  nights: number;
  location: string;
  notes: string;
}

export async function insert(db: DbOrTx, employeeId: number, f: OvernightFields, createdBy: number | null, now: Date) {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO overnight_stays (employee_id, project_id, date, nights, location, notes, created_by, created_at, updated_at)
        VALUES (${employeeId}, ${f.projectId}, ${f.date}::date, ${f.nights}, ${f.location}, ${f.notes}, ${createdBy},
                ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned nothing');
  return id;
}

export async function update(db: DbOrTx, actor: Actor, id: number, version: number, f: OvernightFields, now: Date) {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE overnight_stays o SET project_id = ${f.projectId}, date = ${f.date}::date, nights = ${f.nights},
               location = ${f.location}, notes = ${f.notes}, version = o.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE o.id = ${id} AND o.version = ${version} AND o.status = 'submitted' AND ${changeable(actor)}
        RETURNING o.id`,
  );
  return rows.length > 0;
}

export async function remove(db: DbOrTx, actor: Actor, id: number, version: number) {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM overnight_stays o WHERE o.id = ${id} AND o.version = ${version} AND o.status = 'submitted' AND ${changeable(actor)}
        RETURNING o.id`,
  );
  return rows.length > 0;
}

/** One decision, one conditional UPDATE from submitted; of two at once exactly one matches. */
export async function decide(
  db: DbOrTx,
  actor: Actor,
  d: { id: number; version: number; next: 'approved' | 'rejected'; reason: string | null },
  decidedBy: number | null,
  now: Date,
) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE overnight_stays o SET status = ${d.next}, decided_by = ${decidedBy}, decided_at = ${at}, reject_reason = ${d.reason},
               version = o.version + 1, updated_at = ${at}
         WHERE o.id = ${d.id} AND o.status = 'submitted' AND o.version = ${d.version} AND ${changeable(actor)}
        RETURNING o.id`,
  );
  return rows.length > 0;
}
