import type { LeaveLine } from '@app/shared/leave/leave';
import type { LeaveBucket } from '@app/shared/leave/leave.rules';
import type { Locale } from '@app/shared/platform/locale';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { accountNameSql, shownNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { read } from '../hours/schedules.repository';
import { bucketSql } from './ledger.repository';

// The leave card's reads: the lines of a year with what they came from, and the card's
// extras (pending requests, sick periods). The person is found through the scope first, or (the
// lines) in the same statement.

type LineRow = Omit<LeaveLine, 'leaveType' | 'collectiveLeave' | 'bookedHour' | 'hourRule'> & {
  leaveTypeId: number | null;
  leaveTypeName: string | null;
  leaveTypeCode: string | null;
  leaveTypeColor: string | null;
  collectiveLeaveId: number | null;
  collectiveLeaveName: string | null;
  bookedHourId: number | null;
  bookedHourProject: string | null;
  bookedHourStart: string | null;
  bookedHourMinutes: number | null;
  hourRuleId: number | null;
  hourRuleName: string | null;
  createdAt: string;
};

/** The columns of a line; the leave type's name in the reader's language (shownNameSql). */
function columns(today: string, locale: Locale): SQL {
  return sql`l.id, l.kind, ${bucketSql(sql.raw('l.kind'), sql.raw('l.date'), today)} AS bucket, l.date::text AS date,
    l.minutes, l.counts, l.days::float8 AS days, l.description, l.request_id AS "requestId",
    l.leave_type_id AS "leaveTypeId", ${shownNameSql('lt', locale)} AS "leaveTypeName", lt.code AS "leaveTypeCode", lt.color AS "leaveTypeColor",
    l.collective_leave_id AS "collectiveLeaveId", cl.name AS "collectiveLeaveName",
    l.booked_hour_id AS "bookedHourId", p.name AS "bookedHourProject", bh.start_time AS "bookedHourStart", bh.minutes AS "bookedHourMinutes",
    l.hour_rule_id AS "hourRuleId", hr.name AS "hourRuleName",
    ${accountNameSql(sql.raw('l.created_by'))} AS "createdBy", to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"`;
}

const joins = sql`FROM leave_lines l
  LEFT JOIN leave_types lt ON lt.id = l.leave_type_id
  LEFT JOIN collective_leaves cl ON cl.id = l.collective_leave_id
  LEFT JOIN booked_hours bh ON bh.id = l.booked_hour_id
  LEFT JOIN projects p ON p.id = bh.project_id
  LEFT JOIN hour_rules hr ON hr.id = l.hour_rule_id`;

function toLine(r: LineRow): LeaveLine {
  return {
    id: r.id,
    kind: r.kind,
    bucket: r.bucket,
    date: r.date,
    minutes: r.minutes,
    counts: r.counts,
    days: r.days,
    description: r.description,
    leaveType:
      r.leaveTypeId === null
        ? null
        : { id: r.leaveTypeId, name: r.leaveTypeName ?? '', code: r.leaveTypeCode ?? '', color: r.leaveTypeColor ?? '#868e96' },
    requestId: r.requestId,
    collectiveLeave: r.collectiveLeaveId === null ? null : { id: r.collectiveLeaveId, name: r.collectiveLeaveName ?? '' },
    bookedHour:
      r.bookedHourId === null
        ? null
        : {
            id: r.bookedHourId,
            project: r.bookedHourProject ?? '',
            startTime: r.bookedHourStart,
            minutes: r.bookedHourMinutes ?? 0,
          },
    hourRule: r.hourRuleId === null ? null : { id: r.hourRuleId, name: r.hourRuleName ?? '' },
    createdBy: r.createdBy,
    createdAt: r.createdAt,
  };
}

/**
 * The lines of one year (one bucket, or all), by date, paged; and the count and the signed sum of
 * the counting lines that match (for taken and planned the card shows minus that sum). The person
 * is found through the scope in the same statement: null when out of reach (another person's
 * lines without the leave rights, an id that does not exist).
 */
export async function listLines(
  db: DbOrTx | Database,
  actor: Actor,
  employeeId: number,
  f: { year: number; bucket: LeaveBucket | undefined; page: number; perPage: number },
  today: string,
  locale: Locale,
): Promise<{ rows: LeaveLine[]; total: number; totalMinutes: number } | null> {
  const bucket = bucketSql(sql.raw('l.kind'), sql.raw('l.date'), today);
  const where = sql`l.employee_id = ${employeeId} AND l.date BETWEEN ${`${f.year}-01-01`}::date AND ${`${f.year}-12-31`}::date
    ${f.bucket ? sql`AND ${bucket} = ${f.bucket}` : sql``}`;
  // One statement: the person through the scope, the page, and the count and the sum of every
  // matching line as window totals. A person without lines on the page is one row of nulls.
  type Row = { [K in keyof LineRow]: LineRow[K] | null } & { total: number | null; totalMinutes: number | null };
  const rows = await read<Row>(
    db,
    `leave_lines_page_${locale}`,
    sql`SELECT page.* FROM employees e
          LEFT JOIN LATERAL (
            SELECT ${columns(today, locale)}, count(*) OVER ()::int AS total,
                   coalesce(sum(l.minutes) FILTER (WHERE l.counts) OVER (), 0)::int AS "totalMinutes"
              ${joins} WHERE ${where}
             ORDER BY l.date, l.id LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}
          ) page ON true
         WHERE e.id = ${employeeId} AND ${scope.employeeRecord(actor, sql.raw('e.id'), 'leave')}`,
  );
  if (rows.length === 0) return null;
  const lines = rows.filter((r): r is Row & LineRow & { total: number; totalMinutes: number } => r.id !== null);
  let head: { total: number; totalMinutes: number } | undefined = lines[0];
  if (!head && f.page > 1) {
    // A page past the end: the totals still say what there is.
    [head] = await read<{ total: number; totalMinutes: number }>(
      db,
      'leave_lines_head',
      sql`SELECT count(*)::int AS total, coalesce(sum(l.minutes) FILTER (WHERE l.counts), 0)::int AS "totalMinutes"
            FROM leave_lines l WHERE ${where}`,
    );
  }
  return { rows: lines.map(toLine), total: head?.total ?? 0, totalMinutes: head?.totalMinutes ?? 0 };
}

export async function findLine(
  db: DbOrTx | Database,
  employeeId: number,
  id: number,
  today: string,
  locale: Locale,
): Promise<LeaveLine | null> {
  const rows = await read<LineRow>(
    db,
    `leave_line_one_${locale}`,
    sql`SELECT ${columns(today, locale)} ${joins} WHERE l.id = ${id} AND l.employee_id = ${employeeId}`,
  );
  return rows[0] ? toLine(rows[0]) : null;
}

/** Pending requests touching the year (count and minutes) and the sick periods touching it (count, one still open). */
export async function cardExtras(
  db: DbOrTx | Database,
  employeeId: number,
  year: number,
  today: string,
): Promise<{ pending: { count: number; minutes: number }; sick: { count: number; open: boolean } }> {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const [row] = await read<{ pendingCount: number; pendingMinutes: number; sickCount: number; sickOpen: boolean }>(
    db,
    'leave_card_extras',
    sql`SELECT (SELECT count(*)::int FROM leave_requests r WHERE r.employee_id = ${employeeId} AND r.status = 'pending'
                  AND r.starts_on <= ${last}::date AND r.ends_on >= ${first}::date) AS "pendingCount",
               (SELECT coalesce(sum(r.minutes), 0)::int FROM leave_requests r WHERE r.employee_id = ${employeeId} AND r.status = 'pending'
                  AND r.starts_on <= ${last}::date AND r.ends_on >= ${first}::date) AS "pendingMinutes",
               (SELECT count(*)::int FROM sick_periods s WHERE s.employee_id = ${employeeId}
                  AND s.starts_on <= ${last}::date AND coalesce(s.ends_on, ${today}::date) >= ${first}::date) AS "sickCount",
               EXISTS (SELECT 1 FROM sick_periods s WHERE s.employee_id = ${employeeId} AND s.starts_on <= ${today}::date
                  AND (s.ends_on IS NULL OR s.ends_on >= ${today}::date)) AS "sickOpen"`,
  );
  return {
    pending: { count: row?.pendingCount ?? 0, minutes: row?.pendingMinutes ?? 0 },
    sick: { count: row?.sickCount ?? 0, open: row?.sickOpen ?? false },
  };
}
