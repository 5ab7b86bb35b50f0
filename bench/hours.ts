import type { Database } from '../apps/server/src/db/client.ts';
import { scheduledDays } from '../packages/shared/src/hours/schedules.rules.ts';
import { addDays, isoWeekday, isoWeekOf, mondayOfWeek, parseWeekKey, weekKey } from '../packages/shared/src/platform/iso-week.ts';
import { benchIds, pick } from './ids.ts';

/**
 * G3 for booked hours: 50 employees x 5 years of bookings, two a
 * working day (about 130,000 rows) over 20 projects, a schedule per person (every fifth one
 * part-time from mid-2024) and an hour lock. The 50 people are bench/seed.ts's first 50 employees
 * (the bench role holds hours.manage) unless the caller names them (--production: the people
 * leave-card.ts gave leave, who then already have their schedules).
 */
export const HOURS_EMPLOYEES = 50;
export const HOURS_PROJECTS = 20;
export const HOURS_FROM = '2022-01-03';
export const HOURS_TO = '2026-12-31';
/** The filtered list's project (the 7th of the 20): about a twentieth of the rows. */
export const HOURS_FILTER_PROJECT_INDEX = 6;

const ACTIVITIES = ['installation', 'workshop', 'engineering', 'travel', 'management', 'other'];
const FULL = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 }));
const PART = {
  even: [1, 2, 3].map((weekday) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 })),
  odd: [1, 2].map((weekday) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 })),
};

export interface HoursSeed {
  bookedHours: number;
  employees: number;
  projects: number;
  /** The people with bookings and the filtered list's project (ids.ts). */
  employeeIds: number[];
  filterProjectId: number;
}

/**
 * Seeds the projects, schedules (unless schedules is false: the people have theirs), the lock
 * (unless there is one) and the bookings (unnest, 10 people a statement) of employeeIds (default:
 * the first 50 employees). Returns the ids it used. Then VACUUM ANALYZE.
 */
export async function seedHours(db: Database, opts: { employeeIds?: number[]; schedules?: boolean } = {}): Promise<HoursSeed> {
  await db.raw.exec(`
    INSERT INTO projects (name, status) SELECT 'Hours project ' || g, 'active' FROM generate_series(1, ${HOURS_PROJECTS}) g;
    INSERT INTO hour_locks (locked_through) SELECT '2026-09-30' WHERE NOT EXISTS (SELECT 1 FROM hour_locks);
  `);
  const ids = await db.raw.query<{ e: number[]; p: number[] }>(
    `SELECT (SELECT array_agg(id ORDER BY id) FROM (SELECT id FROM employees ORDER BY id LIMIT ${HOURS_EMPLOYEES}) x) AS e,
            (SELECT array_agg(id ORDER BY id) FROM projects WHERE name LIKE 'Hours project %') AS p`,
  );
  const employees = opts.employeeIds ?? ids[0]?.e ?? [];
  const projects = ids[0]?.p ?? [];
  if (employees.length === 0 || projects.length !== HOURS_PROJECTS) throw new Error('hours seed: no people or projects');
  // The formulas below use the person's number k (1-based), so a fresh database gets the same rows as before.
  const number = new Map(employees.map((e, i) => [e, i + 1]));
  const nr = (e: number) => number.get(e) ?? 1;
  for (const e of opts.schedules === false ? [] : employees) {
    await db.raw.query(`INSERT INTO schedules (employee_id, effective_from, days) VALUES ($1, $2, $3::jsonb)`, [
      e,
      HOURS_FROM,
      JSON.stringify({ even: FULL, odd: FULL }),
    ]);
    if (nr(e) % 5 === 0) {
      await db.raw.query(`INSERT INTO schedules (employee_id, effective_from, days) VALUES ($1, '2024-07-01', $2::jsonb)`, [
        e,
        JSON.stringify(PART),
      ]);
    }
  }
  const workdays: string[] = [];
  for (let d = HOURS_FROM; d <= HOURS_TO; d = addDays(d, 1)) if (isoWeekday(d) <= 5) workdays.push(d);
  for (let from = 0; from < employees.length; from += 10) {
    const cols = {
      e: [] as number[],
      d: [] as string[],
      p: [] as number[],
      m: [] as number[],
      a: [] as string[],
      n: [] as string[],
    };
    for (const id of employees.slice(from, from + 10)) {
      const e = nr(id);
      workdays.forEach((d, i) => {
        const first = 240 + ((e * 7 + i) % 5) * 15;
        const rows: [number, number][] = [
          [projects[(e + i) % HOURS_PROJECTS] ?? 0, first],
          [projects[(e * 3 + i * 7) % HOURS_PROJECTS] ?? 0, 480 - first + ((i % 3) - 1) * 15],
        ];
        rows.forEach(([p, m], k) => {
          cols.e.push(id);
          cols.d.push(d);
          cols.p.push(p);
          cols.m.push(m);
          cols.a.push(ACTIVITIES[(e + i + k) % ACTIVITIES.length] ?? 'other');
          cols.n.push((i + k) % 4 === 0 ? `Bench note ${e}-${i}` : '');
        });
      });
    }
    await db.raw.query(
      `INSERT INTO booked_hours (employee_id, date, project_id, minutes, activity, notes)
       SELECT * FROM unnest($1::int[], $2::date[], $3::int[], $4::int[], $5::text[], $6::text[])`,
      [cols.e, cols.d, cols.p, cols.m, cols.a, cols.n],
    );
  }
  await db.raw.exec('VACUUM ANALYZE');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
  const c = await db.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM booked_hours WHERE project_id = ANY($1::int[])', [
    projects,
  ]);
  return {
    bookedHours: c[0]?.n ?? 0,
    employees: employees.length,
    projects: projects.length,
    employeeIds: employees,
    filterProjectId: projects[HOURS_FILTER_PROJECT_INDEX] ?? 0,
  };
}

