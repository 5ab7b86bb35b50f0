import type { AttributeRef } from '@app/shared/products/attributes';
import { PUBLIC_FILTERS, type PublicProductQuery } from '@app/shared/products/products';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { escapeLike, intArray, query } from '../../platform/sql';

export interface CardRow {
  id: number;
  slug: string;
  nameNl: string;
  nameEn: string;
  thumbId: number | null;
}

/** At most this many words of a search count; a longer text is cut (each word is one more condition). */
const MAX_TERMS = 8;

/** The words of a search: split on white space, duplicates and empties dropped. */
export function searchTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(q.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, MAX_TERMS);
}

/** The name and description a visitor reads: English when asked and filled in, else Dutch (as the cards show them). */
function localText(lang: PublicProductQuery['lang']): { name: SQL; description: SQL } {
  if (lang === 'en') {
    return {
      name: sql`COALESCE(NULLIF(btrim(p.name_en), ''), p.name_nl)`,
      description: sql`COALESCE(NULLIF(btrim(p.description_en), ''), p.description_nl)`,
    };
  }
  return { name: sql`p.name_nl`, description: sql`p.description_nl` };
}

function filters(q: PublicProductQuery): SQL {
  const parts = PUBLIC_FILTERS.flatMap((k) => {
    const ids = q[k];
    if (!ids?.length) return [];
    // Any of the ids of this kind; the kind is checked, so an id of another kind never matches.
    return [
      sql`AND EXISTS (SELECT 1 FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
            WHERE pa.product_id = p.id AND a.kind = ${k} AND pa.attribute_id = ANY(${intArray(ids)}))`,
    ];
  });
  // Every word somewhere in the name or the description, in the visitor's language (wildcards are literal).
  const text = localText(q.lang);
  for (const term of searchTerms(q.q)) {
    const like = `%${escapeLike(term)}%`;
    parts.push(sql`AND (${text.name} ILIKE ${like} OR ${text.description} ILIKE ${like})`);
  }
  return sql.join(parts, sql` `);
}

/** ORDER BY of a page; the manual order with exactly one category filtered is that category's own. */
function orderBy(q: PublicProductQuery, categoryOrder: boolean): SQL {
  switch (q.sort) {
    case 'name':
      return sql`lower(${localText(q.lang).name}), p.id`;
    case '-name':
      return sql`lower(${localText(q.lang).name}) DESC, p.id DESC`;
    case 'newest':
      return sql`p.published_at DESC NULLS LAST, p.id DESC`;
    default:
      return categoryOrder ? sql`o.position NULLS LAST, p.sort_order, p.id` : sql`p.sort_order, p.id`;
  }
}

/**
 * One page of published products, searched and filtered, in the asked order (the manual order by
 * default; a single category filtered: that category's own order), with the first gallery image:
 * one statement. The manual order runs on products_published_order_idx (overall) or
 * product_category_order's key (one category).
 */
export async function page(db: DbOrTx, q: PublicProductQuery): Promise<CardRow[]> {
  const single = q.sort === 'order' && q.categories?.length === 1 ? q.categories[0] : undefined;
  const offset = (q.page - 1) * q.perPage;
  const categoryOrder =
    single === undefined ? sql`` : sql`LEFT JOIN product_category_order o ON o.product_id = p.id AND o.category_id = ${single}`;
  return query<CardRow>(
    db,
    sql`SELECT p.id, p.slug, p.name_nl AS "nameNl", p.name_en AS "nameEn", g.media_id AS "thumbId"
          FROM products p
          ${categoryOrder}
          LEFT JOIN LATERAL (SELECT pm.media_id FROM product_media pm
             WHERE pm.product_id = p.id AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1) g ON true
         WHERE p.published ${filters(q)}
         ORDER BY ${orderBy(q, single !== undefined)}
         LIMIT ${q.perPage} OFFSET ${offset}`,
  );
}

