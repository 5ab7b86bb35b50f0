import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyPosts, companyProducts, projectTemplates, syncRuns } from '../src/db/schema';
import { createOrderRow } from '../src/features/orders/orders.fixtures';
import {
  createArticle,
  createAttribute,
  createProduct,
  createRoboxCategory,
  createRoboxMaterial,
} from '../src/features/products/catalogue.fixtures';
import { createClient, createCompany, createEmployee } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { castOf } from './helpers/cast';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { expectExportMatchesList, fetchCsv, parseCsv } from './helpers/export-match';

// The list exports of the catalogue, companies, employees, roles, orders and templates:
// each file holds exactly the rows its list pages through for the same filter and sort (in the
// same order), with the list's column headers; the export asks what the list asks (401, 403, 400,
// the list's own 404), and a company user's export holds only the company's own rows.

let tdb: TestDatabase;
let t: TestApp;
let admin: Agent;
let adminEn: Agent;
let nobody: Agent;
let anon: Agent;
let clientA: Agent;
let companyA: number;
let companyB: number;

const N = 130; // more than one page of the list (100) for the bigger lists

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const db = tdb.db;
  const cast = await castOf(t, {
    staff: {
      admin: { admin: true, locale: 'nl' },
      adminEn: { admin: true, locale: 'en' },
      nobody: { permissions: [] },
    },
    companies: {
      a: { name: 'Alpha Cruises', city: 'Rotterdam' },
      b: { name: 'Beta Leisure', sector: 'leisure', city: 'Zandvoort' },
    },
    clients: { clientA: { company: 'a' } },
    anon: true,
  });
  ({ admin, adminEn, nobody, anon, clientA } = cast);
  companyA = cast.companies.a.id;
  companyB = cast.companies.b.id;
  for (let i = 0; i < 12; i++)
    await createCompany(db, { name: `Bedrijf ${String(i).padStart(2, '0')}`, sector: i % 2 ? 'cruise' : 'leisure' });
  for (let i = 0; i < 5; i++) await createClient(db, companyA);
  await createClient(db, companyB);
  for (let i = 0; i < 8; i++) await createEmployee(db, { permissions: ['articles.view'], firstName: `Mede${i}` });

  // Catalogue: attributes, articles, products (half published, some in a category), Robox.
  const category = await createAttribute(db, 'categories', { nameNl: 'Stoelen', nameEn: 'Chairs' });
  const group = await createAttribute(db, 'type-groups', { nameNl: 'Zitmeubels' });
  for (let i = 0; i < 6; i++) await createAttribute(db, 'types', { nameNl: `Type ${i}`, typeGroupId: i % 2 ? group.id : null });
  for (let i = 0; i < N; i++) {
    const article = await createArticle(db, {
      name: `Artikel ${String(i).padStart(3, '0')}`,
      typeName: i % 3 ? 'Stoelen' : 'Tafels',
    });
    if (i < 40)
      await createProduct(db, {
        nameNl: `Product ${String(i).padStart(3, '0')}`,
        published: i % 2 === 0,
        articleId: article.id,
        categoryIds: i % 4 === 0 ? [category.id] : [],
      });
  }
  for (let i = 0; i < 5; i++) await createArticle(db, { name: `Weg ${i}`, deleted: true });
  const roboxCategory = await createRoboxCategory(db, { name: 'Plaatmateriaal', sortOrder: 1 });
  await createRoboxCategory(db, { name: 'Fineer', sortOrder: 2 });
  for (let i = 0; i < 7; i++)
    await createRoboxMaterial(db, { name: `Materiaal ${i}`, categoryId: i % 2 ? roboxCategory.id : null, thicknessMm: 18.5 });

  // The sync history, company products and posts, orders, templates.
  await db.orm.insert(syncRuns).values(
    Array.from({ length: 4 }, (_, i) => ({
      trigger: i % 2 ? 'manual' : 'schedule',
      status: 'succeeded',
      phase: 'done',
      created: i,
      startedAt: new Date(Date.UTC(2026, 10, 10 + i, 2)),
    })),
  );
  const product = await createProduct(db, { nameNl: 'Loungestoel', published: true });
  for (let i = 0; i < 4; i++) {
    const assigned = i === 0 ? product : await createProduct(db, { nameNl: `Toegewezen ${i}` });
    await db.orm.insert(companyProducts).values({ companyId: companyA, productId: assigned.id, reference: `REF-${i}` });
  }
  await db.orm.insert(companyProducts).values({ companyId: companyB, productId: product.id, reference: 'REF-B' });
  for (let i = 0; i < 5; i++)
    await db.orm.insert(companyPosts).values({
      companyId: i === 4 ? companyB : companyA,
      title: `Nieuws ${i}`,
      status: i % 2 ? 'published' : 'draft',
      publishAt: i % 2 ? new Date(Date.UTC(2026, 10, i + 1, 8)) : null,
    });
  for (let i = 0; i < 9; i++)
    await createOrderRow(db, {
      companyId: i < 6 ? companyA : companyB,
      title: `Aanvraag ${i}`,
      status: (['requested', 'in_progress', 'completed'] as const)[i % 3],
      productId: product.id,
    });
  for (let i = 0; i < 6; i++) await db.orm.insert(projectTemplates).values({ title: `Sjabloon ${i}`, areaCount: i });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await tdb?.drop();
});

