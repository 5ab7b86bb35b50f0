import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { articles, auditLog, orderLines, projectEvents, subtasks, tasks } from '../../db/schema';
import { createArticle, createMediaRow, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from './projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccountId: number;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let product: { id: number; nameNl: string };
let productThumb: number;
let article: { id: number; name: string; sku: string };
let articleThumb: number;
let deletedArticle: { id: number; name: string; sku: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['articles.view', 'products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage'] } },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, acting, anon } = cast);
  managerAccountId = cast.manager.fx.accountId;
  productThumb = await createMediaRow(tdb.db);
  product = await createProduct(tdb.db, { nameNl: 'Zuilenlamp Oslo', nameEn: 'Oslo pillar lamp', galleryIds: [productThumb] });
  article = await createArticle(tdb.db, { name: 'Schroef RVS 4x40', sku: 'SCR-440' });
  articleThumb = await createMediaRow(tdb.db);
  await tdb.db.orm.update(articles).set({ impressionMediaId: articleThumb }).where(eq(articles.id, article.id));
  deletedArticle = await createArticle(tdb.db, { name: 'Schroef oud', sku: 'SCR-OLD', deleted: true });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function setup(o: { deleted?: boolean } = {}) {
  const project = await createProjectRow(tdb.db, { deleted: o.deleted ?? false });
  const area = await createAreaRow(tdb.db, project.id, { number: '5001', name: 'Cabin' });
  const task = await createTaskRow(tdb.db, project.id, area.id, { name: 'Verlichting' });
  return { projectId: project.id, areaId: area.id, taskId: task.id };
}

async function stored(id: number) {
  return (await tdb.db.orm.select().from(subtasks).where(eq(subtasks.id, id)))[0] ?? null;
}
async function storedLines(subtaskId: number) {
  return tdb.db.orm
    .select({
      productId: orderLines.productId,
      articleId: orderLines.articleId,
      quantity: orderLines.quantity,
      notes: orderLines.notes,
      position: orderLines.position,
    })
    .from(orderLines)
    .where(eq(orderLines.subtaskId, subtaskId))
    .orderBy(asc(orderLines.position));
}
async function subtaskCount(taskId: number) {
  return (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(subtasks).where(eq(subtasks.taskId, taskId)))[0]?.n;
}
async function feedRows(subtaskId: number) {
  return tdb.db.orm
    .select()
    .from(projectEvents)
    .where(eq(projectEvents.subjectId, subtaskId))
    .orderBy(asc(projectEvents.id))
    .then((rows) => rows.filter((r) => r.subjectType === 'subtask'));
}

const input = (o: Record<string, unknown> = {}) => ({
  name: 'Lampen ophangen',
  amount: 2,
  assembly: 'Boren 6 mm',
  assigneeId: null,
  notes: '',
  orderLines: [],
  ...o,
});
const lines = () => [
  { kind: 'product', itemId: product.id, quantity: 2, notes: 'Messing' },
  { kind: 'article', itemId: article.id, quantity: 8.5, notes: '' },
];

