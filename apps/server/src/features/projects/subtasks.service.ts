import { mediaUrl } from '@app/shared/media/media';
import type { FieldError } from '@app/shared/platform/errors';
import type { Locale } from '@app/shared/platform/locale';
import { subtaskAbilities, taskAbilities } from '@app/shared/projects/projects.rules';
import type {
  OrderLine,
  OrderLineKind,
  OrderLineOption,
  Subtask,
  SubtaskCloseResult,
  SubtaskInput,
  SubtaskUpdate,
} from '@app/shared/projects/tasks';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { writeFeedEvent } from './feed.repository';
import * as projectsRepo from './projects.repository';
import * as repo from './subtasks.repository';
import * as tasksRepo from './tasks.repository';

/** The reader's language, for the names of products on order lines and in the picker. */
function localeOf(actor: Actor): Locale {
  return actor.kind === 'anonymous' ? 'nl' : actor.locale;
}

const thumb = (id: number | null) => (id === null ? null : mediaUrl(id, 'thumb'));

function toOrderLine(r: repo.OrderLineRow, locale: Locale): OrderLine {
  const product = r.productId !== null;
  return {
    id: r.id,
    kind: product ? 'product' : 'article',
    itemId: (product ? r.productId : r.articleId) ?? 0,
    name: product ? (locale === 'en' && r.nameEn ? r.nameEn : (r.nameNl ?? '')) : (r.articleName ?? ''),
    sku: r.sku,
    thumbUrl: thumb(r.thumbId),
    quantity: r.quantity,
    notes: r.notes,
  };
}

function toSubtask(r: repo.SubtaskRow, lines: OrderLine[], ctx: Ctx): Subtask {
  return {
    id: r.id,
    taskId: r.taskId,
    projectId: r.projectId,
    name: r.name,
    amount: r.amount,
    assembly: r.assembly,
    assignee: r.assigneeId === null ? null : { id: r.assigneeId, name: r.assigneeName ?? '' },
    notes: r.notes,
    status: r.status,
    orderLines: lines,
    closedAt: r.closedAt?.toISOString() ?? null,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    abilities: subtaskAbilities(r, viewerOf(ctx.actor)),
  };
}

/** The sub-tasks with their order lines: one statement for all lines, not one per sub-task. */
async function withLines(ctx: Ctx, db: DbOrTx, rows: repo.SubtaskRow[]): Promise<Subtask[]> {
  const locale = localeOf(ctx.actor);
  const lines = await repo.orderLinesOf(
    db,
    ctx.actor,
    rows.map((r) => r.id),
  );
  const bySubtask = new Map<number, OrderLine[]>();
  for (const l of lines) {
    const list = bySubtask.get(l.subtaskId) ?? [];
    list.push(toOrderLine(l, locale));
    bySubtask.set(l.subtaskId, list);
  }
  return rows.map((r) => toSubtask(r, bySubtask.get(r.id) ?? [], ctx));
}

/** The error for a scoped miss: the project itself when it is not there (or not visible), else the record. */
async function notFound(
  ctx: Ctx,
  db: DbOrTx,
  projectId: number,
  code: 'TASK_NOT_FOUND' | 'SUBTASK_NOT_FOUND',
): Promise<AppError> {
  return (await projectsRepo.findRef(db, ctx.actor, projectId)) ? new AppError(code) : new AppError('PROJECT_NOT_FOUND');
}

/**
 * The task's sub-tasks in their order, each with its order lines. Three statements whatever
 * the number of sub-tasks and lines.
 * @throws PROJECT_NOT_FOUND, TASK_NOT_FOUND
 */
export async function listSubtasks(ctx: Ctx, projectId: number, taskId: number): Promise<Subtask[]> {
  const db = ctx.db.orm;
  const [task, rows] = await Promise.all([
    repo.findParentTask(db, ctx.actor, projectId, taskId),
    repo.listSubtasks(db, ctx.actor, projectId, taskId),
  ]);
  if (!task) throw await notFound(ctx, db, projectId, 'TASK_NOT_FOUND');
  return withLines(ctx, db, rows);
}

/** @throws PROJECT_NOT_FOUND, SUBTASK_NOT_FOUND */
export async function getSubtask(ctx: Ctx, projectId: number, subtaskId: number): Promise<Subtask> {
  const db = ctx.db.orm;
  const row = await repo.findSubtask(db, ctx.actor, projectId, subtaskId);
  if (!row) throw await notFound(ctx, db, projectId, 'SUBTASK_NOT_FOUND');
  const [subtask] = await withLines(ctx, db, [row]);
  if (!subtask) throw new AppError('SUBTASK_NOT_FOUND');
  return subtask;
}

interface CheckedSubtask {
  fields: repo.SubtaskFields;
  lines: repo.OrderLineFields[];
}

