import * as z from 'zod';
import { LOCALES } from '../platform/locale';

export const localeSchema = z.enum(LOCALES);
export const localeResponseSchema = z.object({ locale: localeSchema });
export const localeInputSchema = z.strictObject({ locale: localeSchema });
export type LocaleInput = z.infer<typeof localeInputSchema>;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** POST /login. The Laravel field names; a password is never trimmed or truncated (A5). */
export const loginInputSchema = z.strictObject({
  email,
  password: z.string().min(1).max(1024),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const passwordSchema = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

export const tokenSchema = z
  .string()
  .min(20)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/);

export const forgotPasswordInputSchema = z.strictObject({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

const passwordsMatch = (v: { password: string; password_confirmation: string }) => v.password === v.password_confirmation;
const mismatch = { message: 'password_mismatch', path: ['password_confirmation'] };

export const resetPasswordInputSchema = z
  .strictObject({ token: tokenSchema, password: passwordSchema, password_confirmation: z.string().max(PASSWORD_MAX) })
  .refine(passwordsMatch, mismatch);
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const createPasswordInputSchema = resetPasswordInputSchema;
export type CreatePasswordInput = z.infer<typeof createPasswordInputSchema>;

export const TOKEN_KINDS = ['reset', 'invite'] as const;
export const checkTokenInputSchema = z.strictObject({ token: tokenSchema, kind: z.enum(TOKEN_KINDS) });
export const checkTokenResponseSchema = z.object({
  /** locale: the account's language, so the page speaks it as the mail did. */
  data: z.object({ email: z.string(), name: z.string(), expires_at: z.string(), locale: localeSchema }),
});
export type CheckTokenResponse = z.infer<typeof checkTokenResponseSchema>;

export const GUARDABLE_TYPES = ['employee', 'client'] as const;
export type GuardableType = (typeof GUARDABLE_TYPES)[number];

export const DASHBOARD_VIEWS = ['general', 'projects', 'planning', 'hr'] as const;
export type DashboardView = (typeof DASHBOARD_VIEWS)[number];

export const SECTORS = ['cruise', 'leisure'] as const;
export type Sector = (typeof SECTORS)[number];

/** The company facts a portal needs to dress itself: name, logo and colours. */
export const companyBrandSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable().describe('URL of the logo, or null'),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  sector: z.enum(SECTORS),
});
export type CompanyBrand = z.infer<typeof companyBrandSchema>;

/**
 * The profile behind the account. Employees carry `function`; company users carry `company_id`,
 * `job_title` and their `company` (one flat shape, so the answer serialises fast).
 */
export const guardableSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  insertion: z.string().nullable(),
  last_name: z.string(),
  function: z.string().nullable().optional(),
  company_id: z.number().int().optional(),
  job_title: z.string().nullable().optional(),
  company: companyBrandSchema.optional(),
  /** Employees: their mobile settings (what they may do themselves). */
  self_service: z.object({ bookHours: z.boolean(), overnights: z.boolean(), planner: z.boolean() }).optional(),
});

export const roleSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  dashboard_view: z.enum(DASHBOARD_VIEWS),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  locale: localeSchema,
  first_login: z.boolean(),
  guardable_type: z.enum(GUARDABLE_TYPES),
  guardable: guardableSchema,
  acting_as: companyBrandSchema.nullable().describe('The company an employee is acting as, or null'),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/user/current, exactly as the specification names it. */
export const currentUserResponseSchema = z.object({
  data: currentUserSchema,
  permissions: z.array(z.string()),
  role: roleSummarySchema.nullable(),
});
export type CurrentUserResponse = z.infer<typeof currentUserResponseSchema>;

export const actingAsInputSchema = z.strictObject({ companyId: z.number().int().positive().max(2_147_483_647) });

/** Full display name with the Dutch insertion: "Jan van der Berg". */
export function fullName(p: { first_name: string; insertion: string | null; last_name: string }): string {
  return [p.first_name, p.insertion, p.last_name].filter((s) => s && s.trim().length > 0).join(' ');
}

export const changePasswordInputSchema = z
  .strictObject({
    current_password: z.string().min(1).max(1024),
    password: passwordSchema,
    password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .refine(passwordsMatch, mismatch);
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
