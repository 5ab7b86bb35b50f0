import { eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/app';
import {
  companyPosts,
  companyProducts,
  companyProjectAreas,
  drawingComments,
  media,
  notifications,
  orderEvents,
  orderLines,
  orders,
  products,
  projectCompanies,
  projects,
} from '../src/db/schema';
import { createDrawingRow } from '../src/features/drawings/drawings.fixtures';
import { createMediaRow, createProduct } from '../src/features/products/catalogue.fixtures';
import {
  createAreaRow,
  createProjectChain,
  createProjectRow,
  type ProjectChain,
} from '../src/features/projects/projects.fixtures';
import { createTimelineTaskRow } from '../src/features/timeline/timeline.fixtures';
import type { Access } from '../src/platform/access';
import { createClient, createCompany } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { castOf } from './helpers/cast';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { paramsOf, tableDigest, validRouteInput } from './helpers/route-matrix';

/**
 * The tenancy matrix (Z2, Z5, Z6), generated from the registered
 * routes: a route added later is covered the day it is added, without anyone remembering to.
 *
 * Every route with a path parameter is called by a company user of company A and by an employee
 * acting as company A:
 * - an employee-only route answers 403 to both, whatever the id;
 * - any other route (public, signed-in, portal) must not show them a record outside their reach:
 *   it answers 404 with the same body as for an id that does not exist, and leaves the data as
 *   it was. For that, every path parameter of such a route needs an entry in FOREIGN below: how
 *   to make a record outside company A's reach (and, where it exists, one inside it, which must
 *   answer 2xx, so the 404 is proven to come from the scope and not from a broken route).
 * A route whose parameter has no entry fails this test with a message saying what to add.
 */

let tdb: TestDatabase;
let t: TestApp;
let anonymous: Agent;
let customerA: Agent;
/** A company user of company S, which sees only one other area of company A's project (selected areas). */
let customerS: Agent;
let companyS: { id: number; name: string };
let actingAsA: Agent & { fx: { accountId: number } };
let staffWithoutRights: Agent;
let admin: Agent;

interface Fixture {
  /** A record outside company A's reach. */
  foreign: string;
  /** A record inside it, when the aggregate has such records. */
  own?: string;
  /**
   * The route's other path parameters for each record (a task's project and area, …). The
   * foreign record is asked for under its own parents (the scope must stop it) and, when there
   * is an own record, under company A's parents too (the parent link must stop it); the own
   * record under its own parents.
   */
  context?: { foreign: Record<string, string>; own?: Record<string, string> };
}

/** Values for parameters that are not ids of a record (an enum in the path). */
const FIXED: Record<string, string> = { variant: 'thumb', kind: 'categories' };
/** An id that exists nowhere: its answer is the body a foreign record must not differ from. */
const MISSING = '2147483000';

const FOREIGN: Record<string, () => Promise<Fixture>> = {
  async companyId() {
    const a = companyA;
    const b = await createCompany(tdb.db, { name: 'Company B (foreign)' });
    return { foreign: String(b.id), own: String(a.id) };
  },
  async mediaId() {
    // An image stored for real, used by another company's project, that the acting employee
    // uploaded as staff: neither the staff rights nor "own uploads" may reach it through the
    // acting view.
    const storage = t.app.platform.storage;
    const id = await createMediaRow(tdb.db);
    const [row] = await tdb.db.orm.select({ key: media.storageKey }).from(media).where(eq(media.id, id));
    for (const key of [row?.key ?? '', `${row?.key}.thumb.webp`]) await storage.write(key, Buffer.from('image'));
    await tdb.db.orm.update(media).set({ createdBy: actingAsA.fx.accountId }).where(eq(media.id, id));
    const b = await createCompany(tdb.db, { name: 'Company B (images)' });
    const project = await createProjectRow(tdb.db, { companyIds: [b.id], name: 'Foreign image project' });
    await tdb.db.orm.update(projects).set({ featuredMediaId: id }).where(eq(projects.id, project.id));
    expect((await admin.get(`/api/media/${id}/thumb`)).statusCode, 'staff see the image').toBe(200);
    return { foreign: String(id) };
  },
  async productId() {
    const hidden = await createProduct(tdb.db, { published: false });
    const shown = await createProduct(tdb.db, { published: true });
    return { foreign: String(hidden.id), own: String(shown.id) };
  },
  // Inside projects: company B's project (attached to B only) and everything in it, against the
  // same records in a project attached to company A.
  projectId: projectFixture('projectId'),
  areaId: projectFixture('areaId'),
  taskId: projectFixture('taskId'),
  subtaskId: projectFixture('subtaskId'),
  ticketId: projectFixture('ticketId'),
  fileId: projectFixture('fileId'),
  // A published post of company B against one of company A (a draft of A would be foreign too).
  async postId() {
    const a = companyA;
    const b = await createCompany(tdb.db, { name: 'Company B (news)' });
    const post = (companyId: number) =>
      tdb.db.orm
        .insert(companyPosts)
        .values({
          companyId,
          title: 'News',
          bodyHtml: '<p>x</p>',
          status: 'published',
          publishAt: new Date('2026-01-01T00:00:00Z'),
        })
        .returning({ id: companyPosts.id });
    const [own] = await post(a.id);
    const [foreign] = await post(b.id);
    return { foreign: String(foreign?.id), own: String(own?.id) };
  },
  // A notification of a company B user's account (notifications belong to one account).
  async notificationId() {
    const b = await createCompany(tdb.db, { name: 'Company B (notifications)' });
    const someone = await createClient(tdb.db, b.id);
    const [n] = await tdb.db.orm
      .insert(notifications)
      .values({ accountId: someone.accountId, kind: 'post.published', data: {} })
      .returning({ id: notifications.id });
    return { foreign: String(n?.id) };
  },
  // The order line on each chain's sub-task (so in the chain's area), under its own project.
  orderLineId: projectFixture('orderLineId'),
  // A product assigned to company B against one assigned to company A; the product (unpublished)
  // has a stored tearsheet, so the own record's download answers too.
  async companyProductId() {
    const a = companyA;
    const b = await createCompany(tdb.db, { name: 'Company B (products)' });
    const storage = t.app.platform.storage;
    const key = storage.newKey();
    await storage.write(key, Buffer.from('tearsheet'));
    const [sheet] = await tdb.db.orm
      .insert(media)
      .values({ storageKey: key, originalName: 'sheet.jpg', mime: 'image/jpeg', size: 9 })
      .returning({ id: media.id });
    const product = await createProduct(tdb.db, { published: false });
    await tdb.db.orm
      .update(products)
      .set({ tearsheetMediaId: sheet?.id ?? null })
      .where(eq(products.id, product.id));
    const assign = async (companyId: number) => {
      const [row] = await tdb.db.orm
        .insert(companyProducts)
        .values({ companyId, productId: product.id })
        .returning({ id: companyProducts.id });
      return String(row?.id);
    };
    return { foreign: await assign(b.id), own: await assign(a.id) };
  },
  // A product request of company B against one of company A.
  async orderId() {
    const a = companyA;
    const b = await createCompany(tdb.db, { name: 'Company B (orders)' });
    const order = (companyId: number) =>
      tdb.db.orm
        .insert(orders)
        .values({ companyId, title: 'Request', newProductTitle: 'New chair' })
        .returning({ id: orders.id });
    const [own] = await order(a.id);
    const [foreign] = await order(b.id);
    return { foreign: String(foreign?.id), own: String(own?.id) };
  },
  // A question on an order of company B against one on an order of company A, each under its order.
  async eventId() {
    const b = await createCompany(tdb.db, { name: 'Company B (questions)' });
    const asked = async (companyId: number) => {
      const [order] = await tdb.db.orm
        .insert(orders)
        .values({ companyId, title: 'Request', newProductTitle: 'New chair' })
        .returning({ id: orders.id });
      const [question] = await tdb.db.orm
        .insert(orderEvents)
        .values({ orderId: order?.id ?? 0, kind: 'info_requested', comment: 'Which fabric?' })
        .returning({ id: orderEvents.id });
      return { orderId: String(order?.id), eventId: String(question?.id) };
    };
    const own = await asked(companyA.id);
    const foreign = await asked(b.id);
    return { foreign: foreign.eventId, own: own.eventId, context: { foreign, own } };
  },
  // A drawing (with a version) made for company B on B's project, against one made for company A
  // on A's project: each under its own project, and the foreign one under A's too.
  drawingId: drawingFixture('drawingId'),
  versionId: drawingFixture('versionId'),
  // A markup comment on each of those drawings' versions.
  commentId: drawingFixture('commentId'),
  // A timeline item on the area of each chain's project.
  async timelineTaskId() {
    const { own, foreign } = await projectChains();
    const ownItem = await createTimelineTaskRow(tdb.db, own.projectId, { areaId: own.areaId });
    const foreignItem = await createTimelineTaskRow(tdb.db, foreign.projectId, { areaId: foreign.areaId });
    return {
      foreign: String(foreignItem.id),
      own: String(ownItem.id),
      context: { foreign: { projectId: String(foreign.projectId) }, own: { projectId: String(own.projectId) } },
    };
  },
};

let chains: Promise<{ own: ProjectChain; foreign: ProjectChain }> | null = null;
/** The order line on each chain's sub-task, by project. */
const orderLineOf = new Map<number, number>();

/** One project with a deck, area, sub-area, task, sub-task, ticket and files for company A, and one for company B (made once). */
function projectChains() {
  chains ??= (async () => {
    const a = companyA;
    const b = await createCompany(tdb.db, { name: 'Company B (projects)' });
    const storage = t.app.platform.storage;
    const own = await createProjectChain(tdb.db, { companyIds: [a.id], storage, name: 'Own project' });
    // Company S shares the own project, limited to one other cabin on the same deck: the chain's
    // area and everything under it are outside its selection.
    const s = companyS;
    const allowed = await createAreaRow(tdb.db, own.projectId, {
      kind: 'area',
      parentId: own.deckId,
      number: '5099',
      name: 'S cabin',
    });
    await tdb.db.orm.insert(projectCompanies).values({ projectId: own.projectId, companyId: s.id, allAreas: false });
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId: own.projectId, companyId: s.id, areaId: allowed.id });
    const foreign = await createProjectChain(tdb.db, { companyIds: [b.id], storage, name: 'Foreign project' });
    const product = await createProduct(tdb.db);
    for (const c of [own, foreign]) {
      const [line] = await tdb.db.orm
        .insert(orderLines)
        .values({ subtaskId: c.subtaskId, projectId: c.projectId, productId: product.id, quantity: 1 })
        .returning({ id: orderLines.id });
      orderLineOf.set(c.projectId, line?.id ?? 0);
    }
    return { own, foreign };
  })();
  return chains;
}

