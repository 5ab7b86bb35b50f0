import type { Locale } from '@app/shared/platform/locale';
import type { TaskList, TaskListNode, TaskListSubtask, TaskListTask } from '@app/shared/task-list/task-list';
import { coveredIds } from '@app/shared/task-list/task-list.rules';
import type { Actor } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './task-list.repository';

function localeOf(actor: Actor): Locale {
  return actor.kind === 'anonymous' ? 'nl' : actor.locale;
}

const ref = (id: number | null, name: string | null) => (id === null ? null : { id, name: name ?? '' });

/**
 * The printable assembly list of a project: the chosen decks, areas and sub-areas (null: the
 * whole project) and everything under them, in tree order, each with its tasks, their sub-tasks
 * and the sub-tasks' order lines; with the project's whole tree for the chooser. Four statements
 * besides the session whatever the size (the tree, then tasks, sub-tasks and lines side by side).
 * Deleted projects stay printable, as their feed stays readable.
 * @throws PROJECT_NOT_FOUND, AREA_NOT_FOUND (an id that is not a row of this project)
 */
export async function getTaskList(ctx: Ctx, projectId: number, areaIds: number[] | undefined): Promise<TaskList> {
  const rows = await repo.projectTree(ctx.db.orm, ctx.actor, projectId);
  const head = rows[0];
  if (!head) throw new AppError('PROJECT_NOT_FOUND');
  const tree: TaskListNode[] = [];
  for (const r of rows) {
    if (r.id === null || r.kind === null) continue;
    tree.push({ id: r.id, kind: r.kind, parentId: r.parentId, number: r.number ?? '', name: r.name ?? '' });
  }
  const chosen = areaIds ?? null;
  if (chosen) {
    const known = new Set(tree.map((n) => n.id));
    if (chosen.some((id) => !known.has(id))) throw new AppError('AREA_NOT_FOUND');
  }
  const covered = coveredIds(tree, chosen);
  const content = await repo.contentOf(
    ctx.db.orm,
    ctx.actor,
    projectId,
    covered.map((n) => n.id),
  );

  const locale = localeOf(ctx.actor);
  const linesOf = new Map<number, TaskListSubtask['orderLines']>();
  for (const l of content.lines) {
    const list = linesOf.get(l.subtaskId) ?? [];
    const product = l.productId !== null;
    list.push({
      id: l.id,
      kind: product ? 'product' : 'article',
      code: l.sku,
      name: product ? (locale === 'en' && l.nameEn ? l.nameEn : (l.nameNl ?? '')) : (l.articleName ?? ''),
      quantity: l.quantity,
    });
    linesOf.set(l.subtaskId, list);
  }
  const subtasksOf = new Map<number, TaskListSubtask[]>();
  for (const s of content.subtasks) {
    const list = subtasksOf.get(s.taskId) ?? [];
    list.push({
      id: s.id,
      name: s.name,
      amount: s.amount,
      assembly: s.assembly,
      status: s.status,
      assignee: ref(s.assigneeId, s.assigneeName),
      notes: s.notes,
      orderLines: linesOf.get(s.id) ?? [],
    });
    subtasksOf.set(s.taskId, list);
  }
  const tasksOf = new Map<number, TaskListTask[]>();
  for (const t of content.tasks) {
    const list = tasksOf.get(t.areaId) ?? [];
    list.push({
      id: t.id,
      name: t.name,
      status: t.status,
      assignee: ref(t.assigneeId, t.assigneeName),
      notes: t.notes,
      subtasks: subtasksOf.get(t.id) ?? [],
    });
    tasksOf.set(t.areaId, list);
  }
  return {
    project: { id: head.projectId, name: head.projectName },
    tree,
    chosenIds: chosen,
    sections: covered.map((n) => ({ ...n, tasks: tasksOf.get(n.id) ?? [] })),
  };
}
