import { and, asc, eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientFixture, createClient, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, companyProducts, notifications, orderEvents, orders, productMedia, products } from '../../db/schema';
import { createProduct } from '../products/catalogue.fixtures';
import { createImageRow, createOrderRow, createUploadRow, createVersionRow } from './orders.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let managerFx: EmployeeFixture;
let manager: Agent; // companies.manage + products.manage
let handlerFx: EmployeeFixture;
let companiesOnly: Agent; // companies.manage only
let noPerm: Agent;
let actingFx: EmployeeFixture;
let actingAsA: Agent;
let clientFx: ClientFixture;
let client: Agent;
let colleagueFx: ClientFixture;
let clientB: Agent;
let anon: Agent;
let companyA: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  // Jobs deferred: the mails a change owes stay `pending` until the test drains them.
  t = await startTestApp({ db: tdb.db, jobs: 'deferred' });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['companies.manage', 'products.manage'], firstName: 'Mara' },
      companiesOnly: { permissions: ['companies.manage'], firstName: 'Hugo' },
      noPerm: { permissions: ['projects.manage', 'products.manage'] },
    },
    companies: { companyA: { name: 'Order Co A' }, companyB: { name: 'Order Co B' } },
    clients: { client: { company: 'companyA' }, clientB: { company: 'companyB' } },
    acting: { actingAsA: { permissions: ['companies.act-as-client'], firstName: 'Acting', company: 'companyA' } },
    anon: true,
  });
  ({ manager, companiesOnly, noPerm, actingAsA, client, clientB, anon } = cast);
  ({ companyA } = cast.companies);
  managerFx = cast.manager.fx;
  handlerFx = cast.companiesOnly.fx;
  actingFx = cast.actingAsA.fx;
  clientFx = cast.client.fx;
  // A second user of company A, not signed in.
  colleagueFx = await createClient(tdb.db, companyA.id);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const staffUrl = (id?: number | string, tail = '') => `/api/orders${id === undefined ? '' : `/${id}`}${tail}`;
const clientUrl = (id?: number | string, tail = '') => `/api/client/orders${id === undefined ? '' : `/${id}`}${tail}`;

async function requestNew(a: Agent = client, o: Record<string, unknown> = {}) {
  const res = await a.post(clientUrl(), { title: 'Lounge chairs deck 7', newProductTitle: 'Lounge chair Aurora', ...o });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const data = (res: InjectResponse) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
};

const code = (res: InjectResponse) => res.json().code;

async function notificationsOf(accountId: number, kind?: string) {
  return tdb.db.orm
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), kind ? eq(notifications.kind, kind) : undefined))
    .orderBy(asc(notifications.id));
}

describe('orders: access', () => {
  it('staff routes: 401 anonymous, 403 without companies.manage, 403 for the portal view', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id });
    const routes: [string, string, unknown][] = [
      ['GET', staffUrl(), undefined],
      ['GET', staffUrl(o.id), undefined],
      ['PUT', staffUrl(o.id), { title: 'x', version: 1 }],
      ['POST', staffUrl(o.id, '/approve-request'), { version: 1, target: { kind: 'new' } }],
      ['POST', staffUrl(o.id, '/decline-request'), { version: 1, reason: 'no' }],
      ['POST', staffUrl(o.id, '/versions'), { version: 1, previewFileId: 1 }],
      ['POST', staffUrl(o.id, '/files'), { fileIds: [1] }],
      ['POST', staffUrl(o.id, '/complete'), { version: 1 }],
    ];
    for (const [method, url, body] of routes) {
      expect((await anon.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await noPerm.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await client.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await actingAsA.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('client routes: 401 anonymous, 403 for staff not acting as a company', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id });
    const routes: [string, string, unknown][] = [
      ['GET', clientUrl(), undefined],
      ['POST', clientUrl(), { title: 'x', newProductTitle: 'y' }],
      ['GET', clientUrl(o.id), undefined],
      ['PUT', clientUrl(o.id), { title: 'x', version: 1 }],
      ['POST', clientUrl(o.id, '/approve-design'), { version: 1 }],
      ['POST', clientUrl(o.id, '/deny-design'), { version: 1, comment: 'x' }],
      ['POST', clientUrl(o.id, '/more-info'), { comment: 'x' }],
      ['POST', clientUrl(o.id, '/files'), { fileIds: [1] }],
      ['POST', clientUrl(o.id, '/reorder'), {}],
    ];
    for (const [method, url, body] of routes) {
      expect((await anon.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await manager.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("another company's order is not found, with the same body as a missing id, and nothing changes", async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'pending_approval' });
    await createVersionRow(tdb.db, o.id, { number: 1 });
    const routes: [string, string, unknown][] = [
      ['GET', '', undefined],
      ['PUT', '', { title: 'x', version: 1 }],
      ['POST', '/approve-design', { version: 1 }],
      ['POST', '/deny-design', { version: 1, comment: 'x' }],
      ['POST', '/more-info', { comment: 'x' }],
      ['POST', '/files', { fileIds: [1] }],
      ['POST', '/reorder', {}],
    ];
    for (const [method, tail, body] of routes) {
      const foreign = await clientB.request(method, clientUrl(o.id, tail), { body });
      const missing = await clientB.request(method, clientUrl(2147483000, tail), { body });
      expect(foreign.statusCode, `${method} ${tail}`).toBe(404);
      const { requestId: _a, ...f } = foreign.json();
      const { requestId: _b, ...m } = missing.json();
      expect(f).toEqual(m);
      expect(f.code).toBe('ORDER_NOT_FOUND');
    }
    expect((await clientB.get(clientUrl())).json().data).toEqual([]);
    const [row] = await tdb.db.orm.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: 'pending_approval', version: 1 });
    // Staff without the right see nothing either (the route refuses them first).
    expect((await noPerm.get(staffUrl(o.id))).statusCode).toBe(403);
  });
});

