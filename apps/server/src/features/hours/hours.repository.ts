import type { HourActivity } from '@app/shared/hours/hours';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { can } from '../../platform/can';
import { namedSql } from '../../platform/named-query';
import { areaLabelSql, personNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';
import { read } from './schedules.repository';

// Booked hours. Every read ANDs scope.employeeRecord(actor, bh.employee_id, 'hours'): one's own
// bookings, or everyone's with the hours rights; the portal view none. Lists pick their page's ids
// on booked_hours alone (an index walk), then join the names (deferred join, G3).

export interface BookedHourRow {
  id: number;
  employeeId: number;
  employeeName: string;
  employeeDeleted: boolean;
  date: string;
  projectId: number;
  projectName: string;
  areaId: number | null;
  areaName: string | null;
  taskId: number | null;
  taskTitle: string | null;
  startTime: string | null;
  minutes: number;
  activity: HourActivity;
  notes: string;
  version: number;
}

const inReach = (actor: Actor) => scope.employeeRecord(actor, sql.raw('bh.employee_id'), 'hours');

/** An area's label in a path: "number name" (the number left out when empty). */
const label = (a: string) => sql`nullif(${areaLabelSql(a)}, '')`;
/** The deck / area / sub-area path of area `a` (parents a2 and a3 joined). */
const AREA_PATH = sql`concat_ws(' / ', ${label('a3')}, ${label('a2')}, ${label('a')})`;
const AREA_JOINS = sql.raw(`LEFT JOIN project_areas a ON a.id = bh.area_id
               LEFT JOIN project_areas a2 ON a2.id = a.parent_id
               LEFT JOIN project_areas a3 ON a3.id = a2.parent_id`);

/** The rows of `ids` (a statement answering `id`) with their names, in `order` (on aliases bh, e, p). */
function joined(ids: SQL, order: SQL): SQL {
  return sql`SELECT bh.id, bh.employee_id AS "employeeId", ${personNameSql('e')} AS "employeeName",
                    e.deleted_at IS NOT NULL AS "employeeDeleted", bh.date::text AS date,
                    bh.project_id AS "projectId", p.name AS "projectName",
                    bh.area_id AS "areaId", CASE WHEN bh.area_id IS NULL THEN NULL ELSE ${AREA_PATH} END AS "areaName",
                    bh.task_id AS "taskId", t.name AS "taskTitle",
                    bh.start_time AS "startTime", bh.minutes, bh.activity, bh.notes, bh.version
               FROM (${ids}) page
               JOIN booked_hours bh ON bh.id = page.id
               JOIN employees e ON e.id = bh.employee_id
               JOIN projects p ON p.id = bh.project_id
               ${AREA_JOINS}
               LEFT JOIN tasks t ON t.id = bh.task_id
              ORDER BY ${order}`;
}

/** One booking within the actor's reach; `lock` takes it FOR UPDATE. */
export async function findBooked(db: DbOrTx, actor: Actor, id: number, lock = false): Promise<BookedHourRow | null> {
  const ids = sql`SELECT bh.id FROM booked_hours bh WHERE bh.id = ${id} AND ${inReach(actor)} ${lock ? sql`FOR UPDATE` : sql``}`;
  const rows = await query<BookedHourRow>(db, joined(ids, sql`bh.id`));
  return rows[0] ?? null;
}

/** One person's bookings from `from` to `to` (both included), by date then id, for whoever may read their week. */
export function bookedBetween(
  db: DbOrTx | Database,
  actor: Actor,
  employeeId: number,
  from: string,
  to: string,
): Promise<BookedHourRow[]> {
  // Read with hours.approve too: the approver reads the week they decide on (and books nothing on it).
  const ids = sql`SELECT bh.id FROM booked_hours bh
                   WHERE bh.employee_id = ${employeeId} AND bh.date BETWEEN ${from}::date AND ${to}::date
                     AND ${scope.employeeRecord(actor, sql.raw('bh.employee_id'), 'readHours')}`;
  return read<BookedHourRow>(db, 'hours_between', joined(ids, sql`bh.date, bh.id`));
}

export interface HoursFilter {
  page: number;
  perPage: number;
  q?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  projectId?: number | undefined;
  employeeId?: number | undefined;
  activity?: HourActivity | undefined;
  sort: string;
}

const NAME_E = sql`lower(${personNameSql('e')})`;
/** Each sort on aliases bh, e (employees) and p (projects), ending on the id so pages never overlap. */
const SORTS: Record<string, { order: SQL; needs: 'e' | 'p' | null }> = {
  date: { order: sql`bh.date, bh.id`, needs: null },
  '-date': { order: sql`bh.date DESC, bh.id DESC`, needs: null },
  employee: { order: sql`${NAME_E}, bh.date DESC, bh.id DESC`, needs: 'e' },
  '-employee': { order: sql`${NAME_E} DESC, bh.date DESC, bh.id DESC`, needs: 'e' },
  project: { order: sql`lower(p.name), bh.date DESC, bh.id DESC`, needs: 'p' },
  '-project': { order: sql`lower(p.name) DESC, bh.date DESC, bh.id DESC`, needs: 'p' },
  minutes: { order: sql`bh.minutes, bh.id`, needs: null },
  '-minutes': { order: sql`bh.minutes DESC, bh.id DESC`, needs: null },
};

/**
 * projects/hours: every booking in reach, filtered, one page and the count with the sum of the
 * minutes of all matching rows (and the lock in force, for the rows' abilities). Two named statements side by side (namedSql: planned once per
 * connection): the page's ids on booked_hours (joining employees or projects only to sort or
 * search by their names), then the names; the count on booked_hours alone unless a search needs
 * the names. The page size is text and the offset a sub-select, so PostgreSQL keeps one plan.
 */
export async function listHours(
  db: Database,
  actor: Actor,
  f: HoursFilter,
): Promise<{ rows: BookedHourRow[]; total: number; totalMinutes: number; lockedThrough: string | null }> {
  const where: SQL[] = [inReach(actor)];
  if (f.from) where.push(sql`bh.date >= ${f.from}::date`);
  if (f.to) where.push(sql`bh.date <= ${f.to}::date`);
  if (f.projectId !== undefined) where.push(sql`bh.project_id = ${f.projectId}::int`);
  if (f.employeeId !== undefined) where.push(sql`bh.employee_id = ${f.employeeId}::int`);
  if (f.activity) where.push(sql`bh.activity = ${f.activity}::text`);
  const term = f.q ? `%${escapeLike(f.q)}%` : null;
  if (term) {
    where.push(sql`(bh.notes ILIKE ${term} OR p.name ILIKE ${term} OR ${personNameSql('e')} ILIKE ${term})`);
  }
  const cond = sql.join(where, sql` AND `);
  const sort = SORTS[f.sort] ?? (SORTS['-date'] as { order: SQL; needs: null });
  const joinE = term || sort.needs === 'e' ? sql`JOIN employees e ON e.id = bh.employee_id` : sql``;
  const joinP = term || sort.needs === 'p' ? sql`JOIN projects p ON p.id = bh.project_id` : sql``;
  const order = sort.order;
  const ids = sql`SELECT bh.id FROM booked_hours bh ${joinE} ${joinP} WHERE ${cond}
                   ORDER BY ${order} LIMIT ${sql.raw(String(Math.trunc(f.perPage)))} OFFSET (SELECT ${(f.page - 1) * f.perPage}::int)`;
  const countFrom = term
    ? sql`booked_hours bh JOIN employees e ON e.id = bh.employee_id JOIN projects p ON p.id = bh.project_id`
    : sql`booked_hours bh`;
  const [rows, count] = await Promise.all([
    namedSql<BookedHourRow>(db, 'hours_page', joined(ids, order)),
    namedSql<{ n: number; minutes: number; lockedThrough: string | null }>(
      db,
      'hours_count',
      sql`SELECT count(*)::int AS n, coalesce(sum(bh.minutes), 0)::int AS minutes,
                 (SELECT hl.locked_through::text FROM hour_locks hl ORDER BY hl.id DESC LIMIT 1) AS "lockedThrough"
            FROM ${countFrom} WHERE ${cond}`,
    ),
  ]);
  const c = count[0];
  return { rows, total: c?.n ?? 0, totalMinutes: c?.minutes ?? 0, lockedThrough: c?.lockedThrough ?? null };
}

/**
 * The project's hours from `from` to `to`, per person and week (the Monday it starts): one
 * GROUP BY over booked_hours_project_date_idx, with whether the person's week is approved (timesheets). Staff with projects.manage see the project's
 * totals of everyone (the project's hours tab shows no notes); anyone else through the hours scope.
 */
export function projectHours(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  from: string,
  to: string,
): Promise<{ employeeId: number; name: string; monday: string; minutes: number; approved: boolean }[]> {
  const reach = can(actor, 'projects.manage') ? sql`true` : inReach(actor);
  // timesheet_weeks has at most one row per person and week, so the join never repeats a booking.
  return query(
    db,
    sql`SELECT bh.employee_id AS "employeeId", ${personNameSql('e')} AS name,
               date_trunc('week', bh.date::timestamp)::date::text AS monday, sum(bh.minutes)::int AS minutes,
               coalesce(bool_or(tw.status = 'approved'), false) AS approved
          FROM booked_hours bh JOIN employees e ON e.id = bh.employee_id
          LEFT JOIN timesheet_weeks tw ON tw.employee_id = bh.employee_id
                                      AND tw.week_start = date_trunc('week', bh.date::timestamp)::date
         WHERE bh.project_id = ${projectId} AND bh.date BETWEEN ${from}::date AND ${to}::date AND ${reach}
         GROUP BY bh.employee_id, e.id, monday
         ORDER BY lower(${personNameSql('e')}), bh.employee_id, monday`,
  );
}

/** A project that is not deleted (the project hours tab, the pickers). */
export async function projectExists(db: DbOrTx, projectId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM projects WHERE id = ${projectId} AND deleted_at IS NULL`);
  return rows.length > 0;
}

/** The projects one may book on: active and not deleted, by name, at most `limit`. */
export function projectOptions(db: DbOrTx, q: string | undefined, limit: number): Promise<{ id: number; name: string }[]> {
  const term = q ? `%${escapeLike(q)}%` : null;
  return query(
    db,
    sql`SELECT id, name FROM projects
         WHERE status = 'active' AND deleted_at IS NULL ${term ? sql`AND name ILIKE ${term}` : sql``}
         ORDER BY lower(name), id LIMIT ${limit}`,
  );
}

/** A project's areas in tree order (named by their path) and its open tasks in the areas' order. */
export async function projectTargets(db: DbOrTx, projectId: number) {
  const [areas, tasks] = await Promise.all([
    query<{ id: number; name: string; kind: 'deck' | 'area' | 'subarea' }>(
      db,
      sql`SELECT a.id, ${AREA_PATH} AS name, a.kind
            FROM project_areas a
            LEFT JOIN project_areas a2 ON a2.id = a.parent_id
            LEFT JOIN project_areas a3 ON a3.id = a2.parent_id
           WHERE a.project_id = ${projectId}
           ORDER BY a.tree_rank, a.id`,
    ),
    query<{ id: number; title: string; areaId: number }>(
      db,
      sql`SELECT t.id, t.name AS title, t.area_id AS "areaId" FROM tasks t
           WHERE t.project_id = ${projectId} AND t.status <> 'completed'
           ORDER BY t.area_rank, t.sort_order, lower(t.name), t.id`,
    ),
  ]);
  return { areas, tasks };
}

export interface BookedHourFields {
  date: string;
  projectId: number;
  areaId: number | null;
  taskId: number | null;
  startTime: string | null;
  minutes: number;
  activity: HourActivity;
  notes: string;
}

/** The references of a save in one statement: a live project, and an area and a task of that project. */
export async function refsOk(db: DbOrTx, f: BookedHourFields) {
  const rows = await query<{ project: boolean; area: boolean; task: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM projects WHERE id = ${f.projectId} AND deleted_at IS NULL) AS project,
               (${f.areaId}::int IS NULL OR EXISTS (
                  SELECT 1 FROM project_areas WHERE id = ${f.areaId} AND project_id = ${f.projectId})) AS area,
               (${f.taskId}::int IS NULL OR EXISTS (
                  SELECT 1 FROM tasks WHERE id = ${f.taskId} AND project_id = ${f.projectId})) AS task`,
  );
  return rows[0] ?? { project: false, area: false, task: false };
}

