import { type AttributeKind, type AttributeRef, PRODUCT_ATTRIBUTE_KINDS } from '@app/shared/products/attributes';
import {
  BLANK_TEXT_PATTERN,
  COMPLETENESS_ATTRIBUTE_KINDS,
  type Completeness,
  type CompletenessFilter,
  completenessFromMissing,
  type MissingFlags,
} from '@app/shared/products/completeness.rules';
import type { ProductListQuery } from '@app/shared/products/products';
import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  articles,
  attributes,
  media,
  productAttributes,
  productCategoryOrder,
  productMedia,
  productRelations,
  productRoboxMaterials,
  products,
  roboxMaterials,
} from '../../db/schema';
import { escapeLike, intArray, query } from '../../platform/sql';

// Outer columns spelled out: drizzle may print them unqualified inside a subquery, which would bind to the inner table.
/** The first gallery image of the product in the outer query. */
export const firstGalleryId = sql<number | null>`(SELECT pm.media_id FROM product_media pm
  WHERE pm.product_id = "products"."id" AND pm.role = 'gallery' ORDER BY pm.position LIMIT 1)`;

/** A product has any of the ids of this kind (the kind is checked, so an id of another kind never matches). */
export function hasAttributeOfKind(kind: AttributeKind, ids: readonly number[]): SQL {
  return sql`EXISTS (SELECT 1 FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
    WHERE pa.product_id = "products"."id" AND a.kind = ${kind} AND pa.attribute_id = ANY(${intArray(ids)}))`;
}

/**
 * Catalogue completeness of the product in the outer query, one expression per stored
 * field, mirroring `productCompleteness` in @app/shared/products/completeness.rules (the same
 * blank-text pattern; products.test.ts checks both agree on a set of fixtures).
 */
const blank = (column: string) => sql`(${sql.raw(`"products"."${column}"`)} ~* ${BLANK_TEXT_PATTERN})`;
const publicKinds = sql.raw(COMPLETENESS_ATTRIBUTE_KINDS.map((k) => `'${k}'`).join(', '));
export const missingSql: Record<keyof MissingFlags, SQL> = {
  nameNl: blank('name_nl'),
  nameEn: blank('name_en'),
  descriptionNl: blank('description_nl'),
  descriptionEn: blank('description_en'),
  images: sql`(NOT EXISTS (SELECT 1 FROM product_media pm
    WHERE pm.product_id = "products"."id" AND pm.role = 'gallery'))`,
  attributes: sql`(NOT EXISTS (SELECT 1 FROM product_attributes pa JOIN attributes a ON a.id = pa.attribute_id
    WHERE pa.product_id = "products"."id" AND a.kind IN (${publicKinds})))`,
  downloads: sql`(CASE WHEN jsonb_typeof("products"."downloads") = 'array'
    THEN jsonb_array_length("products"."downloads") = 0 ELSE true END)`,
};
const sharedMissing = [missingSql.images, missingSql.attributes, missingSql.downloads];
const incompleteIn = {
  nl: or(missingSql.nameNl, missingSql.descriptionNl, ...sharedMissing) as SQL,
  en: or(missingSql.nameEn, missingSql.descriptionEn, ...sharedMissing) as SQL,
};
/** The `complete` filter: yes complete in both languages, no incomplete in either, nl/en incomplete in that language. */
export function completenessWhere(filter: CompletenessFilter | undefined): SQL | undefined {
  if (filter === undefined) return undefined;
  const incomplete = or(
    missingSql.nameNl,
    missingSql.descriptionNl,
    missingSql.nameEn,
    missingSql.descriptionEn,
    ...sharedMissing,
  );
  if (filter === 'yes') return sql`NOT ${incomplete}`;
  if (filter === 'no') return incomplete;
  return incompleteIn[filter];
}
/** The flags as select columns (a nested object of the row). */
const missingColumns = Object.fromEntries(
  Object.entries(missingSql).map(([k, expr]) => [k, sql<boolean>`${expr}`.mapWith(Boolean)]),
) as Record<keyof MissingFlags, SQL<boolean>>;

const listSorts: Record<string, SQL[]> = {
  name: [asc(sql`lower(${products.nameNl})`)],
  '-name': [desc(sql`lower(${products.nameNl})`)],
  updated: [asc(products.updatedAt)],
  '-updated': [desc(products.updatedAt)],
  order: [asc(products.sortOrder)],
};

export interface ProductListRow {
  id: number;
  slug: string;
  nameNl: string;
  nameEn: string;
  published: boolean;
  thumbId: number | null;
  articleId: number | null;
  articleSku: string | null;
  articleRemoved: boolean;
  updatedAt: Date;
  /** Per language the parts the public page lacks. */
  completeness: Completeness;
}

