import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp, withoutViewLinks } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import {
  companyProducts,
  companyProjectAreas,
  employees,
  media,
  orderLines,
  productMedia,
  products,
  projectCompanies,
  projects,
} from '../../db/schema';
import { createArticle, createMediaRow, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let customer: Agent;
let customerEn: Agent;
let acting: Agent;
let staff: Agent;
let admin: Agent;
let other: Agent;
let companyId: number;
let otherId: number;
let uploaderAccountId: number;
let uploaderName: string;

const TEARSHEET_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 5, 6, 7, 8]);

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { staff: { permissions: ['projects.manage', 'companies.manage'] }, admin: { admin: true } },
    companies: { company: { name: 'Products Portal Co' }, other: { name: 'Other Portal Co' } },
    clients: {
      customer: { company: 'company' },
      customerEn: { company: 'company', locale: 'en' },
      other: { company: 'other' },
    },
    acting: { acting: { permissions: ['companies.act-as-client'], company: 'company' } },
  });
  ({ customer, customerEn, other, acting, staff, admin } = cast);
  companyId = cast.companies.company.id;
  otherId = cast.companies.other.id;
  const uploader = await createEmployee(tdb.db, { firstName: 'Ilse' });
  uploaderAccountId = uploader.accountId;
  await tdb.db.orm.update(employees).set({ lastName: 'Uploader' }).where(eq(employees.id, uploader.employeeId));
  uploaderName = 'Ilse Uploader';
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** A stored tearsheet (bytes in storage) uploaded by the fixture's employee. */
async function tearsheet(name = 'sheet.jpg') {
  const key = t.app.platform.storage.newKey();
  await t.app.platform.storage.write(key, TEARSHEET_BYTES);
  const [row] = await tdb.db.orm
    .insert(media)
    .values({
      storageKey: key,
      originalName: name,
      mime: 'image/jpeg',
      size: TEARSHEET_BYTES.length,
      createdBy: uploaderAccountId,
    })
    .returning({ id: media.id });
  return row?.id ?? 0;
}

/** An unpublished product made from an article, with a gallery image, a tearsheet and two download links. */
async function richProduct(name: string) {
  const article = await createArticle(tdb.db, { typeName: 'Bed', sku: `SKU-${name}` });
  const image = await createMediaRow(tdb.db);
  const p = await createProduct(tdb.db, { nameNl: name, nameEn: `${name} EN`, articleId: article.id, galleryIds: [image] });
  await tdb.db.orm
    .update(products)
    .set({
      descriptionNl: `Beschrijving ${name}`,
      descriptionEn: `Description ${name}`,
      tearsheetMediaId: await tearsheet(`${name}.jpg`),
      downloads: [
        { title: 'Onderhoudsadvies', link: 'https://example.com/care.pdf' },
        { title: 'CAD', link: '/files/cad.dwg' },
      ],
    })
    .where(eq(products.id, p.id));
  return { id: p.id, image };
}

/**
 * A project of the company (or of `owner`): deck 5 with cabin 5001 (task, sub-task, order line for
 * a rich product) and cabin 5002 (a second line), the product assigned to the company.
 */
async function project(o: { owner?: number; name?: string } = {}) {
  const owner = o.owner ?? companyId;
  const p = await createProjectRow(tdb.db, { name: o.name ?? 'Nordic Star', companyIds: [owner] });
  const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Dek 5' });
  const cabin = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Hut' });
  const cabin2 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5002', name: 'Suite' });
  const task = await createTaskRow(tdb.db, p.id, cabin.id, { name: 'Bed plaatsen' });
  const sub = await createSubtaskRow(tdb.db, p.id, task.id, { name: 'Bedbodem' });
  const task2 = await createTaskRow(tdb.db, p.id, cabin2.id, { name: 'Kast plaatsen' });
  const sub2 = await createSubtaskRow(tdb.db, p.id, task2.id, { name: 'Kast' });
  const product = await richProduct(`Boxspring ${p.id}`);
  const [line] = await tdb.db.orm
    .insert(orderLines)
    .values({ subtaskId: sub.id, projectId: p.id, productId: product.id, quantity: 2, notes: 'INTERNAL line note' })
    .returning({ id: orderLines.id });
  const article = await createArticle(tdb.db, { sku: `ART-${p.id}` });
  const [line2] = await tdb.db.orm
    .insert(orderLines)
    .values({ subtaskId: sub2.id, projectId: p.id, articleId: article.id, quantity: 1.5, notes: 'INTERNAL' })
    .returning({ id: orderLines.id });
  const [cp] = await tdb.db.orm
    .insert(companyProducts)
    .values({
      companyId: owner,
      productId: product.id,
      projectId: p.id,
      orderLineId: line?.id ?? null,
      reference: 'REF-001',
      notes: 'Voor hut 5001',
      typeName: 'Bed',
    })
    .returning({ id: companyProducts.id });
  return {
    projectId: p.id,
    deck: deck.id,
    cabin: cabin.id,
    cabin2: cabin2.id,
    task: task.id,
    sub: sub.id,
    line: line?.id ?? 0,
    line2: line2?.id ?? 0,
    article: article.id,
    product,
    companyProductId: cp?.id ?? 0,
  };
}

