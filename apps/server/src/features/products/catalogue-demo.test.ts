import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { readStored } from '../../../test/helpers/storage';
import {
  attributes,
  media,
  productCategoryOrder,
  productMedia,
  productRoboxMaterials,
  products,
  roboxMaterialCategories,
  roboxMaterials,
} from '../../db/schema';
import { type CatalogueDemoResult, DEMO_CATALOGUE, seedCatalogueDemo } from '../../demo/catalogue';
import { RENDER_KINDS, renderProductImage } from '../../demo/images';
import { createArticle } from './catalogue.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let result: CatalogueDemoResult;
let chairArticle: number;
let goneSofaArticle: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  // A few ERP articles, as a sync would have left them: the demo makes products from fitting ones.
  chairArticle = (await createArticle(tdb.db, { name: 'Eetkamerstoel Nordic eiken naturel', typeName: 'Stoelen' })).id;
  goneSofaArticle = (await createArticle(tdb.db, { name: 'Loungebank 3-zits Havana cognac', deleted: true })).id;
  await createArticle(tdb.db, { name: 'Scharnier 110° Blum', typeName: 'Beslag' });
  result = await seedCatalogueDemo({ db: tdb.db, storage: t.app.platform.storage });
}, 120_000);
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function n(q: Promise<{ n: number }[]>): Promise<number> {
  return (await q)[0]?.n ?? 0;
}

