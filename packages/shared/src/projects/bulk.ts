import * as z from 'zod';
import { idSchema } from '../platform/http';
import { projectTaskListQuerySchema } from './tasks';

/**
 * Bulk actions on the projects list and a project's task list. Each row goes through the
 * single action's service (archive, restore, the task editor's save, complete); the paths sit beside
 * the lists.
 */
export const PROJECT_BULK_ACTIONS = ['archive', 'restore'] as const;
export type ProjectBulkAction = (typeof PROJECT_BULK_ACTIONS)[number];
export const projectBulkPath = (action: ProjectBulkAction) => `/api/projects/bulk/${action}` as const;

export const TASK_BULK_ACTIONS = ['assign', 'complete'] as const;
export type TaskBulkAction = (typeof TASK_BULK_ACTIONS)[number];
/** The tasks' bulk paths: ticked ids may come from any project; "all matching" names its project in the query. */
export const taskBulkPath = (action: TaskBulkAction) => `/api/tasks/bulk/${action}` as const;

/** "All matching" on a project's task list: the list's own query with the project it belongs to. */
export const taskBulkListQuerySchema = projectTaskListQuerySchema.extend({
  projectId: idSchema.describe('The project whose task list this is'),
});
export type TaskBulkListQuery = z.infer<typeof taskBulkListQuerySchema>;

/** Assign every selected task to one employee (null: to nobody). */
export const taskBulkAssignParams = z.strictObject({
  employeeId: z.number().int().positive().max(2_147_483_647).nullable().describe('An employee; null takes the assignee off'),
});
export type TaskBulkAssignParams = z.infer<typeof taskBulkAssignParams>;