describe('orders: product requests', () => {
  it('refuses bad input field by field', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ title: '', newProductTitle: 'x' }, 'title'],
      [{ title: 'x' }, 'productId'],
      [{ title: 'x', productId: 1, newProductTitle: 'y' }, 'productId'],
      [{ title: 'x', productId: 'one' }, 'productId'],
      [{ title: 'x', newProductTitle: 'y', quantity: 0 }, 'quantity'],
      [{ title: 'x', newProductTitle: 'y', fileIds: [1, 1] }, 'fileIds'],
      [{ title: 'x', newProductTitle: 'y', extra: 1 }, ''],
      [{ title: 'x\u0000', newProductTitle: 'y' }, ''],
    ];
    for (const [body, field] of bad) {
      const res = await client.post(clientUrl(), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      if (field) expect(Object.keys(res.json().fieldErrors ?? {}), JSON.stringify(body)).toContain(field);
    }
    // References the caller may not use: an unpublished product not of the company, someone else's upload or image.
    const hidden = await createProduct(tdb.db, { published: false });
    const theirs = await createUploadRow(tdb.db, managerFx.accountId);
    const theirImage = await createImageRow(tdb.db, managerFx.accountId);
    const res = await client.post(clientUrl(), {
      title: 'x',
      newProductTitle: 'y',
      newProductThumbnailMediaId: theirImage,
      fileIds: [theirs],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({
      newProductThumbnailMediaId: { code: 'not_found' },
      fileIds: { code: 'not_found' },
    });
    const prod = await client.post(clientUrl(), { title: 'x', productId: hidden.id });
    expect(prod.json().fieldErrors).toEqual({ productId: { code: 'not_found' } });
    expect(await tdb.db.orm.select().from(orders).where(eq(orders.title, 'x'))).toEqual([]);
  });

  it('refuses bad input on the staff and client routes with 400, changing nothing', async () => {
    const o = await requestNew(client, { title: 'Bad input order', newProductTitle: 'Stool' });
    const bad: [Agent, string, string, unknown][] = [
      [manager, 'PUT', staffUrl(o.id), { title: 'x' }],
      [manager, 'PUT', staffUrl(o.id), { title: 'x', version: 0 }],
      [manager, 'POST', staffUrl(o.id, '/approve-request'), { version: 1 }],
      [manager, 'POST', staffUrl(o.id, '/approve-request'), { version: 1, target: { kind: 'other' } }],
      [manager, 'POST', staffUrl(o.id, '/approve-request'), { version: 1, target: { kind: 'existing' } }],
      [manager, 'POST', staffUrl(o.id, '/approve-request'), { version: 1, target: { kind: 'new', productId: 1 } }],
      [manager, 'POST', staffUrl(o.id, '/decline-request'), { version: 1 }],
      [manager, 'POST', staffUrl(o.id, '/versions'), { version: 1 }],
      [manager, 'POST', staffUrl(o.id, '/versions'), { version: 1, previewFileId: 'x' }],
      [manager, 'POST', staffUrl(o.id, '/files'), { fileIds: [] }],
      [manager, 'POST', staffUrl(o.id, '/complete'), {}],
      [manager, 'GET', staffUrl(undefined, '?tab=nope'), undefined],
      [manager, 'GET', staffUrl('abc'), undefined],
      [client, 'GET', clientUrl(undefined, '?tab=declined'), undefined],
      [client, 'POST', clientUrl(o.id, '/approve-design'), {}],
      [client, 'POST', clientUrl(o.id, '/deny-design'), { version: 1 }],
      [client, 'POST', clientUrl(o.id, '/more-info'), {}],
      [client, 'POST', clientUrl(o.id, '/reorder'), { quantity: 0 }],
      [client, 'POST', clientUrl(o.id, '/files'), { fileIds: ['1'] }],
    ];
    for (const [a, method, url, body] of bad) {
      const res = await a.request(method, url, { body });
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
    }
    const [row] = await tdb.db.orm.select().from(orders).where(eq(orders.id, o.id));
    expect(row).toMatchObject({ status: 'requested', version: 1 });
  });

  it('a client requests a product (existing or new) with files; staff with companies.manage are told', async () => {
    const published = await createProduct(tdb.db, { published: true, nameNl: 'Stoel Nova' });
    const mine = await createProduct(tdb.db, { published: false, nameNl: 'Eigen kast' });
    await tdb.db.orm.insert(companyProducts).values({ companyId: companyA.id, productId: mine.id });
    const file = await createUploadRow(tdb.db, clientFx.accountId, { name: 'sketch.pdf', mime: 'application/pdf' });
    const thumb = await createImageRow(tdb.db, clientFx.accountId);
    const a = await requestNew(client, { description: 'Teak', quantity: 12, newProductThumbnailMediaId: thumb, fileIds: [file] });
    expect(a).toMatchObject({
      company: { id: companyA.id, name: 'Order Co A' },
      title: 'Lounge chairs deck 7',
      description: 'Teak',
      quantity: 12,
      status: 'requested',
      product: { id: null, name: 'Lounge chair Aurora', isNew: true, thumbnailUrl: `/api/media/${thumb}/thumb` },
      providedFiles: [{ id: file, originalName: 'sketch.pdf' }],
      finalFiles: [],
      versions: [],
      versionCount: 0,
      latestEvent: { kind: 'requested' },
      events: [{ kind: 'requested', actingEmployee: null }],
      version: 1,
      abilities: { canEdit: true, canAddFiles: true, canApproveRequest: false, canAskInfo: true, canReorder: false },
    });
    expect(a.requestedBy).toMatch(/^Client User/);
    expect(a.events[0].actor).toBe(a.requestedBy);
    const b = data(await client.post(clientUrl(), { title: 'Chairs', productId: published.id }));
    expect(b.product).toMatchObject({ id: published.id, name: 'Stoel Nova', isNew: false });
    data(await client.post(clientUrl(), { title: 'Kast', productId: mine.id }));
    // Staff were told (mail pending), the client who asked was not.
    for (const acc of [managerFx.accountId, handlerFx.accountId]) {
      const told = await notificationsOf(acc, 'request.received');
      expect(told.find((n) => (n.data as { orderId: number }).orderId === a.id)).toMatchObject({
        data: { orderId: a.id, title: 'Lounge chairs deck 7', company: 'Order Co A' },
        link: `/requests/${a.id}`,
        mailState: 'pending',
      });
    }
    expect(await notificationsOf(clientFx.accountId)).toEqual([]);
    expect(await auditRows(tdb.db, 'order.requested', eq(auditLog.subjectId, String(a.id)))).toHaveLength(1);
    // The portal lists it under Requested, staff under requested; the mails go once the jobs run.
    expect((await client.get(clientUrl(undefined, '?tab=requested'))).json().data.map((o: { id: number }) => o.id)).toContain(
      a.id,
    );
    expect((await client.get(clientUrl())).json().data.map((o: { id: number }) => o.id)).not.toContain(a.id);
    const staffList = (await manager.get(staffUrl(undefined, `?companyId=${companyA.id}&q=Aurora`))).json();
    expect(staffList.data.map((o: { id: number }) => o.id)).toEqual([a.id]);
    expect(staffList.data[0].latestEvent).toMatchObject({ kind: 'requested' });
    await t.jobs?.drain();
    expect(t.mailer.to(managerFx.email).some((m) => m.subject.includes('Lounge chairs deck 7'))).toBe(true);
  });

  it('an employee acting as the company requests as the company: their account asks, the event names them', async () => {
    const o = data(await actingAsA.post(clientUrl(), { title: 'Acting request', newProductTitle: 'Bar stool' }));
    const [row] = await tdb.db.orm.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.requestedBy).toBe(actingFx.accountId);
    const [ev] = await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
    expect(ev).toMatchObject({ kind: 'requested', actorAccountId: actingFx.accountId, actingEmployeeId: actingFx.employeeId });
    expect(o.events[0].actingEmployee).toMatch(/^Acting Employee/);
  });

  it('staff approve a request into a new catalogue product: unpublished, the thumbnail its first image, the company’s product', async () => {
    const thumb = await createImageRow(tdb.db, clientFx.accountId, t.app.platform.storage);
    const o = await requestNew(client, { newProductThumbnailMediaId: thumb });
    // Without products.manage a new product is refused; an existing one must exist.
    const forbidden = await companiesOnly.post(staffUrl(o.id, '/approve-request'), { version: 1, target: { kind: 'new' } });
    expect(forbidden.statusCode).toBe(403);
    const missing = await manager.post(staffUrl(o.id, '/approve-request'), {
      version: 1,
      target: { kind: 'existing', productId: 2147483000 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ 'target.productId': { code: 'not_found' } });
    const badHandler = await manager.post(staffUrl(o.id, '/approve-request'), {
      version: 1,
      target: { kind: 'new' },
      handledById: 2147483000,
    });
    expect(badHandler.json().fieldErrors).toEqual({ handledById: { code: 'not_found' } });

    const approved = data(
      await manager.post(staffUrl(o.id, '/approve-request'), {
        version: 1,
        target: { kind: 'new' },
        handledById: handlerFx.employeeId,
      }),
    );
    expect(approved).toMatchObject({
      status: 'in_progress',
      version: 2,
      product: { isNew: false, name: 'Lounge chair Aurora', thumbnailUrl: `/api/media/${thumb}/thumb` },
      handledBy: { id: handlerFx.employeeId },
      latestEvent: { kind: 'request_approved' },
      abilities: { canApproveRequest: false, canSendVersion: true },
    });
    const productId = approved.product.id as number;
    const [p] = await tdb.db.orm.select().from(products).where(eq(products.id, productId));
    expect(p).toMatchObject({ nameNl: 'Lounge chair Aurora', published: false });
    expect(await tdb.db.orm.select().from(productMedia).where(eq(productMedia.productId, productId))).toEqual([
      { productId, mediaId: thumb, role: 'gallery', position: 0 },
    ]);
    const assigned = await tdb.db.orm
      .select()
      .from(companyProducts)
      .where(and(eq(companyProducts.companyId, companyA.id), eq(companyProducts.productId, productId)));
    expect(assigned).toHaveLength(1);
    expect(assigned[0]?.projectId).toBeNull();
    // The client sees the order (and its product's image) and was told.
    const seen = data(await client.get(clientUrl(o.id)));
    expect(seen).toMatchObject({ status: 'in_progress', product: { id: productId } });
    expect((await client.get(`/api/media/${thumb}/thumb`)).statusCode).toBe(200);
    const told = await notificationsOf(clientFx.accountId, 'request.decided');
    expect(told.at(-1)).toMatchObject({
      data: { orderId: o.id, title: o.title, outcome: 'approved' },
      link: `/orders/${o.id}`,
      mailState: 'pending',
    });
    expect(await notificationsOf(colleagueFx.accountId, 'request.decided')).toEqual([]);
    expect(await notificationsOf(managerFx.accountId, 'request.decided')).toEqual([]);
    // Decided twice: refused, whatever the version sent.
    for (const version of [1, 2]) {
      const again = await manager.post(staffUrl(o.id, '/decline-request'), { version, reason: 'No' });
      expect(again.statusCode).toBe(409);
      expect(code(again)).toBe('REQUEST_ALREADY_DECIDED');
    }
  });

  it('staff approve to an existing product (kept once in the company’s products) and decline another with a reason', async () => {
    const existing = await createProduct(tdb.db, { published: true });
    await tdb.db.orm.insert(companyProducts).values({ companyId: companyA.id, productId: existing.id });
    const o = await requestNew();
    const stale = await companiesOnly.post(staffUrl(o.id, '/approve-request'), {
      version: 7,
      target: { kind: 'existing', productId: existing.id },
    });
    expect(code(stale)).toBe('STALE_VERSION');
    const a = data(
      await companiesOnly.post(staffUrl(o.id, '/approve-request'), {
        version: 1,
        target: { kind: 'existing', productId: existing.id },
      }),
    );
    expect(a).toMatchObject({ status: 'in_progress', product: { id: existing.id }, handledBy: { id: handlerFx.employeeId } });
    const rows = await tdb.db.orm
      .select()
      .from(companyProducts)
      .where(and(eq(companyProducts.companyId, companyA.id), eq(companyProducts.productId, existing.id)));
    expect(rows).toHaveLength(1);

    const d = await requestNew();
    expect((await manager.post(staffUrl(d.id, '/decline-request'), { version: 1, reason: '' })).statusCode).toBe(400);
    const declined = data(await manager.post(staffUrl(d.id, '/decline-request'), { version: 1, reason: 'Not in our range' }));
    expect(declined).toMatchObject({
      status: 'declined',
      declineReason: 'Not in our range',
      latestEvent: { kind: 'request_declined', comment: 'Not in our range' },
      abilities: { canEdit: false, canAddFiles: false, canAskInfo: false },
    });
    expect((await notificationsOf(clientFx.accountId, 'request.decided')).at(-1)?.data).toEqual({
      orderId: d.id,
      title: d.title,
      outcome: 'declined',
      reason: 'Not in our range',
    });
    expect(code(await manager.post(staffUrl(d.id, '/approve-request'), { version: 2, target: { kind: 'new' } }))).toBe(
      'REQUEST_ALREADY_DECIDED',
    );
    // A declined request is still under the portal's Requested tab; closed to edits, files and questions.
    expect((await client.get(clientUrl(undefined, '?tab=requested'))).json().data.map((x: { id: number }) => x.id)).toContain(
      d.id,
    );
    expect(code(await client.put(clientUrl(d.id), { title: 'y', version: 2 }))).toBe('ORDER_NOT_EDITABLE');
    expect(code(await client.post(clientUrl(d.id, '/more-info'), { comment: 'Why?' }))).toBe('ORDER_CLOSED');
    expect(code(await client.post(clientUrl(d.id, '/files'), { fileIds: [1] }))).toBe('ORDER_CLOSED');
  });

  it('both sides edit while requested or in progress, with the version', async () => {
    const o = await requestNew();
    const edited = data(await client.put(clientUrl(o.id), { title: 'New title', description: 'd', quantity: 3, version: 1 }));
    expect(edited).toMatchObject({
      title: 'New title',
      description: 'd',
      quantity: 3,
      version: 2,
      latestEvent: { kind: 'edited' },
    });
    expect(code(await manager.put(staffUrl(o.id), { title: 'Old', version: 1 }))).toBe('STALE_VERSION');
    expect(data(await manager.put(staffUrl(o.id), { title: 'Staff title', version: 2 }))).toMatchObject({
      title: 'Staff title',
      version: 3,
    });
    expect((await client.put(clientUrl(o.id), { title: '', version: 3 })).statusCode).toBe(400);
    expect(await auditRows(tdb.db, 'order.updated', eq(auditLog.subjectId, String(o.id)))).toHaveLength(2);
  });
});

