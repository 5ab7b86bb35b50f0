import type { Locale } from '@app/shared/platform/locale';
import type { SubtaskStatus, TaskStatus } from '@app/shared/projects/projects.rules';
import type { OrderLineKind } from '@app/shared/projects/tasks';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees, orderLines, projects, subtasks, tasks } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { escapeLike, intArray, query } from '../../platform/sql';
import { employeeName } from './tasks.repository';

// Every query here ANDs the actor's area scope through the sub-task's task, so the portal can
// reuse these functions with a company's allowed areas.

export interface SubtaskRow {
  id: number;
  taskId: number;
  projectId: number;
  name: string;
  amount: number;
  assembly: string;
  assigneeId: number | null;
  assigneeName: string | null;
  notes: string;
  status: SubtaskStatus;
  closedAt: Date | null;
  version: number;
  updatedAt: Date;
  projectDeleted: boolean;
}

const projectDeleted = sql<boolean>`(${projects.deletedAt} IS NOT NULL)`.mapWith(Boolean);

const subtaskColumns = {
  id: subtasks.id,
  taskId: subtasks.taskId,
  projectId: subtasks.projectId,
  name: subtasks.name,
  amount: subtasks.amount,
  assembly: subtasks.assembly,
  assigneeId: subtasks.assignedEmployeeId,
  assigneeName: employeeName,
  notes: subtasks.notes,
  status: sql<SubtaskStatus>`${subtasks.status}`,
  closedAt: subtasks.closedAt,
  version: subtasks.version,
  updatedAt: subtasks.updatedAt,
  projectDeleted,
};

