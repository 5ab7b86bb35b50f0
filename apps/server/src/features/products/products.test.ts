import type { ProductDetail, ProductSave } from '@app/shared/products/products';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import {
  articles,
  auditLog,
  productAttributes,
  productMedia,
  productRelations,
  productRoboxMaterials,
  products,
} from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import {
  createArticle,
  createAttribute,
  createMediaRow,
  createProduct,
  createRoboxMaterial,
  positions,
} from './catalogue.fixtures';
import { productTitle } from './products.service';

let tdb: TestDatabase;
let t: TestApp;
/** products.manage only: may edit, not publish. */
let manager: Agent;
let managerAccountId: number;
/** products.manage and inspiration-products.manage. */
let publisher: Agent;
let noPerm: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['products.manage'] },
      publisher: { permissions: ['products.manage', 'inspiration-products.manage'] },
      noPerm: { permissions: ['articles.view', 'products.sort', 'inspiration-products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ manager, publisher, noPerm, client, anon } = cast);
  managerAccountId = cast.manager.fx.accountId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function stored(id: number) {
  const rows = await tdb.db.orm.select().from(products).where(eq(products.id, id));
  return rows[0] ?? null;
}

/** The editor state of a product as the editor would send it back. */
function toSave(d: ProductDetail): ProductSave {
  return {
    version: d.version,
    nameNl: d.nameNl,
    nameEn: d.nameEn,
    descriptionNl: d.descriptionNl,
    descriptionEn: d.descriptionEn,
    published: d.published,
    parentId: d.parent?.id ?? null,
    galleryIds: d.gallery.map((m) => m.id),
    carouselIds: d.carousel.map((m) => m.id),
    tearsheetId: d.tearsheet?.id ?? null,
    headerImageId: d.headerImage?.id ?? null,
    extendedImageId: d.extendedImage?.id ?? null,
    extendedVideoUrl: d.extendedVideoUrl,
    attributeIds: {
      areas: d.attributes.areas.map((a) => a.id),
      categories: d.attributes.categories.map((a) => a.id),
      features: d.attributes.features.map((a) => a.id),
      preferences: d.attributes.preferences.map((a) => a.id),
      types: d.attributes.types.map((a) => a.id),
      suppliers: d.attributes.suppliers.map((a) => a.id),
      materials: d.attributes.materials.map((a) => a.id),
    },
    roboxMaterialIds: d.roboxMaterials.map((r) => r.id),
    downloads: d.downloads,
    relatedIds: d.related.map((r) => r.id),
    featuredProject: d.featuredProject,
  };
}

async function detail(id: number): Promise<ProductDetail> {
  const res = await manager.get(`/api/products/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function save(who: Agent, id: number, change: (s: ProductSave) => Partial<ProductSave>) {
  const s = toSave(await detail(id));
  return who.put(`/api/products/${id}`, { ...s, ...change(s) });
}

describe('products API access (Z1)', () => {
  function endpoints(id: number) {
    return [
      { method: 'GET', url: '/api/products' },
      { method: 'POST', url: '/api/products', body: { nameNl: 'Probe' } },
      { method: 'GET', url: `/api/products/${id}` },
      { method: 'PUT', url: `/api/products/${id}`, body: { version: 1 } },
      { method: 'DELETE', url: `/api/products/${id}?version=1` },
    ];
  }

  it('answers 401 to anonymous callers and 403 to an employee without products.manage and to a company user', async () => {
    const p = await createProduct(tdb.db, { published: true });
    for (const e of endpoints(p.id)) {
      const res = await anon.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
    }
    for (const who of [noPerm, client]) {
      for (const e of endpoints(p.id)) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await stored(p.id)).toMatchObject({ version: 1 });
    expect(await tdb.db.orm.select().from(products).where(eq(products.nameNl, 'Probe'))).toEqual([]);
  });

  it('answers 419 to unsafe calls without the CSRF token (C1)', async () => {
    const p = await createProduct(tdb.db);
    const s = toSave(await detail(p.id));
    for (const [method, url, body] of [
      ['POST', '/api/products', { nameNl: 'No token' }],
      ['PUT', `/api/products/${p.id}`, { ...s, nameNl: 'No token' }],
      ['DELETE', `/api/products/${p.id}?version=1`, undefined],
    ] as const) {
      const res = await manager.request(method, url, { body, csrf: false });
      expect(res.statusCode, `${method} ${url}`).toBe(419);
    }
    expect(await stored(p.id)).toMatchObject({ version: 1, nameNl: p.nameNl });
  });
});

describe('GET /api/products', () => {
  it('searches names, slug and article sku; filters on publication and per attribute kind (any within a kind, all kinds)', async () => {
    const tag = `lst${Date.now().toString(36)}`;
    const lobby = await createAttribute(tdb.db, 'areas');
    const bar = await createAttribute(tdb.db, 'areas');
    const seating = await createAttribute(tdb.db, 'categories');
    const art = await createArticle(tdb.db, { sku: `${tag}-SKU` });
    const m1 = await createMediaRow(tdb.db);
    const m2 = await createMediaRow(tdb.db);
    const a = await createProduct(tdb.db, {
      nameNl: `${tag} Alfa`,
      published: true,
      attributeIds: [lobby.id],
      categoryIds: [seating.id],
      galleryIds: [m1, m2],
    });
    const b = await createProduct(tdb.db, { nameNl: `${tag} Beta`, attributeIds: [bar.id] });
    const c = await createProduct(tdb.db, { nameNl: 'Zonder tag', articleId: art.id, attributeIds: [lobby.id] });

    const all = (await manager.get(`/api/products?q=${tag}&sort=name`)).json();
    expect(all.data.map((r: { id: number }) => r.id)).toEqual([a.id, b.id, c.id]);
    expect(all.meta.total).toBe(3);
    expect(all.data[0]).toMatchObject({
      id: a.id,
      nameNl: `${tag} Alfa`,
      published: true,
      thumbUrl: `/api/media/${m1}/thumb`,
      categories: [{ id: seating.id, kind: 'categories' }],
      articleId: null,
    });
    expect(all.data[2]).toMatchObject({ id: c.id, articleId: art.id, articleSku: `${tag}-SKU`, thumbUrl: null });

    const ids = async (query: string) =>
      ((await manager.get(`/api/products?q=${tag}&${query}`)).json().data as { id: number }[]).map((r) => r.id);
    expect(await ids('published=yes')).toEqual([a.id]);
    expect(await ids('published=no&sort=-name')).toEqual([c.id, b.id]);
    expect(await ids(`areas=${lobby.id}`)).toEqual([a.id, c.id]);
    expect(await ids(`areas=${lobby.id},${bar.id}`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`areas=${lobby.id}&categories=${seating.id}`)).toEqual([a.id]);
    // An id of another kind never matches.
    expect(await ids(`features=${lobby.id}`)).toEqual([]);
    expect(await ids(`sort=order`)).toEqual([a.id, b.id, c.id]);
    expect(await ids(`sort=-updated&perPage=1&page=3`)).toHaveLength(1);
  });

  it('answers 400 for a bad filter, sort or unknown parameter (I1, I4)', async () => {
    for (const q of ['areas=abc', 'areas=1,,2', 'areas=1&areas=2', 'sort=evil', 'published=maybe', 'x=1', 'typeGroups=1']) {
      const res = await manager.get(`/api/products?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().fieldErrors ?? { 'querystring.x': 1 })[0]).toMatch(/^querystring\./);
    }
  });
});