/**
 * The minutes the person booked on the day, the booking `except` left out, and whether one of the
 * weeks starting on `mondays` (YYYY-MM-DD) is approved (timesheet_weeks): one statement, run with
 * the employee's row locked.
 */
export async function dayTotal(
  db: DbOrTx,
  employeeId: number,
  date: string,
  except: number | null,
  mondays: readonly string[],
): Promise<{ minutes: number; weekApproved: boolean }> {
  const days = mondays.filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d));
  const rows = await query<{ n: number; approved: boolean }>(
    db,
    sql`SELECT coalesce(sum(minutes), 0)::int AS n,
               EXISTS (SELECT 1 FROM timesheet_weeks tw
                        WHERE tw.employee_id = ${employeeId} AND tw.status = 'approved'
                          AND tw.week_start = ANY(${`{${days.join(',')}}`}::date[])) AS approved
          FROM booked_hours
         WHERE employee_id = ${employeeId} AND date = ${date}::date ${except === null ? sql`` : sql`AND id <> ${except}`}`,
  );
  return { minutes: rows[0]?.n ?? 0, weekApproved: rows[0]?.approved ?? false };
}

export async function insertBooked(
  db: DbOrTx,
  employeeId: number,
  f: BookedHourFields,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO booked_hours (employee_id, date, project_id, area_id, task_id, start_time, minutes, activity, notes, created_by, created_at, updated_at)
        VALUES (${employeeId}, ${f.date}::date, ${f.projectId}, ${f.areaId}, ${f.taskId}, ${f.startTime}, ${f.minutes}, ${f.activity}, ${f.notes},
                ${createdBy}, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('booked hours insert returned no id');
  return id;
}

export async function updateBooked(db: DbOrTx, id: number, version: number, f: BookedHourFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE booked_hours
           SET date = ${f.date}::date, project_id = ${f.projectId}, area_id = ${f.areaId}, task_id = ${f.taskId},
               start_time = ${f.startTime}, minutes = ${f.minutes}, activity = ${f.activity}, notes = ${f.notes},
               version = version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}

export async function deleteBooked(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM booked_hours WHERE id = ${id} AND version = ${version} RETURNING id`,
  );
  return rows.length > 0;
}