function subtasksSelect(db: DbOrTx) {
  return db
    .select(subtaskColumns)
    .from(subtasks)
    .innerJoin(tasks, eq(tasks.id, subtasks.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .leftJoin(employees, eq(employees.id, subtasks.assignedEmployeeId));
}

const inScope = (actor: Actor) => scope.area(actor, tasks.projectId, tasks.areaId);

/** The sub-tasks of one task in their order: one statement whatever their number. */
export async function listSubtasks(db: DbOrTx, actor: Actor, projectId: number, taskId: number): Promise<SubtaskRow[]> {
  return subtasksSelect(db)
    .where(and(eq(subtasks.taskId, taskId), eq(tasks.projectId, projectId), inScope(actor)))
    .orderBy(asc(subtasks.sortOrder), asc(subtasks.id));
}

/** One sub-task of the project, within the actor's area scope (through its task). */
export async function findSubtask(db: DbOrTx, actor: Actor, projectId: number, subtaskId: number): Promise<SubtaskRow | null> {
  const rows = await subtasksSelect(db).where(
    and(eq(subtasks.id, subtaskId), eq(subtasks.projectId, projectId), eq(tasks.projectId, projectId), inScope(actor)),
  );
  return rows[0] ?? null;
}

export interface SubtaskLock {
  id: number;
  taskId: number;
  projectId: number;
  areaId: number;
  name: string;
  status: SubtaskStatus;
  assigneeId: number | null;
  sortOrder: number;
  version: number;
  projectDeleted: boolean;
}

/** Locks the sub-task row (scoped) for a change: what the rules, the version check and the feed need. */
export async function lockSubtask(db: DbOrTx, actor: Actor, projectId: number, subtaskId: number): Promise<SubtaskLock | null> {
  const rows = await db
    .select({
      id: subtasks.id,
      taskId: subtasks.taskId,
      projectId: subtasks.projectId,
      areaId: tasks.areaId,
      name: subtasks.name,
      status: sql<SubtaskStatus>`${subtasks.status}`,
      assigneeId: subtasks.assignedEmployeeId,
      sortOrder: subtasks.sortOrder,
      version: subtasks.version,
      projectDeleted,
    })
    .from(subtasks)
    .innerJoin(tasks, eq(tasks.id, subtasks.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(subtasks.id, subtaskId), eq(subtasks.projectId, projectId), eq(tasks.projectId, projectId), inScope(actor)))
    .for('update', { of: subtasks });
  return rows[0] ?? null;
}

export interface TaskParent {
  id: number;
  projectId: number;
  areaId: number;
  status: TaskStatus;
  projectDeleted: boolean;
}

/** The task a sub-task is added to, within the actor's area scope. */
export async function findParentTask(db: DbOrTx, actor: Actor, projectId: number, taskId: number): Promise<TaskParent | null> {
  const rows = await db
    .select({
      id: tasks.id,
      projectId: tasks.projectId,
      areaId: tasks.areaId,
      status: sql<TaskStatus>`${tasks.status}`,
      projectDeleted,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.id, taskId), eq(tasks.projectId, projectId), inScope(actor)));
  return rows[0] ?? null;
}

export interface SubtaskFields {
  name: string;
  amount: number;
  assembly: string;
  assignedEmployeeId: number | null;
  notes: string;
}

/** Adds a sub-task at the end of its task's order, or at the place given. */
export async function insertSubtask(
  db: DbOrTx,
  target: { taskId: number; projectId: number; sortOrder?: number },
  fields: SubtaskFields,
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(subtasks)
    .values({
      ...fields,
      taskId: target.taskId,
      projectId: target.projectId,
      sortOrder:
        target.sortOrder ??
        sql`(SELECT coalesce(max(s2.sort_order) + 1, 0) FROM subtasks s2 WHERE s2.task_id = ${target.taskId})`,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: subtasks.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Writes the editable fields when the version still matches; never the status. */
export async function updateSubtask(db: DbOrTx, id: number, version: number, fields: SubtaskFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(subtasks)
    .set({ ...fields, version: sql`${subtasks.version} + 1`, updatedAt: now })
    .where(and(eq(subtasks.id, id), eq(subtasks.version, version)))
    .returning({ id: subtasks.id });
  return rows.length > 0;
}

/** Closes (open → closed) or opens (closed → open) a sub-task when the version and the status are the ones expected. */
export async function setSubtaskStatus(db: DbOrTx, id: number, version: number, to: SubtaskStatus, now: Date): Promise<boolean> {
  const rows = await db
    .update(subtasks)
    .set({
      status: to,
      closedAt: to === 'closed' ? now : null,
      version: sql`${subtasks.version} + 1`,
      updatedAt: now,
    })
    .where(and(eq(subtasks.id, id), eq(subtasks.version, version), eq(subtasks.status, to === 'closed' ? 'open' : 'closed')))
    .returning({ id: subtasks.id });
  return rows.length > 0;
}

/** Removes the sub-task with its order lines (cascade). */
export async function removeSubtask(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(subtasks)
    .where(and(eq(subtasks.id, id), eq(subtasks.version, version)))
    .returning({ id: subtasks.id });
  return rows.length > 0;
}

/**
 * Makes room right after a sub-task: renumbers the task's sub-tasks 0, 1, 2, … in their order
 * with a gap after the given one, and answers the free place. Only the order changes, so the
 * others keep their version (nobody's edit goes stale over it).
 */
export async function makeRoomAfter(db: DbOrTx, taskId: number, after: { id: number; sortOrder: number }): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM subtasks
         WHERE task_id = ${taskId} AND (sort_order, id) <= (${after.sortOrder}::int, ${after.id}::int)`,
  );
  const place = rows[0]?.n ?? 0;
  await db.execute(sql`
    WITH ranked AS (
      SELECT id, (row_number() OVER (ORDER BY sort_order, id))::int - 1 AS rn FROM subtasks WHERE task_id = ${taskId})
    UPDATE subtasks s SET sort_order = CASE WHEN ranked.rn >= ${place}::int THEN ranked.rn + 1 ELSE ranked.rn END
      FROM ranked
     WHERE s.id = ranked.id
       AND s.sort_order <> CASE WHEN ranked.rn >= ${place}::int THEN ranked.rn + 1 ELSE ranked.rn END`);
  return place;
}

/** Are all sub-tasks of the task closed (and is there at least one)? */
export async function allSubtasksClosed(db: DbOrTx, taskId: number): Promise<boolean> {
  const rows = await query<{ open: number; total: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE status = 'open')::int AS open, count(*)::int AS total FROM subtasks WHERE task_id = ${taskId}`,
  );
  const r = rows[0];
  return !!r && Number(r.total) > 0 && Number(r.open) === 0;
}

/** The task's status as it is now (inside the transaction of a sub-task change). */
export async function taskStatus(db: DbOrTx, taskId: number): Promise<TaskStatus | null> {
  const rows = await db
    .select({ status: sql<TaskStatus>`${tasks.status}` })
    .from(tasks)
    .where(eq(tasks.id, taskId));
  return rows[0]?.status ?? null;
}

// ---- order lines

export interface OrderLineRow {
  id: number;
  subtaskId: number;
  productId: number | null;
  articleId: number | null;
  quantity: number;
  notes: string;
  nameNl: string | null;
  nameEn: string | null;
  articleName: string | null;
  sku: string | null;
  thumbId: number | null;
}

/** A product's first gallery image (its thumbnail everywhere in the catalogue). */
const productThumb = (p: string) =>
  `(SELECT pm.media_id FROM product_media pm WHERE pm.product_id = ${p}.id AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1)`;
/** An article's impression image, else its first image. */
const articleThumb = (a: string) =>
  `coalesce(${a}.impression_media_id, (SELECT am.media_id FROM article_media am WHERE am.article_id = ${a}.id ORDER BY am.position LIMIT 1))`;

/**
 * The order lines of these sub-tasks in one statement (not one per sub-task), each with its
 * item's name, SKU and thumbnail, in the sub-task's order.
 */
export async function orderLinesOf(db: DbOrTx, actor: Actor, subtaskIds: readonly number[]): Promise<OrderLineRow[]> {
  if (subtaskIds.length === 0) return [];
  const rows = await query<OrderLineRow>(
    db,
    sql`SELECT ol.id, ol.subtask_id AS "subtaskId", ol.product_id AS "productId", ol.article_id AS "articleId",
               ol.quantity::float8 AS quantity, ol.notes,
               p.name_nl AS "nameNl", p.name_en AS "nameEn", a.name AS "articleName", coalesce(a.sku, pa.sku) AS sku,
               CASE WHEN p.id IS NOT NULL THEN ${sql.raw(productThumb('p'))} ELSE ${sql.raw(articleThumb('a'))} END AS "thumbId"
          FROM order_lines ol
          JOIN subtasks s_ol ON s_ol.id = ol.subtask_id
          JOIN tasks t_ol ON t_ol.id = s_ol.task_id
          LEFT JOIN products p ON p.id = ol.product_id
          LEFT JOIN articles pa ON pa.id = p.article_id
          LEFT JOIN articles a ON a.id = ol.article_id
         WHERE ol.subtask_id = ANY(${intArray(subtaskIds)})
           AND ${scope.area(actor, sql`t_ol.project_id`, sql`t_ol.area_id`)}
         ORDER BY ol.subtask_id, ol.position, ol.id`,
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    subtaskId: Number(r.subtaskId),
    quantity: Number(r.quantity),
    thumbId: r.thumbId === null ? null : Number(r.thumbId),
  }));
}

