import type { ScheduleVersion } from '@app/shared/hours/schedules.rules';
import {
  type BookingSpan,
  type ContractPeriod,
  type DayHours,
  DEFAULT_LEAVE_POLICY,
  type HourRule,
  type LeaveBucket,
  type LeaveLineKind,
  type LeavePolicy,
  overtimeLines,
} from '@app/shared/leave/leave.rules';
import { addDays } from '@app/shared/platform/iso-week';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import { query } from '../../platform/sql';
import { read } from '../hours/schedules.repository';

// The leave ledger's core: the one place that writes `leave_lines` and sums them. Every
// writer first locks the person's employees row (findEmployee(..., lock = true) in
// hours/schedules.repository.ts), so the lines of one person are written one transaction at a
// time (D4). The card's totals are SUMs over the lines by the buckets of
// `lineBucket` (packages/shared/src/leave/leave.rules.ts): `bucketSql` is the same CASE.

/** The bucket of a line in SQL: the same rule as `lineBucket`. */
export function bucketSql(kind: SQLWrapper, date: SQLWrapper, today: string): SQL {
  return sql`(CASE WHEN ${kind} = 'correction' THEN 'corrections' WHEN ${kind} = 'overtime' THEN 'overtime'
                   WHEN ${date} <= ${today}::date THEN 'taken' ELSE 'planned' END)`;
}

export interface LineToWrite {
  date: string;
  kind: LeaveLineKind;
  minutes: number;
  counts: boolean;
  description?: string;
  days?: number | null;
  leaveTypeId?: number | null;
  requestId?: number | null;
  collectiveLeaveId?: number | null;
  bookedHourId?: number | null;
  hourRuleId?: number | null;
}

/** Writes lines of one person (lines of 0 minutes are skipped: a line always moves something). Returns the ids. */
export async function insertLines(
  tx: DbOrTx,
  employeeId: number,
  lines: readonly LineToWrite[],
  createdBy: number | null,
): Promise<number[]> {
  const rows = lines.filter((l) => l.minutes !== 0);
  if (rows.length === 0) return [];
  const values = rows.map(
    (l) => sql`(${employeeId}, ${l.date}::date, ${l.kind}, ${l.minutes}, ${l.counts}, ${l.days ?? null}::numeric,
                ${l.description ?? ''}, ${l.leaveTypeId ?? null}::int, ${l.requestId ?? null}::int,
                ${l.collectiveLeaveId ?? null}::int, ${l.bookedHourId ?? null}::int, ${l.hourRuleId ?? null}::int, ${createdBy}::int)`,
  );
  const out = await query<{ id: number }>(
    tx,
    sql`INSERT INTO leave_lines (employee_id, date, kind, minutes, counts, days, description, leave_type_id, request_id,
                                 collective_leave_id, booked_hour_id, hour_rule_id, created_by)
        VALUES ${sql.join(values, sql`, `)} RETURNING id`,
  );
  return out.map((r) => r.id);
}

/** Leave lines for the days of a request or a collective leave: one negative line per day that takes hours. */
export function leaveLinesOf(
  days: readonly DayHours[],
  source: { leaveTypeId: number; counts: boolean; description: string; requestId?: number; collectiveLeaveId?: number },
): LineToWrite[] {
  return days
    .filter((d) => d.minutes > 0)
    .map((d) => ({
      date: d.date,
      kind: 'leave' as const,
      minutes: -d.minutes,
      counts: source.counts,
      description: source.description,
      leaveTypeId: source.leaveTypeId,
      requestId: source.requestId ?? null,
      collectiveLeaveId: source.collectiveLeaveId ?? null,
    }));
}

/** The schedule versions of a person that matter from `from` to `to` (the one in force on `from` and the later ones). */
export async function scheduleVersions(
  db: DbOrTx | Database,
  employeeId: number,
  from: string,
  to: string,
): Promise<ScheduleVersion[]> {
  return read<ScheduleVersion>(
    db,
    'leave_schedule_versions',
    sql`SELECT s.effective_from::text AS "effectiveFrom", s.days
          FROM schedules s
         WHERE s.employee_id = ${employeeId} AND s.effective_from <= ${to}::date
           AND s.effective_from >= coalesce((SELECT max(x.effective_from) FROM schedules x
                                              WHERE x.employee_id = ${employeeId} AND x.effective_from <= ${from}::date), ${from}::date)
         ORDER BY s.effective_from`,
  );
}

