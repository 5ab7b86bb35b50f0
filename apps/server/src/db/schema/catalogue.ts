import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './identity';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const timestamps = {
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
};

/** Uploaded files (images): stored under generated names outside any web root (F5). */
export const media = pgTable('media', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  storageKey: text('storage_key').notNull().unique(),
  originalName: text('original_name').notNull(),
  mime: text('mime').notNull(),
  size: integer('size').notNull(),
  width: integer('width'),
  height: integer('height'),
  createdBy: integer('created_by').references(() => accounts.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Articles as the ERP lists them. The ERP-owned columns are written only by the sync; the
 * staff-owned ones (usage, specifications, options, media) only by people (D10).
 */
export const articles = pgTable(
  'articles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // ERP-owned
    erpId: text('erp_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    typeCode: text('type_code'),
    typeName: text('type_name'),
    unit: text('unit'),
    supplierCode: text('supplier_code'),
    supplierName: text('supplier_name'),
    status: text('status').notNull(),
    lengthMm: doublePrecision('length_mm'),
    widthMm: doublePrecision('width_mm'),
    heightMm: doublePrecision('height_mm'),
    weightKg: doublePrecision('weight_kg'),
    costPrice: numeric('cost_price', { precision: 14, scale: 4 }),
    erpModifiedAt: ts('erp_modified_at'),
    deletedAt: ts('deleted_at'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
    // staff-owned
    usage: text('usage'),
    specifications: text('specifications'),
    options: text('options'),
    impressionMediaId: integer('impression_media_id').references(() => media.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('articles_erp_id_key').on(t.erpId),
    index('articles_name_idx').on(sql`lower(${t.name})`, t.id),
    index('articles_sku_idx').on(t.sku),
    // A filtered page walks its filter's index in the list's default order (G3).
    index('articles_type_idx').on(t.typeCode, sql`lower(${t.name})`, t.id),
    index('articles_supplier_idx').on(t.supplierName, sql`lower(${t.name})`, t.id),
    check('articles_status_check', sql`${t.status} in ('active','blocked','discontinued')`),
  ],
);

/**
 * How many articles there are per (live, type, supplier, status), kept exact by statement triggers
 * on articles (migration 0005): the articles list's totals, the filters' counts and the sync's
 * live count without counting the table (G3). Only the triggers write it.
 */
export const articleCounts = pgTable(
  'article_counts',
  {
    live: boolean('live').notNull(),
    typeCode: text('type_code'),
    typeName: text('type_name'),
    supplierName: text('supplier_name'),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [unique('article_counts_key').on(t.live, t.typeCode, t.typeName, t.supplierName, t.status).nullsNotDistinct()],
);

export const articleMedia = pgTable(
  'article_media',
  {
    articleId: integer('article_id')
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.mediaId] })],
);

/** One row per run of the ERP sync, whatever its outcome (D8). */
export const syncRuns = pgTable(
  'sync_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    trigger: text('trigger').notNull(),
    triggeredBy: integer('triggered_by').references(() => accounts.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    phase: text('phase').notNull(),
    fetched: integer('fetched').notNull().default(0),
    expected: integer('expected'),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    deleted: integer('deleted').notNull().default(0),
    error: text('error'),
    errorDetail: text('error_detail'),
    startedAt: ts('started_at').notNull().defaultNow(),
    heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    // At most one run in progress, whatever process starts it.
    uniqueIndex('sync_runs_one_active_key').on(sql`(true)`).where(sql`${t.status} in ('queued','running')`),
    check('sync_runs_status_check', sql`${t.status} in ('queued','running','succeeded','failed','aborted')`),
  ],
);

/** The ERP listing of one run, staged before it is applied in one transaction. */
export const syncStaging = pgTable(
  'sync_staging',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => syncRuns.id, { onDelete: 'cascade' }),
    erpId: text('erp_id').notNull(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    typeCode: text('type_code'),
    typeName: text('type_name'),
    unit: text('unit'),
    supplierCode: text('supplier_code'),
    supplierName: text('supplier_name'),
    status: text('status').notNull(),
    lengthMm: doublePrecision('length_mm'),
    widthMm: doublePrecision('width_mm'),
    heightMm: doublePrecision('height_mm'),
    weightKg: doublePrecision('weight_kg'),
    costPrice: numeric('cost_price', { precision: 14, scale: 4 }),
    erpModifiedAt: ts('erp_modified_at'),
  },
  (t) => [primaryKey({ columns: [t.runId, t.erpId] })],
);

/** The attribute archives (areas, categories, features, ...), one table with a kind. */
export const attributes = pgTable(
  'attributes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    nameNl: text('name_nl').notNull(),
    nameEn: text('name_en').notNull().default(''),
    typeGroupId: integer('type_group_id').references((): AnyPgColumn => attributes.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('attributes_kind_name_key').on(t.kind, sql`lower(${t.nameNl})`),
    index('attributes_type_group_idx').on(t.typeGroupId),
    check(
      'attributes_kind_check',
      sql`${t.kind} in ('areas','categories','features','preferences','types','type-groups','suppliers','materials')`,
    ),
    check('attributes_type_group_check', sql`${t.typeGroupId} IS NULL OR ${t.kind} = 'types'`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    parentId: integer('parent_id').references((): AnyPgColumn => products.id, { onDelete: 'set null' }),
    slug: text('slug').notNull(),
    nameNl: text('name_nl').notNull(),
    nameEn: text('name_en').notNull().default(''),
    descriptionNl: text('description_nl').notNull().default(''),
    descriptionEn: text('description_en').notNull().default(''),
    published: boolean('published').notNull().default(false),
    publishedAt: ts('published_at'),
    sortOrder: integer('sort_order').notNull(),
    tearsheetMediaId: integer('tearsheet_media_id').references(() => media.id, { onDelete: 'set null' }),
    headerMediaId: integer('header_media_id').references(() => media.id, { onDelete: 'set null' }),
    extendedMediaId: integer('extended_media_id').references(() => media.id, { onDelete: 'set null' }),
    extendedVideoUrl: text('extended_video_url'),
    downloads: jsonb('downloads').notNull().default([]),
    featuredProject: jsonb('featured_project'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('products_article_id_key').on(t.articleId),
    index('products_parent_idx').on(t.parentId),
    index('products_published_order_idx').on(t.sortOrder).where(sql`${t.published}`),
    index('products_name_idx').on(sql`lower(${t.nameNl})`),
    // The one search.
    index('products_name_nl_trgm').using('gin', sql`lower(${t.nameNl}) gin_trgm_ops`),
    index('products_name_en_trgm').using('gin', sql`lower(${t.nameEn}) gin_trgm_ops`),
  ],
);

export const productMedia = pgTable(
  'product_media',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.role, t.mediaId] }),
    index('product_media_media_idx').on(t.mediaId),
    check('product_media_role_check', sql`${t.role} in ('gallery','carousel')`),
  ],
);

