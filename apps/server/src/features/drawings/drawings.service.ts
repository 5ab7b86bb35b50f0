import type {
  approveDrawingSchema,
  ClientDrawingListQuery,
  clientDrawingInputSchema,
  clientDrawingUpdateSchema,
  Drawing,
  DrawingAreaOption,
  DrawingComment,
  DrawingListItem,
  DrawingListQuery,
  DrawingVersion,
  DrawingVersionSummary,
  drawingCommentInputSchema,
  drawingInputSchema,
  drawingUpdateSchema,
  newDrawingVersionSchema,
} from '@app/shared/drawings/drawings';
import {
  DRAWING_TAB_STATUSES,
  decidingSide,
  drawingAbilities,
  drawingVersionAbilities,
  newVersionVerdict,
} from '@app/shared/drawings/drawings.rules';
import type { FileInfo } from '@app/shared/files/files';
import { type ApprovalContext, NO_APPROVERS } from '@app/shared/platform/approvers.rules';
import { type Page, pageMeta } from '@app/shared/platform/http';
import { localDateString } from '@app/shared/platform/iso-week';
import { isOverdue } from '@app/shared/platform/overdue';
import type * as z from 'zod';
import type { DbOrTx } from '../../db/client';
import { signedInAccountId } from '../../platform/actor';
import { approversAllowed, namedApproverIds, replaceNamedApprovers } from '../../platform/approvers';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { attachableFileIds, fileInfos } from '../files/files.service';
import { sendOwedMails } from '../notifications/notification.jobs';
import { companyAccounts, employeeAccount, staffAccountsWith } from '../notifications/notifications.repository';
import { notify } from '../notifications/notifications.service';
import * as projectsRepo from '../projects/projects.repository';
import * as approversRepo from './approvers.repository';
import * as repo from './drawings.repository';
import * as markupRepo from './markup.repository';
import { toThreads } from './markup.threads';

/**
 * The drawings approval module: a drawing of a project for one client company goes
 * through versions; each version is decided once (approved, or changes requested) by the client or
 * by staff with projects.manage, and comments with attachments go both ways. The state rules are
 * the shared ones (drawings.rules.ts); each change of state is one conditional UPDATE, so ten
 * simultaneous requests make at most one new version and two decisions give one outcome
 * (D3). Staff routes pass the project of the path; the portal passes none
 * (its scope, scope.drawing, is in every statement).
 */

type DrawingCreate = z.output<typeof drawingInputSchema>;
type DrawingChange = z.output<typeof drawingUpdateSchema>;
type ClientDrawingCreate = z.output<typeof clientDrawingInputSchema>;
type ClientDrawingChange = z.output<typeof clientDrawingUpdateSchema>;
type NewVersion = z.output<typeof newDrawingVersionSchema>;
type CommentInput = z.output<typeof drawingCommentInputSchema>;
type ApproveInput = z.output<typeof approveDrawingSchema>;
export type Decision = { outcome: 'approved'; input: ApproveInput } | { outcome: 'changes_requested'; input: CommentInput };

const iso = (d: Date) => d.toISOString();

/** Today's date in Amsterdam: what "overdue" is measured against. */
const amsterdamToday = (ctx: Ctx): string => localDateString(ctx.clock());

/** The account whose approvals count: a company user's own; an employee acting as the company is never an approver. */
const approverAccountId = (ctx: Ctx): number | null => (ctx.actor.kind === 'client' ? ctx.actor.accountId : null);

function toListItem(r: repo.DrawingRow, today: string, waitingForYou = false): DrawingListItem {
  return {
    id: r.id,
    project: { id: r.projectId, name: r.projectName },
    company: { id: r.companyId, name: r.companyName },
    area: r.areaId === null ? null : { id: r.areaId, name: r.areaName ?? '' },
    name: r.name,
    drawingDate: r.drawingDate,
    employee: r.employeeId === null ? null : { id: r.employeeId, name: r.employeeName ?? '' },
    status: r.status,
    versionCount: r.versionCount,
    latestVersion: r.latest
      ? { id: r.latest.id, number: r.latest.number, status: r.latest.status, createdAt: iso(r.latest.createdAt) }
      : null,
    waitingFor: r.status === 'pending' && r.latest ? decidingSide(r.latest.side) : null,
    updatedAt: iso(r.updatedAt),
    dueDate: r.dueDate,
    overdue: isOverdue(r.dueDate, r.status === 'pending', today),
    waitingForYou,
  };
}

/** The portal view's "waiting for you" of a page of drawings (one statement); staff see none. */
async function waitingFor(ctx: Ctx, rows: readonly repo.DrawingRow[]): Promise<Set<number>> {
  if (ctx.actor.kind !== 'client') return new Set();
  return approversRepo.waitingAmong(
    ctx.db.orm,
    approverAccountId(ctx),
    rows.map((r) => r.id),
  );
}

