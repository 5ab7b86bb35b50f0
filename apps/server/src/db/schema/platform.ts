import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, companies } from './identity';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Fixed-window counters shared by every app process (login throttling, reset mails). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

/** Who did what, including the real employee behind an acting-as request (Z7). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: ts('at').notNull().defaultNow(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    actingEmployeeAccountId: integer('acting_employee_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    data: jsonb('data').notNull().default({}),
    requestId: text('request_id'),
  },
  (t) => [index('audit_log_subject_idx').on(t.subjectType, t.subjectId), index('audit_log_at_brin').using('brin', t.at)],
);

/** Page views and logins, inserted in batches; BRIN on time keeps inserts cheap (G5). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    createdAt: ts('created_at').notNull().default(sql`now()`),
    eventType: text('event_type').notNull(),
    accountId: integer('account_id'),
    companyId: integer('company_id'),
    actingEmployeeAccountId: integer('acting_employee_account_id'),
    url: text('url'),
    routeName: text('route_name'),
    metadata: jsonb('metadata').notNull().default({}),
  },
  (t) => [index('analytics_events_created_at_brin').using('brin', t.createdAt)],
);

/**
 * Page views and logins per company and day (Europe/Amsterdam), the analytics page's only source
 * (G5): a job folds the raw events in every few minutes, recomputing only the days since the last
 * run's watermark. Employees not acting as a company are not counted (company_id is null).
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    companyId: integer('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    pageViews: integer('page_views').notNull().default(0),
    logins: integer('logins').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] }), index('analytics_daily_day_idx').on(t.day)],
);

/** Page views per company, day and route name: the top pages of a period. */
export const analyticsDailyPages = pgTable(
  'analytics_daily_pages',
  {
    companyId: integer('company_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    routeName: text('route_name').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.routeName] }), index('analytics_daily_pages_day_idx').on(t.day)],
);

/** Settings of the application that staff change (key and JSON value), each with its version. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  version: integer('version').notNull().default(1),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * What someone is told in the app (the bell): one row per recipient account. The text is made in
 * the reader's language from `kind` and `data` (the web app's notifications catalogue), so a
 * notification reads right after a language switch too.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull().default({}),
    /** Where the notification leads in the web app. */
    link: text('link'),
    readAt: ts('read_at'),
    /** none (in the app only), pending (a mail is owed: the notifications.mail job sends it), sent, failed. */
    mailState: text('mail_state').notNull().default('none'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_mail_pending_idx').on(t.id).where(sql`${t.mailState} = 'pending'`),
    index('notifications_account_idx').on(t.accountId, t.id.desc()),
    index('notifications_unread_idx').on(t.accountId).where(sql`${t.readAt} IS NULL`),
  ],
);
