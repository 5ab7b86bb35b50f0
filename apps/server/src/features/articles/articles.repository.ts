import type { ArticleListQuery, ArticleStatus } from '@app/shared/articles/articles';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { articleCounts, articleMedia, articles, products } from '../../db/schema';
import { escapeLike } from '../../platform/sql';

export interface ArticleListRow {
  id: number;
  erpId: string;
  sku: string;
  name: string;
  typeCode: string | null;
  typeName: string | null;
  supplierName: string | null;
  status: ArticleStatus;
  unit: string | null;
  impressionMediaId: number | null;
  /** The list's picture: the impression image, or else the first of the article's media. */
  thumbId: number | null;
  productId: number | null;
  deletedAt: Date | null;
  syncedAt: Date;
}

export interface ArticleDetailRow extends ArticleListRow {
  description: string | null;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
  weightKg: number | null;
  costPrice: string | null;
  erpModifiedAt: Date | null;
  usage: string | null;
  specifications: string | null;
  options: string | null;
  version: number;
}

const listColumns = {
  id: articles.id,
  erpId: articles.erpId,
  sku: articles.sku,
  name: articles.name,
  typeCode: articles.typeCode,
  typeName: articles.typeName,
  supplierName: articles.supplierName,
  status: sql<ArticleStatus>`${articles.status}`,
  unit: articles.unit,
  impressionMediaId: articles.impressionMediaId,
  // COALESCE evaluates the subquery only for an article without an impression: one probe of article_media's key.
  thumbId: sql<number | null>`coalesce(${articles.impressionMediaId}, (SELECT am.media_id FROM article_media am
    WHERE am.article_id = "articles"."id" ORDER BY am.position LIMIT 1))`,
  productId: products.id,
  deletedAt: articles.deletedAt,
  syncedAt: articles.syncedAt,
};

const lowerName = sql`lower(${articles.name})`;

// Each order ends in id, in the same direction, so paging is stable and a matching index can be walked.
const sorts: Record<ArticleListQuery['sort'], SQL[]> = {
  name: [asc(lowerName), asc(articles.id)],
  '-name': [desc(lowerName), desc(articles.id)],
  sku: [asc(articles.sku), asc(articles.id)],
  '-sku': [desc(articles.sku), desc(articles.id)],
  type: [asc(articles.typeName), asc(lowerName), asc(articles.id)],
  '-type': [desc(articles.typeName), desc(lowerName), desc(articles.id)],
  supplier: [asc(articles.supplierName), asc(lowerName), asc(articles.id)],
  '-supplier': [desc(articles.supplierName), desc(lowerName), desc(articles.id)],
  synced: [asc(articles.syncedAt), asc(articles.id)],
  '-synced': [desc(articles.syncedAt), desc(articles.id)],
};

function listWhere(q: ArticleListQuery): SQL | undefined {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  return and(
    q.tab === 'deleted' ? isNotNull(articles.deletedAt) : isNull(articles.deletedAt),
    term ? or(ilike(articles.name, term), ilike(articles.sku, term)) : undefined,
    q.type ? eq(articles.typeCode, q.type) : undefined,
    q.supplier ? eq(articles.supplierName, q.supplier) : undefined,
    q.status ? eq(articles.status, q.status) : undefined,
  );
}

/**
 * The total of a list without a search term: summed from article_counts (a few hundred rows, kept
 * exact by triggers) rather than counting up to 100,000 articles on every page (G3).
 */
function countedTotal(db: DbOrTx, q: ArticleListQuery) {
  return db
    .select({ n: sql<number>`coalesce(sum(${articleCounts.n}), 0)::int` })
    .from(articleCounts)
    .where(
      and(
        eq(articleCounts.live, q.tab !== 'deleted'),
        q.type ? eq(articleCounts.typeCode, q.type) : undefined,
        q.supplier ? eq(articleCounts.supplierName, q.supplier) : undefined,
        q.status ? eq(articleCounts.status, q.status) : undefined,
      ),
    );
}

/**
 * One page of articles (G3): the page's ids first from articles alone, then those rows with their
 * product. The total comes from article_counts, or, with a search term, from a count of articles
 * without joins, because every filter is a column of articles.
 */