describe('orders: design approval', () => {
  it('runs request -> v1 -> denied with changes -> v2 -> approved -> final files -> completed -> reorder', async () => {
    const o = await requestNew();
    const refuseEarly = await manager.post(staffUrl(o.id, '/versions'), { version: 1, previewFileId: 1 });
    expect(code(refuseEarly)).toBe('ORDER_NOT_IN_PROGRESS');
    data(await manager.post(staffUrl(o.id, '/approve-request'), { version: 1, target: { kind: 'new' } }));
    expect(code(await client.post(clientUrl(o.id, '/approve-design'), { version: 2 }))).toBe('ORDER_NOT_AWAITING_APPROVAL');
    expect(code(await manager.post(staffUrl(o.id, '/complete'), { version: 2 }))).toBe('ORDER_NOT_APPROVED');

    // The preview: an image or PDF the sender may attach.
    const docx = await createUploadRow(tdb.db, managerFx.accountId, {
      name: 'x.docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const notMine = await createUploadRow(tdb.db, handlerFx.accountId);
    expect((await manager.post(staffUrl(o.id, '/versions'), { version: 2, previewFileId: docx })).json().fieldErrors).toEqual({
      previewFileId: { code: 'type_not_allowed' },
    });
    expect((await manager.post(staffUrl(o.id, '/versions'), { version: 2, previewFileId: notMine })).json().fieldErrors).toEqual({
      previewFileId: { code: 'not_found' },
    });
    const p1 = await createUploadRow(tdb.db, managerFx.accountId, { name: 'v1.png', storage: t.app.platform.storage });
    const v1 = data(await manager.post(staffUrl(o.id, '/versions'), { version: 2, comment: 'First go', previewFileId: p1 }));
    expect(v1).toMatchObject({
      status: 'pending_approval',
      versionCount: 1,
      versions: [{ number: 1, comment: 'First go', status: 'pending', preview: { id: p1 }, locked: false }],
      latestEvent: { kind: 'version_sent', versionNumber: 1, comment: 'First go' },
    });
    expect((await notificationsOf(clientFx.accountId, 'design.sent')).at(-1)).toMatchObject({
      data: { orderId: o.id, title: o.title, versionNumber: 1 },
      link: `/orders/${o.id}`,
      mailState: 'pending',
    });
    const p2 = await createUploadRow(tdb.db, managerFx.accountId, { name: 'v2.png' });
    const again = await manager.post(staffUrl(o.id, '/versions'), { version: v1.version, previewFileId: p2 });
    expect(code(again)).toBe('ORDER_AWAITING_APPROVAL');
    // The client sees the preview and may download it.
    const seen = data(await client.get(clientUrl(o.id)));
    expect(seen.abilities).toMatchObject({ canApproveDesign: true, canDenyDesign: true, canEdit: false });
    expect((await client.get(`/api/files/${p1}`)).statusCode).toBe(200);
    expect((await clientB.get(`/api/files/${p1}`)).statusCode).toBe(404);

    // Denied with changes: a comment and a feedback file.
    const feedback = await createUploadRow(tdb.db, clientFx.accountId, { name: 'markup.pdf', mime: 'application/pdf' });
    expect((await client.post(clientUrl(o.id, '/deny-design'), { version: v1.version, comment: '' })).statusCode).toBe(400);
    const denied = data(
      await client.post(clientUrl(o.id, '/deny-design'), { version: v1.version, comment: 'Darker wood', fileIds: [feedback] }),
    );
    expect(denied).toMatchObject({
      status: 'in_progress',
      versions: [{ number: 1, status: 'denied', decisionComment: 'Darker wood', feedbackFiles: [{ id: feedback }] }],
      latestEvent: { kind: 'design_denied', comment: 'Darker wood', versionNumber: 1 },
    });
    expect(denied.versions[0].decidedBy).toBe(denied.requestedBy);
    expect(denied.providedFiles).toEqual([]);
    // The handling employee (the approver by default) is told; nobody else on staff.
    expect((await notificationsOf(managerFx.accountId, 'design.decided')).at(-1)).toMatchObject({
      data: {
        orderId: o.id,
        title: o.title,
        company: 'Order Co A',
        versionNumber: 1,
        outcome: 'denied',
        comment: 'Darker wood',
      },
      link: `/requests/${o.id}`,
    });
    expect(await notificationsOf(handlerFx.accountId, 'design.decided')).toEqual([]);
    expect(code(await client.post(clientUrl(o.id, '/deny-design'), { version: denied.version, comment: 'x' }))).toBe(
      'ORDER_NOT_AWAITING_APPROVAL',
    );

    const v2 = data(await manager.post(staffUrl(o.id, '/versions'), { version: denied.version, previewFileId: p2 }));
    expect(v2.versions.map((v: { number: number; locked: boolean; status: string }) => [v.number, v.locked, v.status])).toEqual([
      [2, false, 'pending'],
      [1, true, 'denied'],
    ]);
    // Final files by staff: hidden from the client until the design is approved.
    const final = await createUploadRow(tdb.db, managerFx.accountId, {
      name: 'final.pdf',
      mime: 'application/pdf',
      storage: t.app.platform.storage,
    });
    const withFinal = data(await manager.post(staffUrl(o.id, '/files'), { fileIds: [final] }));
    expect(withFinal.finalFiles.map((f: { id: number }) => f.id)).toEqual([final]);
    expect(data(await client.get(clientUrl(o.id))).finalFiles).toEqual([]);
    // The client adds a provided file while it is open.
    const extra = await createUploadRow(tdb.db, clientFx.accountId, { name: 'extra.pdf', mime: 'application/pdf' });
    expect(
      data(await client.post(clientUrl(o.id, '/files'), { fileIds: [extra] })).providedFiles.map((f: { id: number }) => f.id),
    ).toEqual([extra]);

    const stale = await client.post(clientUrl(o.id, '/approve-design'), { version: 1 });
    expect(code(stale)).toBe('STALE_VERSION');
    const approved = data(await client.post(clientUrl(o.id, '/approve-design'), { version: v2.version }));
    expect(approved).toMatchObject({
      status: 'approved',
      versions: [
        { number: 2, status: 'approved', locked: false },
        { number: 1, status: 'denied', locked: true },
      ],
      finalFiles: [{ id: final }],
      abilities: { canApproveDesign: false, canReorder: false },
    });
    expect((await notificationsOf(managerFx.accountId, 'design.decided')).at(-1)?.data).toMatchObject({
      outcome: 'approved',
      versionNumber: 2,
    });
    // Approving again, or denying the approved one: refused; the older version never decided again.
    expect(code(await client.post(clientUrl(o.id, '/approve-design'), { version: approved.version }))).toBe(
      'ORDER_NOT_AWAITING_APPROVAL',
    );
    expect(code(await client.post(clientUrl(o.id, '/reorder'), {}))).toBe('ORDER_NOT_COMPLETED');

    const done = data(await manager.post(staffUrl(o.id, '/complete'), { version: approved.version }));
    expect(done).toMatchObject({ status: 'completed', latestEvent: { kind: 'completed' } });
    expect((await notificationsOf(clientFx.accountId, 'order.completed')).at(-1)).toMatchObject({
      data: { orderId: o.id, title: o.title },
      link: `/orders/${o.id}`,
    });
    expect((await client.get(clientUrl(undefined, '?tab=completed'))).json().data.map((x: { id: number }) => x.id)).toContain(
      o.id,
    );
    expect((await client.get(`/api/files/${final}`)).statusCode).toBe(200);
    expect(code(await client.post(clientUrl(o.id, '/files'), { fileIds: [extra] }))).toBe('ORDER_CLOSED');
    expect(code(await client.put(clientUrl(o.id), { title: 'x', version: done.version }))).toBe('ORDER_NOT_EDITABLE');

    // Reorder: a new order in progress, same product and handler; events on both; staff told.
    const re = await client.post(clientUrl(o.id, '/reorder'), { quantity: 5 });
    expect(re.statusCode, re.body).toBe(201);
    const copy = re.json().data;
    expect(copy).toMatchObject({
      status: 'in_progress',
      title: o.title,
      quantity: 5,
      reorderedFromId: o.id,
      product: { id: done.product.id },
      handledBy: { id: managerFx.employeeId },
      versions: [],
      latestEvent: { kind: 'reordered' },
    });
    expect(data(await client.get(clientUrl(o.id))).latestEvent.kind).toBe('reordered');
    expect((await notificationsOf(managerFx.accountId, 'request.received')).at(-1)?.data).toMatchObject({
      orderId: copy.id,
      reorder: true,
    });
    expect(await auditRows(tdb.db, 'order.reordered', eq(auditLog.subjectId, String(copy.id)))).toHaveLength(1);
    await t.jobs?.drain();
    expect(t.mailer.to(clientFx.email).length).toBeGreaterThan(0);
    // Staff are told of a reorder as one, not asked to approve or decline it (it starts in progress).
    const told = t.mailer.to(managerFx.email).at(-1);
    expect(told?.subject).toContain('Nabestelling');
    expect(told?.text).toContain('De bestelling staat in behandeling.');
    expect(told?.text).not.toContain('Keur de aanvraag goed');
  });

  it('asks for more information on an open order: an event, the status unchanged, staff told', async () => {
    const o = await requestNew();
    const res = data(await client.post(clientUrl(o.id, '/more-info'), { comment: 'When can you deliver?' }));
    expect(res).toMatchObject({
      status: 'requested',
      version: 1,
      latestEvent: { kind: 'info_requested', comment: 'When can you deliver?' },
    });
    expect((await notificationsOf(managerFx.accountId, 'order.info_requested')).at(-1)).toMatchObject({
      data: { orderId: o.id, title: o.title, company: 'Order Co A', comment: 'When can you deliver?' },
      link: `/requests/${o.id}`,
      mailState: 'pending',
    });
    expect((await client.post(clientUrl(o.id, '/more-info'), { comment: ' ' })).statusCode).toBe(400);
  });

  it('an approval the other side could not see coming: a pending version that is not the latest is never decided', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'pending_approval', productId: null });
    await createVersionRow(tdb.db, o.id, { number: 1, status: 'denied' });
    await createVersionRow(tdb.db, o.id, { number: 2, status: 'approved' });
    const res = await client.post(clientUrl(o.id, '/approve-design'), { version: 1 });
    expect(code(res)).toBe('ORDER_NOT_AWAITING_APPROVAL');
    const seen = data(await client.get(clientUrl(o.id)));
    expect(seen.versions.map((v: { locked: boolean }) => v.locked)).toEqual([false, true]);
  });
});