describe('seedCatalogueDemo', () => {
  it('creates what it promises on an empty catalogue: attributes, robox, ~40 published products, images', async () => {
    expect(result).toMatchObject({
      attributes: DEMO_CATALOGUE.attributes,
      roboxCategories: DEMO_CATALOGUE.roboxCategories,
      roboxMaterials: DEMO_CATALOGUE.roboxMaterials,
      products: DEMO_CATALOGUE.products,
      images: DEMO_CATALOGUE.images,
    });
    expect(DEMO_CATALOGUE.products).toBeGreaterThanOrEqual(36);
    expect(DEMO_CATALOGUE.roboxMaterials).toBeGreaterThanOrEqual(20);
    const c = sql<number>`count(*)::int`;
    expect(await n(tdb.db.orm.select({ n: c }).from(products))).toBe(DEMO_CATALOGUE.products);
    expect(await n(tdb.db.orm.select({ n: c }).from(products).where(eq(products.published, true)))).toBe(DEMO_CATALOGUE.products);
    expect(await n(tdb.db.orm.select({ n: c }).from(attributes))).toBe(DEMO_CATALOGUE.attributes);
    expect(await n(tdb.db.orm.select({ n: c }).from(roboxMaterials))).toBe(DEMO_CATALOGUE.roboxMaterials);
    expect(await n(tdb.db.orm.select({ n: c }).from(roboxMaterialCategories))).toBe(DEMO_CATALOGUE.roboxCategories);
    expect(await n(tdb.db.orm.select({ n: c }).from(media))).toBe(DEMO_CATALOGUE.images);
    for (const kind of ['areas', 'categories', 'features', 'preferences', 'types', 'type-groups', 'suppliers', 'materials']) {
      expect(await n(tdb.db.orm.select({ n: c }).from(attributes).where(eq(attributes.kind, kind))), kind).toBeGreaterThan(3);
    }
    // Every type belongs to a type group; every robox material has a category and a supplier.
    expect(await n(tdb.db.orm.select({ n: c }).from(attributes).where(sql`kind = 'types' AND type_group_id IS NULL`))).toBe(0);
    expect(await n(tdb.db.orm.select({ n: c }).from(roboxMaterials).where(sql`category_id IS NULL OR supplier_id IS NULL`))).toBe(
      0,
    );
    expect(await n(tdb.db.orm.select({ n: c }).from(productRoboxMaterials))).toBeGreaterThan(10);
  });

  it('gives every product 2–4 gallery images, names, descriptions and downloads; some carousels, headers, tearsheets, parents and featured projects', async () => {
    const rows = await tdb.db.orm.select().from(products).orderBy(asc(products.sortOrder));
    const gallery = await tdb.db.orm
      .select({ productId: productMedia.productId, n: sql<number>`count(*)::int` })
      .from(productMedia)
      .where(eq(productMedia.role, 'gallery'))
      .groupBy(productMedia.productId);
    const perProduct = new Map(gallery.map((g) => [g.productId, g.n]));
    for (const p of rows) {
      expect(perProduct.get(p.id), p.nameNl).toBeGreaterThanOrEqual(2);
      expect(perProduct.get(p.id), p.nameNl).toBeLessThanOrEqual(4);
      expect(p.nameEn.length, p.nameNl).toBeGreaterThan(3);
      expect(p.descriptionNl.length, p.nameNl).toBeGreaterThan(60);
      expect(p.descriptionEn.length, p.nameNl).toBeGreaterThan(60);
      const downloads = p.downloads as { title: string; link: string }[];
      expect(downloads.length).toBeGreaterThan(0);
      for (const d of downloads) expect(d.link).toMatch(/^https:\/\/www\.example\.com\/downloads\/.+\.(pdf|dwg)$/);
    }
    expect(new Set(rows.map((r) => r.slug)).size).toBe(rows.length);
    expect(rows.filter((r) => r.parentId !== null).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.featuredProject !== null).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.headerMediaId !== null).length).toBeGreaterThanOrEqual(4);
    expect(rows.filter((r) => r.tearsheetMediaId !== null).length).toBeGreaterThanOrEqual(3);
    expect(
      await n(
        tdb.db.orm
          .select({ n: sql<number>`count(DISTINCT product_id)::int` })
          .from(productMedia)
          .where(eq(productMedia.role, 'carousel')),
      ),
    ).toBeGreaterThanOrEqual(5);
    const featured = rows.map((r) => r.featuredProject as { title: string } | null).filter((f) => f !== null);
    expect(featured.map((f) => f.title)).toContain('MS Nordic Star – Lounge 7');
  });

  it('lays down the manual order overall and per category as permutations 0..n-1', async () => {
    const rows = await tdb.db.orm
      .select({ slug: products.slug, sortOrder: products.sortOrder })
      .from(products)
      .orderBy(asc(products.sortOrder));
    expect(rows.map((r) => r.sortOrder)).toEqual(rows.map((_, i) => i));
    expect(rows[0]?.slug).toBe('bankserie-havana-3-zits');
    expect(new Set(DEMO_CATALOGUE.overallOrder).size).toBe(DEMO_CATALOGUE.products);
    const orders = await tdb.db.orm
      .select({ categoryId: productCategoryOrder.categoryId, position: productCategoryOrder.position })
      .from(productCategoryOrder)
      .orderBy(asc(productCategoryOrder.categoryId), asc(productCategoryOrder.position));
    const byCategory = new Map<number, number[]>();
    for (const o of orders) byCategory.set(o.categoryId, [...(byCategory.get(o.categoryId) ?? []), o.position]);
    expect(byCategory.size).toBe(DEMO_CATALOGUE.categories.length);
    for (const list of byCategory.values()) expect(list).toEqual(list.map((_, i) => i));
    // Every product-category pair has its place in that category's order.
    const pairs = await n(
      tdb.db.orm
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`product_attributes pa JOIN attributes a ON a.id = pa.attribute_id AND a.kind = 'categories'`),
    );
    expect(pairs).toBe(orders.length);
  });

  it('makes products from fitting live ERP articles and leaves the rest standalone', async () => {
    expect(result.productsFromArticles).toBe(1);
    const linked = await tdb.db.orm.select().from(products).where(isNotNull(products.articleId));
    expect(linked.map((p) => p.articleId)).toEqual([chairArticle]);
    expect(linked[0]?.nameNl).toBe('Stoelserie Nordic Oak');
    expect(await tdb.db.orm.select().from(products).where(eq(products.articleId, goneSofaArticle))).toEqual([]);
  });

  it('stores images the way an upload does: a JPEG original with 400 px and up to 1600 px WebP versions', async () => {
    const rows = await tdb.db.orm.select().from(media).orderBy(asc(media.id));
    const storage = t.app.platform.storage;
    for (const m of rows.filter((_, i) => i % 9 === 0)) {
      const original = await readStored(storage, m.storageKey);
      const meta = await sharp(original).metadata();
      expect(meta.format).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([m.width, m.height]);
      expect(m.size).toBe(original.length);
      const thumb = await sharp(await readStored(storage, `${m.storageKey}.thumb.webp`)).metadata();
      expect(thumb.format).toBe('webp');
      expect(thumb.width).toBe(400);
      const large = await sharp(await readStored(storage, `${m.storageKey}.large.webp`)).metadata();
      expect(large.format).toBe('webp');
      expect(large.width).toBe(Math.min(1600, m.width ?? 0));
    }
    const sizes = new Set(rows.map((m) => `${m.width}x${m.height}`));
    expect(sizes).toEqual(new Set(['1200x900', '1600x640', '900x1200']));
  });

  it('shows up in the public catalogue, images included, for a visitor who is not signed in', async () => {
    const anon = t.agent();
    const page = await anon.get('/api/public/products?perPage=100');
    expect(page.statusCode).toBe(200);
    expect(page.json().meta.total).toBe(DEMO_CATALOGUE.products);
    const first = page.json().data[0];
    expect(first.nameNl).toBe('Bankserie Havana – 3-zits');
    const thumb = await anon.get(first.thumbUrl);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const detail = (await anon.get(`/api/public/products/${first.id}`)).json().data;
    expect(detail.gallery).toHaveLength(4);
    expect(detail.carousel).toHaveLength(2);
    expect(detail.headerImage).not.toBeNull();
    expect(detail.related.length).toBeGreaterThan(0);
    const filters = (await anon.get('/api/public/filters')).json().data;
    expect(filters.categories).toHaveLength(DEMO_CATALOGUE.categories.length);
  });

  it('does nothing on a second run: the catalogue is no longer empty', async () => {
    const again = await seedCatalogueDemo({ db: tdb.db, storage: t.app.platform.storage });
    expect(again).toMatchObject({ products: 0, images: 0, attributes: 0 });
    expect(await n(tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(products))).toBe(DEMO_CATALOGUE.products);
  });
});

