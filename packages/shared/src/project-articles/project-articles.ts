import * as z from 'zod';
import { idSchema } from '../platform/http';

/**
 * Project articles: every catalogue product and ERP article on the project's order lines, with
 * its quantities summed per area (a sub-area's lines count for its area) and in total.
 */

export const PROJECT_ARTICLE_KINDS = ['product', 'article'] as const;
export type ProjectArticleKind = (typeof PROJECT_ARTICLE_KINDS)[number];

export const PROJECT_ARTICLE_SORTS = ['name', '-name', 'code', '-code', 'total', '-total'] as const;
export type ProjectArticleSort = (typeof PROJECT_ARTICLE_SORTS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const projectArticlesParams = z.strictObject({ projectId: idSchema });

/** The list is not paged (a project uses a few hundred items at most): sort and search only. */
export const projectArticlesQuerySchema = z.strictObject({
  sort: z.enum(PROJECT_ARTICLE_SORTS).default('name'),
  q: z.string().trim().max(200).default('').describe('Search on name and code'),
});
export type ProjectArticlesQuery = z.input<typeof projectArticlesQuerySchema>;

export const projectArticlesExportQuerySchema = projectArticlesQuerySchema.extend({
  format: z.enum(EXPORT_FORMATS),
});
export type ProjectArticlesExportQuery = z.input<typeof projectArticlesExportQuerySchema>;

/** An area (or a deck, when a task hangs from one) that has order lines, in tree order. */
export const projectArticleAreaSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['deck', 'area']),
  number: z.string(),
  name: z.string(),
});
export type ProjectArticleArea = z.infer<typeof projectArticleAreaSchema>;

export const projectArticleSchema = z.object({
  kind: z.enum(PROJECT_ARTICLE_KINDS),
  id: z.number().int().describe('The product or article id'),
  code: z.string().nullable().describe('The SKU (a product: its article’s)'),
  name: z.string().describe("A product's name in the reader's language; an article's ERP name"),
  unit: z.string().nullable(),
  total: z.number(),
  lines: z.number().int().describe('Order lines counted'),
  perArea: z
    .array(z.object({ areaId: z.number().int(), quantity: z.number() }))
    .describe('Quantities per area in tree order; sub-areas included in their area'),
});
export type ProjectArticle = z.infer<typeof projectArticleSchema>;

export const projectArticlesSchema = z.object({
  items: z.array(projectArticleSchema),
  areas: z.array(projectArticleAreaSchema).describe('Every area with order lines, in tree order'),
});
export type ProjectArticles = z.infer<typeof projectArticlesSchema>;

/** "A12 · Spa"; a name that already holds its number ("Hut 5001") stands alone. */
export function areaLabel(a: { number: string; name: string }): string {
  if (!a.number || a.name.includes(a.number)) return a.name;
  return `${a.number} · ${a.name}`;
}
