import { fileUrl } from '@app/shared/files/files';
import type { FieldError } from '@app/shared/platform/errors';
import { type Page, pageMeta } from '@app/shared/platform/http';
import { taskAbilities } from '@app/shared/projects/projects.rules';
import type { ProjectTaskListQuery, Task, TaskInput, TaskSummary, TaskUpdate } from '@app/shared/projects/tasks';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, raced } from '../../platform/errors';
import { writeFeedEvent } from './feed.repository';
import * as projectsRepo from './projects.repository';
import * as repo from './tasks.repository';

function toSummary(r: repo.TaskRow, ctx: Ctx): TaskSummary {
  return {
    id: r.id,
    projectId: r.projectId,
    areaId: r.areaId,
    areaName: r.areaName,
    areaNumber: r.areaNumber,
    name: r.name,
    status: r.status,
    assignee: r.assigneeId === null ? null : { id: r.assigneeId, name: r.assigneeName ?? '' },
    subtasksDone: r.subtasksDone,
    subtasksTotal: r.subtasksTotal,
    openTicketsCount: r.openTicketsCount,
    planX: r.planX,
    planY: r.planY,
    version: r.version,
    updatedAt: r.updatedAt.toISOString(),
    abilities: taskAbilities(r, viewerOf(ctx.actor)),
  };
}

function toTask(r: repo.TaskRow, attachments: repo.FileRow[], ctx: Ctx): Task {
  return {
    ...toSummary(r, ctx),
    notes: r.notes,
    completedAt: r.completedAt?.toISOString() ?? null,
    attachments: attachments.map((f) => ({
      id: f.id,
      originalName: f.originalName,
      mime: f.mime,
      size: f.size,
      url: fileUrl(f.id),
      uploadedBy: f.uploadedBy,
      createdAt: f.createdAt.toISOString(),
    })),
  };
}

/** The error for a scoped miss: the project itself when it is not there (or not visible), else the record. */
async function notFound(ctx: Ctx, db: DbOrTx, projectId: number, code: 'AREA_NOT_FOUND' | 'TASK_NOT_FOUND'): Promise<AppError> {
  return (await projectsRepo.findRef(db, ctx.actor, projectId)) ? new AppError(code) : new AppError('PROJECT_NOT_FOUND');
}

/**
 * The area's default view: its own tasks (not its sub-areas'), by sort order then name, with the
 * sub-task counts, open tickets and assignee. One statement whatever the number of tasks: a task
 * found proves its area and project are there and in reach (the list is scoped through the
 * area), so only an empty list asks whether the area exists.
 * @throws PROJECT_NOT_FOUND, AREA_NOT_FOUND
 */
export async function listAreaTasks(ctx: Ctx, projectId: number, areaId: number): Promise<TaskSummary[]> {
  const db = ctx.db.orm;
  const rows = await repo.listAreaTasks(db, ctx.actor, projectId, areaId);
  if (rows.length === 0 && !(await repo.findArea(db, ctx.actor, projectId, areaId))) {
    throw await notFound(ctx, db, projectId, 'AREA_NOT_FOUND');
  }
  return rows.map((r) => toSummary(r, ctx));
}

/**
 * Every task of the project, filtered (status, assignee, an area with its sub-areas, a search),
 * sorted and paged, in one statement whatever the number of tasks: the page with the total.
 * Tasks counted prove the project is there and in reach; only a total of 0 asks.
 * @throws PROJECT_NOT_FOUND
 */
export async function listProjectTasks(ctx: Ctx, projectId: number, q: ProjectTaskListQuery): Promise<Page<TaskSummary>> {
  const db = ctx.db.orm;
  const { rows, total } = await repo.listProjectTasks(db, ctx.actor, projectId, q);
  if (total === 0 && !(await projectsRepo.findRef(db, ctx.actor, projectId))) throw new AppError('PROJECT_NOT_FOUND');
  return { data: rows.map((r) => toSummary(r, ctx)), meta: pageMeta(q.page, q.perPage, total) };
}

/** @throws PROJECT_NOT_FOUND, TASK_NOT_FOUND */
export async function getTask(ctx: Ctx, projectId: number, taskId: number): Promise<Task> {
  const db = ctx.db.orm;
  const [row, attachments] = await Promise.all([
    repo.findTask(db, ctx.actor, projectId, taskId),
    repo.taskFiles(db, ctx.actor, projectId, taskId),
  ]);
  if (!row) throw await notFound(ctx, db, projectId, 'TASK_NOT_FOUND');
  return toTask(row, attachments, ctx);
}

interface CheckedTask {
  fields: repo.TaskFields;
  attachmentIds: number[];
}

/**
 * The references must exist: the assignee is an employee who is not deleted (an assignee kept
 * from before their removal may stay), every attachment a stored file the caller may see
 * (scope.file: attached already, or their own upload with POST /api/files). Duplicate
 * attachment ids count once.
 */
