import type { AreaStatus, TaskStatus } from '@app/shared/projects/projects.rules';
import type { ProjectTaskListQuery } from '@app/shared/projects/tasks';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees, files, projectAreas, projects, taskAttachments, tasks } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { namedQuery, type Params } from '../../platform/named-query';
import { joinedPersonNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, intArray, query } from '../../platform/sql';

// Every query here ANDs the actor's area scope (a task through its area), so the portal can reuse
// these functions with a company's allowed areas: a task outside them is simply not found.

// ---- projects and areas the tasks hang under

export interface AreaRef {
  id: number;
  projectId: number;
  status: AreaStatus;
  projectDeleted: boolean;
}

/** A deck, area or sub-area of the project, within the actor's area scope. */
export async function findArea(db: DbOrTx, actor: Actor, projectId: number, areaId: number): Promise<AreaRef | null> {
  const rows = await db
    .select({
      id: projectAreas.id,
      projectId: projectAreas.projectId,
      status: sql<AreaStatus>`${projectAreas.status}`,
      projectDeleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(projectAreas)
    .innerJoin(projects, eq(projects.id, projectAreas.projectId))
    .where(
      and(
        eq(projectAreas.id, areaId),
        eq(projectAreas.projectId, projectId),
        scope.area(actor, projectAreas.projectId, projectAreas.id),
      ),
    );
  return rows[0] ?? null;
}

// ---- tasks

export interface TaskRow {
  id: number;
  projectId: number;
  areaId: number;
  areaName: string;
  areaNumber: string;
  name: string;
  status: TaskStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  subtasksDone: number;
  subtasksTotal: number;
  openTicketsCount: number;
  planX: number | null;
  planY: number | null;
  notes: string;
  completedAt: Date | null;
  version: number;
  updatedAt: Date;
  projectDeleted: boolean;
}

/** An employee's name as the app writes it (first, insertion, last), for a left-joined employees row. */
export const employeeName = joinedPersonNameSql(employees);

const taskColumns = {
  id: tasks.id,
  projectId: tasks.projectId,
  areaId: tasks.areaId,
  areaName: projectAreas.name,
  areaNumber: projectAreas.number,
  name: tasks.name,
  status: sql<TaskStatus>`${tasks.status}`,
  assigneeId: tasks.assignedEmployeeId,
  assigneeName: employeeName,
  // Kept by triggers on subtasks and tickets (migration 0007): no count per row.
  subtasksDone: tasks.subtasksDone,
  subtasksTotal: tasks.subtasksTotal,
  openTicketsCount: tasks.openTickets,
  planX: tasks.planX,
  planY: tasks.planY,
  notes: tasks.notes,
  completedAt: tasks.completedAt,
  version: tasks.version,
  updatedAt: tasks.updatedAt,
  projectDeleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
};

function tasksSelect(db: DbOrTx) {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(projectAreas, eq(projectAreas.id, tasks.areaId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(employees, eq(employees.id, tasks.assignedEmployeeId));
}

const inScope = (actor: Actor) => scope.area(actor, tasks.projectId, tasks.areaId);

const taskName = sql`lower(${tasks.name})`;
const inAreaOrder = [asc(tasks.sortOrder), asc(taskName), asc(tasks.id)];

// The two task lists are the project screens' hottest reads: named statements (namedQuery).
const areaTasks = namedQuery('tasks_of_area', (db, v: Params<{ projectId: number; areaId: number }>, inReach) =>
  tasksSelect(db)
    .where(and(eq(tasks.projectId, v.projectId), eq(tasks.areaId, v.areaId), inReach))
    .orderBy(...inAreaOrder),
);

/** The tasks of one area (not of its sub-areas), by sort order then name: one statement whatever their number. */
export function listAreaTasks(db: DbOrTx, actor: Actor, projectId: number, areaId: number): Promise<TaskRow[]> {
  return areaTasks.run(db, { projectId, areaId }, scope.areaOrAll(actor, tasks.projectId, tasks.areaId));
}

/** The list's orders. Each ends in the task id, so paging is stable. */
const rank = tasks.areaRank;
const sorts: Record<ProjectTaskListQuery['sort'], SQL[]> = {
  area: [asc(rank), ...inAreaOrder],
  name: [asc(taskName), asc(tasks.id)],
  '-name': [desc(taskName), desc(tasks.id)],
  '-updated': [desc(tasks.updatedAt), desc(tasks.id)],
  // What needs attention first: an open ticket, then pending, then completed.
  status: [asc(sql`CASE ${tasks.status} WHEN 'open_ticket' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END`), asc(rank), ...inAreaOrder],
};

/** The area and everything under it: a deck's areas and their sub-areas, an area's sub-areas. */
function inAreaTree(areaId: unknown): SQL {
  return sql`${tasks.areaId} IN (SELECT a_tree.id FROM project_areas a_tree
    LEFT JOIN project_areas p_tree ON p_tree.id = a_tree.parent_id
    WHERE a_tree.id = ${areaId} OR a_tree.parent_id = ${areaId} OR p_tree.parent_id = ${areaId})`;
}

/** What the project's task list filters on; `shape` says which filters are there (part of the statement's name). */
interface TaskListValues {
  projectId: number;
  status: string | null;
  assigneeId: number | null;
  areaId: number | null;
  term: string | null;
  limit: number;
  offset: number;
}
type TaskListShape = Pick<ProjectTaskListQuery, 'sort'> & { status: boolean; assignee: boolean; area: boolean; term: boolean };
const shapeKey = (s: TaskListShape) =>
  `${s.sort.replace('-', 'desc_')}_${[s.status, s.assignee, s.area, s.term].map((on) => (on ? 1 : 0)).join('')}`;

function taskListWhere(v: Params<TaskListValues>, inReach: SQL, s: TaskListShape): SQL | undefined {
  return and(
    eq(tasks.projectId, v.projectId),
    inReach,
    s.status ? sql`${tasks.status} = ${v.status}` : undefined,
    s.assignee ? sql`${tasks.assignedEmployeeId} = ${v.assigneeId}` : undefined,
    s.area ? inAreaTree(v.areaId) : undefined,
    s.term
      ? sql`(${tasks.name} ILIKE ${v.term} OR ${projectAreas.name} ILIKE ${v.term} OR ${projectAreas.number} ILIKE ${v.term})`
      : undefined,
  );
}

// The page's ids are picked in a subquery with only the join the search needs and nothing per
// row (in area order a walk of tasks_project_rank_idx: a task carries its area's rank); the outer
// query reads just those rows by primary key (`= ANY (ARRAY(…))`: the statement's generic plan
// cannot know the LIMIT, and would scan every task to match an IN list it guesses long) and puts
// them in the same order. The total comes with the rows, counted once by the same statement.
const projectTasksPage = namedQuery<TaskListValues, (TaskRow & { total: number })[], TaskListShape>(
  'tasks_of_project',
  (db, v, inReach, s) => {
    const areaJoin = s.term
      ? sql`JOIN project_areas ON project_areas.id = ${tasks.areaId} AND project_areas.project_id = ${v.projectId}`
      : sql``;
    const where = taskListWhere(v, inReach, s);
    const order = sorts[s.sort];
    const page = sql`SELECT ${tasks.id} FROM ${tasks} ${areaJoin}
                      WHERE ${where}
                      ORDER BY ${sql.join(order, sql`, `)}
                      LIMIT ${v.limit} OFFSET ${v.offset}`;
    return db
      .select({ ...taskColumns, total: sql<number>`(SELECT count(*)::int FROM ${tasks} ${areaJoin} WHERE ${where})` })
      .from(tasks)
      .innerJoin(projectAreas, eq(projectAreas.id, tasks.areaId))
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .leftJoin(employees, eq(employees.id, tasks.assignedEmployeeId))
      .where(and(sql`${tasks.id} = ANY (ARRAY(${page}))`, inReach))
      .orderBy(...order);
  },
  shapeKey,
);

/** The total alone, for a page past the end (it has no rows to carry it). */
const projectTasksCount = namedQuery<TaskListValues, { n: number }[], TaskListShape>(
  'tasks_of_project_count',
  (db, v, inReach, s) =>
    (s.term
      ? db.select({ n: sql<number>`count(*)::int` }).from(tasks).innerJoin(projectAreas, eq(projectAreas.id, tasks.areaId))
      : db.select({ n: sql<number>`count(*)::int` }).from(tasks)
    ).where(taskListWhere(v, inReach, s)),
  shapeKey,
);

/**
 * One page of the project's tasks with the filters of its list (status, assignee, an area with
 * what lies under it, a search on task name, area name and area number) and the total, in one
 * statement whatever the number of tasks (a second one only for a page past the end). The area
 * and status orders follow the areas' tree rank (a task sits at its area's place,
 * tasks.area_rank): the page walks tasks_project_rank_idx, so a page costs about its offset in
 * rows, not the project's size.
 */
export async function listProjectTasks(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  q: ProjectTaskListQuery,
): Promise<{ rows: TaskRow[]; total: number }> {
  const values: TaskListValues = {
    projectId,
    status: q.status ?? null,
    assigneeId: q.assigneeId ?? null,
    areaId: q.areaId ?? null,
    term: q.q ? `%${escapeLike(q.q)}%` : null,
    limit: q.perPage,
    offset: (q.page - 1) * q.perPage,
  };
  const shape: TaskListShape = {
    sort: q.sort,
    status: values.status !== null,
    assignee: values.assigneeId !== null,
    area: values.areaId !== null,
    term: values.term !== null,
  };
  const inReach = scope.areaOrAll(actor, tasks.projectId, tasks.areaId);
  const rows = await projectTasksPage.run(db, values, inReach, shape);
  const first = rows[0];
  if (first) return { rows, total: first.total };
  const count = await projectTasksCount.run(db, values, inReach, shape);
  return { rows, total: count[0]?.n ?? 0 };
}

/** One task of the project, within the actor's area scope. */
export async function findTask(db: DbOrTx, actor: Actor, projectId: number, taskId: number): Promise<TaskRow | null> {
  const rows = await tasksSelect(db).where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId), inScope(actor)));
  return rows[0] ?? null;
}

/** Tasks by id alone, within the actor's area scope: their project and name (bulk actions, which get ids from any project). */
export async function taskRefs(
  db: DbOrTx,
  actor: Actor,
  ids: readonly number[],
): Promise<Map<number, { projectId: number; name: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tasks.id, projectId: tasks.projectId, name: tasks.name })
    .from(tasks)
    .where(and(sql`${tasks.id} = ANY(${intArray(ids)})`, inScope(actor)));
  return new Map(rows.map((r) => [r.id, { projectId: r.projectId, name: r.name }]));
}