/** A random person of the 50. */
export const randomHoursEmployee = (): number => pick(benchIds.hours.employeeIds);
/** The filtered list's project. */
export const hoursFilterProject = (): number => benchIds.hours.filterProjectId;

const FIRST_MONDAY = HOURS_FROM;
const WEEKS = Math.floor((Date.parse(HOURS_TO) - Date.parse(HOURS_FROM)) / (7 * 86_400_000));
/** A random ISO week of the five years. */
export const randomHoursWeek = (): string => weekKey(isoWeekOf(addDays(FIRST_MONDAY, 7 * Math.floor(Math.random() * WEEKS))));

// ---------------------------------------------------------------------------------------------
// Baselines (as B-list), without a session check, answering the same rows as
// the app: the week in four named statements side by side (the person, the week's bookings with
// their names, the schedule versions, the lock), the seven days computed in JS; the list as a
// deferred join (25 ids from booked_hours, then the names) and the count with the sum, no joins.

interface BaselineRoutes {
  get(path: string, handler: (req: { query: unknown }) => Promise<unknown>): unknown;
}
interface BaselineQuery {
  query<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
}

const NAME = `concat_ws(' ', e.first_name, nullif(btrim(e.insertion), ''), e.last_name)`;
const JOINED = (ids: string, order: string) => `
SELECT bh.id, bh.employee_id, ${NAME} AS employee_name, bh.date::text AS date, bh.project_id, p.name AS project_name,
       bh.area_id, a.name AS area_name, bh.task_id, t.name AS task_title, bh.minutes, bh.activity, bh.notes, bh.version
  FROM (${ids}) page
  JOIN booked_hours bh ON bh.id = page.id
  JOIN employees e ON e.id = bh.employee_id
  JOIN projects p ON p.id = bh.project_id
  LEFT JOIN project_areas a ON a.id = bh.area_id
  LEFT JOIN tasks t ON t.id = bh.task_id
 ORDER BY ${order}`;
