import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { accounts, companyProjectAreas, orderLines, projectCompanies, projects, tasks } from '../../db/schema';
import { createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let customer: Agent;
let customerEn: Agent;
let acting: Agent;
let staff: Agent;
let companyId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { staff: { permissions: ['projects.manage'] } },
    companies: { company: { name: 'Portal Co' } },
    clients: { customer: {}, customerEn: { locale: 'en' } },
    acting: { acting: { permissions: ['companies.act-as-client'] } },
  });
  ({ customer, customerEn, acting, staff } = cast);
  companyId = cast.companies.company.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** A ship of the company: deck 5 with cabin 5001 (task with a sub-task and an order line) and its bathroom, deck 6 with 6001. */
async function ship(o: { name?: string; status?: 'active' | 'inactive'; companyIds?: number[] } = {}) {
  const p = await createProjectRow(tdb.db, {
    name: o.name ?? 'Nordic Star',
    status: o.status ?? 'active',
    companyIds: o.companyIds ?? [companyId],
  });
  await tdb.db.orm.update(projects).set({ notes: 'INTERNAL margin 12%', trimitId: 'TR-SECRET' }).where(eq(projects.id, p.id));
  const deck5 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Dek 5' });
  const cabin = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck5.id, number: '5001', name: 'Hut' });
  const bath = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: cabin.id, name: 'Badkamer' });
  const deck6 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '6', name: 'Dek 6' });
  const cabin6 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck6.id, number: '6001', name: 'Hut' });
  const task = await createTaskRow(tdb.db, p.id, cabin.id, { name: 'Bed plaatsen' });
  await tdb.db.orm.update(tasks).set({ notes: 'INTERNAL note' }).where(eq(tasks.id, task.id));
  const sub = await createSubtaskRow(tdb.db, p.id, task.id, { name: 'Bedbodem' });
  const product = await createProduct(tdb.db, { nameNl: 'Boxspring', nameEn: 'Box spring bed' });
  await tdb.db.orm
    .insert(orderLines)
    .values({ subtaskId: sub.id, projectId: p.id, productId: product.id, quantity: 2, notes: 'INTERNAL' });
  const task6 = await createTaskRow(tdb.db, p.id, cabin6.id, { name: 'Kast plaatsen' });
  return {
    projectId: p.id,
    deck5: deck5.id,
    cabin: cabin.id,
    bath: bath.id,
    deck6: deck6.id,
    cabin6: cabin6.id,
    task: task.id,
    sub: sub.id,
    task6: task6.id,
    product: product.id,
  };
}

async function selectOnly(projectId: number, areaIds: number[]) {
  await tdb.db.orm.update(projectCompanies).set({ allAreas: false }).where(eq(projectCompanies.projectId, projectId));
  await tdb.db.orm.insert(companyProjectAreas).values(areaIds.map((areaId) => ({ projectId, companyId, areaId })));
}