export async function list(db: DbOrTx, q: ProductListQuery): Promise<{ rows: ProductListRow[]; total: number }> {
  const term = q.q ? `%${escapeLike(q.q)}%` : null;
  const where = and(
    term
      ? or(ilike(products.nameNl, term), ilike(products.nameEn, term), ilike(products.slug, term), ilike(articles.sku, term))
      : undefined,
    q.published ? eq(products.published, q.published === 'yes') : undefined,
    completenessWhere(q.complete),
    ...PRODUCT_ATTRIBUTE_KINDS.map((k) => {
      const ids = q[k];
      return ids?.length ? hasAttributeOfKind(k, ids) : undefined;
    }),
  );
  const [rows, count] = await Promise.all([
    db
      .select({
        id: products.id,
        slug: products.slug,
        nameNl: products.nameNl,
        nameEn: products.nameEn,
        published: products.published,
        thumbId: firstGalleryId,
        articleId: products.articleId,
        articleSku: articles.sku,
        articleRemoved: sql<boolean>`(${articles.deletedAt} IS NOT NULL)`.mapWith(Boolean),
        updatedAt: products.updatedAt,
        missing: missingColumns,
      })
      .from(products)
      .leftJoin(articles, eq(articles.id, products.articleId))
      .where(where)
      .orderBy(...(listSorts[q.sort] ?? listSorts.name ?? []), asc(products.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    // The article join only when the search needs its sku (G3: count without joins).
    term
      ? db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .leftJoin(articles, eq(articles.id, products.articleId))
          .where(where)
      : db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return {
    rows: rows.map(({ missing, ...row }) => ({ ...row, completeness: completenessFromMissing(missing) })),
    total: count[0]?.n ?? 0,
  };
}

/** The attributes of these products (optionally of one kind), by product. */
export async function attributesOf(
  db: DbOrTx,
  productIds: readonly number[],
  kinds?: readonly AttributeKind[],
): Promise<Map<number, AttributeRef[]>> {
  const out = new Map<number, AttributeRef[]>();
  if (productIds.length === 0) return out;
  const rows = await db
    .select({
      productId: productAttributes.productId,
      id: attributes.id,
      kind: sql<AttributeKind>`${attributes.kind}`,
      nameNl: attributes.nameNl,
      nameEn: attributes.nameEn,
    })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(and(inArray(productAttributes.productId, [...productIds]), kinds ? inArray(attributes.kind, [...kinds]) : undefined))
    .orderBy(asc(sql`lower(${attributes.nameNl})`), asc(attributes.id));
  for (const { productId, ...ref } of rows) {
    const list = out.get(productId) ?? [];
    list.push(ref);
    out.set(productId, list);
  }
  return out;
}

export type ProductRow = typeof products.$inferSelect & {
  articleSku: string | null;
  articleName: string | null;
  articleDeletedAt: Date | null;
};

export async function find(db: DbOrTx, id: number): Promise<ProductRow | null> {
  const rows = await db
    .select({ p: products, articleSku: articles.sku, articleName: articles.name, articleDeletedAt: articles.deletedAt })
    .from(products)
    .leftJoin(articles, eq(articles.id, products.articleId))
    .where(eq(products.id, id));
  const r = rows[0];
  return r ? { ...r.p, articleSku: r.articleSku, articleName: r.articleName, articleDeletedAt: r.articleDeletedAt } : null;
}

/** Gallery and carousel media ids, each in its order. */
export async function mediaIdsOf(db: DbOrTx, id: number): Promise<{ gallery: number[]; carousel: number[] }> {
  const rows = await db
    .select({ mediaId: productMedia.mediaId, role: productMedia.role })
    .from(productMedia)
    .where(eq(productMedia.productId, id))
    .orderBy(asc(productMedia.role), asc(productMedia.position));
  return {
    gallery: rows.filter((r) => r.role === 'gallery').map((r) => r.mediaId),
    carousel: rows.filter((r) => r.role === 'carousel').map((r) => r.mediaId),
  };
}

export async function roboxOf(db: DbOrTx, id: number) {
  return db
    .select({ id: roboxMaterials.id, name: roboxMaterials.name, code: roboxMaterials.code })
    .from(productRoboxMaterials)
    .innerJoin(roboxMaterials, eq(roboxMaterials.id, productRoboxMaterials.roboxMaterialId))
    .where(eq(productRoboxMaterials.productId, id))
    .orderBy(asc(sql`lower(${roboxMaterials.name})`), asc(roboxMaterials.id));
}

export interface ProductRefRow {
  id: number;
  nameNl: string;
  nameEn: string;
  published: boolean;
  thumbId: number | null;
}

const refColumns = {
  id: products.id,
  nameNl: products.nameNl,
  nameEn: products.nameEn,
  published: products.published,
  thumbId: firstGalleryId,
};

export async function refs(db: DbOrTx, ids: readonly number[]): Promise<ProductRefRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(refColumns)
    .from(products)
    .where(inArray(products.id, [...ids]));
}

/** Related products in the editor's order. */
export async function relatedOf(db: DbOrTx, id: number): Promise<ProductRefRow[]> {
  return db
    .select(refColumns)
    .from(productRelations)
    .innerJoin(products, eq(products.id, productRelations.relatedId))
    .where(eq(productRelations.productId, id))
    .orderBy(asc(productRelations.position));
}

/** The ids among these that exist in the table. */
async function existing(db: DbOrTx, table: 'media' | 'products' | 'robox_materials', ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const col = table === 'media' ? media.id : table === 'products' ? products.id : roboxMaterials.id;
  const from = table === 'media' ? media : table === 'products' ? products : roboxMaterials;
  const rows = await db
    .select({ id: col })
    .from(from)
    .where(inArray(col, [...ids]));
  return new Set(rows.map((r) => r.id));
}
export const existingMedia = (db: DbOrTx, ids: readonly number[]) => existing(db, 'media', ids);
export const existingProducts = (db: DbOrTx, ids: readonly number[]) => existing(db, 'products', ids);
export const existingRobox = (db: DbOrTx, ids: readonly number[]) => existing(db, 'robox_materials', ids);

/** Every attribute among the ids with its kind. */
export async function kindsOf(db: DbOrTx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: attributes.id, kind: attributes.kind })
    .from(attributes)
    .where(inArray(attributes.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.kind]));
}