describe("orders: answers to the client's questions", () => {
  const answersUrl = (orderId: number | string, eventId: number | string) => staffUrl(orderId, `/questions/${eventId}/answers`);

  /** An order of company A with one question of the client; answers the order and the question's event id. */
  async function asked(comment = 'Which fabric do you advise?') {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress', requestedBy: clientFx.accountId });
    const res = data(await client.post(clientUrl(o.id, '/more-info'), { comment }));
    const question = res.events.find((e: { kind: string }) => e.kind === 'info_requested');
    return { id: o.id as number, questionId: question.id as number };
  }

  it('401 anonymous, 403 without companies.manage and for the portal, 404 for a question of another order or no question', async () => {
    const { id, questionId } = await asked();
    const other = await asked('Another order, another question');
    expect((await anon.post(answersUrl(id, questionId), { comment: 'x' })).statusCode).toBe(401);
    expect((await noPerm.post(answersUrl(id, questionId), { comment: 'x' })).statusCode).toBe(403);
    expect((await client.post(answersUrl(id, questionId), { comment: 'x' })).statusCode).toBe(403);
    expect((await actingAsA.post(answersUrl(id, questionId), { comment: 'x' })).statusCode).toBe(403);
    // A question of another order, an event that is not a question, an order that does not exist.
    expect(code(await manager.post(answersUrl(id, other.questionId), { comment: 'x' }))).toBe('ORDER_QUESTION_NOT_FOUND');
    const requested = (await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.orderId, id))).find(
      (e) => e.kind === 'requested',
    );
    expect(code(await manager.post(answersUrl(id, requested?.id ?? 0), { comment: 'x' }))).toBe('ORDER_QUESTION_NOT_FOUND');
    const missing = await manager.post(answersUrl(2_147_483_000, questionId), { comment: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(code(missing)).toBe('ORDER_NOT_FOUND');
    const answers = (await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.orderId, id))).filter(
      (e) => e.kind === 'info_answered',
    );
    expect(answers).toHaveLength(0);
  });

  it('400 for an empty or blank answer, and nothing is written', async () => {
    const { id, questionId } = await asked();
    for (const body of [{}, { comment: '' }, { comment: '   ' }, { comment: 'x'.repeat(5_001) }, { comment: 'x', extra: 1 }]) {
      const res = await manager.post(answersUrl(id, questionId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const res = await manager.post(answersUrl(id, questionId), { comment: '' });
    expect(res.json().fieldErrors.comment).toBeDefined();
    const evs = await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    expect(evs.filter((e) => e.kind === 'info_answered')).toHaveLength(0);
  });

  it('a question is open until staff answer it: listed as waiting, then answered in its thread, the asker told in the app and by mail', async () => {
    const { id, questionId } = await asked('Can the legs be oak?');
    const listed = async () =>
      (
        data(await companiesOnly.get(staffUrl(undefined, '?tab=ongoing&perPage=100'))) as { id: number; openQuestions: number }[]
      ).find((o) => o.id === id);
    expect((await listed())?.openQuestions).toBe(1);
    expect(data(await client.get(clientUrl(id))).openQuestions).toBe(1);

    t.mailer.sent.length = 0;
    const res = data(await companiesOnly.post(answersUrl(id, questionId), { comment: 'Yes, oiled oak.' }));
    expect(res.openQuestions).toBe(0);
    expect(res.status).toBe('in_progress');
    expect(res.version).toBe(1);
    expect(res.latestEvent).toMatchObject({
      kind: 'info_answered',
      comment: 'Yes, oiled oak.',
      parentId: questionId,
      actor: expect.stringContaining('Hugo'),
    });
    expect((await listed())?.openQuestions).toBe(0);
    // The client reads the thread in the order's history.
    const seen = data(await client.get(clientUrl(id)));
    expect(seen.events.filter((e: { parentId: number | null }) => e.parentId === questionId)).toHaveLength(1);
    expect(await auditRows(tdb.db, 'order.info_answered', eq(auditLog.subjectId, String(id)))).toHaveLength(1);

    expect((await notificationsOf(clientFx.accountId, 'order.info_answered')).at(-1)).toMatchObject({
      data: { orderId: id, question: 'Can the legs be oak?', comment: 'Yes, oiled oak.' },
      link: `/orders/${id}`,
      mailState: 'pending',
    });
    // Only the one who asked, not the colleague.
    expect(await notificationsOf(colleagueFx.accountId, 'order.info_answered')).toHaveLength(0);
    await t.jobs?.drain();
    const mail = t.mailer.to(clientFx.email).at(-1);
    expect(mail?.subject).toMatch(/^Antwoord op je vraag: /);
    expect(mail?.text).toContain('Yes, oiled oak.');
    expect(mail?.text).toContain(`/orders/${id}`);
  });

  it('a question on a completed order still gets its answer (an answer is not a decision)', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'completed', requestedBy: clientFx.accountId });
    const [q] = await tdb.db.orm
      .insert(orderEvents)
      .values({ orderId: o.id, kind: 'info_requested', comment: 'Spare parts?', actorAccountId: clientFx.accountId })
      .returning({ id: orderEvents.id });
    expect(data(await manager.post(answersUrl(o.id, q?.id ?? 0), { comment: 'Yes.' })).openQuestions).toBe(0);
  });

  it('two staff answering at once: both answers land in the thread', async () => {
    const { id, questionId } = await asked();
    const [a, b] = await Promise.all([
      manager.post(answersUrl(id, questionId), { comment: 'From Mara' }),
      companiesOnly.post(answersUrl(id, questionId), { comment: 'From Hugo' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const evs = await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.parentId, questionId));
    expect(evs.map((e) => e.comment).sort()).toEqual(['From Hugo', 'From Mara']);
  });
});

