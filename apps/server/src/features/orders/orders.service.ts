import type { FileInfo } from '@app/shared/files/files';
import { mediaUrl } from '@app/shared/media/media';
import type { NotificationKind } from '@app/shared/notifications/notifications';
import type {
  ApproveRequestInput,
  ClientOrderListQuery,
  DenyDesignInput,
  Order,
  OrderListItem,
  OrderUpdate,
  ProductRequestInput,
  SendVersionInput,
  StaffOrderListQuery,
} from '@app/shared/orders/orders';
import {
  ORDER_TAB_STATUSES,
  type OrderAbilities,
  type OrderStatus,
  orderAbilities,
  STAFF_TAB_STATUSES,
} from '@app/shared/orders/orders.rules';
import type { ApproverChoice } from '@app/shared/platform/approvers';
import { type ApprovalContext, NO_APPROVERS } from '@app/shared/platform/approvers.rules';
import type { FieldError } from '@app/shared/platform/errors';
import { type Page, pageMeta } from '@app/shared/platform/http';
import { localDateString } from '@app/shared/platform/iso-week';
import { isOverdue } from '@app/shared/platform/overdue';
import { slugify } from '@app/shared/products/products';
import type { DbOrTx } from '../../db/client';
import { type Actor, signedInAccountId } from '../../platform/actor';
import { approverChoices, approversAllowed, namedApproverIds, replaceNamedApprovers } from '../../platform/approvers';
import { audit } from '../../platform/audit';
import { assertAbility, requirePermission, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { advisoryLock, LOCK_PRODUCT_ORDER, LOCK_PRODUCT_SLUG } from '../../platform/sql';
import { attachableFileIds, fileInfos } from '../files/files.service';
import { sendOwedMails } from '../notifications/notification.jobs';
import { companyAccounts, employeeAccount, staffAccountsWith } from '../notifications/notifications.repository';
import { notify } from '../notifications/notifications.service';
import * as productsRepo from '../products/products.repository';
import * as approversRepo from './approvers.repository';
import * as repo from './orders.repository';

/**
 * Product requests and the orders they become. The state machine and who may do what
 * are the shared rule (`orders.rules.ts`); every decision here is one conditional UPDATE on the
 * order's status and version (repo.transition), so two people pressing at once get exactly one
 * outcome and the other a 409 that says why. Each write runs in one transaction with its event
 * row, its audit row and its notifications (never to the person who acted); the mails go after
 * the commit (sendOwedMails).
 */

const PREVIEW_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'application/pdf']);

// ---- reading

function toProduct(r: repo.OrderRow): OrderListItem['product'] {
  if (r.productId !== null) {
    return {
      id: r.productId,
      name: r.productName ?? '',
      thumbnailUrl: r.productMediaId === null ? null : mediaUrl(r.productMediaId, 'thumb'),
      isNew: false,
    };
  }
  return {
    id: null,
    name: r.newProductTitle ?? '',
    thumbnailUrl: r.newProductThumbnailMediaId === null ? null : mediaUrl(r.newProductThumbnailMediaId, 'thumb'),
    isNew: r.newProductTitle !== null,
  };
}

function toListItem(r: repo.OrderRow, today: string, waitingForYou = false): OrderListItem {
  return {
    id: r.id,
    company: { id: r.companyId, name: r.companyName },
    title: r.title,
    product: toProduct(r),
    quantity: r.quantity,
    status: r.status,
    latestEvent: r.latestEvent,
    versionCount: Number(r.versionCount),
    requestedBy: r.requestedBy,
    openQuestions: Number(r.openQuestions),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    project: r.projectId === null ? null : { id: Number(r.projectId), name: r.projectName ?? '' },
    dueDate: r.dueDate,
    overdue: isOverdue(r.dueDate, r.status === 'pending_approval', today),
    waitingForYou,
  };
}

/** The account whose decisions count as a named approver's: a company user's own; an employee acting as the company never. */
const approverAccountId = (actor: Actor): number | null =>
  actor.kind === 'client' && !actor.actingEmployee ? actor.accountId : null;

/** The viewer's standing among the order's named approvers on the version waiting (staff: none, they do not decide designs). */
function approvalContext(
  actor: Actor,
  rule: ApprovalContext['rule'],
  approvers: readonly approversRepo.ApproverRow[],
): ApprovalContext {
  if (actor.kind !== 'client' || approvers.length === 0) return { ...NO_APPROVERS, rule };
  const mine = approvers.find((a) => a.id === approverAccountId(actor));
  return { named: true, rule, isApprover: mine !== undefined, approvedByViewer: mine?.state === 'approved' };
}

const localeOf = (actor: Actor) => (actor.kind === 'anonymous' ? 'nl' : actor.locale);

async function listOrders(
  ctx: Ctx,
  statuses: readonly OrderStatus[],
  q: {
    page: number;
    perPage: number;
    q?: string | undefined;
    sort: string;
    companyId?: number | undefined;
    projectId?: number | undefined;
    waitingFor?: number | null | undefined;
  },
): Promise<Page<OrderListItem>> {
  const { rows, total } = await repo.list(ctx.db.orm, ctx.actor, localeOf(ctx.actor), { ...q, statuses });
  const today = localDateString(ctx.clock());
  // The portal view's "waiting for you" of the page (one statement); staff see none.
  const waiting =
    ctx.actor.kind === 'client'
      ? await approversRepo.waitingAmong(
          ctx.db.orm,
          approverAccountId(ctx.actor),
          rows.map((r) => r.id),
        )
      : new Set<number>();
  return { data: rows.map((r) => toListItem(r, today, waiting.has(r.id))), meta: pageMeta(q.page, q.perPage, total) };
}

