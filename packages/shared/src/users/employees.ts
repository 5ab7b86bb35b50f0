import * as z from 'zod';
import { abilitiesSchema } from '../platform/abilities-schema';
import { listQueryBase, versionField } from '../platform/http';
import { LOCALES } from '../platform/locale';
import { EMPLOYEE_ABILITIES, EMPLOYEE_FIELDS, EMPLOYEE_TABS, INVITATION_STATES } from './employees.rules';
import { selfServiceSchema } from './people';

// Employees (spec section 2 'Users', section 3 'User'): /api/users and /api/users/:userId.
// The e-mail address and the language live on the person's account; the rest on the employee.

export const roleRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type RoleRef = z.infer<typeof roleRefSchema>;

export const EMPLOYEE_SORTS = ['name', '-name', 'email', '-email', 'function', '-function', 'lastLogin', '-lastLogin'] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

export const employeeListQuerySchema = listQueryBase.extend({
  tab: z.enum(EMPLOYEE_TABS).default('active').describe('active: can sign in; deleted: deactivated'),
  sort: z.enum(EMPLOYEE_SORTS).default('name'),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

/** One row of the employees list. */
export const employeeRowSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('First name, insertion and last name'),
  email: z.string(),
  function: z.string().nullable(),
  role: roleRefSchema.nullable(),
  phone: z.string().nullable(),
  exactId: z.string().nullable(),
  deletedAt: z.string().nullable().describe('When the employee was deactivated'),
  lastLoginAt: z.string().nullable(),
  expiring: z
    .boolean()
    .describe('A document expires or a contract ends within EXPIRY_WARNING_DAYS days (or did, and was not replaced)'),
});
export type EmployeeRow = z.infer<typeof employeeRowSchema>;

/** One employee's profile, with what the caller may do with it. */
export const employeeSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  insertion: z.string().nullable(),
  lastName: z.string(),
  name: z.string(),
  email: z.string().describe("The account's address: the person signs in with it"),
  privateEmail: z.string().nullable(),
  phone: z.string().nullable(),
  function: z.string().nullable(),
  supplierNumber: z.string().nullable(),
  exactId: z.string().nullable().describe("The payroll system's key"),
  role: roleRefSchema.nullable(),
  locale: z.enum(LOCALES).describe('The language of the app and the mails'),
  invitation: z
    .enum(INVITATION_STATES)
    .describe('none: never invited; pending: invited, no password yet; accepted: a password was set'),
  lastLoginAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  expiring: z.boolean(),
  isSelf: z.boolean().describe("The caller's own profile"),
  selfService: selfServiceSchema,
  version: z.number().int(),
  abilities: abilitiesSchema(EMPLOYEE_ABILITIES),
  editable: z.array(z.enum(EMPLOYEE_FIELDS)).describe('The fields the caller may change (a save that changes another is 403)'),
});
export type Employee = z.infer<typeof employeeSchema>;

const optional = (max: number) => z.string().trim().max(max).default('');

const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'invalid_email' }));

/** An address or nothing (the private e-mail). */
const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine((e) => e === '' || z.email().safeParse(e).success, { message: 'invalid_email' })
  .default('');

export const employeeFields = {
  firstName: z.string().trim().min(1).max(80),
  insertion: optional(20),
  lastName: z.string().trim().min(1).max(120),
  email: emailField,
  privateEmail: optionalEmail,
  phone: optional(40),
  function: optional(120),
  supplierNumber: optional(60),
  roleId: z.number().int().min(1).max(2_147_483_647).nullable().default(null).describe('The role; null: none'),
  exactId: optional(60).describe('Only with exact.manage or users.manage'),
  locale: z.enum(LOCALES).default('nl'),
};

/** A new employee: an account without a password is made and the invitation to set one is mailed. */
export const employeeInputSchema = z.strictObject(employeeFields);
export type EmployeeInput = z.input<typeof employeeInputSchema>;

/**
 * A save: the fields sent replace the stored ones, a field left out stays. A field the caller may
 * not change must be left out or sent unchanged (else 403). Changing one's own e-mail address
 * needs the current password.
 */
export const employeeUpdateSchema = z.strictObject({
  firstName: employeeFields.firstName.optional(),
  insertion: z.string().trim().max(20).optional(),
  lastName: employeeFields.lastName.optional(),
  email: emailField.optional(),
  privateEmail: optionalEmail.optional(),
  phone: z.string().trim().max(40).optional(),
  function: z.string().trim().max(120).optional(),
  supplierNumber: z.string().trim().max(60).optional(),
  roleId: z.number().int().min(1).max(2_147_483_647).nullable().optional(),
  exactId: z.string().trim().max(60).optional(),
  locale: z.enum(LOCALES).optional(),
  currentPassword: z.string().max(1000).optional().describe('Needed to change one’s own e-mail address (S10)'),
  version: versionField,
});
export type EmployeeUpdate = z.input<typeof employeeUpdateSchema>;

/** Deactivate or restore: the version the action is based on. */
export const employeeVersionSchema = z.strictObject({ version: versionField });
export type EmployeeVersion = z.infer<typeof employeeVersionSchema>;

export const MOBILE_ABILITIES = ['canEdit'] as const;

/** A person's mobile settings (what they may do themselves), with the employee's version. */
export const mobileSettingsSchema = z.object({
  employeeId: z.number().int(),
  selfService: selfServiceSchema,
  version: z.number().int().describe("The employee's version"),
  abilities: abilitiesSchema(MOBILE_ABILITIES),
});
export type MobileSettings = z.infer<typeof mobileSettingsSchema>;

export const mobileSettingsUpdateSchema = z.strictObject({
  bookHours: z.boolean(),
  overnights: z.boolean(),
  planner: z.boolean(),
  version: versionField,
});
export type MobileSettingsUpdate = z.infer<typeof mobileSettingsUpdateSchema>;
