import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
