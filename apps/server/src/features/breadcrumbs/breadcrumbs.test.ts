import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee, createRole } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import {
  companies,
  companyPosts,
  companyProducts,
  companyProjectAreas,
  companyUsers,
  orderLines,
  projectCompanies,
  projects,
  subtasks,
  tasks,
  tickets,
} from '../../db/schema';
import { createArticle, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectChain, type ProjectChain } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
let role: { id: number; slug: string };

async function signedIn(fx: { email: string; password: string }): Promise<Agent> {
  const a = t.agent();
  await a.login(fx.email, fx.password);
  return a;
}

const slugs = async (a: Agent, query: string) => {
  const res = await a.get(`/api/breadcrumbs/slugs?${query}`);
  expect(res.statusCode, query).toBe(200);
  return res.json().data.slugs;
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  companyA = await createCompany(tdb.db, { name: 'Alpha Cruises' });
  companyB = await createCompany(tdb.db, { name: 'Beta Resorts' });
  role = await createRole(tdb.db, { slug: 'crumb-role', name: 'Crumb Role' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('GET /api/breadcrumbs/slugs', () => {
  it('answers titles to an employee allowed to see them', async () => {
    const a = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.manage', 'users.manage-roles'] }));
    expect(await slugs(a, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({
      companyId: 'Alpha Cruises',
      roleId: 'Crumb Role',
    });
    const admin = await signedIn(await createEmployee(tdb.db, { admin: true }));
    expect(await slugs(admin, `companyId=${companyB.id}&roleId=${role.id}`)).toEqual({
      companyId: 'Beta Resorts',
      roleId: 'Crumb Role',
    });
  });

  it('answers null for what the employee may not see', async () => {
    const none = await signedIn(await createEmployee(tdb.db, { permissions: ['projects.view'] }));
    expect(await slugs(none, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({ companyId: null, roleId: null });
    const actOnly = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
    expect(await slugs(actOnly, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({
      companyId: 'Alpha Cruises',
      roleId: null,
    });
  });

  it("gives a company user its own company's name and null for another company's id, exactly as for a missing id (Z2)", async () => {
    const user = await signedIn(await createClient(tdb.db, companyA.id));
    expect(await slugs(user, `companyId=${companyA.id}`)).toEqual({ companyId: 'Alpha Cruises' });
    const foreign = await user.get(`/api/breadcrumbs/slugs?companyId=${companyB.id}`);
    const missing = await user.get('/api/breadcrumbs/slugs?companyId=987654');
    expect(foreign.json()).toEqual({ data: { slugs: { companyId: null } } });
    expect(foreign.body).toBe(missing.body);
    expect(foreign.body).not.toContain('Beta');
    expect(await slugs(user, `roleId=${role.id}`)).toEqual({ roleId: null });
  });

  it('scopes an employee acting as a company to that company', async () => {
    const a = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client', 'users.manage-roles'] }));
    a.actingAs = companyA.id;
    expect(await slugs(a, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({ companyId: 'Alpha Cruises', roleId: null });
    expect(await slugs(a, `companyId=${companyB.id}`)).toEqual({ companyId: null });
  });

  it('answers nulls to an anonymous caller', async () => {
    expect(await slugs(t.agent(), `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({ companyId: null, roleId: null });
  });

  it('names an archived company for staff (its page offers the restore), not for its own former users; an empty map without params', async () => {
    const gone = await createCompany(tdb.db, { name: 'Gone Ltd' });
    const user = await signedIn(await createClient(tdb.db, gone.id));
    await tdb.db.orm.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone.id));
    const admin = await signedIn(await createEmployee(tdb.db, { admin: true }));
    expect(await slugs(admin, `companyId=${gone.id}`)).toEqual({ companyId: 'Gone Ltd' });
    // The former user's session ended with the archive: as anyone signed out, no name.
    expect(await slugs(user, `companyId=${gone.id}`)).toEqual({ companyId: null });
    expect(await slugs(admin, '')).toEqual({});
  });

  it("names a company user (clientId) to whoever keeps the company's users; null to anyone else, a colleague in the portal too", async () => {
    const person = await createClient(tdb.db, companyA.id);
    const [row] = await tdb.db.orm
      .select({ first: companyUsers.firstName, last: companyUsers.lastName })
      .from(companyUsers)
      .where(eq(companyUsers.id, person.companyUserId));
    const fullName = `${row?.first} ${row?.last}`;
    const manager = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.manage'] }));
    expect(await slugs(manager, `companyId=${companyA.id}&clientId=${person.companyUserId}`)).toEqual({
      companyId: 'Alpha Cruises',
      clientId: fullName,
    });
    const actOnly = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
    expect(await slugs(actOnly, `clientId=${person.companyUserId}`)).toEqual({ clientId: null });
    const colleague = await signedIn(await createClient(tdb.db, companyA.id));
    expect(await slugs(colleague, `clientId=${person.companyUserId}`)).toEqual({ clientId: null });
    const other = await signedIn(await createClient(tdb.db, companyB.id));
    const foreign = await other.get(`/api/breadcrumbs/slugs?clientId=${person.companyUserId}`);
    const missing = await other.get('/api/breadcrumbs/slugs?clientId=987654');
    expect(foreign.body).toBe(missing.body);
    expect(await slugs(manager, 'clientId=987654')).toEqual({ clientId: null });
  });

  it('answers 400 for an unknown slug name, a bad id or a repeated parameter (I1, I4)', async () => {
    const admin = await signedIn(await createEmployee(tdb.db, { admin: true }));
    const bad = [
      'leaveRequestId=1',
      '__proto__=1',
      'companyId=x',
      'companyId=-1',
      'companyId=1e9',
      'companyId=0x10',
      'companyId=0',
      'companyId=99999999999',
      'companyId=',
      `companyId=${companyA.id}&companyId=${companyB.id}`,
    ];
    for (const q of bad) {
      const res = await admin.get(`/api/breadcrumbs/slugs?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.body).not.toContain('Alpha');
    }
  });
});

describe('GET /api/breadcrumbs/slugs inside projects', () => {
  const crumbs = (c: ProjectChain) =>
    `projectId=${c.projectId}&areaId=${c.areaId}&taskId=${c.taskId}&subTaskId=${c.subtaskId}&ticketId=${c.ticketId}`;
  const nulls = { projectId: null, areaId: null, taskId: null, subTaskId: null, ticketId: null };
  let own: ProjectChain;
  let foreign: ProjectChain;
  let titles: Record<string, string>;

  beforeAll(async () => {
    own = await createProjectChain(tdb.db, { companyIds: [companyA.id], name: 'MS Voyager refit' });
    foreign = await createProjectChain(tdb.db, { companyIds: [companyB.id], name: 'Hotel Beta lobby' });
    const task = (await tdb.db.orm.select().from(tasks).where(eq(tasks.id, own.taskId)))[0];
    const subtask = (await tdb.db.orm.select().from(subtasks).where(eq(subtasks.id, own.subtaskId)))[0];
    const long = 'De deur van kajuit 5001 klemt bij het sluiten en de scharnieren moeten worden vervangen voor de oplevering';
    await tdb.db.orm.update(tickets).set({ description: long }).where(eq(tickets.id, own.ticketId));
    titles = {
      projectId: 'MS Voyager refit',
      areaId: '5001 · Cabin',
      taskId: task?.name ?? '',
      subTaskId: subtask?.name ?? '',
      ticketId: `${long.slice(0, 59)}…`,
    };
  });

  it('names a project, area ("number name", or the name), task, sub-task and ticket (cut to 60) for staff with a projects right', async () => {
    const viewer = await signedIn(await createEmployee(tdb.db, { permissions: ['projects.view'] }));
    expect(await slugs(viewer, crumbs(own))).toEqual(titles);
    expect([...(titles.ticketId ?? '')]).toHaveLength(60);
    expect(await slugs(viewer, `areaId=${own.deckId}`)).toEqual({ areaId: 'Deck 5' });
    expect(await slugs(viewer, `areaId=${own.subareaId}`)).toEqual({ areaId: 'Bathroom' });
    // A deleted project is still named for staff (its page offers the restore).
    await tdb.db.orm.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, foreign.projectId));
    expect((await slugs(viewer, `projectId=${foreign.projectId}`)).projectId).toBe('Hotel Beta lobby');
    await tdb.db.orm.update(projects).set({ deletedAt: null }).where(eq(projects.id, foreign.projectId));
  });

  it('answers nulls to staff without a projects right and to anonymous callers', async () => {
    const none = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.manage'] }));
    expect(await slugs(none, crumbs(own))).toEqual(nulls);
    expect(await slugs(t.agent(), crumbs(own))).toEqual(nulls);
  });

  it("names the portal view's own records and answers another company's exactly like missing ids (Z2)", async () => {
    const user = await signedIn(await createClient(tdb.db, companyA.id));
    const acting = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
    acting.actingAs = companyA.id;
    for (const who of [user, acting]) {
      expect(await slugs(who, crumbs(own))).toEqual(titles);
      const other = await who.get(`/api/breadcrumbs/slugs?${crumbs(foreign)}`);
      const missing = await who.get(
        '/api/breadcrumbs/slugs?projectId=987654&areaId=987654&taskId=987654&subTaskId=987654&ticketId=987654',
      );
      expect(other.json()).toEqual({ data: { slugs: nulls } });
      expect(other.body).toBe(missing.body);
    }
    // Limited to other areas: the area and what lies in it are hidden, the project is not.
    const limited = await createProjectChain(tdb.db, { companyIds: [companyA.id], name: 'Limited' });
    const elsewhere = await createAreaRow(tdb.db, limited.projectId);
    await tdb.db.orm
      .update(projectCompanies)
      .set({ allAreas: false })
      .where(sql`${projectCompanies.projectId} = ${limited.projectId} AND ${projectCompanies.companyId} = ${companyA.id}`);
    await tdb.db.orm
      .insert(companyProjectAreas)
      .values({ projectId: limited.projectId, companyId: companyA.id, areaId: elsewhere.id });
    expect(await slugs(user, crumbs(limited))).toEqual({ ...nulls, projectId: 'Limited' });
    // A deleted project is gone from the portal.
    await tdb.db.orm.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, limited.projectId));
    expect((await slugs(user, `projectId=${limited.projectId}`)).projectId).toBeNull();
  });
});

describe('GET /api/breadcrumbs/slugs for the portal’s order lines, company products and news posts', () => {
  let own: ProjectChain;
  let foreign: ProjectChain;
  let ownLine: number;
  let articleLine: number;
  let foreignLine: number;
  let ownProduct: number;
  let foreignProduct: number;
  let published: number;
  let draft: number;
  let future: number;
  let foreignPost: number;

  beforeAll(async () => {
    own = await createProjectChain(tdb.db, { companyIds: [companyA.id], name: 'Crumb ship' });
    foreign = await createProjectChain(tdb.db, { companyIds: [companyB.id], name: 'Crumb hotel' });
    const product = await createProduct(tdb.db, { nameNl: 'Kruimelbank', nameEn: 'Crumb sofa' });
    const article = await createArticle(tdb.db, { name: 'Artikel kruimel' });
    const line = async (c: ProjectChain, item: { productId: number } | { articleId: number }) => {
      const [row] = await tdb.db.orm
        .insert(orderLines)
        .values({ subtaskId: c.subtaskId, projectId: c.projectId, quantity: 1, ...item })
        .returning({ id: orderLines.id });
      return row?.id ?? 0;
    };
    ownLine = await line(own, { productId: product.id });
    articleLine = await line(own, { articleId: article.id });
    foreignLine = await line(foreign, { productId: product.id });
    const assign = async (companyId: number, c: ProjectChain, orderLineId: number) => {
      const [row] = await tdb.db.orm
        .insert(companyProducts)
        .values({ companyId, productId: product.id, projectId: c.projectId, orderLineId })
        .returning({ id: companyProducts.id });
      return row?.id ?? 0;
    };
    ownProduct = await assign(companyA.id, own, ownLine);
    foreignProduct = await assign(companyB.id, foreign, foreignLine);
    const post = async (companyId: number, title: string, status: 'published' | 'draft', publishAt: Date | null) => {
      const [row] = await tdb.db.orm
        .insert(companyPosts)
        .values({ companyId, title, bodyHtml: '<p>x</p>', status, publishAt })
        .returning({ id: companyPosts.id });
      return row?.id ?? 0;
    };
    published = await post(companyA.id, 'Nieuws van de werf', 'published', new Date('2026-01-01T00:00:00Z'));
    draft = await post(companyA.id, 'Concept', 'draft', null);
    future = await post(companyA.id, 'Later', 'published', new Date('2999-01-01T00:00:00Z'));
    foreignPost = await post(companyB.id, 'Nieuws van Beta', 'published', new Date('2026-01-01T00:00:00Z'));
  });

  const q = (o: Record<string, number>) =>
    Object.entries(o)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');

  it("names the portal view's own order line, company product and published post in its language", async () => {
    const user = await signedIn(await createClient(tdb.db, companyA.id));
    const en = await signedIn(await createClient(tdb.db, companyA.id, { locale: 'en' }));
    const acting = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
    acting.actingAs = companyA.id;
    for (const who of [user, acting]) {
      expect(await slugs(who, q({ orderlineId: ownLine, companyProductId: ownProduct, postId: published }))).toEqual({
        orderlineId: 'Kruimelbank',
        companyProductId: 'Kruimelbank',
        postId: 'Nieuws van de werf',
      });
      expect(await slugs(who, q({ orderlineId: articleLine }))).toEqual({ orderlineId: 'Artikel kruimel' });
    }
    expect(await slugs(en, q({ orderlineId: ownLine, companyProductId: ownProduct }))).toEqual({
      orderlineId: 'Crumb sofa',
      companyProductId: 'Crumb sofa',
    });
  });

  it("answers another company's records, a draft and a scheduled post exactly like missing ids (Z2)", async () => {
    const user = await signedIn(await createClient(tdb.db, companyA.id));
    const nulls = { orderlineId: null, companyProductId: null, postId: null };
    const other = await user.get(
      `/api/breadcrumbs/slugs?${q({ orderlineId: foreignLine, companyProductId: foreignProduct, postId: foreignPost })}`,
    );
    const missing = await user.get(
      `/api/breadcrumbs/slugs?${q({ orderlineId: 987654, companyProductId: 987654, postId: 987654 })}`,
    );
    expect(other.json()).toEqual({ data: { slugs: nulls } });
    expect(other.body).toBe(missing.body);
    expect(await slugs(user, q({ postId: draft }))).toEqual({ postId: null });
    expect(await slugs(user, q({ postId: future }))).toEqual({ postId: null });
    expect(await slugs(t.agent(), q({ orderlineId: ownLine, companyProductId: ownProduct, postId: published }))).toEqual(nulls);
  });

  it('hides an order line and the company product on it from a company limited to other areas', async () => {
    const user = await signedIn(await createClient(tdb.db, companyA.id));
    const elsewhere = await createAreaRow(tdb.db, own.projectId);
    await tdb.db.orm
      .update(projectCompanies)
      .set({ allAreas: false })
      .where(sql`${projectCompanies.projectId} = ${own.projectId} AND ${projectCompanies.companyId} = ${companyA.id}`);
    await tdb.db.orm
      .insert(companyProjectAreas)
      .values({ projectId: own.projectId, companyId: companyA.id, areaId: elsewhere.id });
    expect(await slugs(user, q({ orderlineId: ownLine, companyProductId: ownProduct }))).toEqual({
      orderlineId: null,
      companyProductId: null,
    });
  });
});
