import * as z from 'zod';
import { pageOf, queryInt } from '../platform/http';

/**
 * A record's history: who changed what and when, field by field. The server keeps it in
 * record_changes, written by a database trigger in the transaction that changes the row, and finds
 * who did it in the audit row of the same transaction. One route, GET /api/history/:subject/:id,
 * serves every kind of record below; it answers like the record itself (404 when the actor may not
 * see the record).
 */
export const HISTORY_SUBJECTS = [
  'product',
  'article',
  'attribute',
  'robox_material',
  'robox_category',
  'company',
  'company_user',
  'company_post',
  'employee',
  'role',
  'project',
  'area',
  'task',
  'subtask',
  'ticket',
  'drawing',
  'order',
  'template',
  'declaration',
  'overnight',
  'leave_request',
  'collective_leave',
  'leave_type',
  'hour_rule',
  'sick_period',
  'employee_contract',
  'employee_document',
] as const;
export type HistorySubject = (typeof HISTORY_SUBJECTS)[number];

export const historyParams = z.strictObject({
  subject: z.enum(HISTORY_SUBJECTS).describe('The kind of record'),
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647))
    .describe('The record id'),
});

export const HISTORY_PER_PAGE = 20;

export const historyQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1).describe('Page, from 1'),
  perPage: queryInt(1, 50).default(HISTORY_PER_PAGE).describe('Entries per page'),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const HISTORY_OPS = ['created', 'updated', 'deleted'] as const;
export type HistoryOp = (typeof HISTORY_OPS)[number];

/** A stored value as the database had it (text, number, boolean, null, or JSON for lists and objects). */
export const historyValueSchema = z.unknown();

export const historyChangeSchema = z.object({
  field: z.string(),
  old: historyValueSchema,
  new: historyValueSchema,
});
export type HistoryChange = z.infer<typeof historyChangeSchema>;

export const historyActorSchema = z.object({
  /** The person signed in: for a change made while acting as a company, the employee. */
  name: z.string(),
  /** The company the employee acted as, when the change was made while acting as it. */
  actingAs: z.string().nullable(),
});

export const historyEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  op: z.enum(HISTORY_OPS),
  /** The table that changed: the record's own, or a part of it (a product's images, a role's permissions). */
  source: z.string(),
  sourceId: z.string().nullable(),
  changes: z.array(historyChangeSchema),
  /** Null for changes nobody signed in made (the ERP sync, the demo data, a migration). */
  actor: historyActorSchema.nullable(),
  /** The audit event of the same transaction, e.g. product.updated. */
  event: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyPageSchema = pageOf(historyEntrySchema);