describe('renderProductImage', () => {
  it('draws every kind as a valid JPEG or WebP of the asked format, the same bytes every time', async () => {
    for (const kind of RENDER_KINDS) {
      const spec = { kind, primary: '#8a4f2c', secondary: '#1f1c1a', accent: '#c9a35b', view: 1 as const };
      const jpeg = await renderProductImage(spec);
      const meta = await sharp(jpeg).metadata();
      expect(meta.format, kind).toBe('jpeg');
      expect([meta.width, meta.height]).toEqual([1200, 900]);
      expect((await renderProductImage(spec)).equals(jpeg), kind).toBe(true);
    }
    const webp = await renderProductImage({ kind: 'sofa', primary: '#233a5e', secondary: '#b8913f', format: 'header' }, 'webp');
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 640]);
    const sheet = await sharp(
      await renderProductImage({ kind: 'cabinet', primary: '#a4794a', secondary: '#222', format: 'tearsheet' }),
    ).metadata();
    expect([sheet.width, sheet.height]).toEqual([900, 1200]);
    // Not a blank canvas: the picture has real contrast.
    const stats = await sharp(await renderProductImage({ kind: 'chair', primary: '#8a4f2c', secondary: '#1f1c1a' })).stats();
    expect(stats.channels[0]?.stdev).toBeGreaterThan(10);
  });
});
