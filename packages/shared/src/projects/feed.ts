import * as z from 'zod';
import { idSchema, queryInt } from '../platform/http';

/** The specification's log events. */
export const FEED_KINDS = [
  'area.completed',
  'area.opened',
  'task.completed',
  'task.opened',
  'subtask.completed',
  'subtask.opened',
  'ticket.created',
  'ticket.updated',
] as const;
export type FeedKind = (typeof FEED_KINDS)[number];
/** The filter: the kinds grouped as a person thinks of them. */
export const FEED_FILTERS = ['area', 'task', 'subtask', 'ticket'] as const;

export const feedEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FEED_KINDS),
  subjectType: z.enum(['area', 'task', 'subtask', 'ticket']),
  subjectId: z.number().int(),
  subjectName: z.string().describe('The name as it was when it happened'),
  areaId: z.number().int().nullable(),
  taskId: z.number().int().nullable(),
  who: z.string().nullable().describe('The person; for a change made while acting as a company, the employee'),
  actingFor: z.string().nullable().describe('The company, when the change was made while acting as it'),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type FeedEvent = z.infer<typeof feedEventSchema>;

export const feedQuerySchema = z.strictObject({
  kind: z.enum(FEED_FILTERS).optional(),
  page: queryInt(1, 100_000).default(1),
  perPage: queryInt(1, 100).default(50),
});
export type FeedQuery = z.infer<typeof feedQuerySchema>;
export const feedParams = z.strictObject({ projectId: idSchema });