describe('sub-task API access (Z1)', () => {
  function endpoints(p: number, taskId: number, subtaskId: number) {
    return [
      { method: 'GET', url: `/api/projects/${p}/tasks/${taskId}/subtasks`, read: true },
      { method: 'POST', url: `/api/projects/${p}/tasks/${taskId}/subtasks`, body: input() },
      { method: 'GET', url: `/api/projects/${p}/subtasks/${subtaskId}`, read: true },
      { method: 'PATCH', url: `/api/projects/${p}/subtasks/${subtaskId}`, body: { ...input(), version: 1 } },
      { method: 'DELETE', url: `/api/projects/${p}/subtasks/${subtaskId}?version=1` },
      { method: 'POST', url: `/api/projects/${p}/subtasks/${subtaskId}/close`, body: { version: 1 } },
      { method: 'POST', url: `/api/projects/${p}/subtasks/${subtaskId}/open`, body: { version: 1 } },
      { method: 'POST', url: `/api/projects/${p}/subtasks/${subtaskId}/copy`, body: { version: 1 } },
      // The pickers are for those who edit order lines.
      { method: 'GET', url: '/api/order-line-options?kind=product&q=lamp' },
    ];
  }

  it('answers 401 anonymous; 403 without a projects right, to a company user and to an employee acting as one; writes 403 to a viewer; nothing changes', async () => {
    const s = await setup();
    const sub = await createSubtaskRow(tdb.db, s.projectId, s.taskId);
    const list = endpoints(s.projectId, s.taskId, sub.id);
    for (const e of list) {
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, `${e.method} ${e.url}`).toBe(401);
    }
    for (const [who, agent] of [
      ['no right', noPerm],
      ['company user', client],
      ['acting employee', acting],
    ] as const) {
      for (const e of list) {
        const res = await agent.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${who}: ${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    for (const e of list) {
      const res = await viewer.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `viewer: ${e.method} ${e.url}`).toBe(e.read ? 200 : 403);
    }
    expect(await stored(sub.id)).toMatchObject({ version: 1, status: 'open' });
    expect(await subtaskCount(s.taskId)).toBe(1);
  });

  it('answers 404 for a missing project, task or sub-task, or one of another project, and changes nothing', async () => {
    const s = await setup();
    const other = await setup();
    const foreign = await createSubtaskRow(tdb.db, other.projectId, other.taskId);
    const cases: [string, string, unknown, string][] = [
      ['GET', `/api/projects/${s.projectId}/tasks/${other.taskId}/subtasks`, undefined, 'TASK_NOT_FOUND'],
      ['POST', `/api/projects/${s.projectId}/tasks/${other.taskId}/subtasks`, input(), 'TASK_NOT_FOUND'],
      ['GET', `/api/projects/2147483000/tasks/${s.taskId}/subtasks`, undefined, 'PROJECT_NOT_FOUND'],
      ['GET', `/api/projects/${s.projectId}/subtasks/${foreign.id}`, undefined, 'SUBTASK_NOT_FOUND'],
      ['GET', `/api/projects/${s.projectId}/subtasks/2147483000`, undefined, 'SUBTASK_NOT_FOUND'],
      ['PATCH', `/api/projects/${s.projectId}/subtasks/${foreign.id}`, { ...input(), version: 1 }, 'SUBTASK_NOT_FOUND'],
      ['DELETE', `/api/projects/${s.projectId}/subtasks/${foreign.id}?version=1`, undefined, 'SUBTASK_NOT_FOUND'],
      ['POST', `/api/projects/${s.projectId}/subtasks/${foreign.id}/close`, { version: 1 }, 'SUBTASK_NOT_FOUND'],
      ['POST', `/api/projects/${s.projectId}/subtasks/${foreign.id}/open`, { version: 1 }, 'SUBTASK_NOT_FOUND'],
      ['POST', `/api/projects/${s.projectId}/subtasks/${foreign.id}/copy`, { version: 1 }, 'SUBTASK_NOT_FOUND'],
    ];
    for (const [method, url, body, code] of cases) {
      const res = await manager.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code, `${method} ${url}`).toBe(code);
    }
    expect(await stored(foreign.id)).toMatchObject({ version: 1, status: 'open' });
    expect(await subtaskCount(other.taskId)).toBe(1);
    expect(await subtaskCount(s.taskId)).toBe(0);
  });
});

