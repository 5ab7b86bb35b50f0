import type { AreaKind, AreaStatus } from '@app/shared/projects/projects.rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectAreas, projects, tasks } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { escapeLike, query } from '../../platform/sql';

// Every query here ANDs the actor's area scope (scope.area with the row's project and id), so the
// portal can reuse these functions with a company's allowed areas: an area outside them is simply
// not found. Staff with a projects right see every area.

// ---- the project the areas belong to

// ---- summaries with their completion, in one statement

export interface AreaSummaryRow {
  id: number;
  projectId: number;
  parentId: number | null;
  parentName: string | null;
  parentKind: AreaKind | null;
  kind: AreaKind;
  number: string;
  name: string;
  areaType: string;
  status: AreaStatus;
  thumbnailMediaId: number | null;
  planMediaId: number | null;
  planX: number | null;
  planY: number | null;
  sortOrder: number;
  /** The row's place in the project's tree order (decks, each followed by its areas, each by its sub-areas; numbers compared naturally). */
  treeRank: number;
  childrenCount: number;
  tasksDone: number;
  tasksTotal: number;
  subtasksDone: number;
  subtasksTotal: number;
  projectDeleted: boolean;
  version: number;
  updatedAt: Date;
}

const pa = {
  projectId: sql.raw('pa.project_id'),
  id: sql.raw('pa.id'),
};

/**
 * Deck, area and sub-area rows of one project with what lies under them, in one statement
 * whatever the number of areas, tasks and sub-tasks: the tasks are counted per area first (their
 * sub-tasks from the counts kept on each task), then each area's figures are added to itself, its
 * parent and its grandparent (a deck > area > sub-area tree is three deep), so a deck's completion
 * covers all its areas and an area's its sub-areas. The area scope applies per area: a task is in
 * reach when its area is. `where` narrows the rows (it may use the alias `pa`); `subtreeOf` limits
 * the counting to the tasks under one area, for a single row.
 */
async function summaries(db: DbOrTx, actor: Actor, projectId: number, where: SQL, subtreeOf?: number): Promise<AreaSummaryRow[]> {
  const cProject = sql.raw('c.project_id');
  const cId = sql.raw('c.id');
  const subtree =
    subtreeOf === undefined
      ? sql``
      : sql`AND t.area_id IN (SELECT s0.id FROM project_areas s0 LEFT JOIN project_areas s1 ON s1.id = s0.parent_id
                               WHERE s0.id = ${subtreeOf} OR s0.parent_id = ${subtreeOf} OR s1.parent_id = ${subtreeOf})`;
  // Hand-written SQL comes back without drizzle's column mapping: the time travels as epoch ms.
  return query<Omit<AreaSummaryRow, 'updatedAt'> & { updatedMs: number }>(
    db,
    sql`WITH own AS (
          SELECT t.area_id, count(*)::int AS tasks_total, (count(*) FILTER (WHERE t.status = 'completed'))::int AS tasks_done,
                 sum(t.subtasks_total)::int AS subtasks_total, sum(t.subtasks_done)::int AS subtasks_done
            FROM tasks t
           WHERE t.project_id = ${projectId} ${subtree}
           GROUP BY t.area_id
        ),
        kids AS (
          SELECT c.parent_id, count(*)::int AS n FROM project_areas c
           WHERE c.project_id = ${projectId} AND c.parent_id IS NOT NULL AND ${scope.area(actor, cProject, cId)}
           GROUP BY c.parent_id
        ),
        roll AS (
          SELECT v.anc AS area_id, sum(own.tasks_total)::int AS tasks_total, sum(own.tasks_done)::int AS tasks_done,
                 sum(own.subtasks_total)::int AS subtasks_total, sum(own.subtasks_done)::int AS subtasks_done
            FROM own
            JOIN project_areas a0 ON a0.id = own.area_id
            LEFT JOIN project_areas a1 ON a1.id = a0.parent_id
            CROSS JOIN LATERAL (VALUES (a0.id), (a0.parent_id), (a1.parent_id)) AS v(anc)
           WHERE v.anc IS NOT NULL AND ${scope.area(actor, sql.raw('a0.project_id'), sql.raw('a0.id'))}
           GROUP BY v.anc
        )
        SELECT pa.id, pa.project_id AS "projectId", pa.parent_id AS "parentId",
               parent.name AS "parentName", parent.kind AS "parentKind",
               pa.kind, pa.number, pa.name, pa.area_type AS "areaType", pa.status,
               pa.thumbnail_media_id AS "thumbnailMediaId", pa.plan_media_id AS "planMediaId",
               pa.plan_x AS "planX", pa.plan_y AS "planY", pa.sort_order AS "sortOrder", pa.tree_rank AS "treeRank",
               coalesce(kids.n, 0) AS "childrenCount",
               coalesce(roll.tasks_done, 0) AS "tasksDone", coalesce(roll.tasks_total, 0) AS "tasksTotal",
               coalesce(roll.subtasks_done, 0) AS "subtasksDone", coalesce(roll.subtasks_total, 0) AS "subtasksTotal",
               (p.deleted_at IS NOT NULL) AS "projectDeleted",
               pa.version, (extract(epoch FROM pa.updated_at) * 1000)::float8 AS "updatedMs"
          FROM project_areas pa
          JOIN projects p ON p.id = pa.project_id
          LEFT JOIN project_areas parent ON parent.id = pa.parent_id
          LEFT JOIN roll ON roll.area_id = pa.id
          LEFT JOIN kids ON kids.parent_id = pa.id
         WHERE pa.project_id = ${projectId} AND ${scope.project(actor, pa.projectId)}
           AND ${scope.area(actor, pa.projectId, pa.id)} AND ${where}
         ORDER BY pa.tree_rank, pa.id`,
  ).then((rows) => rows.map(({ updatedMs, ...r }) => ({ ...r, updatedAt: new Date(updatedMs) })));
}

