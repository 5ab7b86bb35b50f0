import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Actor, signedInAccountId } from '../actor';
import { can } from '../can';
import { companyScopes } from './companies';
import { peopleScopes } from './people';
import { projectScopes } from './projects';
import { COMPANY_STAFF, PROJECT_STAFF } from './rights';

/** Attachments (the `files` table): each file through the scope of the record that holds it. */
export const fileScopes = {
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
    const orderOf = companyScopes.order(actor, sql.raw('o_file.company_id'));
    const drawingOf = projectScopes.drawing(
      actor,
      sql.raw('d_file.project_id'),
      sql.raw('d_file.company_id'),
      sql.raw('d_file.deleted_at'),
      sql.raw('d_file.area_id'),
    );
    if (actor.kind === 'client') {
      const projectCol = sql.raw('pa_file.project_id');
      const taskProjectCol = sql.raw('t_file.project_id');
      const taskAreaCol = sql.raw('t_file.area_id');
      return sql`(EXISTS (SELECT 1 FROM project_attachments pa_file JOIN projects p_file ON p_file.id = pa_file.project_id
                           WHERE pa_file.file_id = ${fileId} AND p_file.deleted_at IS NULL
                             AND ${projectScopes.project(actor, projectCol)})
              OR EXISTS (SELECT 1 FROM task_attachments ta_file JOIN tasks t_file ON t_file.id = ta_file.task_id
                           JOIN projects p_file ON p_file.id = t_file.project_id
                          WHERE ta_file.file_id = ${fileId} AND p_file.deleted_at IS NULL
                            AND ${projectScopes.area(actor, taskProjectCol, taskAreaCol)})
              OR ${orderFile(orderOf)} OR ${drawingFile(drawingOf)}
              OR ${ownUpload})`;
    }
    // HR files: a declaration's receipt, a document's or a contract's file, through the
    // employee record's scope (one's own, or the part's rights).
    const hrFile = sql`(EXISTS (SELECT 1 FROM declarations d_file WHERE d_file.receipt_file_id = ${fileId}
                                   AND ${peopleScopes.employeeRecord(actor, sql.raw('d_file.employee_id'), 'hours')})
           OR EXISTS (SELECT 1 FROM employee_documents ed_file WHERE ed_file.file_id = ${fileId}
                         AND ${peopleScopes.employeeRecord(actor, sql.raw('ed_file.employee_id'), 'documents')})
           OR EXISTS (SELECT 1 FROM employee_contracts ec_file WHERE ec_file.file_id = ${fileId}
                         AND ${peopleScopes.employeeRecord(actor, sql.raw('ec_file.employee_id'), 'contracts')}))`;
    const parts: SQL[] = [ownUpload, hrFile];
    if (can(actor, PROJECT_STAFF)) parts.push(attachedToProject, attachedToTask, drawingFile(drawingOf));
    if (can(actor, COMPANY_STAFF)) parts.push(orderFile(orderOf));
    return sql`(${sql.join(parts, sql` OR `)})`;
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
