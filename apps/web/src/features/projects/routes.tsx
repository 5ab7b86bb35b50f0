import type { RouteObject } from 'react-router';

/** The projects list, one project's shell (its tabs), the project feed and the tickets (global and per project). */
export const projectRoutes: RouteObject[] = [];