/** A fixture for one parameter of the project chain, with the chain's other ids as the route's other parameters. */
function projectFixture(param: 'projectId' | 'areaId' | 'taskId' | 'subtaskId' | 'ticketId' | 'fileId' | 'orderLineId') {
  const params = (c: ProjectChain): Record<string, string> => ({
    projectId: String(c.projectId),
    areaId: String(c.areaId),
    taskId: String(c.taskId),
    subtaskId: String(c.subtaskId),
    ticketId: String(c.ticketId),
    fileId: String(c.fileId),
    orderLineId: String(orderLineOf.get(c.projectId)),
  });
  return async (): Promise<Fixture> => {
    const { own, foreign } = await projectChains();
    return {
      foreign: params(foreign)[param] as string,
      own: params(own)[param] as string,
      context: { foreign: params(foreign), own: params(own) },
    };
  };
}

let drawingPair: Promise<{ own: Record<string, string>; foreign: Record<string, string> }> | null = null;
/** A fixture for a drawing's parameters: company A's drawing on the own chain's project, company B's on a project of B. */
function drawingFixture(param: 'drawingId' | 'versionId' | 'commentId') {
  return async (): Promise<Fixture> => {
    drawingPair ??= (async () => {
      const { own } = await projectChains();
      const b = await createCompany(tdb.db, { name: 'Company B (drawings)' });
      const foreignProject = await createProjectRow(tdb.db, { companyIds: [b.id], name: 'Foreign drawings project' });
      const storage = t.app.platform.storage;
      const comments = [{ versionIndex: 0, body: 'Markup' }];
      const mine = await createDrawingRow(tdb.db, { projectId: own.projectId, companyId: companyA.id, storage, comments });
      const theirs = await createDrawingRow(tdb.db, { projectId: foreignProject.id, companyId: b.id, storage, comments });
      const commentOf = async (drawingId: number) =>
        (
          await tdb.db.orm
            .select({ id: drawingComments.id })
            .from(drawingComments)
            .where(eq(drawingComments.drawingId, drawingId))
        )[0]?.id;
      const params = async (projectId: number, d: { id: number; versionIds: number[] }) => ({
        projectId: String(projectId),
        drawingId: String(d.id),
        versionId: String(d.versionIds[0]),
        commentId: String(await commentOf(d.id)),
      });
      return { own: await params(own.projectId, mine), foreign: await params(foreignProject.id, theirs) };
    })();
    const { own, foreign } = await drawingPair;
    return { foreign: foreign[param] as string, own: own[param] as string, context: { foreign, own } };
  };
}

