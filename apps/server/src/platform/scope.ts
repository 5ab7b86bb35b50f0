import { PEOPLE_RIGHTS, type PeoplePart } from '@app/shared/people/people.rules';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Actor, signedInAccountId } from './actor';
import { can } from './can';

/**
 * The one place that turns an actor into SQL scope, per aggregate. A repository that reads or
 * writes company data takes the actor and ANDs the aggregate's scope into its WHERE clause, so a
 * row outside the actor's reach is simply not found: the service answers 404 with the same body
 * as for a missing id, and no second check in code can be forgotten (SECURITY Z2, Z5).
 *
 * ```ts
 * const rows = await db.select().from(companies).where(and(eq(companies.id, id), scope.company(actor, companies.id)));
 * ```
 *
 * Staff see an aggregate when they hold one of its rights; a portal view (a company user, or an
 * employee acting as the company) sees only what belongs to its own company: a project through
 * the company's attached projects, an area through the company's allowed areas. Later aggregates
 * (order, drawing) are added here the same way.
 */
export const scope = {
  /** Companies: every company for staff with a company right; the portal view only its own company. */
  company(actor: Actor, companyId: SQLWrapper): SQL {
    if (actor.kind === 'client') return sql`${companyId} = ${actor.companyId}`;
    return can(actor, COMPANY_STAFF) ? sql`true` : sql`false`;
  },

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
    if (actor.kind === 'client') {
      return sql`EXISTS (SELECT 1 FROM project_companies pc_scope
                          WHERE pc_scope.project_id = ${projectId} AND pc_scope.company_id = ${actor.companyId}
                            AND (pc_scope.all_areas OR EXISTS (
                                  SELECT 1 FROM company_project_areas cpa_scope
                                    JOIN project_areas a_scope ON a_scope.id = ${areaId}
                                    LEFT JOIN project_areas up_scope ON up_scope.id = a_scope.parent_id
                                   WHERE cpa_scope.company_id = pc_scope.company_id
                                     AND cpa_scope.project_id = pc_scope.project_id
                                     AND cpa_scope.area_id IN (a_scope.id, a_scope.parent_id, up_scope.parent_id))))`;
    }
    return can(actor, PROJECT_STAFF) ? sql`true` : sql`false`;
  },

  /**
   * scope.area, or null when the actor sees every area (staff with a projects right): what a
   * hot list's namedQuery().run takes, so those actors share one named statement.
   */
  areaOrAll(actor: Actor, projectId: SQLWrapper, areaId: SQLWrapper): SQL | null {
    return actor.kind !== 'client' && can(actor, PROJECT_STAFF) ? null : scope.area(actor, projectId, areaId);
  },

  /**
   * Attachments (the `files` table): staff with a projects right see the files attached to a
   * project or a task; the portal view those attached to its visible, not deleted projects and to
   * the tasks of its allowed areas (through scope.project and scope.area). Anyone signed in with
   * an own account also sees the files they uploaded themselves that are not attached yet (the
   * editor shows them before the save); an employee acting as a company only what the company sees.
   * A feature that attaches files elsewhere (drawings, HR documents) adds its table here.
   */
  file(actor: Actor, fileId: SQLWrapper): SQL {
    const attachedToProject = sql`EXISTS (SELECT 1 FROM project_attachments pa_file WHERE pa_file.file_id = ${fileId})`;
    const attachedToTask = sql`EXISTS (SELECT 1 FROM task_attachments ta_file WHERE ta_file.file_id = ${fileId})`;
    // Own uploads: the signed-in account's (an employee acting as a company sees what they uploaded so).
    const ownAccountId = signedInAccountId(actor);
    const ownUpload =
      ownAccountId === null
        ? sql`false`
        : sql`(EXISTS (SELECT 1 FROM files f_own WHERE f_own.id = ${fileId} AND f_own.created_by = ${ownAccountId})
               AND NOT ${attachedSql(fileId)})`;
    // Orders' files (provided, final, feedback, version previews) and drawings' files (versions,
    // comment attachments), each through its record's own scope.
    const orderFile = (orderScope: SQL) =>
      sql`(EXISTS (SELECT 1 FROM order_files of_file JOIN orders o_file ON o_file.id = of_file.order_id
                    WHERE of_file.file_id = ${fileId} AND ${orderScope})
           OR EXISTS (SELECT 1 FROM order_versions ov_file JOIN orders o_file ON o_file.id = ov_file.order_id
                       WHERE ov_file.preview_file_id = ${fileId} AND ${orderScope}))`;
    const drawingFile = (drawingScope: SQL) =>
      sql`(EXISTS (SELECT 1 FROM drawing_versions dv_file JOIN drawings d_file ON d_file.id = dv_file.drawing_id
                    WHERE dv_file.file_id = ${fileId} AND ${drawingScope})
           OR EXISTS (SELECT 1 FROM drawing_comment_files dcf_file JOIN drawing_comments dc_file ON dc_file.id = dcf_file.comment_id
                        JOIN drawings d_file ON d_file.id = dc_file.drawing_id
                       WHERE dcf_file.file_id = ${fileId} AND ${drawingScope}))`;
    const orderOf = scope.order(actor, sql.raw('o_file.company_id'));
    const drawingOf = scope.drawing(
      actor,
      sql.raw('d_file.project_id'),
      sql.raw('d_file.company_id'),
      sql.raw('d_file.deleted_at'),
    );
    if (actor.kind === 'client') {
      const projectCol = sql.raw('pa_file.project_id');
      const taskProjectCol = sql.raw('t_file.project_id');
      const taskAreaCol = sql.raw('t_file.area_id');
      return sql`(EXISTS (SELECT 1 FROM project_attachments pa_file JOIN projects p_file ON p_file.id = pa_file.project_id
                           WHERE pa_file.file_id = ${fileId} AND p_file.deleted_at IS NULL
                             AND ${scope.project(actor, projectCol)})
              OR EXISTS (SELECT 1 FROM task_attachments ta_file JOIN tasks t_file ON t_file.id = ta_file.task_id
                           JOIN projects p_file ON p_file.id = t_file.project_id
                          WHERE ta_file.file_id = ${fileId} AND p_file.deleted_at IS NULL
                            AND ${scope.area(actor, taskProjectCol, taskAreaCol)})
              OR ${orderFile(orderOf)} OR ${drawingFile(drawingOf)}
              OR ${ownUpload})`;
    }
    // HR files (issue 12): a declaration's receipt, a document's or a contract's file, through the
    // employee record's scope (one's own, or the part's rights).
    const hrFile = sql`(EXISTS (SELECT 1 FROM declarations d_file WHERE d_file.receipt_file_id = ${fileId}
                                   AND ${scope.employeeRecord(actor, sql.raw('d_file.employee_id'), 'hours')})
           OR EXISTS (SELECT 1 FROM employee_documents ed_file WHERE ed_file.file_id = ${fileId}
                         AND ${scope.employeeRecord(actor, sql.raw('ed_file.employee_id'), 'documents')})
           OR EXISTS (SELECT 1 FROM employee_contracts ec_file WHERE ec_file.file_id = ${fileId}
                         AND ${scope.employeeRecord(actor, sql.raw('ec_file.employee_id'), 'contracts')}))`;
    const parts: SQL[] = [ownUpload, hrFile];
    if (can(actor, PROJECT_STAFF)) parts.push(attachedToProject, attachedToTask, drawingFile(drawingOf));
    if (can(actor, COMPANY_STAFF)) parts.push(orderFile(orderOf));
    return sql`(${sql.join(parts, sql` OR `)})`;
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
   * Drawings: every drawing for staff with a projects right; the portal view the drawings made
   * for its own company on a project it is attached to that is not deleted, never deleted
   * drawings. Pass the drawing's project id, company id and deleted_at.
   */
  drawing(actor: Actor, projectId: SQLWrapper, companyId: SQLWrapper, deletedAt: SQLWrapper): SQL {
    if (actor.kind === 'client') {
      return sql`(${companyId} = ${actor.companyId} AND ${deletedAt} IS NULL AND ${scope.project(actor, projectId)}
                  AND EXISTS (SELECT 1 FROM projects p_dscope WHERE p_dscope.id = ${projectId} AND p_dscope.deleted_at IS NULL))`;
    }
    return can(actor, PROJECT_STAFF) ? sql`true` : sql`false`;
  },

  /**
   * An employee's HR records (schedules, booked hours, declarations, overnight stays, documents,
   * contracts): one's own, or everyone's with the rights of that part (PEOPLE_RIGHTS in
   * packages/shared/src/people/people.rules.ts); the portal view (acting as a company too) none.
   * Pass the row's employee id.
   *
   * ```ts
   * sql`SELECT ... FROM declarations d WHERE d.id = ${id} AND ${scope.employeeRecord(actor, sql.raw('d.employee_id'), 'hours')}`
   * ```
   */
  employeeRecord(actor: Actor, employeeId: SQLWrapper, part: PeoplePart): SQL {
    if (actor.kind !== 'employee') return sql`false`;
    return can(actor, PEOPLE_RIGHTS[part]) ? sql`true` : sql`${employeeId} = ${actor.employeeId}`;
  },

  /**
   * Planner entries: every entry for staff with a planner right and for an employee whose mobile
   * settings let them see the planner (read only: editing still needs planner.manage); any other
   * employee only their own (the home screen's "my planning"); the portal view none. Pass the
   * entry's employee id.
   */
  plannerEntry(actor: Actor, employeeId: SQLWrapper): SQL {
    if (actor.kind !== 'employee') return sql`false`;
    return can(actor, PLANNER_STAFF) || actor.selfService.planner ? sql`true` : sql`${employeeId} = ${actor.employeeId}`;
  },

  /**
   * Stored images: those of published products for everyone (the public catalogue); every image
   * for staff who work on products, articles, projects or companies; for the portal view also the
   * company's logo, the images of its published news and of the products assigned to it, its
   * product requests' thumbnails, and its own uploads that nothing uses yet (the form shows them
   * before the save). So an employee acting as a company does not reach, as "own uploads", the
   * images they once uploaded as staff: those are in use, and seen only through the company's records.
   */
  media(actor: Actor, mediaId: SQLWrapper): SQL {
    if (can(actor, MEDIA_STAFF)) return sql`true`;
    if (actor.kind === 'client') {
      return sql`(${publishedMedia(mediaId)} OR EXISTS (
        SELECT 1 FROM company_posts cp_media
         WHERE cp_media.image_media_id = ${mediaId} AND cp_media.company_id = ${actor.companyId}
           AND cp_media.status = 'published' AND cp_media.publish_at <= now())
        OR EXISTS (SELECT 1 FROM companies c_media WHERE c_media.id = ${actor.companyId} AND c_media.logo_media_id = ${mediaId})
        OR EXISTS (
        SELECT 1 FROM company_products cpr_media JOIN product_media pm_media ON pm_media.product_id = cpr_media.product_id
         WHERE pm_media.media_id = ${mediaId} AND cpr_media.company_id = ${actor.companyId})
        OR EXISTS (SELECT 1 FROM orders o_media
                    WHERE o_media.new_product_thumbnail_media_id = ${mediaId} AND o_media.company_id = ${actor.companyId})
        OR (EXISTS (SELECT 1 FROM media m_own WHERE m_own.id = ${mediaId} AND m_own.created_by = ${signedInAccountId(actor)})
            AND NOT ${mediaInUseSql(mediaId)}))`;
    }
    return publishedMedia(mediaId);
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
               WHERE ol_cp.id = ${cp('order_line_id')} AND ${scope.area(actor, sql.raw('t_cp.project_id'), sql.raw('t_cp.area_id'))})))`;
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

/**
 * True when a record holds the file (an attachment of a project or task, an order's file or
 * version preview, a drawing version or a drawing comment's attachment). Until then only its
 * uploader sees it, and the hourly clean-up removes it after a grace period.
 */
export function attachedSql(fileId: SQLWrapper): SQL {
  return sql`(EXISTS (SELECT 1 FROM project_attachments x WHERE x.file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM task_attachments x WHERE x.file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM order_files x WHERE x.file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM order_versions x WHERE x.preview_file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM drawing_versions x WHERE x.file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM drawing_comment_files x WHERE x.file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM declarations x WHERE x.receipt_file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM employee_documents x WHERE x.file_id = ${fileId})
           OR EXISTS (SELECT 1 FROM employee_contracts x WHERE x.file_id = ${fileId}))`;
}

/** True when a record uses the image (a product, an article, a company, a post, a project, an area, an order). */
export function mediaInUseSql(mediaId: SQLWrapper): SQL {
  return sql`(EXISTS (SELECT 1 FROM product_media x WHERE x.media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM products x WHERE ${mediaId} IN (x.tearsheet_media_id, x.header_media_id, x.extended_media_id))
           OR EXISTS (SELECT 1 FROM article_media x WHERE x.media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM articles x WHERE x.impression_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM companies x WHERE x.logo_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM company_posts x WHERE x.image_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM projects x WHERE x.featured_media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM project_areas x WHERE ${mediaId} IN (x.thumbnail_media_id, x.plan_media_id))
           OR EXISTS (SELECT 1 FROM orders x WHERE x.new_product_thumbnail_media_id = ${mediaId}))`;
}

/** True for an image of a published product: anyone may see it, and caches may keep it. */
export function publishedMedia(mediaId: SQLWrapper): SQL {
  return sql`EXISTS (
    SELECT 1 FROM product_media pm JOIN products p ON p.id = pm.product_id
     WHERE pm.media_id = ${mediaId} AND p.published
    UNION ALL
    SELECT 1 FROM products p
     WHERE p.published AND ${mediaId} IN (p.tearsheet_media_id, p.header_media_id, p.extended_media_id))`;
}

const COMPANY_STAFF = ['companies.manage', 'companies.act-as-client'] as const;
const MEDIA_STAFF = [
  'companies.manage',
  'products.manage',
  'inspiration-products.manage',
  'articles.view',
  'projects.view',
  'projects.manage',
] as const;
const PROJECT_STAFF = ['projects.view', 'projects.manage'] as const;
const PLANNER_STAFF = ['planner.view', 'planner.manage'] as const;