const WEEK_SQL = JOINED(
  'SELECT id FROM booked_hours WHERE employee_id = $1 AND date BETWEEN $2::date AND $3::date',
  'bh.date, bh.id',
);
const PERSON_SQL = `SELECT e.id, ${NAME} AS name, e.deleted_at IS NOT NULL AS deleted FROM employees e WHERE e.id = $1`;
const SCHEDULES_SQL = `SELECT effective_from::text AS "effectiveFrom", days FROM schedules
                        WHERE employee_id = $1 AND effective_from <= $2::date ORDER BY effective_from`;
const LOCK_SQL = 'SELECT locked_through::text AS locked FROM hour_locks ORDER BY id DESC LIMIT 1';
const PAGE = 25;
const LIST_SQL = JOINED(
  `SELECT id FROM booked_hours ORDER BY date DESC, id DESC LIMIT ${PAGE} OFFSET $1`,
  'bh.date DESC, bh.id DESC',
);
const LIST_COUNT_SQL = 'SELECT count(*)::int AS n, coalesce(sum(minutes), 0)::int AS minutes FROM booked_hours';
const LIST_P_SQL = JOINED(
  `SELECT id FROM booked_hours WHERE project_id = $2 ORDER BY date DESC, id DESC LIMIT ${PAGE} OFFSET $1`,
  'bh.date DESC, bh.id DESC',
);
const LIST_P_COUNT_SQL = `${LIST_COUNT_SQL} WHERE project_id = $1`;

/** GET /b/hours-week?employee=N&week=YYYY-Www, GET /b/hours?page=N[&project=P] */
export function registerHoursBaselines(app: BaselineRoutes, sql: BaselineQuery): void {
  app.get('/b/hours-week', async (req) => {
    const q = req.query as { employee?: string; week?: string };
    const employee = Number(q.employee ?? 1);
    const w = parseWeekKey(q.week ?? '') ?? { year: 2026, week: 48 };
    const monday = mondayOfWeek(w.year, w.week);
    const sunday = addDays(monday, 6);
    type Entry = { date: string; minutes: number };
    const [person, entries, versions, lock] = await Promise.all([
      sql.query<{ id: number; name: string }>('b_hw_person', PERSON_SQL, [employee]),
      sql.query<Entry>('b_hw_entries', WEEK_SQL, [employee, monday, sunday]),
      sql.query<{ effectiveFrom: string; days: { even: []; odd: [] } }>('b_hw_sched', SCHEDULES_SQL, [employee, sunday]),
      sql.query<{ locked: string | null }>('b_hw_lock', LOCK_SQL, []),
    ]);
    const days = scheduledDays(versions, monday, sunday).map((d) => {
      const mine = entries.filter((e) => e.date === d.date);
      return { date: d.date, scheduledMinutes: d.minutes, bookedMinutes: mine.reduce((s, e) => s + e.minutes, 0), entries: mine };
    });
    const scheduled = days.reduce((s, d) => s + d.scheduledMinutes, 0);
    const booked = days.reduce((s, d) => s + d.bookedMinutes, 0);
    return {
      data: {
        week: weekKey(w),
        employee: person[0],
        days,
        totals: { scheduled, booked, difference: booked - scheduled },
        lockedThrough: lock[0]?.locked ?? null,
      },
    };
  });
  app.get('/b/hours', async (req) => {
    const q = req.query as { page?: string; project?: string };
    const page = Number(q.page ?? 1);
    const offset = (page - 1) * PAGE;
    const project = q.project ? Number(q.project) : null;
    const [rows, count] = await Promise.all(
      project === null
        ? [sql.query('b_hours', LIST_SQL, [offset]), sql.query<{ n: number; minutes: number }>('b_hours_c', LIST_COUNT_SQL, [])]
        : [
            sql.query('b_hours_p', LIST_P_SQL, [offset, project]),
            sql.query<{ n: number; minutes: number }>('b_hours_pc', LIST_P_COUNT_SQL, [project]),
          ],
    );
    const total = count[0]?.n ?? 0;
    return {
      data: rows,
      meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / PAGE)), per_page: PAGE, total },
      totalMinutes: count[0]?.minutes ?? 0,
    };
  });
}