/**
 * The references must exist: the assignee is an employee who is not deleted (one kept from
 * before their removal may stay); each order line's item a product (any), or an article the ERP
 * still lists (a line kept from before the ERP dropped its article may stay).
 * Errors name the line: `orderLines.<i>.itemId`.
 */
async function checkSubtask(
  db: DbOrTx,
  input: SubtaskInput,
  current?: { id: number; assigneeId: number | null },
): Promise<CheckedSubtask> {
  const assigneeId = input.assigneeId ?? null;
  const lines: repo.OrderLineFields[] = (input.orderLines ?? []).map((l) => ({
    kind: l.kind,
    itemId: l.itemId,
    quantity: l.quantity,
    notes: l.notes ?? '',
  }));
  const errors: Record<string, FieldError> = {};
  // One after the other: inside a transaction the statements share one connection.
  if (assigneeId !== null && assigneeId !== current?.assigneeId && !(await tasksRepo.liveEmployeeExists(db, assigneeId))) {
    errors.assigneeId = { code: 'not_found' };
  }
  const ids = (kind: OrderLineKind) => [...new Set(lines.filter((l) => l.kind === kind).map((l) => l.itemId))];
  const products = await repo.existingProductIds(db, ids('product'));
  const articles = await repo.articleStates(db, ids('article'));
  const kept = current && [...articles.values()].includes('deleted') ? await repo.articleIdsOn(db, current.id) : new Set();
  lines.forEach((l, i) => {
    const ok =
      l.kind === 'product'
        ? products.has(l.itemId)
        : articles.get(l.itemId) === 'live' || (articles.get(l.itemId) === 'deleted' && kept.has(l.itemId));
    if (!ok) errors[`orderLines.${i}.itemId`] = { code: 'not_found' };
  });
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  return {
    fields: {
      name: input.name,
      amount: input.amount ?? 1,
      assembly: input.assembly ?? '',
      assignedEmployeeId: assigneeId,
      notes: input.notes ?? '',
    },
    lines,
  };
}

/**
 * Adds an open sub-task at the end of the task's sub-tasks, with its order lines.
 * @throws PROJECT_NOT_FOUND, TASK_NOT_FOUND, PROJECT_DELETED, VALIDATION_FAILED (not_found)
 */
export async function createSubtask(ctx: Ctx, projectId: number, taskId: number, input: SubtaskInput): Promise<Subtask> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const task = await repo.findParentTask(tx, ctx.actor, projectId, taskId);
      if (!task) throw await notFound(ctx, tx, projectId, 'TASK_NOT_FOUND');
      // Adding a sub-task is editing the task.
      assertAbility(taskAbilities(task, viewerOf(ctx.actor)), 'canEdit');
      const { fields, lines } = await checkSubtask(tx, input);
      const id = await repo.insertSubtask(tx, { taskId, projectId }, fields, now);
      await repo.replaceOrderLines(tx, { id, projectId }, lines);
      await audit(tx, ctx, 'subtask.created', { type: 'subtask', id }, { projectId, taskId, name: fields.name });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  return getSubtask(ctx, projectId, id);
}

/** Locks the sub-task for a change and checks the version it was based on. */
async function lockForChange(ctx: Ctx, tx: DbOrTx, projectId: number, subtaskId: number, version: number) {
  const subtask = await repo.lockSubtask(tx, ctx.actor, projectId, subtaskId);
  if (!subtask) throw await notFound(ctx, tx, projectId, 'SUBTASK_NOT_FOUND');
  if (subtask.version !== version) throw new AppError('STALE_VERSION');
  return subtask;
}

/**
 * Saves the sub-task's fields and replaces its order lines, in one transaction under one version.
 * @throws PROJECT_NOT_FOUND, SUBTASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, VALIDATION_FAILED
 */
export async function updateSubtask(ctx: Ctx, projectId: number, subtaskId: number, input: SubtaskUpdate): Promise<Subtask> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const subtask = await lockForChange(ctx, tx, projectId, subtaskId, input.version);
      assertAbility(subtaskAbilities(subtask, viewerOf(ctx.actor)), 'canEdit');
      const { fields, lines } = await checkSubtask(tx, input, subtask);
      if (!(await repo.updateSubtask(tx, subtaskId, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await repo.replaceOrderLines(tx, subtask, lines);
      await audit(
        tx,
        ctx,
        'subtask.updated',
        { type: 'subtask', id: subtaskId },
        { projectId, name: fields.name, orderLines: lines.length },
      );
    })
    .catch((err) => {
      throw raced(err);
    });
  return getSubtask(ctx, projectId, subtaskId);
}

/**
 * Closes an open sub-task, with a feed row in the same transaction. `taskCanComplete` is true
 * when every sub-task of the task is now closed and the task is pending, so the screen offers to
 * complete the task.
 * @throws PROJECT_NOT_FOUND, SUBTASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, SUBTASK_CLOSED
 */
