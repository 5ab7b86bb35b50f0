import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { media, products } from './catalogue';
import { accounts, companies } from './identity';
import { orderLines, projects } from './projects';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Company news (company.posts): written by account managers for one client company, shown in its
 * portal once published and its publish time has come. `body_html` is stored only as the rich-text
 * allowlist rebuilt it (platform/rich-text.ts).
 */
export const companyPosts = pgTable(
  'company_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    bodyHtml: text('body_html').notNull().default(''),
    imageMediaId: integer('image_media_id').references(() => media.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    /** From when a published post shows in the portal; set when it is published. */
    publishAt: ts('publish_at'),
    /** When the company's users were told (once its publish time had come). */
    notifiedAt: ts('notified_at'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('company_posts_status_check', sql`${t.status} in ('draft','published')`),
    check('company_posts_published_check', sql`${t.status} = 'draft' OR ${t.publishAt} IS NOT NULL`),
    index('company_posts_company_idx').on(t.companyId, t.publishAt.desc(), t.id.desc()),
    index('company_posts_image_idx').on(t.imageMediaId),
  ],
);

/**
 * A catalogue product assigned to a client company (company.products; the portal's company
 * products), with the company's own reference and notes, optionally for one of its projects and
 * one order line there. `type_name` copies the product's article type name (kept by triggers on
 * company_products, products and articles, migration 0014), so the portal's page, grouped and
 * filtered by type, walks one index (G3).
 */
export const companyProducts = pgTable(
  'company_products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    orderLineId: integer('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    reference: text('reference').notNull().default(''),
    notes: text('notes').notNull().default(''),
    typeName: text('type_name'),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('company_products_unique_key').on(t.companyId, t.productId, t.projectId).nullsNotDistinct(),
    // project_id and order_line_id ride along so the portal's page and its count are index-only
    // scans: the scope reads them on every one of a company's rows (G3).
    index('company_products_type_idx').on(t.companyId, t.typeName, t.id, t.projectId, t.orderLineId),
    index('company_products_project_idx').on(t.companyId, t.projectId, t.id),
    index('company_products_product_idx').on(t.productId),
    index('company_products_order_line_idx').on(t.orderLineId),
  ],
);