/** Every export of this file: the list it mirrors, queries to compare, and a filter the list refuses. */
const EXPORTS: { name: string; list: () => string; queries: Record<string, string | number | undefined>[]; bad: string }[] = [
  {
    name: 'products',
    list: () => '/api/products',
    queries: [{}, { published: 'yes', sort: '-name' }, { q: 'Product 01' }, { sort: 'updated' }],
    bad: 'published=maybe',
  },
  { name: 'attribute archive (types)', list: () => '/api/attributes/types', queries: [{}, { sort: '-name' }], bad: 'sort=x' },
  {
    name: 'attribute archive (categories)',
    list: () => '/api/attributes/categories',
    queries: [{ q: 'stoel' }],
    bad: `q=${'x'.repeat(201)}`,
  },
  {
    name: 'articles',
    list: () => '/api/articles',
    queries: [{}, { sort: '-name', q: 'Artikel 1' }, { tab: 'deleted' }, { status: 'active', sort: 'sku' }],
    bad: 'tab=gone',
  },
  { name: 'sync runs', list: () => '/api/articles/sync/runs', queries: [{}], bad: 'sort=name' },
  { name: 'robox categories', list: () => '/api/robox/material-categories', queries: [{}, { sort: 'name' }], bad: 'sort=x' },
  {
    name: 'robox materials',
    list: () => '/api/robox/materials',
    queries: [{}, { thickness: '18' }, { sort: '-name' }],
    bad: 'thickness=-1',
  },
  {
    name: 'companies',
    list: () => '/api/companies',
    queries: [{}, { sector: 'leisure', sort: '-name' }, { q: 'alpha' }],
    bad: 'sector=ferry',
  },
  { name: "a company's users", list: () => `/api/companies/${companyA}/users`, queries: [{}, { sort: '-name' }], bad: 'sort=x' },
  {
    name: "a company's products",
    list: () => `/api/companies/${companyA}/products`,
    queries: [{}, { sort: '-created' }],
    bad: 'sort=x',
  },
  {
    name: "a company's posts",
    list: () => `/api/companies/${companyA}/posts`,
    queries: [{}, { status: 'draft' }],
    bad: 'status=x',
  },
  { name: 'employees', list: () => '/api/users', queries: [{}, { sort: '-name' }, { q: 'Mede' }], bad: 'tab=x' },
  { name: 'roles', list: () => '/api/roles', queries: [{}, { sort: '-name' }], bad: 'sort=x' },
  {
    name: 'product requests and orders',
    list: () => '/api/orders',
    queries: [{}, { tab: 'all', sort: 'title' }, { tab: 'all', companyId: 'B' }],
    bad: 'tab=x',
  },
  { name: 'templates', list: () => '/api/templates', queries: [{}, { q: 'Sjabloon 1' }], bad: 'sort=title' },
];