describe('POST /api/products', () => {
  it('makes a product from an article: its name becomes the Dutch name, the article is linked, it goes last in the order', async () => {
    const art = await createArticle(tdb.db, { name: 'Fauteuil Havana leer cognac', sku: 'FA-HAV-01' });
    const existing = await createProduct(tdb.db);
    const res = await manager.post('/api/products', { articleId: art.id });
    expect(res.statusCode).toBe(201);
    const data = res.json().data as ProductDetail;
    expect(data).toMatchObject({
      nameNl: 'Fauteuil Havana leer cognac',
      nameEn: '',
      slug: 'fauteuil-havana-leer-cognac',
      published: false,
      publishedAt: null,
      version: 1,
      article: { id: art.id, sku: 'FA-HAV-01', name: 'Fauteuil Havana leer cognac' },
    });
    const row = await stored(data.id);
    const before = await stored(existing.id);
    expect(row).toMatchObject({ articleId: art.id, nameNl: 'Fauteuil Havana leer cognac', published: false });
    expect(row?.sortOrder).toBeGreaterThan(before?.sortOrder ?? Number.POSITIVE_INFINITY);
    const overall = await positions(tdb.db, null);
    expect(overall.at(-1)?.id).toBe(data.id);
    expect(overall.map((p) => p.position)).toEqual(overall.map((_, i) => i));
    const audits = await auditRows(tdb.db, 'product.created', eq(auditLog.subjectId, String(data.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ accountId: managerAccountId, subjectType: 'product' });
  });

  it("takes the ERP's description over as the starting Dutch description", async () => {
    const art = await createArticle(tdb.db, { description: '  Fauteuil met hoge rug.\nBekleed met leer.  ' });
    const res = await manager.post('/api/products', { articleId: art.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ descriptionNl: 'Fauteuil met hoge rug.\nBekleed met leer.', descriptionEn: '' });
    const bare = await createArticle(tdb.db, { description: null });
    expect((await manager.post('/api/products', { articleId: bare.id })).json().data.descriptionNl).toBe('');
  });

  it('warns in the list and in the editor when the ERP no longer lists the article of a product', async () => {
    const art = await createArticle(tdb.db, { name: 'Removed-by-ERP stool' });
    const id = (await manager.post('/api/products', { articleId: art.id })).json().data.id as number;
    const listed = async () =>
      (await manager.get('/api/products?q=Removed-by-ERP')).json().data.find((p: { id: number }) => p.id === id);
    expect((await listed()).articleRemoved).toBe(false);
    expect((await manager.get(`/api/products/${id}`)).json().data.article.removedAt).toBeNull();
    await tdb.db.orm
      .update(articles)
      .set({ deletedAt: new Date('2026-11-20T10:00:00Z') })
      .where(eq(articles.id, art.id));
    expect((await listed()).articleRemoved).toBe(true);
    expect((await manager.get(`/api/products/${id}`)).json().data.article).toMatchObject({
      id: art.id,
      removedAt: '2026-11-20T10:00:00.000Z',
    });
  });

  it('carries what the caller may do with it: edit and delete with products.manage, publish with the inspiration right', async () => {
    const p = await createProduct(tdb.db);
    expect((await manager.get(`/api/products/${p.id}`)).json().data.abilities).toEqual({
      canEdit: true,
      canDelete: true,
      canPublish: false,
      reasons: { canPublish: 'FORBIDDEN' },
    });
    expect((await publisher.get(`/api/products/${p.id}`)).json().data.abilities.canPublish).toBe(true);
  });

  it('refuses a second product for the same article with 409 PRODUCT_EXISTS_FOR_ARTICLE naming the product, also in a race', async () => {
    const art = await createArticle(tdb.db);
    const results = await Promise.all([1, 2, 3].map(() => manager.post('/api/products', { articleId: art.id })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const created = results.find((r) => r.statusCode === 201)?.json().data.id;
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'PRODUCT_EXISTS_FOR_ARTICLE', details: { productId: created } });
    }
    expect(await tdb.db.orm.select().from(products).where(eq(products.articleId, art.id))).toHaveLength(1);
  });

  it('answers 404 ARTICLE_NOT_FOUND for an unknown or deleted article', async () => {
    const gone = await createArticle(tdb.db, { deleted: true });
    for (const articleId of [987654, gone.id]) {
      const res = await manager.post('/api/products', { articleId });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ARTICLE_NOT_FOUND');
    }
  });

  it('makes a product from scratch with a Dutch (and English) name', async () => {
    const res = await manager.post('/api/products', { nameNl: 'Wandpaneel Fluted eiken', nameEn: 'Fluted oak wall panel' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ nameNl: 'Wandpaneel Fluted eiken', nameEn: 'Fluted oak wall panel', article: null });
    expect(await stored(res.json().data.id)).toMatchObject({ articleId: null, slug: 'wandpaneel-fluted-eiken' });
  });

  it('answers 400 with fieldErrors for an empty name, both shapes at once or unknown fields (Z8)', async () => {
    for (const body of [
      { nameNl: '  ' },
      { nameNl: 'x', articleId: 1 },
      { articleId: 'x' },
      {},
      { nameNl: 'x', published: true },
    ]) {
      const res = await manager.post('/api/products', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('slugs (D7)', () => {
  it('makes slugs unique with -2, -3 and keeps them stable unless the Dutch name changes', async () => {
    const name = `Stoel Nordic ${Date.now().toString(36)}`;
    const base = name.toLowerCase().replaceAll(' ', '-');
    const a = (await manager.post('/api/products', { nameNl: name })).json().data;
    const b = (await manager.post('/api/products', { nameNl: name })).json().data;
    const c = (await manager.post('/api/products', { nameNl: name.toUpperCase() })).json().data;
    expect([a.slug, b.slug, c.slug]).toEqual([base, `${base}-2`, `${base}-3`]);

    const en = await save(manager, b.id, () => ({ nameEn: 'Nordic chair', descriptionNl: 'Nieuw' }));
    expect(en.json().data.slug).toBe(`${base}-2`);
    const renamed = await save(manager, a.id, () => ({ nameNl: `${name} Lounge` }));
    expect(renamed.json().data.slug).toBe(`${base}-lounge`);
    // The freed base goes to the next product renamed to it.
    const back = await save(manager, c.id, () => ({ nameNl: name }));
    expect(back.json().data.slug).toBe(base);
    expect((await stored(c.id))?.slug).toBe(base);
  });
});

describe('GET /api/products/:productId', () => {
  it('answers 404 PRODUCT_NOT_FOUND for an unknown id and 400 for a malformed one', async () => {
    const res = await manager.get('/api/products/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    for (const id of ['x', '0', '-1', '1e3', '99999999999']) {
      const bad = await manager.get(`/api/products/${id}`);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json().fieldErrors).toHaveProperty(['params.productId']);
    }
  });
});

describe('PUT /api/products/:productId', () => {
  it('saves every field of the editor in one go and answers them back (round trip)', async () => {
    const p = await createProduct(tdb.db);
    const parent = await createProduct(tdb.db, { nameNl: 'Bankfamilie Havana' });
    const rel1 = await createProduct(tdb.db);
    const rel2 = await createProduct(tdb.db);
    const [g1, g2, g3, c1, ts, hd, ex] = await Promise.all(Array.from({ length: 7 }, () => createMediaRow(tdb.db)));
    const attr = {
      areas: [(await createAttribute(tdb.db, 'areas')).id],
      categories: [(await createAttribute(tdb.db, 'categories')).id, (await createAttribute(tdb.db, 'categories')).id],
      features: [(await createAttribute(tdb.db, 'features')).id],
      preferences: [(await createAttribute(tdb.db, 'preferences')).id],
      types: [(await createAttribute(tdb.db, 'types')).id],
      suppliers: [(await createAttribute(tdb.db, 'suppliers')).id],
      materials: [(await createAttribute(tdb.db, 'materials')).id, (await createAttribute(tdb.db, 'materials')).id],
    };
    const robox = await createRoboxMaterial(tdb.db);
    const body: ProductSave = {
      version: 1,
      nameNl: 'Fauteuil Havana',
      nameEn: 'Havana armchair',
      descriptionNl: 'Ruime fauteuil in cognac leer.',
      descriptionEn: 'Generous armchair in cognac leather.',
      published: false,
      parentId: parent.id,
      galleryIds: [g3 as number, g1 as number, g2 as number],
      carouselIds: [c1 as number],
      tearsheetId: ts as number,
      headerImageId: hd as number,
      extendedImageId: ex as number,
      extendedVideoUrl: 'https://video.example.com/havana.mp4',
      attributeIds: attr,
      roboxMaterialIds: [robox.id],
      downloads: [{ title: 'Tearsheet', link: 'https://www.example.com/downloads/havana.pdf' }],
      relatedIds: [rel2.id, rel1.id],
      featuredProject: {
        header: 'Uitgelicht project',
        subtitle: 'Lounge 7',
        title: 'MS Nordic Star',
        description: 'Complete lounge.',
        link: 'https://www.example.com/projecten/nordic-star',
      },
    };
    const res = await manager.put(`/api/products/${p.id}`, body);
    expect(res.statusCode).toBe(200);
    const d = res.json().data as ProductDetail;
    expect(d.version).toBe(2);
    expect(d.slug).toBe('fauteuil-havana');
    // Attributes come back sorted by name: compare them as sets.
    const byId = (a: ProductSave['attributeIds']) =>
      Object.fromEntries(Object.entries(a).map(([k, v]) => [k, [...v].sort((x, y) => x - y)]));
    const back = toSave(d);
    expect({ ...back, version: 1, attributeIds: byId(back.attributeIds) }).toEqual({ ...body, attributeIds: byId(attr) });
    expect(d.parent).toMatchObject({ id: parent.id, nameNl: 'Bankfamilie Havana' });
    expect(d.gallery.map((m) => m.thumbUrl)).toEqual([
      `/api/media/${g3}/thumb`,
      `/api/media/${g1}/thumb`,
      `/api/media/${g2}/thumb`,
    ]);
    expect(d.roboxMaterials).toEqual([{ id: robox.id, name: robox.name, code: robox.code }]);

    expect(await stored(p.id)).toMatchObject({
      nameNl: 'Fauteuil Havana',
      parentId: parent.id,
      tearsheetMediaId: ts,
      headerMediaId: hd,
      extendedMediaId: ex,
      extendedVideoUrl: 'https://video.example.com/havana.mp4',
      downloads: body.downloads,
      featuredProject: body.featuredProject,
      version: 2,
    });
    const media = await tdb.db.orm.select().from(productMedia).where(eq(productMedia.productId, p.id));
    expect(
      media
        .filter((m) => m.role === 'gallery')
        .sort((a, b) => a.position - b.position)
        .map((m) => m.mediaId),
    ).toEqual([g3, g1, g2]);
    const rel = await tdb.db.orm.select().from(productRelations).where(eq(productRelations.productId, p.id));
    expect(rel.sort((a, b) => a.position - b.position).map((r) => r.relatedId)).toEqual([rel2.id, rel1.id]);
    expect(await tdb.db.orm.select().from(productAttributes).where(eq(productAttributes.productId, p.id))).toHaveLength(9);
    expect(await tdb.db.orm.select().from(productRoboxMaterials).where(eq(productRoboxMaterials.productId, p.id))).toHaveLength(
      1,
    );
    expect(await auditRows(tdb.db, 'product.updated', eq(auditLog.subjectId, String(p.id)))).toHaveLength(1);

    // Saving the state as loaded changes nothing but the version.
    const again = await manager.put(`/api/products/${p.id}`, toSave(d));
    expect(again.statusCode).toBe(200);
    expect({ ...toSave(again.json().data), version: 2 }).toEqual(toSave(d));

    // And everything can be cleared again.
    const cleared = await save(manager, p.id, () => ({
      parentId: null,
      galleryIds: [],
      carouselIds: [],
      tearsheetId: null,
      headerImageId: null,
      extendedImageId: null,
      extendedVideoUrl: null,
      attributeIds: { areas: [], categories: [], features: [], preferences: [], types: [], suppliers: [], materials: [] },
      roboxMaterialIds: [],
      downloads: [],
      relatedIds: [],
      featuredProject: null,
    }));
    expect(cleared.statusCode).toBe(200);
    expect(await tdb.db.orm.select().from(productMedia).where(eq(productMedia.productId, p.id))).toEqual([]);
    expect(await tdb.db.orm.select().from(productAttributes).where(eq(productAttributes.productId, p.id))).toEqual([]);
  });

  it('answers 409 STALE_VERSION to a save based on an old version and keeps the stored product (D1)', async () => {
    const p = await createProduct(tdb.db, { nameNl: 'Stale basis' });
    const loaded = toSave(await detail(p.id));
    expect((await manager.put(`/api/products/${p.id}`, { ...loaded, nameNl: 'Eerste' })).statusCode).toBe(200);
    const res = await manager.put(`/api/products/${p.id}`, { ...loaded, nameNl: 'Tweede' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE_VERSION');
    expect(await stored(p.id)).toMatchObject({ nameNl: 'Eerste', version: 2 });
  });

  it('lets 1 of 10 parallel saves with the same version win (D1)', async () => {
    const p = await createProduct(tdb.db);
    const loaded = toSave(await detail(p.id));
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => manager.put(`/api/products/${p.id}`, { ...loaded, nameNl: `Parallel ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await stored(p.id)).toMatchObject({ version: 2 });
  });

  it('answers 404 for an unknown product and 400 without a version', async () => {
    const p = await createProduct(tdb.db);
    const s = toSave(await detail(p.id));
    const unknown = await manager.put('/api/products/987654', s);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRODUCT_NOT_FOUND');
    const { version: _v, ...noVersion } = s;
    const res = await manager.put(`/api/products/${p.id}`, noVersion);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('version');
  });

  it("refuses a parent that makes a cycle with fieldErrors.parentId 'parent_cycle'", async () => {
    const a = await createProduct(tdb.db);
    const b = await createProduct(tdb.db, { parentId: a.id });
    const c = await createProduct(tdb.db, { parentId: b.id });
    for (const parentId of [a.id, c.id]) {
      const res = await save(manager, a.id, () => ({ parentId }));
      expect(res.statusCode, String(parentId)).toBe(400);
      expect(res.json().fieldErrors).toEqual({ parentId: { code: 'parent_cycle' } });
    }
    expect(await stored(a.id)).toMatchObject({ parentId: null, version: 1 });
    const unknown = await save(manager, a.id, () => ({ parentId: 987654 }));
    expect(unknown.json().fieldErrors).toEqual({ parentId: { code: 'not_found' } });
    // A sibling chain is fine.
    expect((await save(manager, c.id, () => ({ parentId: a.id }))).statusCode).toBe(200);
  });

  it('validates every referenced id: attributes of the right kind, media, robox materials, related products (not itself)', async () => {
    const p = await createProduct(tdb.db);
    const area = await createAttribute(tdb.db, 'areas');
    const feature = await createAttribute(tdb.db, 'features');
    const cases: [(s: ProductSave) => Partial<ProductSave>, Record<string, { code: string }>][] = [
      [
        (s) => ({ attributeIds: { ...s.attributeIds, areas: [area.id, feature.id] } }),
        { 'attributeIds.areas.1': { code: 'not_found' } },
      ],
      [
        (s) => ({ attributeIds: { ...s.attributeIds, features: [987654] } }),
        { 'attributeIds.features.0': { code: 'not_found' } },
      ],
      [() => ({ galleryIds: [987654] }), { 'galleryIds.0': { code: 'not_found' } }],
      [() => ({ tearsheetId: 987654 }), { tearsheetId: { code: 'not_found' } }],
      [() => ({ roboxMaterialIds: [987654] }), { 'roboxMaterialIds.0': { code: 'not_found' } }],
      [() => ({ relatedIds: [p.id] }), { 'relatedIds.0': { code: 'self_reference' } }],
      [() => ({ relatedIds: [987654] }), { 'relatedIds.0': { code: 'not_found' } }],
    ];
    for (const [change, fieldErrors] of cases) {
      const res = await save(manager, p.id, change);
      expect(res.statusCode, JSON.stringify(fieldErrors)).toBe(400);
      expect(res.json().fieldErrors).toEqual(fieldErrors);
    }
    const schema = await save(manager, p.id, () => ({ extendedVideoUrl: 'http://insecure.example.com/v.mp4' }));
    expect(schema.json().fieldErrors).toEqual({ extendedVideoUrl: { code: 'invalid_url' } });
    const extra = await manager.put(`/api/products/${p.id}`, { ...toSave(await detail(p.id)), slug: 'own-slug' });
    expect(extra.json().fieldErrors).toEqual({ slug: { code: 'unknown_field' } });
    expect(await stored(p.id)).toMatchObject({ version: 1 });
  });

  it('needs inspiration-products.manage to change published (403), not to save it unchanged; publishing sets publishedAt once', async () => {
    const p = await createProduct(tdb.db);
    const denied = await save(manager, p.id, () => ({ published: true, nameNl: 'Niet gepubliceerd' }));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('FORBIDDEN');
    expect(await stored(p.id)).toMatchObject({ published: false, version: 1, publishedAt: null });

    const ok = await save(publisher, p.id, () => ({ published: true }));
    expect(ok.statusCode).toBe(200);
    const firstPublished = (await stored(p.id))?.publishedAt;
    expect(firstPublished).toEqual(t.clock());
    expect(ok.json().data.publishedAt).toBe(t.clock().toISOString());

    // Unchanged published is fine without the right.
    expect((await save(manager, p.id, () => ({ descriptionNl: 'Bewerkt' }))).statusCode).toBe(200);
    expect((await save(manager, p.id, () => ({ published: false }))).statusCode).toBe(403);

    t.clock.advance(60_000);
    expect((await save(publisher, p.id, () => ({ published: false }))).statusCode).toBe(200);
    expect((await save(publisher, p.id, () => ({ published: true }))).statusCode).toBe(200);
    expect((await stored(p.id))?.publishedAt).toEqual(firstPublished);
  });

  it('keeps the category orders in step: a new category puts the product last, a dropped one closes the gap', async () => {
    const cat1 = await createAttribute(tdb.db, 'categories');
    const cat2 = await createAttribute(tdb.db, 'categories');
    const x = await createProduct(tdb.db, { categoryIds: [cat1.id] });
    const y = await createProduct(tdb.db, { categoryIds: [cat1.id] });
    const z = await createProduct(tdb.db, { categoryIds: [cat1.id, cat2.id] });
    const p = await createProduct(tdb.db);

    const added = await save(manager, p.id, (s) => ({ attributeIds: { ...s.attributeIds, categories: [cat1.id, cat2.id] } }));
    expect(added.statusCode).toBe(200);
    expect(await positions(tdb.db, cat1.id)).toEqual([
      { id: x.id, position: 0 },
      { id: y.id, position: 1 },
      { id: z.id, position: 2 },
      { id: p.id, position: 3 },
    ]);
    expect(await positions(tdb.db, cat2.id)).toEqual([
      { id: z.id, position: 0 },
      { id: p.id, position: 1 },
    ]);

    const dropped = await save(manager, y.id, (s) => ({ attributeIds: { ...s.attributeIds, categories: [cat2.id] } }));
    expect(dropped.statusCode).toBe(200);
    expect(await positions(tdb.db, cat1.id)).toEqual([
      { id: x.id, position: 0 },
      { id: z.id, position: 1 },
      { id: p.id, position: 2 },
    ]);
    expect(await positions(tdb.db, cat2.id)).toEqual([
      { id: z.id, position: 0 },
      { id: p.id, position: 1 },
      { id: y.id, position: 2 },
    ]);
    // A save that keeps the categories keeps the places.
    expect((await save(manager, z.id, () => ({ nameEn: 'Same categories' }))).statusCode).toBe(200);
    expect((await positions(tdb.db, cat2.id)).map((r) => r.id)).toEqual([z.id, p.id, y.id]);
  });
});

describe('DELETE /api/products/:productId', () => {
  it('deletes the product, frees its children, closes the overall and category orders, and audits product.deleted', async () => {
    const cat = await createAttribute(tdb.db, 'categories');
    const a = await createProduct(tdb.db, { categoryIds: [cat.id] });
    const doomed = await createProduct(tdb.db, { categoryIds: [cat.id] });
    const b = await createProduct(tdb.db, { categoryIds: [cat.id], parentId: doomed.id });
    const res = await manager.delete(`/api/products/${doomed.id}?version=1`);
    expect(res.statusCode).toBe(204);
    expect(await stored(doomed.id)).toBeNull();
    expect(await stored(b.id)).toMatchObject({ parentId: null, version: 2 });
    const overall = await positions(tdb.db, null);
    expect(overall.map((r) => r.position)).toEqual(overall.map((_, i) => i));
    expect(await positions(tdb.db, cat.id)).toEqual([
      { id: a.id, position: 0 },
      { id: b.id, position: 1 },
    ]);
    const audits = await auditRows(tdb.db, 'product.deleted', eq(auditLog.subjectId, String(doomed.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.accountId).toBe(managerAccountId);
  });

  it('answers 409 for a stale version, 400 without one, 404 for an unknown id', async () => {
    const p = await createProduct(tdb.db);
    const stale = await manager.delete(`/api/products/${p.id}?version=2`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const missing = await manager.delete(`/api/products/${p.id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty(['querystring.version']);
    const unknown = await manager.delete('/api/products/987654?version=1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PRODUCT_NOT_FOUND');
    expect(
      await tdb.db.orm
        .select()
        .from(products)
        .where(and(eq(products.id, p.id), eq(products.version, 1))),
    ).toHaveLength(1);
  });
});

describe('productTitle (breadcrumbs)', () => {
  const ctxFor = (actor: Actor) => ({ db: tdb.db, actor }) as unknown as Ctx;
  const employee = (permissions: string[]) => ({ kind: 'employee', permissions: new Set(permissions) }) as unknown as Actor;

  it('names a published product for anyone, an unpublished one only for staff with products.manage', async () => {
    const pub = await createProduct(tdb.db, { nameNl: 'Titel gepubliceerd', published: true });
    const hidden = await createProduct(tdb.db, { nameNl: 'Titel verborgen' });
    const anonymous = ctxFor({ kind: 'anonymous' });
    expect(await productTitle(anonymous, pub.id)).toBe('Titel gepubliceerd');
    expect(await productTitle(anonymous, hidden.id)).toBeNull();
    expect(await productTitle(ctxFor(employee(['articles.view'])), hidden.id)).toBeNull();
    expect(await productTitle(ctxFor(employee(['products.manage'])), hidden.id)).toBe('Titel verborgen');
    expect(await productTitle(ctxFor(employee(['products.manage'])), 987654)).toBeNull();
  });
});