export async function closeSubtask(ctx: Ctx, projectId: number, subtaskId: number, version: number): Promise<SubtaskCloseResult> {
  const taskCanComplete = await setSubtaskStatus(ctx, projectId, subtaskId, version, 'closed');
  return { subtask: await getSubtask(ctx, projectId, subtaskId), taskCanComplete };
}

/**
 * Opens a closed sub-task again, with a feed row in the same transaction.
 * @throws PROJECT_NOT_FOUND, SUBTASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, SUBTASK_OPEN
 */
export async function openSubtask(ctx: Ctx, projectId: number, subtaskId: number, version: number): Promise<Subtask> {
  await setSubtaskStatus(ctx, projectId, subtaskId, version, 'open');
  return getSubtask(ctx, projectId, subtaskId);
}

/** Closes or opens; answers whether the task may now be completed (closing only). */
async function setSubtaskStatus(
  ctx: Ctx,
  projectId: number,
  subtaskId: number,
  version: number,
  to: 'open' | 'closed',
): Promise<boolean> {
  const now = ctx.clock();
  return ctx.db.orm.transaction(async (tx) => {
    const subtask = await lockForChange(ctx, tx, projectId, subtaskId, version);
    assertAbility(subtaskAbilities(subtask, viewerOf(ctx.actor)), to === 'closed' ? 'canClose' : 'canOpen');
    if (!(await repo.setSubtaskStatus(tx, subtaskId, version, to, now))) throw new AppError('STALE_VERSION');
    await writeFeedEvent(tx, ctx, {
      projectId,
      kind: to === 'closed' ? 'subtask.completed' : 'subtask.opened',
      subjectType: 'subtask',
      subjectId: subtaskId,
      subjectName: subtask.name,
      areaId: subtask.areaId,
      taskId: subtask.taskId,
    });
    await audit(
      tx,
      ctx,
      to === 'closed' ? 'subtask.closed' : 'subtask.opened',
      { type: 'subtask', id: subtaskId },
      { projectId },
    );
    if (to === 'open') return false;
    return (await repo.taskStatus(tx, subtask.taskId)) === 'pending' && (await repo.allSubtasksClosed(tx, subtask.taskId));
  });
}

/**
 * Copies a sub-task: a new open sub-task in the same task right after it, with the same fields
 * and a copy of its order lines.
 * @throws PROJECT_NOT_FOUND, SUBTASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED
 */
export async function copySubtask(ctx: Ctx, projectId: number, subtaskId: number, version: number): Promise<Subtask> {
  const now = ctx.clock();
  const id = await ctx.db.orm.transaction(async (tx) => {
    const source = await lockForChange(ctx, tx, projectId, subtaskId, version);
    assertAbility(subtaskAbilities(source, viewerOf(ctx.actor)), 'canCopy');
    const row = await repo.findSubtask(tx, ctx.actor, projectId, subtaskId);
    if (!row) throw new AppError('SUBTASK_NOT_FOUND');
    const sortOrder = await repo.makeRoomAfter(tx, source.taskId, source);
    const id = await repo.insertSubtask(
      tx,
      { taskId: source.taskId, projectId, sortOrder },
      { name: row.name, amount: row.amount, assembly: row.assembly, assignedEmployeeId: row.assigneeId, notes: row.notes },
      now,
    );
    await repo.copyOrderLines(tx, subtaskId, id, now);
    await audit(tx, ctx, 'subtask.copied', { type: 'subtask', id }, { projectId, taskId: source.taskId, from: subtaskId });
    return id;
  });
  return getSubtask(ctx, projectId, id);
}

/**
 * Deletes the sub-task with its order lines.
 * @throws PROJECT_NOT_FOUND, SUBTASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED
 */
export async function deleteSubtask(ctx: Ctx, projectId: number, subtaskId: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const subtask = await lockForChange(ctx, tx, projectId, subtaskId, version);
    assertAbility(subtaskAbilities(subtask, viewerOf(ctx.actor)), 'canDelete');
    if (!(await repo.removeSubtask(tx, subtaskId, version))) throw new AppError('STALE_VERSION');
    await audit(
      tx,
      ctx,
      'subtask.deleted',
      { type: 'subtask', id: subtaskId },
      { projectId, taskId: subtask.taskId, name: subtask.name },
    );
  });
}

/** What the order-line pickers find as you type: at most 20 products or articles, by name, with a thumbnail. */
export async function orderLineOptions(ctx: Ctx, kind: OrderLineKind, q: string): Promise<OrderLineOption[]> {
  const rows = await repo.orderLineOptions(ctx.db.orm, kind, q, localeOf(ctx.actor));
  return rows.map((r) => ({ kind, id: r.id, name: r.name, sku: r.sku, thumbUrl: thumb(r.thumbId) }));
}
