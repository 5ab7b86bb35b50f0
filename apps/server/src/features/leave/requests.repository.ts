import type { LeaveRequestListQuery } from '@app/shared/leave/leave';
import type { LeaveRequestStatus } from '@app/shared/leave/leave.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type Actor, readerLocale } from '../../platform/actor';
import { personNameSql, shownNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';

/**
 * Every query of leave requests. Reads and changes AND `scope.employeeRecord(..., 'leave')` into
 * their WHERE (the table is aliased `r`), so another person's request is simply not found
 * without the leave rights (PEOPLE_RIGHTS.leave): own rows for everyone, all rows with them.
 */

const inReach = (actor: Actor): SQL => scope.employeeRecord(actor, sql.raw('r.employee_id'), 'leave');
const iso = (col: string) => sql.raw(`to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
/** The name of the employee behind an account (who decided), or null. */
const accountName = (col: string) =>
  sql`(SELECT ${personNameSql('e_dec')} FROM accounts a_dec JOIN employees e_dec ON e_dec.id = a_dec.employee_id
        WHERE a_dec.id = ${sql.raw(col)})`;

export interface LeaveRequestRow {
  id: number;
  employeeId: number;
  employeeName: string;
  leaveTypeId: number;
  leaveTypeName: string;
  leaveTypeCode: string;
  leaveTypeColor: string;
  countsAgainstBalance: boolean;
  startsOn: string;
  endsOn: string;
  partStart: string | null;
  partEnd: string | null;
  minutes: number;
  note: string;
  status: LeaveRequestStatus;
  decisionReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  version: number;
}

// The leave type's name in the reader's language (shownNameSql).
const columns = (actor: Actor) => sql`r.id, r.employee_id AS "employeeId", ${personNameSql('e')} AS "employeeName",
  r.leave_type_id AS "leaveTypeId", ${shownNameSql('lt', readerLocale(actor))} AS "leaveTypeName", lt.code AS "leaveTypeCode", lt.color AS "leaveTypeColor",
  lt.counts_against_balance AS "countsAgainstBalance", r.starts_on::text AS "startsOn", r.ends_on::text AS "endsOn",
  r.part_start AS "partStart", r.part_end AS "partEnd", r.minutes, r.note, r.status, r.decision_reason AS "decisionReason",
  ${accountName('r.decided_by')} AS "decidedBy", ${iso('r.decided_at')} AS "decidedAt", ${iso('r.cancelled_at')} AS "cancelledAt",
  ${iso('r.created_at')} AS "createdAt", r.version`;
const joins = sql`FROM leave_requests r JOIN employees e ON e.id = r.employee_id JOIN leave_types lt ON lt.id = r.leave_type_id`;

const SORTS: Record<LeaveRequestListQuery['sort'], SQL> = {
  startsOn: sql`r.starts_on ASC, r.id ASC`,
  '-startsOn': sql`r.starts_on DESC, r.id DESC`,
  employee: sql`lower(${personNameSql('e')}) ASC, r.starts_on DESC, r.id DESC`,
  '-employee': sql`lower(${personNameSql('e')}) DESC, r.starts_on DESC, r.id DESC`,
  createdAt: sql`r.created_at ASC, r.id ASC`,
  '-createdAt': sql`r.created_at DESC, r.id DESC`,
};

function filters(f: LeaveRequestListQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.status) parts.push(sql`r.status = ${f.status}`);
  if (f.employeeId !== undefined) parts.push(sql`r.employee_id = ${f.employeeId}`);
  if (f.year !== undefined)
    parts.push(sql`r.starts_on <= ${`${f.year}-12-31`}::date AND r.ends_on >= ${`${f.year}-01-01`}::date`);
  if (f.q) parts.push(sql`${personNameSql('e')} ILIKE ${`%${escapeLike(f.q)}%`}`);
  return sql.join(parts, sql` AND `);
}

/**
 * A page of the requests in reach, with the count of the matching ones and of every pending one
 * in reach (what waits for a decision, whatever the filters): two statements.
 */
export async function list(
  db: DbOrTx,
  actor: Actor,
  f: LeaveRequestListQuery,
): Promise<{ rows: LeaveRequestRow[]; total: number; pending: number }> {
  const match = filters(f);
  const [counts] = await query<{ total: number; pending: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE ${match})::int AS total, count(*) FILTER (WHERE r.status = 'pending')::int AS pending
          FROM leave_requests r JOIN employees e ON e.id = r.employee_id WHERE ${inReach(actor)}`,
  );
  const rows = await query<LeaveRequestRow>(
    db,
    sql`SELECT ${columns(actor)} ${joins} WHERE ${inReach(actor)} AND ${match} ORDER BY ${SORTS[f.sort]}
         LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}`,
  );
  return { rows, total: counts?.total ?? 0, pending: counts?.pending ?? 0 };
}