const lineUrl = (projectId: number, lineId: number) => `/api/client/projects/${projectId}/orderlines/${lineId}`;
const productUrl = (id: number | string) => `/api/client/company-products/${id}`;
const errorBody = (body: string) => {
  const { requestId: _r, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};

describe('portal product routes: who may call them', () => {
  it('answer 401 anonymous and 403 to staff who are not acting as a company', async () => {
    const anon = t.agent();
    await anon.csrf();
    const s = await project();
    const urls = [
      lineUrl(s.projectId, s.line),
      productUrl(s.companyProductId),
      `${productUrl(s.companyProductId)}/tearsheet`,
      '/api/client/product-files',
    ];
    for (const url of urls) {
      expect((await anon.get(url)).statusCode, url).toBe(401);
      expect((await staff.get(url)).statusCode, url).toBe(403);
      expect((await admin.get(url)).statusCode, url).toBe(403);
    }
  });

  it('answer 400 for bad ids and unknown query parameters', async () => {
    for (const url of [
      '/api/client/projects/abc/orderlines/1',
      '/api/client/projects/1/orderlines/0',
      '/api/client/projects/1/orderlines/1e3',
      productUrl('x'),
      productUrl('-1'),
      `${productUrl('99999999999')}/tearsheet`,
      '/api/client/product-files?page=0',
      '/api/client/product-files?perPage=500',
      '/api/client/product-files?foo=1',
      `${productUrl(1)}?x=1`,
    ]) {
      const res = await customer.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/client/projects/:projectId/orderlines/:orderLineId', () => {
  it('shows the order line with its item, quantity, place and the company’s reference; never staff notes', async () => {
    const s = await project();
    for (const who of [customer, acting]) {
      const res = await who.get(lineUrl(s.projectId, s.line));
      expect(res.statusCode, res.body).toBe(200);
      expect(withoutViewLinks(res.json().data)).toEqual({
        id: s.line,
        kind: 'product',
        item: {
          id: s.product.id,
          name: `Boxspring ${s.projectId}`,
          code: `SKU-Boxspring ${s.projectId}`,
          thumbUrl: `/api/media/${s.product.image}/thumb`,
        },
        quantity: 2,
        project: { id: s.projectId, name: 'Nordic Star' },
        area: { id: s.cabin, number: '5001', name: 'Hut' },
        task: { id: s.task, name: 'Bed plaatsen' },
        subtask: { id: s.sub, name: 'Bedbodem' },
        companyProduct: { id: s.companyProductId, reference: 'REF-001', notes: 'Voor hut 5001' },
      });
      expect(res.body).not.toContain('INTERNAL');
    }
    const en = (await customerEn.get(lineUrl(s.projectId, s.line))).json().data;
    expect(en.item.name).toBe(`Boxspring ${s.projectId} EN`);
  });

  it('shows an article line without a company product, and without an image the company may not see', async () => {
    const s = await project();
    const res = await customer.get(lineUrl(s.projectId, s.line2));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'article',
      item: { id: s.article, code: `ART-${s.projectId}`, thumbUrl: null },
      quantity: 1.5,
      area: { id: s.cabin2, number: '5002' },
      companyProduct: null,
    });
  });

  it("answers another company's line, a line under another project, a deleted project's line and a missing one alike (404)", async () => {
    const s = await project();
    const foreign = await project({ owner: otherId, name: 'Foreign ship' });
    const missing = await customer.get(lineUrl(s.projectId, 2_147_483_000));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('ORDER_LINE_NOT_FOUND');
    for (const [who, agent] of [
      ['customer', customer],
      ['acting', acting],
    ] as const) {
      for (const url of [
        lineUrl(foreign.projectId, foreign.line),
        lineUrl(s.projectId, foreign.line),
        lineUrl(foreign.projectId, s.line),
      ]) {
        const res = await agent.get(url);
        expect(res.statusCode, `${who} ${url}`).toBe(404);
        expect(errorBody(res.body), `${who} ${url}`).toEqual(errorBody(missing.body));
      }
    }
    // The other company sees its own.
    expect((await other.get(lineUrl(foreign.projectId, foreign.line))).statusCode).toBe(200);
    await tdb.db.orm.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, s.projectId));
    expect((await customer.get(lineUrl(s.projectId, s.line))).statusCode).toBe(404);
  });

  it('keeps a selected-areas company to its areas: the line in another cabin is not found', async () => {
    const s = await project();
    await tdb.db.orm.update(projectCompanies).set({ allAreas: false }).where(eq(projectCompanies.projectId, s.projectId));
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId: s.projectId, companyId, areaId: s.cabin2 });
    const missing = await customer.get(lineUrl(s.projectId, 2_147_483_000));
    const hidden = await customer.get(lineUrl(s.projectId, s.line));
    expect(hidden.statusCode).toBe(404);
    expect(errorBody(hidden.body)).toEqual(errorBody(missing.body));
    expect((await customer.get(lineUrl(s.projectId, s.line2))).statusCode).toBe(200);
    // The company product on the hidden line is out of reach too.
    expect((await customer.get(productUrl(s.companyProductId))).statusCode).toBe(404);
  });
});

