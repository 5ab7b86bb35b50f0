import type { Permission } from '@app/shared/platform/permissions';
import { Navigate, type RouteObject } from 'react-router';
import { meta } from '../../app/route-sets/shared';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/**
 * The projects list, one project's shell (its tabs), the project feed and the tickets (global and
 * per project). The crumbs read Projecten > {project} > {tab}; the project's own crumb
 * (`projects.show`, /projects/:projectId) opens its areas.
 */
export const projectRoutes: RouteObject[] = [
  {
    path: 'projects',
    handle: meta({ name: 'projects.index', title: 'projects.list.title', parent: 'home', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectsPage')).ProjectsPage }),
  },
  {
    path: 'projects/create',
    handle: meta({
      name: 'projects.create',
      title: 'projects.editor.createTitle',
      parent: 'projects.index',
      permission: ['projects.manage'],
    }),
    lazy: async () => ({ Component: (await import('./pages/ProjectEditPage')).ProjectCreatePage }),
  },
  {
    // Spec: /projects/{projectId} redirects to the areas list.
    path: 'projects/:projectId',
    handle: meta({ name: 'projects.show', slug: 'projectId', parent: 'projects.index', permission: VIEW }),
    element: <Navigate to="areas" replace />,
  },
  {
    path: 'projects/:projectId/details',
    handle: meta({ name: 'projects.details', title: 'projects.tabs.details', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectEditPage')).ProjectDetailsPage }),
  },
  {
    path: 'projects/:projectId/feed',
    handle: meta({ name: 'projects.feed', title: 'projects.tabs.feed', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/ProjectFeedPage')).ProjectFeedPage }),
  },
  {
    path: 'projects/:projectId/timeline',
    handle: meta({ name: 'projects.timeline', title: 'timeline.tab', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('../timeline/pages/TimelinePage')).TimelinePage }),
  },
  {
    path: 'projects/:projectId/templates',
    handle: meta({ name: 'projects.templates', title: 'templates.tab', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('../templates/pages/TemplatesPage')).TemplatesPage }),
  },
  {
    path: 'projects/:projectId/articles',
    handle: meta({ name: 'project-articles.index', title: 'projectArticles.tab', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('../project-articles/pages/ProjectArticlesPage')).ProjectArticlesPage }),
  },
  {
    path: 'projects/:projectId/tickets',
    handle: meta({ name: 'projects.tickets', title: 'projects.tabs.tickets', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('../tickets/pages/TicketsPage')).ProjectTicketsPage }),
  },
  {
    path: 'projects/:projectId/tickets/:ticketId',
    handle: meta({ name: 'projects.ticket', slug: 'ticketId', parent: 'projects.tickets', permission: VIEW }),
    lazy: async () => ({ Component: (await import('../tickets/pages/TicketPage')).ProjectTicketPage }),
  },
  {
    path: 'tickets',
    handle: meta({ name: 'tickets.index', title: 'tickets.list.title', parent: 'home', permission: VIEW }),
    lazy: async () => ({ Component: (await import('../tickets/pages/TicketsPage')).TicketsPage }),
  },
  {
    path: 'tickets/:ticketId',
    handle: meta({ name: 'tickets.show', slug: 'ticketId', parent: 'tickets.index', permission: VIEW }),
    lazy: async () => ({ Component: (await import('../tickets/pages/TicketPage')).TicketPage }),
  },
];
