import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, employees } from './identity';
import { files, projectAreas, projects, tasks } from './projects';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

// People and hours: schedules for even and odd ISO weeks, booked hours, declarations,
// overnight stays, documents, contracts and payroll exports. Every row belongs to one employee;
// who may read it is `scope.employeeRecord` (own rows, or a permission), in the WHERE clause.

/**
 * One version of an employee's working week, valid from `effective_from` until the next version's
 * date: a change never moves past figures. `days` holds the even-week and odd-week days
 * (`ScheduleDays` in packages/shared/src/hours/schedules.ts, validated before it is written):
 * per weekday a start, an end and the minutes of break; the duration is derived.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    days: jsonb('days').notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('schedules_employee_from_key').on(t.employeeId, t.effectiveFrom)],
);

/**
 * Hours booked by (or for) one employee on one day on a project, optionally on an area or a task.
 * `minutes` is the time worked; a day's total per person stays within 24 h (checked under a lock
 * on the employee's row, so concurrent bookings add up exactly: D4).
 */
export const bookedHours = pgTable(
  'booked_hours',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    areaId: integer('area_id').references(() => projectAreas.id, { onDelete: 'set null' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    /** `HH:MM` the work started (optional): hour rules for evenings and nights match on it. */
    startTime: text('start_time'),
    minutes: integer('minutes').notNull(),
    activity: text('activity').notNull(),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('booked_hours_minutes_check', sql`${t.minutes} BETWEEN 1 AND 1440`),
    check('booked_hours_start_time_check', sql`${t.startTime} IS NULL OR ${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    index('booked_hours_employee_date_idx').on(t.employeeId, t.date, t.id),
    index('booked_hours_project_date_idx').on(t.projectId, t.date, t.id),
    index('booked_hours_date_idx').on(t.date, t.id),
  ],
);

/**
 * Payroll has run up to and including `locked_through`: no booking on or before that day can be
 * added, changed or removed. The newest row is the lock in force; older rows are its history.
 */
export const hourLocks = pgTable('hour_locks', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  lockedThrough: date('locked_through', { mode: 'string' }),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** What a declaration is for (settings/declarations): travel, materials, meals, ... */
export const declarationCategories = pgTable(
  'declaration_categories',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The name in English; empty: the (Dutch) name is shown in English too. */
    nameEn: text('name_en').notNull().default(''),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('declaration_categories_name_key').on(sql`lower(${t.name})`)],
);

/** How it was paid (settings/declarations): own money to pay back, the company card, ... */
export const declarationPaymentTypes = pgTable(
  'declaration_payment_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The name in English; empty: the (Dutch) name is shown in English too. */
    nameEn: text('name_en').notNull().default(''),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('declaration_payment_types_name_key').on(sql`lower(${t.name})`)],
);

/**
 * An expense claim. `status`: submitted -> approved | rejected (with a reason); approved -> paid.
 * Each decision is one conditional UPDATE on the status. Amounts in euro cents.
 */
export const declarations = pgTable(
  'declarations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => declarationCategories.id, { onDelete: 'restrict' }),
    paymentTypeId: integer('payment_type_id')
      .notNull()
      .references(() => declarationPaymentTypes.id, { onDelete: 'restrict' }),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    receiptFileId: integer('receipt_file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('submitted'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    paidAt: ts('paid_at'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('declarations_status_check', sql`${t.status} in ('submitted','approved','rejected','paid')`),
    check('declarations_amount_check', sql`${t.amountCents} BETWEEN 1 AND 100000000`),
    index('declarations_employee_idx').on(t.employeeId, t.date, t.id),
    index('declarations_status_idx').on(t.status, t.date, t.id),
    index('declarations_receipt_idx').on(t.receiptFileId),
  ],
);

/** A night (or several) away for a project. `status`: submitted -> approved | rejected. */
export const overnightStays = pgTable(
  'overnight_stays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    date: date('date', { mode: 'string' }).notNull(),
    nights: integer('nights').notNull(),
    location: text('location').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('submitted'),
    rejectReason: text('reject_reason'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('overnight_stays_status_check', sql`${t.status} in ('submitted','approved','rejected')`),
    check('overnight_stays_nights_check', sql`${t.nights} BETWEEN 1 AND 60`),
    index('overnight_stays_employee_idx').on(t.employeeId, t.date, t.id),
    index('overnight_stays_date_idx').on(t.date, t.id),
  ],
);

/** An HR document of an employee (identity, VCA, driving licence, ...), with an optional expiry date. */
export const employeeDocuments = pgTable(
  'employee_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('employee_documents_employee_idx').on(t.employeeId, t.id),
    index('employee_documents_expires_idx').on(t.expiresOn),
    index('employee_documents_file_idx').on(t.fileId),
  ],
);

/** An employment contract: from, until (open-ended when null), hours per week (as minutes), the signed file. */
export const employeeContracts = pgTable(
  'employee_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    fileId: integer('file_id').references(() => files.id, { onDelete: 'restrict' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    minutesPerWeek: integer('minutes_per_week').notNull(),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('employee_contracts_period_check', sql`${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`),
    check('employee_contracts_minutes_check', sql`${t.minutesPerWeek} BETWEEN 1 AND 4800`),
    index('employee_contracts_employee_idx').on(t.employeeId, t.startsOn),
    index('employee_contracts_ends_idx').on(t.endsOn),
    index('employee_contracts_file_idx').on(t.fileId),
  ],
);

/**
 * A payroll export (hours or overnight stays) written by a job: its progress, and the file it made
 * (`storage_key` in the files storage) for the one who asked to download.
 */
export const exportRuns = pgTable(
  'export_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    format: text('format').notNull(),
    params: jsonb('params').notNull(),
    status: text('status').notNull().default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    storageKey: text('storage_key'),
    fileName: text('file_name'),
    size: integer('size'),
    error: text('error'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    /** Written by the process writing the file (or when queued): one older than 45 s has lost its worker. */
    heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
  },
  (t) => [
    check('export_runs_kind_check', sql`${t.kind} in ('hours','overnights')`),
    check('export_runs_format_check', sql`${t.format} in ('xlsx','csv')`),
    check('export_runs_status_check', sql`${t.status} in ('queued','running','done','failed')`),
    index('export_runs_created_by_idx').on(t.createdBy, t.id),
    // The sweep for dead workers reads the few active runs, and failed ones whose file is still to remove.
    index('export_runs_active_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} in ('queued','running') or (${t.status} = 'failed' and ${t.storageKey} is not null)`),
  ],
);

/**
 * A person's week of booked hours as decided by a project leader or HR: approved (payroll may take
 * it), or returned with a comment (the person corrects it). No row: the week is still open.
 * `week_start` is the Monday of the ISO week.
 */
export const timesheetWeeks = pgTable(
  'timesheet_weeks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    comment: text('comment').notNull().default(''),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at').notNull().defaultNow(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('timesheet_weeks_status_check', sql`${t.status} in ('approved','returned')`),
    check('timesheet_weeks_monday_check', sql`extract(isodow from ${t.weekStart}) = 1`),
    uniqueIndex('timesheet_weeks_employee_week_key').on(t.employeeId, t.weekStart),
    index('timesheet_weeks_week_idx').on(t.weekStart, t.status),
  ],
);