/** The back office's requests and orders, per tab (STAFF_TAB_STATUSES), of one company or all. */
export function listStaffOrders(ctx: Ctx, q: StaffOrderListQuery): Promise<Page<OrderListItem>> {
  return listOrders(ctx, STAFF_TAB_STATUSES[q.tab], q);
}

/**
 * The portal's requests and orders of its own company, per tab (ORDER_TAB_STATUSES); with
 * `waiting=me` across the tabs the orders whose design waits for the signed-in user.
 */
export function listClientOrders(ctx: Ctx, q: ClientOrderListQuery): Promise<Page<OrderListItem>> {
  if (q.waiting === 'me') {
    return listOrders(ctx, ['pending_approval'], { ...q, companyId: undefined, waitingFor: approverAccountId(ctx.actor) });
  }
  return listOrders(ctx, ORDER_TAB_STATUSES[q.tab], { ...q, companyId: undefined });
}

/**
 * One order with its versions, files and history. The client sees the final files only once
 * the design is approved (approved or completed); versions always.
 * @throws ORDER_NOT_FOUND (also for another company's order)
 */
export async function getOrder(ctx: Ctx, id: number): Promise<Order> {
  const db = ctx.db.orm;
  const row = await repo.find(db, ctx.actor, localeOf(ctx.actor), id);
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const versions = await repo.versions(db, id);
  const attached = await repo.files(db, id);
  const events = await repo.events(db, id);
  const ids = [
    ...new Set([
      ...attached.map((f) => f.fileId),
      ...versions.flatMap((v) => (v.previewFileId === null ? [] : [v.previewFileId])),
    ]),
  ];
  const infos = new Map((await fileInfos(db, ids)).map((f) => [f.id, f]));
  const info = (fileId: number): FileInfo[] => {
    const f = infos.get(fileId);
    return f ? [f] : [];
  };
  const showFinal = ctx.actor.kind !== 'client' || row.status === 'approved' || row.status === 'completed';
  const latest = versions[0]?.number ?? 0;
  const approvers = await approversRepo.approversOf(db, id, versions[0]?.id ?? null);
  const approval = approvalContext(ctx.actor, row.approvalRule, approvers);
  // Waiting for the portal user: as waitingForSql, read off the approvers' states on the latest version.
  const me = approverAccountId(ctx.actor);
  const waitingForYou =
    ctx.actor.kind === 'client' &&
    row.status === 'pending_approval' &&
    (approvers.length === 0 || approvers.some((a) => a.id === me && a.state === 'waiting'));
  return {
    ...toListItem(row, localDateString(ctx.clock()), waitingForYou),
    description: row.description,
    declineReason: row.declineReason,
    reorderedFromId: row.reorderedFromId,
    handledBy: row.handledById === null ? null : { id: row.handledById, name: row.handledByName ?? '' },
    versions: versions.map((v) => ({
      id: v.id,
      number: v.number,
      comment: v.comment,
      preview: v.previewFileId === null ? null : (infos.get(v.previewFileId) ?? null),
      status: v.status,
      decisionComment: v.decisionComment,
      feedbackFiles: attached.filter((f) => f.kind === 'feedback' && f.versionId === v.id).flatMap((f) => info(f.fileId)),
      decidedBy: v.decidedBy,
      decidedAt: v.decidedAt,
      createdBy: v.createdBy,
      createdAt: v.createdAt,
      locked: v.number < latest,
    })),
    providedFiles: attached.filter((f) => f.kind === 'provided').flatMap((f) => info(f.fileId)),
    finalFiles: showFinal ? attached.filter((f) => f.kind === 'final').flatMap((f) => info(f.fileId)) : [],
    events,
    approvalRule: row.approvalRule,
    approvers: approvers.map((a) => ({ ...a, decidedAt: a.decidedAt ? a.decidedAt.toISOString() : null })),
    version: row.version,
    abilities: abilities(ctx.actor, row.status, approval),
  };
}

function abilities(actor: Actor, status: OrderStatus, approval?: ApprovalContext): OrderAbilities {
  return orderAbilities({ status }, viewerOf(actor), approval);
}

/**
 * Who staff can name as an order's approvers: the users of the order's company who can sign in.
 * @throws ORDER_NOT_FOUND
 */
export async function listApproverChoices(ctx: Ctx, id: number): Promise<ApproverChoice[]> {
  const s = await repo.state(ctx.db.orm, ctx.actor, id);
  if (!s) throw new AppError('ORDER_NOT_FOUND');
  return approverChoices(ctx.db.orm, s.companyId);
}

// ---- helpers of the writes

function fieldErrors(errors: Record<string, FieldError>): void {
  if (Object.keys(errors).length) {
    throw new AppError('VALIDATION_FAILED', { message: `Invalid ${Object.keys(errors).join(', ')}`, fieldErrors: errors });
  }
}