describe('portal projects', () => {
  it('are for the portal view only: 401 anonymous, 403 for staff who are not acting', async () => {
    const anon = t.agent();
    await anon.csrf();
    expect((await anon.get('/api/client/projects')).statusCode).toBe(401);
    expect((await staff.get('/api/client/projects')).statusCode).toBe(403);
  });

  it("lists the company's own projects, active and archived apart, and never another company's or a deleted one", async () => {
    const other = await createCompany(tdb.db);
    const active = await ship({ name: 'Listed active' });
    const archived = await ship({ name: 'Listed archived', status: 'inactive' });
    await ship({ name: 'Listed foreign', companyIds: [other.id] });
    const gone = await ship({ name: 'Listed deleted' });
    await tdb.db.orm.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, gone.projectId));
    for (const who of [customer, acting]) {
      const a = (await who.get('/api/client/projects?q=Listed')).json();
      expect(a.data.map((p: { id: number }) => p.id)).toEqual([active.projectId]);
      expect(a.data[0]).toEqual({
        id: active.projectId,
        name: 'Listed active',
        archived: false,
        address: expect.any(String),
        areasCount: 3,
        completion: { tasksDone: 0, tasksTotal: 2, subtasksDone: 0, subtasksTotal: 1 },
        updatedAt: expect.any(String),
      });
      const b = (await who.get('/api/client/projects?tab=archived&q=Listed')).json();
      expect(b.data.map((p: { id: number }) => p.id)).toEqual([archived.projectId]);
    }
    expect((await customer.get(`/api/client/projects/${gone.projectId}`)).statusCode).toBe(404);
  });

  it('shows a project with its managers and contact, and none of the internal fields (Z9)', async () => {
    const s = await ship();
    const res = await customer.get(`/api/client/projects/${s.projectId}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().data).sort()).toEqual(
      [
        'address',
        'archived',
        'areasCount',
        'completion',
        'contact',
        'id',
        'managers',
        'mapsLink',
        'name',
        'phone',
        'updatedAt',
      ].sort(),
    );
    expect(res.body).not.toContain('INTERNAL');
    expect(res.body).not.toContain('TR-SECRET');
  });
});

describe('portal areas, tasks and sub-tasks', () => {
  it('shows the whole tree with all areas, and a task and sub-task with their order lines in the reader’s language', async () => {
    const s = await ship();
    const areas = (await customer.get(`/api/client/projects/${s.projectId}/areas`)).json().data;
    expect(areas.map((a: { id: number }) => a.id)).toEqual([s.deck5, s.cabin, s.deck6, s.cabin6]);
    expect(areas[1]).toMatchObject({ number: '5001', parent: { id: s.deck5, kind: 'deck' }, childrenCount: 1 });
    const area = (await customer.get(`/api/client/projects/${s.projectId}/areas/${s.cabin}`)).json().data;
    expect(area).toMatchObject({ id: s.cabin, project: { id: s.projectId }, tasks: [{ id: s.task, name: 'Bed plaatsen' }] });
    const subs = (await customer.get(`/api/client/projects/${s.projectId}/areas/${s.cabin}/subareas`)).json().data;
    expect(subs.map((a: { id: number }) => a.id)).toEqual([s.bath]);
    const task = await customer.get(`/api/client/tasks/${s.task}`);
    expect(task.json().data).toMatchObject({
      area: { id: s.cabin, number: '5001' },
      subtasks: [{ id: s.sub, name: 'Bedbodem' }],
    });
    expect(task.body).not.toContain('INTERNAL');
    const nl = (await customer.get(`/api/client/tasks/${s.task}/subtasks/${s.sub}`)).json().data;
    expect(nl.orderLines).toEqual([
      { id: expect.any(Number), kind: 'product', itemId: s.product, code: null, name: 'Boxspring', quantity: 2 },
    ]);
    const en = (await customerEn.get(`/api/client/tasks/${s.task}/subtasks/${s.sub}`)).json().data;
    expect(en.orderLines[0].name).toBe('Box spring bed');
    // A sub-task under another task of the same project is not found under this one.
    const other = await createSubtaskRow(tdb.db, s.projectId, s.task6);
    expect((await customer.get(`/api/client/tasks/${s.task}/subtasks/${other.id}`)).statusCode).toBe(404);
  });

  it('with selected areas shows only those and what lies under them; the rest is not found (Z3), for the acting employee too', async () => {
    const s = await ship();
    await selectOnly(s.projectId, [s.cabin6]);
    for (const who of [customer, acting]) {
      const areas = (await who.get(`/api/client/projects/${s.projectId}/areas`)).json().data;
      expect(areas.map((a: { id: number }) => a.id)).toEqual([s.cabin6]);
      const project = (await who.get(`/api/client/projects/${s.projectId}`)).json().data;
      expect(project).toMatchObject({ areasCount: 1, completion: { tasksTotal: 1 } });
      for (const url of [
        `/api/client/projects/${s.projectId}/areas/${s.cabin}`,
        `/api/client/projects/${s.projectId}/areas/${s.cabin}/subareas`,
        `/api/client/tasks/${s.task}`,
        `/api/client/tasks/${s.task}/subtasks/${s.sub}`,
      ]) {
        expect((await who.get(url)).statusCode, url).toBe(404);
      }
      expect((await who.get(`/api/client/tasks/${s.task6}`)).statusCode).toBe(200);
    }
    // A selected deck brings its areas and their sub-areas.
    await tdb.db.orm.delete(companyProjectAreas).where(eq(companyProjectAreas.projectId, s.projectId));
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId: s.projectId, companyId, areaId: s.deck5 });
    const areas = (await customer.get(`/api/client/projects/${s.projectId}/areas`)).json().data;
    expect(areas.map((a: { id: number }) => a.id)).toEqual([s.deck5, s.cabin]);
    const subs = (await customer.get(`/api/client/projects/${s.projectId}/areas/${s.cabin}/subareas`)).json().data;
    expect(subs.map((a: { id: number }) => a.id)).toEqual([s.bath]);
  });

  it('answers 400 for ids that are not ids, never 5xx', async () => {
    for (const id of ['x', '-1', '0', '1e3', '99999999999']) {
      expect((await customer.get(`/api/client/tasks/${id}`)).statusCode, id).toBe(400);
    }
    const [acc] = await tdb.db.orm.select().from(accounts).limit(1);
    expect(acc).toBeDefined();
  });
});

describe('portal users', () => {
  it("lists the own company's people, never another company's", async () => {
    const other = await createCompany(tdb.db);
    await createClient(tdb.db, other.id);
    for (const who of [customer, acting]) {
      const res = await who.get('/api/client/users');
      expect(res.statusCode).toBe(200);
      const users = res.json().data as { name: string; email: string }[];
      expect(users).toHaveLength(2);
      expect(Object.keys(users[0] ?? {}).sort()).toEqual(['email', 'id', 'jobTitle', 'name', 'phone']);
    }
    expect((await staff.get('/api/client/users')).statusCode).toBe(403);
  });
});