let companyA: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { staffWithoutRights: { permissions: [] }, admin: { admin: true } },
    companies: { a: { name: 'Company A (own)' }, s: { name: 'Company S (selected areas)' } },
    clients: { customerA: { company: 'a' }, customerS: { company: 's' } },
    // Acting with every staff right: the acting view must lose all of them.
    acting: { actingAsA: { admin: true, company: 'a' } },
    anon: true,
  });
  ({ customerA, customerS, actingAsA, staffWithoutRights, admin, anon: anonymous } = cast);
  ({ a: companyA, s: companyS } = cast.companies);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** The application's own routes with a path parameter (HEAD twins and the API docs left out). */
function routesWithParams(): RouteRecord[] {
  return t.app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && /\/:[A-Za-z]+/.test(r.url));
}

const fill = (url: string, values: Record<string, string>) => url.replace(/:([A-Za-z]+)/g, (_, p: string) => values[p] ?? '1');

const digest = () => tableDigest(tdb.db);

/** The comparable part of an error body: everything but the request id. */
function errorShape(res: InjectResponse): unknown {
  const { requestId: _id, ...rest } = res.json() as Record<string, unknown>;
  return { status: res.statusCode, ...rest };
}

/** Parameters of records that lie in an area: outside a selected-areas company's selection they are not found. */
const HIDDEN_FOR_SELECTED = new Set(['areaId', 'taskId', 'subtaskId', 'ticketId', 'orderLineId']);

