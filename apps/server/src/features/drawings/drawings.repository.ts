import type { DrawingCommentKind, DrawingSide, DrawingStatus, DrawingVersionStatus } from '@app/shared/drawings/drawings.rules';
import type { ApprovalRule } from '@app/shared/platform/approvers.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { accountNameSql, areaLabelSql, joinedPersonNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { escapeLike, intArray, query } from '../../platform/sql';
import { waitingForSql } from './approvers.repository';

/**
 * Every query of drawings, their versions and comments. Reads and state changes AND
 * `scope.drawing` into their WHERE (the table is aliased `d` in every statement), so a drawing of
 * another company, of a project the company does not see, or a deleted one is simply not found.
 * A staff route also names the project: a drawing of another project is not found either.
 */

const inReach = (actor: Actor): SQL =>
  scope.drawing(actor, sql.raw('d.project_id'), sql.raw('d.company_id'), sql.raw('d.deleted_at'), sql.raw('d.area_id'));
const inProject = (projectId: number | undefined): SQL =>
  projectId === undefined ? sql`true` : sql`d.project_id = ${projectId}`;

/**
 * The side that made a drawing or uploaded a version: the client when a company user did, or an
 * employee acting as the company (the audit row of that write names the company; an employee's
 * own write names none), otherwise staff. `created_by` alone cannot tell an acting employee from
 * staff, and the tables keep no side of their own.
 */
function sideSql(createdBy: string, drawingId: string, events: readonly string[], versionId: string | null): SQL {
  const version = versionId === null ? sql`` : sql`AND al_side.data->>'versionId' = (${sql.raw(versionId)})::text`;
  return sql`CASE WHEN EXISTS (SELECT 1 FROM accounts a_side WHERE a_side.id = ${sql.raw(createdBy)} AND a_side.company_user_id IS NOT NULL)
                    OR EXISTS (SELECT 1 FROM audit_log al_side
                                WHERE al_side.subject_type = 'drawing' AND al_side.subject_id = (${sql.raw(drawingId)})::text
                                  AND al_side.event = ANY(${`{${events.join(',')}}`}::text[]) AND al_side.company_id IS NOT NULL ${version})
                  THEN 'client' ELSE 'staff' END`;
}
const originSql = sideSql('d.created_by', 'd.id', ['drawing.created'], null);
const versionSideSql = (alias: string) =>
  sideSql(`${alias}.created_by`, `${alias}.drawing_id`, ['drawing.created', 'drawing.version_created'], `${alias}.id`);

const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));
const toDateOrNull = (v: Date | string | null): Date | null => (v === null ? null : toDate(v));

export interface DrawingRow {
  id: number;
  projectId: number;
  projectName: string;
  companyId: number;
  companyName: string;
  areaId: number | null;
  areaName: string | null;
  origin: DrawingSide;
  name: string;
  description: string;
  drawingDate: string;
  employeeId: number | null;
  employeeName: string | null;
  status: DrawingStatus;
  versionCount: number;
  dueDate: string | null;
  approvalRule: ApprovalRule;
  approvedAt: Date | null;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  latest: { id: number; number: number; status: DrawingVersionStatus; side: DrawingSide; createdAt: Date } | null;
}

type RawDrawing = Omit<DrawingRow, 'latest' | 'approvedAt' | 'createdAt' | 'updatedAt'> & {
  approvedAt: Date | string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  latestId: number | null;
  latestNumber: number | null;
  latestStatus: DrawingVersionStatus | null;
  latestSide: DrawingSide | null;
  latestCreatedAt: Date | string | null;
};

const drawingColumns = sql`d.id, d.project_id AS "projectId", p.name AS "projectName", d.company_id AS "companyId",
  c.name AS "companyName", d.area_id AS "areaId", CASE WHEN ar.id IS NULL THEN NULL ELSE ${areaLabelSql('ar')} END AS "areaName",
  ${originSql} AS origin, d.name, d.description, d.drawing_date AS "drawingDate", d.employee_id AS "employeeId",
  ${joinedPersonNameSql('e')} AS "employeeName",
  d.status, d.version_count AS "versionCount", d.due_date AS "dueDate", d.approval_rule AS "approvalRule", d.approved_at AS "approvedAt",
  ${accountNameSql(sql.raw('d.created_by'))} AS "createdBy", d.created_at AS "createdAt", d.updated_at AS "updatedAt",
  d.version, lv.id AS "latestId", lv.number AS "latestNumber", lv.status AS "latestStatus",
  CASE WHEN lv.id IS NULL THEN NULL ELSE ${versionSideSql('lv')} END AS "latestSide", lv.created_at AS "latestCreatedAt"`;
