import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { articles, companyProducts, companyProjectAreas, orderLines, projectCompanies } from '../../db/schema';
import { createArticle, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let customer: Agent;
let other: Agent;
let companyId: number;
let otherId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['companies.manage'] } },
    companies: { company: { name: 'Products Co' }, other: { name: 'Other Products Co' } },
    clients: { customer: { company: 'company' }, other: { company: 'other' } },
  });
  ({ manager, customer, other } = cast);
  companyId = cast.companies.company.id;
  otherId = cast.companies.other.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** A product made from an article of the given type. */
async function product(name: string, typeName: string | null) {
  const article = await createArticle(tdb.db, { typeName: typeName ?? undefined, sku: `SKU-${name}` });
  if (typeName === null) await tdb.db.orm.update(articles).set({ typeName: null }).where(eq(articles.id, article.id));
  return (await createProduct(tdb.db, { nameNl: name, nameEn: `${name} (en)`, articleId: article.id })).id;
}
/** A project of the company with an order line on cabin 5001 (and cabin 6001 for selections). */
async function project() {
  const p = await createProjectRow(tdb.db, { companyIds: [companyId] });
  const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Dek 5' });
  const cabin = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Hut' });
  const other = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5002', name: 'Hut' });
  const task = await createTaskRow(tdb.db, p.id, cabin.id);
  const sub = await createSubtaskRow(tdb.db, p.id, task.id);
  const pid = await product(`Line ${p.id}`, 'Bed');
  const [line] = await tdb.db.orm
    .insert(orderLines)
    .values({ subtaskId: sub.id, projectId: p.id, productId: pid, quantity: 1 })
    .returning({ id: orderLines.id });
  return { projectId: p.id, cabin: cabin.id, other: other.id, orderLineId: line?.id ?? 0 };
}
const url = (c: number, id?: number, tail = '') => `/api/companies/${c}/products${id === undefined ? '' : `/${id}`}${tail}`;

describe('company products: the back office', () => {
  it('answers 401 anonymous and 403 to a company user', async () => {
    const anon = t.agent();
    await anon.csrf();
    expect((await anon.get(url(companyId))).statusCode).toBe(401);
    expect((await customer.get(url(companyId))).statusCode).toBe(403);
    expect((await customer.post(url(companyId), { productId: 1 })).statusCode).toBe(403);
  });

  it('assigns a product with a reference, for a project and an order line; the type name comes with it and follows the article', async () => {
    const p = await project();
    const pid = await product('Kast Oslo', 'Kast');
    const res = await manager.post(url(companyId), {
      productId: pid,
      projectId: p.projectId,
      orderLineId: p.orderLineId,
      reference: ' REF-1 ',
      notes: 'Hut 5001',
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      product: { id: pid, name: 'Kast Oslo', code: 'SKU-Kast Oslo', thumbUrl: null },
      typeName: 'Kast',
      project: { id: p.projectId },
      orderLineId: p.orderLineId,
      reference: 'REF-1',
      version: 1,
    });
    // An ERP sync renames the type: the company product follows (a trigger).
    const [row] = await tdb.db.orm.select({ articleId: articles.id }).from(articles).where(eq(articles.sku, 'SKU-Kast Oslo'));
    await tdb.db.orm
      .update(articles)
      .set({ typeName: 'Kasten' })
      .where(eq(articles.id, row?.articleId ?? 0));
    expect((await manager.get(url(companyId, item.id))).json().data.typeName).toBe('Kasten');
    // Twice for the same project is a field error.
    const twice = await manager.post(url(companyId), { productId: pid, projectId: p.projectId });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fieldErrors.productId.code).toBe('duplicate');
  });

  it("refuses a product that does not exist, a project the company is not attached to and another project's order line", async () => {
    const p = await project();
    const q = await project();
    const foreignProject = await createProjectRow(tdb.db, { companyIds: [otherId] });
    const pid = await product('Stoel', 'Stoel');
    for (const [body, field] of [
      [{ productId: 2147483000 }, 'productId'],
      [{ productId: pid, projectId: foreignProject.id }, 'projectId'],
      [{ productId: pid, projectId: p.projectId, orderLineId: q.orderLineId }, 'orderLineId'],
    ] as const) {
      const res = await manager.post(url(companyId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field].code).toBe('not_found');
    }
  });

  it('edits with the version and removes; another company’s row is not found under this one', async () => {
    const pid = await product('Lamp', 'Verlichting');
    const item = (await manager.post(url(companyId), { productId: pid })).json().data;
    const saved = await manager.put(url(companyId, item.id), { productId: pid, reference: 'L-9', version: 1 });
    expect(saved.json().data).toMatchObject({ reference: 'L-9', version: 2 });
    expect((await manager.put(url(companyId, item.id), { productId: pid, version: 1 })).statusCode).toBe(409);
    expect((await manager.get(url(otherId, item.id))).statusCode).toBe(404);
    expect((await manager.delete(url(companyId, item.id, '?version=2'))).statusCode).toBe(204);
    expect(await tdb.db.orm.select().from(companyProducts).where(eq(companyProducts.id, item.id))).toEqual([]);
  });
});

