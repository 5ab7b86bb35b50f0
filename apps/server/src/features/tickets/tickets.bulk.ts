import { noBulkParams } from '@app/shared/bulk/bulk';
import { ticketBulkPath } from '@app/shared/tickets/bulk';
import { type TicketListQuery, ticketListQuerySchema } from '@app/shared/tickets/tickets';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod';
import { access } from '../../platform/access';
import { type BulkOutcome, registerBulkAction } from '../../platform/bulk';
import type { Ctx } from '../../platform/context';
import * as tickets from './tickets.service';

// Bulk close on the tickets list: each row is the single close with the version it has
// now (its task returns to its previous status with the last open ticket, feed and audit rows);
// a ticket closed already stays as it is, one the single close refuses is skipped with its code.

async function labels(ctx: Ctx, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of ids) {
    const t = await tickets.getTicket(ctx, id).catch(() => null);
    if (t) names.set(id, t.description);
  }
  return names;
}

/** POST /api/tickets/bulk/close: beside GET /api/tickets. */
export function registerTicketBulkActions(app: FastifyInstance): void {
  registerBulkAction(app, {
    action: 'tickets.close',
    path: ticketBulkPath('close'),
    access: access.employee('projects.manage'),
    listQuery: ticketListQuerySchema as unknown as z.ZodType<TicketListQuery>,
    params: noBulkParams,
    page: (ctx, q) => tickets.listTickets(ctx, q).then((p) => ({ rows: p.data })),
    apply: async (ctx, id): Promise<BulkOutcome> => {
      const t = await tickets.getTicket(ctx, id);
      if (t.status === 'closed') return 'unchanged';
      await tickets.setTicketStatus(ctx, t.project.id, id, t.version, 'closed');
      return 'changed';
    },
    labels,
    tags: ['tickets'],
    summary: "Close the selected tickets (as the single close: the task's last open ticket returns the task to its status)",
  });
}