export interface AreaListFilter {
  q?: string | undefined;
  status?: AreaStatus | undefined;
}

/**
 * Every deck and area (not sub-areas) of the project with completion, in one statement. With a
 * filter, areas that match it (number or name contains q; the status) and the decks that match it
 * themselves or hold a matching area, so the list keeps its grouping.
 */
export async function listDecksAndAreas(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  f: AreaListFilter,
): Promise<AreaSummaryRow[]> {
  const term = f.q ? `%${escapeLike(f.q)}%` : null;
  const matches = (alias: string): SQL | null => {
    const parts: SQL[] = [];
    if (term) parts.push(sql`(${sql.raw(alias)}.number ILIKE ${term} OR ${sql.raw(alias)}.name ILIKE ${term})`);
    if (f.status) parts.push(sql`${sql.raw(alias)}.status = ${f.status}`);
    return parts.length ? sql.join(parts, sql` AND `) : null;
  };
  const own = matches('pa');
  const child = matches('m');
  const mProject = sql.raw('m.project_id');
  const mId = sql.raw('m.id');
  const filter =
    own && child
      ? sql`AND (${own} OR (pa.kind = 'deck' AND EXISTS (
              SELECT 1 FROM project_areas m
               WHERE m.parent_id = pa.id AND m.kind = 'area' AND ${child} AND ${scope.area(actor, mProject, mId)})))`
      : sql``;
  return summaries(db, actor, projectId, sql`pa.kind IN ('deck', 'area') ${filter}`);
}

/** The sub-areas of one area, with completion. */
export async function listSubareas(db: DbOrTx, actor: Actor, projectId: number, areaId: number): Promise<AreaSummaryRow[]> {
  return summaries(db, actor, projectId, sql`pa.parent_id = ${areaId} AND pa.kind = 'subarea'`);
}

/** One deck, area or sub-area with its completion, or null when missing or out of reach. */
export async function findSummary(db: DbOrTx, actor: Actor, projectId: number, areaId: number): Promise<AreaSummaryRow | null> {
  const rows = await summaries(db, actor, projectId, sql`pa.id = ${areaId}`, areaId);
  return rows[0] ?? null;
}

// ---- markers on an area's plan

export interface MarkerRow {
  type: 'area' | 'task';
  id: number;
  number: string;
  name: string;
  status: string;
  x: number | null;
  y: number | null;
  /** Areas: their tree rank; tasks: their sort order. */
  sortOrder: number;
}

/**
 * What stands on the area's plan, in one statement: its child areas (a deck's areas, an area's
 * sub-areas) and, unless it is a deck, its tasks.
 */