/**
 * The days from `from` to `to` on which the person has leave in the ledger (net of cancellations):
 * approved requests and collective leave. `source` narrows it: only collective leave days, or only
 * request days; `exceptCollective` leaves one collective leave out (when it is being rebooked).
 */
export async function leaveDays(
  db: DbOrTx,
  employeeId: number,
  from: string,
  to: string,
  opts: { source?: 'collective' | 'request'; exceptCollective?: number } = {},
): Promise<Set<string>> {
  const filters: SQL[] = [];
  if (opts.source === 'collective') filters.push(sql`l.collective_leave_id IS NOT NULL`);
  if (opts.source === 'request') filters.push(sql`l.request_id IS NOT NULL`);
  if (opts.exceptCollective !== undefined)
    filters.push(sql`l.collective_leave_id IS DISTINCT FROM ${opts.exceptCollective}::int`);
  const rows = await query<{ date: string }>(
    db,
    sql`SELECT l.date::text AS date FROM leave_lines l
         WHERE l.employee_id = ${employeeId} AND l.kind IN ('leave', 'cancellation')
           AND l.date BETWEEN ${from}::date AND ${to}::date
           ${filters.length ? sql`AND ${sql.join(filters, sql` AND `)}` : sql``}
         GROUP BY l.date HAVING sum(l.minutes) < 0`,
  );
  return new Set(rows.map((r) => r.date));
}

// ---- the card's sums

export interface YearSums {
  year: number;
  corrections: number;
  overtime: number;
  taken: number;
  planned: number;
  notCounted: number;
}

/** Per year up to `untilYear`, the sums of the counting lines by bucket (taken and planned as positive hours used). */
export async function yearSums(db: DbOrTx | Database, employeeId: number, untilYear: number, today: string): Promise<YearSums[]> {
  const bucket = bucketSql(sql.raw('l.kind'), sql.raw('l.date'), today);
  return read<YearSums>(
    db,
    'leave_year_sums',
    sql`SELECT y.year,
               coalesce(sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'corrections'), 0)::int AS corrections,
               coalesce(sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'overtime'), 0)::int AS overtime,
               coalesce(-sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'taken'), 0)::int AS taken,
               coalesce(-sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'planned'), 0)::int AS planned,
               coalesce(-sum(y.minutes) FILTER (WHERE NOT y.counts AND y.kind IN ('leave', 'cancellation')), 0)::int AS "notCounted"
          FROM (SELECT extract(year FROM l.date)::int AS year, l.minutes, l.counts, l.kind, ${bucket} AS bucket
                  FROM leave_lines l
                 WHERE l.employee_id = ${employeeId} AND l.date <= ${`${untilYear}-12-31`}::date) y
         GROUP BY y.year ORDER BY y.year`,
  );
}

/** The person's contracts (the employment that the entitlement is pro rata of). */
export function contractsOf(db: DbOrTx | Database, employeeId: number): Promise<ContractPeriod[]> {
  return read<ContractPeriod>(
    db,
    'leave_contracts',
    sql`SELECT c.id, c.starts_on::text AS "startsOn", c.ends_on::text AS "endsOn", c.minutes_per_week AS "minutesPerWeek"
          FROM employee_contracts c WHERE c.employee_id = ${employeeId} ORDER BY c.starts_on, c.id`,
  );
}

export async function policyOf(db: DbOrTx | Database): Promise<LeavePolicy & { version: number }> {
  const rows = await read<LeavePolicy & { version: number }>(
    db,
    'leave_policy',
    sql`SELECT full_time_week_minutes AS "fullTimeWeekMinutes", yearly_minutes AS "yearlyMinutes", version FROM leave_policy WHERE id = 1`,
  );
  return rows[0] ?? { ...DEFAULT_LEAVE_POLICY, version: 1 };
}

