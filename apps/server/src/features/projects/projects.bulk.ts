import { noBulkParams } from '@app/shared/bulk/bulk';
import {
  projectBulkPath,
  type TaskBulkAssignParams,
  type TaskBulkListQuery,
  taskBulkAssignParams,
  taskBulkListQuerySchema,
  taskBulkPath,
} from '@app/shared/projects/bulk';
import { type ProjectListQuery, projectListQuerySchema } from '@app/shared/projects/projects';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod';
import { access } from '../../platform/access';
import { type BulkOutcome, registerBulkAction } from '../../platform/bulk';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './projects.repository';
import * as projects from './projects.service';
import * as tasksRepo from './tasks.repository';
import * as tasks from './tasks.service';

// Bulk actions on the projects list and a project's task list. Every row goes through the
// single action's service with the version it has now: archive and restore, the task editor's save
// with only the assignee changed, complete. A row refused there is skipped with its code.

const manage = access.employee('projects.manage');
const tags = ['projects'];

/** The project as it stands (scoped): its state and version. @throws PROJECT_NOT_FOUND */
async function projectNow(ctx: Ctx, id: number) {
  const row = await repo.find(ctx.db.orm, ctx.actor, id);
  if (!row) throw new AppError('PROJECT_NOT_FOUND');
  return row;
}

async function projectLabels(ctx: Ctx, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of ids) {
    const name = await projects.projectTitle(ctx, id);
    if (name !== null) names.set(id, name);
  }
  return names;
}

/** The task (scoped) with its attachments, found by id alone. @throws TASK_NOT_FOUND */
async function taskNow(ctx: Ctx, id: number) {
  const ref = (await tasksRepo.taskRefs(ctx.db.orm, ctx.actor, [id])).get(id);
  if (!ref) throw new AppError('TASK_NOT_FOUND');
  return tasks.getTask(ctx, ref.projectId, id);
}

async function taskLabels(ctx: Ctx, ids: readonly number[]): Promise<Map<number, string>> {
  const refs = await tasksRepo.taskRefs(ctx.db.orm, ctx.actor, ids);
  return new Map([...refs].map(([id, r]) => [id, r.name]));
}

/** POST /api/projects/bulk/archive and /restore: beside GET /api/projects. */
export function registerProjectBulkActions(app: FastifyInstance): void {
  const common = {
    access: manage,
    listQuery: projectListQuerySchema as unknown as z.ZodType<ProjectListQuery>,
    params: noBulkParams,
    page: (ctx: Ctx, q: ProjectListQuery) => projects.listProjects(ctx, q).then((p) => ({ rows: p.data })),
    labels: projectLabels,
    tags,
  };
  registerBulkAction(app, {
    ...common,
    action: 'projects.archive',
    path: projectBulkPath('archive'),
    summary: 'Archive the selected projects (as the single archive: a deleted one is refused, an archived one stays)',
    apply: async (ctx, id): Promise<BulkOutcome> => {
      const p = await projectNow(ctx, id);
      if (p.deletedAt === null && p.status === 'inactive') return 'unchanged';
      await projects.archiveProject(ctx, id, p.version);
      return 'changed';
    },
  });
  registerBulkAction(app, {
    ...common,
    action: 'projects.restore',
    path: projectBulkPath('restore'),
    summary: 'Restore the selected projects: deleted ones come back as they were, archived ones become active',
    apply: async (ctx, id): Promise<BulkOutcome> => {
      const p = await projectNow(ctx, id);
      if (p.deletedAt === null && p.status !== 'inactive') return 'unchanged';
      await projects.restoreProject(ctx, id, p.version);
      return 'changed';
    },
  });
}

/** POST /api/tasks/bulk/assign and /complete: beside GET /api/projects/:projectId/tasks. */
export function registerTaskBulkActions(app: FastifyInstance): void {
  const common = {
    access: manage,
    listQuery: taskBulkListQuerySchema as unknown as z.ZodType<TaskBulkListQuery>,
    page: (ctx: Ctx, { projectId, ...q }: TaskBulkListQuery) =>
      tasks.listProjectTasks(ctx, projectId, q).then((p) => ({ rows: p.data })),
    labels: taskLabels,
    tags,
  };
  registerBulkAction(app, {
    ...common,
    action: 'tasks.assign',
    path: taskBulkPath('assign'),
    params: taskBulkAssignParams,
    summary: "Assign the selected tasks to one employee (as the task editor's save with only the assignee changed)",
    apply: async (ctx, id, { employeeId }: TaskBulkAssignParams): Promise<BulkOutcome> => {
      const t = await taskNow(ctx, id);
      if ((t.assignee?.id ?? null) === employeeId) return 'unchanged';
      await tasks
        .updateTask(ctx, t.projectId, id, {
          name: t.name,
          assigneeId: employeeId,
          notes: t.notes,
          attachmentIds: t.attachments.map((a) => a.id),
          version: t.version,
        })
        .catch((err: unknown) => {
          // The editor's field error on the assignee, said as what it is for a row of the list.
          if (err instanceof AppError && err.fieldErrors?.assigneeId) throw new AppError('EMPLOYEE_NOT_FOUND');
          throw err;
        });
      return 'changed';
    },
  });
  registerBulkAction(app, {
    ...common,
    action: 'tasks.complete',
    path: taskBulkPath('complete'),
    params: noBulkParams,
    summary: 'Complete the selected tasks (not one with an open ticket; a completed one stays)',
    apply: async (ctx, id): Promise<BulkOutcome> => {
      const t = await taskNow(ctx, id);
      if (t.status === 'completed') return 'unchanged';
      await tasks.setTaskDone(ctx, t.projectId, id, t.version, true);
      return 'changed';
    },
  });
}
