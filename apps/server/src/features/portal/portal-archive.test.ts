import { MAX_ZIP_ITEMS } from '@app/shared/portal/portal-products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp, withoutViewLinks } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { unzip } from '../../../test/helpers/zip';
import {
  companyProducts,
  companyProjectAreas,
  drawings,
  employees,
  files,
  media,
  orderFiles,
  products,
  projectCompanies,
} from '../../db/schema';
import { createDrawingRow } from '../drawings/drawings.fixtures';
import { createOrderRow } from '../orders/orders.fixtures';
import { createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createFileRow, createProjectRow } from '../projects/projects.fixtures';

// The portal's files archive (GET /api/client/product-files) and its ZIP download
// (POST /api/client/product-files/zip): the company's product files, its orders' final files and
// its drawings' approved versions, each under its own scope.

let tdb: TestDatabase;
let t: TestApp;
let customer: Agent;
let acting: Agent;
let staff: Agent;
let admin: Agent;
let companyId: number;
let otherId: number;
let uploaderAccountId: number;
const uploaderName = 'Ilse Uploader';

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { staff: { permissions: ['projects.manage', 'companies.manage'] }, admin: { admin: true } },
    companies: { company: { name: 'Archive Co' }, other: { name: 'Other Archive Co' } },
    clients: { customer: { company: 'company' } },
    acting: { acting: { permissions: ['companies.act-as-client'], company: 'company' } },
  });
  ({ customer, acting, staff, admin } = cast);
  companyId = cast.companies.company.id;
  otherId = cast.companies.other.id;
  const uploader = await createEmployee(tdb.db, { firstName: 'Ilse' });
  uploaderAccountId = uploader.accountId;
  await tdb.db.orm.update(employees).set({ lastName: 'Uploader' }).where(eq(employees.id, uploader.employeeId));
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const storage = () => t.app.platform.storage;
const ZIP_URL = '/api/client/product-files/zip';

/** A stored file (bytes in storage) uploaded by the fixture's employee. */
async function stored(name: string, bytes: Buffer) {
  return createFileRow(tdb.db, { storage: storage(), name, bytes, createdBy: uploaderAccountId });
}

/**
 * The archive of one company (`owner`): a project with deck 7 and its cabins 7001 and 7002; a
 * company product with a stored tearsheet and a download link; an approved order with a final
 * file (and a provided file, which is not the archive's); an order still in progress with a final
 * file (not shown yet); a drawing approved in its second version (no area), one approved in cabin
 * 7002, and one still pending. Every name carries `tag`, so a search finds only this archive.
 */
async function archive(owner: number, tag: string) {
  const project = await createProjectRow(tdb.db, { name: `Schip ${tag}`, companyIds: [owner] });
  const deck = await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '7', name: 'Dek 7' });
  const cabin = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: deck.id, number: '7001', name: 'Hut' });
  const cabin2 = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: deck.id, number: '7002', name: 'Suite' });

  const sheetBytes = Buffer.from(`JPEG tearsheet ${tag}`);
  const sheetKey = storage().newKey();
  await storage().write(sheetKey, sheetBytes);
  const [sheet] = await tdb.db.orm
    .insert(media)
    .values({
      storageKey: sheetKey,
      originalName: `blad ${tag}.jpg`,
      mime: 'image/jpeg',
      size: sheetBytes.length,
      createdBy: null,
    })
    .returning({ id: media.id });
  const product = await createProduct(tdb.db, { nameNl: `Fauteuil ${tag}` });
  await tdb.db.orm
    .update(products)
    .set({ tearsheetMediaId: sheet?.id ?? null, downloads: [{ title: `Handleiding ${tag}`, link: 'https://example.com/h.pdf' }] })
    .where(eq(products.id, product.id));
  const [cp] = await tdb.db.orm
    .insert(companyProducts)
    .values({ companyId: owner, productId: product.id, projectId: project.id, reference: 'R' })
    .returning({ id: companyProducts.id });

  const order = await createOrderRow(tdb.db, { companyId: owner, title: `Bartafel ${tag}`, status: 'completed' });
  const finalBytes = Buffer.from(`%PDF final ${tag}`);
  const final = await stored(`definitief ${tag}.pdf`, finalBytes);
  const provided = await stored(`schets ${tag}.pdf`, Buffer.from('provided'));
  const busy = await createOrderRow(tdb.db, { companyId: owner, title: `Kast ${tag}`, status: 'in_progress' });
  const early = await stored(`vroeg ${tag}.pdf`, Buffer.from('early'));
  await tdb.db.orm.insert(orderFiles).values([
    { orderId: order.id, fileId: final.id, kind: 'final' },
    { orderId: order.id, fileId: provided.id, kind: 'provided' },
    { orderId: busy.id, fileId: early.id, kind: 'final' },
  ]);

  const drawing = await createDrawingRow(tdb.db, {
    projectId: project.id,
    companyId: owner,
    name: `Plattegrond ${tag}`,
    versions: ['changes_requested', 'approved'],
    storage: storage(),
  });
  const inCabin2 = await createDrawingRow(tdb.db, {
    projectId: project.id,
    companyId: owner,
    name: `Suite ${tag}`,
    versions: ['approved'],
    storage: storage(),
  });
  await tdb.db.orm.update(drawings).set({ areaId: cabin2.id }).where(eq(drawings.id, inCabin2.id));
  const pending = await createDrawingRow(tdb.db, {
    projectId: project.id,
    companyId: owner,
    name: `Wacht ${tag}`,
    versions: ['pending'],
    storage: storage(),
  });
  // The approved version's file: its bytes and its uploader.
  const drawingFileId = drawing.fileIds[1] as number;
  await tdb.db.orm.update(files).set({ createdBy: uploaderAccountId }).where(eq(files.id, drawingFileId));
  const drawingBytes = Buffer.from('%PDF-1.4\n% fixture\n');
  return {
    projectId: project.id,
    deck: deck.id,
    cabin: cabin.id,
    cabin2: cabin2.id,
    companyProductId: cp?.id ?? 0,
    sheetBytes,
    orderId: order.id,
    finalFileId: final.id,
    finalBytes,
    providedFileId: provided.id,
    earlyFileId: early.id,
    drawing,
    drawingFileId,
    drawingBytes,
    inCabin2,
    pending,
  };
}