export async function listMarkers(
  db: DbOrTx,
  actor: Actor,
  area: { id: number; projectId: number; kind: AreaKind },
): Promise<MarkerRow[]> {
  const cProject = sql.raw('c.project_id');
  const cId = sql.raw('c.id');
  const tProject = sql.raw('t.project_id');
  const tArea = sql.raw('t.area_id');
  const taskPart =
    area.kind === 'deck'
      ? sql``
      : sql`UNION ALL
        SELECT 'task', t.id, '', t.name, t.status, t.plan_x, t.plan_y, t.sort_order
          FROM tasks t
         WHERE t.area_id = ${area.id} AND t.project_id = ${area.projectId} AND ${scope.area(actor, tProject, tArea)}`;
  return query<MarkerRow>(
    db,
    sql`SELECT 'area' AS type, c.id, c.number, c.name, c.status, c.plan_x AS x, c.plan_y AS y, c.tree_rank AS "sortOrder"
          FROM project_areas c
         WHERE c.parent_id = ${area.id} AND c.project_id = ${area.projectId} AND ${scope.area(actor, cProject, cId)}
        ${taskPart}`,
  );
}

// ---- writes

export interface AreaLock {
  id: number;
  projectId: number;
  parentId: number | null;
  kind: AreaKind;
  number: string;
  name: string;
  status: AreaStatus;
  version: number;
  projectDeleted: boolean;
}

/** The area's row locked for a change, with whether its project is deleted; null when missing or out of reach. */
export async function lockArea(db: DbOrTx, actor: Actor, projectId: number, areaId: number): Promise<AreaLock | null> {
  const rows = await db
    .select({
      id: projectAreas.id,
      projectId: projectAreas.projectId,
      parentId: projectAreas.parentId,
      kind: sql<AreaKind>`${projectAreas.kind}`,
      number: projectAreas.number,
      name: projectAreas.name,
      status: sql<AreaStatus>`${projectAreas.status}`,
      version: projectAreas.version,
      projectDeleted: sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean),
    })
    .from(projectAreas)
    .innerJoin(projects, eq(projects.id, projectAreas.projectId))
    .where(
      and(
        eq(projectAreas.id, areaId),
        eq(projectAreas.projectId, projectId),
        scope.project(actor, projects.id),
        scope.area(actor, projectAreas.projectId, projectAreas.id),
      ),
    )
    .for('update', { of: projectAreas });
  return rows[0] ?? null;
}

/** A deck, area or sub-area of the project by id (to check a parent), within the actor's scope. */
export async function findKind(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  areaId: number,
): Promise<{ id: number; kind: AreaKind } | null> {
  const rows = await db
    .select({ id: projectAreas.id, kind: sql<AreaKind>`${projectAreas.kind}` })
    .from(projectAreas)
    .where(
      and(
        eq(projectAreas.id, areaId),
        eq(projectAreas.projectId, projectId),
        scope.area(actor, projectAreas.projectId, projectAreas.id),
      ),
    );
  return rows[0] ?? null;
}