/** The article ids on a sub-task's order lines now (a line kept from before the ERP dropped its article may stay). */
export async function articleIdsOn(db: DbOrTx, subtaskId: number): Promise<Set<number>> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT DISTINCT article_id AS id FROM order_lines WHERE subtask_id = ${subtaskId} AND article_id IS NOT NULL`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/** Which of the ids are products (any product: published or not). */
export async function existingProductIds(db: DbOrTx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await query<{ id: number }>(db, sql`SELECT id FROM products WHERE id = ANY(${intArray(ids)})`);
  return new Set(rows.map((r) => Number(r.id)));
}

/** Which of the ids are articles the ERP still lists (not deleted), and which exist but are deleted. */
export async function articleStates(db: DbOrTx, ids: readonly number[]): Promise<Map<number, 'live' | 'deleted'>> {
  if (ids.length === 0) return new Map();
  const rows = await query<{ id: number; deleted: boolean }>(
    db,
    sql`SELECT id, deleted_at IS NOT NULL AS deleted FROM articles WHERE id = ANY(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.deleted ? 'deleted' : 'live']));
}

export interface OrderLineFields {
  kind: OrderLineKind;
  itemId: number;
  quantity: number;
  notes: string;
}

/** Replaces the sub-task's order lines with these, in this order. */
export async function replaceOrderLines(
  db: DbOrTx,
  subtask: { id: number; projectId: number },
  lines: readonly OrderLineFields[],
): Promise<void> {
  await db.delete(orderLines).where(eq(orderLines.subtaskId, subtask.id));
  if (lines.length === 0) return;
  await db.insert(orderLines).values(
    lines.map((l, position) => ({
      subtaskId: subtask.id,
      projectId: subtask.projectId,
      productId: l.kind === 'product' ? l.itemId : null,
      articleId: l.kind === 'article' ? l.itemId : null,
      quantity: l.quantity,
      notes: l.notes,
      position,
    })),
  );
}