export interface TaskLock {
  id: number;
  projectId: number;
  areaId: number;
  name: string;
  status: TaskStatus;
  assigneeId: number | null;
  version: number;
  projectDeleted: boolean;
}

/** Locks the task row (scoped) for a change: what the rules and the version check need. */
export async function lockTask(db: DbOrTx, actor: Actor, projectId: number, taskId: number): Promise<TaskLock | null> {
  const rows = await db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      areaId: tasks.areaId,
      name: tasks.name,
      status: sql<TaskStatus>`${tasks.status}`,
      assigneeId: tasks.assignedEmployeeId,
      version: tasks.version,
      projectDeleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId), inScope(actor)))
    .for('update', { of: tasks });
  return rows[0] ?? null;
}

export interface TaskFields {
  name: string;
  assignedEmployeeId: number | null;
  notes: string;
}

/** Adds a task at the end of its area's order. */
export async function insertTask(
  db: DbOrTx,
  target: { projectId: number; areaId: number },
  fields: TaskFields,
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(tasks)
    .values({
      ...fields,
      projectId: target.projectId,
      areaId: target.areaId,
      sortOrder: sql`(SELECT coalesce(max(t2.sort_order) + 1, 0) FROM tasks t2 WHERE t2.area_id = ${target.areaId})`,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tasks.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Writes the editable fields when the version still matches; never the status. */
export async function updateTask(db: DbOrTx, id: number, version: number, fields: TaskFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({ ...fields, version: sql`${tasks.version} + 1`, updatedAt: now })
    .where(and(eq(tasks.id, id), eq(tasks.version, version)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/**
 * Completes (pending → completed) or reopens (completed → pending) a task when the version still
 * matches and the status is the one expected, so an open_ticket set meanwhile is never overwritten.
 */
export async function setTaskStatus(
  db: DbOrTx,
  id: number,
  version: number,
  from: TaskStatus,
  to: TaskStatus,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(tasks)
    .set({
      status: to,
      completedAt: to === 'completed' ? now : null,
      version: sql`${tasks.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(tasks.id, id), eq(tasks.version, version), eq(tasks.status, from)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

/** Removes the task with its sub-tasks, order lines and attachment links (cascades). */
export async function removeTask(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), eq(tasks.version, version)))
    .returning({ id: tasks.id });
  return rows.length > 0;
}

// ---- attachments

export interface FileRow {
  id: number;
  originalName: string;
  mime: string;
  size: number;
  uploadedBy: string | null;
  createdAt: Date;
}

/** The task's attachments in their order, with who uploaded each (an employee or a company user); scoped through the task. */
export async function taskFiles(db: DbOrTx, actor: Actor, projectId: number, taskId: number): Promise<FileRow[]> {
  const rows = await query<{
    id: number;
    originalName: string;
    mime: string;
    size: number;
    uploadedBy: string | null;
    createdAt: Date | string;
  }>(
    db,
    sql`SELECT f.id, f.original_name AS "originalName", f.mime, f.size, f.created_at AS "createdAt",
          ${joinedPersonNameSql('e', 'cu')} AS "uploadedBy"
        FROM ${taskAttachments} ta
        JOIN ${files} f ON f.id = ta.file_id
        JOIN tasks t_f ON t_f.id = ta.task_id
        LEFT JOIN accounts ac ON ac.id = f.created_by
        LEFT JOIN employees e ON e.id = ac.employee_id
        LEFT JOIN company_users cu ON cu.id = ac.company_user_id
       WHERE ta.task_id = ${taskId} AND t_f.project_id = ${projectId}
         AND ${scope.area(actor, sql`t_f.project_id`, sql`t_f.area_id`)}
       ORDER BY ta.position, f.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    size: Number(r.size),
    createdAt: r.createdAt instanceof Date ? r.createdAt : new Date(r.createdAt),
  }));
}

/**
 * Which of the ids are stored files the actor may see (scope.file): attached already, or their
 * own upload not attached yet. Someone else's fresh upload is not found.
 */
export async function visibleFileIds(db: DbOrTx, actor: Actor, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(sql`${files.id} = ANY(${intArray(ids)})`, scope.file(actor, files.id)));
  return new Set(rows.map((r) => r.id));
}

/** Replaces the task's attachments with the files given, in that order. */
export async function replaceTaskFiles(db: DbOrTx, taskId: number, fileIds: readonly number[]): Promise<void> {
  await db.delete(taskAttachments).where(eq(taskAttachments.taskId, taskId));
  if (fileIds.length) {
    await db.insert(taskAttachments).values(fileIds.map((fileId, position) => ({ taskId, fileId, position })));
  }
}

/**
 * The project of a task, whoever asks (no scope): only for a path that names the task alone (the
 * portal's), which then finds the task within that project's scope like everywhere else.
 */
export async function projectIdOfTask(db: DbOrTx, taskId: number): Promise<number | null> {
  const rows = await db.select({ projectId: tasks.projectId }).from(tasks).where(eq(tasks.id, taskId));
  return rows[0]?.projectId ?? null;
}

// ---- people

/** True when the id is an employee who is not deleted (someone a task can be assigned to). */
export async function liveEmployeeExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, id), isNull(employees.deletedAt)));
  return rows.length > 0;
}