/** One request in reach. */
export async function find(db: DbOrTx, actor: Actor, id: number): Promise<LeaveRequestRow | null> {
  const rows = await query<LeaveRequestRow>(db, sql`SELECT ${columns(actor)} ${joins} WHERE r.id = ${id} AND ${inReach(actor)}`);
  return rows[0] ?? null;
}

export interface LeaveTypeRow {
  id: number;
  name: string;
  countsAgainstBalance: boolean;
  needsApproval: boolean;
  active: boolean;
}

/** A leave type (active or not), or null. */
export async function leaveType(db: DbOrTx, id: number): Promise<LeaveTypeRow | null> {
  const rows = await query<LeaveTypeRow>(
    db,
    sql`SELECT id, name, counts_against_balance AS "countsAgainstBalance", needs_approval AS "needsApproval", active
          FROM leave_types WHERE id = ${id}`,
  );
  return rows[0] ?? null;
}

/** The person's pending and approved requests that share a day with `from`..`to`. */
export function liveRequestsBetween(
  db: DbOrTx,
  employeeId: number,
  from: string,
  to: string,
): Promise<{ id: number; partStart: string | null; partEnd: string | null }[]> {
  return query(
    db,
    sql`SELECT r.id, r.part_start AS "partStart", r.part_end AS "partEnd" FROM leave_requests r
         WHERE r.employee_id = ${employeeId} AND r.status IN ('pending', 'approved')
           AND r.starts_on <= ${to}::date AND r.ends_on >= ${from}::date`,
  );
}

/**
 * The minutes of the person's pending requests of types that count against the balance, up to
 * `until`: what the balance is already promised to.
 */
export async function pendingCountingMinutes(db: DbOrTx, employeeId: number, until: string): Promise<number> {
  const rows = await query<{ minutes: number }>(
    db,
    sql`SELECT coalesce(sum(r.minutes), 0)::int AS minutes FROM leave_requests r JOIN leave_types lt ON lt.id = r.leave_type_id
         WHERE r.employee_id = ${employeeId} AND r.status = 'pending' AND lt.counts_against_balance
           AND r.starts_on <= ${until}::date`,
  );
  return rows[0]?.minutes ?? 0;
}

export interface NewRequest {
  employeeId: number;
  leaveTypeId: number;
  startsOn: string;
  endsOn: string;
  partStart: string | null;
  partEnd: string | null;
  minutes: number;
  note: string;
  status: 'pending' | 'approved';
}

export async function insert(db: DbOrTx, r: NewRequest, createdBy: number | null, now: Date): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO leave_requests (employee_id, leave_type_id, starts_on, ends_on, part_start, part_end, minutes, note, status,
                                    decided_at, created_by, created_at, updated_at)
        VALUES (${r.employeeId}, ${r.leaveTypeId}, ${r.startsOn}::date, ${r.endsOn}::date, ${r.partStart}, ${r.partEnd},
                ${r.minutes}, ${r.note}, ${r.status}, ${r.status === 'approved' ? at : null}, ${createdBy}, ${at}, ${at})
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('leave request insert returned no id');
  return id;
}

/**
 * One decision, one conditional UPDATE: from pending to approved or denied, only while it is
 * pending and of that version. Of two at once exactly one matches. False when none did.
 */
export async function decide(
  db: DbOrTx,
  actor: Actor,
  d: { id: number; version: number; next: 'approved' | 'denied'; reason: string | null; minutes: number },
  decidedBy: number | null,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE leave_requests r SET status = ${d.next}, decision_reason = ${d.reason}, decided_by = ${decidedBy},
               decided_at = ${at}, minutes = ${d.minutes}, version = r.version + 1, updated_at = ${at}
         WHERE r.id = ${d.id} AND r.status = 'pending' AND r.version = ${d.version} AND ${inReach(actor)}
        RETURNING r.id`,
  );
  return rows.length > 0;
}

/** Cancels a request still in `expected` status and of that version; false when none matched. */
export async function cancel(
  db: DbOrTx,
  actor: Actor,
  c: { id: number; version: number; expected: LeaveRequestStatus },
  cancelledBy: number | null,
  now: Date,
): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE leave_requests r SET status = 'cancelled', cancelled_by = ${cancelledBy}, cancelled_at = ${at},
               version = r.version + 1, updated_at = ${at}
         WHERE r.id = ${c.id} AND r.status = ${c.expected} AND r.version = ${c.version} AND ${inReach(actor)}
        RETURNING r.id`,
  );
  return rows.length > 0;
}

/** The leave lines a request wrote (what a cancellation gives back). */
export function leaveLinesOfRequest(
  db: DbOrTx,
  requestId: number,
): Promise<{ date: string; minutes: number; counts: boolean; leaveTypeId: number | null; description: string }[]> {
  return query(
    db,
    sql`SELECT l.date::text AS date, l.minutes, l.counts, l.leave_type_id AS "leaveTypeId", l.description
          FROM leave_lines l WHERE l.request_id = ${requestId} AND l.kind = 'leave' ORDER BY l.date, l.id`,
  );
}
