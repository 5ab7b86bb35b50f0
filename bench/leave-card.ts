import type { Database } from '../apps/server/src/db/client.ts';
import { type LineToWrite, leaveLinesOf } from '../apps/server/src/features/leave/ledger.repository.ts';
import { dayMinutes, type ScheduleVersion } from '../packages/shared/src/hours/schedules.rules.ts';
import { holidaySet } from '../packages/shared/src/leave/holidays.ts';
import {
  type ContractPeriod,
  chainYears,
  collectiveDays,
  entitlementLines,
  firstCardYear,
  type HourRule,
  type LeavePolicy,
  overtimeLines,
  requestDays,
  scheduleDayOn,
} from '../packages/shared/src/leave/leave.rules.ts';
import { addDays, isoWeekday, localDateString } from '../packages/shared/src/platform/iso-week.ts';
import { benchIds, pick } from './ids.ts';

/**
 * G3 for the leave card: 51 employees (bench/seed.ts's employees
 * 1-51; the bench role holds leave.manage) with five years of data each (2022-2026): two contracts
 * (every fifth person part-time from 2024, with different even and odd weeks), their schedules,
 * about 25 leave requests a year (approved with their lines, a denied and a pending one), the
 * Christmas closure booked per person, two corrections a year, and about 250 booked hours a year
 * with start times (late shifts, Saturday work) and the overtime lines the hour rules make of
 * them. Every line is computed by the shared rules (requestDays, collectiveDays, overtimeLines)
 * exactly as the services write them. The people are bench/seed.ts's first 51 employees unless the
 * caller names them (--production: the same 50 people who carry hours.ts's bookings).
 */
export const LEAVE_EMPLOYEES = 51;
export const LEAVE_FIRST_YEAR = 2022;
export const LEAVE_LAST_YEAR = 2026;
/** The card's year the scenarios ask for. */
export const LEAVE_CARD_YEAR = 2026;

const FULL = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '07:30', end: '16:30', breakMinutes: 60 }));
const PART = {
  even: [1, 2, 3, 4].map((weekday) => ({ weekday, start: '07:30', end: '16:30', breakMinutes: 60 })),
  odd: [1, 2, 3].map((weekday) => ({ weekday, start: '07:30', end: '16:30', breakMinutes: 60 })),
};
const POLICY: LeavePolicy = { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 };

export interface LeaveSeed {
  employees: number;
  /** The people with leave (ids.ts). */
  employeeIds: number[];
  requests: number;
  leaveLines: number;
  bookedHours: number;
}