/** Copies one sub-task's order lines to another, in one statement. */
export async function copyOrderLines(db: DbOrTx, fromId: number, toId: number, now: Date): Promise<void> {
  await db.execute(sql`
    INSERT INTO order_lines (subtask_id, project_id, product_id, article_id, quantity, notes, position, created_at)
    SELECT ${toId}::int, project_id, product_id, article_id, quantity, notes, position, ${now.toISOString()}::timestamptz
      FROM order_lines WHERE subtask_id = ${fromId} ORDER BY position, id`);
}

// ---- the pickers

export interface OptionRow {
  id: number;
  name: string;
  sku: string | null;
  thumbId: number | null;
}

export const MAX_OPTIONS = 20;

/**
 * What the order-line pickers find as you type: at most 20, by name. Products (any) on their
 * Dutch or English name, named in the reader's language; articles the ERP still lists on name
 * and SKU, which the trigram indexes on articles answer quickly (migration 0004).
 */
export async function orderLineOptions(db: DbOrTx, kind: OrderLineKind, q: string, locale: Locale): Promise<OptionRow[]> {
  const term = q ? `%${escapeLike(q)}%` : null;
  const productName = locale === 'en' ? sql`coalesce(nullif(p.name_en, ''), p.name_nl)` : sql`p.name_nl`;
  const rows =
    kind === 'product'
      ? await query<OptionRow>(
          db,
          sql`SELECT p.id, ${productName} AS name, pa.sku, ${sql.raw(productThumb('p'))} AS "thumbId"
                FROM products p LEFT JOIN articles pa ON pa.id = p.article_id
               WHERE ${term ? sql`(p.name_nl ILIKE ${term} OR p.name_en ILIKE ${term})` : sql`true`}
               ORDER BY lower(${productName}), p.id
               LIMIT ${MAX_OPTIONS}`,
        )
      : await query<OptionRow>(
          db,
          sql`SELECT a.id, a.name, a.sku, ${sql.raw(articleThumb('a'))} AS "thumbId"
                FROM articles a
               WHERE a.deleted_at IS NULL
                 AND ${term ? sql`(a.name ILIKE ${term} OR a.sku ILIKE ${term})` : sql`true`}
               ORDER BY lower(a.name), a.id
               LIMIT ${MAX_OPTIONS}`,
        );
  return rows.map((r) => ({ ...r, id: Number(r.id), thumbId: r.thumbId === null ? null : Number(r.thumbId) }));
}