describe('GET /api/client/company-products/:companyProductId', () => {
  it('shows the product in the reader’s language with its images, reference, notes and files', async () => {
    const s = await project();
    for (const who of [customer, acting]) {
      const res = await who.get(productUrl(s.companyProductId));
      expect(res.statusCode, res.body).toBe(200);
      const data = withoutViewLinks(res.json().data);
      expect(data).toEqual({
        id: s.companyProductId,
        product: {
          id: s.product.id,
          name: `Boxspring ${s.projectId}`,
          description: `Beschrijving Boxspring ${s.projectId}`,
          code: `SKU-Boxspring ${s.projectId}`,
        },
        typeName: 'Bed',
        images: [
          {
            id: s.product.image,
            thumbUrl: `/api/media/${s.product.image}/thumb`,
            largeUrl: `/api/media/${s.product.image}/large`,
          },
        ],
        project: { id: s.projectId, name: 'Nordic Star' },
        orderLineId: s.line,
        reference: 'REF-001',
        notes: 'Voor hut 5001',
        files: [
          expect.objectContaining({
            kind: 'tearsheet',
            fileName: `Boxspring ${s.projectId}.jpg`,
            uploadedBy: uploaderName,
            date: expect.any(String),
            url: `/api/client/company-products/${s.companyProductId}/tearsheet`,
          }),
          expect.objectContaining({
            kind: 'download',
            fileName: 'Onderhoudsadvies',
            url: 'https://example.com/care.pdf',
            date: null,
          }),
          expect.objectContaining({ kind: 'download', fileName: 'CAD', url: '/files/cad.dwg', uploadedBy: null }),
        ],
      });
    }
    const en = (await customerEn.get(productUrl(s.companyProductId))).json().data;
    expect(en.product).toMatchObject({
      name: `Boxspring ${s.projectId} EN`,
      description: `Description Boxspring ${s.projectId}`,
    });
    // The images handed out are ones the company may fetch.
    const img = await customer.get(`/api/media/${s.product.image}/thumb`);
    expect(img.statusCode).not.toBe(403);
  });

  it("answers another company's product like a missing one (404), for the customer and the acting employee", async () => {
    const foreign = await project({ owner: otherId, name: 'Foreign ship' });
    for (const agent of [customer, acting]) {
      const missing = await agent.get(productUrl(2_147_483_000));
      const res = await agent.get(productUrl(foreign.companyProductId));
      expect(res.statusCode).toBe(404);
      expect(errorBody(res.body)).toEqual(errorBody(missing.body));
      const sheet = await agent.get(`${productUrl(foreign.companyProductId)}/tearsheet`);
      const sheetMissing = await agent.get(`${productUrl(2_147_483_000)}/tearsheet`);
      expect(sheet.statusCode).toBe(404);
      expect(errorBody(sheet.body)).toEqual(errorBody(sheetMissing.body));
    }
  });
});

describe('GET /api/client/company-products/:companyProductId/tearsheet', () => {
  it('streams the tearsheet as an attachment with its type, for the company and the acting employee', async () => {
    const s = await project();
    for (const who of [customer, acting]) {
      const res = await who.get(`${productUrl(s.companyProductId)}/tearsheet`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/jpeg');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Boxspring ${s.projectId}.jpg"; filename*=UTF-8''${encodeURIComponent(`Boxspring ${s.projectId}.jpg`)}`,
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(TEARSHEET_BYTES)).toBe(true);
    }
  });

  it('answers 404 for a product without a tearsheet', async () => {
    const s = await project();
    await tdb.db.orm.update(products).set({ tearsheetMediaId: null }).where(eq(products.id, s.product.id));
    expect((await customer.get(`${productUrl(s.companyProductId)}/tearsheet`)).statusCode).toBe(404);
  });
});

describe('the product images the portal hands out', () => {
  it("lists the product's gallery images in their order", async () => {
    const s = await project();
    const extra = await createMediaRow(tdb.db);
    await tdb.db.orm.insert(productMedia).values({ productId: s.product.id, mediaId: extra, role: 'gallery', position: 1 });
    const data = (await customer.get(productUrl(s.companyProductId))).json().data;
    expect(data.images.map((i: { id: number }) => i.id)).toEqual([s.product.image, extra]);
  });
});
