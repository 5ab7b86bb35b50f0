import { type Ticket, type TicketListQuery, ticketListQuerySchema } from '@app/shared/tickets/tickets';
import type { TicketPriority, TicketStatus } from '@app/shared/tickets/tickets.rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../../platform/access';
import { type ExportColumn, registerListExport } from '../../platform/list-export';
import * as tickets from './tickets.service';

// The tickets list's export: across projects or, with projectId, one project's (the
// project's tickets page lists /api/tickets?projectId too); the list's columns with the UI's headers.

type App = Parameters<FastifyPluginAsyncZod>[0];

const PRIORITY: Record<'nl' | 'en', Record<TicketPriority, string>> = {
  nl: { low: 'Laag', normal: 'Normaal', high: 'Hoog', urgent: 'Urgent' },
  en: { low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent' },
};
const STATUS: Record<'nl' | 'en', Record<TicketStatus, string>> = {
  nl: { open: 'Open', closed: 'Gesloten' },
  en: { open: 'Open', closed: 'Closed' },
};

export const ticketColumns: ExportColumn<Ticket>[] = [
  { header: { nl: 'ID', en: 'ID' }, type: 'integer', width: 8, value: (x) => x.id },
  { header: { nl: 'Beschrijving', en: 'Description' }, type: 'text', width: 44, value: (x) => x.description },
  { header: { nl: 'Project', en: 'Project' }, type: 'text', width: 28, value: (x) => x.project.name },
  { header: { nl: 'Taak', en: 'Task' }, type: 'text', width: 32, value: (x) => x.task?.name ?? null },
  { header: { nl: 'Ruimte', en: 'Area' }, type: 'text', value: (x) => x.task?.areaName ?? null },
  { header: { nl: 'Prioriteit', en: 'Priority' }, type: 'text', width: 12, value: (x, l) => PRIORITY[l][x.priority] },
  { header: { nl: 'Status', en: 'Status' }, type: 'text', width: 12, value: (x, l) => STATUS[l][x.status] },
  { header: { nl: 'Projectleider', en: 'Project manager' }, type: 'text', value: (x) => x.projectManager?.name ?? null },
  { header: { nl: 'Aangemaakt', en: 'Created' }, type: 'datetime', value: (x) => x.createdAt },
  { header: { nl: 'Gesloten', en: 'Closed' }, type: 'datetime', value: (x) => x.closedAt },
];

/** GET /api/tickets/export: beside GET /api/tickets. */
export function registerTicketsExport(app: App): void {
  registerListExport(app, {
    path: '/api/tickets/export',
    access: access.employee('projects.view', 'projects.manage'),
    query: ticketListQuerySchema,
    fileName: { nl: 'tickets', en: 'tickets' },
    columns: ticketColumns,
    page: async (ctx, q: TicketListQuery) => {
      const page = await tickets.listTickets(ctx, q);
      return { rows: page.data, total: page.meta.total };
    },
    tags: ['tickets'],
    summary: 'The tickets list as CSV or XLSX: the same tab, filters, search and sort as GET /api/tickets',
  });
}