/** Files the actor may attach (its own fresh uploads, or files it sees elsewhere); others are `field: not_found`. */
async function checkFiles(db: DbOrTx, actor: Actor, field: string, ids: readonly number[], errors: Record<string, FieldError>) {
  if (ids.length === 0) return;
  const ok = await attachableFileIds(db, actor, ids);
  if (ids.some((id) => !ok.has(id))) errors[field] = { code: 'not_found' };
}

/** Who acted, as events record it: the signed-in account, and the employee behind a portal action. */
function who(actor: Actor): { actorAccountId: number | null; actingEmployeeId: number | null } {
  return {
    actorAccountId: signedInAccountId(actor),
    actingEmployeeId: actor.kind === 'client' ? (actor.actingEmployee?.employeeId ?? null) : null,
  };
}

/**
 * Answers why a conditional UPDATE found no row: the order is gone or out of reach
 * (ORDER_NOT_FOUND), its status moved on (the rule's code for that status, e.g.
 * REQUEST_ALREADY_DECIDED), or only its version (STALE_VERSION).
 */
async function whyNot(
  db: DbOrTx,
  actor: Actor,
  id: number,
  version: number,
  ability: keyof Omit<OrderAbilities, 'reasons'>,
): Promise<never> {
  const now = await repo.state(db, actor, id);
  if (!now) throw new AppError('ORDER_NOT_FOUND');
  assertAbility(abilities(actor, now.status), ability);
  // The status still allows it: the version moved on (or, for a design decision, the version waiting changed).
  throw new AppError(now.version === version ? 'ORDER_NOT_AWAITING_APPROVAL' : 'STALE_VERSION');
}

/** Reads the order (in reach) and checks the ability and the version before any other check. */
async function precheck(
  db: DbOrTx,
  actor: Actor,
  id: number,
  ability: keyof Omit<OrderAbilities, 'reasons'>,
  version?: number,
  lock = false,
): Promise<repo.OrderState> {
  const s = await repo.state(db, actor, id, lock);
  if (!s) throw new AppError('ORDER_NOT_FOUND');
  assertAbility(abilities(actor, s.status), ability);
  if (version !== undefined && s.version !== version) throw new AppError('STALE_VERSION');
  return s;
}

/**
 * The company people to tell about a staff action: the one who asked, when that is an active
 * user of the company; otherwise every active user of the company. Never the actor.
 */
async function clientRecipients(db: DbOrTx, actor: Actor, s: repo.OrderState): Promise<number[]> {
  const me = signedInAccountId(actor);
  let ids: number[];
  if (await repo.activeCompanyAccount(db, s.companyId, s.requestedBy)) ids = [s.requestedBy as number];
  else ids = await companyAccounts(db, s.companyId);
  return ids.filter((id) => id !== me);
}

/** The staff to tell about a client action: the employee who handles it, else everyone with companies.manage. Never the actor. */
async function staffRecipients(db: DbOrTx, actor: Actor, handledBy: number | null): Promise<number[]> {
  const me = signedInAccountId(actor);
  const handler = await employeeAccount(db, handledBy);
  const ids = handler !== null ? [handler] : await staffAccountsWith(db, 'companies.manage');
  return ids.filter((id) => id !== me);
}

async function tell(
  db: DbOrTx,
  ids: number[],
  kind: NotificationKind,
  data: Record<string, unknown>,
  link: string,
  now: Date,
): Promise<void> {
  await notify(db, ids, { kind, data, link, mail: true }, now);
}

const portalLink = (id: number) => `/orders/${id}`;
const staffLink = (id: number) => `/requests/${id}`;

/**
 * Runs a write in one transaction; after the commit, the mails it owes go out (`mails: false` for
 * a change that tells nobody); then answers the order.
 */
async function write(ctx: Ctx, fn: (tx: DbOrTx, now: Date) => Promise<number>, o: { mails?: boolean } = {}): Promise<Order> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction((tx) => fn(tx, now))
    .catch((err) => {
      throw raced(err);
    });
  if (o.mails !== false) await sendOwedMails(ctx);
  return getOrder(ctx, id);
}

// ---- the client's writes

/**
 * A product request of the caller's company: an existing catalogue product the portal may see
 * (published, or one of the company's products) or a new one named by the request, with an
 * optional thumbnail the caller may see and files it uploaded. Staff with companies.manage are told.
 * @throws VALIDATION_FAILED (productId, newProductThumbnailMediaId, fileIds: not_found)
 */