/** The viewer's standing among the drawing's named approvers on one version. */
async function approvalContext(
  db: DbOrTx,
  ctx: Ctx,
  d: { id: number; approvalRule: ApprovalContext['rule'] },
  versionId: number,
): Promise<ApprovalContext> {
  // Only the portal view's abilities depend on the approvers (staff record a decision for the company).
  if (ctx.actor.kind !== 'client') return { ...NO_APPROVERS, rule: d.approvalRule };
  const approvers = await approversRepo.approversOf(db, d.id, versionId);
  if (approvers.length === 0) return { ...NO_APPROVERS, rule: d.approvalRule };
  const me = approverAccountId(ctx);
  const mine = approvers.find((a) => a.id === me);
  return { named: true, rule: d.approvalRule, isApprover: mine !== undefined, approvedByViewer: mine?.state === 'approved' };
}

export function missingFile(id: number): FileInfo {
  return {
    id,
    originalName: '',
    mime: 'application/octet-stream',
    size: 0,
    url: `/api/files/${id}`,
    uploadedBy: null,
    createdAt: '',
  };
}

function toSummary(v: repo.VersionSummaryRow, files: Map<number, FileInfo>): DrawingVersionSummary {
  return {
    id: v.id,
    number: v.number,
    status: v.status,
    file: files.get(v.fileId) ?? missingFile(v.fileId),
    notes: v.notes,
    side: v.side,
    commentCount: v.commentCount,
    createdBy: v.createdBy,
    createdAt: iso(v.createdAt),
    decidedBy: v.decidedBy,
    decidedAt: v.decidedAt ? iso(v.decidedAt) : null,
  };
}

export async function filesById(db: DbOrTx, ids: number[]): Promise<Map<number, FileInfo>> {
  const infos = await fileInfos(db, [...new Set(ids)]);
  return new Map(infos.map((f) => [f.id, f]));
}

export function toComment(c: repo.CommentRow, files: Map<number, FileInfo>): DrawingComment {
  return {
    id: c.id,
    kind: c.kind,
    body: c.body,
    author: c.author,
    side: c.side,
    actingEmployee: c.actingEmployee,
    files: c.fileIds.map((id) => files.get(id) ?? missingFile(id)),
    createdAt: iso(c.createdAt),
  };
}

/** A project's drawings (not deleted), by tab, search and sort, paged. @throws PROJECT_NOT_FOUND */
export async function listProjectDrawings(ctx: Ctx, projectId: number, q: DrawingListQuery): Promise<Page<DrawingListItem>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, {
    ...q,
    statuses: DRAWING_TAB_STATUSES[q.tab],
    projectId,
  });
  // Only an empty page asks whether the project is there, to answer 404 rather than nothing.
  if (rows.length === 0 && !(await projectsRepo.findRef(ctx.db.orm, ctx.actor, projectId))) {
    throw new AppError('PROJECT_NOT_FOUND');
  }
  const today = amsterdamToday(ctx);
  return { data: rows.map((r) => toListItem(r, today)), meta: pageMeta(q.page, q.perPage, total) };
}

/** The portal's drawings: those made for its company on the projects it sees, optionally of one project. */
export async function listClientDrawings(ctx: Ctx, q: ClientDrawingListQuery): Promise<Page<DrawingListItem>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, {
    ...q,
    // "Waiting for you" looks across the tabs: only pending drawings can wait.
    statuses: q.waiting === 'me' ? ['pending'] : DRAWING_TAB_STATUSES[q.tab],
    projectId: q.projectId,
    waitingFor: q.waiting === 'me' ? approverAccountId(ctx) : undefined,
  });
  const today = amsterdamToday(ctx);
  const waiting = await waitingFor(ctx, rows);
  return { data: rows.map((r) => toListItem(r, today, waiting.has(r.id))), meta: pageMeta(q.page, q.perPage, total) };
}

