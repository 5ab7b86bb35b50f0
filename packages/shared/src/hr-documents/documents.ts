import * as z from 'zod';
import { fileSchema } from '../files/files';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, versionField } from '../platform/http';
import { calendarDateSchema, personRefSchema, workDateSchema } from '../users/people';
import { CONTRACT_STATUSES, DOCUMENT_TYPES, EXPIRY_STATUSES } from './documents.rules';

// HR documents (/api/users/:userId/documents) and HR's list of what expires (/api/hr/expiring).

export const DOCUMENT_ABILITIES = ['canEdit', 'canDelete'] as const;

export const documentParams = z.strictObject({ userId: idSchema, documentId: idSchema });

const text = (max: number) => z.string().trim().max(max);
const fileId = z.number().int().min(1).max(2_147_483_647);

export const employeeDocumentSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  type: z.enum(DOCUMENT_TYPES),
  title: z.string(),
  expiresOn: calendarDateSchema.nullable().describe('The last day the document is valid; null when it does not expire'),
  status: z.enum(EXPIRY_STATUSES).describe('expired, expiring (within 30 days), valid, or none (no expiry date)'),
  notes: z.string(),
  file: fileSchema.describe('Downloaded through GET /api/files/:id (own record, or documents.manage)'),
  version: z.number().int(),
  createdAt: z.string(),
  abilities: abilitiesSchema(DOCUMENT_ABILITIES),
});
export type EmployeeDocument = z.infer<typeof employeeDocumentSchema>;

export const documentListSchema = z.object({
  data: z.array(employeeDocumentSchema),
  today: calendarDateSchema.describe('The day the statuses were computed for'),
  abilities: abilitiesSchema(['canCreate'] as const),
});
export type DocumentList = z.infer<typeof documentListSchema>;

const documentFields = {
  type: z.enum(DOCUMENT_TYPES),
  title: text(200).min(1),
  expiresOn: workDateSchema.nullable().default(null).describe('Leave empty (null) for a document that does not expire'),
  notes: text(2000).default(''),
  fileId: fileId.describe('An image or PDF uploaded with POST /api/files and not attached yet (or the current file)'),
};
export const documentInputSchema = z.strictObject(documentFields);
export type DocumentInput = z.input<typeof documentInputSchema>;
export const documentUpdateSchema = z.strictObject({ ...documentFields, version: versionField });
export type DocumentUpdate = z.input<typeof documentUpdateSchema>;

/** One row of HR's list: a document that expired or expires soon, or a contract that ends soon or ended without a successor. */
export const expiringItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('document'),
    id: z.number().int(),
    employee: personRefSchema,
    date: calendarDateSchema.describe('The expiry date'),
    status: z.enum(EXPIRY_STATUSES),
    type: z.enum(DOCUMENT_TYPES),
    title: z.string(),
  }),
  z.object({
    kind: z.literal('contract'),
    id: z.number().int(),
    employee: personRefSchema,
    date: calendarDateSchema.describe('The last day of the contract'),
    status: z.enum(CONTRACT_STATUSES),
    startsOn: calendarDateSchema,
    minutesPerWeek: z.number().int(),
  }),
]);
export type ExpiringItem = z.infer<typeof expiringItemSchema>;

export const expiringListSchema = z.object({
  data: z.array(expiringItemSchema),
  today: calendarDateSchema,
  parts: z
    .object({ documents: z.boolean(), contracts: z.boolean() })
    .describe('Which parts the caller sees (documents.manage, contracts.manage)'),
});
export type ExpiringList = z.infer<typeof expiringListSchema>;

/** GET /api/hr/expiring/export: the list's "show" filter (the page filters the list itself). */
export const EXPIRING_KINDS = ['document', 'contract'] as const;
export const expiringExportQuerySchema = z.strictObject({
  kind: z.enum(EXPIRING_KINDS).optional().describe('Only documents or only contracts (both when left out)'),
});
