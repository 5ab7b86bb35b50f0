import type { BulkRun } from '@app/shared/bulk/bulk';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { orderLines, productAttributes, products } from '../../db/schema';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../projects/projects.fixtures';
import { createAttribute, createProduct, positions } from './catalogue.fixtures';

let tdb: TestDatabase;
let t: TestApp;
/** products.manage only: may edit and delete, not publish. */
let manager: Agent;
/** products.manage and inspiration-products.manage. */
let publisher: Agent;
let publisherName: string;
let noPerm: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  publisherName = `Pia${Date.now().toString(36)}`;
  ({ manager, publisher, noPerm, client, anon } = await castOf(t, {
    staff: {
      manager: { permissions: ['products.manage'] },
      publisher: { permissions: ['products.manage', 'inspiration-products.manage'], firstName: publisherName },
      noPerm: { permissions: ['articles.view', 'inspiration-products.manage'] },
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

const tag = () => `bk${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function stored(ids: number[]) {
  const rows = await tdb.db.orm.select().from(products).where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

async function attributeIdsOf(id: number): Promise<number[]> {
  const rows = await tdb.db.orm.select().from(productAttributes).where(eq(productAttributes.productId, id));
  return rows.map((r) => r.attributeId).sort((a, b) => a - b);
}

async function run(who: Agent, action: string, body: unknown) {
  return who.post(`/api/products/bulk/${action}`, body);
}

describe('POST /api/products/bulk/*: who may', () => {
  it('answers 401 anonymous, 403 without products.manage and for a company user', async () => {
    const p = await createProduct(tdb.db);
    const body = { selection: { ids: [p.id] }, params: {} };
    for (const action of ['publish', 'unpublish', 'delete']) {
      expect((await run(anon, action, body)).statusCode).toBe(401);
      expect((await run(noPerm, action, body)).statusCode).toBe(403);
      expect((await run(client, action, body)).statusCode).toBe(403);
    }
    const attr = await createAttribute(tdb.db, 'features');
    for (const action of ['add-attribute', 'remove-attribute']) {
      expect((await run(noPerm, action, { selection: { ids: [p.id] }, params: { attributeId: attr.id } })).statusCode).toBe(403);
    }
    expect((await stored([p.id])).get(p.id)).toMatchObject({ published: false, version: 1 });
  });
});

describe('POST /api/products/bulk/*: hostile input', () => {
  it('refuses a bad selection, a bad list query and bad params with 400, changing nothing', async () => {
    const p = await createProduct(tdb.db);
    const attr = await createAttribute(tdb.db, 'features');
    const bad: [string, unknown][] = [
      ['publish', {}],
      ['publish', { selection: { ids: [] } }],
      ['publish', { selection: { ids: ['1'] } }],
      ['publish', { selection: { ids: [0] } }],
      ['publish', { selection: { ids: [p.id], all: true } }],
      ['publish', { selection: { all: false, query: {} } }],
      ['publish', { selection: { all: true, query: { published: 'maybe' } } }],
      ['publish', { selection: { all: true, query: { sort: 'price' } } }],
      ['publish', { selection: { all: true, query: { categories: 'x' } } }],
      ['publish', { selection: { ids: [p.id] }, params: { force: true } }],
      ['publish', { selection: { ids: [p.id] }, extra: 1 }],
      ['delete', { selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) } }],
      ['add-attribute', { selection: { ids: [p.id] } }],
      ['add-attribute', { selection: { ids: [p.id] }, params: {} }],
      ['add-attribute', { selection: { ids: [p.id] }, params: { attributeId: 'x' } }],
      ['add-attribute', { selection: { ids: [p.id] }, params: { attributeId: -1 } }],
      ['remove-attribute', { selection: { ids: [p.id] }, params: { attributeId: attr.id, kind: 'features' } }],
    ];
    for (const [action, body] of bad) {
      const res = await run(publisher, action, body);
      expect(res.statusCode, `${action} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const query = await run(publisher, 'publish', { selection: { all: true, query: { published: 'maybe' } } });
    expect(Object.keys(query.json().fieldErrors)).toContain('selection.query.published');
    expect((await stored([p.id])).get(p.id)).toMatchObject({ published: false, version: 1 });
    expect(await attributeIdsOf(p.id)).toEqual([]);
  });
});

