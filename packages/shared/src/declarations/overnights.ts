import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, pageMetaSchema, versionField } from '../platform/http';
import { calendarDateSchema, personRefSchema, workDateSchema } from '../users/people';
import { MAX_OVERNIGHT_NIGHTS, OVERNIGHT_ABILITIES, OVERNIGHT_STATUSES } from './overnights.rules';

// Overnight stays (R16): user, project, date, nights, location, notes.
// Own ones for everyone (registering needs the mobile setting); everyone's with the hours rights.

const id = z.number().int().positive().max(2_147_483_647);

export const overnightSchema = z.object({
  id: z.number().int(),
  employee: personRefSchema,
  project: z.object({ id: z.number().int(), name: z.string() }),
  date: calendarDateSchema.describe('The first night'),
  nights: z.number().int(),
  location: z.string(),
  notes: z.string(),
  status: z.enum(OVERNIGHT_STATUSES),
  rejectReason: z.string().nullable(),
  decidedBy: z.string().nullable().describe('Who approved or rejected it (name)'),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  abilities: abilitiesSchema(OVERNIGHT_ABILITIES),
});
export type Overnight = z.infer<typeof overnightSchema>;

export const OVERNIGHT_SORTS = ['date', '-date', 'employee', '-employee', 'nights', '-nights'] as const;

const listFilters = {
  status: z.enum(OVERNIGHT_STATUSES).optional(),
  projectId: idSchema.optional(),
  from: calendarDateSchema.optional().describe('From this date (included)'),
  to: calendarDateSchema.optional().describe('Up to this date (included)'),
  sort: z.enum(OVERNIGHT_SORTS).default('-date'),
};

/** GET /api/overnights: one's own, or everyone's with the hours (or export) rights. */
export const overnightListQuerySchema = listQueryBase.extend({
  ...listFilters,
  employeeId: idSchema.optional(),
});
export type OvernightListQuery = z.infer<typeof overnightListQuerySchema>;
export const userOvernightListQuerySchema = listQueryBase.extend(listFilters);
export type UserOvernightListQuery = z.infer<typeof userOvernightListQuerySchema>;

export const overnightPageSchema = z.object({
  data: z.array(overnightSchema),
  meta: pageMetaSchema,
  totalNights: z.number().int().describe('The nights of every matching stay (not only the page)'),
  /** May the viewer register a stay for this list's person (own with the mobile setting on, or the hours rights). */
  canRegister: z.boolean(),
  cannotRegisterReason: z.string().nullable().describe('The error code when canRegister is false'),
});
export type OvernightPage = z.infer<typeof overnightPageSchema>;

const fields = {
  projectId: id,
  date: workDateSchema,
  nights: z.number().int().min(1).max(MAX_OVERNIGHT_NIGHTS),
  location: z.string().trim().min(1).max(200),
  notes: z.string().trim().max(1000).default(''),
};

export const overnightInputSchema = z.strictObject({
  employeeId: id.optional().describe("Whose stay: left out for one's own; another person's need the hours rights"),
  ...fields,
});
export type OvernightInput = z.input<typeof overnightInputSchema>;
export const overnightUpdateSchema = z.strictObject({ ...fields, version: versionField });
export type OvernightUpdate = z.input<typeof overnightUpdateSchema>;

export const overnightDecisionSchema = z.strictObject({ version: versionField });
export const overnightRejectSchema = z.strictObject({
  version: versionField,
  reason: z.string().trim().min(1).max(1000),
});

export const overnightParams = z.strictObject({ overnightId: idSchema });
