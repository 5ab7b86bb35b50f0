import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';
import { read, type ScheduleRow, TIMESHEET_COLUMNS, type TimesheetRowDb } from './schedules.repository';

// Timesheets: the decision on a person's ISO week (timesheet_weeks, one row per person and week;
// no row: open). Reads of another person's week go through scope.employeeRecord(…, 'readHours'):
// one's own, or everyone's with hours.manage or hours.approve.

export type { TimesheetRowDb };

const COLUMNS = TIMESHEET_COLUMNS;

/** The decision on the person's week starting `monday` (within the actor's reach), or null while it is open. */
export async function findTimesheet(
  db: DbOrTx | Database,
  actor: Actor,
  employeeId: number,
  monday: string,
): Promise<TimesheetRowDb | null> {
  const rows = await read<TimesheetRowDb>(
    db,
    'timesheet_week',
    sql`SELECT ${COLUMNS} FROM timesheet_weeks tw
         WHERE tw.employee_id = ${employeeId} AND tw.week_start = ${monday}::date
           AND ${scope.employeeRecord(actor, sql.raw('tw.employee_id'), 'readHours')}`,
  );
  return rows[0] ?? null;
}

/** The Mondays among `mondays` (YYYY-MM-DD) whose week the person has approved. Run with the person's row locked. */
export async function approvedWeeks(db: DbOrTx, employeeId: number, mondays: readonly string[]): Promise<Set<string>> {
  const days = mondays.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
  const rows = await query<{ monday: string }>(
    db,
    sql`SELECT week_start::text AS monday FROM timesheet_weeks
         WHERE employee_id = ${employeeId} AND status = 'approved' AND week_start = ANY(${`{${days.join(',')}}`}::date[])`,
  );
  return new Set(rows.map((r) => r.monday));
}

/** The minutes the person booked from `from` to `to`. */
export async function bookedMinutes(db: DbOrTx, employeeId: number, from: string, to: string): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`SELECT coalesce(sum(minutes), 0)::int AS n FROM booked_hours
         WHERE employee_id = ${employeeId} AND date BETWEEN ${from}::date AND ${to}::date`,
  );
  return rows[0]?.n ?? 0;
}

export interface PersonWeekRow {
  id: number;
  name: string;
  bookedMinutes: number;
  schedules: ScheduleRow[];
  timesheet: TimesheetRowDb | null;
}

/**
 * The approvers' list: every active person (and deactivated ones with hours that week) within
 * the actor's reach, by name, with the minutes booked in the week, the schedule versions that
 * matter for it and its decision. One statement.
 */
export function peopleOfWeek(db: DbOrTx, actor: Actor, monday: string, sunday: string): Promise<PersonWeekRow[]> {
  return query<PersonWeekRow>(
    db,
    sql`SELECT e.id, ${personNameSql('e')} AS name,
               coalesce((SELECT sum(bh.minutes) FROM booked_hours bh
                          WHERE bh.employee_id = e.id AND bh.date BETWEEN ${monday}::date AND ${sunday}::date), 0)::int AS "bookedMinutes",
               (SELECT coalesce(json_agg(json_build_object('id', s.id, 'employeeId', s.employee_id,
                                  'effectiveFrom', s.effective_from, 'days', s.days, 'version', s.version)
                                  ORDER BY s.effective_from), '[]'::json)
                  FROM schedules s
                 WHERE s.employee_id = e.id AND s.effective_from <= ${sunday}::date
                   AND s.effective_from >= coalesce((SELECT max(x.effective_from) FROM schedules x
                                                      WHERE x.employee_id = e.id AND x.effective_from <= ${monday}::date),
                                                    ${monday}::date)) AS schedules,
               (SELECT row_to_json(t) FROM (SELECT ${COLUMNS} FROM timesheet_weeks tw
                                             WHERE tw.employee_id = e.id AND tw.week_start = ${monday}::date) t) AS timesheet
          FROM employees e
         WHERE ${scope.employeeRecord(actor, sql.raw('e.id'), 'readHours')}
           AND (e.deleted_at IS NULL OR EXISTS (SELECT 1 FROM booked_hours bh
                                                 WHERE bh.employee_id = e.id AND bh.date BETWEEN ${monday}::date AND ${sunday}::date))
         ORDER BY lower(e.last_name), lower(e.first_name), e.id`,
  );
}

/**
 * The decision on an open week: a new row, unless someone decided it first (the unique key on
 * person and week): null then.
 */
export async function insertDecision(
  db: DbOrTx,
  v: { employeeId: number; monday: string; status: 'approved' | 'returned'; comment: string; decidedBy: number | null },
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const rows = await query<{ version: number }>(
    db,
    sql`INSERT INTO timesheet_weeks (employee_id, week_start, status, comment, decided_by, decided_at, created_at, updated_at)
        VALUES (${v.employeeId}, ${v.monday}::date, ${v.status}, ${v.comment}, ${v.decidedBy}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (employee_id, week_start) DO NOTHING
        RETURNING version`,
  );
  return rows[0]?.version ?? null;
}

/** A new decision on a decided week, if it is still at `version` (else null: someone decided meanwhile). */
export async function updateDecision(
  db: DbOrTx,
  v: {
    employeeId: number;
    monday: string;
    version: number;
    status: 'approved' | 'returned';
    comment: string;
    decidedBy: number | null;
  },
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const rows = await query<{ version: number }>(
    db,
    sql`UPDATE timesheet_weeks
           SET status = ${v.status}, comment = ${v.comment}, decided_by = ${v.decidedBy}, decided_at = ${at}::timestamptz,
               version = version + 1, updated_at = ${at}::timestamptz
         WHERE employee_id = ${v.employeeId} AND week_start = ${v.monday}::date AND version = ${v.version}
        RETURNING version`,
  );
  return rows[0]?.version ?? null;
}

/** Reopens a decided week (the row goes), if it is still at `version`. */
export async function deleteDecision(db: DbOrTx, employeeId: number, monday: string, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM timesheet_weeks WHERE employee_id = ${employeeId} AND week_start = ${monday}::date AND version = ${version}
        RETURNING id`,
  );
  return rows.length > 0;
}
