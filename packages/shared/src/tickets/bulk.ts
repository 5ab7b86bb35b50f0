/** Bulk actions on the tickets list: each row is the single close, with its checks and history. */
export const TICKET_BULK_ACTIONS = ['close'] as const;
export type TicketBulkAction = (typeof TICKET_BULK_ACTIONS)[number];
export const ticketBulkPath = (action: TicketBulkAction) => `/api/tickets/bulk/${action}` as const;