export async function createRequest(ctx: Ctx, input: ProductRequestInput): Promise<Order> {
  const actor = ctx.actor;
  if (actor.kind !== 'client') throw new AppError('FORBIDDEN');
  return write(ctx, async (tx, now) => {
    const productId = input.productId ?? null;
    const thumb = input.newProductThumbnailMediaId ?? null;
    const fileIds = [...new Set(input.fileIds ?? [])];
    const errors: Record<string, FieldError> = {};
    if (productId !== null && !(await repo.portalProductExists(tx, actor.companyId, productId))) {
      errors.productId = { code: 'not_found' };
    }
    if (thumb !== null && !(await repo.mediaVisible(tx, actor, thumb))) errors.newProductThumbnailMediaId = { code: 'not_found' };
    await checkFiles(tx, actor, 'fileIds', fileIds, errors);
    const projectId = input.projectId ?? null;
    if (projectId !== null && !(await repo.projectAllowed(tx, actor, actor.companyId, projectId))) {
      errors.projectId = { code: 'not_found' };
    }
    fieldErrors(errors);
    const me = who(actor);
    const id = await repo.insert(
      tx,
      {
        companyId: actor.companyId,
        title: input.title,
        description: input.description ?? '',
        quantity: input.quantity ?? 1,
        productId,
        newProductTitle: productId === null ? (input.newProductTitle ?? null) : null,
        newProductThumbnailMediaId: productId === null ? thumb : null,
        status: 'requested',
        requestedBy: me.actorAccountId,
        handledBy: null,
        reorderedFromId: null,
        projectId,
      },
      now,
    );
    await repo.addFiles(tx, id, fileIds, 'provided', null, now);
    await repo.addEvent(tx, { orderId: id, kind: 'requested', ...me }, now);
    await audit(tx, ctx, 'order.requested', { type: 'order', id }, { title: input.title, productId, files: fileIds.length });
    await tell(
      tx,
      await staffRecipients(tx, actor, null),
      'request.received',
      { orderId: id, title: input.title, company: actor.company.name },
      staffLink(id),
      now,
    );
    return id;
  });
}

/**
 * Edits the title, description and quantity while the order is requested or in progress (both
 * sides), based on the version the edit started from.
 * @throws ORDER_NOT_FOUND, ORDER_NOT_EDITABLE, STALE_VERSION
 */
export async function updateOrder(ctx: Ctx, id: number, input: OrderUpdate): Promise<Order> {
  return write(
    ctx,
    async (tx, now) => {
      const before = await precheck(tx, ctx.actor, id, 'canEdit', input.version);
      const approvers = await approverChange(tx, ctx, before.companyId, id, input);
      const fields: repo.OrderChange = {
        title: input.title,
        description: input.description ?? '',
        quantity: input.quantity ?? 1,
        ...(await projectAndDueDate(tx, ctx, id, input)),
        ...(approvers.rule ? { approvalRule: approvers.rule } : {}),
      };
      const s = await repo.transition(tx, ctx.actor, id, input.version, ['requested', 'in_progress'], fields, now);
      if (!s) return whyNot(tx, ctx.actor, id, input.version, 'canEdit');
      if (approvers.ids) await replaceNamedApprovers(tx, 'order', id, approvers.ids);
      await repo.addEvent(tx, { orderId: id, kind: 'edited', ...who(ctx.actor) }, now);
      await audit(
        tx,
        ctx,
        'order.updated',
        { type: 'order', id },
        {
          title: input.title,
          quantity: input.quantity ?? 1,
          ...(approvers.ids ? { approvers: approvers.ids.length, approvalRule: s.approvalRule } : {}),
        },
      );
      return id;
    },
    { mails: false },
  );
}

/**
 * The client approves the design version waiting for it: the version approved, the order
 * approved. The handling employee is told.
 * @throws ORDER_NOT_FOUND, ORDER_NOT_AWAITING_APPROVAL, STALE_VERSION
 */
export async function approveDesign(ctx: Ctx, id: number, version: number): Promise<Order> {
  return decideDesign(ctx, id, version, { outcome: 'approved', comment: null, fileIds: [] });
}

/**
 * The client denies the design with the changes it wants (a comment and feedback files): the
 * version denied, the order back in progress. The handling employee is told.
 * @throws ORDER_NOT_FOUND, ORDER_NOT_AWAITING_APPROVAL, STALE_VERSION, VALIDATION_FAILED (fileIds)
 */
export async function denyDesign(ctx: Ctx, id: number, input: DenyDesignInput): Promise<Order> {
  return decideDesign(ctx, id, input.version, {
    outcome: 'denied',
    comment: input.comment,
    fileIds: [...new Set(input.fileIds ?? [])],
  });
}

