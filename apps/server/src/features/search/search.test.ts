import type { SearchGroup, SearchKind } from '@app/shared/search/search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { companyProducts, companyProjectAreas, companyUsers, employees, projectCompanies } from '../../db/schema';
import { createDrawingRow } from '../drawings/drawings.fixtures';
import { createArticle, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createTaskRow, createTicketRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;

/** Everything of one company named with the marker "Zephyr", so a search finds both companies' records. */
interface Seeded {
  companyId: number;
  projectId: number;
  deckId: number;
  areaId: number;
  otherAreaId: number;
  taskId: number;
  otherTaskId: number;
  ticketId: number;
  drawingId: number;
  companyProductId: number;
  companyUserId: number;
}

let a: Seeded;
let b: Seeded;
let productId: number;
let articleId: number;
let employeeId: number;
let admin: Agent;
let customerA: Agent;
let customerS: Agent;
let actingAsA: Agent;
let companySId: number;

async function seed(name: string): Promise<Seeded> {
  const company = await createCompany(tdb.db, { name: `${name} Zephyr Lines` });
  const project = await createProjectRow(tdb.db, { companyIds: [company.id], name: 'Zephyr refit' });
  const deck = await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '7', name: 'Deck seven' });
  const area = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: deck.id, number: '7001', name: 'Zephyr suite' });
  const other = await createAreaRow(tdb.db, project.id, {
    kind: 'area',
    parentId: deck.id,
    number: '7002',
    name: 'Zephyr lounge',
  });
  const task = await createTaskRow(tdb.db, project.id, area.id, { name: 'Zephyr carpet' });
  const otherTask = await createTaskRow(tdb.db, project.id, other.id, { name: 'Zephyr bar' });
  const ticket = await createTicketRow(tdb.db, project.id, { taskId: task.id, description: 'Zephyr carpet is torn' });
  const drawing = await createDrawingRow(tdb.db, { projectId: project.id, companyId: company.id, name: 'Zephyr plan' });
  const [cp] = await tdb.db.orm
    .insert(companyProducts)
    .values({ companyId: company.id, productId, reference: `REF-${name}` })
    .returning({ id: companyProducts.id });
  const client = await createClient(tdb.db, company.id);
  await tdb.db.orm.update(companyUsers).set({ firstName: 'Zephyr' }).where(eq(companyUsers.id, client.companyUserId));
  return {
    companyId: company.id,
    projectId: project.id,
    deckId: deck.id,
    areaId: area.id,
    otherAreaId: other.id,
    taskId: task.id,
    otherTaskId: otherTask.id,
    ticketId: ticket.id,
    drawingId: drawing.id,
    companyProductId: cp?.id ?? 0,
    companyUserId: client.companyUserId,
  };
}

