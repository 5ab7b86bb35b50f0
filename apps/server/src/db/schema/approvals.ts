import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { media, products } from './catalogue';
import { accounts, companies, employees } from './identity';
import { files, projectAreas, projects } from './projects';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

// Approvals: a client's product request that becomes an order whose design goes
// through versions, and a project's drawings that go through versions and comments. Every
// decision is one conditional UPDATE on the parent's status (`... WHERE status = 'x'`), so two
// people pressing at once give exactly one outcome (D3).

/**
 * A product request of a client company, and the order it becomes. `status`:
 * requested -> declined (final) | in_progress; in_progress -> pending_approval (a version sent);
 * pending_approval -> approved | in_progress (denied with changes); approved -> completed.
 * A reorder of a completed order is a new order (`reordered_from_id`) that starts in_progress.
 * The product is an existing catalogue product, or a new one named by `new_product_title` (and
 * `new_product_thumbnail_media_id`) until staff approve the request into a catalogue product.
 */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** The project the product is asked for (one the company sees), or none. */
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    newProductTitle: text('new_product_title'),
    newProductThumbnailMediaId: integer('new_product_thumbnail_media_id').references(() => media.id, {
      onDelete: 'set null',
    }),
    quantity: integer('quantity').notNull().default(1),
    status: text('status').notNull().default('requested'),
    /** Why staff declined the request (status declined). */
    declineReason: text('decline_reason'),
    reorderedFromId: integer('reordered_from_id'),
    /** The company user (or acting employee's account) who asked. */
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** The employee who looks after it (the one told when the client acts). */
    handledBy: integer('handled_by').references(() => employees.id, { onDelete: 'set null' }),
    /** When the current wait for the other side began (the daily reminder's clock). */
    waitingSince: ts('waiting_since').notNull().defaultNow(),
    remindedAt: ts('reminded_at'),
    /** The day by which staff want the client's decision (Europe/Amsterdam calendar date), or none. */
    dueDate: text('due_date'),
    /** With named approvers (order_approvers): any one of them decides a design, or all must approve. */
    approvalRule: text('approval_rule').notNull().default('any'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check(
      'orders_status_check',
      sql`${t.status} in ('requested','declined','in_progress','pending_approval','approved','completed')`,
    ),
    check(
      'orders_product_check',
      sql`${t.productId} IS NOT NULL OR ${t.newProductTitle} IS NOT NULL OR ${t.status} <> 'requested'`,
    ),
    check('orders_quantity_check', sql`${t.quantity} between 1 and 1000000`),
    check('orders_due_date_check', sql`${t.dueDate} IS NULL OR ${t.dueDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check('orders_approval_rule_check', sql`${t.approvalRule} in ('any','all')`),
    index('orders_company_idx').on(t.companyId, t.status, t.id),
    index('orders_status_idx').on(t.status, t.id),
    index('orders_product_idx').on(t.productId),
    index('orders_project_idx').on(t.projectId),
  ],
);

/** A design version of an order: sent by staff with a comment and a preview, decided once by the client. */
export const orderVersions = pgTable(
  'order_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    comment: text('comment').notNull().default(''),
    previewFileId: integer('preview_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** pending, approved or denied (denied with changes: `decision_comment` and feedback files). */
    status: text('status').notNull().default('pending'),
    decisionComment: text('decision_comment'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('order_versions_status_check', sql`${t.status} in ('pending','approved','denied')`),
    unique('order_versions_number_key').on(t.orderId, t.number),
    index('order_versions_preview_idx').on(t.previewFileId),
  ],
);

/**
 * Files of an order: `provided` by the client with the request or later, `final` by staff (the
 * client downloads them once the order is approved or completed), `feedback` attached to a
 * denial (with the version).
 */
export const orderFiles = pgTable(
  'order_files',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    versionId: integer('version_id').references(() => orderVersions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.fileId] }),
    check('order_files_kind_check', sql`${t.kind} in ('provided','final','feedback')`),
    index('order_files_file_idx').on(t.fileId),
  ],
);

/**
 * What happened to an order, newest last: the request's "latest event" and the order's history.
 * kind: requested, edited, request_approved, request_declined, version_sent, design_approved,
 * design_denied, info_requested, info_answered, files_added, completed, reordered.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    comment: text('comment'),
    /** An answer (info_answered) points at the question (info_requested) it answers. */
    parentId: integer('parent_id').references((): AnyPgColumn => orderEvents.id, { onDelete: 'cascade' }),
    versionId: integer('version_id').references(() => orderVersions.id, { onDelete: 'set null' }),
    actorAccountId: integer('actor_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The employee behind a portal action taken while acting as the company. */
    actingEmployeeId: integer('acting_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id), index('order_events_parent_idx').on(t.parentId)],
);

/**
 * A drawing of a project for one client company, approved version by version. `status`: open (no
 * version waiting: none yet, or the last had changes requested), pending (a version waits for the
 * client), approved (final). No new version while pending or approved (spec sections 4 and 5).
 * `version_count` is the number of the latest version; a new version is
 * `UPDATE drawings SET version_count = version_count + 1, status = 'pending' WHERE status = 'open'`.
 */
export const drawings = pgTable(
  'drawings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    /** The area (deck, area or sub-area) the drawing belongs to, or none (the whole project). */
    areaId: integer('area_id').references(() => projectAreas.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The day by which staff want the client's decision (Europe/Amsterdam calendar date), or none. */
    dueDate: text('due_date'),
    /** With named approvers (drawing_approvers): any one of them decides, or all must approve. */
    approvalRule: text('approval_rule').notNull().default('any'),
    /** The drawing's date (as drawn), Europe/Amsterdam calendar date. */
    drawingDate: text('drawing_date').notNull(),
    /** The employee responsible (told when the client acts). */
    employeeId: integer('employee_id').references(() => employees.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('open'),
    versionCount: integer('version_count').notNull().default(0),
    approvedAt: ts('approved_at'),
    waitingSince: ts('waiting_since'),
    remindedAt: ts('reminded_at'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    deletedAt: ts('deleted_at'),
    version: integer('version').notNull().default(1),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('drawings_status_check', sql`${t.status} in ('open','pending','approved')`),
    check('drawings_date_check', sql`${t.drawingDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check('drawings_due_date_check', sql`${t.dueDate} IS NULL OR ${t.dueDate} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
    check('drawings_approval_rule_check', sql`${t.approvalRule} in ('any','all')`),
    index('drawings_area_idx').on(t.areaId),
    index('drawings_project_idx').on(t.projectId, t.status, t.id),
    index('drawings_company_idx').on(t.companyId, t.status, t.id),
    index('drawings_name_trgm').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
  ],
);

/** A version of a drawing: one file (PDF, image or ZIP), decided once (approved or changes requested). */
export const drawingVersions = pgTable(
  'drawing_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    drawingId: integer('drawing_id')
      .notNull()
      .references(() => drawings.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    notes: text('notes').notNull().default(''),
    /** pending, approved or changes_requested. */
    status: text('status').notNull().default('pending'),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('drawing_versions_status_check', sql`${t.status} in ('pending','approved','changes_requested')`),
    unique('drawing_versions_number_key').on(t.drawingId, t.number),
    index('drawing_versions_file_idx').on(t.fileId),
  ],
);

/** A comment on a drawing version, by either side, with attachments (drawing_comment_files). */
export const drawingComments = pgTable(
  'drawing_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    drawingId: integer('drawing_id')
      .notNull()
      .references(() => drawings.id, { onDelete: 'cascade' }),
    versionId: integer('version_id')
      .notNull()
      .references(() => drawingVersions.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    /** approve and request_changes are comments that decided the version; note is a plain comment. */
    kind: text('kind').notNull().default('note'),
    /** A reply belongs to the thread of its parent (a root comment); replies have no anchor of their own. */
    parentId: integer('parent_id').references((): AnyPgColumn => drawingComments.id, { onDelete: 'cascade' }),
    /**
     * Markup: where on the version the thread is, as the page (1 for an image) and fractions of the
     * page's width and height, so it stays in place at any zoom. A pin has x and y; a rectangle
     * also a width and a height. All null for a comment on the version as a whole.
     */
    anchorPage: integer('anchor_page'),
    anchorX: doublePrecision('anchor_x'),
    anchorY: doublePrecision('anchor_y'),
    anchorW: doublePrecision('anchor_w'),
    anchorH: doublePrecision('anchor_h'),
    /** A thread (root comment) that was resolved, and by whom; reopening clears both. */
    resolvedAt: ts('resolved_at'),
    resolvedBy: integer('resolved_by').references(() => accounts.id, { onDelete: 'set null' }),
    authorAccountId: integer('author_account_id').references(() => accounts.id, { onDelete: 'set null' }),
    actingEmployeeId: integer('acting_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('drawing_comments_kind_check', sql`${t.kind} in ('note','approve','request_changes')`),
    check(
      'drawing_comments_anchor_check',
      sql`(${t.anchorPage} IS NULL AND ${t.anchorX} IS NULL AND ${t.anchorY} IS NULL AND ${t.anchorW} IS NULL AND ${t.anchorH} IS NULL)
        OR (${t.anchorPage} >= 1 AND ${t.anchorX} BETWEEN 0 AND 1 AND ${t.anchorY} BETWEEN 0 AND 1
            AND ((${t.anchorW} IS NULL AND ${t.anchorH} IS NULL) OR (${t.anchorW} > 0 AND ${t.anchorH} > 0 AND ${t.anchorX} + ${t.anchorW} <= 1.000001 AND ${t.anchorY} + ${t.anchorH} <= 1.000001)))`,
    ),
    index('drawing_comments_parent_idx').on(t.parentId),
    index('drawing_comments_version_idx').on(t.versionId, t.id),
    index('drawing_comments_drawing_idx').on(t.drawingId, t.id),
  ],
);

export const drawingCommentFiles = pgTable(
  'drawing_comment_files',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => drawingComments.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.fileId] }), index('drawing_comment_files_file_idx').on(t.fileId)],
);

/** The company users who must decide a drawing (drawings.approval_rule: any one of them, or all). */
export const drawingApprovers = pgTable(
  'drawing_approvers',
  {
    drawingId: integer('drawing_id')
      .notNull()
      .references(() => drawings.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.drawingId, t.accountId] }), index('drawing_approvers_account_idx').on(t.accountId)],
);

/** The company users who must decide an order's design (orders.approval_rule: any one of them, or all). */
export const orderApprovers = pgTable(
  'order_approvers',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.accountId] }), index('order_approvers_account_idx').on(t.accountId)],
);