/** The parent chain above a product, nearest first (bounded, in case data ever holds a loop). */
export async function ancestorIds(db: DbOrTx, startId: number): Promise<number[]> {
  const rows = await query<{ id: number }>(
    db,
    sql`WITH RECURSIVE chain(id, parent_id, depth) AS (
          SELECT p.id, p.parent_id, 1 FROM products p WHERE p.id = ${startId}
          UNION ALL
          SELECT p.id, p.parent_id, c.depth + 1 FROM products p JOIN chain c ON p.id = c.parent_id WHERE c.depth < 100
        )
        SELECT id FROM chain ORDER BY depth`,
  );
  return rows.map((r) => r.id);
}

export async function findArticle(db: DbOrTx, articleId: number) {
  const rows = await db
    .select({ id: articles.id, name: articles.name, description: articles.description })
    .from(articles)
    .where(and(eq(articles.id, articleId), isNull(articles.deletedAt)));
  return rows[0] ?? null;
}

export async function productIdForArticle(db: DbOrTx, articleId: number): Promise<number | null> {
  const rows = await db.select({ id: products.id }).from(products).where(eq(products.articleId, articleId));
  return rows[0]?.id ?? null;
}

/** Slugs in use that are the base or the base with a number ('stoel', 'stoel-2', ...), other than the product's own. */
export async function slugsLike(db: DbOrTx, base: string, exceptId?: number): Promise<Set<string>> {
  const rows = await db
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        or(eq(products.slug, base), sql`${products.slug} ~ ${`^${base}-[0-9]+$`}`),
        exceptId ? sql`${products.id} <> ${exceptId}` : undefined,
      ),
    );
  return new Set(rows.map((r) => r.slug));
}

export async function nextSortOrder(db: DbOrTx): Promise<number> {
  const rows = await db.select({ n: sql<number>`coalesce(max(${products.sortOrder}) + 1, 0)::int` }).from(products);
  return rows[0]?.n ?? 0;
}

export async function insert(
  db: DbOrTx,
  input: { nameNl: string; nameEn: string; descriptionNl: string; slug: string; articleId: number | null; sortOrder: number },
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(products)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: products.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Makes the image the first of a new product's gallery. */
export async function addGalleryImage(db: DbOrTx, productId: number, mediaId: number): Promise<void> {
  await db.insert(productMedia).values({ productId, mediaId, role: 'gallery', position: 0 });
}

export type ProductFields = Pick<
  typeof products.$inferInsert,
  | 'slug'
  | 'nameNl'
  | 'nameEn'
  | 'descriptionNl'
  | 'descriptionEn'
  | 'published'
  | 'publishedAt'
  | 'parentId'
  | 'tearsheetMediaId'
  | 'headerMediaId'
  | 'extendedMediaId'
  | 'extendedVideoUrl'
  | 'downloads'
  | 'featuredProject'
>;

/** Conditional update (D1): only when the stored version is the one the editor loaded. */
export async function update(db: DbOrTx, id: number, version: number, fields: ProductFields, now: Date): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...fields, version: sql`${products.version} + 1`, updatedAt: now })
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function replaceMedia(db: DbOrTx, id: number, gallery: readonly number[], carousel: readonly number[]) {
  await db.delete(productMedia).where(eq(productMedia.productId, id));
  const rows = [
    ...gallery.map((mediaId, position) => ({ productId: id, mediaId, role: 'gallery', position })),
    ...carousel.map((mediaId, position) => ({ productId: id, mediaId, role: 'carousel', position })),
  ];
  if (rows.length) await db.insert(productMedia).values(rows);
}

