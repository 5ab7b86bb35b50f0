import type { Permission } from '@app/shared/platform/permissions';
import type { RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

const VIEW: readonly Permission[] = ['projects.view', 'projects.manage'];

/** The tickets: per project (a project tab) and everyone's (the menu's Tickets). */
export const ticketRoutes: RouteObject[] = [
  {
    path: 'projects/:projectId/tickets',
    handle: meta({ name: 'projects.tickets', title: 'projects.tabs.tickets', parent: 'projects.show', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/TicketsPage')).ProjectTicketsPage }),
  },
  {
    path: 'projects/:projectId/tickets/:ticketId',
    handle: meta({ name: 'projects.ticket', slug: 'ticketId', parent: 'projects.tickets', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/TicketPage')).ProjectTicketPage }),
  },
  {
    path: 'tickets',
    handle: meta({ name: 'tickets.index', title: 'tickets.list.title', parent: 'home', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/TicketsPage')).TicketsPage }),
  },
  {
    path: 'tickets/:ticketId',
    handle: meta({ name: 'tickets.show', slug: 'ticketId', parent: 'tickets.index', permission: VIEW }),
    lazy: async () => ({ Component: (await import('./pages/TicketPage')).TicketPage }),
  },
];