async function narrowTo(projectId: number, owner: number, areaId: number) {
  await tdb.db.orm.update(projectCompanies).set({ allAreas: false }).where(eq(projectCompanies.projectId, projectId));
  await tdb.db.orm.insert(companyProjectAreas).values({ projectId, companyId: owner, areaId });
}

const errorBody = (body: string) => {
  const { requestId: _r, ...rest } = JSON.parse(body) as Record<string, unknown>;
  return rest;
};

type Row = { key: string; source: string; kind: string; fileName: string; item: { source: string; id: number } | null };

describe('GET /api/client/product-files', () => {
  it('lists the product files, the final files of finished orders and the approved drawing versions, with uploader, date and size', async () => {
    const a = await archive(companyId, 'alfa');
    await archive(otherId, 'alfa');
    const res = await customer.get('/api/client/product-files?q=alfa&perPage=100');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const names = body.data.map((f: Row) => [f.source, f.kind, f.fileName]);
    expect(names).toEqual([
      ['order', 'final', 'definitief alfa.pdf'],
      ['product', 'tearsheet', 'blad alfa.jpg'],
      ['product', 'download', 'Handleiding alfa'],
      ['drawing', 'approved', 'drawing-v2.pdf'],
      ['drawing', 'approved', 'drawing-v1.pdf'],
    ]);
    expect(body.meta.total).toBe(5);
    const byKind = (source: string, name: string) =>
      body.data.find((f: Row & { record: { name: string } }) => f.source === source && f.record.name.startsWith(name));
    expect(byKind('order', 'Bartafel')).toEqual({
      key: `order:${a.orderId}:final:${a.finalFileId}`,
      source: 'order',
      kind: 'final',
      item: { source: 'order', id: a.finalFileId },
      record: { id: a.orderId, name: 'Bartafel alfa' },
      project: null,
      fileName: 'definitief alfa.pdf',
      uploadedBy: uploaderName,
      date: expect.any(String),
      size: a.finalBytes.length,
      url: `/api/files/${a.finalFileId}`,
    });
    expect(byKind('drawing', 'Plattegrond')).toEqual({
      key: `drawing:${a.drawing.id}:approved:2`,
      source: 'drawing',
      kind: 'approved',
      item: { source: 'drawing', id: a.drawing.versionIds[1] },
      record: { id: a.drawing.id, name: 'Plattegrond alfa' },
      project: { id: a.projectId, name: 'Schip alfa' },
      fileName: 'drawing-v2.pdf',
      uploadedBy: uploaderName,
      date: expect.any(String),
      size: a.drawingBytes.length,
      url: `/api/files/${a.drawingFileId}`,
    });
    // A tearsheet the catalogue stored has no uploader; a download link has no bytes to zip.
    expect(byKind('product', 'Fauteuil')).toMatchObject({
      kind: 'tearsheet',
      item: { source: 'product', id: a.companyProductId },
      uploadedBy: null,
      size: a.sheetBytes.length,
      url: `/api/client/company-products/${a.companyProductId}/tearsheet`,
    });
    expect(body.data.find((f: Row) => f.kind === 'download')).toMatchObject({ item: null, size: null, date: null });
  });

  it('searches file and record names, filters by source, sorts and pages', async () => {
    await archive(companyId, 'bravo');
    const get = async (qs: string) => {
      const res = await customer.get(`/api/client/product-files?${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Row[]; meta: { total: number; last_page: number } };
    };
    expect((await get('q=definitief%20bravo')).data.map((f) => f.fileName)).toEqual(['definitief bravo.pdf']);
    // The record's name finds its files.
    expect((await get('q=Plattegrond%20bravo')).data.map((f) => f.fileName)).toEqual(['drawing-v2.pdf']);
    expect((await get('q=bravo&source=drawing')).data.map((f) => f.source)).toEqual(['drawing', 'drawing']);
    expect((await get('q=bravo&source=order')).data.map((f) => f.fileName)).toEqual(['definitief bravo.pdf']);
    expect((await get('q=bravo&sort=name')).data.map((f) => f.fileName)).toEqual([
      'blad bravo.jpg',
      'definitief bravo.pdf',
      'drawing-v1.pdf',
      'drawing-v2.pdf',
      'Handleiding bravo',
    ]);
    const bySize = (await get('q=bravo&sort=-size')).data.map((f) => f.fileName);
    expect(bySize[bySize.length - 1]).toBe('Handleiding bravo');
    const page2 = await get('q=bravo&sort=name&perPage=2&page=2');
    expect(page2.meta).toMatchObject({ total: 5, last_page: 3 });
    expect(page2.data.map((f) => f.fileName)).toEqual(['drawing-v1.pdf', 'drawing-v2.pdf']);
    expect((await get('q=%25')).data).toEqual([]);
  });

  it('keeps a company narrowed to selected areas to its areas: a drawing of another area or of the whole project is left out', async () => {
    const co = (await createCompany(tdb.db, { name: 'Narrow Co' })).id;
    const viewer = await t.signIn(await createClient(tdb.db, co));
    const a = await archive(co, 'charlie');
    await narrowTo(a.projectId, co, a.cabin);
    const names = (await viewer.get('/api/client/product-files?source=drawing&perPage=100'))
      .json()
      .data.map((f: Row) => f.fileName);
    // Neither the drawing of cabin 7002 nor the one of the whole project (which only a company
    // with all areas sees) is in cabin 7001's archive.
    expect(names).toEqual([]);
    // Narrowed to the deck instead, what lies under it shows: cabin 7002's drawing.
    await tdb.db.orm.delete(companyProjectAreas).where(eq(companyProjectAreas.companyId, co));
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId: a.projectId, companyId: co, areaId: a.deck });
    const all = (await viewer.get('/api/client/product-files?source=drawing')).json().data.map((f: Row) => f.fileName);
    expect(all).toEqual(['drawing-v1.pdf']);
  });

  it('answers the acting employee exactly as the company, in a fixed number of statements', async () => {
    await archive(companyId, 'delta');
    const own = (await customer.get('/api/client/product-files?q=delta')).json();
    const seen = withoutViewLinks((await acting.get('/api/client/product-files?q=delta')).json());
    expect(seen).toEqual(own);
    // The session load, the page and the count.
    const counted = await countQueries(tdb.db, () => customer.get('/api/client/product-files'));
    expect(counted.count).toBe(3);
  });
});

describe('POST /api/client/product-files/zip', () => {
  it('answers 401 anonymous, 403 to staff not acting as the company, 419 without the CSRF token', async () => {
    const a = await archive(companyId, 'echo');
    const body = { items: [{ source: 'order', id: a.finalFileId }] };
    const anon = t.agent();
    await anon.csrf();
    expect((await anon.post(ZIP_URL, body)).statusCode).toBe(401);
    expect((await staff.post(ZIP_URL, body)).statusCode).toBe(403);
    expect((await admin.post(ZIP_URL, body)).statusCode).toBe(403);
    expect((await customer.post(ZIP_URL, body, { csrf: false })).statusCode).toBe(419);
  });

  it('answers 400 for no items, too many, an unknown source, a bad id or an unknown field', async () => {
    const many = Array.from({ length: MAX_ZIP_ITEMS + 1 }, (_, i) => ({ source: 'order', id: i + 1 }));
    for (const body of [
      {},
      { items: [] },
      { items: many },
      { items: [{ source: 'link', id: 1 }] },
      { items: [{ source: 'order', id: 0 }] },
      { items: [{ source: 'order', id: '1' }] },
      { items: [{ source: 'order', id: 1, path: '../x' }] },
      { items: [{ source: 'order', id: 1 }], name: 'x.zip' },
    ]) {
      const res = await customer.post(ZIP_URL, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers 404 for the whole request when one item is not visible: another company’s, unfinished, pending, a link, missing', async () => {
    const a = await archive(companyId, 'foxtrot');
    const foreign = await archive(otherId, 'foxtrot');
    const visible = { source: 'order', id: a.finalFileId };
    const missing = await customer.post(ZIP_URL, { items: [visible, { source: 'order', id: 2_147_483_000 }] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('FILE_NOT_FOUND');
    const hidden = [
      { source: 'product', id: foreign.companyProductId },
      { source: 'order', id: foreign.finalFileId },
      { source: 'drawing', id: foreign.drawing.versionIds[1] },
      // The company's own, but not in the archive: a provided file, a final file of an order in
      // progress, a version that asked for changes, a pending one, a drawing's file id as an order's.
      { source: 'order', id: a.providedFileId },
      { source: 'order', id: a.earlyFileId },
      { source: 'drawing', id: a.drawing.versionIds[0] },
      { source: 'drawing', id: a.pending.versionIds[0] },
      { source: 'order', id: a.drawingFileId },
    ];
    for (const agent of [customer, acting]) {
      for (const item of hidden) {
        const res = await agent.post(ZIP_URL, { items: [visible, item] });
        expect(res.statusCode, JSON.stringify(item)).toBe(404);
        expect(res.headers['content-type']).toContain('application/json');
        expect(errorBody(res.body)).toEqual(errorBody(missing.body));
      }
    }
    // A product without a tearsheet (only links) has nothing to zip.
    await tdb.db.orm.update(products).set({ tearsheetMediaId: null }).where(eq(products.nameNl, 'Fauteuil foxtrot'));
    expect((await customer.post(ZIP_URL, { items: [{ source: 'product', id: a.companyProductId }] })).statusCode).toBe(404);
  });

  it('answers 404 for a drawing of an area a narrowed company does not see, and for a file whose bytes are gone', async () => {
    const co = (await createCompany(tdb.db, { name: 'Narrow Zip Co' })).id;
    const viewer = await t.signIn(await createClient(tdb.db, co));
    const a = await archive(co, 'golf');
    await narrowTo(a.projectId, co, a.cabin);
    const item = { source: 'drawing', id: a.inCabin2.versionIds[0] };
    expect((await viewer.post(ZIP_URL, { items: [item] })).statusCode).toBe(404);
    // The whole project's drawing is not the narrowed company's either.
    expect((await viewer.post(ZIP_URL, { items: [{ source: 'drawing', id: a.drawing.versionIds[1] }] })).statusCode).toBe(404);
    // Its product files are.
    expect((await viewer.post(ZIP_URL, { items: [{ source: 'order', id: a.finalFileId }] })).statusCode).toBe(200);

    const gone = await createFileRow(tdb.db, { name: 'weg.pdf' }); // a row without bytes in storage
    await tdb.db.orm.insert(orderFiles).values({ orderId: a.orderId, fileId: gone.id, kind: 'final' });
    const res = await viewer.post(ZIP_URL, { items: [{ source: 'order', id: gone.id }] });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('FILE_NOT_FOUND');
  });

  it('streams one ZIP of the selected files of three sources, for the company and the acting employee', async () => {
    const a = await archive(companyId, 'hotel');
    const items = [
      { source: 'product', id: a.companyProductId },
      { source: 'order', id: a.finalFileId },
      { source: 'drawing', id: a.drawing.versionIds[1] },
      { source: 'drawing', id: a.inCabin2.versionIds[0] },
      // Asked twice: in the ZIP once.
      { source: 'order', id: a.finalFileId },
    ];
    for (const agent of [customer, acting]) {
      const res = await agent.post(ZIP_URL, { items });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="bestanden-\d{4}-\d{2}-\d{2}\.zip"/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      const entries = unzip(res.rawPayload);
      expect(entries.map((e) => e.name)).toEqual(['blad hotel.jpg', 'definitief hotel.pdf', 'drawing-v2.pdf', 'drawing-v1.pdf']);
      expect(entries[0]?.data.equals(a.sheetBytes)).toBe(true);
      expect(entries[1]?.data.equals(a.finalBytes)).toBe(true);
      expect(entries[2]?.data.equals(a.drawingBytes)).toBe(true);
      expect(entries[3]?.data.equals(a.drawingBytes)).toBe(true);
    }
  });

  it('makes the names inside safe and unique', async () => {
    const a = await archive(companyId, 'india');
    await tdb.db.orm.update(files).set({ originalName: '../../etc/plan.pdf' }).where(eq(files.id, a.finalFileId));
    await tdb.db.orm.update(files).set({ originalName: 'PLAN.pdf' }).where(eq(files.id, a.drawingFileId));
    const res = await customer.post(ZIP_URL, {
      items: [
        { source: 'order', id: a.finalFileId },
        { source: 'drawing', id: a.drawing.versionIds[1] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(unzip(res.rawPayload).map((e) => e.name)).toEqual(['plan.pdf', 'PLAN (2).pdf']);
  });
});
