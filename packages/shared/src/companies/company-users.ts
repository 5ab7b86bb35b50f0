import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, versionField } from '../platform/http';
import { LOCALES } from '../platform/locale';
import { COMPANY_USER_ABILITIES, INVITATION_STATES } from './company-users.rules';

/** A person of a client company who signs in to the portal (spec: Company user). */
export const companyUserSchema = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  name: z.string().describe('First name, insertion and last name'),
  email: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.enum(LOCALES).describe('The language of the portal and the mails'),
  invitedAt: z.string().nullable().describe('When the last invitation was sent'),
  invitation: z
    .enum(INVITATION_STATES)
    .describe('none: never invited; pending: invited, no password yet; accepted: a password was set'),
  lastLoginAt: z.string().nullable(),
  version: z.number().int(),
  abilities: abilitiesSchema(COMPANY_USER_ABILITIES),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

export const COMPANY_USER_SORTS = ['name', '-name', 'email', '-email', 'lastLogin', '-lastLogin'] as const;
export const companyUserListQuerySchema = listQueryBase.extend({
  sort: z.enum(COMPANY_USER_SORTS).default('name'),
});
export type CompanyUserListQuery = z.infer<typeof companyUserListQuerySchema>;

const optional = (max: number) => z.string().trim().max(max).default('');

export const companyUserFields = {
  firstName: z.string().trim().min(1).max(80),
  insertion: optional(20),
  lastName: z.string().trim().min(1).max(120),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.email({ message: 'invalid_email' })),
  jobTitle: optional(120),
  phone: optional(40),
  locale: z.enum(LOCALES).default('nl'),
};
export const companyUserInputSchema = z.strictObject({
  ...companyUserFields,
  sendInvitation: z.boolean().default(true).describe('Mail the invitation to set a password now'),
});
export type CompanyUserInput = z.input<typeof companyUserInputSchema>;
export const companyUserUpdateSchema = z.strictObject({ ...companyUserFields, version: versionField });
export type CompanyUserUpdate = z.input<typeof companyUserUpdateSchema>;

export const companyUserParams = z.strictObject({ companyId: idSchema, clientId: idSchema });

/** A company user's own profile, as the portal's settings show it (the e-mail address is read only: staff change it). */
export const ownProfileSchema = z.object({
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  jobTitle: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string(),
  version: z.number().int(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;
export const ownProfileUpdateSchema = z.strictObject({
  firstName: companyUserFields.firstName,
  insertion: companyUserFields.insertion,
  lastName: companyUserFields.lastName,
  jobTitle: companyUserFields.jobTitle,
  phone: companyUserFields.phone,
  version: versionField,
});
export type OwnProfileUpdate = z.input<typeof ownProfileUpdateSchema>;