async function decideDesign(
  ctx: Ctx,
  id: number,
  version: number,
  d: { outcome: 'approved' | 'denied'; comment: string | null; fileIds: number[] },
): Promise<Order> {
  const ability = d.outcome === 'approved' ? 'canApproveDesign' : 'canDenyDesign';
  return write(ctx, async (tx, now) => {
    // Decisions on one order take turns on its row lock: the votes of rule all are counted under it,
    // so two last votes at once give one approval.
    const before = await precheck(tx, ctx.actor, id, ability, version, true);
    const pending = await approversRepo.pendingVersion(tx, id);
    const approvers = pending ? await approversRepo.approversOf(tx, id, pending.id) : [];
    const approval = approvalContext(ctx.actor, before.approvalRule, approvers);
    assertAbility(abilities(ctx.actor, before.status, approval), ability);
    const errors: Record<string, FieldError> = {};
    await checkFiles(tx, ctx.actor, 'fileIds', d.fileIds, errors);
    fieldErrors(errors);
    if (pending && approval.named && approval.rule === 'all' && d.outcome === 'approved') {
      const waiting = approvers.filter((a) => a.state !== 'approved' && a.id !== approverAccountId(ctx.actor));
      if (waiting.length > 0) return recordVote(tx, ctx, before, pending, approvers, waiting, now);
      // The last missing approval: it decides, as any approval does.
    }
    const next = d.outcome === 'approved' ? 'approved' : 'in_progress';
    const s = await repo.transition(tx, ctx.actor, id, version, ['pending_approval'], { status: next, waitingSince: now }, now, {
      latestVersionPending: true,
    });
    if (!s) return whyNot(tx, ctx.actor, id, version, ability);
    const me = who(ctx.actor);
    const v = await repo.decideVersion(tx, id, { status: d.outcome, comment: d.comment, by: me.actorAccountId }, now);
    if (!v) throw new AppError('ORDER_NOT_AWAITING_APPROVAL');
    await repo.addFiles(tx, id, d.fileIds, 'feedback', v.id, now);
    await repo.addEvent(
      tx,
      {
        orderId: id,
        kind: d.outcome === 'approved' ? 'design_approved' : 'design_denied',
        comment: d.comment,
        versionId: v.id,
        ...me,
      },
      now,
    );
    await audit(
      tx,
      ctx,
      `order.design_${d.outcome}`,
      { type: 'order', id },
      { versionNumber: v.number, files: d.fileIds.length },
    );
    await tell(
      tx,
      await staffRecipients(tx, ctx.actor, s.handledBy),
      'design.decided',
      {
        orderId: id,
        title: s.title,
        company: s.companyName,
        versionNumber: v.number,
        outcome: d.outcome,
        ...(d.comment ? { comment: d.comment } : {}),
      },
      staffLink(id),
      now,
    );
    return id;
  });
}

/**
 * Rule all: a named approver's approval while others still have to approve. An event of its own
 * (design_vote) on the version; the order's status and version stay (the others decide the same
 * version), and the handling employee is told in the app who approved and who is still awaited.
 */
async function recordVote(
  tx: DbOrTx,
  ctx: Ctx,
  s: repo.OrderState,
  v: { id: number; number: number },
  approvers: readonly approversRepo.ApproverRow[],
  waiting: readonly approversRepo.ApproverRow[],
  now: Date,
): Promise<number> {
  const id = s.id;
  const voter = approvers.find((a) => a.id === approverAccountId(ctx.actor));
  await repo.addEvent(tx, { orderId: id, kind: 'design_vote', versionId: v.id, ...who(ctx.actor) }, now);
  await repo.touch(tx, id, now);
  await audit(tx, ctx, 'order.design_vote', { type: 'order', id }, { versionNumber: v.number, waiting: waiting.length });
  await notify(
    tx,
    await staffRecipients(tx, ctx.actor, s.handledBy),
    {
      kind: 'design.vote',
      data: {
        orderId: id,
        title: s.title,
        company: s.companyName,
        versionNumber: v.number,
        by: voter?.name ?? '',
        waiting: waiting.map((a) => a.name).join(', '),
      },
      link: staffLink(id),
    },
    now,
  );
  return id;
}

/**
 * The client asks staff for more information about an open order: an event with the question,
 * the status unchanged. The handling employee (or companies.manage staff) is told.
 * @throws ORDER_NOT_FOUND, ORDER_CLOSED
 */
export async function askInfo(ctx: Ctx, id: number, comment: string): Promise<Order> {
  return write(ctx, async (tx, now) => {
    const s = await precheck(tx, ctx.actor, id, 'canAskInfo', undefined, true);
    await repo.addEvent(tx, { orderId: id, kind: 'info_requested', comment, ...who(ctx.actor) }, now);
    await repo.touch(tx, id, now);
    await audit(tx, ctx, 'order.info_requested', { type: 'order', id });
    await tell(
      tx,
      await staffRecipients(tx, ctx.actor, s.handledBy),
      'order.info_requested',
      { orderId: id, title: s.title, company: s.companyName, comment },
      staffLink(id),
      now,
    );
    return id;
  });
}

/**
 * The client follows up on one of its questions, in the question's thread: an info_requested event
 * whose parent is the question (the thread waits for staff again), under the rule of asking (an
 * open order). Staff are told as of a question: the handling employee, or companies.manage staff.
 * @throws ORDER_NOT_FOUND, FORBIDDEN, ORDER_CLOSED, ORDER_QUESTION_NOT_FOUND (not a question of this order)
 */
export async function followUpQuestion(ctx: Ctx, id: number, eventId: number, comment: string): Promise<Order> {
  return write(ctx, async (tx, now) => {
    const s = await precheck(tx, ctx.actor, id, 'canAskInfo', undefined, true);
    const q = await repo.question(tx, id, eventId);
    if (!q) throw new AppError('ORDER_QUESTION_NOT_FOUND');
    await repo.addEvent(tx, { orderId: id, kind: 'info_requested', comment, parentId: eventId, ...who(ctx.actor) }, now);
    await repo.touch(tx, id, now);
    await audit(tx, ctx, 'order.info_requested', { type: 'order', id }, { questionId: eventId });
    await tell(
      tx,
      await staffRecipients(tx, ctx.actor, s.handledBy),
      'order.info_requested',
      { orderId: id, title: s.title, company: s.companyName, comment, followUp: true, question: q.comment ?? '' },
      staffLink(id),
      now,
    );
    return id;
  });
}