/** One drawing with its versions, newest first. @throws DRAWING_NOT_FOUND (also for another project's, company's or a deleted one) */
export async function getDrawing(ctx: Ctx, id: number, projectId?: number): Promise<Drawing> {
  const db = ctx.db.orm;
  const row = await repo.find(db, ctx.actor, id, projectId);
  if (!row) throw new AppError('DRAWING_NOT_FOUND');
  const versions = await repo.versionsOf(db, id);
  const files = await filesById(
    db,
    versions.map((v) => v.fileId),
  );
  const approvers = await approversRepo.approversOf(db, id, row.latest?.id ?? null);
  // Waiting for the portal user: as waitingForSql, read off the approvers' states on the latest version.
  const me = approverAccountId(ctx);
  const waitingForYou =
    ctx.actor.kind === 'client' &&
    row.status === 'pending' &&
    (approvers.length === 0 || approvers.some((a) => a.id === me && a.state === 'waiting'));
  return {
    ...toListItem(row, amsterdamToday(ctx), waitingForYou),
    description: row.description,
    versions: versions.map((v) => toSummary(v, files)),
    createdBy: row.createdBy,
    origin: row.origin,
    createdAt: iso(row.createdAt),
    approvedAt: row.approvedAt ? iso(row.approvedAt) : null,
    approvalRule: row.approvalRule,
    approvers: approvers.map((a) => ({ ...a, decidedAt: a.decidedAt ? iso(a.decidedAt) : null })),
    version: row.version,
    abilities: drawingAbilities(row, viewerOf(ctx.actor)),
  };
}

/** One version of a drawing with its comments, oldest first. @throws DRAWING_NOT_FOUND, DRAWING_VERSION_NOT_FOUND */
export async function getDrawingVersion(
  ctx: Ctx,
  drawingId: number,
  versionId: number,
  projectId?: number,
): Promise<DrawingVersion> {
  const db = ctx.db.orm;
  const v = await findVersionOrThrow(db, ctx, drawingId, versionId, projectId);
  // One statement for the version's comments and the threads shown on it (carried-over ones too).
  const rows = await markupRepo.threadsOf(db, { drawingId, versionId, number: v.number, createdAt: v.createdAt });
  const comments = rows.filter((c) => c.versionId === versionId);
  const files = await filesById(db, [v.fileId, ...rows.flatMap((c) => c.fileIds)]);
  const d = v.drawing;
  const isLatest = v.number === d.versionCount;
  const approval = await approvalContext(db, ctx, d, versionId);
  return {
    ...toSummary(v, files),
    drawing: {
      id: d.id,
      name: d.name,
      status: d.status,
      project: { id: d.projectId, name: d.projectName },
      company: { id: d.companyId, name: d.companyName },
      versionCount: d.versionCount,
    },
    isLatest,
    previous: v.previous,
    comments: comments.map((c) => toComment(c, files)),
    threads: toThreads(rows, versionId, files, viewerOf(ctx.actor)),
    abilities: drawingVersionAbilities({ status: v.status, isLatest, side: v.side }, viewerOf(ctx.actor), approval),
  };
}

export async function findVersionOrThrow(
  db: DbOrTx,
  ctx: Ctx,
  drawingId: number,
  versionId: number,
  projectId?: number,
): Promise<repo.VersionRow> {
  const v = await repo.findVersion(db, ctx.actor, drawingId, versionId, projectId);
  if (v) return v;
  // The same answer for a drawing out of reach as for a missing one; only within a drawing the
  // caller sees does a missing version say so.
  if (!(await repo.findState(db, ctx.actor, drawingId, projectId))) throw new AppError('DRAWING_NOT_FOUND');
  throw new AppError('DRAWING_VERSION_NOT_FOUND');
}

// ---- who is told

/** The name the other side reads: an employee's, a company user's with the company, or the company's for an employee acting as it. */
export function actorName(ctx: Ctx): string {
  const a = ctx.actor;
  const person = (p: { first_name: string; insertion: string | null; last_name: string }) =>
    [p.first_name, p.insertion?.trim() || null, p.last_name].filter(Boolean).join(' ');
  if (a.kind === 'employee') return person(a.profile);
  if (a.kind === 'client') return a.actingEmployee || !a.profile ? a.company.name : `${person(a.profile)} (${a.company.name})`;
  return '';
}

export const clientLink = (drawingId: number, versionId: number) => `/drawings/${drawingId}/versions/${versionId}`;
export const staffLink = (projectId: number, drawingId: number, versionId: number) =>
  `/projects/${projectId}/drawings/${drawingId}/versions/${versionId}`;

/** The client side: the company's active users. */
export async function clientSide(tx: DbOrTx, d: { companyId: number }): Promise<number[]> {
  return companyAccounts(tx, d.companyId);
}

/**
 * The staff side: the drawing's employee, or when there is none (or no active account) the
 * project's managers, or when it has none either everyone with projects.manage (a drawing the
 * client made has no employee yet, and someone must review it).
 */
export async function staffSide(tx: DbOrTx, d: { projectId: number; employeeId: number | null }): Promise<number[]> {
  const own = await employeeAccount(tx, d.employeeId);
  if (own !== null) return [own];
  const managers = await repo.projectManagerAccounts(tx, d.projectId);
  return managers.length ? managers : staffAccountsWith(tx, 'projects.manage');
}

/** Never tells the person who acted. */
export function others(ctx: Ctx, accounts: number[]): number[] {
  const me = signedInAccountId(ctx.actor);
  return accounts.filter((a) => a !== me);
}

