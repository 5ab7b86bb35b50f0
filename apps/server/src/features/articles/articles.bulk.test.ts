import type { BulkRun } from '@app/shared/bulk/bulk';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { products } from '../../db/schema';
import { createArticle, createProduct } from '../products/catalogue.fixtures';

const PATH = '/api/articles/bulk/create-products';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerName: string;
let viewer: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  managerName = `Mats${Date.now().toString(36)}`;
  ({ manager, viewer, client, anon } = await castOf(t, {
    staff: {
      manager: { permissions: ['articles.view', 'products.manage'], firstName: managerName },
      viewer: { permissions: ['articles.view'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  }));
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const tag = () => `ab${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function productsOf(articleIds: number[]) {
  const rows = await tdb.db.orm.select().from(products).where(inArray(products.articleId, articleIds));
  return new Map(rows.map((r) => [r.articleId as number, r]));
}

describe('POST /api/articles/bulk/create-products', () => {
  it('answers 401 anonymous, 403 without products.manage and for a company user, making nothing', async () => {
    const a = await createArticle(tdb.db);
    const body = { selection: { ids: [a.id] } };
    expect((await anon.post(PATH, body)).statusCode).toBe(401);
    expect((await viewer.post(PATH, body)).statusCode).toBe(403);
    expect((await client.post(PATH, body)).statusCode).toBe(403);
    expect((await productsOf([a.id])).size).toBe(0);
  });

  it('refuses a bad selection, a bad list query and params with 400, making nothing', async () => {
    const a = await createArticle(tdb.db);
    const bad: unknown[] = [
      {},
      { selection: {} },
      { selection: { ids: [] } },
      { selection: { ids: [-1] } },
      { selection: { all: true } },
      { selection: { all: true, query: { tab: 'archive' } } },
      { selection: { all: true, query: { status: 'gone' } } },
      { selection: { all: true, query: { q: ['a', 'b'] } } },
      { selection: { ids: [a.id] }, params: { nameNl: 'x' } },
    ];
    for (const body of bad) {
      const res = await manager.post(PATH, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await productsOf([a.id])).size).toBe(0);
  });

  it('makes a product of each ticked article as the single create does, and shows it in history', async () => {
    const name = tag();
    const a = await createArticle(tdb.db, { name: `${name} lamp`, description: 'Een lamp' });
    const b = await createArticle(tdb.db, { name: `${name} stoel` });
    const res = await manager.post(PATH, { selection: { ids: [a.id, b.id] }, params: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ action: 'articles.create-products', status: 'done', changed: 2, skipped: [] });
    const made = await productsOf([a.id, b.id]);
    expect(made.get(a.id)).toMatchObject({ nameNl: `${name} lamp`, descriptionNl: 'Een lamp', published: false });
    expect(made.get(b.id)).toMatchObject({ nameNl: `${name} stoel` });
    // The article list shows the product now.
    const list = (await manager.get(`/api/articles?q=${name}`)).json().data;
    expect(list.map((r: { productId: number | null }) => r.productId)).toEqual([made.get(a.id)?.id, made.get(b.id)?.id]);

    const history = (await manager.get(`/api/history/product/${made.get(a.id)?.id}`)).json().data;
    const created = history.find((e: { op: string }) => e.op === 'created');
    expect(created).toMatchObject({ event: 'product.created' });
    expect(created.actor.name).toContain(managerName);
  });

  it('skips an article that has a product, a deleted one and a missing one, naming each, and makes the rest', async () => {
    const name = tag();
    const fresh = await createArticle(tdb.db, { name: `${name} fresh` });
    const has = await createArticle(tdb.db, { name: `${name} has`, sku: `${name}-H` });
    const existing = await createProduct(tdb.db, { articleId: has.id });
    const deleted = await createArticle(tdb.db, { name: `${name} deleted`, sku: `${name}-D`, deleted: true });
    const res = await manager.post(PATH, { selection: { ids: [has.id, fresh.id, deleted.id, 2_147_483_000] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 4, done: 4, changed: 1 });
    expect(res.json().data.skipped).toEqual([
      { id: has.id, label: `${name}-H ${name} has`, code: 'PRODUCT_EXISTS_FOR_ARTICLE' },
      { id: deleted.id, label: `${name}-D ${name} deleted`, code: 'ARTICLE_NOT_FOUND' },
      { id: 2_147_483_000, label: null, code: 'ARTICLE_NOT_FOUND' },
    ]);
    const made = await productsOf([fresh.id, has.id, deleted.id]);
    expect(made.get(fresh.id)).toBeDefined();
    expect(made.get(has.id)?.id).toBe(existing.id);
    expect(made.get(has.id)?.version).toBe(1);
    expect(made.has(deleted.id)).toBe(false);
  });

  it('with "all matching" makes products only for the articles the list filter finds', async () => {
    const name = tag();
    const match = [await createArticle(tdb.db, { name: `${name} 1` }), await createArticle(tdb.db, { name: `${name} 2` })];
    const gone = await createArticle(tdb.db, { name: `${name} 3`, deleted: true });
    const other = await createArticle(tdb.db, { name: `Other ${tag()}` });
    const res = await manager.post(PATH, { selection: { all: true, query: { q: name, tab: 'active', perPage: '1' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, changed: 2, skipped: [] });
    const made = await productsOf([...match.map((m) => m.id), gone.id, other.id]);
    expect([...made.keys()].sort((x, y) => x - y)).toEqual(match.map((m) => m.id).sort((x, y) => x - y));
  });

  it('runs more than 100 articles as a job: 202, then progress to done', async () => {
    const jt = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const who = await jt.signIn(await createEmployee(tdb.db, { permissions: ['articles.view', 'products.manage'] }));
      const name = tag();
      const ids: number[] = [];
      for (let i = 0; i < 101; i++) ids.push((await createArticle(tdb.db, { name: `${name} ${i}` })).id);
      const res = await who.post(PATH, { selection: { all: true, query: { q: name } } });
      expect(res.statusCode).toBe(202);
      const started: BulkRun = res.json().data;
      expect(started).toMatchObject({ status: 'running', total: 101, done: 0 });
      await jt.jobs?.drain();
      const end = (await who.get(`/api/bulk-runs/${started.id}`)).json().data;
      expect(end).toMatchObject({ status: 'done', done: 101, changed: 101, skipped: [] });
      expect((await productsOf(ids)).size).toBe(101);
    } finally {
      await jt.close();
    }
  }, 120_000);
});