const search = async (agent: Agent, q: string, extra = ''): Promise<SearchGroup[]> => {
  const res = await agent.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.groups;
};
const kindsOf = (groups: SearchGroup[]) => groups.map((g) => g.kind);
const idsOf = (groups: SearchGroup[], kind: SearchKind) => groups.find((g) => g.kind === kind)?.items.map((i) => i.id) ?? [];
const hitOf = (groups: SearchGroup[], kind: SearchKind, id: number) =>
  groups.find((g) => g.kind === kind)?.items.find((i) => i.id === id);

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  productId = (await createProduct(tdb.db, { nameNl: 'Zephyr stoel', nameEn: 'Zephyr chair' })).id;
  articleId = (await createArticle(tdb.db, { name: 'Zephyr fabric', sku: 'ZEP-001' })).id;
  a = await seed('Alpha');
  b = await seed('Beta');
  const emp = await createEmployee(tdb.db, { firstName: 'Zephyrine' });
  employeeId = emp.employeeId;
  await tdb.db.orm.update(employees).set({ insertion: 'van' }).where(eq(employees.id, employeeId));
  // Company S sees company A's project, limited to the other area (selected areas).
  companySId = (await createCompany(tdb.db, { name: 'Selected Shipping' })).id;
  await tdb.db.orm.insert(projectCompanies).values({ projectId: a.projectId, companyId: companySId, allAreas: false });
  await tdb.db.orm.insert(companyProjectAreas).values({ projectId: a.projectId, companyId: companySId, areaId: a.otherAreaId });

  admin = await t.signIn(await createEmployee(tdb.db, { admin: true, locale: 'en' }));
  const clientA = await createClient(tdb.db, a.companyId);
  customerA = await t.signIn(clientA);
  customerS = await t.signIn(await createClient(tdb.db, companySId));
  actingAsA = await t.signIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
  actingAsA.actingAs = a.companyId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('GET /api/search', () => {
  it('answers 401 to nobody signed in', async () => {
    const anonymous = t.agent();
    await anonymous.csrf();
    expect((await anonymous.get('/api/search?q=zephyr')).statusCode).toBe(401);
  });

  it.each([
    ['no q', ''],
    ['one character', 'q=z'],
    ['only spaces', 'q=%20%20%20'],
    ['over 100 characters', `q=${'z'.repeat(101)}`],
    ['a NUL', 'q=ze%00ph'],
    ['an unknown kind', 'q=zephyr&kinds=project,secrets'],
    ['a limit of 0', 'q=zephyr&limit=0'],
    ['a limit over 20', 'q=zephyr&limit=21'],
    ['an unknown parameter', 'q=zephyr&sql=1'],
    ['q twice', 'q=zephyr&q=zephyr'],
  ])('answers 400 for %s', async (_label, qs) => {
    const res = await admin.get(`/api/search?${qs}`);
    expect(res.statusCode, res.body).toBe(400);
  });

  it('finds every kind for an admin, with the back-office route that opens each record', async () => {
    const groups = await search(admin, 'zephyr', '&limit=20');
    expect(kindsOf(groups)).toEqual(['project', 'area', 'task', 'ticket', 'drawing', 'product', 'article', 'company', 'person']);
    expect(hitOf(groups, 'project', a.projectId)).toMatchObject({ title: 'Zephyr refit', url: `/projects/${a.projectId}` });
    expect(hitOf(groups, 'area', a.areaId)).toMatchObject({
      title: '7001 Zephyr suite',
      subtitle: 'Zephyr refit',
      url: `/projects/${a.projectId}/areas/${a.areaId}`,
    });
    expect(hitOf(groups, 'task', a.taskId)?.url).toBe(`/projects/${a.projectId}/areas/${a.areaId}/task/${a.taskId}`);
    expect(hitOf(groups, 'ticket', a.ticketId)?.url).toBe(`/tickets/${a.ticketId}`);
    expect(hitOf(groups, 'drawing', b.drawingId)?.url).toBe(`/projects/${b.projectId}/drawings/${b.drawingId}`);
    // The admin reads English: the product's English name.
    expect(hitOf(groups, 'product', productId)).toMatchObject({ title: 'Zephyr chair', url: `/products/${productId}` });
    expect(hitOf(groups, 'article', articleId)).toMatchObject({ title: 'Zephyr fabric', subtitle: 'ZEP-001' });
    expect(hitOf(groups, 'company', b.companyId)?.url).toBe(`/companies/${b.companyId}`);
    const people = groups.find((g) => g.kind === 'person')?.items ?? [];
    expect(people.map((p) => p.url)).toEqual(
      expect.arrayContaining([
        `/users/${employeeId}`,
        `/companies/${a.companyId}/users/${a.companyUserId}`,
        `/companies/${b.companyId}/users/${b.companyUserId}`,
      ]),
    );
    expect(people.find((p) => p.url === `/users/${employeeId}`)?.title).toMatch(/^Zephyrine van Employee/);
  });

  it('ranks a prefix match first, keeps to the limit per kind, and looks only in the asked kinds', async () => {
    const groups = await search(admin, 'zephyr', '&kinds=area,task&limit=1');
    expect(kindsOf(groups)).toEqual(['area', 'task']);
    expect(groups.every((g) => g.items.length === 1)).toBe(true);
    expect(idsOf(await search(admin, 'SUITE'), 'area').sort()).toEqual([a.areaId, b.areaId].sort());
    // The SKU and an article's name, case-insensitively.
    expect(idsOf(await search(admin, 'zep-0'), 'article')).toEqual([articleId]);
  });

  it('reads LIKE wildcards as text', async () => {
    expect(await search(admin, '%%')).toEqual([]);
    expect(await search(admin, '__')).toEqual([]);
    expect(await search(admin, 'zeph%r')).toEqual([]);
  });

  it('shows staff a kind only with its view right', async () => {
    const cases: [string[], SearchKind[]][] = [
      [[], []],
      [['projects.view'], ['project', 'area', 'task', 'ticket', 'drawing']],
      [['articles.view'], ['article']],
      [['products.manage'], ['product']],
      [['companies.act-as-client'], ['company']],
      [['companies.manage'], ['company', 'person']],
      [['hours.manage'], ['person']],
    ];
    for (const [permissions, kinds] of cases) {
      const agent = await t.signIn(await createEmployee(tdb.db, { permissions: permissions as never[] }));
      const groups = await search(agent, 'zephyr', '&limit=20');
      expect(kindsOf(groups), permissions.join(',')).toEqual(kinds);
    }
    // companies.manage finds the companies' users, not the employees; hours.manage the reverse.
    const accountManager = await t.signIn(await createEmployee(tdb.db, { permissions: ['companies.manage'] }));
    const people = (await search(accountManager, 'zephyr', '&kinds=person&limit=20'))[0]?.items ?? [];
    expect(people.every((p) => p.url.startsWith('/companies/'))).toBe(true);
  });

  it("gives a company user its own company's projects, areas, tasks, drawings, products and people, with portal routes, never another company's", async () => {
    const groups = await search(customerA, 'zephyr', '&limit=20');
    expect(kindsOf(groups)).toEqual(['project', 'area', 'task', 'drawing', 'product', 'person']);
    expect(idsOf(groups, 'project')).toEqual([a.projectId]);
    expect(idsOf(groups, 'area').sort()).toEqual([a.areaId, a.otherAreaId].sort());
    expect(idsOf(groups, 'task').sort()).toEqual([a.taskId, a.otherTaskId].sort());
    expect(idsOf(groups, 'drawing')).toEqual([a.drawingId]);
    expect(idsOf(groups, 'product')).toEqual([a.companyProductId]);
    expect(idsOf(groups, 'person')).toEqual([a.companyUserId]);
    expect(hitOf(groups, 'project', a.projectId)?.url).toBe(`/project/${a.projectId}`);
    expect(hitOf(groups, 'area', a.areaId)?.url).toBe(`/project/${a.projectId}/areas/${a.areaId}`);
    expect(hitOf(groups, 'task', a.taskId)?.url).toBe(`/task/${a.taskId}`);
    expect(hitOf(groups, 'drawing', a.drawingId)?.url).toBe(`/drawings/${a.drawingId}`);
    expect(hitOf(groups, 'product', a.companyProductId)).toMatchObject({
      title: 'Zephyr stoel',
      subtitle: 'REF-Alpha',
      url: `/product-files/${a.companyProductId}`,
    });
    expect(hitOf(groups, 'person', a.companyUserId)?.url).toBe('/users');
    const text = JSON.stringify(groups);
    expect(text).not.toContain('Beta');
    expect(text).not.toContain('REF-Beta');
    // Asking for staff-only kinds finds nothing rather than failing.
    expect(await search(customerA, 'zephyr', '&kinds=ticket,article,company')).toEqual([]);
  });

  it('limits a company with selected areas to those areas and their tasks', async () => {
    const groups = await search(customerS, 'zephyr', '&limit=20');
    expect(idsOf(groups, 'project')).toEqual([a.projectId]);
    expect(idsOf(groups, 'area')).toEqual([a.otherAreaId]);
    expect(idsOf(groups, 'task')).toEqual([a.otherTaskId]);
    // Company A's drawing, products and people are not company S's.
    expect(idsOf(groups, 'drawing')).toEqual([]);
    expect(idsOf(groups, 'product')).toEqual([]);
    expect(idsOf(groups, 'person')).toEqual([]);
  });

  it('shows an employee acting as a company what the company sees, without their staff kinds', async () => {
    const asCompany = await search(actingAsA, 'zephyr', '&limit=20');
    const asUser = await search(customerA, 'zephyr', '&limit=20');
    expect(asCompany).toEqual(asUser);
  });

  it('leaves out a deleted project and what lies in it', async () => {
    const gone = await createProjectRow(tdb.db, { companyIds: [a.companyId], name: 'Quokka gone', deleted: true });
    const area = await createAreaRow(tdb.db, gone.id, { kind: 'area', name: 'Quokka hall' });
    await createTaskRow(tdb.db, gone.id, area.id, { name: 'Quokka wall' });
    expect(await search(admin, 'quokka')).toEqual([]);
    expect(await search(customerA, 'quokka')).toEqual([]);
  });

  it('runs one statement besides the session load', async () => {
    const { count } = await countQueries(tdb.db, () => admin.get('/api/search?q=zephyr'));
    expect(count).toBeLessThanOrEqual(2);
  });
});