export async function list(db: DbOrTx, q: ArticleListQuery): Promise<{ rows: ArticleListRow[]; total: number }> {
  const where = listWhere(q);
  const [ids, count] = await Promise.all([
    db
      .select({ id: articles.id })
      .from(articles)
      .where(where)
      .orderBy(...sorts[q.sort])
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    q.q ? db.select({ n: sql<number>`count(*)::int` }).from(articles).where(where) : countedTotal(db, q),
  ]);
  const total = Number(count[0]?.n ?? 0);
  if (ids.length === 0) return { rows: [], total };
  const found = await db
    .select(listColumns)
    .from(articles)
    .leftJoin(products, eq(products.articleId, articles.id))
    .where(
      inArray(
        articles.id,
        ids.map((r) => r.id),
      ),
    );
  const byId = new Map(found.map((r) => [r.id, r]));
  return { rows: ids.flatMap((r) => byId.get(r.id) ?? []), total };
}

export interface FacetRow {
  typeCode: string | null;
  typeName: string | null;
  supplierName: string | null;
  status: ArticleStatus | null;
  n: number;
  gType: number;
  gSupplier: number;
  gStatus: number;
}

/** Counts of live articles per type, supplier and status, from article_counts. */
export async function facets(db: DbOrTx): Promise<FacetRow[]> {
  const res = (await db.execute(sql`
    SELECT type_code AS "typeCode", max(type_name) AS "typeName", supplier_name AS "supplierName", status,
           sum(n)::int AS n, GROUPING(type_code)::int AS "gType", GROUPING(supplier_name)::int AS "gSupplier",
           GROUPING(status)::int AS "gStatus"
      FROM article_counts
     WHERE live AND n > 0
     GROUP BY GROUPING SETS ((type_code), (supplier_name), (status))`)) as unknown as { rows: FacetRow[] };
  return res.rows;
}

export async function find(db: DbOrTx, id: number): Promise<ArticleDetailRow | null> {
  const rows = await db
    .select({
      ...listColumns,
      description: articles.description,
      lengthMm: articles.lengthMm,
      widthMm: articles.widthMm,
      heightMm: articles.heightMm,
      weightKg: articles.weightKg,
      costPrice: articles.costPrice,
      erpModifiedAt: articles.erpModifiedAt,
      usage: articles.usage,
      specifications: articles.specifications,
      options: articles.options,
      version: articles.version,
    })
    .from(articles)
    .leftJoin(products, eq(products.articleId, articles.id))
    .where(eq(articles.id, id));
  return rows[0] ?? null;
}

export async function findName(db: DbOrTx, id: number): Promise<string | null> {
  const rows = await db.select({ name: articles.name }).from(articles).where(eq(articles.id, id));
  return rows[0]?.name ?? null;
}

/** "SKU name" of these articles (deleted ones too), for a bulk action's skipped rows. */
export async function labelsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: articles.id, sku: articles.sku, name: articles.name })
    .from(articles)
    .where(inArray(articles.id, [...ids]));
  return new Map(rows.map((r) => [r.id, `${r.sku} ${r.name}`]));
}

export async function findVersion(db: DbOrTx, id: number): Promise<number | null> {
  const rows = await db.select({ v: articles.version }).from(articles).where(eq(articles.id, id));
  return rows[0]?.v ?? null;
}

export async function mediaIds(db: DbOrTx, articleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: articleMedia.mediaId })
    .from(articleMedia)
    .where(eq(articleMedia.articleId, articleId))
    .orderBy(asc(articleMedia.position));
  return rows.map((r) => r.id);
}

/** Writes the staff-owned fields only (D10), if the article is still at the version the change was based on (D1). */
export async function updateStaffFields(
  db: DbOrTx,
  id: number,
  version: number,
  input: { usage: string | null; specifications: string | null; options: string | null; impressionMediaId: number | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(articles)
    .set({ ...input, version: sql`${articles.version} + 1`, updatedAt: now })
    .where(and(eq(articles.id, id), eq(articles.version, version)))
    .returning({ id: articles.id });
  return rows.length > 0;
}

export async function replaceMedia(db: DbOrTx, articleId: number, ids: readonly number[]): Promise<void> {
  await db.delete(articleMedia).where(eq(articleMedia.articleId, articleId));
  if (ids.length) await db.insert(articleMedia).values(ids.map((mediaId, position) => ({ articleId, mediaId, position })));
}
