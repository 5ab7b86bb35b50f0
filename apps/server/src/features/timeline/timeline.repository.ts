import type { AreaKind } from '@app/shared/projects/projects.rules';
import type { TimelineTarget } from '@app/shared/timeline/timeline';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectAreas, projects, tasks, timelineTasks } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';

// Every query here ANDs the actor's scope: an item through the area it is planned on (a task's
// item through the task's area), the rows through their areas. Another project's or company's id
// is simply not found.

export interface TimelineRow {
  id: number;
  projectId: number;
  areaId: number | null;
  taskId: number | null;
  title: string;
  notes: string;
  /** The Monday of the first week, YYYY-MM-DD. */
  startWeek: string;
  weeks: number;
  version: number;
  updatedAt: Date;
  /** The area's number and name (an item on a task: the task's area). */
  areaNumber: string | null;
  areaName: string | null;
  taskName: string | null;
  /** The area of the item's task (null for an item on an area). */
  taskAreaId: number | null;
  projectDeleted: boolean;
}

/** The area the item is planned on: its own, or its task's. */
const targetArea = sql`coalesce(${timelineTasks.areaId}, ${tasks.areaId})`;

const itemColumns = {
  id: timelineTasks.id,
  projectId: timelineTasks.projectId,
  areaId: timelineTasks.areaId,
  taskId: timelineTasks.taskId,
  title: timelineTasks.title,
  notes: timelineTasks.notes,
  startWeek: timelineTasks.startWeek,
  weeks: timelineTasks.weeks,
  version: timelineTasks.version,
  updatedAt: timelineTasks.updatedAt,
  areaNumber: projectAreas.number,
  areaName: projectAreas.name,
  taskName: tasks.name,
  taskAreaId: tasks.areaId,
  projectDeleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
};

function itemsSelect(db: DbOrTx) {
  return db
    .select(itemColumns)
    .from(timelineTasks)
    .innerJoin(projects, eq(projects.id, timelineTasks.projectId))
    .leftJoin(tasks, eq(tasks.id, timelineTasks.taskId))
    .leftJoin(projectAreas, eq(projectAreas.id, targetArea));
}

const inScope = (actor: Actor): SQL => scope.area(actor, timelineTasks.projectId, targetArea);

/**
 * The project's items that overlap the weeks from `fromMonday` to `lastMonday` (both Mondays):
 * one statement whatever their number, by start week.
 */
export function listItems(db: DbOrTx, actor: Actor, projectId: number, fromMonday: string, lastMonday: string) {
  return itemsSelect(db)
    .where(
      and(
        eq(timelineTasks.projectId, projectId),
        sql`${timelineTasks.startWeek} <= ${lastMonday}::date`,
        sql`${timelineTasks.startWeek} + ${timelineTasks.weeks} * 7 > ${fromMonday}::date`,
        inScope(actor),
      ),
    )
    .orderBy(asc(timelineTasks.startWeek), asc(timelineTasks.sortOrder), asc(timelineTasks.id)) as Promise<TimelineRow[]>;
}

/** One item of the project, within the actor's scope. */
export async function findItem(db: DbOrTx, actor: Actor, projectId: number, id: number): Promise<TimelineRow | null> {
  const rows = await itemsSelect(db).where(and(eq(timelineTasks.id, id), eq(timelineTasks.projectId, projectId), inScope(actor)));
  return (rows[0] as TimelineRow | undefined) ?? null;
}

export interface TimelineLock {
  id: number;
  areaId: number | null;
  taskId: number | null;
  title: string;
  notes: string;
  startWeek: string;
  weeks: number;
  version: number;
  projectDeleted: boolean;
}

