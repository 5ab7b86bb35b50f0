import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '../actor';
import { can } from '../can';
import { projectScopes } from './projects';
import { COMPANY_STAFF } from './rights';

/** Companies and what belongs to one company: its orders, its products and its news. */
export const companyScopes = {
  /** Companies: every company for staff with a company right; the portal view only its own company. */
  company(actor: Actor, companyId: SQLWrapper): SQL {
    if (actor.kind === 'client') return sql`${companyId} = ${actor.companyId}`;
    return can(actor, COMPANY_STAFF) ? sql`true` : sql`false`;
  },

  /**
   * Orders and product requests: every one for staff with companies.manage (account managers
   * handle the company's requests); the portal view its own company's. Pass the order's company id.
   */
  order(actor: Actor, companyId: SQLWrapper): SQL {
    if (actor.kind === 'client') return sql`${companyId} = ${actor.companyId}`;
    return can(actor, 'companies.manage') ? sql`true` : sql`false`;
  },

  /**
   * Company products (pass the table's alias): every row for staff with companies.manage; the
   * portal view its own company's rows, and of those linked to a project only the ones of a
   * visible, live project, and of those linked to an order line only the ones in its allowed areas.
   */
  companyProduct(actor: Actor, alias: string): SQL {
    const cp = (col: string) => sql.raw(`${alias}.${col}`);
    if (actor.kind === 'client') {
      // Uncorrelated IN lists (hashed once per statement), not an EXISTS per row: a page and its
      // count read thousands of a company's rows (G3). Only a row on an order line of a project
      // with selected areas pays the per-row area check (an order line is always of the row's
      // project: the service checks it).
      return sql`(${cp('company_id')} = ${actor.companyId}
        AND (${cp('project_id')} IS NULL OR ${cp('project_id')} IN (
              SELECT pc_cp.project_id FROM project_companies pc_cp JOIN projects p_cp ON p_cp.id = pc_cp.project_id
               WHERE pc_cp.company_id = ${actor.companyId} AND p_cp.deleted_at IS NULL))
        AND (${cp('order_line_id')} IS NULL
             OR ${cp('project_id')} IN (SELECT pc_all.project_id FROM project_companies pc_all
                                         WHERE pc_all.company_id = ${actor.companyId} AND pc_all.all_areas)
             OR EXISTS (
              SELECT 1 FROM order_lines ol_cp JOIN subtasks st_cp ON st_cp.id = ol_cp.subtask_id
                JOIN tasks t_cp ON t_cp.id = st_cp.task_id
               WHERE ol_cp.id = ${cp('order_line_id')} AND ${projectScopes.area(actor, sql.raw('t_cp.project_id'), sql.raw('t_cp.area_id'))})))`;
    }
    return can(actor, 'companies.manage') ? sql`true` : sql`false`;
  },

  /**
   * Company news: every post for staff with companies.manage; the portal view the published posts
   * of its own company whose time has come. Pass the post's company id, status and publish time.
   */
  companyPost(actor: Actor, companyId: SQLWrapper, status: SQLWrapper, publishAt: SQLWrapper, now: Date): SQL {
    if (actor.kind === 'client') {
      return sql`(${companyId} = ${actor.companyId} AND ${status} = 'published' AND ${publishAt} <= ${now.toISOString()}::timestamptz)`;
    }
    return can(actor, 'companies.manage') ? sql`true` : sql`false`;
  },
} as const;
