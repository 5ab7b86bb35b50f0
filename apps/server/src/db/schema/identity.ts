import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
// A cycle of modules (catalogue imports accounts): the reference below is a function, read late.
import { media } from './catalogue';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    dashboardView: text('dashboard_view').notNull().default('general'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('roles_slug_key').on(t.slug),
    check('roles_dashboard_view_check', sql`${t.dashboardView} in ('general','projects','planning','hr')`),
  ],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permission: text('permission').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permission] })],
);

export const employees = pgTable(
  'employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    firstName: text('first_name').notNull(),
    insertion: text('insertion'),
    lastName: text('last_name').notNull(),
    privateEmail: text('private_email'),
    phone: text('phone'),
    function: text('function'),
    supplierNumber: text('supplier_number'),
    exactId: text('exact_id'),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'restrict' }),
    /** Mobile settings: what the person may do themselves, from a phone or anywhere (the API enforces it). */
    mobileBookHours: boolean('mobile_book_hours').notNull().default(true),
    mobileOvernights: boolean('mobile_overnights').notNull().default(true),
    mobilePlanner: boolean('mobile_planner').notNull().default(false),
    version: integer('version').notNull().default(1),
    deletedAt: ts('deleted_at'),
    ...timestamps,
  },
  (t) => [
    index('employees_role_id_idx').on(t.roleId),
    // The one search: the same expression as PERSON_NAME_SQL in features/search.
    index('employees_name_trgm').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || coalesce(nullif(${t.insertion}, '') || ' ', '') || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

export const companies = pgTable(
  'companies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The company's logo: an uploaded image (the portal's header; the session's brand). */
    logoMediaId: integer('logo_media_id').references((): AnyPgColumn => media.id, { onDelete: 'set null' }),
    primaryColor: text('primary_color').notNull().default('#1c3d5a'),
    secondaryColor: text('secondary_color').notNull().default('#c8a45c'),
    sector: text('sector').notNull(),
    contactPerson: text('contact_person'),
    email: text('email'),
    phone: text('phone'),
    country: text('country'),
    address: text('address'),
    zipcode: text('zipcode'),
    city: text('city'),
    version: integer('version').notNull().default(1),
    deletedAt: ts('deleted_at'),
    ...timestamps,
  },
  (t) => [
    check('companies_sector_check', sql`${t.sector} in ('cruise','leisure')`),
    index('companies_name_idx').on(sql`lower(${t.name})`),
    index('companies_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const companyUsers = pgTable(
  'company_users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    insertion: text('insertion'),
    lastName: text('last_name').notNull(),
    jobTitle: text('job_title'),
    phone: text('phone'),
    invitedAt: ts('invited_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('company_users_company_id_idx').on(t.companyId),
    index('company_users_name_trgm').using(
      'gin',
      sql`lower(${t.firstName} || ' ' || coalesce(nullif(${t.insertion}, '') || ' ', '') || ${t.lastName}) gin_trgm_ops`,
    ),
  ],
);

/** Credentials, one row per person who can sign in; points at exactly one profile. */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    status: text('status').notNull().default('active'),
    locale: text('locale').notNull().default('nl'),
    firstLogin: boolean('first_login').notNull().default(true),
    guardableType: text('guardable_type').notNull(),
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'cascade' }),
    companyUserId: integer('company_user_id').references(() => companyUsers.id, { onDelete: 'cascade' }),
    passwordChangedAt: ts('password_changed_at'),
    lastLoginAt: ts('last_login_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_employee_id_key').on(t.employeeId),
    uniqueIndex('accounts_company_user_id_key').on(t.companyUserId),
    check('accounts_status_check', sql`${t.status} in ('active','disabled')`),
    check('accounts_locale_check', sql`${t.locale} in ('nl','en')`),
    check(
      'accounts_guardable_check',
      sql`(${t.guardableType} = 'employee' and ${t.employeeId} is not null and ${t.companyUserId} is null)
       or (${t.guardableType} = 'client' and ${t.companyUserId} is not null and ${t.employeeId} is null)`,
    ),
  ],
);

/**
 * Server-side sessions. The id column holds the SHA-256 of the cookie value, so a leaked table
 * does not leak live sessions. Anonymous sessions (account_id null) carry only a CSRF token and
 * the guest's language.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    csrfToken: text('csrf_token').notNull(),
    locale: text('locale'),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_account_id_idx').on(t.accountId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** Password-reset and invitation tokens: stored hashed, single use, expiring (A9). */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash),
    index('auth_tokens_account_kind_idx').on(t.accountId, t.kind),
    check('auth_tokens_kind_check', sql`${t.kind} in ('reset','invite')`),
  ],
);
