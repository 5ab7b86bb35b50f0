import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../actor';
import { can } from '../can';
import { PROJECT_STAFF } from './rights';

/** Projects and what hangs from them: areas (with their tasks, sub-tasks, order lines, tickets) and drawings. */
export const projectScopes = {
  /**
   * Projects: every project for staff with a projects right; the portal view the projects its
   * company is attached to (deleted ones are left out by the repositories, not here).
   */
  project(actor: Actor, projectId: SQLWrapper): SQL {
    if (actor.kind === 'client') {
      return sql`EXISTS (SELECT 1 FROM project_companies pc_scope
                          WHERE pc_scope.project_id = ${projectId} AND pc_scope.company_id = ${actor.companyId})`;
    }
    return can(actor, PROJECT_STAFF) ? sql`true` : sql`false`;
  },

  /**
   * Decks, areas and sub-areas, and through them tasks, sub-tasks, order lines and tickets: all
   * of them for staff with a projects right; the portal view those of its attached projects,
   * limited to the allowed areas and what lies under them when the link is not `all_areas` (a
   * selected deck covers its areas and their sub-areas, a selected area its sub-areas).
   * Pass the row's project id and area id (a task's area, a ticket's task's area).
   */
  area(actor: Actor, projectId: SQLWrapper, areaId: SQLWrapper): SQL {
    if (actor.kind === 'client') return projectScopes.companyArea(actor.companyId, projectId, areaId);
    return can(actor, PROJECT_STAFF) ? sql`true` : sql`false`;
  },

  /**
   * scope.area's portal rule for a given company: what that company would see. Staff making a
   * drawing for a company ask it, so the drawing is one the company can open.
   */
  companyArea(companyId: number | SQLWrapper, projectId: SQLWrapper, areaId: SQLWrapper): SQL {
    return sql`EXISTS (SELECT 1 FROM project_companies pc_scope
                          WHERE pc_scope.project_id = ${projectId} AND pc_scope.company_id = ${companyId}
                            AND (pc_scope.all_areas OR EXISTS (
                                  SELECT 1 FROM company_project_areas cpa_scope
                                    JOIN project_areas a_scope ON a_scope.id = ${areaId}
                                    LEFT JOIN project_areas up_scope ON up_scope.id = a_scope.parent_id
                                   WHERE cpa_scope.company_id = pc_scope.company_id
                                     AND cpa_scope.project_id = pc_scope.project_id
                                     AND cpa_scope.area_id IN (a_scope.id, a_scope.parent_id, up_scope.parent_id))))`;
  },

  /**
   * scope.area, or null when the actor sees every area (staff with a projects right): what a
   * hot list's namedQuery().run takes, so those actors share one named statement.
   */
  areaOrAll(actor: Actor, projectId: SQLWrapper, areaId: SQLWrapper): SQL | null {
    return actor.kind !== 'client' && can(actor, PROJECT_STAFF) ? null : projectScopes.area(actor, projectId, areaId);
  },

  /**
   * Drawings: every drawing for staff with a projects right; the portal view the drawings made
   * for its own company on a project it is attached to that is not deleted, never deleted
   * drawings. A company that sees selected areas only sees a drawing only when the drawing's area
   * is one of them or lies under one (scope.area); a drawing without an area belongs to the whole
   * project, which only a company with all areas sees. Pass the drawing's project id, company id,
   * deleted_at and area id.
   */
  drawing(actor: Actor, projectId: SQLWrapper, companyId: SQLWrapper, deletedAt: SQLWrapper, areaId: SQLWrapper): SQL {
    if (actor.kind === 'client') {
      return sql`(${companyId} = ${actor.companyId} AND ${deletedAt} IS NULL AND ${projectScopes.area(actor, projectId, areaId)}
                  AND EXISTS (SELECT 1 FROM projects p_dscope WHERE p_dscope.id = ${projectId} AND p_dscope.deleted_at IS NULL))`;
    }
    return can(actor, PROJECT_STAFF) ? sql`true` : sql`false`;
  },
} as const;
