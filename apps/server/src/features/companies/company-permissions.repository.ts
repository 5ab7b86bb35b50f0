import type { AreaKind, ProjectStatus } from '@app/shared/projects/projects.rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

// The company's project links, read and written by account managers: every query names the
// company and ANDs scope.company, so another company's link is simply not found.

export interface AccessRow {
  projectId: number;
  projectName: string;
  projectStatus: ProjectStatus;
  allAreas: boolean;
  areaIds: number[];
  version: number;
}

const accessSelect = (actor: Actor, companyId: number, projectId?: number, lock = false) => sql`
  SELECT pc.project_id AS "projectId", p.name AS "projectName", p.status AS "projectStatus",
         pc.all_areas AS "allAreas", pc.version,
         coalesce((SELECT array_agg(cpa.area_id ORDER BY cpa.area_id) FROM company_project_areas cpa
                    WHERE cpa.company_id = pc.company_id AND cpa.project_id = pc.project_id), '{}') AS "areaIds"
    FROM project_companies pc
    JOIN projects p ON p.id = pc.project_id AND p.deleted_at IS NULL
   WHERE pc.company_id = ${companyId} AND ${scope.company(actor, sql.raw('pc.company_id'))}
         ${projectId === undefined ? sql`` : sql`AND pc.project_id = ${projectId}`}
   ORDER BY p.status = 'inactive', lower(p.name), p.id
   ${lock ? sql`FOR UPDATE OF pc` : sql``}`;

/** Every (not deleted) project the company is attached to, active first, by name: one statement. */
export function list(db: DbOrTx, actor: Actor, companyId: number): Promise<AccessRow[]> {
  return query<AccessRow>(db, accessSelect(actor, companyId)).then((rows) => rows.map(normalize));
}

export async function find(
  db: DbOrTx,
  actor: Actor,
  companyId: number,
  projectId: number,
  lock = false,
): Promise<AccessRow | null> {
  const rows = await query<AccessRow>(db, accessSelect(actor, companyId, projectId, lock));
  return rows[0] ? normalize(rows[0]) : null;
}

/** PGlite answers int[] as an array, node-postgres too; a driver that answers text gets parsed. */
function normalize(r: AccessRow): AccessRow {
  const ids = r.areaIds as unknown;
  const areaIds = Array.isArray(ids)
    ? ids.map(Number)
    : String(ids ?? '{}')
        .replace(/[{}]/g, '')
        .split(',')
        .filter(Boolean)
        .map(Number);
  return { ...r, areaIds };
}

export interface AreaRow {
  id: number;
  kind: AreaKind;
  number: string;
  name: string;
  parentId: number | null;
}

/** The project's decks, areas and sub-areas in tree order (project_areas.tree_rank). */
export function areas(db: DbOrTx, projectId: number): Promise<AreaRow[]> {
  return query<AreaRow>(
    db,
    sql`SELECT id, kind, number, name, parent_id AS "parentId" FROM project_areas
         WHERE project_id = ${projectId} ORDER BY tree_rank, id`,
  );
}

/** The ids among `ids` that are areas of the project. */
export async function areasOfProject(db: DbOrTx, projectId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT id FROM project_areas WHERE project_id = ${projectId} AND id = ANY(${intArray(ids)})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Replaces the link's setting and selection when the version matches. */
export async function save(
  db: DbOrTx,
  companyId: number,
  projectId: number,
  version: number,
  allAreas: boolean,
  areaIds: readonly number[],
): Promise<boolean> {
  const rows = await query<{ n: number }>(
    db,
    sql`UPDATE project_companies SET all_areas = ${allAreas}, version = version + 1
         WHERE company_id = ${companyId} AND project_id = ${projectId} AND version = ${version}
        RETURNING 1 AS n`,
  );
  if (rows.length === 0) return false;
  await query(db, sql`DELETE FROM company_project_areas WHERE company_id = ${companyId} AND project_id = ${projectId}`);
  if (!allAreas && areaIds.length > 0) {
    await query(
      db,
      sql`INSERT INTO company_project_areas (company_id, project_id, area_id)
          SELECT ${companyId}, ${projectId}, unnest(${intArray(areaIds)})`,
    );
  }
  return true;
}
