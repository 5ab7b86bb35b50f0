import type { DrawingCommentKind } from '@app/shared/drawings/drawings.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { accountNameSql, joinedPersonNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';
import type { CommentRow } from './drawings.repository';

/**
 * The queries of markup threads on drawing versions: anchored comments, replies, resolving. Every
 * statement that finds or changes a thread joins its drawing (aliased `d`) and ANDs
 * `scope.drawing` into its WHERE, so a thread of a drawing out of the actor's reach is not found.
 */

const inReach = (actor: Actor): SQL =>
  scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'));
const inProject = (projectId: number | undefined): SQL =>
  projectId === undefined ? sql`true` : sql`d.project_id = ${projectId}`;

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

export interface AnchorRow {
  page: number;
  x: number;
  y: number;
  w: number | null;
  h: number | null;
}

export interface ThreadCommentRow extends CommentRow {
  parentId: number | null;
  anchor: AnchorRow | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  versionId: number;
  versionNumber: number;
}

type RawThreadComment = Omit<ThreadCommentRow, 'createdAt' | 'fileIds' | 'anchor' | 'resolvedAt'> & {
  createdAt: Date | string;
  resolvedAt: Date | string | null;
  fileIds: unknown[] | null;
  anchorPage: number | null;
  anchorX: number | null;
  anchorY: number | null;
  anchorW: number | null;
  anchorH: number | null;
};

function toThreadComment(r: RawThreadComment): ThreadCommentRow {
  const { anchorPage, anchorX, anchorY, anchorW, anchorH, ...rest } = r;
  return {
    ...rest,
    id: Number(r.id),
    parentId: r.parentId === null ? null : Number(r.parentId),
    versionId: Number(r.versionId),
    versionNumber: Number(r.versionNumber),
    createdAt: toDate(r.createdAt),
    resolvedAt: r.resolvedAt === null ? null : toDate(r.resolvedAt),
    fileIds: (r.fileIds ?? []).map(Number),
    anchor:
      anchorPage === null || anchorX === null || anchorY === null
        ? null
        : {
            page: Number(anchorPage),
            x: Number(anchorX),
            y: Number(anchorY),
            w: anchorW === null ? null : Number(anchorW),
            h: anchorH === null ? null : Number(anchorH),
          },
  };
}

/**
 * A comment's columns: a comment written while acting as the company is the company's (its author
 * is the company, the employee named beside it), otherwise the side is the author account's kind;
 * with the thread's fields.
 */
const threadColumns = sql`dc.id, dc.kind, dc.body, dc.created_at AS "createdAt", dc.parent_id AS "parentId",
  CASE WHEN dc.acting_employee_id IS NOT NULL THEN c.name ELSE ${accountNameSql(sql.raw('dc.author_account_id'))} END AS author,
  CASE WHEN dc.acting_employee_id IS NOT NULL OR a.company_user_id IS NOT NULL THEN 'client' ELSE 'staff' END AS side,
  ${joinedPersonNameSql('ae')} AS "actingEmployee",
  (SELECT array_agg(dcf.file_id ORDER BY dcf.position) FROM drawing_comment_files dcf WHERE dcf.comment_id = dc.id) AS "fileIds",
  dc.anchor_page AS "anchorPage", dc.anchor_x AS "anchorX", dc.anchor_y AS "anchorY", dc.anchor_w AS "anchorW", dc.anchor_h AS "anchorH",
  dc.resolved_at AS "resolvedAt", ${accountNameSql(sql.raw('dc.resolved_by'))} AS "resolvedBy",
  rv.id AS "versionId", rv.number AS "versionNumber"`;
const threadJoins = sql`FROM drawing_comments dc JOIN drawings d ON d.id = dc.drawing_id JOIN companies c ON c.id = d.company_id
  JOIN drawing_versions rv ON rv.id = dc.version_id
  LEFT JOIN accounts a ON a.id = dc.author_account_id
  LEFT JOIN employees ae ON ae.id = dc.acting_employee_id`;

/**
 * The comments of a version (of a drawing already found in the actor's reach) and of the threads
 * shown on it, oldest first, in one statement: the version's own comments, and the anchored notes
 * of earlier versions that are open, or were resolved after this version came (carried over), with
 * their replies. A reply is stored on its thread's version, so it follows its root.
 */
export async function threadsOf(
  db: DbOrTx,
  v: { drawingId: number; versionId: number; number: number; createdAt: Date },
): Promise<ThreadCommentRow[]> {
  const rows = await query<RawThreadComment>(
    db,
    sql`WITH roots AS (
          SELECT r.id FROM drawing_comments r JOIN drawing_versions rv ON rv.id = r.version_id
           WHERE r.drawing_id = ${v.drawingId} AND r.parent_id IS NULL
             AND (r.version_id = ${v.versionId}
                  OR (rv.number < ${v.number} AND r.kind = 'note' AND r.anchor_page IS NOT NULL
                      AND (r.resolved_at IS NULL OR r.resolved_at > ${v.createdAt.toISOString()}::timestamptz))))
        SELECT ${threadColumns} ${threadJoins}
         WHERE dc.drawing_id = ${v.drawingId} AND (dc.version_id = ${v.versionId} OR dc.id IN (SELECT id FROM roots) OR dc.parent_id IN (SELECT id FROM roots))
         ORDER BY dc.id`,
  );
  return rows.map(toThreadComment);
}