describe("orders: the client's follow-ups in a question's thread", () => {
  const answersUrl = (orderId: number | string, eventId: number | string) => staffUrl(orderId, `/questions/${eventId}/answers`);
  const repliesUrl = (orderId: number | string, eventId: number | string) => clientUrl(orderId, `/questions/${eventId}/replies`);

  /** An order of company A handled by Hugo, with one question of the client that Hugo answered. */
  async function answered(comment = 'Can the legs be oak?') {
    const o = await createOrderRow(tdb.db, {
      companyId: companyA.id,
      status: 'in_progress',
      requestedBy: clientFx.accountId,
      handledBy: handlerFx.employeeId,
    });
    const asked = data(await client.post(clientUrl(o.id, '/more-info'), { comment }));
    const questionId = asked.events.find((e: { kind: string }) => e.kind === 'info_requested').id as number;
    data(await companiesOnly.post(answersUrl(o.id, questionId), { comment: 'Yes, oiled oak.' }));
    return { id: o.id as number, questionId };
  }
  const thread = async (questionId: number) =>
    (await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.parentId, questionId)).orderBy(asc(orderEvents.id))).map(
      (e) => [e.kind, e.comment],
    );

  it('401 anonymous, 403 for staff, 404 for another company or no question of this order, 409 on a closed order; nothing written', async () => {
    const { id, questionId } = await answered();
    const other = await answered('Another order');
    const body = { comment: 'And in black?' };
    expect((await anon.post(repliesUrl(id, questionId), body)).statusCode).toBe(401);
    expect((await manager.post(repliesUrl(id, questionId), body)).statusCode).toBe(403);
    const foreign = await clientB.post(repliesUrl(id, questionId), body);
    expect(foreign.statusCode).toBe(404);
    expect(code(foreign)).toBe('ORDER_NOT_FOUND');
    // A question of another order, staff's answer, the request event: not a question of this order.
    const events = await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.orderId, id));
    const answerId = events.find((e) => e.kind === 'info_answered')?.id ?? 0;
    const requestedId = events.find((e) => e.kind === 'requested')?.id ?? 0;
    for (const eventId of [other.questionId, answerId, requestedId]) {
      const res = await client.post(repliesUrl(id, eventId), body);
      expect(res.statusCode, String(eventId)).toBe(404);
      expect(code(res)).toBe('ORDER_QUESTION_NOT_FOUND');
    }
    for (const bad of [{}, { comment: '' }, { comment: '   ' }, { comment: 'x'.repeat(5_001) }, { comment: 'x', extra: 1 }]) {
      expect((await client.post(repliesUrl(id, questionId), bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await client.post(repliesUrl(id, 'x'), body)).statusCode).toBe(400);
    // Asking is for open orders: so is following up.
    await tdb.db.orm.update(orders).set({ status: 'completed' }).where(eq(orders.id, id));
    const closed = await client.post(repliesUrl(id, questionId), body);
    expect(closed.statusCode).toBe(409);
    expect(code(closed)).toBe('ORDER_CLOSED');
    expect(await thread(questionId)).toEqual([['info_answered', 'Yes, oiled oak.']]);
  });

  it('the client follows up in the thread: it waits for staff again, the handler is told; the second answer tells the client', async () => {
    const { id, questionId } = await answered();
    t.mailer.sent.length = 0;
    const before = (await notificationsOf(handlerFx.accountId, 'order.info_requested')).length;
    const managerBefore = (await notificationsOf(managerFx.accountId, 'order.info_requested')).length;
    const res = data(await client.post(repliesUrl(id, questionId), { comment: 'And in black oak?' }));
    expect(res.openQuestions).toBe(1);
    expect(res.status).toBe('in_progress');
    expect(res.latestEvent).toMatchObject({ kind: 'info_requested', parentId: questionId, comment: 'And in black oak?' });
    expect(await auditRows(tdb.db, 'order.info_requested', eq(auditLog.subjectId, String(id)))).toHaveLength(2);
    // Told as of a question: the handling employee only, in the app and (by default) by mail.
    const told = await notificationsOf(handlerFx.accountId, 'order.info_requested');
    expect(told).toHaveLength(before + 1);
    expect(told.at(-1)).toMatchObject({
      data: {
        orderId: id,
        company: 'Order Co A',
        comment: 'And in black oak?',
        followUp: true,
        question: 'Can the legs be oak?',
      },
      link: `/requests/${id}`,
      mailState: 'pending',
    });
    expect(await notificationsOf(managerFx.accountId, 'order.info_requested')).toHaveLength(managerBefore);
    await t.jobs?.drain();
    const mail = t.mailer.to(handlerFx.email).at(-1);
    expect(mail?.subject).toMatch(/^Vervolgvraag over: /);
    expect(mail?.text).toContain('And in black oak?');
    // The staff list marks it unanswered again.
    const listed = (
      data(await companiesOnly.get(staffUrl(undefined, '?tab=ongoing&perPage=100'))) as { id: number; openQuestions: number }[]
    ).find((o) => o.id === id);
    expect(listed?.openQuestions).toBe(1);

    const clientBefore = (await notificationsOf(clientFx.accountId, 'order.info_answered')).length;
    const second = data(await companiesOnly.post(answersUrl(id, questionId), { comment: 'Yes, black stained oak.' }));
    expect(second.openQuestions).toBe(0);
    const toClient = await notificationsOf(clientFx.accountId, 'order.info_answered');
    expect(toClient).toHaveLength(clientBefore + 1);
    expect(toClient.at(-1)).toMatchObject({ data: { question: 'And in black oak?', comment: 'Yes, black stained oak.' } });
    expect(await notificationsOf(colleagueFx.accountId, 'order.info_answered')).toHaveLength(0);
    // Both sides read the thread in order.
    expect(await thread(questionId)).toEqual([
      ['info_answered', 'Yes, oiled oak.'],
      ['info_requested', 'And in black oak?'],
      ['info_answered', 'Yes, black stained oak.'],
    ]);
    const seen = data(await client.get(clientUrl(id)));
    expect(seen.events.filter((e: { parentId: number | null }) => e.parentId === questionId)).toHaveLength(3);
  });

  it('an employee acting as the company follows up as the company; the answer still goes to the client who wrote', async () => {
    const { id, questionId } = await answered();
    const res = data(await actingAsA.post(repliesUrl(id, questionId), { comment: 'Also for deck 8?' }));
    expect(res.latestEvent).toMatchObject({
      kind: 'info_requested',
      parentId: questionId,
      actingEmployee: expect.stringContaining('Acting'),
    });
    const clientBefore = (await notificationsOf(clientFx.accountId, 'order.info_answered')).length;
    const actingBefore = (await notificationsOf(actingFx.accountId, 'order.info_answered')).length;
    data(await manager.post(answersUrl(id, questionId), { comment: 'Yes, deck 8 too.' }));
    expect(await notificationsOf(clientFx.accountId, 'order.info_answered')).toHaveLength(clientBefore + 1);
    expect(await notificationsOf(actingFx.accountId, 'order.info_answered')).toHaveLength(actingBefore);
  });
});