const drawingJoins = sql`FROM drawings d JOIN projects p ON p.id = d.project_id JOIN companies c ON c.id = d.company_id
  LEFT JOIN employees e ON e.id = d.employee_id
  LEFT JOIN project_areas ar ON ar.id = d.area_id
  LEFT JOIN drawing_versions lv ON lv.drawing_id = d.id AND lv.number = d.version_count`;

function toDrawingRow(r: RawDrawing): DrawingRow {
  const { latestId, latestNumber, latestStatus, latestSide, latestCreatedAt, ...rest } = r;
  return {
    ...rest,
    id: Number(r.id),
    projectId: Number(r.projectId),
    companyId: Number(r.companyId),
    areaId: r.areaId === null ? null : Number(r.areaId),
    employeeId: r.employeeId === null ? null : Number(r.employeeId),
    versionCount: Number(r.versionCount),
    version: Number(r.version),
    approvedAt: toDateOrNull(r.approvedAt),
    createdAt: toDate(r.createdAt),
    updatedAt: toDate(r.updatedAt),
    latest:
      latestId === null || latestNumber === null || latestStatus === null || latestCreatedAt === null
        ? null
        : {
            id: Number(latestId),
            number: Number(latestNumber),
            status: latestStatus,
            side: latestSide ?? 'staff',
            createdAt: toDate(latestCreatedAt),
          },
  };
}

const SORTS: Record<string, SQL> = {
  '-updated': sql`d.updated_at DESC, d.id DESC`,
  name: sql`lower(d.name) ASC, d.id ASC`,
  '-date': sql`d.drawing_date DESC, d.id DESC`,
};

export interface DrawingListFilter {
  page: number;
  perPage: number;
  q?: string | undefined;
  sort: string;
  statuses: readonly DrawingStatus[];
  projectId?: number | undefined;
  /** Only the drawings waiting for this account (approvers.repository waitingForSql). */
  waitingFor?: number | null | undefined;
}