/** True when another row of the same project and kind has this number (whatever its case). */
export async function numberTaken(
  db: DbOrTx,
  projectId: number,
  kind: AreaKind,
  number: string,
  exceptId?: number,
): Promise<boolean> {
  if (number === '') return false;
  const rows = await db
    .select({ id: projectAreas.id })
    .from(projectAreas)
    .where(
      and(
        eq(projectAreas.projectId, projectId),
        eq(projectAreas.kind, kind),
        sql`lower(${projectAreas.number}) = lower(${number})`,
        exceptId === undefined ? undefined : sql`${projectAreas.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export interface AreaFields {
  parentId: number | null;
  number: string;
  name: string;
  areaType: string;
  thumbnailMediaId: number | null;
  planMediaId: number | null;
}

/** A new row at the end of its project's rows of that kind. */
export async function insertArea(db: DbOrTx, projectId: number, kind: AreaKind, f: AreaFields, now: Date): Promise<number> {
  const rows = await db
    .insert(projectAreas)
    .values({
      projectId,
      kind,
      ...f,
      sortOrder: sql`(SELECT coalesce(max(x.sort_order), 0) + 1 FROM project_areas x WHERE x.project_id = ${projectId} AND x.kind = ${kind})`,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: projectAreas.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/**
 * Many rows in one statement, numbered on after the project's rows of that kind. A number that
 * exists already is left out (and one added by someone else a moment ago is left alone by the
 * unique index instead of failing the batch); answers the numbers that were inserted.
 */
export async function insertMany(
  db: DbOrTx,
  projectId: number,
  kind: AreaKind,
  parentId: number | null,
  areaType: string,
  drafts: readonly { number: string; name: string }[],
  now: Date,
): Promise<string[]> {
  if (drafts.length === 0) return [];
  const json = JSON.stringify(drafts.map((d, i) => ({ number: d.number, name: d.name, ord: i + 1 })));
  const rows = await query<{ number: string }>(
    db,
    sql`INSERT INTO project_areas (project_id, parent_id, kind, number, name, area_type, sort_order, created_at, updated_at)
        SELECT ${projectId}, ${parentId}::int, ${kind}, d.number, d.name, ${areaType},
               last.n + row_number() OVER (ORDER BY d.ord), ${now}::timestamptz, ${now}::timestamptz
          FROM json_to_recordset(${json}::json) AS d(number text, name text, ord int)
         CROSS JOIN (SELECT coalesce(max(x.sort_order), 0) AS n FROM project_areas x
                      WHERE x.project_id = ${projectId} AND x.kind = ${kind}) last
         WHERE d.number = '' OR NOT EXISTS (
                 SELECT 1 FROM project_areas x
                  WHERE x.project_id = ${projectId} AND x.kind = ${kind} AND lower(x.number) = lower(d.number))
         ORDER BY d.ord
        ON CONFLICT (project_id, kind, lower(number)) WHERE number <> '' DO NOTHING
        RETURNING number`,
  );
  return rows.map((r) => r.number);
}

/** Changes the fields; a row moved to another parent loses its place on the old parent's plan. */
export async function updateArea(db: DbOrTx, id: number, version: number, f: AreaFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(projectAreas)
    .set({
      ...f,
      planX: sql`CASE WHEN ${projectAreas.parentId} IS NOT DISTINCT FROM ${f.parentId}::int THEN ${projectAreas.planX} END`,
      planY: sql`CASE WHEN ${projectAreas.parentId} IS NOT DISTINCT FROM ${f.parentId}::int THEN ${projectAreas.planY} END`,
      version: sql`${projectAreas.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(projectAreas.id, id), eq(projectAreas.version, version)))
    .returning({ id: projectAreas.id });
  return rows.length > 0;
}

/** Completes or reopens the row. */
export async function setStatus(db: DbOrTx, id: number, version: number, status: AreaStatus, now: Date): Promise<boolean> {
  const rows = await db
    .update(projectAreas)
    .set({
      status,
      completedAt: status === 'completed' ? now : null,
      version: sql`${projectAreas.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(projectAreas.id, id), eq(projectAreas.version, version)))
    .returning({ id: projectAreas.id });
  return rows.length > 0;
}

/**
 * Removes the row; the foreign keys take its sub-areas, their tasks, sub-tasks and order lines
 * with it (and keep feed rows and tickets, which lose the link).
 */
export async function removeArea(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(projectAreas)
    .where(and(eq(projectAreas.id, id), eq(projectAreas.version, version)))
    .returning({ id: projectAreas.id });
  return rows.length > 0;
}

/**
 * Places a marker of the area's plan: a child area, or a task of the area (not of a deck). Only
 * the position changes (a last-writer-wins place, no version). False when it is not one of the
 * area's markers.
 */
export async function placeMarker(
  db: DbOrTx,
  actor: Actor,
  area: { id: number; projectId: number; kind: AreaKind },
  marker: { type: 'area' | 'task'; id: number },
  x: number,
  y: number,
): Promise<boolean> {
  if (marker.type === 'area') {
    const rows = await db
      .update(projectAreas)
      .set({ planX: x, planY: y })
      .where(
        and(
          eq(projectAreas.id, marker.id),
          eq(projectAreas.parentId, area.id),
          eq(projectAreas.projectId, area.projectId),
          scope.area(actor, projectAreas.projectId, projectAreas.id),
        ),
      )
      .returning({ id: projectAreas.id });
    return rows.length > 0;
  }
  if (area.kind === 'deck') return false;
  const rows = await db
    .update(tasks)
    .set({ planX: x, planY: y })
    .where(
      and(
        eq(tasks.id, marker.id),
        eq(tasks.areaId, area.id),
        eq(tasks.projectId, area.projectId),
        scope.area(actor, tasks.projectId, tasks.areaId),
      ),
    )
    .returning({ id: tasks.id });
  return rows.length > 0;
}