/** One comment of the drawing in the actor's reach, on the given version or an earlier one. */
export async function findThreadComment(
  db: DbOrTx,
  actor: Actor,
  o: { drawingId: number; commentId: number; upToNumber: number; projectId?: number | undefined },
): Promise<ThreadCommentRow | null> {
  const rows = await query<RawThreadComment>(
    db,
    sql`SELECT ${threadColumns} ${threadJoins}
         WHERE dc.id = ${o.commentId} AND dc.drawing_id = ${o.drawingId} AND rv.number <= ${o.upToNumber}
           AND d.deleted_at IS NULL AND ${inProject(o.projectId)} AND ${inReach(actor)}`,
  );
  return rows[0] ? toThreadComment(rows[0]) : null;
}

/** A comment on a version: optionally placed (anchor) or a reply (parentId), with its attachments in order. */
export async function insertThreadComment(
  db: DbOrTx,
  c: {
    drawingId: number;
    versionId: number;
    kind: DrawingCommentKind;
    body: string;
    parentId: number | null;
    anchor: AnchorRow | null;
    authorAccountId: number | null;
    actingEmployeeId: number | null;
    fileIds: readonly number[];
  },
  now: Date,
): Promise<number> {
  const a = c.anchor;
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO drawing_comments (drawing_id, version_id, kind, body, parent_id, anchor_page, anchor_x, anchor_y, anchor_w, anchor_h,
                                      author_account_id, acting_employee_id, created_at)
        VALUES (${c.drawingId}, ${c.versionId}, ${c.kind}, ${c.body}, ${c.parentId}, ${a?.page ?? null}, ${a?.x ?? null},
                ${a?.y ?? null}, ${a?.w ?? null}, ${a?.h ?? null}, ${c.authorAccountId}, ${c.actingEmployeeId},
                ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('drawing_comments insert returned no id');
  if (c.fileIds.length) {
    await query(
      db,
      sql`INSERT INTO drawing_comment_files (comment_id, file_id, position)
          SELECT ${Number(id)}, f.id, f.ord - 1 FROM unnest(${intArray(c.fileIds)}) WITH ORDINALITY AS f(id, ord)`,
    );
  }
  return Number(id);
}

/**
 * Resolves (resolvedBy set) or reopens (null) a thread as one conditional statement: only a root
 * comment in the actor's reach that is in the other state, so of two simultaneous calls exactly
 * one changes it. Answers true when this call did.
 */
export async function setResolved(
  db: DbOrTx,
  actor: Actor,
  o: { drawingId: number; rootId: number; projectId?: number | undefined },
  resolved: { by: number | null; at: Date } | null,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE drawing_comments dc
           SET resolved_at = ${resolved ? resolved.at.toISOString() : null}::timestamptz, resolved_by = ${resolved ? resolved.by : null}
          FROM drawings d
         WHERE dc.id = ${o.rootId} AND dc.drawing_id = ${o.drawingId} AND dc.parent_id IS NULL AND d.id = dc.drawing_id
           AND ${resolved ? sql`dc.resolved_at IS NULL` : sql`dc.resolved_at IS NOT NULL`}
           AND d.deleted_at IS NULL AND ${inProject(o.projectId)} AND ${inReach(actor)}
        RETURNING dc.id`,
  );
  return rows.length > 0;
}

/**
 * The active accounts that wrote in a thread on one side: company users of the drawing's company
 * (client), or employees not deleted (staff). Comments written while acting as the company are the
 * company's, not the employee's: they tell nobody here.
 */
export async function threadParticipants(db: DbOrTx, rootId: number, side: 'staff' | 'client'): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT DISTINCT a.id FROM drawing_comments dc JOIN drawings d ON d.id = dc.drawing_id
          JOIN accounts a ON a.id = dc.author_account_id AND a.status = 'active'
          ${
            side === 'client'
              ? sql`JOIN company_users cu ON cu.id = a.company_user_id AND cu.company_id = d.company_id`
              : sql`JOIN employees e ON e.id = a.employee_id AND e.deleted_at IS NULL`
          }
         WHERE (dc.id = ${rootId} OR dc.parent_id = ${rootId}) AND dc.acting_employee_id IS NULL
         ORDER BY a.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** One thread (of a drawing already found in the actor's reach): its root and replies, oldest first. */
export async function threadOf(db: DbOrTx, rootId: number): Promise<ThreadCommentRow[]> {
  const rows = await query<RawThreadComment>(
    db,
    sql`SELECT ${threadColumns} ${threadJoins} WHERE dc.id = ${rootId} OR dc.parent_id = ${rootId} ORDER BY dc.id`,
  );
  return rows.map(toThreadComment);
}