/** One page of drawings in the actor's reach (never deleted ones) and the total: two statements. */
export async function list(db: DbOrTx, actor: Actor, f: DrawingListFilter): Promise<{ rows: DrawingRow[]; total: number }> {
  const term = f.q ? `%${escapeLike(f.q)}%` : null;
  const where = sql`d.deleted_at IS NULL AND ${inReach(actor)} AND ${inProject(f.projectId)}
    AND d.status = ANY(${`{${f.statuses.join(',')}}`}::text[])
    ${term ? sql`AND (d.name ILIKE ${term} OR d.description ILIKE ${term})` : sql``}
    ${f.waitingFor !== undefined ? sql`AND ${waitingForSql(f.waitingFor)}` : sql``}`;
  const [rows, count] = await Promise.all([
    query<RawDrawing>(
      db,
      sql`SELECT ${drawingColumns} ${drawingJoins} WHERE ${where}
           ORDER BY ${SORTS[f.sort] ?? SORTS['-updated'] ?? sql`d.id`} LIMIT ${f.perPage} OFFSET ${(f.page - 1) * f.perPage}`,
    ),
    query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drawings d WHERE ${where}`),
  ]);
  return { rows: rows.map(toDrawingRow), total: Number(count[0]?.n ?? 0) };
}

/** One drawing in the actor's reach (not deleted); within a project when projectId is given. */
export async function find(db: DbOrTx, actor: Actor, id: number, projectId?: number): Promise<DrawingRow | null> {
  const rows = await query<RawDrawing>(
    db,
    sql`SELECT ${drawingColumns} ${drawingJoins}
         WHERE d.id = ${id} AND d.deleted_at IS NULL AND ${inProject(projectId)} AND ${inReach(actor)}`,
  );
  return rows[0] ? toDrawingRow(rows[0]) : null;
}

export interface VersionSummaryRow {
  id: number;
  number: number;
  status: DrawingVersionStatus;
  fileId: number;
  notes: string;
  side: DrawingSide;
  commentCount: number;
  createdById: number | null;
  createdBy: string | null;
  createdAt: Date;
  decidedBy: string | null;
  decidedAt: Date | null;
}

const versionColumns = sql`v.id, v.number, v.status, v.file_id AS "fileId", v.notes, ${versionSideSql('v')} AS side,
  v.created_by AS "createdById",
  (SELECT count(*)::int FROM drawing_comments cc WHERE cc.version_id = v.id) AS "commentCount",
  ${accountNameSql(sql.raw('v.created_by'))} AS "createdBy", v.created_at AS "createdAt",
  ${accountNameSql(sql.raw('v.decided_by'))} AS "decidedBy", v.decided_at AS "decidedAt"`;

type RawVersion = Omit<VersionSummaryRow, 'createdAt' | 'decidedAt'> & {
  createdAt: Date | string;
  decidedAt: Date | string | null;
};

function toVersionRow(r: RawVersion): VersionSummaryRow {
  return {
    ...r,
    id: Number(r.id),
    number: Number(r.number),
    fileId: Number(r.fileId),
    createdById: r.createdById === null ? null : Number(r.createdById),
    commentCount: Number(r.commentCount),
    createdAt: toDate(r.createdAt),
    decidedAt: toDateOrNull(r.decidedAt),
  };
}

/** The versions of a drawing already found in the actor's reach, newest first. */
export async function versionsOf(db: DbOrTx, drawingId: number): Promise<VersionSummaryRow[]> {
  const rows = await query<RawVersion>(
    db,
    sql`SELECT ${versionColumns} FROM drawing_versions v WHERE v.drawing_id = ${drawingId} ORDER BY v.number DESC`,
  );
  return rows.map(toVersionRow);
}

export interface VersionRow extends VersionSummaryRow {
  drawing: DrawingRow;
  previous: { id: number; number: number } | null;
}

/** One version of a drawing in the actor's reach, with its drawing and the version before it. */
export async function findVersion(
  db: DbOrTx,
  actor: Actor,
  drawingId: number,
  versionId: number,
  projectId?: number,
): Promise<VersionRow | null> {
  const rows = await query<RawDrawing & { v: RawVersion; previousId: number | null; previousNumber: number | null }>(
    db,
    sql`SELECT ${drawingColumns}, row_to_json(vv) AS v, pv.id AS "previousId", pv.number AS "previousNumber"
          ${drawingJoins}
          JOIN LATERAL (SELECT ${versionColumns} FROM drawing_versions v WHERE v.id = ${versionId} AND v.drawing_id = d.id) vv ON true
          LEFT JOIN drawing_versions pv ON pv.drawing_id = d.id AND pv.number = vv.number - 1
         WHERE d.id = ${drawingId} AND d.deleted_at IS NULL AND ${inProject(projectId)} AND ${inReach(actor)}`,
  );
  const r = rows[0];
  if (!r) return null;
  const { v, previousId, previousNumber, ...drawing } = r;
  return {
    ...toVersionRow(typeof v === 'string' ? (JSON.parse(v) as RawVersion) : v),
    drawing: toDrawingRow(drawing as RawDrawing),
    previous: previousId === null || previousNumber === null ? null : { id: Number(previousId), number: Number(previousNumber) },
  };
}

export interface CommentRow {
  id: number;
  kind: DrawingCommentKind;
  body: string;
  author: string | null;
  side: 'staff' | 'client';
  actingEmployee: string | null;
  fileIds: number[];
  createdAt: Date;
}

/** The drawing's state as the actor may see it (for saying why a conditional change found nothing). */
export async function findState(
  db: DbOrTx,
  actor: Actor,
  id: number,
  projectId?: number,
): Promise<{ status: DrawingStatus; version: number } | null> {
  const rows = await query<{ status: DrawingStatus; version: number }>(
    db,
    sql`SELECT d.status, d.version FROM drawings d
         WHERE d.id = ${id} AND d.deleted_at IS NULL AND ${inProject(projectId)} AND ${inReach(actor)}`,
  );
  return rows[0] ? { status: rows[0].status, version: Number(rows[0].version) } : null;
}

/** True when the company is attached to the project. */
export async function companyAttached(db: DbOrTx, projectId: number, companyId: number): Promise<boolean> {
  const rows = await query<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM project_companies WHERE project_id = ${projectId} AND company_id = ${companyId}`,
  );
  return rows.length > 0;
}

/** True for an employee who is not deleted. */
export async function liveEmployee(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await query<{ one: number }>(db, sql`SELECT 1 AS one FROM employees WHERE id = ${id} AND deleted_at IS NULL`);
  return rows.length > 0;
}

/** The active accounts of the project's managers who are not deleted. */
export async function projectManagerAccounts(db: DbOrTx, projectId: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT a.id FROM project_managers pm JOIN employees e ON e.id = pm.employee_id AND e.deleted_at IS NULL
          JOIN accounts a ON a.employee_id = e.id AND a.status = 'active'
         WHERE pm.project_id = ${projectId} ORDER BY a.id`,
  );
  return rows.map((r) => Number(r.id));
}

export interface DrawingFields {
  name: string;
  description: string;
  companyId: number;
  drawingDate: string;
  employeeId: number | null;
  areaId: number | null;
  dueDate: string | null;
  approvalRule: ApprovalRule;
}

/** The project's decks, areas and sub-areas in tree order with their labels, those in the actor's reach (scope.area). */
export async function areaOptions(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
): Promise<{ id: number; name: string; kind: 'deck' | 'area' | 'subarea'; parentId: number | null }[]> {
  const rows = await query<{ id: number; name: string; kind: 'deck' | 'area' | 'subarea'; parentId: number | null }>(
    db,
    sql`SELECT a.id, ${areaLabelSql('a')} AS name, a.kind, a.parent_id AS "parentId" FROM project_areas a
         WHERE a.project_id = ${projectId} AND ${scope.area(actor, sql.raw('a.project_id'), sql.raw('a.id'))}
         ORDER BY a.tree_rank, a.id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), parentId: r.parentId === null ? null : Number(r.parentId) }));
}