/** Locks the item row (scoped) for a change. */
export async function lockItem(db: DbOrTx, actor: Actor, projectId: number, id: number): Promise<TimelineLock | null> {
  const rows = await db
    .select({
      id: timelineTasks.id,
      areaId: timelineTasks.areaId,
      taskId: timelineTasks.taskId,
      title: timelineTasks.title,
      notes: timelineTasks.notes,
      startWeek: timelineTasks.startWeek,
      weeks: timelineTasks.weeks,
      version: timelineTasks.version,
      projectDeleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(timelineTasks)
    .innerJoin(projects, eq(projects.id, timelineTasks.projectId))
    .leftJoin(tasks, eq(tasks.id, timelineTasks.taskId))
    .where(and(eq(timelineTasks.id, id), eq(timelineTasks.projectId, projectId), inScope(actor)))
    .for('update', { of: timelineTasks });
  return rows[0] ?? null;
}

/** True when the area or task is one of the project's, within the actor's scope. */
export async function targetExists(db: DbOrTx, actor: Actor, projectId: number, target: TimelineTarget): Promise<boolean> {
  const rows =
    target.kind === 'area'
      ? await db
          .select({ id: projectAreas.id })
          .from(projectAreas)
          .where(
            and(
              eq(projectAreas.id, target.id),
              eq(projectAreas.projectId, projectId),
              scope.area(actor, projectAreas.projectId, projectAreas.id),
            ),
          )
      : await db
          .select({ id: tasks.id })
          .from(tasks)
          .where(and(eq(tasks.id, target.id), eq(tasks.projectId, projectId), scope.area(actor, tasks.projectId, tasks.areaId)));
  return rows.length > 0;
}

export interface AreaRowRef {
  id: number;
  kind: AreaKind;
  number: string;
  name: string;
}

/** The project's decks, areas and sub-areas in tree order (project_areas.tree_rank): one statement. */
export function listAreaRows(db: DbOrTx, actor: Actor, projectId: number): Promise<AreaRowRef[]> {
  return db
    .select({
      id: projectAreas.id,
      kind: sql<AreaKind>`${projectAreas.kind}`,
      number: projectAreas.number,
      name: projectAreas.name,
    })
    .from(projectAreas)
    .where(and(eq(projectAreas.projectId, projectId), scope.area(actor, projectAreas.projectId, projectAreas.id)))
    .orderBy(asc(projectAreas.treeRank), asc(projectAreas.id));
}

export interface TaskRowRef {
  id: number;
  name: string;
  areaNumber: string;
  areaName: string;
}

/** The project's tasks in the task list's area order (tasks.area_rank): one statement. */
export function listTaskRows(db: DbOrTx, actor: Actor, projectId: number): Promise<TaskRowRef[]> {
  return db
    .select({ id: tasks.id, name: tasks.name, areaNumber: projectAreas.number, areaName: projectAreas.name })
    .from(tasks)
    .innerJoin(projectAreas, eq(projectAreas.id, tasks.areaId))
    .where(and(eq(tasks.projectId, projectId), scope.area(actor, tasks.projectId, tasks.areaId)))
    .orderBy(asc(tasks.areaRank), asc(tasks.sortOrder), asc(sql`lower(${tasks.name})`), asc(tasks.id));
}

export interface TimelineFields {
  areaId: number | null;
  taskId: number | null;
  title: string;
  notes: string;
  startWeek: string;
  weeks: number;
}

export async function insertItem(
  db: DbOrTx,
  projectId: number,
  fields: TimelineFields,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(timelineTasks)
    .values({ ...fields, projectId, createdBy, createdAt: now, updatedAt: now })
    .returning({ id: timelineTasks.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Writes the fields when the version still matches. */
export async function updateItem(db: DbOrTx, id: number, version: number, fields: TimelineFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(timelineTasks)
    .set({ ...fields, version: sql`${timelineTasks.version} + 1`, updatedAt: now })
    .where(and(eq(timelineTasks.id, id), eq(timelineTasks.version, version)))
    .returning({ id: timelineTasks.id });
  return rows.length > 0;
}

export async function removeItem(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(timelineTasks)
    .where(and(eq(timelineTasks.id, id), eq(timelineTasks.version, version)))
    .returning({ id: timelineTasks.id });
  return rows.length > 0;
}
