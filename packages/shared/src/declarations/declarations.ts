import * as z from 'zod';
import { fileSchema } from '../files/files';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, pageMetaSchema, versionField } from '../platform/http';
import { calendarDateSchema, personRefSchema, workDateSchema } from '../users/people';
import {
  DECLARATION_ABILITIES,
  DECLARATION_OPTION_ABILITIES,
  DECLARATION_STATUSES,
  MAX_DECLARATION_CENTS,
} from './declarations.rules';

// Declarations (spec section 3, R15): an expense claim with a receipt.
// Own ones for everyone; everyone's with the hours rights (PEOPLE_RIGHTS.hours), who also decide.
// Amounts travel in euro cents.

const id = z.number().int().positive().max(2_147_483_647);
const ref = z.object({ id: z.number().int(), name: z.string() });

export const declarationSchema = z.object({
  id: z.number().int(),
  employee: personRefSchema,
  date: calendarDateSchema,
  project: ref.nullable(),
  category: ref,
  paymentType: ref,
  description: z.string(),
  amountCents: z.number().int().describe('The amount in euro cents'),
  receipt: fileSchema.describe('The receipt (an image or a PDF); download through its url'),
  status: z.enum(DECLARATION_STATUSES),
  rejectReason: z.string().nullable(),
  decidedBy: z.string().nullable().describe('Who approved or rejected it (name)'),
  decidedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  abilities: abilitiesSchema(DECLARATION_ABILITIES),
});
export type Declaration = z.infer<typeof declarationSchema>;

export const DECLARATION_SORTS = ['date', '-date', 'amount', '-amount', 'employee', '-employee'] as const;
export type DeclarationSort = (typeof DECLARATION_SORTS)[number];

const listFilters = {
  status: z.enum(DECLARATION_STATUSES).optional().describe('Only this status (all when left out)'),
  from: calendarDateSchema.optional().describe('From this date (included)'),
  to: calendarDateSchema.optional().describe('Up to this date (included)'),
  sort: z.enum(DECLARATION_SORTS).default('-date'),
};

/** GET /api/declarations: one's own, or with the hours rights everyone's (optionally one person's). */
export const declarationListQuerySchema = listQueryBase.extend({
  ...listFilters,
  employeeId: idSchema.optional().describe("One person's (another person's need the hours rights)"),
});
export type DeclarationListQuery = z.infer<typeof declarationListQuerySchema>;
/** GET /api/users/:userId/declarations: the same for one person. */
export const userDeclarationListQuerySchema = listQueryBase.extend(listFilters);
export type UserDeclarationListQuery = z.infer<typeof userDeclarationListQuerySchema>;

export const declarationPageSchema = z.object({
  data: z.array(declarationSchema),
  meta: pageMetaSchema,
  totalCents: z.number().int().describe('The sum of every matching declaration (not only the page)'),
});
export type DeclarationPage = z.infer<typeof declarationPageSchema>;

const fields = {
  date: workDateSchema,
  projectId: id.nullable().default(null).describe('The project it was for (optional)'),
  categoryId: id,
  paymentTypeId: id,
  description: z.string().trim().min(1).max(500),
  amountCents: z.number().int().min(1).max(MAX_DECLARATION_CENTS).describe('In euro cents'),
  receiptFileId: id.describe('An image or a PDF uploaded by the caller (POST /api/files) and not attached yet'),
};

export const declarationInputSchema = z.strictObject({
  employeeId: id.optional().describe("Whose declaration: left out for one's own; another person's need the hours rights"),
  ...fields,
});
export type DeclarationInput = z.input<typeof declarationInputSchema>;
export const declarationUpdateSchema = z.strictObject({ ...fields, version: versionField });
export type DeclarationUpdate = z.input<typeof declarationUpdateSchema>;

export const declarationDecisionSchema = z.strictObject({ version: versionField });
export const declarationRejectSchema = z.strictObject({
  version: versionField,
  reason: z.string().trim().min(1).max(1000).describe('Why: the employee reads it'),
});
export type DeclarationReject = z.input<typeof declarationRejectSchema>;

export const declarationParams = z.strictObject({ declarationId: idSchema });

// ---- settings: categories and payment types

export const declarationOptionSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('The Dutch name'),
  nameEn: z.string().describe('The English name; empty: the Dutch one is shown in English too (shownName)'),
  active: z.boolean().describe('Inactive ones are not offered for new declarations'),
  inUse: z.boolean().describe('Declarations use it: it can be deactivated, not deleted'),
  version: z.number().int(),
  abilities: abilitiesSchema(DECLARATION_OPTION_ABILITIES),
});
export type DeclarationOption = z.infer<typeof declarationOptionSchema>;
export const declarationOptionListSchema = z.object({ data: z.array(declarationOptionSchema) });

export const declarationOptionQuerySchema = z.strictObject({
  all: z.enum(['0', '1']).optional().describe('1: inactive ones too (with the hours rights)'),
});

export const declarationOptionInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().max(100).default('').describe('Empty: the Dutch name is shown in English too'),
  active: z.boolean().default(true),
});
export type DeclarationOptionInput = z.input<typeof declarationOptionInputSchema>;
export const declarationOptionUpdateSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  nameEn: z.string().trim().max(100).default('').describe('Empty: the Dutch name is shown in English too'),
  active: z.boolean(),
  version: versionField,
});
export type DeclarationOptionUpdate = z.input<typeof declarationOptionUpdateSchema>;

export const categoryParams = z.strictObject({ categoryId: idSchema });
export const paymentTypeParams = z.strictObject({ paymentTypeId: idSchema });