/**
 * Where an area stands for a drawing of this project for this company: missing (not an area of
 * the project), hidden (the company does not see it, scope.area's rule for the company) or ok.
 * A null area is hidden from a company that sees selected areas only.
 */
export async function areaFor(
  db: DbOrTx,
  projectId: number,
  companyId: number,
  areaId: number | null,
): Promise<'missing' | 'hidden' | 'ok'> {
  if (areaId !== null) {
    const own = await query<{ one: number }>(
      db,
      sql`SELECT 1 AS one FROM project_areas WHERE id = ${areaId} AND project_id = ${projectId}`,
    );
    if (own.length === 0) return 'missing';
  }
  const seen = await query<{ ok: boolean }>(
    db,
    sql`SELECT ${scope.companyArea(companyId, sql`${projectId}::int`, sql`${areaId}::int`)} AS ok`,
  );
  return seen[0]?.ok ? 'ok' : 'hidden';
}

/** A new drawing whose first version waits for the client (status pending, version_count 1). */
export async function insertDrawing(
  db: DbOrTx,
  projectId: number,
  fields: DrawingFields,
  createdBy: number | null,
  now: Date,
): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO drawings (project_id, company_id, area_id, name, description, drawing_date, employee_id, due_date, approval_rule,
                              status, version_count, waiting_since, created_by, created_at, updated_at)
        VALUES (${projectId}, ${fields.companyId}, ${fields.areaId}, ${fields.name}, ${fields.description}, ${fields.drawingDate},
                ${fields.employeeId}, ${fields.dueDate}, ${fields.approvalRule}, 'pending', 1, ${at}::timestamptz, ${createdBy}, ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('drawings insert returned no id');
  return Number(id);
}