describe('orders: breadcrumbs', () => {
  it('names an order by its title only for those who may see it', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, title: 'Crumb order' });
    const slug = async (a: Agent) => (await a.get(`/api/breadcrumbs/slugs?orderId=${o.id}`)).json().data.slugs.orderId;
    expect(await slug(client)).toBe('Crumb order');
    expect(await slug(manager)).toBe('Crumb order');
    expect(await slug(clientB)).toBeNull();
    expect(await slug(noPerm)).toBeNull();
  });
});

describe('orders: one outcome when two decide at once (D3)', () => {
  it('approve and decline together, 50 rounds: exactly one wins each round, the other is told it was decided', async () => {
    const rounds = 50;
    for (let i = 0; i < rounds; i++) {
      const o = await createOrderRow(tdb.db, { companyId: companyA.id, requestedBy: clientFx.accountId });
      const [approve, decline] = await Promise.all([
        manager.post(staffUrl(o.id, '/approve-request'), { version: 1, target: { kind: 'new', name: `Race ${i}` } }),
        companiesOnly.post(staffUrl(o.id, '/decline-request'), { version: 1, reason: 'Race' }),
      ]);
      const codes = [approve.statusCode, decline.statusCode].sort();
      expect(codes, `${approve.body} ${decline.body}`).toEqual([200, 409]);
      const loser = approve.statusCode === 409 ? approve : decline;
      expect(code(loser)).toBe('REQUEST_ALREADY_DECIDED');
      const [row] = await tdb.db.orm.select().from(orders).where(eq(orders.id, o.id));
      expect(row?.status).toBe(approve.statusCode === 200 ? 'in_progress' : 'declined');
      expect(row?.version).toBe(2);
      const evs = await tdb.db.orm.select().from(orderEvents).where(eq(orderEvents.orderId, o.id));
      expect(evs.map((e) => e.kind).filter((k) => k !== 'requested')).toHaveLength(1);
      const made = await tdb.db.orm
        .select()
        .from(products)
        .where(eq(products.nameNl, `Race ${i}`));
      expect(made).toHaveLength(approve.statusCode === 200 ? 1 : 0);
    }
  }, 120_000);
});
