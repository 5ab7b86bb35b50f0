import * as z from 'zod';
import { companyBrandSchema, SECTORS } from '../auth/auth';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';
import { COMPANY_ABILITIES } from './companies.rules';

const companyAbilitiesSchema = abilitiesSchema(COMPANY_ABILITIES);

export const companySummarySchema = companyBrandSchema.extend({
  city: z.string().nullable(),
  country: z.string().nullable(),
  usersCount: z.number().int(),
  abilities: companyAbilitiesSchema,
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** One company as its page shows it: the brand, the contact details and the address. */
export const companySchema = companySummarySchema.extend({
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  archivedAt: z.string().nullable().describe('Set while the company is archived: its users cannot sign in'),
  version: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

export const companyParams = z.strictObject({ companyId: idSchema });

/** Every live company in short, for pickers (a project's attached companies). */
export const companyOptionSchema = z.object({ id: z.number().int(), name: z.string(), sector: z.enum(SECTORS) });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

export const COMPANY_SORTS = ['name', '-name', 'city', '-city', 'users', '-users'] as const;

export const COMPANY_TABS = ['active', 'archived'] as const;

export const companyListQuerySchema = listQueryBase.extend({
  sort: z.enum(COMPANY_SORTS).default('name'),
  sector: z.enum(SECTORS).optional(),
  tab: z.enum(COMPANY_TABS).default('active').describe('Active companies, or the archived ones'),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;

/** A brand colour: #rrggbb (lower case on the way in). */
const hexColor = z
  .string()
  .trim()
  .toLowerCase()
  .max(7)
  .refine((c) => /^#[0-9a-f]{6}$/.test(c), { message: 'invalid_format' });
/** An optional text: trimmed, '' when left empty (stored as null). */
const optional = (max: number) => z.string().trim().max(max).default('');

export const companyFields = {
  name: z.string().trim().min(1).max(160),
  sector: z.enum(SECTORS),
  primaryColor: hexColor.default('#1c3d5a'),
  secondaryColor: hexColor.default('#c8a45c'),
  contactPerson: optional(160),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((e) => e === '' || z.email().safeParse(e).success, { message: 'invalid_email' })
    .default(''),
  phone: optional(40),
  country: optional(80),
  address: optional(400),
  zipcode: optional(20),
  city: optional(120),
};
export const companyInputSchema = z.strictObject(companyFields);
export type CompanyInput = z.input<typeof companyInputSchema>;
export const companyUpdateSchema = z.strictObject({ ...companyFields, version: versionField });
export type CompanyUpdate = z.input<typeof companyUpdateSchema>;
/** Archive and restore: the version they are based on. */
export const companyVersionSchema = z.strictObject({ version: versionField });

/** Sets the logo (an uploaded image, POST /api/media) or clears it (null); saved on its own. */
export const companyLogoSchema = z.strictObject({
  mediaId: z.number().int().positive().max(2_147_483_647).nullable(),
});
export type CompanyLogoInput = z.infer<typeof companyLogoSchema>;