async function tellClient(
  tx: DbOrTx,
  ctx: Ctx,
  d: { id: number; companyId: number },
  versionId: number,
  kind: 'drawing.version_ready' | 'drawing.comment' | 'drawing.decided',
  data: Record<string, unknown>,
): Promise<void> {
  await notify(
    tx,
    others(ctx, await clientSide(tx, d)),
    { kind, data, link: clientLink(d.id, versionId), mail: true },
    ctx.clock(),
  );
}

async function tellStaff(
  tx: DbOrTx,
  ctx: Ctx,
  d: { id: number; projectId: number; employeeId: number | null },
  versionId: number,
  kind: 'drawing.version_ready' | 'drawing.comment' | 'drawing.decided' | 'drawing.partially_approved',
  data: Record<string, unknown>,
): Promise<void> {
  await notify(
    tx,
    others(ctx, await staffSide(tx, d)),
    // A partial approval is progress: a mail only for whoever asked for one (its default is the app).
    { kind, data, link: staffLink(d.projectId, d.id, versionId), mail: kind !== 'drawing.partially_approved' },
    ctx.clock(),
  );
}

/** The other side of the actor: staff tell the client, the client (or an employee acting as it) tells staff. */
export async function tellOtherSide(
  tx: DbOrTx,
  ctx: Ctx,
  d: { id: number; projectId: number; companyId: number; employeeId: number | null },
  versionId: number,
  kind: 'drawing.comment' | 'drawing.decided',
  data: Record<string, unknown>,
): Promise<void> {
  if (ctx.actor.kind === 'client') await tellStaff(tx, ctx, d, versionId, kind, data);
  else await tellClient(tx, ctx, d, versionId, kind, data);
}

/**
 * Staff's decision on a version the client uploaded: the company user who uploaded it, or the
 * company's users when an employee acting as the company did (or the uploader left).
 */
async function tellUploader(tx: DbOrTx, ctx: Ctx, v: repo.VersionRow, data: Record<string, unknown>): Promise<void> {
  const company = await clientSide(tx, v.drawing);
  const uploader = company.filter((a) => a === v.createdById);
  await notify(
    tx,
    others(ctx, uploader.length ? uploader : company),
    { kind: 'drawing.decided', data, link: clientLink(v.drawing.id, v.id), mail: true },
    ctx.clock(),
  );
}

// ---- checks

type FieldErrors = Record<string, { code: string }>;

function fail(errors: FieldErrors): void {
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
}

/**
 * The area must be one of the project's (not_found) and one the client company sees
 * (area_not_visible: for a company that sees selected areas only, also when none is chosen), so
 * the drawing is one the company can open. The current area may stay while the company does.
 */
async function checkArea(
  tx: DbOrTx,
  projectId: number,
  companyId: number,
  areaId: number | null,
  current: { companyId: number; areaId: number | null } | undefined,
  errors: FieldErrors,
): Promise<void> {
  if (current && current.areaId === areaId && current.companyId === companyId) return;
  const verdict = await repo.areaFor(tx, projectId, companyId, areaId);
  if (verdict === 'missing') errors.areaId = { code: 'not_found' };
  else if (verdict === 'hidden') errors.areaId = { code: 'area_not_visible' };
}

/**
 * The client must be attached to the project (the current one may stay), the employee must exist
 * (the current one may stay), the area must be the project's and one the client sees (checkArea),
 * and each named approver must be a user of the client who can sign in (one already named may
 * stay while the client is the same).
 */
async function checkFields(
  tx: DbOrTx,
  projectId: number,
  input: DrawingCreate | DrawingChange,
  current?: { id: number; companyId: number; employeeId: number | null; areaId: number | null },
): Promise<{ fields: repo.DrawingFields; approverIds: number[]; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  // One after the other: inside a transaction the statements share one connection.
  if (input.companyId !== current?.companyId && !(await repo.companyAttached(tx, projectId, input.companyId))) {
    errors.companyId = { code: 'not_attached' };
  }
  const employeeId = input.employeeId ?? null;
  if (employeeId !== null && employeeId !== current?.employeeId && !(await repo.liveEmployee(tx, employeeId))) {
    errors.employeeId = { code: 'not_found' };
  }
  const areaId = input.areaId ?? null;
  if (!errors.companyId) await checkArea(tx, projectId, input.companyId, areaId, current, errors);
  const approverIds = input.approverIds ?? [];
  if (approverIds.length) {
    const named = current && current.companyId === input.companyId ? await namedApproverIds(tx, 'drawing', current.id) : [];
    if (!(await approversAllowed(tx, input.companyId, approverIds, named))) errors.approverIds = { code: 'not_approver' };
  }
  const fields = {
    name: input.name,
    description: input.description ?? '',
    companyId: input.companyId,
    drawingDate: input.drawingDate,
    employeeId,
    areaId,
    dueDate: input.dueDate ?? null,
    approvalRule: input.approvalRule ?? 'any',
  };
  return { fields, approverIds, errors };
}

