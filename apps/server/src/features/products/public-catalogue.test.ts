import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { products } from '../../db/schema/catalogue';
import { createAttribute, createMediaRow, createProduct } from './catalogue.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let admin: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  ({ admin, client } = await castOf(t, {
    staff: { admin: { admin: true } },
    companies: { company: {} },
    clients: { client: {} },
  }));
  // A visitor without any cookie, not even a CSRF token.
  anon = t.agent();
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((r) => r.id);

describe('GET /api/public/products', () => {
  it('answers anyone, signed in or not, with published products only, cached publicly for a minute', async () => {
    const area = await createAttribute(tdb.db, 'areas');
    const m = await createMediaRow(tdb.db);
    const pub = await createProduct(tdb.db, { published: true, attributeIds: [area.id], galleryIds: [m] });
    await createProduct(tdb.db, { published: false, attributeIds: [area.id] });
    for (const who of [anon, client, admin]) {
      const res = await who.get(`/api/public/products?areas=${area.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=60');
      expect(res.json()).toEqual({
        data: [
          {
            id: pub.id,
            slug: pub.slug,
            nameNl: pub.nameNl,
            nameEn: `${pub.nameNl} EN`,
            thumbUrl: `/api/media/${m}/thumb`,
            largeUrl: `/api/media/${m}/large`,
          },
        ],
        meta: { current_page: 1, last_page: 1, per_page: 25, total: 1 },
      });
    }
  });

  it('follows the manual order: overall, or the category’s own order when exactly one category is filtered', async () => {
    const area = await createAttribute(tdb.db, 'areas');
    const cat1 = await createAttribute(tdb.db, 'categories');
    const cat2 = await createAttribute(tdb.db, 'categories');
    const a = await createProduct(tdb.db, { published: true, attributeIds: [area.id], categoryIds: [cat1.id] });
    const b = await createProduct(tdb.db, { published: true, attributeIds: [area.id], categoryIds: [cat1.id, cat2.id] });
    const c = await createProduct(tdb.db, { published: true, attributeIds: [area.id], categoryIds: [cat1.id] });
    expect(ids(await anon.get(`/api/public/products?areas=${area.id}`))).toEqual([a.id, b.id, c.id]);

    // Overall: c first. Within cat1: b first.
    expect((await admin.post('/api/products/order/move', { productId: c.id, toIndex: 0 })).statusCode).toBe(200);
    expect((await admin.post('/api/products/order/move', { productId: b.id, toIndex: 0, categoryId: cat1.id })).statusCode).toBe(
      200,
    );
    expect(ids(await anon.get(`/api/public/products?areas=${area.id}`))).toEqual([c.id, a.id, b.id]);
    expect(ids(await anon.get(`/api/public/products?categories=${cat1.id}`))).toEqual([b.id, a.id, c.id]);
    expect(ids(await anon.get(`/api/public/products?categories=${cat1.id},${cat2.id}`))).toEqual([c.id, a.id, b.id]);
    expect(ids(await anon.get(`/api/public/products?categories=${cat1.id}&areas=${area.id}`))).toEqual([b.id, a.id, c.id]);

    const p2 = await anon.get(`/api/public/products?categories=${cat1.id}&perPage=2&page=2`);
    expect(ids(p2)).toEqual([c.id]);
    expect(p2.json().meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
  });

  it('filters on each public kind (any id within a kind) and on combinations (every kind given)', async () => {
    const [area1, area2] = [await createAttribute(tdb.db, 'areas'), await createAttribute(tdb.db, 'areas')];
    const feature = await createAttribute(tdb.db, 'features');
    const material = await createAttribute(tdb.db, 'materials');
    const preference = await createAttribute(tdb.db, 'preferences');
    const category = await createAttribute(tdb.db, 'categories');
    const p1 = await createProduct(tdb.db, { published: true, attributeIds: [area1.id, feature.id, material.id] });
    const p2 = await createProduct(tdb.db, {
      published: true,
      attributeIds: [area2.id, preference.id],
      categoryIds: [category.id],
    });
    const p3 = await createProduct(tdb.db, { published: true, attributeIds: [area1.id, material.id, preference.id] });
    await createProduct(tdb.db, { published: false, attributeIds: [area1.id, area2.id, feature.id, material.id, preference.id] });

    const q = async (query: string) => ids(await anon.get(`/api/public/products?${query}`));
    expect(await q(`areas=${area1.id}`)).toEqual([p1.id, p3.id]);
    expect(await q(`areas=${area1.id},${area2.id}`)).toEqual([p1.id, p2.id, p3.id]);
    expect(await q(`features=${feature.id}`)).toEqual([p1.id]);
    expect(await q(`materials=${material.id}`)).toEqual([p1.id, p3.id]);
    expect(await q(`preferences=${preference.id}`)).toEqual([p2.id, p3.id]);
    expect(await q(`categories=${category.id}`)).toEqual([p2.id]);
    expect(await q(`areas=${area1.id}&preferences=${preference.id}`)).toEqual([p3.id]);
    expect(await q(`areas=${area1.id},${area2.id}&materials=${material.id}&preferences=${preference.id}`)).toEqual([p3.id]);
    expect(await q(`features=${feature.id}&preferences=${preference.id}`)).toEqual([]);
    // An id of another kind never matches.
    expect(await q(`features=${area1.id}`)).toEqual([]);
  });

  it('answers 400 for filters outside the public kinds, malformed id lists and repeated parameters (I1, I4)', async () => {
    for (const query of [
      'types=1',
      'suppliers=1',
      `q=${'x'.repeat(201)}`,
      'q=a&q=b',
      'sort=price',
      'sort=-order',
      'sort=name&sort=-name',
      'lang=de',
      'areas=x',
      'areas=1,',
      'areas=1&areas=2',
      'perPage=101',
      'page=0',
    ]) {
      const res = await anon.get(`/api/public/products?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

/** A word no other test's product carries, so a search sees only this test's products. */
const tag = () => `zq${Math.random().toString(36).slice(2, 9)}`;

async function describeProduct(id: number, d: { descriptionNl?: string; descriptionEn?: string; publishedAt?: Date }) {
  await tdb.db.orm.update(products).set(d).where(eq(products.id, id));
}

describe('GET /api/public/products: search and sort', () => {
  it('finds published products by every word, in the name or description of the visitor’s language', async () => {
    const w = tag();
    const chair = await createProduct(tdb.db, { published: true, nameNl: `Stoel ${w} eiken`, nameEn: `Chair ${w} oak` });
    const table = await createProduct(tdb.db, { published: true, nameNl: `Tafel ${w}`, nameEn: `Table ${w}` });
    await describeProduct(table.id, { descriptionNl: 'Blad van massief walnoot.', descriptionEn: 'Solid walnut top.' });
    // No English name: an English visitor reads (and finds) the Dutch one.
    const cabinet = await createProduct(tdb.db, { published: true, nameNl: `Kast ${w}`, nameEn: '' });
    await createProduct(tdb.db, { published: false, nameNl: `Stoel ${w} concept`, nameEn: `Chair ${w} draft` });

    const q = async (query: string) => {
      const res = await anon.get(`/api/public/products?${query}`);
      expect(res.statusCode, query).toBe(200);
      return res.json() as { data: { id: number }[]; meta: { total: number } };
    };
    const found = async (query: string) => (await q(query)).data.map((r) => r.id);

    // Published only, in the manual order, with the total.
    const all = await q(`q=${w}`);
    expect(all.data.map((r) => r.id)).toEqual([chair.id, table.id, cabinet.id]);
    expect(all.meta.total).toBe(3);
    expect(await found(`q=${w}&lang=en`)).toEqual([chair.id, table.id, cabinet.id]);

    // Every word must occur; case does not matter; a word may be part of a longer one.
    expect(await found(`q=${encodeURIComponent(`${w.toUpperCase()} STOEL`)}`)).toEqual([chair.id]);
    expect(await found(`q=${encodeURIComponent(`eik ${w}`)}`)).toEqual([chair.id]);
    expect(await found(`q=${encodeURIComponent(`${w} eiken tafel`)}`)).toEqual([]);

    // The language decides which texts are read: names and descriptions.
    expect(await found(`q=${encodeURIComponent(`${w} oak`)}&lang=en`)).toEqual([chair.id]);
    expect(await found(`q=${encodeURIComponent(`${w} oak`)}`)).toEqual([]);
    expect(await found(`q=${encodeURIComponent(`walnoot ${w}`)}`)).toEqual([table.id]);
    expect(await found(`q=${encodeURIComponent(`walnut ${w}`)}&lang=en`)).toEqual([table.id]);
    expect(await found(`q=${encodeURIComponent(`walnut ${w}`)}`)).toEqual([]);
    expect(await found(`q=${encodeURIComponent(`kast ${w}`)}&lang=en`)).toEqual([cabinet.id]);

    // LIKE wildcards are plain characters; nothing found is an empty page, not an error.
    expect(await found(`q=${encodeURIComponent(`${w} %`)}`)).toEqual([]);
    expect(await found(`q=${encodeURIComponent(`${w}_`)}`)).toEqual([]);
    const none = await q(`q=${tag()}`);
    expect(none).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });
    // White space only is no search at all.
    expect((await q('q=%20%20')).meta.total).toBeGreaterThanOrEqual(3);
  });

  it('searches within the filters', async () => {
    const w = tag();
    const area = await createAttribute(tdb.db, 'areas');
    const inArea = await createProduct(tdb.db, { published: true, nameNl: `Bank ${w}`, attributeIds: [area.id] });
    await createProduct(tdb.db, { published: true, nameNl: `Bank ${w} elders` });
    expect(ids(await anon.get(`/api/public/products?q=${w}&areas=${area.id}`))).toEqual([inArea.id]);
  });

  it('sorts by the manual order (default), by name A-Z and Z-A in the visitor’s language, and newest first', async () => {
    const area = await createAttribute(tdb.db, 'areas');
    const beta = await createProduct(tdb.db, { published: true, nameNl: 'Beta', nameEn: 'Zulu', attributeIds: [area.id] });
    const alfa = await createProduct(tdb.db, { published: true, nameNl: 'alfa', nameEn: 'Yankee', attributeIds: [area.id] });
    const gamma = await createProduct(tdb.db, { published: true, nameNl: 'Gamma', nameEn: '', attributeIds: [area.id] });
    await describeProduct(beta.id, { publishedAt: new Date('2025-03-01T10:00:00Z') });
    await describeProduct(alfa.id, { publishedAt: new Date('2024-01-01T10:00:00Z') });
    await describeProduct(gamma.id, { publishedAt: new Date('2026-02-01T10:00:00Z') });

    const sorted = async (query: string) => ids(await anon.get(`/api/public/products?areas=${area.id}&${query}`));
    expect(await sorted('')).toEqual([beta.id, alfa.id, gamma.id]);
    expect(await sorted('sort=order')).toEqual([beta.id, alfa.id, gamma.id]);
    // Case does not matter: 'alfa' before 'Beta'.
    expect(await sorted('sort=name')).toEqual([alfa.id, beta.id, gamma.id]);
    expect(await sorted('sort=-name')).toEqual([gamma.id, beta.id, alfa.id]);
    // English names, the Dutch one where there is none: Gamma, Yankee, Zulu.
    expect(await sorted('sort=name&lang=en')).toEqual([gamma.id, alfa.id, beta.id]);
    expect(await sorted('sort=-name&lang=en')).toEqual([beta.id, alfa.id, gamma.id]);
    expect(await sorted('sort=newest')).toEqual([gamma.id, beta.id, alfa.id]);

    // Paged in that order.
    const p2 = await anon.get(`/api/public/products?areas=${area.id}&sort=name&perPage=2&page=2`);
    expect(ids(p2)).toEqual([gamma.id]);
    expect(p2.json().meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
  });

  it('sorts a single category by name, not by its own order, when asked', async () => {
    const cat = await createAttribute(tdb.db, 'categories');
    const b = await createProduct(tdb.db, { published: true, nameNl: 'Bbb', categoryIds: [cat.id] });
    const a = await createProduct(tdb.db, { published: true, nameNl: 'Aaa', categoryIds: [cat.id] });
    expect((await admin.post('/api/products/order/move', { productId: a.id, toIndex: 0, categoryId: cat.id })).statusCode).toBe(
      200,
    );
    expect((await admin.post('/api/products/order/move', { productId: b.id, toIndex: 0, categoryId: cat.id })).statusCode).toBe(
      200,
    );
    expect(ids(await anon.get(`/api/public/products?categories=${cat.id}`))).toEqual([b.id, a.id]);
    expect(ids(await anon.get(`/api/public/products?categories=${cat.id}&sort=name`))).toEqual([a.id, b.id]);
    expect(ids(await anon.get(`/api/public/products?categories=${cat.id}&sort=-name`))).toEqual([b.id, a.id]);
  });
});

describe('GET /api/public/products/:productId', () => {
  it('answers a published product with its images, public attributes, downloads and featured project', async () => {
    const [g1, g2, c1, hd] = [
      await createMediaRow(tdb.db, { width: 1600, height: 1200 }),
      await createMediaRow(tdb.db),
      await createMediaRow(tdb.db),
      await createMediaRow(tdb.db),
    ];
    const area = await createAttribute(tdb.db, 'areas', { nameNl: 'Lobby', nameEn: 'Lobby' });
    const supplier = await createAttribute(tdb.db, 'suppliers');
    const type = await createAttribute(tdb.db, 'types');
    const p = await createProduct(tdb.db, { nameNl: 'Publiek detail', attributeIds: [area.id, supplier.id, type.id] });
    const s = (await admin.get(`/api/products/${p.id}`)).json().data;
    const saved = await admin.put(`/api/products/${p.id}`, {
      version: s.version,
      nameNl: 'Publiek detail',
      nameEn: 'Public detail',
      descriptionNl: 'Omschrijving',
      descriptionEn: 'Description',
      published: true,
      parentId: null,
      galleryIds: [g1, g2],
      carouselIds: [c1],
      tearsheetId: null,
      headerImageId: hd,
      extendedImageId: null,
      extendedVideoUrl: 'https://video.example.com/v.mp4',
      attributeIds: {
        areas: [area.id],
        categories: [],
        features: [],
        preferences: [],
        types: [type.id],
        suppliers: [supplier.id],
        materials: [],
      },
      roboxMaterialIds: [],
      downloads: [{ title: 'Productblad', link: 'https://www.example.com/downloads/detail.pdf' }],
      relatedIds: [],
      featuredProject: { header: 'Project', subtitle: 'Lounge 7', title: 'MS Nordic Star', description: 'Lounge', link: '' },
    });
    expect(saved.statusCode).toBe(200);
    const res = await anon.get(`/api/public/products/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json().data).toEqual({
      id: p.id,
      slug: p.slug,
      nameNl: 'Publiek detail',
      nameEn: 'Public detail',
      descriptionNl: 'Omschrijving',
      descriptionEn: 'Description',
      gallery: [
        { thumbUrl: `/api/media/${g1}/thumb`, largeUrl: `/api/media/${g1}/large`, width: 1600, height: 1200 },
        { thumbUrl: `/api/media/${g2}/thumb`, largeUrl: `/api/media/${g2}/large`, width: 1200, height: 900 },
      ],
      carousel: [{ thumbUrl: `/api/media/${c1}/thumb`, largeUrl: `/api/media/${c1}/large`, width: 1200, height: 900 }],
      headerImage: { thumbUrl: `/api/media/${hd}/thumb`, largeUrl: `/api/media/${hd}/large`, width: 1200, height: 900 },
      tearsheet: null,
      extendedImage: null,
      extendedVideoUrl: 'https://video.example.com/v.mp4',
      // Suppliers and types are internal: only the public filter kinds are shown.
      attributes: {
        areas: [{ id: area.id, kind: 'areas', nameNl: 'Lobby', nameEn: 'Lobby' }],
        categories: [],
        features: [],
        materials: [],
        preferences: [],
      },
      downloads: [{ title: 'Productblad', link: 'https://www.example.com/downloads/detail.pdf' }],
      related: [],
      parents: [],
      featuredProject: { header: 'Project', subtitle: 'Lounge 7', title: 'MS Nordic Star', description: 'Lounge', link: '' },
    });
  });

  it('answers an unpublished product with 404 PRODUCT_NOT_FOUND and the same body as an unknown id', async () => {
    const hidden = await createProduct(tdb.db, { published: false });
    const a = await anon.get(`/api/public/products/${hidden.id}`);
    const b = await anon.get('/api/public/products/987654');
    for (const r of [a, b]) {
      expect(r.statusCode).toBe(404);
      expect(r.headers['cache-control']).toBe('no-store');
    }
    const { requestId: _a, ...bodyA } = a.json();
    const { requestId: _b, ...bodyB } = b.json();
    expect(bodyA).toEqual(bodyB);
    expect(bodyA.code).toBe('PRODUCT_NOT_FOUND');
    // Staff get the same answer here: the public route shows published products only.
    expect((await admin.get(`/api/public/products/${hidden.id}`)).statusCode).toBe(404);
    expect((await anon.get('/api/public/products/x')).statusCode).toBe(400);
  });

  it('shows only published related products, and the published parents from the nearest up to the top', async () => {
    const top = await createProduct(tdb.db, { published: true, nameNl: 'Familie top' });
    const middle = await createProduct(tdb.db, { published: false, parentId: top.id });
    const parent = await createProduct(tdb.db, { published: true, parentId: middle.id, nameNl: 'Familie ouder' });
    const child = await createProduct(tdb.db, { published: true, parentId: parent.id });
    const relPub = await createProduct(tdb.db, { published: true });
    const relHidden = await createProduct(tdb.db, { published: false });
    const d = (await admin.get(`/api/products/${child.id}`)).json().data;
    const res = await admin.put(`/api/products/${child.id}`, {
      version: d.version,
      nameNl: d.nameNl,
      nameEn: d.nameEn,
      descriptionNl: '',
      descriptionEn: '',
      published: true,
      parentId: parent.id,
      galleryIds: [],
      carouselIds: [],
      tearsheetId: null,
      headerImageId: null,
      extendedImageId: null,
      extendedVideoUrl: null,
      attributeIds: { areas: [], categories: [], features: [], preferences: [], types: [], suppliers: [], materials: [] },
      roboxMaterialIds: [],
      downloads: [],
      relatedIds: [relHidden.id, relPub.id],
      featuredProject: null,
    });
    expect(res.statusCode).toBe(200);
    const body = (await anon.get(`/api/public/products/${child.id}`)).json().data;
    expect(body.related.map((r: { id: number }) => r.id)).toEqual([relPub.id]);
    expect(body.parents.map((r: { id: number }) => r.id)).toEqual([parent.id, top.id]);
    expect(body.parents[0]).toMatchObject({ nameNl: 'Familie ouder', slug: parent.slug, thumbUrl: null });
  });
});

describe('the catalogue page sent as HTML (platform/first-screen.ts)', () => {
  /** The JSON of the page's script#first-data: [query key, answer] pairs. */
  const answersIn = (html: string) =>
    JSON.parse(html.match(/<script type="application\/json" id="first-data">(.*?)<\/script>/)?.[1] ?? 'null') as
      | [unknown[], unknown][]
      | null;

  it("holds the published products and, for the app, the very answers the API gives; a visitor's language is kept", async () => {
    const shown = await createProduct(tdb.db, { published: true, nameNl: 'Servies <Oostzee>' });
    const hidden = await createProduct(tdb.db, { published: false, nameNl: 'Servies verborgen' });
    const res = await anon.get('/public/products');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<div id="root"><ul data-first-screen="catalogue">');
    expect(res.body).toContain('Servies &lt;Oostzee>');
    expect(res.body).not.toContain(hidden.nameNl);
    const answers = answersIn(res.body);
    // Nothing in the JSON can end the script element early.
    expect(res.body.match(/<script type="application\/json" id="first-data">(.*?)<\/script>/)?.[1]).not.toContain('<');
    const api = await anon.get('/api/public/products?page=1&perPage=24');
    expect(answers?.[0]?.[1]).toEqual(api.json());
    expect(answers?.[1]?.[1]).toEqual((await anon.get('/api/public/filters')).json().data);
    expect(ids(api)).toContain(shown.id);
    // A visitor who chose English gets the English page.
    const english = t.agent();
    await english.csrf();
    expect((await english.patch('/api/locale', { locale: 'en' })).statusCode).toBeLessThan(300);
    const en = await english.get('/public/products');
    expect(en.body).toContain('lang="en" data-locale="en"');
    expect(en.body).toContain('Servies &lt;Oostzee> EN');
  });

  it('shows the catalogue as it is now: a product published meanwhile is on the next visit', async () => {
    await anon.get('/public/products');
    const later = await createProduct(tdb.db, { published: true, nameNl: 'Later gepubliceerd' });
    expect((await anon.get('/public/products')).body).toContain(later.nameNl);
  });

  it('comes compressed as the browser accepts it', async () => {
    const br = await anon.get('/public/products', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('data-first-screen="catalogue"');
    const gz = await anon.get('/public/products', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('data-first-screen="catalogue"');
  });

  it('is the plain page (the app renders it) for a signed-in person, when the render fails or is late, and on other pages', async () => {
    const signedIn = await admin.get('/public/products');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain('<div id="root"></div>');
    expect(answersIn(signedIn.body)).toBeNull();
    const failed = await anon.get('/public/products?q=render-fails');
    expect(failed.statusCode).toBe(200);
    expect(failed.body).toContain('<div id="root"></div>');
    expect(t.logs.some((l) => l.includes('the catalogue was not rendered'))).toBe(true);
    // A render (or a database) that takes too long: the page goes without it.
    const slow = await anon.get('/public/products?q=render-slow');
    expect(slow.statusCode).toBe(200);
    expect(slow.body).toContain('<div id="root"></div>');
    expect(t.logs.some((l) => l.includes('the catalogue was not rendered in time'))).toBe(true);
    expect((await anon.get('/public/products/1')).body).toContain('<div id="root"></div>');
  });
});

describe('GET /api/public/filters', () => {
  it('answers the attributes of the five public kinds that at least one published product uses', async () => {
    const used = await createAttribute(tdb.db, 'features', { nameNl: 'Filter gebruikt' });
    const onlyHidden = await createAttribute(tdb.db, 'features', { nameNl: 'Filter verborgen' });
    const unused = await createAttribute(tdb.db, 'preferences', { nameNl: 'Filter ongebruikt' });
    const supplier = await createAttribute(tdb.db, 'suppliers', { nameNl: 'Filter leverancier' });
    await createProduct(tdb.db, { published: true, attributeIds: [used.id, supplier.id] });
    await createProduct(tdb.db, { published: false, attributeIds: [onlyHidden.id] });
    const res = await anon.get('/api/public/filters');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['areas', 'categories', 'features', 'materials', 'preferences']);
    expect(data.features).toContainEqual({
      id: used.id,
      kind: 'features',
      nameNl: 'Filter gebruikt',
      nameEn: 'Filter gebruikt (en)',
    });
    const all = Object.values(data).flat() as { id: number }[];
    for (const id of [onlyHidden.id, unused.id, supplier.id]) expect(all.map((a) => a.id)).not.toContain(id);
    expect((await anon.get('/api/public/filters?x=1')).statusCode).toBe(400);
  });
});

describe('catalogue images for visitors (Z5)', () => {
  function multipart(data: Buffer) {
    const boundary = '----catalogue-test';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="render.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('serves a published product’s gallery image to an anonymous visitor with public caching; an unpublished one’s is 404', async () => {
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 120, g: 90, b: 60 } } })
      .png()
      .toBuffer();
    const upload = async () => {
      const res = await admin.request('POST', '/api/media', multipart(png));
      expect(res.statusCode).toBe(201);
      return res.json().data[0] as { id: number; thumbUrl: string };
    };
    const shown = await upload();
    const hidden = await upload();
    await createProduct(tdb.db, { published: true, galleryIds: [shown.id] });
    await createProduct(tdb.db, { published: false, galleryIds: [hidden.id] });

    const ok = await anon.get(shown.thumbUrl);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(String(ok.headers['cache-control'])).toMatch(/^public, max-age=\d+$/);
    expect((await sharp(ok.rawPayload).metadata()).format).toBe('webp');

    const no = await anon.get(hidden.thumbUrl);
    expect(no.statusCode).toBe(404);
    expect(no.json().code).toBe('MEDIA_NOT_FOUND');
    expect((await client.get(hidden.thumbUrl)).statusCode).toBe(404);
    // Staff who edit products still see it.
    expect((await admin.get(hidden.thumbUrl)).statusCode).toBe(200);
  });
});
