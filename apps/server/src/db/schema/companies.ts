import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { media } from './catalogue';
import { accounts, companies } from './identity';

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