const portalViews = () =>
  [
    ['a company user of A', customerA],
    ['an employee acting as A', actingAsA],
  ] as const;

describe('tenancy matrix, generated from the registered routes (Z2, Z5)', () => {
  it('covers routes with path parameters (the generated list is not empty)', () => {
    expect(routesWithParams().length).toBeGreaterThan(10);
  });

  it('employee-only routes answer 403 to a company user and to an employee acting as a company, 401 to nobody signed in', async () => {
    const before = await digest();
    const routes = routesWithParams().filter((r) => (r.config?.access as Access | undefined)?.kind === 'employee');
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const url = fill(r.url, FIXED);
      for (const [who, agent] of portalViews()) {
        const res = await agent.request(r.method, url, r.schema?.body ? { body: {} } : {});
        expect(res.statusCode, `${r.method} ${url} as ${who}: ${res.body}`).toBe(403);
      }
      const res = await anonymous.request(r.method, url);
      expect(res.statusCode, `${r.method} ${url} anonymous`).toBe(401);
    }
    expect(await digest()).toBe(before);
  });

  it("every other route shows a record outside the caller's reach as not found, exactly like a missing id", async () => {
    const routes = routesWithParams().filter((r) => (r.config?.access as Access | undefined)?.kind !== 'employee');
    expect(routes.length).toBeGreaterThan(0);
    const missingFixtures = routes.flatMap((r) =>
      paramsOf(r.url)
        .filter((p) => !(p in FIXED) && !(p in FOREIGN))
        .map((p) => `${r.method} ${r.url}: add FOREIGN.${p} (how to make a record outside company A's reach)`),
    );
    expect(missingFixtures).toEqual([]);

    for (const r of routes) {
      const ids = paramsOf(r.url).filter((p) => p in FOREIGN);
      for (const param of ids) {
        const fx = await (FOREIGN[param] as () => Promise<Fixture>)();
        const before = await digest();
        const { body, query } = validRouteInput(r, fx.own === undefined ? {} : { [param]: fx.own });
        const send = body === undefined ? {} : { body };
        const parents = [fx.context?.foreign ?? {}, ...(fx.context?.own ? [fx.context.own] : [])];
        for (const [who, agent] of portalViews()) {
          for (const [i, others] of parents.entries()) {
            const label = `${r.method} ${r.url} (${param}${i ? ", under company A's parents" : ''}) as ${who}`;
            const foreign = await agent.request(
              r.method,
              fill(r.url, { ...FIXED, ...others, [param]: fx.foreign }) + query,
              send,
            );
            const missing = await agent.request(r.method, fill(r.url, { ...FIXED, ...others, [param]: MISSING }) + query, send);
            expect(foreign.statusCode, `${label}: ${foreign.body}`).toBe(404);
            expect(errorShape(foreign), `${label}: the body differs from a missing id's`).toEqual(errorShape(missing));
          }
          // Z3: company S sees the own project but not the chain's area: what lies in that area is
          // not found for S either, with the body of a missing id.
          if (fx.own !== undefined && HIDDEN_FOR_SELECTED.has(param) && who === portalViews()[0][0]) {
            const label = `${r.method} ${r.url} (${param}) as a company user with selected areas only`;
            const own = fx.context?.own ?? {};
            const hidden = await customerS.request(r.method, fill(r.url, { ...FIXED, ...own, [param]: fx.own }) + query, send);
            const missing = await customerS.request(r.method, fill(r.url, { ...FIXED, ...own, [param]: MISSING }) + query, send);
            expect(hidden.statusCode, `${label}: ${hidden.body}`).toBe(404);
            expect(errorShape(hidden), `${label}: the body differs from a missing id's`).toEqual(errorShape(missing));
          }
          if (fx.own !== undefined && r.method === 'GET' && param !== 'mediaId') {
            const label = `${r.method} ${r.url} (${param}) as ${who}`;
            const own = await agent.request(r.method, fill(r.url, { ...FIXED, ...(fx.context?.own ?? {}), [param]: fx.own }));
            expect(own.statusCode, `${label}, own record: ${own.body}`).toBeLessThan(300);
          }
        }
        expect(await digest(), `${r.method} ${r.url} changed data`).toBe(before);
      }
    }
  }, 180_000);
});

