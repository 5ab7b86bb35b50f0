import type { Permission } from '@app/shared/platform/permissions';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/**
 * The approval module in the back office, under one project: the list (tabs pending and
 * approved), a new drawing, one drawing (tabs details, versions, options) and one version.
 * Crumbs: Projecten > {project} > Tekeningen > {drawing} > v3.
 */
export const drawingRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/drawings',
    handle: meta({ name: 'projects.drawings', title: 'drawings.tab', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectDrawingsPage')).ProjectDrawingsPage }),
  },
  {
    path: 'projects/:projectId/drawings/new',
    handle: meta({
      name: 'projects.drawings.create',
      title: 'drawings.create.title',
      parent: 'projects.drawings',
      permission: ['projects.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ProjectDrawingsPage')).DrawingCreatePage }),
  },
  {
    path: 'projects/:projectId/drawings/:drawingId',
    handle: meta({ name: 'projects.drawing', slug: 'drawingId', parent: 'projects.drawings', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/DrawingPage')).DrawingPage }),
  },
  {
    path: 'projects/:projectId/drawings/:drawingId/versions/:versionId',
    handle: meta({ name: 'projects.drawing-version', slug: 'versionId', parent: 'projects.drawing', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/DrawingPage')).ProjectDrawingVersionPage }),
  },
];

/**
 * The portal's drawings (spec: drawings.index 'Drawings', drawings.create, drawings.show with tabs
 * details, versions and options, drawings.edit, drawing-versions.show).
 */
export const portalDrawingRoutes: RouteObject[] = [
  {
    path: 'drawings',
    handle: meta({ name: 'drawings.index', title: 'drawings.list.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/PortalDrawingPages')).PortalDrawingsPage }),
  },
  {
    path: 'drawings/new',
    handle: meta({ name: 'drawings.create', title: 'drawings.create.title', parent: 'drawings.index' }),
    lazy: async () => ({ Component: (await import('./pages/PortalDrawingPages')).PortalDrawingCreatePage }),
  },
  {
    path: 'drawings/:drawingId',
    handle: meta({ name: 'drawings.show', slug: 'drawingId', parent: 'drawings.index' }),
    lazy: async () => ({ Component: (await import('./pages/PortalDrawingPages')).PortalDrawingPage }),
  },
  {
    path: 'drawings/:drawingId/edit',
    handle: meta({ name: 'drawings.edit', title: 'drawings.edit.crumb', parent: 'drawings.show' }),
    lazy: async () => ({ Component: (await import('./pages/PortalDrawingPages')).PortalDrawingEditPage }),
  },
  {
    path: 'drawings/:drawingId/versions/:versionId',
    handle: meta({ name: 'drawing-versions.show', slug: 'versionId', parent: 'drawings.show' }),
    lazy: async () => ({ Component: (await import('./pages/PortalDrawingPages')).PortalDrawingVersionPage }),
  },
];