/**
 * Staff answer one of the client's questions on the order: an info_answered event pointing at the
 * question, the status and version unchanged. An answer is not a decision: two staff answering at
 * once both land, as two answers in the thread. The company users who wrote in the thread (the
 * question and its follow-ups) are told, every user of the company when they are all gone, in the
 * app and by mail as they chose; the mail quotes the client's last words.
 * @throws ORDER_NOT_FOUND, FORBIDDEN, ORDER_QUESTION_NOT_FOUND (not a question of this order)
 */
export async function answerQuestion(ctx: Ctx, id: number, eventId: number, comment: string): Promise<Order> {
  return write(ctx, async (tx, now) => {
    const s = await precheck(tx, ctx.actor, id, 'canAnswerQuestions');
    const q = await repo.question(tx, id, eventId);
    if (!q) throw new AppError('ORDER_QUESTION_NOT_FOUND');
    await repo.addEvent(tx, { orderId: id, kind: 'info_answered', comment, parentId: eventId, ...who(ctx.actor) }, now);
    await repo.touch(tx, id, now);
    await audit(tx, ctx, 'order.info_answered', { type: 'order', id }, { questionId: eventId });
    const me = signedInAccountId(ctx.actor);
    const asked = await repo.threadQuestions(tx, s.companyId, id, eventId);
    const askers = [...new Set(asked.flatMap((a) => (a.active && a.accountId !== null ? [a.accountId] : [])))];
    await tell(
      tx,
      (askers.length ? askers : await companyAccounts(tx, s.companyId)).filter((a) => a !== me),
      'order.info_answered',
      { orderId: id, title: s.title, question: asked.at(-1)?.comment ?? q.comment ?? '', comment },
      portalLink(id),
      now,
    );
    return id;
  });
}

/**
 * Adds files to an open order: the client's as `provided`, staff's as `final` (the client
 * downloads those once the design is approved).
 * @throws ORDER_NOT_FOUND, ORDER_CLOSED, VALIDATION_FAILED (fileIds: not_found)
 */
export async function addFiles(ctx: Ctx, id: number, fileIds: readonly number[]): Promise<Order> {
  const ids = [...new Set(fileIds)];
  return write(
    ctx,
    async (tx, now) => {
      await precheck(tx, ctx.actor, id, 'canAddFiles', undefined, true);
      const errors: Record<string, FieldError> = {};
      await checkFiles(tx, ctx.actor, 'fileIds', ids, errors);
      fieldErrors(errors);
      const kind = ctx.actor.kind === 'client' ? 'provided' : 'final';
      const added = await repo.addFiles(tx, id, ids, kind, null, now);
      if (added > 0) {
        await repo.addEvent(tx, { orderId: id, kind: 'files_added', ...who(ctx.actor) }, now);
        await repo.touch(tx, id, now);
      }
      await audit(tx, ctx, 'order.files_added', { type: 'order', id }, { kind, files: added });
      return id;
    },
    { mails: false },
  );
}

/**
 * Orders a completed order again: a new order of the same company and product (the title,
 * description and quantity, or the quantity given), in progress at once, handled by the same
 * employee, who (or else companies.manage staff) is told. An event on both.
 * @throws ORDER_NOT_FOUND, ORDER_NOT_COMPLETED
 */
export async function reorder(ctx: Ctx, id: number, quantity: number | undefined): Promise<Order> {
  const actor = ctx.actor;
  return write(ctx, async (tx, now) => {
    const s = await precheck(tx, actor, id, 'canReorder', undefined, true);
    const me = who(actor);
    const newId = await repo.insert(
      tx,
      {
        companyId: s.companyId,
        title: s.title,
        description: s.description,
        quantity: quantity ?? s.quantity,
        productId: s.productId,
        newProductTitle: s.productId === null ? s.newProductTitle : null,
        newProductThumbnailMediaId: s.productId === null ? s.newProductThumbnailMediaId : null,
        status: 'in_progress',
        requestedBy: me.actorAccountId,
        handledBy: s.handledBy,
        reorderedFromId: id,
      },
      now,
    );
    await repo.addEvent(tx, { orderId: id, kind: 'reordered', ...me }, now);
    await repo.addEvent(tx, { orderId: newId, kind: 'reordered', ...me }, now);
    await repo.touch(tx, id, now);
    await audit(tx, ctx, 'order.reordered', { type: 'order', id: newId }, { from: id, quantity: quantity ?? s.quantity });
    await tell(
      tx,
      await staffRecipients(tx, actor, s.handledBy),
      'request.received',
      { orderId: newId, title: s.title, company: s.companyName, reorder: true },
      staffLink(newId),
      now,
    );
    return newId;
  });
}

// ---- staff's writes

/**
 * Approves a request: to an existing catalogue product, or into a new catalogue product made from
 * the request (its name and thumbnail; unpublished, at the end of the overall order; needs
 * products.manage too). The order goes in progress, handled by the given employee (default: the
 * one approving), the product joins the company's products, and the requester is told.
 * @throws ORDER_NOT_FOUND, REQUEST_ALREADY_DECIDED, STALE_VERSION, FORBIDDEN,
 *   VALIDATION_FAILED (target.productId, handledById: not_found)
 */