async function checkTask(ctx: Ctx, db: DbOrTx, input: TaskInput, current?: { assigneeId: number | null }): Promise<CheckedTask> {
  const assigneeId = input.assigneeId ?? null;
  const attachmentIds = [...new Set(input.attachmentIds ?? [])];
  const errors: Record<string, FieldError> = {};
  // One after the other: inside a transaction the statements share one connection.
  if (assigneeId !== null && assigneeId !== current?.assigneeId && !(await repo.liveEmployeeExists(db, assigneeId))) {
    errors.assigneeId = { code: 'not_found' };
  }
  const found = await repo.visibleFileIds(db, ctx.actor, attachmentIds);
  if (attachmentIds.some((id) => !found.has(id))) errors.attachmentIds = { code: 'not_found' };
  if (Object.keys(errors).length) throw new AppError('VALIDATION_FAILED', { fieldErrors: errors });
  return { fields: { name: input.name, assignedEmployeeId: assigneeId, notes: input.notes ?? '' }, attachmentIds };
}

/**
 * Adds a task at the end of the area's tasks.
 * @throws PROJECT_NOT_FOUND, AREA_NOT_FOUND, PROJECT_DELETED, VALIDATION_FAILED (not_found)
 */
export async function createTask(ctx: Ctx, projectId: number, areaId: number, input: TaskInput): Promise<Task> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      const area = await repo.findArea(tx, ctx.actor, projectId, areaId);
      if (!area) throw await notFound(ctx, tx, projectId, 'AREA_NOT_FOUND');
      // A new task is pending; what may be done with it is what may be done with one that exists here.
      assertAbility(taskAbilities({ status: 'pending', projectDeleted: area.projectDeleted }, viewerOf(ctx.actor)), 'canEdit');
      const { fields, attachmentIds } = await checkTask(ctx, tx, input);
      const id = await repo.insertTask(tx, { projectId, areaId }, fields, now);
      await repo.replaceTaskFiles(tx, id, attachmentIds);
      await audit(tx, ctx, 'task.created', { type: 'task', id }, { projectId, areaId, name: fields.name });
      return id;
    })
    .catch((err) => {
      throw raced(err);
    });
  return getTask(ctx, projectId, id);
}

/** Locks the task for a change and checks the version it was based on. */
async function lockForChange(ctx: Ctx, tx: DbOrTx, projectId: number, taskId: number, version: number) {
  const task = await repo.lockTask(tx, ctx.actor, projectId, taskId);
  if (!task) throw await notFound(ctx, tx, projectId, 'TASK_NOT_FOUND');
  if (task.version !== version) throw new AppError('STALE_VERSION');
  return task;
}

/**
 * Saves name, assignee, notes and attachments (replaced by the list given) with the version the
 * edit was based on. The status is left alone (completing and tickets change it).
 * @throws PROJECT_NOT_FOUND, TASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, VALIDATION_FAILED
 */
export async function updateTask(ctx: Ctx, projectId: number, taskId: number, input: TaskUpdate): Promise<Task> {
  const now = ctx.clock();
  await ctx.db.orm
    .transaction(async (tx) => {
      const task = await lockForChange(ctx, tx, projectId, taskId, input.version);
      assertAbility(taskAbilities(task, viewerOf(ctx.actor)), 'canEdit');
      const { fields, attachmentIds } = await checkTask(ctx, tx, input, task);
      if (!(await repo.updateTask(tx, taskId, input.version, fields, now))) throw new AppError('STALE_VERSION');
      await repo.replaceTaskFiles(tx, taskId, attachmentIds);
      await audit(tx, ctx, 'task.updated', { type: 'task', id: taskId }, { projectId, name: fields.name });
    })
    .catch((err) => {
      throw raced(err);
    });
  return getTask(ctx, projectId, taskId);
}

/**
 * Completes a pending task, or reopens a completed one, with a feed row in the same transaction.
 * A task with an open ticket is neither (the shared rule says why).
 * @throws PROJECT_NOT_FOUND, TASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED, TASK_HAS_OPEN_TICKET, TASK_COMPLETED, TASK_NOT_COMPLETED
 */
export async function setTaskDone(ctx: Ctx, projectId: number, taskId: number, version: number, done: boolean): Promise<Task> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const task = await lockForChange(ctx, tx, projectId, taskId, version);
    assertAbility(taskAbilities(task, viewerOf(ctx.actor)), done ? 'canComplete' : 'canReopen');
    const [from, to] = done ? (['pending', 'completed'] as const) : (['completed', 'pending'] as const);
    if (!(await repo.setTaskStatus(tx, taskId, version, from, to, now))) throw new AppError('STALE_VERSION');
    await writeFeedEvent(tx, ctx, {
      projectId,
      kind: done ? 'task.completed' : 'task.opened',
      subjectType: 'task',
      subjectId: taskId,
      subjectName: task.name,
      areaId: task.areaId,
      taskId,
    });
    await audit(tx, ctx, done ? 'task.completed' : 'task.reopened', { type: 'task', id: taskId }, { projectId });
  });
  return getTask(ctx, projectId, taskId);
}

/**
 * Deletes the task with its sub-tasks, order lines and attachment links; its tickets stay,
 * without a task.
 * @throws PROJECT_NOT_FOUND, TASK_NOT_FOUND, STALE_VERSION, PROJECT_DELETED
 */
export async function deleteTask(ctx: Ctx, projectId: number, taskId: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const task = await lockForChange(ctx, tx, projectId, taskId, version);
    assertAbility(taskAbilities(task, viewerOf(ctx.actor)), 'canDelete');
    if (!(await repo.removeTask(tx, taskId, version))) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'task.deleted', { type: 'task', id: taskId }, { projectId, areaId: task.areaId, name: task.name });
  });
}