/** A version of a drawing (status pending). */
export async function insertVersion(
  db: DbOrTx,
  v: { drawingId: number; number: number; fileId: number; notes: string; createdBy: number | null },
  now: Date,
): Promise<number> {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO drawing_versions (drawing_id, number, file_id, notes, status, created_by, created_at)
        VALUES (${v.drawingId}, ${v.number}, ${v.fileId}, ${v.notes}, 'pending', ${v.createdBy}, ${now.toISOString()}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('drawing_versions insert returned no id');
  return Number(id);
}

/**
 * THE RULE of a new version (specification sections 4 and 5), as one conditional statement: only
 * an open drawing takes a new version, and it becomes pending in the same statement, so of any
 * number of simultaneous requests at most one finds the drawing open. Answers the new version's
 * number, or null when the drawing is not open (or not there).
 */
export async function openNextVersion(
  db: DbOrTx,
  actor: Actor,
  projectId: number | undefined,
  id: number,
  now: Date,
): Promise<number | null> {
  const at = now.toISOString();
  const rows = await query<{ number: number }>(
    db,
    sql`UPDATE drawings d SET version_count = d.version_count + 1, status = 'pending', waiting_since = ${at}::timestamptz,
                              reminded_at = NULL, approved_at = NULL, updated_at = ${at}::timestamptz
         WHERE d.id = ${id} AND ${inProject(projectId)} AND d.status = 'open' AND d.deleted_at IS NULL AND ${inReach(actor)}
        RETURNING d.version_count AS number`,
  );
  return rows[0] ? Number(rows[0].number) : null;
}

/** Writes the fields at the given version (bumping it); false when the version moved on or the drawing is gone. */
export async function update(
  db: DbOrTx,
  projectId: number,
  id: number,
  version: number,
  fields: DrawingFields,
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE drawings d SET name = ${fields.name}, description = ${fields.description}, company_id = ${fields.companyId},
                              drawing_date = ${fields.drawingDate}, employee_id = ${fields.employeeId}, area_id = ${fields.areaId},
                              due_date = ${fields.dueDate}, approval_rule = ${fields.approvalRule},
                              version = d.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE d.id = ${id} AND d.project_id = ${projectId} AND d.version = ${version} AND d.deleted_at IS NULL
        RETURNING d.id`,
  );
  return rows.length > 0;
}

/** Soft-deletes the drawing at the given version; false when the version moved on, it is gone (or, undecidedOnly, a version was decided). */
export async function softDelete(
  db: DbOrTx,
  projectId: number,
  id: number,
  version: number,
  now: Date,
  opts: { undecidedOnly?: boolean } = {},
): Promise<boolean> {
  const at = now.toISOString();
  // The portal deletes only while nothing was decided: its first version still waits.
  const undecided = opts.undecidedOnly ? sql`AND d.status = 'pending' AND d.version_count = 1` : sql``;
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE drawings d SET deleted_at = ${at}::timestamptz, version = d.version + 1, updated_at = ${at}::timestamptz
         WHERE d.id = ${id} AND d.project_id = ${projectId} AND d.version = ${version} AND d.deleted_at IS NULL ${undecided}
        RETURNING d.id`,
  );
  return rows.length > 0;
}

/**
 * Decides a version once, as one conditional statement: only the drawing's latest version, only
 * while it waits, only in the actor's reach. Of two simultaneous decisions the second finds the
 * version decided. Answers true when this call decided it.
 */
export async function decideVersion(
  db: DbOrTx,
  actor: Actor,
  drawingId: number,
  versionId: number,
  projectId: number | undefined,
  status: 'approved' | 'changes_requested',
  decidedBy: number | null,
  now: Date,
): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE drawing_versions v SET status = ${status}, decided_by = ${decidedBy}, decided_at = ${now.toISOString()}::timestamptz
          FROM drawings d
         WHERE v.id = ${versionId} AND v.drawing_id = ${drawingId} AND d.id = v.drawing_id
           AND v.status = 'pending' AND v.number = d.version_count AND d.status = 'pending' AND d.deleted_at IS NULL
           AND ${inProject(projectId)} AND ${inReach(actor)}
        RETURNING v.id`,
  );
  return rows.length > 0;
}

/** The drawing follows its latest version's decision: approved (final), or open for the next version. */
export async function settleDrawing(
  db: DbOrTx,
  drawingId: number,
  outcome: 'approved' | 'changes_requested',
  now: Date,
): Promise<boolean> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE drawings SET status = ${outcome === 'approved' ? 'approved' : 'open'},
                            approved_at = ${outcome === 'approved' ? at : null}::timestamptz,
                            waiting_since = NULL, reminded_at = NULL, updated_at = ${at}::timestamptz
         WHERE id = ${drawingId} AND status = 'pending'
        RETURNING id`,
  );
  return rows.length > 0;
}

/** A comment on a version (with its attachments in order). */
export async function insertComment(
  db: DbOrTx,
  c: {
    drawingId: number;
    versionId: number;
    kind: DrawingCommentKind;
    body: string;
    authorAccountId: number | null;
    actingEmployeeId: number | null;
    fileIds: readonly number[];
  },
  now: Date,
): Promise<number> {
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO drawing_comments (drawing_id, version_id, kind, body, author_account_id, acting_employee_id, created_at)
        VALUES (${c.drawingId}, ${c.versionId}, ${c.kind}, ${c.body}, ${c.authorAccountId}, ${c.actingEmployeeId},
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