describe('company products: the portal (GET /api/client/company-products)', () => {
  it('pages 24 at a time grouped by type (Unknown last), filters by projects and types, and never shows another company’s', async () => {
    const c = await createCompany(tdb.db, { name: 'Paging Co' });
    const u = await createClient(tdb.db, c.id);
    const portal = t.agent();
    await portal.login(u.email, u.password);
    const p = await createProjectRow(tdb.db, { companyIds: [c.id], name: 'Paging ship' });
    const foreign = await createProjectRow(tdb.db, { companyIds: [otherId] });
    const rows: { companyId: number; productId: number; projectId: number | null }[] = [];
    for (let i = 0; i < 20; i++)
      rows.push({ companyId: c.id, productId: await product(`Bed ${i}`, 'Bed'), projectId: i < 5 ? p.id : null });
    for (let i = 0; i < 10; i++) rows.push({ companyId: c.id, productId: await product(`Kast ${i}`, 'Kast'), projectId: null });
    for (let i = 0; i < 3; i++) rows.push({ companyId: c.id, productId: await product(`Los ${i}`, null), projectId: null });
    rows.push({ companyId: otherId, productId: await product('Vreemd', 'Bed'), projectId: foreign.id });
    await tdb.db.orm.insert(companyProducts).values(rows);

    const first = (await portal.get('/api/client/company-products')).json();
    expect(first.meta).toEqual({ current_page: 1, last_page: 2, per_page: 24, total: 33 });
    expect(first.data[0]).toMatchObject({ product: { name: 'Bed 0' }, article: { article_type: { name: 'Bed' } } });
    const second = (await portal.get('/api/client/company-products?page=2')).json();
    expect(
      second.data.map((d: { article: { article_type: { name: string } | null } }) => d.article.article_type?.name ?? null),
    ).toEqual(['Kast', 'Kast', 'Kast', 'Kast', 'Kast', 'Kast', null, null, null]);
    const beds = (await portal.get(`/api/client/company-products?projects=${p.id}`)).json();
    expect(beds.meta.total).toBe(5);
    const types = (await portal.get(`/api/client/company-products?types=${encodeURIComponent('["Kast",""]')}`)).json();
    expect(types.meta.total).toBe(13);
    // Z4: another company's project in the filter narrows to nothing, it does not widen.
    const widened = (await portal.get(`/api/client/company-products?projects=${foreign.id}`)).json();
    expect(widened).toMatchObject({ data: [], meta: { total: 0 } });
    for (const q of ['types=Kast', 'types=%5B1%5D', 'page=0', 'projects=x', 'perPage=100']) {
      expect((await portal.get(`/api/client/company-products?${q}`)).statusCode, q).toBe(400);
    }
    const filters = (await portal.get('/api/client/company-products/filters')).json().data;
    expect(filters).toEqual({
      projects: [{ id: p.id, name: 'Paging ship' }],
      types: [
        { name: 'Bed', count: 20 },
        { name: 'Kast', count: 10 },
        { name: '', count: 3 },
      ],
    });
    // The same number of statements for a page of 24 as for a filtered page of 5.
    const a = await countQueries(tdb.db, () => portal.get('/api/client/company-products'));
    const b = await countQueries(tdb.db, () => portal.get(`/api/client/company-products?projects=${p.id}`));
    expect(a.count).toBe(b.count);
  });

  it('hides a row linked to an order line outside the company’s selected areas (Z3)', async () => {
    const p = await project();
    const pid = await product('Bureau', 'Bureau');
    await tdb.db.orm
      .insert(companyProducts)
      .values({ companyId, productId: pid, projectId: p.projectId, orderLineId: p.orderLineId });
    const visible = async () =>
      (await customer.get(`/api/client/company-products?projects=${p.projectId}`))
        .json()
        .data.map((d: { product: { id: number } }) => d.product.id);
    expect(await visible()).toEqual([pid]);
    await tdb.db.orm
      .update(projectCompanies)
      .set({ allAreas: false })
      .where(and(eq(projectCompanies.projectId, p.projectId), eq(projectCompanies.companyId, companyId)));
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId: p.projectId, companyId, areaId: p.other });
    expect(await visible()).toEqual([]);
    expect((await other.get(`/api/client/company-products?projects=${p.projectId}`)).json().data).toEqual([]);
  });
});
