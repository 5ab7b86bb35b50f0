import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Viewer } from '../platform/abilities';

export const TICKET_STATUSES = ['open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_TABS = ['open', 'closed', 'all'] as const;

export const TICKET_ABILITIES = ['canEdit', 'canClose', 'canReopen'] as const;
export type TicketAbilities = Abilities<(typeof TICKET_ABILITIES)[number]>;

/** Tickets are handled by those who manage projects; a ticket is closed once and reopened once closed. */
export function ticketAbilities(ticket: { status: TicketStatus; projectDeleted: boolean }, viewer: Viewer): TicketAbilities {
  const manage = permissionVerdict(viewer, 'projects.manage');
  const editable = () => (ticket.projectDeleted ? ('PROJECT_DELETED' as const) : true);
  return toAbilities({
    canEdit: firstDenied(manage, editable),
    canClose: firstDenied(manage, editable, () => (ticket.status === 'closed' ? 'TICKET_CLOSED' : true)),
    canReopen: firstDenied(manage, editable, () => (ticket.status === 'open' ? 'TICKET_OPEN' : true)),
  });
}
