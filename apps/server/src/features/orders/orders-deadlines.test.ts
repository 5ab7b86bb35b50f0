import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { orders } from '../../db/schema';
import { createProjectRow } from '../projects/projects.fixtures';
import { createOrderRow, createUploadRow } from './orders.fixtures';

// Orders per project and their due dates: a client names one of its company's projects when
// requesting, staff set the project and the due date (on edit and when sending a design), both
// lists filter by project, and a design waiting past its due date is overdue on both sides.

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccount: number;
let noPerm: Agent;
let client: Agent;
let clientB: Agent;
let anon: Agent;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db, jobs: 'deferred' });
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['companies.manage'] }, noPerm: { permissions: ['projects.manage'] } },
    companies: { companyA: { name: 'Due Co A' }, companyB: { name: 'Due Co B' } },
    clients: { client: { company: 'companyA' }, clientB: { company: 'companyB' } },
    anon: true,
  });
  ({ manager, noPerm, client, clientB, anon } = cast);
  ({ companyA, companyB } = cast.companies);
  managerAccount = cast.manager.fx.accountId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('an order for a project', () => {
  it('a client names one of its projects when requesting; another company’s is refused (400)', async () => {
    const mine = await createProjectRow(tdb.db, { companyIds: [companyA.id] });
    const theirs = await createProjectRow(tdb.db, { companyIds: [companyB.id] });
    const refused = await client.post('/api/client/orders', { title: 'Bank', newProductTitle: 'Bank', projectId: theirs.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.projectId.code).toBe('not_found');
    const res = await client.post('/api/client/orders', { title: 'Bank', newProductTitle: 'Bank', projectId: mine.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.project).toEqual({ id: mine.id, name: mine.name });
  });

  it('both lists filter by project; the portal never sees another company’s', async () => {
    const p = await createProjectRow(tdb.db, { companyIds: [companyA.id, companyB.id] });
    const a = await client.post('/api/client/orders', { title: 'Stoel A', newProductTitle: 'Stoel', projectId: p.id });
    const b = await clientB.post('/api/client/orders', { title: 'Stoel B', newProductTitle: 'Stoel', projectId: p.id });
    const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((o) => o.id);
    expect(ids(await client.get(`/api/client/orders?tab=requested&projectId=${p.id}`))).toEqual([a.json().data.id]);
    expect(ids(await manager.get(`/api/orders?tab=requested&projectId=${p.id}`)).sort()).toEqual(
      [a.json().data.id, b.json().data.id].sort(),
    );
    expect((await client.get('/api/client/orders?projectId=x')).statusCode).toBe(400);
    expect((await anon.get(`/api/orders?projectId=${p.id}`)).statusCode).toBe(401);
    expect((await noPerm.get(`/api/orders?projectId=${p.id}`)).statusCode).toBe(403);
  });
});

describe('due dates of orders', () => {
  it('staff set the due date and the project on edit; a client’s due date is ignored', async () => {
    const p = await createProjectRow(tdb.db, { companyIds: [companyA.id] });
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress' });
    const res = await manager.put(`/api/orders/${o.id}`, {
      title: 'Bank Lido',
      dueDate: '2026-12-01',
      projectId: p.id,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.dueDate).toBe('2026-12-01');
    expect(res.json().data.project.id).toBe(p.id);
    const bad = await manager.put(`/api/orders/${o.id}`, { title: 'Bank Lido', dueDate: '2026-13-01', version: 2 });
    expect(bad.statusCode).toBe(400);
    const byClient = await client.put(`/api/client/orders/${o.id}`, { title: 'Bank Lido', dueDate: null, version: 2 });
    expect(byClient.statusCode, byClient.body).toBe(200);
    expect(byClient.json().data.dueDate).toBe('2026-12-01');
  });

  it('sending a design sets the due date; past it the order is overdue on both sides until decided', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress' });
    const previewFileId = await createUploadRow(tdb.db, managerAccount);
    // The test clock stands at 2026-11-21 (Amsterdam).
    const sent = await manager.post(`/api/orders/${o.id}/versions`, {
      version: 1,
      comment: 'Ontwerp 1',
      previewFileId,
      dueDate: '2026-11-20',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.overdue).toBe(true);
    const portal = (await client.get(`/api/client/orders/${o.id}`)).json().data;
    expect(portal).toMatchObject({ dueDate: '2026-11-20', overdue: true });
    const approved = await client.post(`/api/client/orders/${o.id}/approve-design`, { version: portal.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.overdue).toBe(false);
    const stored = (await tdb.db.orm.select().from(orders).where(eq(orders.id, o.id)))[0];
    expect(stored?.dueDate).toBe('2026-11-20');
  });

  it('another company’s order is not found (404)', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyB.id, status: 'in_progress' });
    expect((await client.put(`/api/client/orders/${o.id}`, { title: 'X', version: 1 })).statusCode).toBe(404);
  });
});