describe('company scope (Z2)', () => {
  it('GET /api/companies/:companyId: 401 anonymous; a company user and an acting employee read only their own company', async () => {
    const a = companyA;
    const b = await createCompany(tdb.db);
    expect((await anonymous.get(`/api/companies/${a.id}`)).statusCode).toBe(401);
    for (const [who, agent] of portalViews()) {
      const own = await agent.get(`/api/companies/${a.id}`);
      expect(own.statusCode, who).toBe(200);
      expect(own.json().data).toMatchObject({ id: a.id, name: a.name, abilities: { canEdit: false, canActAs: false } });
      expect((await agent.get(`/api/companies/${b.id}`)).statusCode, who).toBe(404);
    }
  });

  it('staff with a company right read any company; staff without one find none', async () => {
    const b = await createCompany(tdb.db, { name: 'Staff-visible B' });
    const res = await admin.get(`/api/companies/${b.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: b.id, name: 'Staff-visible B', abilities: { canEdit: true, canActAs: true } });
    expect((await staffWithoutRights.get(`/api/companies/${b.id}`)).statusCode).toBe(404);
    // The list route is employee-only: refused, not empty.
    expect((await staffWithoutRights.get('/api/companies')).statusCode).toBe(403);
  });

  it('a breadcrumb names only a company the caller may see', async () => {
    const a = companyA;
    const b = await createCompany(tdb.db, { name: 'Crumb B' });
    const own = (await customerA.get(`/api/breadcrumbs/slugs?companyId=${a.id}`)).json();
    const other = (await customerA.get(`/api/breadcrumbs/slugs?companyId=${b.id}`)).json();
    expect(JSON.stringify(own)).toContain(a.name);
    expect(JSON.stringify(other)).not.toContain('Crumb B');
    expect(JSON.stringify((await admin.get(`/api/breadcrumbs/slugs?companyId=${b.id}`)).json())).toContain('Crumb B');
  });

  it('a company user cannot start acting as any company, their own included', async () => {
    const a = companyA;
    expect((await customerA.post('/api/acting-as', { companyId: a.id })).statusCode).toBe(403);
  });
});

describe('one search: the scope follows the actor', () => {
  it("never shows a portal view another company's record named the same, nor staff a kind without its right", async () => {
    const a = companyA;
    const b = await createCompany(tdb.db, { name: 'Company B (search)' });
    const twin = async (companyId: number) => {
      const project = await createProjectRow(tdb.db, { companyIds: [companyId], name: 'Twin project' });
      const area = await createAreaRow(tdb.db, project.id, { kind: 'area', name: 'Twin area' });
      const drawing = await createDrawingRow(tdb.db, { projectId: project.id, companyId, name: 'Twin drawing' });
      return { project: project.id, area: area.id, drawing: drawing.id };
    };
    const own = await twin(a.id);
    const foreign = await twin(b.id);
    const ids = (groups: { kind: string; items: { id: number }[] }[], kind: string) =>
      groups.find((g) => g.kind === kind)?.items.map((i) => i.id) ?? [];
    for (const [who, agent] of portalViews()) {
      const res = await agent.get('/api/search?q=twin&limit=20');
      expect(res.statusCode, who).toBe(200);
      const groups = res.json().data.groups;
      expect(ids(groups, 'project'), who).toEqual([own.project]);
      expect(ids(groups, 'area'), who).toEqual([own.area]);
      expect(ids(groups, 'drawing'), who).toEqual([own.drawing]);
      expect(res.body, who).not.toContain('Company B');
    }
    // Company S sees none of A's twins (not attached to that project).
    expect((await customerS.get('/api/search?q=twin')).json().data.groups).toEqual([]);
    // Staff without rights: nothing of any kind; an admin finds both companies' twins.
    expect((await staffWithoutRights.get('/api/search?q=twin')).json().data.groups).toEqual([]);
    const all = (await admin.get('/api/search?q=twin&limit=20')).json().data.groups;
    expect(ids(all, 'project').sort()).toEqual([own.project, foreign.project].sort());
    expect(ids(all, 'drawing').sort()).toEqual([own.drawing, foreign.drawing].sort());
  });
});