/** The date of the person's first line, or null. */
export async function firstLineDate(db: DbOrTx | Database, employeeId: number): Promise<string | null> {
  const rows = await read<{ date: string | null }>(
    db,
    'leave_first_line',
    sql`SELECT min(l.date)::text AS date FROM leave_lines l WHERE l.employee_id = ${employeeId}`,
  );
  return rows[0]?.date ?? null;
}

export type { LeaveBucket };

// ---- overtime from hour rules

const HOUR_RULES_LOCK = sql`pg_advisory_xact_lock_shared(hashtext('hour_rules'))`;

/** Every hour rule (active or not: `overtimeLines` skips inactive ones). */
export function hourRules(db: DbOrTx): Promise<HourRule[]> {
  return query<HourRule>(
    db,
    sql`SELECT r.id, r.weekdays, r.start_time AS start, r.end_time AS "end", r.effective_from::text AS "effectiveFrom",
               r.kind, r.percent, r.allowance_minutes AS "allowanceMinutes", r.feeds_overtime AS "feedsOvertime", r.active
          FROM hour_rules r ORDER BY r.id`,
  );
}

interface BookingRow extends BookingSpan {
  id: number;
  employeeId: number;
}

function overtimeOf(b: BookingRow, rules: readonly HourRule[]): LineToWrite[] {
  return overtimeLines(b, rules).map((o) => ({
    date: b.date,
    kind: 'overtime' as const,
    minutes: o.minutes,
    counts: o.counts,
    description: '',
    bookedHourId: b.id,
    hourRuleId: o.hourRuleId,
  }));
}

/**
 * Rewrites the overtime lines of one booking (after it was created or changed; its person's row is
 * locked by the caller). A rule change (`resyncOvertime`) waits for it and it for a rule change.
 */
export async function syncBookingOvertime(tx: DbOrTx, bookedHourId: number): Promise<void> {
  await query(tx, sql`SELECT ${HOUR_RULES_LOCK}`);
  await query(tx, sql`DELETE FROM leave_lines WHERE booked_hour_id = ${bookedHourId}`);
  const rows = await query<BookingRow>(
    tx,
    sql`SELECT b.id, b.employee_id AS "employeeId", b.date::text AS date, b.start_time AS "startTime", b.minutes
          FROM booked_hours b WHERE b.id = ${bookedHourId}`,
  );
  const b = rows[0];
  if (!b) return;
  const rules = await hourRules(tx);
  await insertLines(tx, b.employeeId, overtimeOf(b, rules), null);
}

/**
 * After an hour rule changed: rewrites the overtime lines of every booking from `from` (the day
 * before, for windows past midnight) that payroll has not locked. Holds the rules lock exclusively,
 * so no booking writes its overtime from the old rules meanwhile. Returns how many bookings it read.
 */
export async function resyncOvertime(tx: DbOrTx, from: string): Promise<number> {
  await query(tx, sql`SELECT pg_advisory_xact_lock(hashtext('hour_rules'))`);
  const lock = await query<{ lockedThrough: string | null }>(
    tx,
    sql`SELECT hl.locked_through::text AS "lockedThrough" FROM hour_locks hl ORDER BY hl.id DESC LIMIT 1`,
  );
  const lockedThrough = lock[0]?.lockedThrough ?? null;
  let start = addDays(from, -1);
  if (lockedThrough && lockedThrough >= start) start = addDays(lockedThrough, 1);
  await query(tx, sql`DELETE FROM leave_lines WHERE kind = 'overtime' AND date >= ${start}::date`);
  const rules = await hourRules(tx);
  const bookings = await query<BookingRow>(
    tx,
    sql`SELECT b.id, b.employee_id AS "employeeId", b.date::text AS date, b.start_time AS "startTime", b.minutes
          FROM booked_hours b WHERE b.date >= ${start}::date ORDER BY b.employee_id, b.date, b.id`,
  );
  const byPerson = new Map<number, LineToWrite[]>();
  for (const b of bookings) {
    const lines = overtimeOf(b, rules);
    if (lines.length) byPerson.set(b.employeeId, [...(byPerson.get(b.employeeId) ?? []), ...lines]);
  }
  for (const [employeeId, lines] of byPerson) {
    for (let i = 0; i < lines.length; i += 500) await insertLines(tx, employeeId, lines.slice(i, i + 500), null);
  }
  return bookings.length;
}
