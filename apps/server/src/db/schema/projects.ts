import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
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
import { articles, media, products } from './catalogue';
import { accounts, companies, employees } from './identity';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};
/** A marker's place on its parent's floor plan, as a fraction of the plan's width or height (0..1). */
const fraction = (name: string) => doublePrecision(name);
const fractionCheck = (table: string, col: AnyPgColumn) =>
  check(`${table}_${col.name}_check`, sql`${col} IS NULL OR (${col} >= 0 AND ${col} <= 1)`);

/**
 * Files that are not (only) pictures: attachments of projects and tasks, later drawings and HR
 * documents. Stored like media under generated keys (F5); served only through routes that check
 * the record they are attached to.
 */
export const files = pgTable('files', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A ship refit or a hotel fit-out. `status` active or inactive: inactive is the archived tab.
 * `deleted_at` is the deleted tab; restoring clears it and the project comes back whole (its
 * areas, tasks and tickets are never removed with it).
 */
export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    status: text('status').notNull().default('active'),
    type: text('type').notNull().default('standard'),
    trimitId: text('trimit_id').notNull().default(''),
    notes: text('notes').notNull().default(''),
    mapsLink: text('maps_link').notNull().default(''),
    phone: text('phone').notNull().default(''),
    contact: text('contact').notNull().default(''),
    address: text('address').notNull().default(''),
    /** The project's colour on the planner, #rrggbb; '' picks one from the palette by id. */
    color: text('color').notNull().default(''),
    featuredMediaId: integer('featured_media_id').references(() => media.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    archivedAt: ts('archived_at'),
    deletedAt: ts('deleted_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('projects_status_check', sql`${t.status} in ('active','inactive')`),
    check('projects_type_check', sql`${t.type} in ('standard','preferred')`),
    check('projects_color_check', sql`${t.color} = '' OR ${t.color} ~ '^#[0-9a-f]{6}$'`),
    index('projects_updated_idx').on(t.updatedAt.desc(), t.id),
    index('projects_created_idx').on(t.createdAt.desc(), t.id),
    index('projects_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const projectManagers = pgTable(
  'project_managers',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.employeeId] }), index('project_managers_employee_idx').on(t.employeeId)],
);

/** Attached users: the employees who work on the project besides its managers. */
export const projectMembers = pgTable(
  'project_members',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.employeeId] }), index('project_members_employee_idx').on(t.employeeId)],
);

/**
 * The client companies attached to a project. `all_areas` false limits the company's portal to
 * the areas listed in company_project_areas (the company permissions screen).
 */
export const projectCompanies = pgTable(
  'project_companies',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    allAreas: boolean('all_areas').notNull().default(true),
    /** Bumped by every change of the company's area selection on this project (the permissions screen, D1). */
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.companyId] }), index('project_companies_company_idx').on(t.companyId)],
);

export const projectAttachments = pgTable(
  'project_attachments',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.fileId] }), index('project_attachments_file_idx').on(t.fileId)],
);

/**
 * Decks (clusters), areas and sub-areas of a project, one tree: an area's parent is a deck or
 * nothing, a sub-area's parent is an area. `plan_x`/`plan_y` place the row's marker on its
 * parent's floor plan as fractions, so it stays right at any rendered size.
 */
