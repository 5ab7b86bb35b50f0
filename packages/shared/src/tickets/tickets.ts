import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';
import { namedRefSchema } from '../projects/projects';
import { TICKET_ABILITIES, TICKET_PRIORITIES, TICKET_STATUSES, TICKET_TABS } from './tickets.rules';

const id = z.number().int().positive().max(2_147_483_647);

export const ticketSchema = z.object({
  id: z.number().int(),
  project: namedRefSchema,
  task: z
    .object({ id: z.number().int(), name: z.string(), areaId: z.number().int(), areaName: z.string() })
    .nullable()
    .describe('The task the ticket is about; while the ticket is open the task is open_ticket'),
  description: z.string(),
  information: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  projectManager: namedRefSchema.nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  updatedAt: z.string(),
  version: z.number().int(),
  abilities: abilitiesSchema(TICKET_ABILITIES),
});
export type Ticket = z.infer<typeof ticketSchema>;

const ticketFields = {
  taskId: id.nullable().default(null),
  description: z.string().trim().min(1).max(300),
  information: z.string().trim().max(10_000).default(''),
  priority: z.enum(TICKET_PRIORITIES).default('normal'),
  projectManagerId: id.nullable().default(null).describe('An employee'),
};
export const ticketInputSchema = z.strictObject(ticketFields);
export type TicketInput = z.input<typeof ticketInputSchema>;
export const ticketUpdateSchema = z.strictObject({ ...ticketFields, version: versionField });
export type TicketUpdate = z.input<typeof ticketUpdateSchema>;

export const TICKET_SORTS = ['-created', 'created', 'priority', '-updated'] as const;
export const ticketListQuerySchema = listQueryBase.extend({
  tab: z.enum(TICKET_TABS).default('open'),
  sort: z.enum(TICKET_SORTS).default('-created'),
  projectId: idSchema.optional(),
  taskId: idSchema.optional(),
  priority: z.enum(TICKET_PRIORITIES).optional(),
});
export type TicketListQuery = z.infer<typeof ticketListQuerySchema>;

export const ticketParams = z.strictObject({ ticketId: idSchema });
export const projectTicketParams = z.strictObject({ projectId: idSchema, ticketId: idSchema });
