/**
 * Test data for the catalogue tests (products, attributes, robox): rows made directly, the way
 * test/factories makes people and companies. Not used by the application.
 */
import { randomBytes } from 'node:crypto';
import type { AttributeKind } from '@app/shared/products/attributes';
import { slugify } from '@app/shared/products/products';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  articles,
  attributes,
  media,
  productAttributes,
  productCategoryOrder,
  productMedia,
  products,
  roboxMaterialCategories,
  roboxMaterials,
} from '../../db/schema';

const uniq = () => randomBytes(4).toString('hex');

async function first<T>(q: Promise<T[]>): Promise<T> {
  const rows = await q;
  if (!rows[0]) throw new Error('fixture insert returned nothing');
  return rows[0];
}

export async function createAttribute(
  db: Database,
  kind: AttributeKind,
  o: { nameNl?: string; nameEn?: string; typeGroupId?: number | null } = {},
): Promise<{ id: number; nameNl: string }> {
  const nameNl = o.nameNl ?? `${kind} ${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(attributes)
      .values({ kind, nameNl, nameEn: o.nameEn ?? `${nameNl} (en)`, typeGroupId: o.typeGroupId ?? null })
      .returning({ id: attributes.id }),
  );
  return { id, nameNl };
}

export async function createArticle(
  db: Database,
  o: { name?: string; sku?: string; typeName?: string; deleted?: boolean; description?: string | null } = {},
): Promise<{ id: number; name: string; sku: string }> {
  const u = uniq();
  const name = o.name ?? `Article ${u}`;
  const sku = o.sku ?? `SKU-${u}`;
  const { id } = await first(
    db.orm
      .insert(articles)
      .values({
        erpId: `erp-${u}`,
        sku,
        name,
        status: 'active',
        typeName: o.typeName ?? null,
        description: o.description ?? null,
        deletedAt: o.deleted ? new Date() : null,
      })
      .returning({ id: articles.id }),
  );
  return { id, name, sku };
}

/** A stored media row (no file behind it unless the test writes one). */
export async function createMediaRow(db: Database, o: { width?: number; height?: number } = {}): Promise<number> {
  const { id } = await first(
    db.orm
      .insert(media)
      .values({
        storageKey: `aa/bb/fixture${uniq()}`,
        originalName: 'fixture.jpg',
        mime: 'image/jpeg',
        size: 1000,
        width: o.width ?? 1200,
        height: o.height ?? 900,
      })
      .returning({ id: media.id }),
  );
  return id;
}

/**
 * A product at the end of the overall order, optionally published, with attributes, gallery
 * images and a parent; a category's order gets it at the end too.
 */
export async function createProduct(
  db: Database,
  o: {
    nameNl?: string;
    nameEn?: string;
    published?: boolean;
    attributeIds?: number[];
    categoryIds?: number[];
    galleryIds?: number[];
    parentId?: number | null;
    articleId?: number | null;
  } = {},
): Promise<{ id: number; slug: string; nameNl: string }> {
  const nameNl = o.nameNl ?? `Product ${uniq()}`;
  const slug = `${slugify(nameNl)}-${uniq()}`;
  const { id } = await first(
    db.orm
      .insert(products)
      .values({
        nameNl,
        nameEn: o.nameEn ?? `${nameNl} EN`,
        slug,
        published: o.published ?? false,
        publishedAt: o.published ? new Date() : null,
        parentId: o.parentId ?? null,
        articleId: o.articleId ?? null,
        sortOrder: sql`(SELECT coalesce(max(sort_order) + 1, 0) FROM products)`,
      })
      .returning({ id: products.id }),
  );
  const attrs = [...(o.attributeIds ?? []), ...(o.categoryIds ?? [])];
  if (attrs.length) await db.orm.insert(productAttributes).values(attrs.map((attributeId) => ({ productId: id, attributeId })));
  for (const categoryId of o.categoryIds ?? []) {
    await db.orm.insert(productCategoryOrder).values({
      categoryId,
      productId: id,
      position: sql`(SELECT coalesce(max(position) + 1, 0) FROM product_category_order WHERE category_id = ${categoryId})`,
    });
  }
  if (o.galleryIds?.length)
    await db.orm
      .insert(productMedia)
      .values(o.galleryIds.map((mediaId, position) => ({ productId: id, mediaId, role: 'gallery', position })));
  return { id, slug, nameNl };
}

export async function createRoboxCategory(db: Database, o: { name?: string; sortOrder?: number } = {}) {
  return first(
    db.orm
      .insert(roboxMaterialCategories)
      .values({ name: o.name ?? `Category ${uniq()}`, sortOrder: o.sortOrder ?? 0 })
      .returning({ id: roboxMaterialCategories.id, name: roboxMaterialCategories.name }),
  );
}

export async function createRoboxMaterial(
  db: Database,
  o: {
    name?: string;
    code?: string;
    categoryId?: number | null;
    supplierId?: number | null;
    thicknessMm?: number | null;
    colourFinish?: string;
  } = {},
) {
  return first(
    db.orm
      .insert(roboxMaterials)
      .values({
        name: o.name ?? `Material ${uniq()}`,
        code: o.code ?? `M-${uniq()}`,
        categoryId: o.categoryId ?? null,
        supplierId: o.supplierId ?? null,
        thicknessMm: o.thicknessMm ?? null,
        colourFinish: o.colourFinish ?? '',
      })
      .returning({ id: roboxMaterials.id, code: roboxMaterials.code, name: roboxMaterials.name }),
  );
}

/** Positions of a scope, in order: the overall order (null) or one category's. */
export async function positions(db: Database, categoryId: number | null): Promise<{ id: number; position: number }[]> {
  const res =
    categoryId === null
      ? await db.orm.execute(sql`SELECT id, sort_order AS position FROM products ORDER BY sort_order, id`)
      : await db.orm.execute(
          sql`SELECT product_id AS id, position FROM product_category_order WHERE category_id = ${categoryId} ORDER BY position, product_id`,
        );
  return (res as unknown as { rows: { id: number; position: number }[] }).rows;
}