/** The ids among fileIds the actor may not attach (scope.file: their own uploads, or files they already see). */
export async function unattachable(tx: DbOrTx, ctx: Ctx, fileIds: readonly number[]): Promise<boolean> {
  if (fileIds.length === 0) return false;
  const ok = await attachableFileIds(tx, ctx.actor, fileIds);
  return fileIds.some((id) => !ok.has(id));
}

export const actingEmployeeId = (ctx: Ctx): number | null =>
  ctx.actor.kind === 'client' ? (ctx.actor.actingEmployee?.employeeId ?? null) : null;

// ---- changes

/**
 * Creates a drawing with its first version (waiting for the client) and tells the company's users.
 * @throws PROJECT_NOT_FOUND, PROJECT_DELETED, VALIDATION_FAILED (companyId not_attached, employeeId not_found, fileId not_found)
 */
export async function createDrawing(ctx: Ctx, projectId: number, input: DrawingCreate): Promise<Drawing> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const project = await projectsRepo.findRef(tx, ctx.actor, projectId);
      if (!project) throw new AppError('PROJECT_NOT_FOUND');
      if (project.deleted) throw new AppError('PROJECT_DELETED');
      const { fields, approverIds, errors } = await checkFields(tx, projectId, input);
      if (await unattachable(tx, ctx, [input.fileId])) errors.fileId = { code: 'not_found' };
      fail(errors);
      const createdBy = signedInAccountId(ctx.actor);
      const id = await repo.insertDrawing(tx, projectId, fields, createdBy, now);
      await replaceNamedApprovers(tx, 'drawing', id, approverIds);
      const versionId = await repo.insertVersion(
        tx,
        { drawingId: id, number: 1, fileId: input.fileId, notes: input.notes ?? '', createdBy },
        now,
      );
      await audit(tx, ctx, 'drawing.created', { type: 'drawing', id }, { projectId, companyId: fields.companyId, versionId });
      await tellClient(tx, ctx, { id, companyId: fields.companyId }, versionId, 'drawing.version_ready', {
        name: fields.name,
        project: project.name,
        versionNumber: 1,
      });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  await sendOwedMails(ctx);
  return getDrawing(ctx, id, projectId);
}

/** Changes a drawing's details (send the version it was based on). @throws DRAWING_NOT_FOUND, STALE_VERSION, FORBIDDEN, VALIDATION_FAILED */
export async function updateDrawing(ctx: Ctx, projectId: number, id: number, input: DrawingChange): Promise<Drawing> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.find(tx, ctx.actor, id, projectId);
      if (!current) throw new AppError('DRAWING_NOT_FOUND');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      assertAbility(drawingAbilities(current, viewerOf(ctx.actor)), 'canEdit');
      const { fields, approverIds, errors } = await checkFields(tx, projectId, input, current);
      fail(errors);
      const approversBefore = await namedApproverIds(tx, 'drawing', id);
      if (!(await repo.update(tx, projectId, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await replaceNamedApprovers(tx, 'drawing', id, approverIds);
      const changed: string[] = (Object.keys(fields) as (keyof repo.DrawingFields)[]).filter((k) => {
        const before: Record<keyof repo.DrawingFields, unknown> = current;
        return before[k] !== fields[k];
      });
      if ([...approverIds].sort((a, b) => a - b).join() !== approversBefore.join()) changed.push('approvers');
      await audit(tx, ctx, 'drawing.updated', { type: 'drawing', id }, { projectId, changed });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getDrawing(ctx, id, projectId);
}

/** Deletes a drawing (soft: it leaves every list and the portal). @throws DRAWING_NOT_FOUND, STALE_VERSION, FORBIDDEN */
export async function deleteDrawing(ctx: Ctx, projectId: number, id: number, version: number): Promise<void> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id, projectId);
    if (!current) throw new AppError('DRAWING_NOT_FOUND');
    assertAbility(drawingAbilities(current, viewerOf(ctx.actor)), 'canDelete');
    if (!(await repo.softDelete(tx, projectId, id, version, now))) {
      throw new AppError((await repo.findState(tx, ctx.actor, id, projectId)) ? 'STALE_VERSION' : 'DRAWING_NOT_FOUND');
    }
    await audit(tx, ctx, 'drawing.deleted', { type: 'drawing', id }, { projectId });
  });
}