/** A small deterministic random. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

interface LineCols {
  e: number[];
  d: string[];
  k: string[];
  m: number[];
  c: boolean[];
  desc: string[];
  lt: (number | null)[];
  r: (number | null)[];
  cl: (number | null)[];
  bh: (number | null)[];
  hr: (number | null)[];
  days: (number | null)[];
}

const emptyLines = (): LineCols => ({
  e: [],
  d: [],
  k: [],
  m: [],
  c: [],
  desc: [],
  lt: [],
  r: [],
  cl: [],
  bh: [],
  hr: [],
  days: [],
});

function pushLines(cols: LineCols, employeeId: number, lines: readonly LineToWrite[]): void {
  for (const l of lines) {
    if (l.minutes === 0) continue;
    cols.e.push(employeeId);
    cols.d.push(l.date);
    cols.k.push(l.kind);
    cols.m.push(l.minutes);
    cols.c.push(l.counts);
    cols.desc.push(l.description ?? '');
    cols.lt.push(l.leaveTypeId ?? null);
    cols.r.push(l.requestId ?? null);
    cols.cl.push(l.collectiveLeaveId ?? null);
    cols.bh.push(l.bookedHourId ?? null);
    cols.hr.push(l.hourRuleId ?? null);
    cols.days.push(l.days ?? null);
  }
}

async function insertLineCols(db: Database, cols: LineCols): Promise<void> {
  if (cols.e.length === 0) return;
  await db.raw.query(
    `INSERT INTO leave_lines (employee_id, date, kind, minutes, counts, description, leave_type_id, request_id,
                              collective_leave_id, booked_hour_id, hour_rule_id, days)
     SELECT * FROM unnest($1::int[], $2::date[], $3::text[], $4::int[], $5::bool[], $6::text[], $7::int[], $8::int[],
                          $9::int[], $10::int[], $11::int[], $12::numeric[])`,
    [cols.e, cols.d, cols.k, cols.m, cols.c, cols.desc, cols.lt, cols.r, cols.cl, cols.bh, cols.hr, cols.days],
  );
}

/** Seeds the leave data of employeeIds (default: the first 51 employees; see above). Returns the ids it used. Then VACUUM ANALYZE. */
export async function seedLeave(db: Database, opts: { employeeIds?: number[] } = {}): Promise<LeaveSeed> {
  const today = localDateString(new Date());
  const one = async <T>(text: string, values: unknown[] = []) => (await db.raw.query<T>(text, values))[0] as T;
  const ids = await one<{ e: number[] }>(
    `SELECT array_agg(id ORDER BY id) AS e FROM (SELECT id FROM employees ORDER BY id LIMIT ${LEAVE_EMPLOYEES}) x`,
  );
  const employees = opts.employeeIds ?? ids.e ?? [];
  if (employees.length === 0) throw new Error('leave seed: no people');
  // The formulas below use the person's number (1-based), so a fresh database gets the same rows as before.
  const number = new Map(employees.map((e, i) => [e, i + 1]));
  const project = (
    await one<{ id: number }>(`INSERT INTO projects (name, status) VALUES ('Leave bench project', 'active') RETURNING id`)
  ).id;
  const type = async (name: string, code: string, color: string, counts: boolean, approval: boolean) =>
    (
      await one<{ id: number }>(
        `INSERT INTO leave_types (name, code, color, counts_against_balance, needs_approval) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [name, code, color, counts, approval],
      )
    ).id;
  const vak = await type('Vakantieverlof', 'VAK', '#2f9e44', true, true);
  const bv = await type('Bijzonder verlof', 'BV', '#1c7ed6', false, true);
  const adv = await type('Compensatie-uren', 'ADV', '#f08c00', true, false);
  await db.raw.exec(`UPDATE leave_policy SET full_time_week_minutes = 2400, yearly_minutes = 12000 WHERE id = 1;
                     INSERT INTO hour_locks (locked_through) SELECT '2026-09-30' WHERE NOT EXISTS (SELECT 1 FROM hour_locks);`);
  const rules: HourRule[] = [];
  for (const [name, weekdays, start, end, percent] of [
    ['Avond', [1, 2, 3, 4, 5], '18:00', '00:00', 125],
    ['Weekend', [6, 7], '00:00', '00:00', 150],
  ] as const) {
    const id = (
      await one<{ id: number }>(
        `INSERT INTO hour_rules (name, weekdays, start_time, end_time, effective_from, kind, percent, feeds_overtime)
         VALUES ($1, $2::jsonb, $3, $4, '2022-01-01', 'multiplier', $5, true) RETURNING id`,
        [name, JSON.stringify(weekdays), start, end, percent],
      )
    ).id;
    rules.push({
      id,
      weekdays,
      start,
      end,
      effectiveFrom: '2022-01-01',
      kind: 'multiplier',
      percent,
      allowanceMinutes: null,
      feedsOvertime: true,
      active: true,
    });
  }
  const closures = new Map<number, number>();
  for (let y = LEAVE_FIRST_YEAR; y <= LEAVE_LAST_YEAR; y++) {
    const id = (
      await one<{ id: number }>(
        `INSERT INTO collective_leaves (name, leave_type_id, starts_on, ends_on, applies_to) VALUES ('Kerstsluiting ' || $1::text, $2, $3::date, $4::date, 'all') RETURNING id`,
        [String(y), vak, `${y}-12-27`, `${y}-12-31`],
      )
    ).id;
    closures.set(y, id);
  }

  let requests = 0;
  let leaveLines = 0;
  let bookedHours = 0;
  const first = `${LEAVE_FIRST_YEAR}-01-03`;
  const last = `${LEAVE_LAST_YEAR}-12-31`;
  const holidays = holidaySet(`${LEAVE_FIRST_YEAR}-01-01`, last);
  for (const e of employees) {
    const nr = number.get(e) ?? 1;
    const rand = random(1000 + nr * 7919);
    const part = nr % 5 === 1;
    const versions: ScheduleVersion[] = [{ effectiveFrom: first, days: { even: FULL, odd: FULL } }];
    if (part) versions.push({ effectiveFrom: '2024-01-01', days: PART });
    await db.raw.query(
      `INSERT INTO schedules (employee_id, effective_from, days) SELECT $1, x.f, x.d FROM unnest($2::date[], $3::jsonb[]) AS x(f, d)`,
      [e, versions.map((v) => v.effectiveFrom), versions.map((v) => JSON.stringify(v.days))],
    );
    await db.raw.query(
      `INSERT INTO employee_contracts (employee_id, starts_on, ends_on, minutes_per_week, notes)
       VALUES ($1, '2022-01-01', '2023-12-31', 2400, 'Eerste contract'), ($1, '2024-01-01', NULL, $2, 'Vast contract')`,
      [e, part ? 1920 : 2400],
    );

    // The Christmas closure of each year, by the person's schedule.
    const lines = emptyLines();
    const collective = new Set<string>();
    for (const [y, id] of closures) {
      const days = collectiveDays({
        versions,
        from: `${y}-12-27`,
        till: `${y}-12-31`,
        minutesPerDay: null,
        holidays,
        alreadyOnLeave: new Set(),
      });
      for (const d of days) if (d.minutes > 0) collective.add(d.date);
      pushLines(
        lines,
        e,
        leaveLinesOf(days, { leaveTypeId: vak, counts: true, description: `Kerstsluiting ${y}`, collectiveLeaveId: id }),
      );
    }

    // About 25 requests a year: one to three days (a week now and then, a part day now and then), every two weeks.
    const req = {
      s: [] as string[],
      t: [] as string[],
      ty: [] as number[],
      st: [] as string[],
      m: [] as number[],
      ps: [] as (string | null)[],
      pe: [] as (string | null)[],
    };
    const reqDays = new Map<string, ReturnType<typeof requestDays>>();
    const leave = new Set<string>();
    for (let y = LEAVE_FIRST_YEAR; y <= LEAVE_LAST_YEAR; y++) {
      for (let k = 0; k < 25; k++) {
        let from = addDays(`${y}-01-05`, k * 14 + Math.floor(rand() * 5));
        while (isoWeekday(from) > 5) from = addDays(from, 1);
        const len = k % 8 === 3 ? 5 : 1 + Math.floor(rand() * 3);
        let till = from;
        for (let n = 1; n < len; n++) {
          till = addDays(till, 1);
          while (isoWeekday(till) > 5) till = addDays(till, 1);
        }
        if (till >= `${y}-12-20`) continue;
        const partDay = k % 11 === 5 ? { start: '12:00', end: '16:30' } : null;
        if (partDay) till = from;
        const typeId = k % 7 === 6 ? bv : k % 5 === 4 ? adv : vak;
        const status = from > today ? (k % 3 === 0 ? 'pending' : 'approved') : k === 9 ? 'denied' : 'approved';
        const days = requestDays({ versions, from, till, part: partDay, holidays, collective });
        const minutes = days.reduce((s, d) => s + d.minutes, 0);
        if (minutes === 0) continue;
        req.s.push(from);
        req.t.push(till);
        req.ty.push(typeId);
        req.st.push(status);
        req.m.push(minutes);
        req.ps.push(partDay?.start ?? null);
        req.pe.push(partDay?.end ?? null);
        reqDays.set(from, days);
        if (status === 'approved') for (const d of days) if (d.minutes > 0) leave.add(d.date);
      }
    }
    const made = await db.raw.query<{ id: number; from: string; type: number; status: string }>(
      `INSERT INTO leave_requests (employee_id, starts_on, ends_on, leave_type_id, status, minutes, part_start, part_end, note)
       SELECT $1, * , 'Bench' FROM unnest($2::date[], $3::date[], $4::int[], $5::text[], $6::int[], $7::text[], $8::text[])
       RETURNING id, starts_on::text AS "from", leave_type_id AS type, status`,
      [e, req.s, req.t, req.ty, req.st, req.m, req.ps, req.pe],
    );
    requests += made.length;
    for (const r of made) {
      if (r.status !== 'approved') continue;
      const counts = r.type !== bv;
      pushLines(
        lines,
        e,
        leaveLinesOf(reqDays.get(r.from) ?? [], { leaveTypeId: r.type, counts, description: 'Bench', requestId: r.id }),
      );
    }
    // Two corrections a year.
    for (let y = LEAVE_FIRST_YEAR; y <= LEAVE_LAST_YEAR; y++) {
      pushLines(lines, e, [
        { date: `${y}-03-01`, kind: 'correction', minutes: 240, counts: true, description: 'Jubileum', days: 0.5 },
        { date: `${y}-09-15`, kind: 'correction', minutes: -480, counts: true, description: 'Uitbetaling', days: null },
      ]);
    }

    // About 250 bookings a year up to yesterday: the scheduled days without leave (every fourth one in two
    // bookings); every eighth a late shift into the evening, every fourth Saturday half a day.
    const bh = { d: [] as string[], m: [] as number[], s: [] as string[] };
    let n = 0;
    for (let d = first; d < today && d <= last; d = addDays(d, 1)) {
      const wd = isoWeekday(d);
      if (wd === 6 && Math.floor((Date.parse(d) - Date.parse(first)) / 86_400_000 / 7) % 4 === 0) {
        bh.d.push(d);
        bh.m.push(240);
        bh.s.push('08:00');
        continue;
      }
      const day = scheduleDayOn(versions, d);
      if (!day || holidays.has(d) || collective.has(d) || leave.has(d)) continue;
      n++;
      const late = n % 8 === 0;
      if (n % 4 === 1) {
        // Travel first, then the work: two bookings that day.
        bh.d.push(d, d);
        bh.m.push(60, dayMinutes(day) - 60);
        bh.s.push(day.start, '08:30');
        continue;
      }
      bh.d.push(d);
      bh.m.push(late ? dayMinutes(day) + 120 : dayMinutes(day));
      bh.s.push(late ? '10:00' : day.start);
    }
    const booked = await db.raw.query<{ id: number; date: string; startTime: string; minutes: number }>(
      `INSERT INTO booked_hours (employee_id, project_id, activity, notes, date, minutes, start_time)
       SELECT $1, $2, 'installation', '', * FROM unnest($3::date[], $4::int[], $5::text[])
       RETURNING id, date::text AS date, start_time AS "startTime", minutes`,
      [e, project, bh.d, bh.m, bh.s],
    );
    bookedHours += booked.length;
    for (const b of booked) {
      pushLines(
        lines,
        e,
        overtimeLines(b, rules).map((o) => ({
          date: b.date,
          kind: 'overtime' as const,
          minutes: o.minutes,
          counts: o.counts,
          description: '',
          bookedHourId: b.id,
          hourRuleId: o.hourRuleId,
        })),
      );
    }
    leaveLines += lines.e.length;
    await insertLineCols(db, lines);
  }
  await db.raw.exec('VACUUM ANALYZE');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
  return { employees: employees.length, employeeIds: employees, requests, leaveLines, bookedHours };
}

/** A random person of the 51. */
export const randomLeaveEmployee = (): number => pick(benchIds.leave.employeeIds);
/** A random past year (the lines list of its taken leave). */
export const randomLeaveYear = (): number => LEAVE_FIRST_YEAR + Math.floor(Math.random() * (LEAVE_LAST_YEAR - LEAVE_FIRST_YEAR));

// ---------------------------------------------------------------------------------------------
// Baselines (as B-list), without a session check, answering what the app answers:
// the card as six named statements side by side (the person, the sums per year by bucket, the
// contracts, the policy, the first line, the pending requests and sick periods), the chain of years
// and the entitlement computed in JS; the lines of one bucket as the count with the sum and a
// page of 50 with their sources.

interface BaselineRoutes {
  get(path: string, handler: (req: { query: unknown }) => Promise<unknown>): unknown;
}
interface BaselineQuery {
  query<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
}

const NAME = `concat_ws(' ', e.first_name, nullif(btrim(e.insertion), ''), e.last_name)`;
const PERSON_SQL = `SELECT e.id, ${NAME} AS name FROM employees e WHERE e.id = $1 AND e.deleted_at IS NULL`;
const BUCKET = `(CASE WHEN l.kind = 'correction' THEN 'corrections' WHEN l.kind = 'overtime' THEN 'overtime'
                      WHEN l.date <= $3::date THEN 'taken' ELSE 'planned' END)`;
const SUMS_SQL = `
SELECT y.year,
       coalesce(sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'corrections'), 0)::int AS corrections,
       coalesce(sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'overtime'), 0)::int AS overtime,
       coalesce(-sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'taken'), 0)::int AS taken,
       coalesce(-sum(y.minutes) FILTER (WHERE y.counts AND y.bucket = 'planned'), 0)::int AS planned,
       coalesce(-sum(y.minutes) FILTER (WHERE NOT y.counts AND y.kind IN ('leave', 'cancellation')), 0)::int AS "notCounted"
  FROM (SELECT extract(year FROM l.date)::int AS year, l.minutes, l.counts, l.kind, ${BUCKET} AS bucket
          FROM leave_lines l WHERE l.employee_id = $1 AND l.date <= $2::date) y
 GROUP BY y.year ORDER BY y.year`;
const CONTRACTS_SQL = `SELECT c.id, c.starts_on::text AS "startsOn", c.ends_on::text AS "endsOn", c.minutes_per_week AS "minutesPerWeek"
                         FROM employee_contracts c WHERE c.employee_id = $1 ORDER BY c.starts_on, c.id`;
const POLICY_SQL = `SELECT full_time_week_minutes AS "fullTimeWeekMinutes", yearly_minutes AS "yearlyMinutes" FROM leave_policy WHERE id = 1`;
const FIRST_SQL = 'SELECT min(l.date)::text AS date FROM leave_lines l WHERE l.employee_id = $1';
const EXTRAS_SQL = `
SELECT (SELECT count(*)::int FROM leave_requests r WHERE r.employee_id = $1 AND r.status = 'pending'
          AND r.starts_on <= $3::date AND r.ends_on >= $2::date) AS "pendingCount",
       (SELECT coalesce(sum(r.minutes), 0)::int FROM leave_requests r WHERE r.employee_id = $1 AND r.status = 'pending'
          AND r.starts_on <= $3::date AND r.ends_on >= $2::date) AS "pendingMinutes",
       (SELECT count(*)::int FROM sick_periods s WHERE s.employee_id = $1
          AND s.starts_on <= $3::date AND coalesce(s.ends_on, $4::date) >= $2::date) AS "sickCount",
       EXISTS (SELECT 1 FROM sick_periods s WHERE s.employee_id = $1 AND s.starts_on <= $4::date
          AND (s.ends_on IS NULL OR s.ends_on >= $4::date)) AS "sickOpen"`;
const LINES_WHERE = `l.employee_id = $1 AND l.date BETWEEN $2::date AND $4::date AND ${BUCKET} = $5`;
const LINES_HEAD_SQL = `SELECT count(*)::int AS total, coalesce(sum(l.minutes) FILTER (WHERE l.counts), 0)::int AS "totalMinutes"
                          FROM leave_lines l WHERE ${LINES_WHERE}`;
const LINES_PAGE_SQL = `
SELECT l.id, l.kind, ${BUCKET} AS bucket, l.date::text AS date, l.minutes, l.counts, l.days::float8 AS days, l.description,
       l.request_id AS "requestId", l.leave_type_id AS "leaveTypeId", lt.name AS "leaveTypeName", lt.code AS "leaveTypeCode",
       lt.color AS "leaveTypeColor", l.collective_leave_id AS "collectiveLeaveId", cl.name AS "collectiveLeaveName",
       l.booked_hour_id AS "bookedHourId", p.name AS "bookedHourProject", bh.start_time AS "bookedHourStart",
       bh.minutes AS "bookedHourMinutes", l.hour_rule_id AS "hourRuleId", hr.name AS "hourRuleName", l.created_by AS "createdBy",
       to_char(l.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "createdAt"
  FROM leave_lines l
  LEFT JOIN leave_types lt ON lt.id = l.leave_type_id
  LEFT JOIN collective_leaves cl ON cl.id = l.collective_leave_id
  LEFT JOIN booked_hours bh ON bh.id = l.booked_hour_id
  LEFT JOIN projects p ON p.id = bh.project_id
  LEFT JOIN hour_rules hr ON hr.id = l.hour_rule_id
 WHERE ${LINES_WHERE}
 ORDER BY l.date, l.id LIMIT 50`;

interface Sums {
  year: number;
  corrections: number;
  overtime: number;
  taken: number;
  planned: number;
  notCounted: number;
}

/** GET /b/leave-card?employee=N&year=Y, GET /b/leave-lines?employee=N&year=Y&bucket=B */
export function registerLeaveBaselines(app: BaselineRoutes, sql: BaselineQuery): void {
  app.get('/b/leave-card', async (req) => {
    const q = req.query as { employee?: string; year?: string };
    const employee = Number(q.employee ?? 1);
    const today = localDateString(new Date());
    const year = Number(q.year ?? today.slice(0, 4));
    const [person, sums, contracts, policy, firstLine, extras] = await Promise.all([
      sql.query<{ id: number; name: string }>('b_lc_person', PERSON_SQL, [employee]),
      sql.query<Sums>('b_lc_sums', SUMS_SQL, [employee, `${year}-12-31`, today]),
      sql.query<ContractPeriod>('b_lc_contracts', CONTRACTS_SQL, [employee]),
      sql.query<LeavePolicy>('b_lc_policy', POLICY_SQL, []),
      sql.query<{ date: string | null }>('b_lc_first', FIRST_SQL, [employee]),
      sql.query<{ pendingCount: number; pendingMinutes: number; sickCount: number; sickOpen: boolean }>(
        'b_lc_extras',
        EXTRAS_SQL,
        [employee, `${year}-01-01`, `${year}-12-31`, today],
      ),
    ]);
    const pol = policy[0] ?? POLICY;
    const byYear = new Map(sums.map((s) => [s.year, s]));
    const entitlementOf = (y: number) => entitlementLines(contracts, y, pol);
    const { years, ...card } = chainYears(firstCardYear(contracts, firstLine[0]?.date ?? null, year), year, (y) => {
      const s = byYear.get(y);
      return {
        year: y,
        entitlement: entitlementOf(y).reduce((sum, l) => sum + l.minutes, 0),
        corrections: s?.corrections ?? 0,
        overtime: s?.overtime ?? 0,
        taken: s?.taken ?? 0,
        planned: s?.planned ?? 0,
      };
    });
    const x = extras[0];
    return {
      employee: person[0],
      ...card,
      today,
      years,
      entitlementLines: entitlementOf(year),
      notCounted: byYear.get(year)?.notCounted ?? 0,
      pending: { count: x?.pendingCount ?? 0, minutes: x?.pendingMinutes ?? 0 },
      sick: { count: x?.sickCount ?? 0, open: x?.sickOpen ?? false },
      policy: pol,
    };
  });
  app.get('/b/leave-lines', async (req) => {
    const q = req.query as { employee?: string; year?: string; bucket?: string };
    const employee = Number(q.employee ?? 1);
    const today = localDateString(new Date());
    const year = Number(q.year ?? today.slice(0, 4));
    const args = [employee, `${year}-01-01`, today, `${year}-12-31`, q.bucket ?? 'taken'];
    const [head, rows] = await Promise.all([
      sql.query<{ total: number; totalMinutes: number }>('b_ll_head', LINES_HEAD_SQL, args),
      sql.query('b_ll_page', LINES_PAGE_SQL, args),
    ]);
    const total = head[0]?.total ?? 0;
    return {
      data: rows,
      meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 50)), per_page: 50, total },
      totalMinutes: head[0]?.totalMinutes ?? 0,
    };
  });
}