describe('sub-tasks with order lines', () => {
  it('creates a sub-task with its order lines, reads it alone and in the list, with an audit row', async () => {
    const s = await setup();
    const res = await manager.post(`/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`, input({ orderLines: lines() }));
    expect(res.statusCode).toBe(201);
    const sub = res.json().data;
    expect(sub).toMatchObject({
      taskId: s.taskId,
      projectId: s.projectId,
      name: 'Lampen ophangen',
      amount: 2,
      assembly: 'Boren 6 mm',
      assignee: null,
      status: 'open',
      closedAt: null,
      version: 1,
      abilities: { canEdit: true, canClose: true, canOpen: false, canCopy: true, reasons: { canOpen: 'SUBTASK_OPEN' } },
    });
    expect(sub.orderLines).toMatchObject([
      {
        kind: 'product',
        itemId: product.id,
        name: 'Zuilenlamp Oslo',
        sku: null,
        thumbUrl: `/api/media/${productThumb}/thumb`,
        quantity: 2,
        notes: 'Messing',
      },
      {
        kind: 'article',
        itemId: article.id,
        name: 'Schroef RVS 4x40',
        sku: 'SCR-440',
        thumbUrl: `/api/media/${articleThumb}/thumb`,
        quantity: 8.5,
        notes: '',
      },
    ]);
    expect(await stored(sub.id)).toMatchObject({ name: 'Lampen ophangen', amount: 2, status: 'open' });
    expect(await storedLines(sub.id)).toEqual([
      { productId: product.id, articleId: null, quantity: 2, notes: 'Messing', position: 0 },
      { productId: null, articleId: article.id, quantity: 8.5, notes: '', position: 1 },
    ]);
    expect((await manager.get(`/api/projects/${s.projectId}/subtasks/${sub.id}`)).json().data).toEqual(sub);
    expect((await viewer.get(`/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`)).json().data).toMatchObject([
      { id: sub.id, orderLines: sub.orderLines },
    ]);
    expect(await auditRows(tdb.db, 'subtask.created', eq(auditLog.subjectId, String(sub.id)))).toHaveLength(1);
  });

  it('refuses unknown items and articles the ERP dropped with field errors per line, and stores nothing', async () => {
    const s = await setup();
    const url = `/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`;
    const bad: [Record<string, unknown>, string, string][] = [
      [input({ name: ' ' }), 'name', 'required'],
      [input({ amount: -1 }), 'amount', 'too_small'],
      [input({ orderLines: [{ kind: 'product', itemId: product.id, quantity: 0 }] }), 'orderLines.0.quantity', 'too_small'],
      [input({ orderLines: [{ kind: 'bundle', itemId: 1, quantity: 1 }] }), 'orderLines.0.kind', 'invalid_choice'],
      [
        input({ orderLines: [...lines(), { kind: 'product', itemId: 2147483000, quantity: 1 }] }),
        'orderLines.2.itemId',
        'not_found',
      ],
      [
        input({ orderLines: [{ kind: 'article', itemId: product.id + 100_000, quantity: 1 }] }),
        'orderLines.0.itemId',
        'not_found',
      ],
      [input({ orderLines: [{ kind: 'article', itemId: deletedArticle.id, quantity: 1 }] }), 'orderLines.0.itemId', 'not_found'],
      [input({ assigneeId: 2147483000 }), 'assigneeId', 'not_found'],
    ];
    for (const [body, field, code] of bad) {
      const r = await manager.post(url, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().fieldErrors[field], JSON.stringify(r.json())).toMatchObject({ code });
    }
    expect(await subtaskCount(s.taskId)).toBe(0);
  });

  it('lists the sub-tasks in their order with one statement for all order lines (the same count for 2 and 10)', async () => {
    const counts: number[] = [];
    for (const n of [2, 10]) {
      const s = await setup();
      for (let i = 0; i < n; i++) {
        const sub = await createSubtaskRow(tdb.db, s.projectId, s.taskId, { name: `S${String(i).padStart(2, '0')}` });
        await tdb.db.orm.insert(orderLines).values([
          { subtaskId: sub.id, projectId: s.projectId, productId: product.id, quantity: 1, position: 0 },
          { subtaskId: sub.id, projectId: s.projectId, articleId: article.id, quantity: 3, position: 1 },
        ]);
      }
      const url = `/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`;
      await manager.get(url);
      const { result, count } = await countQueries(tdb.db, () => manager.get(url));
      const data = result.json().data;
      expect(data).toHaveLength(n);
      expect(data.map((d: { name: string }) => d.name)).toEqual([...data.map((d: { name: string }) => d.name)].sort());
      expect(data.every((d: { orderLines: unknown[] }) => d.orderLines.length === 2)).toBe(true);
      counts.push(count);
    }
    expect(counts[1]).toBe(counts[0]);
  });

  it('replaces the order lines with the fields under one version; a second save of the same version is 409', async () => {
    const s = await setup();
    const created = (
      await manager.post(`/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`, input({ orderLines: lines() }))
    ).json().data;
    const url = `/api/projects/${s.projectId}/subtasks/${created.id}`;
    const first = await manager.patch(url, {
      ...input({ name: 'Lampen', amount: 3, orderLines: [{ kind: 'article', itemId: article.id, quantity: 10 }] }),
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ name: 'Lampen', amount: 3, version: 2 });
    expect(first.json().data.orderLines).toMatchObject([{ kind: 'article', itemId: article.id, quantity: 10 }]);
    const second = await manager.patch(url, { ...input({ name: 'Ander', orderLines: lines() }), version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('STALE_VERSION');
    expect(await stored(created.id)).toMatchObject({ name: 'Lampen', amount: 3, version: 2 });
    expect(await storedLines(created.id)).toEqual([
      { productId: null, articleId: article.id, quantity: 10, notes: '', position: 0 },
    ]);
    // A bad line changes nothing either.
    const bad = await manager.patch(url, {
      ...input({ name: 'Bad', orderLines: [{ kind: 'product', itemId: 2147483000, quantity: 1 }] }),
      version: 2,
    });
    expect(bad.statusCode).toBe(400);
    expect(await stored(created.id)).toMatchObject({ name: 'Lampen', version: 2 });
    expect(await storedLines(created.id)).toHaveLength(1);
    expect(await auditRows(tdb.db, 'subtask.updated', eq(auditLog.subjectId, String(created.id)))).toHaveLength(1);
  });

  it('keeps a line whose article the ERP dropped since, but does not accept it on a new line elsewhere', async () => {
    const s = await setup();
    const sub = await createSubtaskRow(tdb.db, s.projectId, s.taskId);
    await tdb.db.orm
      .insert(orderLines)
      .values({ subtaskId: sub.id, projectId: s.projectId, articleId: deletedArticle.id, quantity: 1, position: 0 });
    const ok = await manager.patch(`/api/projects/${s.projectId}/subtasks/${sub.id}`, {
      ...input({ orderLines: [{ kind: 'article', itemId: deletedArticle.id, quantity: 4 }] }),
      version: 1,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.orderLines).toMatchObject([{ itemId: deletedArticle.id, quantity: 4, name: 'Schroef oud' }]);
  });

  it('deletes a sub-task with its order lines (with the version)', async () => {
    const s = await setup();
    const created = (
      await manager.post(`/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`, input({ orderLines: lines() }))
    ).json().data;
    const url = `/api/projects/${s.projectId}/subtasks/${created.id}`;
    expect((await manager.delete(`${url}?version=2`)).statusCode).toBe(409);
    expect((await manager.delete(url)).statusCode).toBe(400);
    expect((await manager.delete(`${url}?version=1`)).statusCode).toBe(204);
    expect(await stored(created.id)).toBeNull();
    expect(await storedLines(created.id)).toEqual([]);
    expect(await auditRows(tdb.db, 'subtask.deleted', eq(auditLog.subjectId, String(created.id)))).toHaveLength(1);
  });

  it('refuses PROJECT_DELETED in a deleted project', async () => {
    const s = await setup({ deleted: true });
    const sub = await createSubtaskRow(tdb.db, s.projectId, s.taskId);
    const add = await manager.post(`/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`, input());
    expect(add.statusCode).toBe(409);
    expect(add.json().code).toBe('PROJECT_DELETED');
    for (const action of ['close', 'copy']) {
      const r = await manager.post(`/api/projects/${s.projectId}/subtasks/${sub.id}/${action}`, { version: 1 });
      expect(r.statusCode, action).toBe(409);
      expect(r.json().code).toBe('PROJECT_DELETED');
    }
    expect(await subtaskCount(s.taskId)).toBe(1);
  });
});

describe('closing, opening and copying', () => {
  it('closes with a feed row; closing the last open one says the task may be completed', async () => {
    const s = await setup();
    const a = await createSubtaskRow(tdb.db, s.projectId, s.taskId, { name: 'A' });
    const b = await createSubtaskRow(tdb.db, s.projectId, s.taskId, { name: 'B' });
    const first = await manager.post(`/api/projects/${s.projectId}/subtasks/${a.id}/close`, { version: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      subtask: { id: a.id, status: 'closed', version: 2, closedAt: '2026-11-21T09:00:00.000Z' },
      taskCanComplete: false,
    });
    const stale = await manager.post(`/api/projects/${s.projectId}/subtasks/${b.id}/close`, { version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const last = await manager.post(`/api/projects/${s.projectId}/subtasks/${b.id}/close`, { version: 1 });
    expect(last.json().data.taskCanComplete).toBe(true);
    const again = await manager.post(`/api/projects/${s.projectId}/subtasks/${b.id}/close`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SUBTASK_CLOSED');

    const opened = await manager.post(`/api/projects/${s.projectId}/subtasks/${a.id}/open`, { version: 2 });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toMatchObject({ status: 'open', closedAt: null, version: 3 });
    const openAgain = await manager.post(`/api/projects/${s.projectId}/subtasks/${a.id}/open`, { version: 3 });
    expect(openAgain.json().code).toBe('SUBTASK_OPEN');
    expect(await stored(a.id)).toMatchObject({ status: 'open', version: 3 });

    const feed = await feedRows(a.id);
    expect(feed.map((f) => f.kind)).toEqual(['subtask.completed', 'subtask.opened']);
    expect(feed[0]).toMatchObject({
      projectId: s.projectId,
      subjectName: 'A',
      areaId: s.areaId,
      taskId: s.taskId,
      accountId: managerAccountId,
    });
    expect(await auditRows(tdb.db, 'subtask.closed', eq(auditLog.subjectId, String(a.id)))).toHaveLength(1);
  });

  it('does not offer to complete a task that has an open ticket or is completed', async () => {
    for (const status of ['open_ticket', 'completed'] as const) {
      const s = await setup();
      await tdb.db.orm.update(tasks).set({ status }).where(eq(tasks.id, s.taskId));
      const sub = await createSubtaskRow(tdb.db, s.projectId, s.taskId);
      const res = await manager.post(`/api/projects/${s.projectId}/subtasks/${sub.id}/close`, { version: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.taskCanComplete, status).toBe(false);
      expect((await tdb.db.orm.select().from(tasks).where(eq(tasks.id, s.taskId)))[0]?.status).toBe(status);
    }
  });

  it('writes the feed row with the close, and rolls it back with it', async () => {
    const s = await setup();
    const sub = await createSubtaskRow(tdb.db, s.projectId, s.taskId);
    await tdb.db.raw.exec(`
      CREATE FUNCTION test_fail_subtask_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.event = 'subtask.closed' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_fail_subtask_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_subtask_audit();`);
    try {
      const res = await manager.post(`/api/projects/${s.projectId}/subtasks/${sub.id}/close`, { version: 1 });
      expect(res.statusCode).toBe(500);
    } finally {
      await tdb.db.raw.exec('DROP TRIGGER test_fail_subtask_audit ON audit_log; DROP FUNCTION test_fail_subtask_audit();');
    }
    expect(await stored(sub.id)).toMatchObject({ status: 'open', version: 1 });
    expect(await feedRows(sub.id)).toEqual([]);
  });

  it('copies a sub-task right after it in the same task, open, with its fields and order lines', async () => {
    const s = await setup();
    const a = await createSubtaskRow(tdb.db, s.projectId, s.taskId, { name: 'A' });
    const source = (
      await manager.post(
        `/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`,
        input({ name: 'B', notes: 'n', orderLines: lines() }),
      )
    ).json().data;
    const c = await createSubtaskRow(tdb.db, s.projectId, s.taskId, { name: 'C' });
    // Equal sort orders (rows made without one) must not put the copy anywhere else.
    await tdb.db.orm.update(subtasks).set({ sortOrder: 0 }).where(eq(subtasks.taskId, s.taskId));
    await manager.post(`/api/projects/${s.projectId}/subtasks/${source.id}/close`, { version: 1 });

    const stale = await manager.post(`/api/projects/${s.projectId}/subtasks/${source.id}/copy`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const res = await manager.post(`/api/projects/${s.projectId}/subtasks/${source.id}/copy`, { version: 2 });
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({
      taskId: s.taskId,
      name: 'B',
      amount: 2,
      assembly: 'Boren 6 mm',
      notes: 'n',
      status: 'open',
      closedAt: null,
      version: 1,
    });
    expect(copy.orderLines.map(({ id: _id, ...l }: { id: number }) => l)).toEqual(
      source.orderLines.map(({ id: _id, ...l }: { id: number }) => l),
    );
    expect(await storedLines(copy.id)).toEqual(await storedLines(source.id));
    const order = (await manager.get(`/api/projects/${s.projectId}/tasks/${s.taskId}/subtasks`)).json().data;
    expect(order.map((x: { id: number }) => x.id)).toEqual([a.id, source.id, copy.id, c.id]);
    // The source and its neighbours keep their versions: only their place moved.
    expect(await stored(source.id)).toMatchObject({ version: 2, status: 'closed' });
    expect(await stored(c.id)).toMatchObject({ version: 1 });
    expect(await auditRows(tdb.db, 'subtask.copied', eq(auditLog.subjectId, String(copy.id)))).toHaveLength(1);
  });
});

describe('order-line pickers', () => {
  it('find products on their Dutch or English name and live articles on name and SKU, at most 20, with thumbnails', async () => {
    const byProduct = await manager.get('/api/order-line-options?kind=product&q=pillar');
    expect(byProduct.statusCode).toBe(200);
    expect(byProduct.json().data).toEqual([
      { kind: 'product', id: product.id, name: 'Zuilenlamp Oslo', sku: null, thumbUrl: `/api/media/${productThumb}/thumb` },
    ]);
    expect((await manager.get('/api/order-line-options?kind=product&q=zuilen')).json().data).toHaveLength(1);
    expect((await manager.get('/api/order-line-options?kind=article&q=scr-')).json().data).toEqual([
      { kind: 'article', id: article.id, name: 'Schroef RVS 4x40', sku: 'SCR-440', thumbUrl: `/api/media/${articleThumb}/thumb` },
    ]);
    expect(
      (await manager.get('/api/order-line-options?kind=article&q=schroef')).json().data.map((o: { id: number }) => o.id),
    ).toEqual([article.id]);
    expect((await manager.get('/api/order-line-options?kind=article&q=%25')).json().data).toEqual([]);
    for (let i = 0; i < 22; i++) await createArticle(tdb.db, { name: `Bulk plug ${String(i).padStart(2, '0')}` });
    const many = (await manager.get('/api/order-line-options?kind=article&q=bulk plug')).json().data;
    expect(many).toHaveLength(20);
    expect(many[0].name).toBe('Bulk plug 00');
    expect((await manager.get('/api/order-line-options?kind=article')).json().data).toHaveLength(20);
    for (const q of ['kind=bundle', '', 'kind=product&extra=1', `kind=article&q=${'x'.repeat(201)}`]) {
      expect((await manager.get(`/api/order-line-options?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('names products in the reader language', async () => {
    const en = await createEmployee(tdb.db, { permissions: ['projects.manage'], locale: 'en' });
    const agent = t.agent();
    await agent.login(en.email, en.password);
    expect((await agent.get('/api/order-line-options?kind=product&q=oslo')).json().data[0].name).toBe('Oslo pillar lamp');
  });
});