export async function approveRequest(ctx: Ctx, id: number, input: ApproveRequestInput): Promise<Order> {
  const actor = ctx.actor;
  if (actor.kind !== 'employee') throw new AppError('FORBIDDEN');
  if (input.target.kind === 'new') requirePermission(ctx, 'products.manage');
  return write(ctx, async (tx, now) => {
    const before = await precheck(tx, actor, id, 'canApproveRequest', input.version);
    const handledBy = input.handledById ?? actor.employeeId;
    const errors: Record<string, FieldError> = {};
    const existing = input.target.kind === 'existing' ? input.target.productId : null;
    if (existing !== null && !(await repo.productExists(tx, existing))) errors['target.productId'] = { code: 'not_found' };
    if (input.handledById !== null && input.handledById !== undefined && !(await repo.liveEmployee(tx, input.handledById)))
      errors.handledById = { code: 'not_found' };
    fieldErrors(errors);
    // Making a product takes the catalogue's order and slug locks: before any row lock (platform/sql.ts).
    if (input.target.kind === 'new') {
      await advisoryLock(tx, LOCK_PRODUCT_ORDER, 0);
      await advisoryLock(tx, LOCK_PRODUCT_SLUG, 0);
    }
    const s = await repo.transition(
      tx,
      actor,
      id,
      input.version,
      ['requested'],
      { status: 'in_progress', handledBy, waitingSince: now, keepOrSetProductId: existing },
      now,
    );
    if (!s) return whyNot(tx, actor, id, input.version, 'canApproveRequest');
    let productId = s.productId;
    if (input.target.kind === 'new') {
      const name = input.target.name ?? before.newProductTitle ?? before.title;
      productId = await createCatalogueProduct(tx, name, s.newProductThumbnailMediaId, now);
      await repo.setProduct(tx, id, productId);
      await audit(tx, ctx, 'product.created', { type: 'product', id: productId }, { fromOrder: id });
    }
    if (productId !== null) await repo.assignProduct(tx, s.companyId, productId, signedInAccountId(actor), now);
    await repo.addEvent(tx, { orderId: id, kind: 'request_approved', ...who(actor) }, now);
    await audit(tx, ctx, 'order.request_approved', { type: 'order', id }, { productId, target: input.target.kind, handledBy });
    await tell(
      tx,
      await clientRecipients(tx, actor, s),
      'request.decided',
      { orderId: id, title: s.title, outcome: 'approved' },
      portalLink(id),
      now,
    );
    return id;
  });
}

/** A new, unpublished catalogue product at the end of the overall order, its thumbnail as its first image. */
async function createCatalogueProduct(tx: DbOrTx, name: string, thumbnailMediaId: number | null, now: Date): Promise<number> {
  const base = slugify(name);
  const taken = await productsRepo.slugsLike(tx, base);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const sortOrder = await productsRepo.nextSortOrder(tx);
  const productId = await productsRepo.insert(
    tx,
    { nameNl: name, nameEn: '', descriptionNl: '', slug, articleId: null, sortOrder },
    now,
  );
  if (thumbnailMediaId !== null) {
    await productsRepo.addGalleryImage(tx, productId, thumbnailMediaId);
  }
  return productId;
}

/**
 * Declines a request with the reason; the requester is told.
 * @throws ORDER_NOT_FOUND, REQUEST_ALREADY_DECIDED, STALE_VERSION
 */
export async function declineRequest(ctx: Ctx, id: number, input: { version: number; reason: string }): Promise<Order> {
  return write(ctx, async (tx, now) => {
    await precheck(tx, ctx.actor, id, 'canDeclineRequest', input.version);
    const s = await repo.transition(
      tx,
      ctx.actor,
      id,
      input.version,
      ['requested'],
      { status: 'declined', declineReason: input.reason },
      now,
    );
    if (!s) return whyNot(tx, ctx.actor, id, input.version, 'canDeclineRequest');
    await repo.addEvent(tx, { orderId: id, kind: 'request_declined', comment: input.reason, ...who(ctx.actor) }, now);
    await audit(tx, ctx, 'order.request_declined', { type: 'order', id });
    await tell(
      tx,
      await clientRecipients(tx, ctx.actor, s),
      'request.decided',
      { orderId: id, title: s.title, outcome: 'declined', reason: input.reason },
      portalLink(id),
      now,
    );
    return id;
  });
}

/**
 * Sends a design version for approval: the next number, with a comment and a preview (an image
 * or PDF the sender may attach); the order waits for the client, who is told.
 * @throws ORDER_NOT_FOUND, ORDER_AWAITING_APPROVAL, ORDER_NOT_IN_PROGRESS, STALE_VERSION,
 *   VALIDATION_FAILED (previewFileId: not_found | type_not_allowed)
 */
