import type { ScheduleDays } from '@app/shared/hours/schedules.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { namedSql } from '../../platform/named-query';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';

// Schedules and the people they belong to. The person is found through scope.employeeRecord
// (own record, or the part's rights), so another person's schedule is simply not found; the
// schedule rows are then read by that person's id.

/**
 * A read on the database (not in a transaction) runs as a named statement: PostgreSQL plans it
 * once per connection (the week view's reads took longer to plan than to run, bench/hours.ts);
 * in a transaction, as any statement. Values stay parameters, so the text (and the name) is one
 * per shape and scope: staff (`true`) or one's own (`employee_id = $n`).
 */
export function read<T>(db: DbOrTx | Database, name: string, q: SQL): Promise<T[]> {
  return 'orm' in db ? namedSql<T>(db, name, q) : query<T>(db, q);
}

/** The decision on a person's week (timesheet_weeks; no row: the week is open). */
export interface TimesheetRowDb {
  employeeId: number;
  status: 'approved' | 'returned';
  comment: string;
  decidedBy: string | null;
  decidedAt: string;
  version: number;
}

export interface EmployeeRow {
  id: number;
  name: string;
  deleted: boolean;
}

/**
 * The employee, if the actor may read this part of their record (deactivated ones too: their past
 * stays readable). `lock` takes the row FOR UPDATE: bookings and schedule changes of one person
 * queue behind each other, so the day totals they check are exact (D4).
 */
export async function findEmployee(
  db: DbOrTx | Database,
  actor: Actor,
  employeeId: number,
  part: 'schedules' | 'hours' | 'readHours' | 'leave',
  lock = false,
): Promise<EmployeeRow | null> {
  const rows = await read<EmployeeRow>(
    db,
    lock ? 'hours_employee_lock' : 'hours_employee',
    sql`SELECT e.id, ${personNameSql('e')} AS name, e.deleted_at IS NOT NULL AS deleted
          FROM employees e
         WHERE e.id = ${employeeId} AND ${scope.employeeRecord(actor, sql.raw('e.id'), part)}
         ${lock ? sql`FOR UPDATE OF e` : sql``}`,
  );
  return rows[0] ?? null;
}

/** A timesheet_weeks row `tw` as the timesheets read it (timesheets.repository.ts). */
export const TIMESHEET_COLUMNS = sql`tw.employee_id AS "employeeId", tw.status, tw.comment,
  (SELECT ${personNameSql('de')} FROM accounts da JOIN employees de ON de.id = da.employee_id WHERE da.id = tw.decided_by) AS "decidedBy",
  to_char(tw.decided_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "decidedAt", tw.version`;

/**
 * The week view's head in one statement: the person (through the scope; null when out of reach),
 * the schedule versions that matter for the days from `from` to `to`, the lock in force, and the
 * decision on the week (timesheet_weeks; null while it is open). `from` is the week's Monday.
 */
export async function weekHead(
  db: DbOrTx | Database,
  actor: Actor,
  employeeId: number,
  from: string,
  to: string,
): Promise<(EmployeeRow & { schedules: ScheduleRow[]; lockedThrough: string | null; timesheet: TimesheetRowDb | null }) | null> {
  const rows = await read<
    EmployeeRow & { schedules: ScheduleRow[]; lockedThrough: string | null; timesheet: TimesheetRowDb | null }
  >(
    db,
    'hours_week_head',
    sql`SELECT e.id, ${personNameSql('e')} AS name, e.deleted_at IS NOT NULL AS deleted,
               (SELECT coalesce(json_agg(json_build_object('id', s.id, 'employeeId', s.employee_id,
                                  'effectiveFrom', s.effective_from, 'days', s.days, 'version', s.version)
                                  ORDER BY s.effective_from), '[]'::json)
                  FROM schedules s
                 WHERE s.employee_id = e.id AND s.effective_from <= ${to}::date
                   AND s.effective_from >= coalesce((SELECT max(x.effective_from) FROM schedules x
                                                      WHERE x.employee_id = e.id AND x.effective_from <= ${from}::date),
                                                    ${from}::date)) AS schedules,
               (SELECT hl.locked_through::text FROM hour_locks hl ORDER BY hl.id DESC LIMIT 1) AS "lockedThrough",
               (SELECT row_to_json(t) FROM (SELECT ${TIMESHEET_COLUMNS} FROM timesheet_weeks tw
                                             WHERE tw.employee_id = e.id AND tw.week_start = ${from}::date) t) AS timesheet
          FROM employees e
         WHERE e.id = ${employeeId} AND ${scope.employeeRecord(actor, sql.raw('e.id'), 'readHours')}`,
  );
  return rows[0] ?? null;
}

