import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

/**
 * A project's budgets (project_hour_budgets, project_article_budgets) and what it has spent:
 * booked minutes per activity and per area, and the order lines' cost (quantity x the cost
 * price of the line's article, or of the product's article) per area. Callers have found the
 * project in the actor's reach first (findProject / lockProject AND the project scope).
 */

export interface ProjectRow {
  id: number;
  name: string;
  deleted: boolean;
}

const projectRow = (lock: boolean) => (actor: Actor, projectId: number) =>
  sql`SELECT p.id, p.name, (p.deleted_at IS NOT NULL) AS deleted FROM projects p
       WHERE p.id = ${projectId} AND ${scope.project(actor, sql`p.id`)}${lock ? sql` FOR UPDATE OF p` : sql``}`;

async function oneProject(db: DbOrTx, q: ReturnType<ReturnType<typeof projectRow>>): Promise<ProjectRow | null> {
  const rows = await query<{ id: number; name: string; deleted: boolean }>(db, q);
  const r = rows[0];
  return r ? { id: Number(r.id), name: r.name, deleted: Boolean(r.deleted) } : null;
}

/** The project (deleted ones too: their budget stays readable) when the actor may see it. */
export function findProject(db: DbOrTx, actor: Actor, projectId: number): Promise<ProjectRow | null> {
  return oneProject(db, projectRow(false)(actor, projectId));
}

/** As findProject, locking the project's row for the rest of the transaction: budget edits take turns. */
export function lockProject(db: DbOrTx, actor: Actor, projectId: number): Promise<ProjectRow | null> {
  return oneProject(db, projectRow(true)(actor, projectId));
}

export interface BudgetRows {
  hours: { activity: string; minutes: number }[];
  articles: { areaId: number | null; amount: number }[];
}

/** The budget as stored, in a fixed order (so its stamp is stable). */
export async function budgets(db: DbOrTx, projectId: number): Promise<BudgetRows> {
  const rows = await query<{ t: 'h' | 'a'; activity: string | null; area_id: number | null; n: number | string }>(
    db,
    sql`SELECT 'h' AS t, activity, NULL::int AS area_id, minutes::numeric AS n FROM project_hour_budgets WHERE project_id = ${projectId}
        UNION ALL
        SELECT 'a', NULL, area_id, amount FROM project_article_budgets WHERE project_id = ${projectId}
        ORDER BY 1, 2, 3 NULLS FIRST`,
  );
  return {
    hours: rows.filter((r) => r.t === 'h').map((r) => ({ activity: r.activity ?? '', minutes: Number(r.n) })),
    articles: rows
      .filter((r) => r.t === 'a')
      .map((r) => ({ areaId: r.area_id === null ? null : Number(r.area_id), amount: Number(r.n) })),
  };
}

/** Replaces the project's whole budget. */
export async function replaceBudgets(db: DbOrTx, projectId: number, b: BudgetRows, now: Date): Promise<void> {
  await query(db, sql`DELETE FROM project_hour_budgets WHERE project_id = ${projectId}`);
  await query(db, sql`DELETE FROM project_article_budgets WHERE project_id = ${projectId}`);
  if (b.hours.length) {
    await query(
      db,
      sql`INSERT INTO project_hour_budgets (project_id, activity, minutes, updated_at)
          SELECT ${projectId}, x.activity, x.minutes, ${now}
            FROM jsonb_to_recordset(${JSON.stringify(b.hours)}::jsonb) AS x(activity text, minutes int)`,
    );
  }
  if (b.articles.length) {
    await query(
      db,
      sql`INSERT INTO project_article_budgets (project_id, area_id, amount, updated_at)
          SELECT ${projectId}, x."areaId", x.amount, ${now}
            FROM jsonb_to_recordset(${JSON.stringify(b.articles)}::jsonb) AS x("areaId" int, amount numeric)`,
    );
  }
}

export interface AreaNode {
  id: number;
  kind: 'deck' | 'area' | 'subarea';
  parentId: number | null;
  number: string;
  name: string;
}

/** The project's decks, areas and sub-areas in tree order. */
export async function areaTree(db: DbOrTx, projectId: number): Promise<AreaNode[]> {
  const rows = await query<AreaNode>(
    db,
    sql`SELECT id, kind, parent_id AS "parentId", number, name FROM project_areas
         WHERE project_id = ${projectId} ORDER BY tree_rank, id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), parentId: r.parentId === null ? null : Number(r.parentId) }));
}

/** Of these ids, the project's decks and areas (the levels a budget can be set on). */
export async function budgetAreas(db: DbOrTx, projectId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT id FROM project_areas WHERE project_id = ${projectId} AND kind IN ('deck', 'area') AND id = ANY(${intArray(ids)})`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export interface Spent {
  /** Booked minutes per activity (the whole project). */
  minutesByActivity: Map<string, number>;
  /** Per area the hours booked on it and the order lines' cost; areaId null: not on an area. */
  byArea: { areaId: number | null; minutes: number; cost: number; unpriced: number }[];
}

/**
 * What the project has spent, in one statement: booked minutes per activity and per area, and per
 * area the order lines' cost (numeric, exact) and how many lines have no cost price.
 */
export async function spent(db: DbOrTx, projectId: number): Promise<Spent> {
  const rows = await query<{
    t: 'act' | 'area';
    activity: string | null;
    area_id: number | null;
    minutes: number | string;
    cost: number | string;
    unpriced: number | string;
  }>(
    db,
    sql`WITH hours AS (
          SELECT grouping(activity) = 1 AS per_area, activity, area_id, sum(minutes) AS minutes FROM booked_hours
           WHERE project_id = ${projectId} GROUP BY GROUPING SETS ((activity), (area_id))),
        lines AS (
          SELECT t.area_id,
                 sum(ol.quantity * coalesce(a.cost_price, pa.cost_price)) AS cost,
                 count(*) FILTER (WHERE coalesce(a.cost_price, pa.cost_price) IS NULL) AS unpriced
            FROM order_lines ol
            JOIN subtasks s ON s.id = ol.subtask_id
            JOIN tasks t ON t.id = s.task_id
            LEFT JOIN articles a ON a.id = ol.article_id
            LEFT JOIN products p ON p.id = ol.product_id
            LEFT JOIN articles pa ON pa.id = p.article_id
           WHERE ol.project_id = ${projectId}
           GROUP BY t.area_id)
        SELECT 'act' AS t, activity, NULL::int AS area_id, minutes, 0 AS cost, 0 AS unpriced
          FROM hours WHERE NOT per_area
        UNION ALL
        SELECT 'area', NULL, coalesce(h.area_id, l.area_id), coalesce(h.minutes, 0), coalesce(l.cost, 0), coalesce(l.unpriced, 0)
          FROM (SELECT area_id, minutes FROM hours WHERE per_area) h
          FULL JOIN lines l ON l.area_id = h.area_id`,
  );
  const minutesByActivity = new Map<string, number>();
  const byArea: Spent['byArea'] = [];
  for (const r of rows) {
    if (r.t === 'act') minutesByActivity.set(r.activity ?? '', Number(r.minutes));
    else
      byArea.push({
        areaId: r.area_id === null ? null : Number(r.area_id),
        minutes: Number(r.minutes),
        cost: Number(r.cost),
        unpriced: Number(r.unpriced),
      });
  }
  return { minutesByActivity, byArea };
}