export async function count(db: DbOrTx, q: PublicProductQuery): Promise<number> {
  const rows = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM products p WHERE p.published ${filters(q)}`);
  return rows[0]?.n ?? 0;
}

export interface PublicRow {
  id: number;
  slug: string;
  nameNl: string;
  nameEn: string;
  descriptionNl: string;
  descriptionEn: string;
  tearsheetMediaId: number | null;
  headerMediaId: number | null;
  extendedMediaId: number | null;
  extendedVideoUrl: string | null;
  downloads: unknown;
  featuredProject: unknown;
  parentId: number | null;
}

export async function findPublished(db: DbOrTx, id: number): Promise<PublicRow | null> {
  const rows = await query<PublicRow>(
    db,
    sql`SELECT id, slug, name_nl AS "nameNl", name_en AS "nameEn", description_nl AS "descriptionNl",
               description_en AS "descriptionEn", tearsheet_media_id AS "tearsheetMediaId",
               header_media_id AS "headerMediaId", extended_media_id AS "extendedMediaId",
               extended_video_url AS "extendedVideoUrl", downloads, featured_project AS "featuredProject",
               parent_id AS "parentId"
          FROM products WHERE id = ${id} AND published`,
  );
  return rows[0] ?? null;
}

export interface ImageRow {
  id: number;
  width: number | null;
  height: number | null;
}

/** The product's gallery and carousel images, in order, with their sizes. */
export async function images(db: DbOrTx, productId: number): Promise<(ImageRow & { role: string })[]> {
  return query(
    db,
    sql`SELECT m.id, m.width, m.height, pm.role FROM product_media pm JOIN media m ON m.id = pm.media_id
         WHERE pm.product_id = ${productId} ORDER BY pm.role, pm.position`,
  );
}

export async function imagesByIds(db: DbOrTx, ids: readonly number[]): Promise<ImageRow[]> {
  if (ids.length === 0) return [];
  return query(db, sql`SELECT id, width, height FROM media WHERE id = ANY(${intArray(ids)})`);
}

/** The product's attributes of the public filter kinds. */
export async function publicAttributes(db: DbOrTx, productId: number): Promise<AttributeRef[]> {
  return query(
    db,
    sql`SELECT a.id, a.kind, a.name_nl AS "nameNl", a.name_en AS "nameEn"
          FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
         WHERE pa.product_id = ${productId} AND a.kind = ANY(${`{${PUBLIC_FILTERS.join(',')}}`}::text[])
         ORDER BY lower(a.name_nl), a.id`,
  );
}

const cardThumb = sql`(SELECT pm.media_id FROM product_media pm WHERE pm.product_id = p.id AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1)`;

/** Published related products, in the editor's order. */
export async function relatedPublished(db: DbOrTx, productId: number): Promise<CardRow[]> {
  return query(
    db,
    sql`SELECT p.id, p.slug, p.name_nl AS "nameNl", p.name_en AS "nameEn", ${cardThumb} AS "thumbId"
          FROM product_relations r JOIN products p ON p.id = r.related_id
         WHERE r.product_id = ${productId} AND p.published
         ORDER BY r.position`,
  );
}

/** The published products in the parent chain, nearest first (bounded, in case data ever holds a loop). */
export async function publishedParents(db: DbOrTx, parentId: number): Promise<CardRow[]> {
  return query(
    db,
    sql`WITH RECURSIVE chain(id, parent_id, depth) AS (
          SELECT p.id, p.parent_id, 1 FROM products p WHERE p.id = ${parentId}
          UNION ALL
          SELECT p.id, p.parent_id, c.depth + 1 FROM products p JOIN chain c ON p.id = c.parent_id WHERE c.depth < 100
        )
        SELECT p.id, p.slug, p.name_nl AS "nameNl", p.name_en AS "nameEn", ${cardThumb} AS "thumbId"
          FROM chain c JOIN products p ON p.id = c.id
         WHERE p.published
         ORDER BY c.depth`,
  );
}

/** The attributes of the public kinds that at least one published product carries. */
export async function usedFilters(db: DbOrTx): Promise<AttributeRef[]> {
  return query(
    db,
    sql`SELECT a.id, a.kind, a.name_nl AS "nameNl", a.name_en AS "nameEn"
          FROM attributes a
         WHERE a.kind = ANY(${`{${PUBLIC_FILTERS.join(',')}}`}::text[])
           AND EXISTS (SELECT 1 FROM product_attributes pa JOIN products p ON p.id = pa.product_id
                        WHERE pa.attribute_id = a.id AND p.published)
         ORDER BY lower(a.name_nl), a.id`,
  );
}