/**
 * Adds the next version of an open drawing (it becomes pending) and tells the side that decides
 * it: staff's version the company's users, the client's version the drawing's employee (or the
 * project's managers). Never while a version waits or once approved: the conditional update
 * decides, so of ten simultaneous requests one makes the version and nine are refused. Staff pass
 * the project of the path; the portal passes none.
 * @throws DRAWING_NOT_FOUND, DRAWING_PENDING, DRAWING_APPROVED, VALIDATION_FAILED (fileId not_found)
 */
export async function addDrawingVersion(
  ctx: Ctx,
  projectId: number | undefined,
  drawingId: number,
  input: NewVersion,
): Promise<DrawingVersion> {
  const now = ctx.clock();
  const versionId = await ctx.db.orm
    .transaction(async (tx) => {
      const number = await repo.openNextVersion(tx, ctx.actor, projectId, drawingId, now);
      if (number === null) {
        const state = await repo.findState(tx, ctx.actor, drawingId, projectId);
        if (!state) throw new AppError('DRAWING_NOT_FOUND');
        const verdict = newVersionVerdict(state.status);
        throw new AppError(verdict === true ? 'DRAWING_PENDING' : verdict);
      }
      if (await unattachable(tx, ctx, [input.fileId])) fail({ fileId: { code: 'not_found' } });
      const createdBy = signedInAccountId(ctx.actor);
      const versionId = await repo.insertVersion(
        tx,
        { drawingId, number, fileId: input.fileId, notes: input.notes ?? '', createdBy },
        now,
      );
      const d = await repo.find(tx, ctx.actor, drawingId, projectId);
      if (!d) throw new AppError('DRAWING_NOT_FOUND');
      await audit(
        tx,
        ctx,
        'drawing.version_created',
        { type: 'drawing', id: drawingId },
        { projectId: d.projectId, versionId, number },
      );
      const data = { name: d.name, project: d.projectName, versionNumber: number };
      if (ctx.actor.kind === 'client') {
        await tellStaff(tx, ctx, d, versionId, 'drawing.version_ready', { ...data, company: d.companyName });
      } else {
        await tellClient(tx, ctx, d, versionId, 'drawing.version_ready', data);
      }
      return versionId;
    })
    .catch((err) => {
      throw raced(err);
    });
  await sendOwedMails(ctx);
  return getDrawingVersion(ctx, drawingId, versionId, projectId);
}

/**
 * Decides the latest version while it waits: approved (the drawing is approved, final) or changes
 * requested (the drawing opens for the next version), with a comment of that kind; tells the
 * other side. One conditional update: of two simultaneous decisions exactly one counts.
 * With named approvers only they decide in the portal (staff still record a decision). Rule all:
 * an approval is that approver's vote, and the version is approved with the last missing vote;
 * votes take turns on the drawing's row lock, so two last votes at once give one approval.
 * @throws DRAWING_NOT_FOUND, DRAWING_VERSION_NOT_FOUND, FORBIDDEN, DRAWING_VERSION_LOCKED,
 *   DRAWING_VERSION_DECIDED, DRAWING_APPROVED, DRAWING_NOT_APPROVER, DRAWING_ALREADY_APPROVED_BY_YOU,
 *   VALIDATION_FAILED (fileIds not_found)
 */
