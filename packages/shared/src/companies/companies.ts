import * as z from 'zod';
import { companyBrandSchema, SECTORS } from '../auth/auth';
import { abilitiesSchema } from '../platform/abilities';
import { idSchema, listQueryBase } from '../platform/http';
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
  version: z.number().int(),
});
export type Company = z.infer<typeof companySchema>;

export const companyParams = z.strictObject({ companyId: idSchema });

/** Every live company in short, for pickers (a project's attached companies). */
export const companyOptionSchema = z.object({ id: z.number().int(), name: z.string(), sector: z.enum(SECTORS) });
export type CompanyOption = z.infer<typeof companyOptionSchema>;

export const COMPANY_SORTS = ['name', '-name', 'city', '-city', 'users', '-users'] as const;

export const companyListQuerySchema = listQueryBase.extend({
  sort: z.enum(COMPANY_SORTS).default('name'),
  sector: z.enum(SECTORS).optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
