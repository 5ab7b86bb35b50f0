import * as z from 'zod';
import { companyBrandSchema, SECTORS } from '../auth/auth';
import { listQueryBase } from '../platform/http';

export const companySummarySchema = companyBrandSchema.extend({
  city: z.string().nullable(),
  country: z.string().nullable(),
  usersCount: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const COMPANY_SORTS = ['name', '-name', 'city', '-city', 'users', '-users'] as const;

export const companyListQuerySchema = listQueryBase.extend({
  sort: z.enum(COMPANY_SORTS).default('name'),
  sector: z.enum(SECTORS).optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