export async function decideDrawingVersion(
  ctx: Ctx,
  drawingId: number,
  versionId: number,
  decision: Decision,
  projectId?: number,
): Promise<DrawingVersion> {
  const now = ctx.clock();
  const ability = decision.outcome === 'approved' ? 'canApprove' : 'canRequestChanges';
  await ctx.db.orm
    .transaction(async (tx) => {
      // Decisions on one drawing take turns (the votes of rule all are counted under this lock).
      if (!(await approversRepo.lockDrawing(tx, ctx.actor, drawingId))) throw new AppError('DRAWING_NOT_FOUND');
      const v = await findVersionOrThrow(tx, ctx, drawingId, versionId, projectId);
      const viewer = viewerOf(ctx.actor);
      const approval = await approvalContext(tx, ctx, v.drawing, versionId);
      assertAbility(
        drawingVersionAbilities(
          { status: v.status, isLatest: v.number === v.drawing.versionCount, side: v.side },
          viewer,
          approval,
        ),
        ability,
      );
      const fileIds = decision.outcome === 'changes_requested' ? (decision.input.fileIds ?? []) : [];
      if (await unattachable(tx, ctx, fileIds)) fail({ fileIds: { code: 'not_found' } });
      const decidedBy = signedInAccountId(ctx.actor);
      const body = decision.input.body ?? '';
      if (viewer.kind === 'client' && approval.named && approval.rule === 'all' && decision.outcome === 'approved') {
        // The approver's vote; the version waits on until every named approver voted.
        await repo.insertComment(
          tx,
          { drawingId, versionId, kind: 'approve', body, authorAccountId: decidedBy, actingEmployeeId: null, fileIds: [] },
          now,
        );
        if ((await approversRepo.missingApprovals(tx, drawingId, versionId)) > 0) {
          await audit(tx, ctx, 'drawing.approval_recorded', { type: 'drawing', id: drawingId }, { versionId, number: v.number });
          // Those told of the decision hear who approved and whom it still waits for.
          const waitingFor = (await approversRepo.approversOf(tx, drawingId, versionId))
            .filter((a) => a.state !== 'approved')
            .map((a) => a.name);
          await tellStaff(tx, ctx, v.drawing, versionId, 'drawing.partially_approved', {
            name: v.drawing.name,
            versionNumber: v.number,
            by: actorName(ctx),
            waitingFor,
          });
          return;
        }
        await decideAndTell(tx, ctx, v, decision.outcome, decidedBy, body, now);
        return;
      }
      if (!(await repo.decideVersion(tx, ctx.actor, drawingId, versionId, projectId, decision.outcome, decidedBy, now))) {
        // Someone else decided it (or a newer version came) since we read it: say which.
        const again = await findVersionOrThrow(tx, ctx, drawingId, versionId, projectId);
        assertAbility(
          drawingVersionAbilities(
            { status: again.status, isLatest: again.number === again.drawing.versionCount, side: again.side },
            viewer,
          ),
          ability,
        );
        throw new AppError('DRAWING_VERSION_DECIDED');
      }
      if (!(await repo.settleDrawing(tx, drawingId, decision.outcome, now))) throw new AppError('DRAWING_VERSION_DECIDED');
      await repo.insertComment(
        tx,
        {
          drawingId,
          versionId,
          kind: decision.outcome === 'approved' ? 'approve' : 'request_changes',
          body,
          authorAccountId: decidedBy,
          actingEmployeeId: actingEmployeeId(ctx),
          fileIds,
        },
        now,
      );
      await audit(
        tx,
        ctx,
        decision.outcome === 'approved' ? 'drawing.approved' : 'drawing.changes_requested',
        { type: 'drawing', id: drawingId },
        { versionId, number: v.number },
      );
      const data = {
        name: v.drawing.name,
        versionNumber: v.number,
        outcome: decision.outcome,
        by: actorName(ctx),
        ...(body ? { body } : {}),
      };
      if (ctx.actor.kind !== 'client' && v.side === 'client') await tellUploader(tx, ctx, v, data);
      else await tellOtherSide(tx, ctx, v.drawing, versionId, 'drawing.decided', data);
    })
    .catch((err) => {
      throw raced(err);
    });
  await sendOwedMails(ctx);
  return getDrawingVersion(ctx, drawingId, versionId, projectId);
}

// ---- the portal's own drawings

/**
 * The decks, areas and sub-areas a drawing of the project may belong to, in tree order: all of
 * them for staff, those the company sees for the portal. @throws PROJECT_NOT_FOUND
 */
export async function listAreaOptions(ctx: Ctx, projectId: number): Promise<DrawingAreaOption[]> {
  const db = ctx.db.orm;
  const project = await projectsRepo.findRef(db, ctx.actor, projectId);
  if (!project || (ctx.actor.kind === 'client' && project.deleted)) throw new AppError('PROJECT_NOT_FOUND');
  return repo.areaOptions(db, ctx.actor, projectId);
}

/**
 * A drawing the company makes, with its first version, on a project it sees and (when it sees
 * selected areas only) in one of its areas. The version waits for staff: the drawing's employee
 * is told, or the project's managers, or everyone with projects.manage.
 * @throws FORBIDDEN, VALIDATION_FAILED (projectId not_found, areaId not_found or area_not_visible, fileId not_found)
 */
export async function createClientDrawing(ctx: Ctx, input: ClientDrawingCreate): Promise<Drawing> {
  const actor = ctx.actor;
  if (actor.kind !== 'client') throw new AppError('FORBIDDEN');
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const errors: FieldErrors = {};
      const areaId = input.areaId ?? null;
      const project = await projectsRepo.findRef(tx, actor, input.projectId);
      if (!project || project.deleted) errors.projectId = { code: 'not_found' };
      else await checkArea(tx, input.projectId, actor.companyId, areaId, undefined, errors);
      if (await unattachable(tx, ctx, [input.fileId])) errors.fileId = { code: 'not_found' };
      fail(errors);
      if (!project) throw new AppError('VALIDATION_FAILED');
      const fields: repo.DrawingFields = {
        name: input.name,
        description: input.description ?? '',
        companyId: actor.companyId,
        drawingDate: input.drawingDate,
        employeeId: null,
        areaId,
        // Due dates and approvers are staff's to set.
        dueDate: null,
        approvalRule: 'any',
      };
      const createdBy = signedInAccountId(actor);
      const id = await repo.insertDrawing(tx, input.projectId, fields, createdBy, now);
      const versionId = await repo.insertVersion(
        tx,
        { drawingId: id, number: 1, fileId: input.fileId, notes: input.notes ?? '', createdBy },
        now,
      );
      await audit(
        tx,
        ctx,
        'drawing.created',
        { type: 'drawing', id },
        { projectId: input.projectId, companyId: actor.companyId, versionId },
      );
      await tellStaff(tx, ctx, { id, projectId: input.projectId, employeeId: null }, versionId, 'drawing.version_ready', {
        name: fields.name,
        project: project.name,
        versionNumber: 1,
        company: actor.company.name,
      });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  await sendOwedMails(ctx);
  return getDrawing(ctx, id);
}

