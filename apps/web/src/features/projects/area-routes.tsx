import type { RouteObject } from 'react-router';

/** A project's areas, sub-areas, floor plans, tasks and sub-tasks, and the project's task list. */
export const areaRoutes: RouteObject[] = [];