export interface ScheduleRow {
  id: number;
  employeeId: number;
  effectiveFrom: string;
  days: ScheduleDays;
  version: number;
}

const columns = sql`s.id, s.employee_id AS "employeeId", s.effective_from::text AS "effectiveFrom", s.days, s.version`;

/** Every version of the person's schedule, newest first. */
export function listSchedules(db: DbOrTx | Database, employeeId: number): Promise<ScheduleRow[]> {
  return read<ScheduleRow>(
    db,
    'schedules_list',
    sql`SELECT ${columns} FROM schedules s WHERE s.employee_id = ${employeeId} ORDER BY s.effective_from DESC`,
  );
}

/** One version of the person's schedule (the person was found through the scope first). */
export async function findSchedule(db: DbOrTx, employeeId: number, id: number, lock = false): Promise<ScheduleRow | null> {
  const rows = await query<ScheduleRow>(
    db,
    sql`SELECT ${columns} FROM schedules s WHERE s.id = ${id} AND s.employee_id = ${employeeId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  return rows[0] ?? null;
}

export async function insertSchedule(
  db: DbOrTx,
  employeeId: number,
  effectiveFrom: string,
  days: ScheduleDays,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO schedules (employee_id, effective_from, days, created_by, created_at, updated_at)
        VALUES (${employeeId}, ${effectiveFrom}::date, ${JSON.stringify(days)}::jsonb, ${createdBy},
                ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('schedule insert returned no id');
  return id;
}

export async function updateSchedule(
  db: DbOrTx,
  id: number,
  version: number,
  effectiveFrom: string,
  days: ScheduleDays,
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE schedules SET effective_from = ${effectiveFrom}::date, days = ${JSON.stringify(days)}::jsonb,
               version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

export async function deleteSchedule(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`DELETE FROM schedules WHERE id = ${id} AND version = ${version} RETURNING id`);
  return rows.length > 0;
}

/**
 * The lock in force: the newest hour_locks row (null: nothing locked). A write that checks a date
 * against it passes `share`: its SELECT … FOR SHARE holds a ROW SHARE lock on hour_locks until it
 * commits, which a new lock (`insertLock`, EXCLUSIVE) waits for, so no booking or schedule change
 * checked against the old lock can land after the new one is set.
 */
export async function currentLock(
  db: DbOrTx | Database,
  o: { share?: boolean } = {},
): Promise<{ lockedThrough: string | null; setBy: string | null; setAt: string | null }> {
  const rows = await read<{ lockedThrough: string | null; setBy: string | null; setAt: string | null }>(
    db,
    'hours_lock',
    sql`SELECT hl.locked_through::text AS "lockedThrough",
               (SELECT ${personNameSql('e')} FROM accounts a JOIN employees e ON e.id = a.employee_id
                 WHERE a.id = hl.created_by) AS "setBy",
               to_char(hl.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "setAt"
          FROM hour_locks hl ORDER BY hl.id DESC LIMIT 1 ${o.share ? sql`FOR SHARE OF hl` : sql``}`,
  );
  return rows[0] ?? { lockedThrough: null, setBy: null, setAt: null };
}

/**
 * Waits until every write that checked the lock in force has committed, and keeps new ones
 * waiting until this transaction ends (EXCLUSIVE conflicts with their FOR SHARE, not with reads).
 */
export async function lockHourLocks(db: DbOrTx): Promise<void> {
  await query(db, sql`LOCK TABLE hour_locks IN EXCLUSIVE MODE`);
}

/** A new lock row (the history stays). Take lockHourLocks first. */
export async function insertLock(db: DbOrTx, lockedThrough: string | null, createdBy: number | null, now: Date): Promise<void> {
  await query(
    db,
    sql`INSERT INTO hour_locks (locked_through, created_by, created_at)
        VALUES (${lockedThrough}::date, ${createdBy}, ${now.toISOString()}::timestamptz)`,
  );
}