export const projectAreas = pgTable(
  'project_areas',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => projectAreas.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    number: text('number').notNull().default(''),
    name: text('name').notNull(),
    areaType: text('area_type').notNull().default(''),
    status: text('status').notNull().default('open'),
    thumbnailMediaId: integer('thumbnail_media_id').references(() => media.id, { onDelete: 'set null' }),
    planMediaId: integer('plan_media_id').references(() => media.id, { onDelete: 'set null' }),
    planX: fraction('plan_x'),
    planY: fraction('plan_y'),
    sortOrder: integer('sort_order').notNull().default(0),
    /** The row's place in the project's tree order (decks, each followed by its areas and their sub-areas): kept by a trigger (migration 0007). */
    treeRank: integer('tree_rank').notNull().default(0),
    completedAt: ts('completed_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('project_areas_kind_check', sql`${t.kind} in ('deck','area','subarea')`),
    check('project_areas_status_check', sql`${t.status} in ('open','completed')`),
    check(
      'project_areas_parent_check',
      sql`(${t.kind} = 'deck' AND ${t.parentId} IS NULL) OR ${t.kind} = 'area' OR (${t.kind} = 'subarea' AND ${t.parentId} IS NOT NULL)`,
    ),
    fractionCheck('project_areas', t.planX),
    fractionCheck('project_areas', t.planY),
    index('project_areas_project_idx').on(t.projectId, t.kind, t.sortOrder, t.id),
    index('project_areas_parent_idx').on(t.parentId),
    index('project_areas_rank_idx').on(t.projectId, t.treeRank),
    uniqueIndex('project_areas_number_key').on(t.projectId, t.kind, sql`lower(${t.number})`).where(sql`${t.number} <> ''`),
    // The one search: lower(name) LIKE '%term%' walks it.
    index('project_areas_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** Task status: pending, completed, or open_ticket while a ticket on it is open (then `status_before_ticket` holds where it returns). */
export const tasks = pgTable(
  'tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    areaId: integer('area_id')
      .notNull()
      .references(() => projectAreas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    assignedEmployeeId: integer('assigned_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('pending'),
    statusBeforeTicket: text('status_before_ticket'),
    planX: fraction('plan_x'),
    planY: fraction('plan_y'),
    sortOrder: integer('sort_order').notNull().default(0),
    // Roll-ups kept by statement triggers on subtasks and tickets (migration 0007), in the
    // transaction of every write there: lists read them instead of counting per row.
    subtasksTotal: integer('subtasks_total').notNull().default(0),
    subtasksDone: integer('subtasks_done').notNull().default(0),
    openTickets: integer('open_tickets').notNull().default(0),
    // The area's project_areas.tree_rank, kept by triggers (migration 0008), so the project's
    // task list in area order is one walk of tasks_project_rank_idx.
    areaRank: integer('area_rank').notNull().default(0),
    completedAt: ts('completed_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('tasks_status_check', sql`${t.status} in ('pending','completed','open_ticket')`),
    check(
      'tasks_status_before_ticket_check',
      sql`${t.statusBeforeTicket} IS NULL OR ${t.statusBeforeTicket} in ('pending','completed')`,
    ),
    fractionCheck('tasks', t.planX),
    fractionCheck('tasks', t.planY),
    index('tasks_area_idx').on(t.areaId, t.sortOrder, sql`lower(${t.name})`, t.id),
    index('tasks_project_rank_idx').on(t.projectId, t.areaRank, t.sortOrder, sql`lower(${t.name})`, t.id),
    index('tasks_project_idx').on(t.projectId, t.id),
    index('tasks_project_status_idx').on(t.projectId, t.status),
    index('tasks_assigned_idx').on(t.assignedEmployeeId),
    index('tasks_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

export const taskAttachments = pgTable(
  'task_attachments',
  {
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.fileId] }), index('task_attachments_file_idx').on(t.fileId)],
);

/** Sub-task status: open or closed. */
export const subtasks = pgTable(
  'subtasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskId: integer('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    amount: integer('amount').notNull().default(1),
    assembly: text('assembly').notNull().default(''),
    assignedEmployeeId: integer('assigned_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    status: text('status').notNull().default('open'),
    sortOrder: integer('sort_order').notNull().default(0),
    closedAt: ts('closed_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('subtasks_status_check', sql`${t.status} in ('open','closed')`),
    check('subtasks_amount_check', sql`${t.amount} >= 0`),
    index('subtasks_task_idx').on(t.taskId, t.sortOrder, t.id),
    index('subtasks_project_idx').on(t.projectId),
  ],
);

/** A catalogue product or an ERP article, with a quantity, on a sub-task. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subtaskId: integer('subtask_id')
      .notNull()
      .references(() => subtasks.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'restrict' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    notes: text('notes').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('order_lines_one_item_check', sql`(${t.productId} IS NULL) <> (${t.articleId} IS NULL)`),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    index('order_lines_subtask_idx').on(t.subtaskId, t.position, t.id),
    index('order_lines_project_idx').on(t.projectId),
    index('order_lines_product_idx').on(t.productId),
    index('order_lines_article_idx').on(t.articleId),
  ],
);

/** A problem on a project, usually on one task: open or closed. */
export const tickets = pgTable(
  'tickets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    information: text('information').notNull().default(''),
    priority: text('priority').notNull().default('normal'),
    status: text('status').notNull().default('open'),
    projectManagerId: integer('project_manager_id').references(() => employees.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    check('tickets_priority_check', sql`${t.priority} in ('low','normal','high','urgent')`),
    check('tickets_status_check', sql`${t.status} in ('open','closed')`),
    index('tickets_project_idx').on(t.projectId, t.status, t.id),
    index('tickets_task_idx').on(t.taskId).where(sql`${t.status} = 'open'`),
    index('tickets_status_idx').on(t.status, t.id),
    index('tickets_description_trgm').using('gin', sql`lower(${t.description}) gin_trgm_ops`),
  ],
);

/**
 * The project feed: one row per event the specification names (area, task or sub-task
 * completed or opened; ticket created or updated), written in the transaction of the change.
 * `subject_name` keeps the name as it was, so the feed still reads after a rename or a delete.
 */
export const projectEvents = pgTable(
  'project_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    subjectName: text('subject_name').notNull(),
    areaId: integer('area_id').references(() => projectAreas.id, { onDelete: 'set null' }),
    taskId: integer('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    actingEmployeeAccountId: integer('acting_employee_account_id').references(() => accounts.id, {
      onDelete: 'set null',
    }),
    /** The company acted as, when the change was made while acting as one. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    data: jsonb('data').notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('project_events_project_idx').on(t.projectId, t.id.desc()),
    index('project_events_kind_idx').on(t.projectId, t.kind, t.id.desc()),
  ],
);

/** The areas a company may see in its portal when its project link is not `all_areas` (set on the company permissions screen). */
export const companyProjectAreas = pgTable(
  'company_project_areas',
  {
    projectId: integer('project_id').notNull(),
    companyId: integer('company_id').notNull(),
    areaId: integer('area_id')
      .notNull()
      .references(() => projectAreas.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.projectId, t.areaId] }),
    index('company_project_areas_area_idx').on(t.areaId),
    foreignKey({
      name: 'company_project_areas_link_fk',
      columns: [t.projectId, t.companyId],
      foreignColumns: [projectCompanies.projectId, projectCompanies.companyId],
    }).onDelete('cascade'),
  ],
);

/** The hours a project may spend on one activity (booked_hours.activity), in minutes. */
export const projectHourBudgets = pgTable(
  'project_hour_budgets',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    activity: text('activity').notNull(),
    minutes: integer('minutes').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.activity] }),
    check('project_hour_budgets_minutes_check', sql`${t.minutes} BETWEEN 0 AND 100000000`),
  ],
);

/**
 * What a project may spend on articles (order lines: quantity x cost price), in euros: one row for
 * the whole project (area_id NULL) and optionally one per deck, area or sub-area.
 */
export const projectArticleBudgets = pgTable(
  'project_article_budgets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    areaId: integer('area_id').references(() => projectAreas.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('project_article_budgets_key').on(t.projectId, sql`coalesce(${t.areaId}, 0)`),
    index('project_article_budgets_area_idx').on(t.areaId),
    check('project_article_budgets_amount_check', sql`${t.amount} >= 0`),
  ],
);
