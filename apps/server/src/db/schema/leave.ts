import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts, employees } from './identity';
import { bookedHours } from './people';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

// Leave in hours. The card is a ledger: `leave_lines` holds every stored line (leave,
// its cancellation, corrections, overtime); the entitlement (from contracts and the policy) and
// the carried-over balance are derived on read. No total is stored anywhere. Every write of a
// person's lines first locks that person's employees row (the order booked hours take too), so
// concurrent requests, decisions, collective bookings and hour bookings serialise per person.

/** Holiday, special leave, unpaid leave, ...: whether it counts against the balance and needs approval. */
export const leaveTypes = pgTable(
  'leave_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    /** The name in English; empty: the (Dutch) name is shown in English too. */
    nameEn: text('name_en').notNull().default(''),
    code: text('code').notNull(),
    color: text('color').notNull(),
    countsAgainstBalance: boolean('counts_against_balance').notNull().default(true),
    needsApproval: boolean('needs_approval').notNull().default(true),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('leave_types_code_key').on(sql`lower(${t.code})`)],
);

/** One row (id 1): a full-time week and the yearly entitlement of a full-time year. */
export const leavePolicy = pgTable(
  'leave_policy',
  {
    id: integer('id').primaryKey(),
    fullTimeWeekMinutes: integer('full_time_week_minutes').notNull().default(2400),
    yearlyMinutes: integer('yearly_minutes').notNull().default(12000),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('leave_policy_single_check', sql`${t.id} = 1`)],
);

/**
 * A request for leave: a period of whole days, or part of one day (`part_start`/`part_end`).
 * `minutes` is what the schedule says it takes (recomputed when approved). `status`: pending ->
 * approved | denied (once: a conditional UPDATE on the status); pending or future approved ->
 * cancelled. Approving writes its leave lines; cancelling approved leave writes cancellation lines.
 */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'restrict' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    partStart: text('part_start'),
    partEnd: text('part_end'),
    minutes: integer('minutes').notNull(),
    note: text('note').notNull().default(''),
    status: text('status').notNull().default('pending'),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    cancelledBy: integer('cancelled_by').references(() => accounts.id, { onDelete: 'set null' }),
    cancelledAt: ts('cancelled_at'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('leave_requests_status_check', sql`${t.status} in ('pending','approved','denied','cancelled')`),
    check('leave_requests_period_check', sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      'leave_requests_part_check',
      sql`(${t.partStart} IS NULL) = (${t.partEnd} IS NULL) AND (${t.partStart} IS NULL OR ${t.startsOn} = ${t.endsOn})`,
    ),
    index('leave_requests_employee_idx').on(t.employeeId, t.startsOn, t.id),
    index('leave_requests_status_idx').on(t.status, t.startsOn, t.id),
    index('leave_requests_type_idx').on(t.leaveTypeId),
  ],
);

/** Company-wide leave (the builders' holiday, the days between Christmas and New Year), booked for everyone or a selection. */
export const collectiveLeaves = pgTable(
  'collective_leaves',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    leaveTypeId: integer('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id, { onDelete: 'restrict' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** Fixed minutes per day, or null: each person's scheduled minutes. */
    minutesPerDay: integer('minutes_per_day'),
    appliesTo: text('applies_to').notNull().default('all'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('collective_leaves_applies_check', sql`${t.appliesTo} in ('all','selected')`),
    check('collective_leaves_period_check', sql`${t.endsOn} >= ${t.startsOn}`),
    index('collective_leaves_period_idx').on(t.startsOn, t.endsOn),
  ],
);

/** appliesTo selected: `include` rows name who it is for; appliesTo all: `exclude` rows name the exceptions. */
export const collectiveLeaveEmployees = pgTable(
  'collective_leave_employees',
  {
    collectiveLeaveId: integer('collective_leave_id')
      .notNull()
      .references(() => collectiveLeaves.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectiveLeaveId, t.employeeId] }),
    check('collective_leave_employees_role_check', sql`${t.role} in ('include','exclude')`),
    index('collective_leave_employees_employee_idx').on(t.employeeId),
  ],
);

/**
 * Hours worked at odd times: by weekday and time window (past midnight when the end is at or
 * before the start; the whole day when equal) from a date, a multiplier in percent or a fixed
 * allowance in minutes, and whether the result feeds the overtime balance.
 */
export const hourRules = pgTable(
  'hour_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    weekdays: jsonb('weekdays').$type<number[]>().notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    percent: integer('percent'),
    allowanceMinutes: integer('allowance_minutes'),
    feedsOvertime: boolean('feeds_overtime').notNull().default(true),
    active: boolean('active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('hour_rules_kind_check', sql`${t.kind} in ('multiplier','allowance')`),
    check(
      'hour_rules_value_check',
      sql`(${t.kind} = 'multiplier' AND ${t.percent} IS NOT NULL) OR (${t.kind} = 'allowance' AND ${t.allowanceMinutes} IS NOT NULL)`,
    ),
  ],
);

/**
 * The stored lines of the leave card. `kind`: leave (negative, one per day of approved leave or
 * collective leave), cancellation (positive, one per cancelled future day), correction (either
 * sign, by hand) and overtime (from a booking and an hour rule). `counts`: whether it moves the
 * balance (copied from the leave type or the hour rule when written, so a later change of the
 * type never rewrites history). Each line names its source; lines of collective leave and of
 * bookings are replaced when their source changes, in the same transaction.
 */
export const leaveLines = pgTable(
  'leave_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    minutes: integer('minutes').notNull(),
    counts: boolean('counts').notNull().default(true),
    /** A correction given in days (informational; `minutes` is what counts). */
    days: numeric('days', { precision: 6, scale: 2, mode: 'number' }),
    description: text('description').notNull().default(''),
    leaveTypeId: integer('leave_type_id').references(() => leaveTypes.id, { onDelete: 'restrict' }),
    requestId: integer('request_id').references(() => leaveRequests.id, { onDelete: 'cascade' }),
    collectiveLeaveId: integer('collective_leave_id').references(() => collectiveLeaves.id, { onDelete: 'cascade' }),
    bookedHourId: integer('booked_hour_id').references(() => bookedHours.id, { onDelete: 'cascade' }),
    hourRuleId: integer('hour_rule_id').references(() => hourRules.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('leave_lines_kind_check', sql`${t.kind} in ('leave','cancellation','correction','overtime')`),
    check('leave_lines_minutes_check', sql`${t.minutes} <> 0 AND ${t.minutes} BETWEEN -60000 AND 60000`),
    index('leave_lines_employee_date_idx').on(t.employeeId, t.date, t.id),
    index('leave_lines_request_idx').on(t.requestId),
    index('leave_lines_collective_idx').on(t.collectiveLeaveId, t.employeeId),
    index('leave_lines_booked_hour_idx').on(t.bookedHourId),
    index('leave_lines_hour_rule_idx').on(t.hourRuleId),
    index('leave_lines_type_idx').on(t.leaveTypeId),
  ],
);

/** A sick period: from a day, until a day or still open. It does not touch the balance. */
export const sickPeriods = pgTable(
  'sick_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('sick_periods_period_check', sql`${t.endsOn} IS NULL OR ${t.endsOn} >= ${t.startsOn}`),
    index('sick_periods_employee_idx').on(t.employeeId, t.startsOn),
  ],
);
