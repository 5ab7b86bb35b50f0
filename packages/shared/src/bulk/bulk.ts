import * as z from 'zod';
import { envelope } from '../platform/http';

/**
 * Bulk actions on a list. The web sends the selection as the ids it ticked, or as "all
 * rows matching the list's filter" with the list's own query (the server reads the ids with the list's
 * own query, so its scope and filters apply exactly). Each row is changed through the same service a
 * single edit uses, in its own transaction: same permission, version and audit, same history. A row
 * that is refused is skipped with its error code and nothing of it changes.
 */

/** Up to this many rows the action runs in the request and answers 200 with the finished run. */
export const BULK_INLINE_MAX = 100;
/** At most this many rows in one action (more: narrow the filter). */
export const BULK_MAX = 20_000;
/** At most this many ids ticked one by one. */
export const BULK_MAX_IDS = 1_000;

const queryValue = z.union([z.string().max(500), z.array(z.string().max(500)).max(200)]);

export const bulkSelectionSchema = z.union([
  z.strictObject({
    ids: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(BULK_MAX_IDS).describe('The ticked rows'),
  }),
  z.strictObject({
    all: z.literal(true),
    query: z
      .record(z.string().max(60), queryValue)
      .refine((q) => Object.keys(q).length <= 40, 'too_many_keys')
      .describe("The list's query as it sends it to its list route (page and perPage are ignored)"),
  }),
]);
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

/** The body of a bulk action: the selection and the action's own parameters. */
export const bulkBodySchema = <P extends z.ZodType>(params: P) => z.strictObject({ selection: bulkSelectionSchema, params });

export const noBulkParams = z.strictObject({}).default({});

export const bulkSkipSchema = z.object({
  id: z.number().int(),
  /** The row's name where the action could read it. */
  label: z.string().nullable(),
  /** Why it was skipped: an error code (errors.<CODE> in the web's catalogues). */
  code: z.string(),
});
export type BulkSkip = z.infer<typeof bulkSkipSchema>;

export const BULK_STATUSES = ['running', 'done', 'failed'] as const;

export const bulkRunSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  status: z.enum(BULK_STATUSES),
  total: z.number().int(),
  done: z.number().int(),
  /** Rows the action changed. Rows already so (e.g. publishing a published product) are neither changed nor skipped. */
  changed: z.number().int(),
  skipped: z.array(bulkSkipSchema),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkRun = z.infer<typeof bulkRunSchema>;
export const bulkRunEnvelope = envelope(bulkRunSchema);

export const bulkRunParams = z.strictObject({
  runId: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(2_147_483_647)),
});
