import type { RouteObject } from 'react-router';

/** Children of the area page: the task editor (task/:taskId) and the sub-task editor (task/:taskId/subtask/:subTaskId). */
export const taskEditorRoutes: RouteObject[] = [];

/** The project's task list ({projectId}/tasks). */
export const projectTaskRoutes: RouteObject[] = [];
