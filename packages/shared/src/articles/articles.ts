import * as z from 'zod';
import { mediaSchema } from '../media/media';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, listQueryBase, queryInt, versionField } from '../platform/http';
import { ARTICLE_ABILITIES } from './articles.rules';

export const ARTICLE_STATUSES = ['active', 'blocked', 'discontinued'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const articleListItemSchema = z.object({
  id: z.number().int(),
  erpId: z.string(),
  sku: z.string(),
  name: z.string(),
  typeCode: z.string().nullable(),
  typeName: z.string().nullable(),
  supplierName: z.string().nullable(),
  status: z.enum(ARTICLE_STATUSES),
  unit: z.string().nullable(),
  thumbUrl: z.string().nullable().describe('The impression image, or else the first of the article’s media, 400 px'),
  productId: z.number().int().nullable().describe('The product made from this article, if any'),
  deletedAt: z.string().nullable().describe('Set when the ERP no longer lists the article'),
  syncedAt: z.string(),
});
export type ArticleListItem = z.infer<typeof articleListItemSchema>;

export const articleDetailSchema = articleListItemSchema.extend({
  description: z.string().nullable(),
  lengthMm: z.number().nullable(),
  widthMm: z.number().nullable(),
  heightMm: z.number().nullable(),
  weightKg: z.number().nullable(),
  costPrice: z.number().nullable().describe('EUR, from the ERP'),
  erpModifiedAt: z.string().nullable(),
  /** Staff-owned: a sync never writes these. */
  usage: z.string().nullable(),
  specifications: z.string().nullable(),
  options: z.string().nullable(),
  impression: mediaSchema.nullable(),
  media: z.array(mediaSchema),
  linkedProjects: z.array(z.object({ id: z.number().int(), name: z.string() })).describe('Projects using the article'),
  version: z.number().int(),
  abilities: abilitiesSchema(ARTICLE_ABILITIES),
});
export type ArticleDetail = z.infer<typeof articleDetailSchema>;

/** What staff add to an ERP article; the ERP's own fields cannot be edited here. */
export const articleUpdateSchema = z.strictObject({
  usage: z.string().trim().max(2000).nullable(),
  specifications: z.string().trim().max(10_000).nullable(),
  options: z.string().trim().max(10_000).nullable(),
  impressionMediaId: z.number().int().positive().max(2_147_483_647).nullable(),
  mediaIds: z.array(z.number().int().positive().max(2_147_483_647)).max(50),
  version: versionField,
});
export type ArticleUpdate = z.infer<typeof articleUpdateSchema>;

export const ARTICLE_SORTS = [
  'name',
  '-name',
  'sku',
  '-sku',
  'type',
  '-type',
  'supplier',
  '-supplier',
  'synced',
  '-synced',
] as const;
export const ARTICLE_TABS = ['active', 'deleted'] as const;

export const articleListQuerySchema = listQueryBase.extend({
  tab: z.enum(ARTICLE_TABS).default('active'),
  sort: z.enum(ARTICLE_SORTS).default('name'),
  type: z.string().trim().min(1).max(60).optional().describe('Type code'),
  supplier: z.string().trim().min(1).max(200).optional().describe('Supplier name'),
  status: z.enum(ARTICLE_STATUSES).optional(),
});
export type ArticleListQuery = z.infer<typeof articleListQuerySchema>;

export const articleFacetsSchema = z.object({
  data: z.object({
    types: z.array(z.object({ code: z.string(), name: z.string(), count: z.number().int() })),
    suppliers: z.array(z.object({ name: z.string(), count: z.number().int() })),
    statuses: z.array(z.object({ status: z.enum(ARTICLE_STATUSES), count: z.number().int() })),
  }),
});
export type ArticleFacets = z.infer<typeof articleFacetsSchema>['data'];

export const articleParams = z.strictObject({ articleId: idSchema });

// ERP synchronisation ('Sync Articles')

export const SYNC_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'aborted'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];
export const SYNC_PHASES = ['queued', 'fetching', 'applying', 'done'] as const;
export type SyncPhase = (typeof SYNC_PHASES)[number];
/** Why a run did not succeed; the web app translates these (articles.sync.errors.<code>). */
export const SYNC_ERRORS = [
  'ERP_UNAVAILABLE',
  'ERP_TIMEOUT',
  'ERP_BAD_RESPONSE',
  'SHORT_FEED',
  'INTERRUPTED',
  'INTERNAL',
] as const;
export type SyncError = (typeof SYNC_ERRORS)[number];

export const syncRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(['manual', 'schedule']),
  triggeredBy: z.string().nullable().describe('Who pressed Sync Articles'),
  status: z.enum(SYNC_STATUSES),
  phase: z.enum(SYNC_PHASES),
  fetched: z.number().int().describe('Articles read from the ERP so far'),
  expected: z.number().int().nullable().describe('What the ERP said it would send'),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  deleted: z.number().int(),
  error: z.enum(SYNC_ERRORS).nullable(),
  errorDetail: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SyncRun = z.infer<typeof syncRunSchema>;

export const syncRunParams = z.strictObject({ runId: idSchema });

/** POST /api/articles/sync takes nothing: send {} (or no body). */
export const syncStartSchema = z.strictObject({});

export const syncRunListQuerySchema = z.strictObject({
  page: queryInt(1, 100_000).default(1).describe('Page, from 1'),
  perPage: queryInt(1, 100).default(25).describe('Rows per page'),
});
export type SyncRunListQuery = z.infer<typeof syncRunListQuerySchema>;