describe('POST /api/products/bulk/publish and /unpublish', () => {
  it('publishes the ticked products through the editor save, leaves a published one as it is, and shows in history', async () => {
    const name = tag();
    const a = await createProduct(tdb.db, { nameNl: `${name} a` });
    const b = await createProduct(tdb.db, { nameNl: `${name} b` });
    const already = await createProduct(tdb.db, { nameNl: `${name} c`, published: true });
    const res = await run(publisher, 'publish', { selection: { ids: [a.id, b.id, already.id, a.id] } });
    expect(res.statusCode).toBe(200);
    const data: BulkRun = res.json().data;
    expect(data).toMatchObject({ action: 'products.publish', status: 'done', total: 3, done: 3, changed: 2, skipped: [] });
    const rows = await stored([a.id, b.id, already.id]);
    expect(rows.get(a.id)).toMatchObject({ published: true, version: 2 });
    expect(rows.get(a.id)?.publishedAt).not.toBeNull();
    expect(rows.get(b.id)).toMatchObject({ published: true, version: 2 });
    expect(rows.get(already.id)).toMatchObject({ published: true, version: 1 });

    // The run can be read back by the one who started it, not by another.
    expect((await publisher.get(`/api/bulk-runs/${data.id}`)).json().data).toMatchObject({ changed: 2, status: 'done' });
    expect((await manager.get(`/api/bulk-runs/${data.id}`)).statusCode).toBe(404);

    const history = await publisher.get(`/api/history/product/${a.id}`);
    expect(history.statusCode).toBe(200);
    const change = history
      .json()
      .data.find((e: { changes: { field: string }[] }) => e.changes.some((c) => c.field === 'published'));
    expect(change).toMatchObject({ op: 'updated', event: 'product.updated' });
    expect(change.changes).toContainEqual({ field: 'published', old: false, new: true });
    expect(change.actor.name).toContain(publisherName);

    const off = await run(publisher, 'unpublish', { selection: { ids: [a.id, already.id] }, params: {} });
    expect(off.json().data).toMatchObject({ action: 'products.unpublish', changed: 2, skipped: [] });
    const after = await stored([a.id, b.id, already.id]);
    expect(after.get(a.id)?.published).toBe(false);
    expect(after.get(already.id)?.published).toBe(false);
    expect(after.get(b.id)?.published).toBe(true);
  });

  it('with "all matching" changes only the rows the list filter finds', async () => {
    const name = tag();
    const match = [
      await createProduct(tdb.db, { nameNl: `${name} one` }),
      await createProduct(tdb.db, { nameNl: `${name} two` }),
    ];
    const publishedAlready = await createProduct(tdb.db, { nameNl: `${name} three`, published: true });
    const other = await createProduct(tdb.db, { nameNl: `Other ${tag()}` });
    const res = await run(publisher, 'publish', {
      selection: { all: true, query: { q: name, published: 'no', page: '3', perPage: '1' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, changed: 2, skipped: [] });
    const rows = await stored([...match.map((m) => m.id), publishedAlready.id, other.id]);
    for (const m of match) expect(rows.get(m.id)?.published).toBe(true);
    expect(rows.get(publishedAlready.id)?.version).toBe(1);
    expect(rows.get(other.id)).toMatchObject({ published: false, version: 1 });
    const list = await publisher.get(`/api/products?q=${name}&published=yes`);
    expect(list.json().meta.total).toBe(3);
  });

  it('skips every row for someone without the publish right, naming each, and changes nothing', async () => {
    const name = tag();
    const a = await createProduct(tdb.db, { nameNl: `${name} a` });
    const b = await createProduct(tdb.db, { nameNl: `${name} b` });
    const res = await run(manager, 'publish', { selection: { ids: [a.id, b.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ changed: 0, done: 2 });
    expect(res.json().data.skipped).toEqual([
      { id: a.id, label: `${name} a`, code: 'FORBIDDEN' },
      { id: b.id, label: `${name} b`, code: 'FORBIDDEN' },
    ]);
    const rows = await stored([a.id, b.id]);
    expect(rows.get(a.id)).toMatchObject({ published: false, version: 1 });
    expect(rows.get(b.id)).toMatchObject({ published: false, version: 1 });
  });

  it('reports a missing id and a deleted one as PRODUCT_NOT_FOUND and publishes the rest', async () => {
    const ok = await createProduct(tdb.db);
    const gone = await createProduct(tdb.db);
    await tdb.db.orm.delete(products).where(eq(products.id, gone.id));
    const res = await run(publisher, 'publish', { selection: { ids: [2_147_483_000, ok.id, gone.id] } });
    expect(res.json().data).toMatchObject({ changed: 1, done: 3 });
    expect(res.json().data.skipped).toEqual([
      { id: 2_147_483_000, label: null, code: 'PRODUCT_NOT_FOUND' },
      { id: gone.id, label: null, code: 'PRODUCT_NOT_FOUND' },
    ]);
    expect((await stored([ok.id])).get(ok.id)?.published).toBe(true);
  });

  it('runs more than 100 rows as a job: 202, then progress to done', async () => {
    const jt = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const who = await jt.signIn(
        await createEmployee(tdb.db, { permissions: ['products.manage', 'inspiration-products.manage'] }),
      );
      const name = tag();
      const ids: number[] = [];
      for (let i = 0; i < 103; i++) ids.push((await createProduct(tdb.db, { nameNl: `${name} ${i}` })).id);
      const res = await who.post('/api/products/bulk/publish', { selection: { all: true, query: { q: name } } });
      expect(res.statusCode).toBe(202);
      const started: BulkRun = res.json().data;
      expect(started).toMatchObject({ action: 'products.publish', status: 'running', total: 103, done: 0, changed: 0 });
      expect((await who.get(`/api/bulk-runs/${started.id}`)).json().data).toMatchObject({ status: 'running', done: 0 });
      await jt.jobs?.drain();
      const end = (await who.get(`/api/bulk-runs/${started.id}`)).json().data;
      expect(end).toMatchObject({ status: 'done', total: 103, done: 103, changed: 103, skipped: [] });
      expect(end.finishedAt).not.toBeNull();
      const rows = await stored(ids);
      expect([...rows.values()].every((r) => r.published)).toBe(true);
    } finally {
      await jt.close();
    }
  }, 120_000);
});

describe('POST /api/products/bulk/add-attribute and /remove-attribute', () => {
  it('adds a category through the save (the category order gets the products) and removes it again', async () => {
    const category = await createAttribute(tdb.db, 'categories');
    const feature = await createAttribute(tdb.db, 'features');
    const a = await createProduct(tdb.db, { attributeIds: [feature.id] });
    const b = await createProduct(tdb.db);
    const has = await createProduct(tdb.db, { categoryIds: [category.id] });
    const res = await run(manager, 'add-attribute', {
      selection: { ids: [a.id, b.id, has.id] },
      params: { attributeId: category.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ action: 'products.add-attribute', changed: 2, skipped: [] });
    expect(await attributeIdsOf(a.id)).toEqual([feature.id, category.id].sort((x, y) => x - y));
    expect(await attributeIdsOf(b.id)).toEqual([category.id]);
    expect((await positions(tdb.db, category.id)).map((r) => r.id)).toEqual([has.id, a.id, b.id]);
    const rows = await stored([a.id, b.id, has.id]);
    expect(rows.get(has.id)?.version).toBe(1);
    expect(rows.get(a.id)?.version).toBe(2);

    const off = await run(manager, 'remove-attribute', {
      selection: { ids: [a.id, has.id] },
      params: { attributeId: category.id },
    });
    expect(off.json().data).toMatchObject({ action: 'products.remove-attribute', changed: 2, skipped: [] });
    expect(await attributeIdsOf(a.id)).toEqual([feature.id]);
    expect(await attributeIdsOf(has.id)).toEqual([]);
    expect((await positions(tdb.db, category.id)).map((r) => r.id)).toEqual([b.id]);
    // Removing what a product does not have changes nothing.
    const none = await run(manager, 'remove-attribute', { selection: { ids: [a.id] }, params: { attributeId: category.id } });
    expect(none.json().data).toMatchObject({ changed: 0, skipped: [] });
    expect((await stored([a.id])).get(a.id)?.version).toBe(3);
  });

  it('skips every row with ATTRIBUTE_NOT_FOUND for a missing attribute or a type group', async () => {
    const p = await createProduct(tdb.db);
    const group = await createAttribute(tdb.db, 'type-groups');
    for (const attributeId of [2_147_483_000, group.id]) {
      const res = await run(manager, 'add-attribute', { selection: { ids: [p.id] }, params: { attributeId } });
      expect(res.json().data.skipped).toEqual([{ id: p.id, label: p.nameNl, code: 'ATTRIBUTE_NOT_FOUND' }]);
    }
    expect(await attributeIdsOf(p.id)).toEqual([]);
    expect((await stored([p.id])).get(p.id)?.version).toBe(1);
  });
});

describe('POST /api/products/bulk/delete', () => {
  it('deletes through the single delete: children lose their parent, one on an order line is refused', async () => {
    const name = tag();
    const parent = await createProduct(tdb.db, { nameNl: `${name} parent` });
    const child = await createProduct(tdb.db, { nameNl: `${name} child`, parentId: parent.id });
    const ordered = await createProduct(tdb.db, { nameNl: `${name} ordered` });
    const project = await createProjectRow(tdb.db);
    const area = await createAreaRow(tdb.db, project.id, { number: '1', name: 'Deck' });
    const task = await createTaskRow(tdb.db, project.id, area.id);
    const sub = await createSubtaskRow(tdb.db, project.id, task.id);
    await tdb.db.orm.insert(orderLines).values({ subtaskId: sub.id, projectId: project.id, productId: ordered.id, quantity: 1 });

    const res = await run(manager, 'delete', { selection: { all: true, query: { q: name, sort: '-name' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ action: 'products.delete', total: 3, changed: 2 });
    expect(res.json().data.skipped).toEqual([{ id: ordered.id, label: `${name} ordered`, code: 'REFERENCE_IN_USE' }]);
    const rows = await stored([parent.id, child.id, ordered.id]);
    expect(rows.has(parent.id)).toBe(false);
    expect(rows.has(child.id)).toBe(false);
    expect(rows.get(ordered.id)?.version).toBe(1);
    expect(t.logText()).not.toContain('bulk action row failed');
    // The single delete refuses it the same way (409, not a 500).
    const single = await manager.delete(`/api/products/${ordered.id}?version=1`);
    expect(single.statusCode).toBe(409);
    expect(single.json().code).toBe('REFERENCE_IN_USE');
  });
});
