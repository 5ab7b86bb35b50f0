import type { AreaKind, SubtaskStatus, TaskStatus } from '@app/shared/projects/projects.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { joinedPersonNameSql } from '../../platform/names';
import { scope } from '../../platform/scope';
import { intArray, query } from '../../platform/sql';

// The printable assembly list: the project with its tree, then the chosen rows' tasks, sub-tasks
// and order lines, each one statement whatever the size. Every query ANDs the actor's scope
// (scope.project for the project, scope.area for the tree and everything hanging from it), so
// the portal can reuse them with a company's allowed areas.

export interface TreeRow {
  projectId: number;
  projectName: string;
  id: number | null;
  kind: AreaKind | null;
  parentId: number | null;
  number: string | null;
  name: string | null;
}

/**
 * The project (scoped) and every deck, area and sub-area of it the actor sees, in tree order
 * (`tree_rank`), in one statement: no row when the project is not found; one row with null area
 * columns for a project without areas.
 */
export async function projectTree(db: DbOrTx, actor: Actor, projectId: number): Promise<TreeRow[]> {
  const rows = await query<TreeRow>(
    db,
    sql`SELECT p.id AS "projectId", p.name AS "projectName",
               a.id, a.kind, a.parent_id AS "parentId", a.number, a.name
          FROM projects p
          LEFT JOIN project_areas a ON a.project_id = p.id AND ${scope.area(actor, sql`a.project_id`, sql`a.id`)}
         WHERE p.id = ${projectId} AND ${scope.project(actor, sql`p.id`)}
         ORDER BY a.tree_rank, a.id`,
  );
  return rows.map((r) => ({
    ...r,
    projectId: Number(r.projectId),
    id: r.id === null ? null : Number(r.id),
    parentId: r.parentId === null ? null : Number(r.parentId),
  }));
}

export interface TaskRow {
  id: number;
  areaId: number;
  name: string;
  status: TaskStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  notes: string;
}

export interface SubtaskRow {
  id: number;
  taskId: number;
  name: string;
  amount: number;
  assembly: string;
  status: SubtaskStatus;
  assigneeId: number | null;
  assigneeName: string | null;
  notes: string;
}

export interface OrderLineRow {
  id: number;
  subtaskId: number;
  productId: number | null;
  quantity: number;
  nameNl: string | null;
  nameEn: string | null;
  articleName: string | null;
  sku: string | null;
}

/** The tasks of these rows (areaIds: a deck, area or sub-area each), scoped through t. */
const tasksIn = (actor: Actor, projectId: number, areaIds: readonly number[]): SQL =>
  sql`t.project_id = ${projectId} AND t.area_id = ANY(${intArray(areaIds)})
      AND ${scope.area(actor, sql`t.project_id`, sql`t.area_id`)}`;

/**
 * The tasks of the given rows, their sub-tasks and the sub-tasks' order lines (with the item's
 * code and name): three statements, run side by side, whatever the number of rows. Tasks come in
 * tree order and their own order, sub-tasks and lines in theirs.
 */
export async function contentOf(
  db: DbOrTx,
  actor: Actor,
  projectId: number,
  areaIds: readonly number[],
): Promise<{ tasks: TaskRow[]; subtasks: SubtaskRow[]; lines: OrderLineRow[] }> {
  if (areaIds.length === 0) return { tasks: [], subtasks: [], lines: [] };
  const where = tasksIn(actor, projectId, areaIds);
  const [taskRows, subtaskRows, lineRows] = await Promise.all([
    query<TaskRow>(
      db,
      sql`SELECT t.id, t.area_id AS "areaId", t.name, t.status, t.assigned_employee_id AS "assigneeId",
                 ${joinedPersonNameSql('e')} AS "assigneeName", t.notes
            FROM tasks t
            LEFT JOIN employees e ON e.id = t.assigned_employee_id
           WHERE ${where}
           ORDER BY t.area_rank, t.sort_order, lower(t.name), t.id`,
    ),
    query<SubtaskRow>(
      db,
      sql`SELECT s.id, s.task_id AS "taskId", s.name, s.amount, s.assembly, s.status,
                 s.assigned_employee_id AS "assigneeId", ${joinedPersonNameSql('e')} AS "assigneeName", s.notes
            FROM subtasks s
            JOIN tasks t ON t.id = s.task_id
            LEFT JOIN employees e ON e.id = s.assigned_employee_id
           WHERE ${where}
           ORDER BY s.task_id, s.sort_order, s.id`,
    ),
    query<OrderLineRow>(
      db,
      sql`SELECT ol.id, ol.subtask_id AS "subtaskId", ol.product_id AS "productId", ol.quantity::float8 AS quantity,
                 p.name_nl AS "nameNl", p.name_en AS "nameEn", a.name AS "articleName", coalesce(a.sku, pa.sku) AS sku
            FROM order_lines ol
            JOIN subtasks s ON s.id = ol.subtask_id
            JOIN tasks t ON t.id = s.task_id
            LEFT JOIN products p ON p.id = ol.product_id
            LEFT JOIN articles pa ON pa.id = p.article_id
            LEFT JOIN articles a ON a.id = ol.article_id
           WHERE ${where}
           ORDER BY ol.subtask_id, ol.position, ol.id`,
    ),
  ]);
  const num = (v: number | null) => (v === null ? null : Number(v));
  return {
    tasks: taskRows.map((r) => ({ ...r, id: Number(r.id), areaId: Number(r.areaId), assigneeId: num(r.assigneeId) })),
    subtasks: subtaskRows.map((r) => ({
      ...r,
      id: Number(r.id),
      taskId: Number(r.taskId),
      amount: Number(r.amount),
      assigneeId: num(r.assigneeId),
    })),
    lines: lineRows.map((r) => ({
      ...r,
      id: Number(r.id),
      subtaskId: Number(r.subtaskId),
      productId: num(r.productId),
      quantity: Number(r.quantity),
    })),
  };
}
