import type { ProjectArticleKind } from '@app/shared/project-articles/project-articles';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';

export interface ItemRow {
  kind: ProjectArticleKind;
  id: number;
  code: string | null;
  nameNl: string;
  nameEn: string;
  unit: string | null;
  total: number;
  lines: number;
  areaIds: number[];
  quantities: number[];
}

export interface AreaRow {
  id: number;
  kind: 'deck' | 'area';
  number: string;
  name: string;
}

interface RawRow {
  row_type: 'item' | 'area';
  kind: string;
  id: number;
  code: string | null;
  name_nl: string;
  name_en: string;
  unit: string | null;
  total: number | string | null;
  lines: number | string | null;
  area_ids: (number | string)[] | string | null;
  quantities: (number | string)[] | string | null;
}

/** node-postgres and PGlite both parse int[] and float8[]; a driver that hands back '{1,2}' is read too. */
function numbers(v: RawRow['area_ids']): number[] {
  if (v === null) return [];
  if (typeof v === 'string') return v === '{}' ? [] : v.slice(1, -1).split(',').map(Number);
  return v.map(Number);
}

/**
 * Every item on the project's order lines with its quantities per area and in total, and the
 * areas those lines lie in: ONE statement whatever the project's size (item rows and area rows in
 * one UNION ALL). A sub-area's lines count for its area (its parent); a task on a deck counts for
 * the deck. Quantities are summed as numeric (exact: 2.5 + 0.25) and only then made floats. Lines
 * outside the actor's area scope are left out (the portal's allowed areas). An empty answer says
 * nothing about whether the project exists: the service asks that only then.
 */
export async function listProjectItems(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
): Promise<{ items: ItemRow[]; areas: AreaRow[] }> {
  const rows = await query<RawRow>(
    db,
    sql`WITH per AS (
          SELECT ol.product_id, ol.article_id,
                 CASE WHEN a.kind = 'subarea' THEN a.parent_id ELSE a.id END AS area_id,
                 sum(ol.quantity) AS q, count(*) AS n
            FROM order_lines ol
            JOIN subtasks s ON s.id = ol.subtask_id
            JOIN tasks t ON t.id = s.task_id
            JOIN project_areas a ON a.id = t.area_id
           WHERE ol.project_id = ${projectId}
             AND ${scope.project(actor, sql`t.project_id`)}
             AND ${scope.area(actor, sql`t.project_id`, sql`t.area_id`)}
           GROUP BY 1, 2, 3),
        items AS (
          SELECT per.product_id, per.article_id, sum(per.q)::float8 AS total, sum(per.n)::int AS lines,
                 array_agg(per.area_id ORDER BY ar.tree_rank, ar.id) AS area_ids,
                 array_agg(per.q::float8 ORDER BY ar.tree_rank, ar.id) AS quantities
            FROM per JOIN project_areas ar ON ar.id = per.area_id
           GROUP BY 1, 2)
        SELECT 'item' AS row_type,
               CASE WHEN i.product_id IS NOT NULL THEN 'product' ELSE 'article' END AS kind,
               coalesce(i.product_id, i.article_id) AS id,
               coalesce(ar.sku, pa.sku) AS code,
               coalesce(p.name_nl, ar.name) AS name_nl,
               coalesce(p.name_en, '') AS name_en,
               nullif(coalesce(ar.unit, pa.unit), '') AS unit,
               i.total, i.lines, i.area_ids, i.quantities, 0::float8 AS ord
          FROM items i
          LEFT JOIN products p ON p.id = i.product_id
          LEFT JOIN articles pa ON pa.id = p.article_id
          LEFT JOIN articles ar ON ar.id = i.article_id
        UNION ALL
        SELECT 'area', a.kind, a.id, NULL, a.name, a.number, NULL, NULL, NULL, NULL, NULL, a.tree_rank::float8
          FROM project_areas a
         WHERE a.id IN (SELECT area_id FROM per)
        ORDER BY ord, id`,
  );
  const items: ItemRow[] = [];
  const areas: AreaRow[] = [];
  for (const r of rows) {
    if (r.row_type === 'area') {
      // The area row carries its name in name_nl and its number in name_en.
      areas.push({ id: Number(r.id), kind: r.kind === 'deck' ? 'deck' : 'area', number: r.name_en, name: r.name_nl });
      continue;
    }
    items.push({
      kind: r.kind === 'product' ? 'product' : 'article',
      id: Number(r.id),
      code: r.code,
      nameNl: r.name_nl ?? '',
      nameEn: r.name_en ?? '',
      unit: r.unit,
      total: Number(r.total),
      lines: Number(r.lines),
      areaIds: numbers(r.area_ids),
      quantities: numbers(r.quantities),
    });
  }
  return { items, areas };
}
