import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, companies } from './identity';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * How a person wants to hear of one kind of event: immediate (a mail at once), digest (one mail a
 * day with all of them) or app (in the app only). No row: the kind's default (today's behaviour).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    mode: text('mode').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.kind] }),
    check('notification_preferences_mode_check', sql`${t.mode} in ('immediate','digest','app')`),
  ],
);

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
    /** The transaction that wrote the row: record_changes of the same transaction are this row's changes. */
    txId: bigint('tx_id', { mode: 'number' }).default(sql`txid_current()`),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
    index('audit_log_at_brin').using('brin', t.at),
    index('audit_log_tx_idx').on(t.txId),
  ],
);

/**
 * Field-by-field changes of the records staff edit, written by the record_change() trigger on each
 * audited table in the transaction that changes the row (so no service can forget it). `changes` is
 * { column: [old, new] }; secret columns are never included (the trigger's arguments name them).
 * Who made the change is the audit_log row of the same transaction (tx_id).
 */
export const recordChanges = pgTable(
  'record_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    txId: bigint('tx_id', { mode: 'number' }).notNull().default(sql`txid_current()`),
    at: ts('at').notNull().defaultNow(),
    /** The record whose history shows the change (a product for its media rows). */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** The table and row that changed. */
    source: text('source').notNull(),
    sourceId: text('source_id'),
    op: text('op').notNull(),
    changes: jsonb('changes').notNull(),
  },
  (t) => [
    index('record_changes_subject_idx').on(t.subjectType, t.subjectId, t.id),
    check('record_changes_op_check', sql`${t.op} in ('I','U','D')`),
  ],
);

/** A bulk action over a selection: small ones answer at once, big ones run as a job and report progress here. */
export const bulkRuns = pgTable(
  'bulk_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. products.publish */
    action: text('action').notNull(),
    params: jsonb('params').notNull().default({}),
    ids: jsonb('ids').notNull().default([]),
    status: text('status').notNull().default('running'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    changed: integer('changed').notNull().default(0),
    skipped: jsonb('skipped').notNull().default([]),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The acting-as company when the run was started while acting as one. */
    actingCompanyId: integer('acting_company_id'),
    /** The session that started it: a run that goes on as a job acts as that session, and stops when it ends. */
    sessionHash: text('session_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    check('bulk_runs_status_check', sql`${t.status} in ('running','done','failed')`),
    index('bulk_runs_created_by_idx').on(t.createdBy, t.id),
  ],
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
    /**
     * none (in the app only), pending (a mail is owed: the notifications.mail job sends it), digest
     * (owed in the person's daily digest: the notifications.digest job sends it), sent, failed.
     */
    mailState: text('mail_state').notNull().default('none'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_mail_pending_idx').on(t.id).where(sql`${t.mailState} = 'pending'`),
    index('notifications_digest_idx').on(t.accountId, t.id).where(sql`${t.mailState} = 'digest'`),
    index('notifications_account_idx').on(t.accountId, t.id.desc()),
    index('notifications_unread_idx').on(t.accountId).where(sql`${t.readAt} IS NULL`),
  ],
);

/**
 * A write sent with an Idempotency-Key (the field app's queue sends each offline entry with one):
 * the first answer is kept, so the same entry sent again is answered the same and stored once.
 * Rows older than a few days are removed.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    /** The answer's status, or NULL while the first request is still being handled. */
    status: integer('status'),
    body: jsonb('body'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
    check('idempotency_keys_key_check', sql`length(${t.key}) BETWEEN 8 AND 200`),
  ],
);