export async function replaceAttributes(db: DbOrTx, id: number, attributeIds: readonly number[]) {
  await db.delete(productAttributes).where(eq(productAttributes.productId, id));
  if (attributeIds.length)
    await db.insert(productAttributes).values(attributeIds.map((attributeId) => ({ productId: id, attributeId })));
}

export async function replaceRobox(db: DbOrTx, id: number, materialIds: readonly number[]) {
  await db.delete(productRoboxMaterials).where(eq(productRoboxMaterials.productId, id));
  if (materialIds.length)
    await db.insert(productRoboxMaterials).values(materialIds.map((roboxMaterialId) => ({ productId: id, roboxMaterialId })));
}

export async function replaceRelations(db: DbOrTx, id: number, relatedIds: readonly number[]) {
  await db.delete(productRelations).where(eq(productRelations.productId, id));
  if (relatedIds.length)
    await db.insert(productRelations).values(relatedIds.map((relatedId, position) => ({ productId: id, relatedId, position })));
}

/** The categories a product is in (its attributes of kind 'categories'). */
export async function categoryIdsOf(db: DbOrTx, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: attributes.id })
    .from(productAttributes)
    .innerJoin(attributes, eq(attributes.id, productAttributes.attributeId))
    .where(and(eq(productAttributes.productId, id), eq(attributes.kind, 'categories')))
    .orderBy(asc(attributes.id));
  return rows.map((r) => r.id);
}

/** Puts the product at the end of a category's order (the caller holds the category's lock). */
export async function appendToCategory(db: DbOrTx, categoryId: number, productId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO product_category_order (category_id, product_id, position)
    SELECT ${categoryId}::int, ${productId}::int, coalesce(max(o.position) + 1, 0)
      FROM product_category_order o WHERE o.category_id = ${categoryId}
    ON CONFLICT (category_id, product_id) DO NOTHING`);
}

/** Takes the product out of a category's order and closes the gap (the caller holds the category's lock). */
export async function removeFromCategory(db: DbOrTx, categoryId: number, productId: number): Promise<void> {
  const gone = await db
    .delete(productCategoryOrder)
    .where(and(eq(productCategoryOrder.categoryId, categoryId), eq(productCategoryOrder.productId, productId)))
    .returning({ position: productCategoryOrder.position });
  const position = gone[0]?.position;
  if (position === undefined) return;
  await db
    .update(productCategoryOrder)
    .set({ position: sql`${productCategoryOrder.position} - 1` })
    .where(and(eq(productCategoryOrder.categoryId, categoryId), sql`${productCategoryOrder.position} > ${position}`));
}

/** Children lose their parent; their version moves on, so an editor open on one of them notices. */
export async function detachChildren(db: DbOrTx, id: number, now: Date): Promise<void> {
  await db
    .update(products)
    .set({ parentId: null, version: sql`${products.version} + 1`, updatedAt: now })
    .where(eq(products.parentId, id));
}

/** Deletes at the version given; answers the freed place in the overall order. */
export async function remove(db: DbOrTx, id: number, version: number): Promise<number | null> {
  const rows = await db
    .delete(products)
    .where(and(eq(products.id, id), eq(products.version, version)))
    .returning({ sortOrder: products.sortOrder });
  return rows[0]?.sortOrder ?? null;
}

/** Closes the gap a deleted product left in the overall order (the caller holds the overall lock). */
export async function closeOverallGap(db: DbOrTx, sortOrder: number): Promise<void> {
  await db
    .update(products)
    .set({ sortOrder: sql`${products.sortOrder} - 1` })
    .where(sql`${products.sortOrder} > ${sortOrder}`);
}

export async function findVersion(db: DbOrTx, id: number): Promise<number | null> {
  const rows = await db.select({ v: products.version }).from(products).where(eq(products.id, id));
  return rows[0]?.v ?? null;
}

export async function findName(db: DbOrTx, id: number): Promise<{ nameNl: string; published: boolean } | null> {
  const rows = await db
    .select({ nameNl: products.nameNl, published: products.published })
    .from(products)
    .where(eq(products.id, id));
  return rows[0] ?? null;
}
