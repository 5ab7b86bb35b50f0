import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { startSecondApp } from '../../../test/helpers/second-app';
import { auditLog } from '../../db/schema';
import { createAttribute, createMediaRow, createProduct, positions } from './catalogue.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let t2: TestApp;
let sorter: Agent;
let sorterAccountId: number;
let editorOnly: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  t2 = await startSecondApp(tdb, t);
  const cast = await castOf(t, {
    staff: {
      sorter: { permissions: ['products.sort'] },
      editorOnly: { permissions: ['products.manage', 'inspiration-products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ sorter, editorOnly, client, anon } = cast);
  sorterAccountId = cast.sorter.fx.accountId;
});
afterAll(async () => {
  await t2.close();
  await t.close();
  await tdb.drop();
});

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe('manual order access (Z1)', () => {
  it('answers 401 anonymous, 403 without products.sort (also with products.manage) and to a company user, 419 without CSRF', async () => {
    const p = await createProduct(tdb.db);
    const before = await positions(tdb.db, null);
    const calls = [
      { method: 'GET', url: '/api/products/order' },
      { method: 'POST', url: '/api/products/order/move', body: { productId: p.id, toIndex: 0 } },
    ];
    for (const e of calls) expect((await anon.request(e.method, e.url, { body: e.body })).statusCode).toBe(401);
    for (const who of [editorOnly, client]) {
      for (const e of calls) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    const noToken = await sorter.request('POST', '/api/products/order/move', {
      body: { productId: p.id, toIndex: 0 },
      csrf: false,
    });
    expect(noToken.statusCode).toBe(419);
    expect(await positions(tdb.db, null)).toEqual(before);
  });
});

describe('GET /api/products/order', () => {
  it('answers the overall order of all products, and the order within a category', async () => {
    const cat = await createAttribute(tdb.db, 'categories');
    const m = await createMediaRow(tdb.db);
    const a = await createProduct(tdb.db, { published: true, categoryIds: [cat.id], galleryIds: [m] });
    const b = await createProduct(tdb.db, { categoryIds: [cat.id] });
    const overall = (await sorter.get('/api/products/order')).json().data;
    expect(overall.categoryId).toBeNull();
    expect(ids(overall.items)).toEqual(ids(await positions(tdb.db, null)));
    expect(overall.items.map((i: { position: number }) => i.position)).toEqual(overall.items.map((_: unknown, i: number) => i));
    const res = await sorter.get(`/api/products/order?categoryId=${cat.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      categoryId: cat.id,
      items: [
        { id: a.id, nameNl: a.nameNl, nameEn: `${a.nameNl} EN`, thumbUrl: `/api/media/${m}/thumb`, published: true, position: 0 },
        { id: b.id, nameNl: b.nameNl, nameEn: `${b.nameNl} EN`, thumbUrl: null, published: false, position: 1 },
      ],
    });
  });

  it('answers 404 ATTRIBUTE_NOT_FOUND for an unknown category or an attribute of another kind, 400 for a malformed one', async () => {
    const area = await createAttribute(tdb.db, 'areas');
    for (const id of [987654, area.id]) {
      const res = await sorter.get(`/api/products/order?categoryId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ATTRIBUTE_NOT_FOUND');
    }
    for (const q of ['categoryId=x', 'categoryId=0', 'other=1'])
      expect((await sorter.get(`/api/products/order?${q}`)).statusCode).toBe(400);
  });
});

describe('POST /api/products/order/move', () => {
  it('moves a product within the overall order and answers the new order; positions stay 0..n-1', async () => {
    const p = await createProduct(tdb.db);
    const start = ids(await positions(tdb.db, null));
    const res = await sorter.post('/api/products/order/move', { productId: p.id, toIndex: 0 });
    expect(res.statusCode).toBe(200);
    const expected = [p.id, ...start.filter((i) => i !== p.id)];
    expect(ids(res.json().data.items)).toEqual(expected);
    expect(await positions(tdb.db, null)).toEqual(expected.map((id, position) => ({ id, position })));
    // Past the end means last.
    const last = await sorter.post('/api/products/order/move', { productId: p.id, toIndex: 99_999 });
    expect(ids(last.json().data.items).at(-1)).toBe(p.id);
    expect(await auditRows(tdb.db, 'product.moved', eq(auditLog.subjectId, String(p.id)))).toHaveLength(2);
    expect((await auditRows(tdb.db, 'product.moved', eq(auditLog.subjectId, String(p.id))))[0]?.accountId).toBe(sorterAccountId);
  });

  it('moves within one category without touching the overall order', async () => {
    const cat = await createAttribute(tdb.db, 'categories');
    const a = await createProduct(tdb.db, { categoryIds: [cat.id] });
    const b = await createProduct(tdb.db, { categoryIds: [cat.id] });
    const c = await createProduct(tdb.db, { categoryIds: [cat.id] });
    const overall = await positions(tdb.db, null);
    const res = await sorter.post('/api/products/order/move', { productId: c.id, toIndex: 0, categoryId: cat.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.categoryId).toBe(cat.id);
    expect(await positions(tdb.db, cat.id)).toEqual([
      { id: c.id, position: 0 },
      { id: a.id, position: 1 },
      { id: b.id, position: 2 },
    ]);
    expect(await positions(tdb.db, null)).toEqual(overall);
  });

  it('answers 404 for an unknown product, a product outside the category and an unknown category; 400 for bad input', async () => {
    const cat = await createAttribute(tdb.db, 'categories');
    const outside = await createProduct(tdb.db);
    const cases: [Record<string, unknown>, string][] = [
      [{ productId: 987654, toIndex: 0 }, 'PRODUCT_NOT_FOUND'],
      [{ productId: outside.id, toIndex: 0, categoryId: cat.id }, 'PRODUCT_NOT_FOUND'],
      [{ productId: outside.id, toIndex: 0, categoryId: 987654 }, 'ATTRIBUTE_NOT_FOUND'],
    ];
    for (const [body, code] of cases) {
      const res = await sorter.post('/api/products/order/move', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
      expect(res.json().code).toBe(code);
    }
    const bad: [Record<string, unknown>, string][] = [
      [{ productId: outside.id, toIndex: -1 }, 'toIndex'],
      [{ productId: outside.id, toIndex: 1.5 }, 'toIndex'],
      [{ productId: outside.id }, 'toIndex'],
      [{ productId: 'x', toIndex: 0 }, 'productId'],
      [{ productId: outside.id, toIndex: 0, categoryId: '1' }, 'categoryId'],
      [{ productId: outside.id, toIndex: 0, position: 1 }, 'position'],
    ];
    for (const [body, field] of bad) {
      const res = await sorter.post('/api/products/order/move', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty([field]);
    }
  });

  it('keeps every scope a permutation 0..n-1 under 200 random concurrent moves across two app instances (D5)', async () => {
    const catA = await createAttribute(tdb.db, 'categories');
    const catB = await createAttribute(tdb.db, 'categories');
    const inA: number[] = [];
    const inB: number[] = [];
    for (let i = 0; i < 10; i++) {
      const cats = [...(i < 7 ? [catA.id] : []), ...(i >= 4 ? [catB.id] : [])];
      const p = await createProduct(tdb.db, { categoryIds: cats });
      if (i < 7) inA.push(p.id);
      if (i >= 4) inB.push(p.id);
    }
    const overallIds = ids(await positions(tdb.db, null));
    // A small deterministic generator, so a failure can be replayed.
    let seed = 20261121;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const moves = Array.from({ length: 200 }, (_, i) => {
      const scope = rand(3);
      const pool = scope === 0 ? overallIds : scope === 1 ? inA : inB;
      const body = {
        productId: pool[rand(pool.length)],
        toIndex: rand(pool.length + 2),
        categoryId: scope === 0 ? null : scope === 1 ? catA.id : catB.id,
      };
      return (i % 2 === 0 ? sorter : sorter.via(t2)).post('/api/products/order/move', body);
    });
    const results = await Promise.all(moves);
    const failures = results.filter((r) => r.statusCode !== 200).map((r) => r.body);
    expect(failures).toEqual([]);
    for (const [scope, members] of [
      [null, overallIds],
      [catA.id, inA],
      [catB.id, inB],
    ] as const) {
      const rows = await positions(tdb.db, scope);
      expect(rows.map((r) => r.position)).toEqual(rows.map((_, i) => i));
      expect([...ids(rows)].sort((a, b) => a - b)).toEqual([...members].sort((a, b) => a - b));
    }
  });
});