export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    attributeId: integer('attribute_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'restrict' }),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.attributeId] }),
    index('product_attributes_attribute_idx').on(t.attributeId, t.productId),
  ],
);

export const productRelations = pgTable(
  'product_relations',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.relatedId] }),
    check('product_relations_self_check', sql`${t.productId} <> ${t.relatedId}`),
  ],
);

/** The manual order within one category (the overall order is products.sort_order). */
export const productCategoryOrder = pgTable(
  'product_category_order',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => attributes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.categoryId, t.productId] })],
);

export const roboxMaterialCategories = pgTable('robox_material_categories', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  version: integer('version').notNull().default(1),
  ...timestamps,
});

export const roboxMaterials = pgTable(
  'robox_materials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    categoryId: integer('category_id').references(() => roboxMaterialCategories.id, { onDelete: 'restrict' }),
    thicknessMm: doublePrecision('thickness_mm'),
    sheetLengthMm: doublePrecision('sheet_length_mm'),
    sheetWidthMm: doublePrecision('sheet_width_mm'),
    colourFinish: text('colour_finish').notNull().default(''),
    supplierId: integer('supplier_id').references(() => attributes.id, { onDelete: 'restrict' }),
    articleId: integer('article_id').references(() => articles.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('robox_materials_code_key').on(sql`lower(${t.code})`),
    index('robox_materials_category_idx').on(t.categoryId),
    index('robox_materials_supplier_idx').on(t.supplierId),
  ],
);

export const productRoboxMaterials = pgTable(
  'product_robox_materials',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    roboxMaterialId: integer('robox_material_id')
      .notNull()
      .references(() => roboxMaterials.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.roboxMaterialId] })],
);

export type SyncCounts = { created: number; updated: number; unchanged: number; deleted: number };