describe.each(EXPORTS)('$name', ({ list, queries, bad }) => {
  it('the export holds the rows of the list, in its order, for each filter and sort', async () => {
    let total = 0;
    for (const raw of queries) {
      const query = raw.companyId === 'B' ? { ...raw, companyId: companyB } : raw;
      total += await expectExportMatchesList(admin, { list: list(), export: `${list()}/export`, query });
    }
    expect(total).toBeGreaterThan(0);
  });

  it('401 anonymous, 403 without the right, 400 for a filter the list refuses (as JSON, before any file)', async () => {
    const path = `${list()}/export`;
    expect((await anon.get(`${path}?format=csv`)).statusCode).toBe(401);
    expect((await nobody.get(`${path}?format=xlsx`)).statusCode).toBe(403);
    expect((await clientA.get(`${path}?format=csv`)).statusCode).toBe(403);
    const refused = await admin.get(`${path}?format=csv&${bad}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    expect((await admin.get(`${path}?format=ods`)).statusCode).toBe(400);
  });
});

describe('headers and values in the language of the asker', () => {
  it('products: the list columns in Dutch, a published status, the categories, and the time on the Dutch clock', async () => {
    const csv = await fetchCsv(admin, '/api/products/export', { q: 'Product 000' });
    expect(csv.header).toEqual([
      'ID',
      'Naam',
      'Naam (Nederlands)',
      'Naam (Engels)',
      'Categorieën',
      'Gekoppeld artikel',
      'Status',
      'Bijgewerkt',
    ]);
    expect(csv.rows).toHaveLength(1);
    expect(csv.rows[0]?.slice(1, 7)).toEqual([
      'Product 000',
      'Product 000',
      'Product 000 EN',
      'Stoelen',
      expect.stringMatching(/^SKU-/),
      'Gepubliceerd',
    ]);
    expect(csv.rows[0]?.[7]).toMatch(/^\d\d-\d\d-\d{4} \d\d:\d\d$/);
  });

  it('products in English: English headers and names, a comma between fields', async () => {
    const res = await adminEn.get('/api/products/export?format=csv&q=Product%20000');
    expect(res.headers['content-disposition']).toContain('filename="products-2026-11-21.csv"');
    const [header, row] = parseCsv(res.body, ',');
    expect(header).toEqual(['ID', 'Name', 'Name (Dutch)', 'Name (English)', 'Categories', 'Linked article', 'Status', 'Updated']);
    expect(row?.slice(1, 5)).toEqual(['Product 000 EN', 'Product 000', 'Product 000 EN', 'Chairs']);
    expect(row?.[6]).toBe('Published');
  });

  it('robox materials: the thickness with a decimal comma in Dutch and a dot in English', async () => {
    const nl = await fetchCsv(admin, '/api/robox/materials/export');
    expect(nl.rows[0]?.[nl.header.indexOf('Dikte (mm)')]).toBe('18,50');
    const en = await fetchCsv(adminEn, '/api/robox/materials/export', {}, ',');
    expect(en.rows[0]?.[en.header.indexOf('Thickness (mm)')]).toBe('18.50');
  });

  it('an attribute archive of types has the type group column; categories have none', async () => {
    const types = await fetchCsv(admin, '/api/attributes/types/export');
    expect(types.header).toEqual(['ID', 'Naam (Nederlands)', 'Naam (Engels)', 'Typegroep', 'Producten', 'Bijgewerkt']);
    expect(types.rows.map((r) => r[3]).filter(Boolean)).toEqual(['Zitmeubels', 'Zitmeubels', 'Zitmeubels']);
    const res = await admin.get('/api/attributes/categories/export?format=xlsx');
    expect(res.headers['content-disposition']).toContain('filename="categorieen-2026-11-21.xlsx"');
    expect((await admin.get('/api/attributes/colours/export?format=csv')).statusCode).toBe(400);
  });

  it('orders: the status and the latest event in words', async () => {
    const csv = await fetchCsv(admin, '/api/orders/export', { tab: 'all', sort: 'title' });
    expect(csv.header).toEqual([
      'ID',
      'Aanvraag of bestelling',
      'Product',
      'Aantal',
      'Bedrijf',
      'Status',
      'Laatste gebeurtenis',
      'Aangevraagd door',
      'Aangemaakt',
      'Bijgewerkt',
    ]);
    expect(csv.rows[0]?.slice(1, 7)).toEqual([
      'Aanvraag 0',
      'Loungestoel',
      '1',
      'Alpha Cruises',
      'Aangevraagd',
      'Product aangevraagd',
    ]);
  });
});

describe('company scope', () => {
  it("a company's lists: another company's rows never appear, and an unknown company is the list's 404", async () => {
    const users = await fetchCsv(admin, `/api/companies/${companyA}/users/export`);
    expect(users.rows).toHaveLength(6);
    const products = await fetchCsv(admin, `/api/companies/${companyA}/products/export`);
    expect(products.rows.map((r) => r[5])).toEqual(expect.not.arrayContaining(['REF-B']));
    const posts = await fetchCsv(admin, `/api/companies/${companyA}/posts/export`);
    expect(posts.rows.map((r) => r[1]).sort()).toEqual(['Nieuws 0', 'Nieuws 1', 'Nieuws 2', 'Nieuws 3']);
    for (const part of ['users', 'products', 'posts']) {
      const res = await admin.get(`/api/companies/999999/${part}/export?format=csv`);
      expect(res.statusCode, part).toBe(404);
      expect(res.json().code).toBe('COMPANY_NOT_FOUND');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it("the portal's orders: the company's own, as its list shows them, without the company column; staff cannot", async () => {
    for (const query of [{}, { tab: 'completed' }, { tab: 'requested', sort: 'title' }])
      await expectExportMatchesList(clientA, { list: '/api/client/orders', export: '/api/client/orders/export', query });
    const csv = await fetchCsv(clientA, '/api/client/orders/export', { tab: 'ongoing' });
    expect(csv.header).not.toContain('Bedrijf');
    const all = [
      ...(await fetchCsv(clientA, '/api/client/orders/export', { tab: 'ongoing' })).rows,
      ...(await fetchCsv(clientA, '/api/client/orders/export', { tab: 'requested' })).rows,
      ...(await fetchCsv(clientA, '/api/client/orders/export', { tab: 'completed' })).rows,
    ];
    const own = await tdb.db.raw.query<{ id: number }>('SELECT id FROM orders WHERE company_id = $1', [companyA]);
    expect(new Set(all.map((r) => Number(r[0])))).toEqual(new Set(own.map((r) => r.id)));
    expect((await admin.get('/api/client/orders/export?format=csv')).statusCode).toBe(403);
    expect((await anon.get('/api/client/orders/export?format=csv')).statusCode).toBe(401);
    expect((await clientA.get('/api/client/orders/export?format=csv&tab=all')).statusCode).toBe(400);
  });
});