/**
 * Changes the details of a drawing the company made (send the version it was based on); the
 * project and the client stay.
 * @throws DRAWING_NOT_FOUND, STALE_VERSION, FORBIDDEN, VALIDATION_FAILED (areaId not_found or area_not_visible)
 */
export async function updateClientDrawing(ctx: Ctx, id: number, input: ClientDrawingChange): Promise<Drawing> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const current = await repo.find(tx, ctx.actor, id);
      if (!current) throw new AppError('DRAWING_NOT_FOUND');
      if (current.version !== input.version) throw new AppError('STALE_VERSION');
      assertAbility(drawingAbilities(current, viewerOf(ctx.actor)), 'canEdit');
      const errors: FieldErrors = {};
      const areaId = input.areaId ?? null;
      await checkArea(tx, current.projectId, current.companyId, areaId, current, errors);
      fail(errors);
      const fields: repo.DrawingFields = {
        name: input.name,
        description: input.description ?? '',
        companyId: current.companyId,
        drawingDate: input.drawingDate,
        employeeId: current.employeeId,
        areaId,
        dueDate: current.dueDate,
        approvalRule: current.approvalRule,
      };
      if (!(await repo.update(tx, current.projectId, id, input.version, fields, now))) throw new AppError('STALE_VERSION');
      const before: Record<keyof repo.DrawingFields, unknown> = current;
      const changed = (Object.keys(fields) as (keyof repo.DrawingFields)[]).filter((k) => before[k] !== fields[k]);
      await audit(tx, ctx, 'drawing.updated', { type: 'drawing', id }, { projectId: current.projectId, changed });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getDrawing(ctx, id);
}

/**
 * Deletes a drawing the company made while nothing was decided on it (its first version still
 * waits); the same conditional update refuses it once staff decided meanwhile.
 * @throws DRAWING_NOT_FOUND, STALE_VERSION, FORBIDDEN, DRAWING_HAS_DECISIONS
 */
export async function deleteClientDrawing(ctx: Ctx, id: number, version: number): Promise<void> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.find(tx, ctx.actor, id);
    if (!current) throw new AppError('DRAWING_NOT_FOUND');
    if (current.version !== version) throw new AppError('STALE_VERSION');
    assertAbility(drawingAbilities(current, viewerOf(ctx.actor)), 'canDelete');
    if (!(await repo.softDelete(tx, current.projectId, id, version, now, { undecidedOnly: true }))) {
      const state = await repo.findState(tx, ctx.actor, id);
      if (!state) throw new AppError('DRAWING_NOT_FOUND');
      throw new AppError(state.version !== version ? 'STALE_VERSION' : 'DRAWING_HAS_DECISIONS');
    }
    await audit(tx, ctx, 'drawing.deleted', { type: 'drawing', id }, { projectId: current.projectId });
  });
}

/** Rule all's last vote: the version and the drawing are approved (the vote is its comment), and staff are told. */
async function decideAndTell(
  tx: DbOrTx,
  ctx: Ctx,
  v: repo.VersionRow,
  outcome: 'approved',
  decidedBy: number | null,
  body: string,
  now: Date,
): Promise<void> {
  const drawingId = v.drawing.id;
  if (!(await repo.decideVersion(tx, ctx.actor, drawingId, v.id, undefined, outcome, decidedBy, now))) {
    throw new AppError('DRAWING_VERSION_DECIDED');
  }
  if (!(await repo.settleDrawing(tx, drawingId, outcome, now))) throw new AppError('DRAWING_VERSION_DECIDED');
  await audit(tx, ctx, 'drawing.approved', { type: 'drawing', id: drawingId }, { versionId: v.id, number: v.number });
  await tellOtherSide(tx, ctx, v.drawing, v.id, 'drawing.decided', {
    name: v.drawing.name,
    versionNumber: v.number,
    outcome,
    by: actorName(ctx),
    ...(body ? { body } : {}),
  });
}
