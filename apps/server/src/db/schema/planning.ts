import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, employees } from './identity';
import { projectAreas, projects, tasks } from './projects';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

/**
 * A bar on the project's timeline: work on an area or on a task, planned per ISO week.
 * `start_week` is the Monday of its first week (a date, so weeks across New Year and week 53
 * need no arithmetic of their own), `weeks` how many weeks it spans (1 or more).
 */
export const timelineTasks = pgTable(
  'timeline_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    areaId: integer('area_id').references(() => projectAreas.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes').notNull().default(''),
    startWeek: date('start_week', { mode: 'string' }).notNull(),
    weeks: integer('weeks').notNull().default(1),
    sortOrder: integer('sort_order').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('timeline_tasks_target_check', sql`(${t.areaId} IS NULL) <> (${t.taskId} IS NULL)`),
    check('timeline_tasks_monday_check', sql`extract(isodow FROM ${t.startWeek}) = 1`),
    check('timeline_tasks_weeks_check', sql`${t.weeks} BETWEEN 1 AND 104`),
    index('timeline_tasks_project_idx').on(t.projectId, t.startWeek, t.id),
    index('timeline_tasks_area_idx').on(t.areaId),
    index('timeline_tasks_task_idx').on(t.taskId),
  ],
);

/** A reusable structure of decks, areas and sub-areas (spec: title, areas with name, number, parent). */
export const projectTemplates = pgTable(
  'project_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    /** How many rows `template_areas` holds for it: written with them, so the list needs no count. */
    areaCount: integer('area_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('project_templates_title_idx').on(sql`lower(${t.title})`, t.id)],
);

/** One deck, area or sub-area of a template; `parent_id` points within the same template. */
export const templateAreas = pgTable(
  'template_areas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => projectTemplates.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => templateAreas.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: text('number').notNull().default(''),
    name: text('name').notNull(),
    areaType: text('area_type').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    check('template_areas_kind_check', sql`${t.kind} in ('deck','area','subarea')`),
    check(
      'template_areas_parent_check',
      sql`(${t.kind} = 'deck' AND ${t.parentId} IS NULL) OR ${t.kind} = 'area' OR (${t.kind} = 'subarea' AND ${t.parentId} IS NOT NULL)`,
    ),
    index('template_areas_template_idx').on(t.templateId, t.sortOrder, t.id),
    index('template_areas_parent_idx').on(t.parentId),
  ],
);

/**
 * One application of a template to a project, run as a job: its progress for the progress bar,
 * and what it created and skipped. Applying is idempotent (a number the project has is skipped),
 * so a job that is run again after a restart part-way finishes without duplicates.
 */
export const templateApplications = pgTable(
  'template_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id').references(() => projectTemplates.id, { onDelete: 'set null' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** queued, running, done or failed. */
    status: text('status').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    processed: integer('processed').notNull().default(0),
    created: integer('created').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    /** The first skipped rows (number or name), to say what was skipped. */
    skippedSample: jsonb('skipped_sample').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    error: text('error'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    startedAt: ts('started_at'),
    finishedAt: ts('finished_at'),
    /** Written by the process running it (or when queued): one older than 45 s has lost its worker. */
    heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
    /** How often another process took it over after its worker died (it continues where it was). */
    resumed: integer('resumed').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('template_applications_status_check', sql`${t.status} in ('queued','running','done','failed')`),
    index('template_applications_project_idx').on(t.projectId, t.id),
    // The sweep for dead workers reads only the few active ones.
    index('template_applications_active_idx').on(t.heartbeatAt).where(sql`${t.status} in ('queued','running')`),
  ],
);

/** A wall-clock time on the planner: no time zone (a crew on a ship starts at 08:00 local). */
const wallClock = (name: string) => timestamp(name, { withTimezone: false, mode: 'string' });

/**
 * The planner: one person on one project for a stretch of time. Times are wall-clock times
 * (`timestamp without time zone`): 08:00 is 08:00 wherever the ship lies, and a Dutch summer-time
 * change never moves an entry. `ends_at` is exclusive; an all-day entry runs from the first day's
 * midnight to the midnight after its last day. At most 366 days long, so a window's overlap query
 * can bound its index range scan on `starts_at`.
 */
export const plannerEntries = pgTable(
  'planner_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    startsAt: wallClock('starts_at').notNull(),
    endsAt: wallClock('ends_at').notNull(),
    allDay: boolean('all_day').notNull().default(false),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('planner_entries_span_check', sql`${t.endsAt} > ${t.startsAt} AND ${t.endsAt} <= ${t.startsAt} + interval '366 days'`),
    check(
      'planner_entries_all_day_check',
      sql`NOT ${t.allDay} OR (${t.startsAt}::time = '00:00' AND ${t.endsAt}::time = '00:00')`,
    ),
    index('planner_entries_starts_idx').on(t.startsAt, t.id),
    index('planner_entries_employee_idx').on(t.employeeId, t.startsAt),
    index('planner_entries_project_idx').on(t.projectId, t.startsAt),
  ],
);