export async function sendVersion(ctx: Ctx, id: number, input: SendVersionInput): Promise<Order> {
  return write(ctx, async (tx, now) => {
    const before = await precheck(tx, ctx.actor, id, 'canSendVersion', input.version);
    const errors: Record<string, FieldError> = {};
    const ok = await attachableFileIds(tx, ctx.actor, [input.previewFileId]);
    if (!ok.has(input.previewFileId)) errors.previewFileId = { code: 'not_found' };
    else if (!PREVIEW_TYPES.has((await repo.fileMime(tx, input.previewFileId)) ?? '')) {
      errors.previewFileId = { code: 'type_not_allowed' };
    }
    const approvers = await approverChange(tx, ctx, before.companyId, id, input, errors);
    fieldErrors(errors);
    const s = await repo.transition(
      tx,
      ctx.actor,
      id,
      input.version,
      ['in_progress'],
      {
        status: 'pending_approval',
        waitingSince: now,
        clearReminder: true,
        ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
        ...(approvers.rule ? { approvalRule: approvers.rule } : {}),
      },
      now,
    );
    if (!s) return whyNot(tx, ctx.actor, id, input.version, 'canSendVersion');
    if (approvers.ids) await replaceNamedApprovers(tx, 'order', id, approvers.ids);
    const me = who(ctx.actor);
    const v = await repo.insertVersion(
      tx,
      id,
      { comment: input.comment ?? '', previewFileId: input.previewFileId, createdBy: me.actorAccountId },
      now,
    );
    await repo.addEvent(tx, { orderId: id, kind: 'version_sent', comment: input.comment || null, versionId: v.id, ...me }, now);
    await audit(
      tx,
      ctx,
      'order.version_sent',
      { type: 'order', id },
      { versionNumber: v.number, ...(approvers.ids ? { approvers: approvers.ids.length, approvalRule: s.approvalRule } : {}) },
    );
    await tell(
      tx,
      await clientRecipients(tx, ctx.actor, s),
      'design.sent',
      { orderId: id, title: s.title, versionNumber: v.number },
      portalLink(id),
      now,
    );
    return id;
  });
}

/**
 * Completes an approved order; the requester is told (the final files are theirs to download).
 * @throws ORDER_NOT_FOUND, ORDER_NOT_APPROVED, STALE_VERSION
 */
export async function completeOrder(ctx: Ctx, id: number, version: number): Promise<Order> {
  return write(ctx, async (tx, now) => {
    await precheck(tx, ctx.actor, id, 'canComplete', version);
    const s = await repo.transition(tx, ctx.actor, id, version, ['approved'], { status: 'completed' }, now);
    if (!s) return whyNot(tx, ctx.actor, id, version, 'canComplete');
    await repo.addEvent(tx, { orderId: id, kind: 'completed', ...who(ctx.actor) }, now);
    await audit(tx, ctx, 'order.completed', { type: 'order', id });
    await tell(
      tx,
      await clientRecipients(tx, ctx.actor, s),
      'order.completed',
      { orderId: id, title: s.title },
      portalLink(id),
      now,
    );
    return id;
  });
}

/** The order's title for a breadcrumb, when the actor may see it. */
export function orderTitle(ctx: Ctx, id: number): Promise<string | null> {
  return repo.title(ctx.db.orm, ctx.actor, id);
}

/**
 * The project and due date of an order edit: a project left out stays, one named must be one the
 * company sees (staff: a project the company is attached to); the due date is staff's to set, and
 * is ignored from the portal. @throws VALIDATION_FAILED (projectId not_found)
 */
async function projectAndDueDate(
  tx: DbOrTx,
  ctx: Ctx,
  id: number,
  input: { projectId?: number | null | undefined; dueDate?: string | null | undefined },
): Promise<Pick<repo.OrderChange, 'projectId' | 'dueDate'>> {
  const out: Pick<repo.OrderChange, 'projectId' | 'dueDate'> = {};
  if (input.dueDate !== undefined && ctx.actor.kind === 'employee') out.dueDate = input.dueDate;
  if (input.projectId === undefined) return out;
  if (input.projectId !== null) {
    const s = await repo.state(tx, ctx.actor, id);
    if (s && !(await repo.projectAllowed(tx, ctx.actor, s.companyId, input.projectId))) {
      fieldErrors({ projectId: { code: 'not_found' } });
    }
  }
  out.projectId = input.projectId;
  return out;
}

/**
 * The named approvers and rule of an order edit or a design sent: staff's to set (ignored from the
 * portal), each left out unchanged. Each named approver must be a user of the order's company who
 * can sign in (one named already may stay). A problem goes into `errors` when given, else throws.
 * @throws VALIDATION_FAILED (approverIds not_approver)
 */
async function approverChange(
  tx: DbOrTx,
  ctx: Ctx,
  companyId: number,
  id: number,
  input: { approvalRule?: ApprovalContext['rule'] | undefined; approverIds?: number[] | undefined },
  errors?: Record<string, FieldError>,
): Promise<{ rule?: ApprovalContext['rule']; ids?: number[] }> {
  if (ctx.actor.kind !== 'employee') return {};
  const out: { rule?: ApprovalContext['rule']; ids?: number[] } = {};
  if (input.approvalRule !== undefined) out.rule = input.approvalRule;
  if (input.approverIds !== undefined) {
    const named = await namedApproverIds(tx, 'order', id);
    if (!(await approversAllowed(tx, companyId, input.approverIds, named))) {
      const problem = { approverIds: { code: 'not_approver' } };
      if (errors) Object.assign(errors, problem);
      else fieldErrors(problem);
    }
    out.ids = input.approverIds;
  }
  return out;
}
