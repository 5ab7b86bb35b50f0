import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { declarationCategories, declarations, notifications } from '../../db/schema';
import { createFileRow, createProjectRow } from '../projects/projects.fixtures';
import { createCategoryRow, createDeclarationRow, createPaymentTypeRow } from './declarations.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let client: Agent;
let acting: Agent;
/** An employee without any right: their own declarations only. */
let me: Agent;
let meFx: EmployeeFixture;
let other: Agent;
let otherFx: EmployeeFixture;
/** users.manage: sees the employees, not their declarations. */
let usersMgr: Agent;
/** hours.manage: everyone's declarations and the decisions. */
let hr: Agent;
let hrFx: EmployeeFixture;
let hr2: Agent;
let category: { id: number; name: string };
let paymentType: { id: number; name: string };
let project: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      me: { firstName: 'Mees' },
      other: { firstName: 'Olga', locale: 'en' },
      usersMgr: { permissions: ['users.manage'] },
      hr: { permissions: ['hours.manage'], firstName: 'Hanna' },
      hr2: { permissions: ['hours.manage'] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'hours.manage'] } },
    anon: true,
  });
  ({ me, other, usersMgr, hr, hr2, anon, client, acting } = cast);
  meFx = cast.me.fx;
  otherFx = cast.other.fx;
  hrFx = cast.hr.fx;
  category = await createCategoryRow(tdb.db, { name: 'Reiskosten' });
  paymentType = await createPaymentTypeRow(tdb.db, { name: 'Eigen geld' });
  project = await createProjectRow(tdb.db, { name: 'Cruiseschip Aurora' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** An upload of the account, not attached yet (what POST /api/files leaves). */
async function upload(fx: { accountId: number }, mime = 'image/png', name = 'bon.png') {
  return (await createFileRow(tdb.db, { storage: t.app.platform.storage, createdBy: fx.accountId, mime, name })).id;
}

const input = async (fx: { accountId: number }, o: Record<string, unknown> = {}) => ({
  date: '2026-11-12',
  projectId: project.id,
  categoryId: category.id,
  paymentTypeId: paymentType.id,
  description: 'Treinkaartje Rotterdam',
  amountCents: 1250,
  receiptFileId: await upload(fx),
  ...o,
});

type Json = Record<string, unknown> & { id: number; version: number; status: string };

async function file(who: Agent, fx: EmployeeFixture, o: Record<string, unknown> = {}): Promise<Json> {
  const res = await who.post('/api/declarations', await input(fx, o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const mine = (o: Record<string, unknown> = {}) => file(me, meFx, o);
const stored = async (id: number) => (await tdb.db.orm.select().from(declarations).where(eq(declarations.id, id)))[0] ?? null;
const rowOf = (
  employeeId: number,
  status?: 'submitted' | 'approved' | 'rejected' | 'paid',
  o: { amountCents?: number; date?: string } = {},
) =>
  createDeclarationRow(tdb.db, {
    employeeId,
    categoryId: category.id,
    paymentTypeId: paymentType.id,
    ...(status ? { status } : {}),
    ...o,
  });

describe('the fitter files his own declaration', () => {
  it('uploads the receipt through POST /api/files?purpose=receipt with no rights at all, and files the declaration with it', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const boundary = '----receipt';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="bon.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const sent = await me.request('POST', '/api/files?purpose=receipt', {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const receiptFileId = sent.json().data[0].id;
    const filed = await me.post('/api/declarations', { ...(await input(meFx)), receiptFileId });
    expect(filed.statusCode, filed.body).toBe(201);
    expect(filed.json().data).toMatchObject({ status: 'submitted', receipt: { id: receiptFileId } });
  });
});

describe('who may call', () => {
  it('refuses anonymous callers (401) and the portal view (403) on every route', async () => {
    const d = await rowOf(meFx.employeeId);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/declarations'],
      ['GET', `/api/users/${meFx.employeeId}/declarations`],
      ['POST', '/api/declarations', {}],
      ['GET', `/api/declarations/${d.id}`],
      ['PUT', `/api/declarations/${d.id}`, {}],
      ['DELETE', `/api/declarations/${d.id}?version=1`],
      ['POST', `/api/declarations/${d.id}/approve`, { version: 1 }],
      ['POST', `/api/declarations/${d.id}/reject`, { version: 1, reason: 'x' }],
      ['POST', `/api/declarations/${d.id}/pay`, { version: 1 }],
      ['GET', '/api/settings/declarations/categories'],
      ['POST', '/api/settings/declarations/payment-types', { name: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      const opts = body === undefined ? {} : { body };
      expect((await anon.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
      expect((await acting.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('filing a declaration', () => {
  it('files one’s own with the receipt: submitted, stored in cents, audited, the receipt downloadable by the right people', async () => {
    const d = await mine({ amountCents: 4295, description: '  Parkeren Schiphol  ' });
    expect(d).toMatchObject({
      status: 'submitted',
      amountCents: 4295,
      description: 'Parkeren Schiphol',
      date: '2026-11-12',
      project: { id: project.id, name: 'Cruiseschip Aurora' },
      category: { id: category.id, name: 'Reiskosten' },
      paymentType: { id: paymentType.id, name: 'Eigen geld' },
      rejectReason: null,
      decidedBy: null,
      abilities: { canEdit: true, canDelete: true, canApprove: false, reasons: { canApprove: 'FORBIDDEN' } },
    });
    expect((d.employee as { id: number }).id).toBe(meFx.employeeId);
    const row = await stored(d.id);
    expect(row).toMatchObject({ employeeId: meFx.employeeId, amountCents: 4295, createdBy: meFx.accountId });
    expect(await auditRows(tdb.db, 'declaration.created')).toContainEqual(
      expect.objectContaining({ subjectId: String(d.id), accountId: meFx.accountId }),
    );
    const receipt = d.receipt as { id: number; url: string; mime: string };
    expect(receipt.mime).toBe('image/png');
    expect((await me.get(receipt.url)).statusCode).toBe(200);
    expect((await hr.get(receipt.url)).statusCode).toBe(200);
    expect((await other.get(receipt.url)).statusCode).toBe(404);
    expect((await usersMgr.get(receipt.url)).statusCode).toBe(404);
  });

  it("files another person's only with the hours rights (403 otherwise); hours rights may file for anyone", async () => {
    const res = await me.post('/api/declarations', await input(meFx, { employeeId: otherFx.employeeId }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    const forOther = await file(hr, hrFx, { employeeId: otherFx.employeeId, projectId: null });
    expect(forOther).toMatchObject({ employee: { id: otherFx.employeeId }, project: null });
    // The employee sees it, and its receipt (uploaded by HR).
    expect((await other.get(`/api/declarations/${forOther.id}`)).statusCode).toBe(200);
    expect((await other.get((forOther.receipt as { url: string }).url)).statusCode).toBe(200);
    const missing = await hr.post('/api/declarations', await input(hrFx, { employeeId: 2147483000 }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toMatchObject({ employeeId: { code: 'not_found' } });
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = (await tdb.db.orm.select().from(declarations)).length;
    const inactive = await createCategoryRow(tdb.db, { active: false });
    const zip = await upload(meFx, 'application/zip', 'bonnen.zip');
    const othersFile = await upload(otherFx);
    const attached = (await rowOf(meFx.employeeId)).receiptFileId;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amountCents: 0 }, 'amountCents', 'too_small'],
      [{ amountCents: 100_000_001 }, 'amountCents', 'too_big'],
      [{ amountCents: 12.5 }, 'amountCents', 'invalid_type'],
      [{ description: '   ' }, 'description', 'required'],
      [{ date: '2026-02-30' }, 'date', 'date_invalid'],
      [{ categoryId: inactive.id }, 'categoryId', 'inactive'],
      [{ categoryId: 2147483000 }, 'categoryId', 'not_found'],
      [{ paymentTypeId: 2147483000 }, 'paymentTypeId', 'not_found'],
      [{ projectId: 2147483000 }, 'projectId', 'not_found'],
      [{ receiptFileId: zip }, 'receiptFileId', 'type_not_allowed'],
      [{ receiptFileId: othersFile }, 'receiptFileId', 'not_found'],
      [{ receiptFileId: attached }, 'receiptFileId', 'not_found'],
    ];
    for (const [o, field, code] of cases) {
      const res = await me.post('/api/declarations', await input(meFx, o));
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, `${JSON.stringify(o)}: ${res.body}`).toBe(code);
    }
    for (const body of [
      { ...(await input(meFx)), extra: 1 },
      { ...(await input(meFx)), description: 'a\u0000b' },
      { ...(await input(meFx)), description: 'x'.repeat(501) },
      { ...(await input(meFx)), amountCents: '1250' },
      [],
    ]) {
      expect((await me.post('/api/declarations', body)).statusCode).toBe(400);
    }
    expect((await tdb.db.orm.select().from(declarations)).length).toBe(before + 1); // only the `attached` fixture
  });

  it('lets only one of two declarations take the same receipt', async () => {
    const receiptFileId = await upload(meFx);
    const first = await me.post('/api/declarations', await input(meFx, { receiptFileId }));
    const second = await me.post('/api/declarations', await input(meFx, { receiptFileId }));
    expect([first.statusCode, second.statusCode]).toEqual([201, 400]);
    expect(second.json().fieldErrors.receiptFileId.code).toBe('not_found');
  });
});

describe('lists', () => {
  it("shows an employee their own only, and the hours rights everyone's, with the sum of every matching amount", async () => {
    const person = await createEmployee(tdb.db, { firstName: 'Lijst' });
    const agent = await t.signIn(person);
    await rowOf(person.employeeId, 'submitted', { amountCents: 1000, date: '2026-10-01' });
    await rowOf(person.employeeId, 'approved', { amountCents: 2550, date: '2026-10-15' });
    await rowOf(person.employeeId, 'paid', { amountCents: 500, date: '2026-11-01' });
    const own = (await agent.get('/api/declarations?perPage=2')).json();
    expect(own.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(own.totalCents).toBe(4050);
    expect(own.data.map((d: Json) => d.date)).toEqual(['2026-11-01', '2026-10-15']);
    expect(own.data.every((d: { employee: { id: number } }) => d.employee.id === person.employeeId)).toBe(true);
    // Someone else's filter shows nothing without rights.
    expect((await agent.get(`/api/declarations?employeeId=${meFx.employeeId}`)).json().meta.total).toBe(0);

    const byHr = (await hr.get(`/api/declarations?employeeId=${person.employeeId}&status=approved`)).json();
    expect(byHr.meta.total).toBe(1);
    expect(byHr.totalCents).toBe(2550);
    const period = (await hr.get(`/api/declarations?employeeId=${person.employeeId}&from=2026-10-10&to=2026-10-31`)).json();
    expect(period.data.map((d: Json) => d.amountCents)).toEqual([2550]);
    const sorted = (await hr.get(`/api/declarations?employeeId=${person.employeeId}&sort=amount`)).json();
    expect(sorted.data.map((d: Json) => d.amountCents)).toEqual([500, 1000, 2550]);
    expect((await hr.get('/api/declarations')).json().meta.total).toBeGreaterThan(3);
    // users.manage alone sees only their own (none).
    expect((await usersMgr.get('/api/declarations')).json().meta.total).toBe(0);
  });

  it("answers a person's list for themselves and for the hours rights; 404 for anyone else or a missing person", async () => {
    await rowOf(otherFx.employeeId);
    expect((await other.get(`/api/users/${otherFx.employeeId}/declarations`)).statusCode).toBe(200);
    const byHr = await hr.get(`/api/users/${otherFx.employeeId}/declarations?status=submitted`);
    expect(byHr.statusCode).toBe(200);
    expect(byHr.json().data.every((d: { employee: { id: number } }) => d.employee.id === otherFx.employeeId)).toBe(true);
    for (const who of [me, usersMgr]) {
      const res = await who.get(`/api/users/${otherFx.employeeId}/declarations`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('EMPLOYEE_NOT_FOUND');
    }
    expect((await hr.get('/api/users/2147483000/declarations')).json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await hr.get('/api/declarations?status=open')).statusCode).toBe(400);
    expect((await hr.get('/api/declarations?from=2026-13-01')).statusCode).toBe(400);
  });

  it('reads a page in a fixed number of statements, whatever its size', async () => {
    const person = await createEmployee(tdb.db);
    const agent = await t.signIn(person);
    await rowOf(person.employeeId);
    await agent.get('/api/declarations'); // warm up: the session's first load may write last_seen_at
    const few = await countQueries(tdb.db, () => agent.get('/api/declarations'));
    for (let i = 0; i < 8; i++) await rowOf(person.employeeId);
    const many = await countQueries(tdb.db, () => agent.get('/api/declarations'));
    expect(few.result.json().data).toHaveLength(1);
    expect(many.result.json().data).toHaveLength(9);
    // The session, the totals, the page and its receipts.
    expect(many.count).toBe(4);
    expect(few.count).toBe(many.count);
  });
});

describe('one declaration', () => {
  it("is found for its employee and the hours rights; another person's is 404 like a missing one", async () => {
    const d = await rowOf(otherFx.employeeId);
    expect((await other.get(`/api/declarations/${d.id}`)).statusCode).toBe(200);
    expect((await hr.get(`/api/declarations/${d.id}`)).json().data.abilities).toMatchObject({ canApprove: true });
    const hidden = await me.get(`/api/declarations/${d.id}`);
    const missing = await me.get('/api/declarations/2147483000');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('DECLARATION_NOT_FOUND');
    expect(missing.json().code).toBe('DECLARATION_NOT_FOUND');
    expect((await me.get('/api/declarations/abc')).statusCode).toBe(400);
  });

  it('changes its own while submitted; stale 409; another person’s 404; after a decision 409 DECLARATION_NOT_EDITABLE', async () => {
    const d = await mine();
    const body = {
      ...(await input(meFx)),
      receiptFileId: (d.receipt as { id: number }).id,
      amountCents: 999,
      version: d.version,
    };
    const res = await me.put(`/api/declarations/${d.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ amountCents: 999, version: d.version + 1 });
    expect((await me.put(`/api/declarations/${d.id}`, body)).json().code).toBe('STALE_VERSION');
    expect((await other.put(`/api/declarations/${d.id}`, { ...body, version: d.version + 1 })).statusCode).toBe(404);
    // A new receipt replaces the old one.
    const receiptFileId = await upload(meFx, 'application/pdf', 'bon.pdf');
    const swapped = await me.put(`/api/declarations/${d.id}`, { ...body, receiptFileId, version: d.version + 1 });
    expect(swapped.json().data.receipt).toMatchObject({ id: receiptFileId, mime: 'application/pdf' });
    await hr.post(`/api/declarations/${d.id}/approve`, { version: d.version + 2 });
    const late = await me.put(`/api/declarations/${d.id}`, { ...body, receiptFileId, version: d.version + 3 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DECLARATION_NOT_EDITABLE');
    expect((await stored(d.id))?.amountCents).toBe(999);
  });

  it('removes its own while submitted (stale 409, decided 409, another person’s 404)', async () => {
    const d = await mine();
    expect((await other.delete(`/api/declarations/${d.id}?version=${d.version}`)).statusCode).toBe(404);
    expect((await me.delete(`/api/declarations/${d.id}?version=${d.version + 5}`)).json().code).toBe('STALE_VERSION');
    expect((await me.delete(`/api/declarations/${d.id}`)).statusCode).toBe(400);
    expect((await me.delete(`/api/declarations/${d.id}?version=${d.version}`)).statusCode).toBe(204);
    expect(await stored(d.id)).toBeNull();
    const approved = await rowOf(meFx.employeeId, 'approved');
    const res = await me.delete(`/api/declarations/${approved.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('DECLARATION_NOT_EDITABLE');
    // The hours rights remove another person's submitted one.
    const theirs = await rowOf(otherFx.employeeId);
    expect((await hr.delete(`/api/declarations/${theirs.id}?version=1`)).statusCode).toBe(204);
  });
});

describe('decisions', () => {
  async function notificationsOf(accountId: number) {
    return tdb.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.kind, 'declaration.decided')));
  }

  it('approves, then marks paid; tells the employee each time, by mail in their language', async () => {
    const d = await file(other, otherFx, { amountCents: 123456, description: 'Hotel Bergen' });
    t.mailer.sent.length = 0;
    const before = (await notificationsOf(otherFx.accountId)).length;
    const approved = await hr.post(`/api/declarations/${d.id}/approve`, { version: d.version });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', abilities: { canPay: true, canEdit: false } });
    expect(approved.json().data.decidedBy).toMatch(/^Hanna /);
    const row = await stored(d.id);
    expect(row).toMatchObject({ status: 'approved', decidedBy: hrFx.accountId });
    expect(row?.decidedAt).not.toBeNull();
    const told = await notificationsOf(otherFx.accountId);
    expect(told.length).toBe(before + 1);
    expect(told.at(-1)).toMatchObject({
      data: { outcome: 'approved', amount: '€ 1.234,56', description: 'Hotel Bergen' },
      link: `/declarations?open=${d.id}`,
    });
    const mail = t.mailer.to(otherFx.email).at(-1);
    expect(mail?.subject).toBe('Expense claim approved: Hotel Bergen');

    const again = await hr2.post(`/api/declarations/${d.id}/approve`, { version: d.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DECLARATION_ALREADY_DECIDED');
    const paid = await hr.post(`/api/declarations/${d.id}/pay`, { version: d.version + 1 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');
    expect((await stored(d.id))?.paidAt).not.toBeNull();
    expect((await notificationsOf(otherFx.accountId)).at(-1)?.data).toMatchObject({ outcome: 'paid' });
    const twice = await hr.post(`/api/declarations/${d.id}/pay`, { version: d.version + 2 });
    expect(twice.json().code).toBe('DECLARATION_ALREADY_DECIDED');
    expect(await auditRows(tdb.db, 'declaration.paid')).toContainEqual(expect.objectContaining({ subjectId: String(d.id) }));
  });

  it('rejects with a reason (required); pays only an approved one; stale 409', async () => {
    const d = await rowOf(otherFx.employeeId);
    expect((await hr.post(`/api/declarations/${d.id}/reject`, { version: 1 })).statusCode).toBe(400);
    expect((await hr.post(`/api/declarations/${d.id}/reject`, { version: 1, reason: '  ' })).statusCode).toBe(400);
    const early = await hr.post(`/api/declarations/${d.id}/pay`, { version: 1 });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DECLARATION_NOT_APPROVED');
    expect((await hr.post(`/api/declarations/${d.id}/approve`, { version: 7 })).json().code).toBe('STALE_VERSION');
    const res = await hr.post(`/api/declarations/${d.id}/reject`, { version: 1, reason: 'Geen bon zichtbaar' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', rejectReason: 'Geen bon zichtbaar' });
    expect((await notificationsOf(otherFx.accountId)).at(-1)?.data).toMatchObject({
      outcome: 'rejected',
      reason: 'Geen bon zichtbaar',
    });
    expect((await hr.post(`/api/declarations/${d.id}/pay`, { version: 2 })).json().code).toBe('DECLARATION_NOT_APPROVED');
  });

  it('refuses decisions without the hours rights (403), on one’s own declaration (403) and on a missing one (404)', async () => {
    const d = await rowOf(otherFx.employeeId);
    for (const who of [me, other, usersMgr]) {
      expect((await who.post(`/api/declarations/${d.id}/approve`, { version: 1 })).statusCode).toBe(403);
    }
    const own = await rowOf(hrFx.employeeId);
    const res = await hr.post(`/api/declarations/${own.id}/approve`, { version: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await hr.get(`/api/declarations/${own.id}`)).json().data.abilities).toMatchObject({
      canApprove: false,
      canEdit: true,
      reasons: { canApprove: 'FORBIDDEN' },
    });
    expect((await hr.post('/api/declarations/2147483000/approve', { version: 1 })).json().code).toBe('DECLARATION_NOT_FOUND');
    expect((await stored(own.id))?.status).toBe('submitted');
  });

  it('two approvals at once: exactly one 200, one 409', async () => {
    for (let round = 0; round < 3; round++) {
      const d = await rowOf(otherFx.employeeId);
      const [a, b] = await Promise.all([
        hr.post(`/api/declarations/${d.id}/approve`, { version: 1 }),
        hr2.post(`/api/declarations/${d.id}/approve`, { version: 1 }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(['DECLARATION_ALREADY_DECIDED', 'STALE_VERSION']).toContain(loser.json().code);
      expect(await stored(d.id)).toMatchObject({ status: 'approved', version: 2 });
    }
  });

  it('an approval and a rejection at once: exactly one outcome', async () => {
    const d = await rowOf(otherFx.employeeId);
    const [a, b] = await Promise.all([
      hr.post(`/api/declarations/${d.id}/approve`, { version: 1 }),
      hr2.post(`/api/declarations/${d.id}/reject`, { version: 1, reason: 'Nee' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await stored(d.id))?.status).toBe(a.statusCode === 200 ? 'approved' : 'rejected');
  });
});

describe('settings: categories and payment types', () => {
  const url = '/api/settings/declarations/categories';

  it('lists the active ones to everyone; ?all=1 shows inactive ones to the hours rights only', async () => {
    const off = await createCategoryRow(tdb.db, { name: 'Zzz oud', active: false });
    const names = async (who: Agent, q = '') => (await who.get(url + q)).json().data.map((c: { name: string }) => c.name);
    expect(await names(me)).toContain('Reiskosten');
    expect(await names(me)).not.toContain(off.name);
    expect(await names(me, '?all=1')).not.toContain(off.name);
    expect(await names(hr, '?all=1')).toContain(off.name);
    expect((await me.get(`${url}?all=yes`)).statusCode).toBe(400);
    const pt = (await me.get('/api/settings/declarations/payment-types')).json().data;
    expect(pt.map((p: { name: string }) => p.name)).toContain('Eigen geld');
  });

  it("keeps an English name; a declaration shows the category and payment type in the reader's language", async () => {
    const created = await hr.post(url, { name: 'Gereedschap', nameEn: 'Tools' });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({ name: 'Gereedschap', nameEn: 'Tools' });
    const pay = (await hr.post('/api/settings/declarations/payment-types', { name: 'Pinpas', nameEn: 'Debit card' })).json().data;
    const made = await me.post('/api/declarations', await input(meFx, { categoryId: c.id, paymentTypeId: pay.id }));
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    expect(made.json().data).toMatchObject({ category: { name: 'Gereedschap' }, paymentType: { name: 'Pinpas' } });
    const english = await t.signIn(await createEmployee(tdb.db, { permissions: ['hours.manage'], locale: 'en' }));
    const seen = await english.get(`/api/declarations/${id}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().data).toMatchObject({ category: { name: 'Tools' }, paymentType: { name: 'Debit card' } });
  });

  it('adds, renames, deactivates and deletes with the hours rights; a unique name; stale 409; used 409', async () => {
    expect((await me.post(url, { name: 'Maaltijden' })).statusCode).toBe(403);
    const created = await hr.post(url, { name: '  Maaltijden ' });
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({ name: 'Maaltijden', active: true, inUse: false, abilities: { canDelete: true } });
    const dup = await hr.post(url, { name: 'maaltijden' });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().fieldErrors.name.code).toBe('name_taken');
    expect((await hr.post(url, { name: '' })).statusCode).toBe(400);
    expect((await hr.post(url, { name: 'x', extra: true })).statusCode).toBe(400);

    const renamed = await hr.put(`${url}/${c.id}`, { name: 'Lunch en diner', active: false, version: c.version });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Lunch en diner', active: false, version: c.version + 1 });
    expect((await hr.put(`${url}/${c.id}`, { name: 'X', active: true, version: c.version })).json().code).toBe('STALE_VERSION');
    expect(
      (await hr.put(`${url}/${c.id}`, { name: 'Reiskosten', active: true, version: c.version + 1 })).json().fieldErrors,
    ).toEqual({ name: { code: 'name_taken' } });
    expect((await me.put(`${url}/${c.id}`, { name: 'X', active: true, version: 2 })).statusCode).toBe(403);
    expect((await hr.put(`${url}/2147483000`, { name: 'X', active: true, version: 1 })).json().code).toBe(
      'DECLARATION_CATEGORY_NOT_FOUND',
    );
    // An inactive one is not offered: a new declaration with it is refused.
    const res = await me.post('/api/declarations', await input(meFx, { categoryId: c.id }));
    expect(res.json().fieldErrors.categoryId.code).toBe('inactive');

    expect((await hr.delete(`${url}/${c.id}?version=1`)).json().code).toBe('STALE_VERSION');
    expect((await hr.delete(`${url}/${c.id}?version=${c.version + 1}`)).statusCode).toBe(204);
    expect(await tdb.db.orm.select().from(declarationCategories).where(eq(declarationCategories.id, c.id))).toEqual([]);

    const used = (await hr.get(`${url}?all=1`)).json().data.find((x: { name: string }) => x.name === 'Reiskosten');
    expect(used).toMatchObject({ inUse: true, abilities: { canDelete: false, reasons: { canDelete: 'REFERENCE_IN_USE' } } });
    const refused = await hr.delete(`${url}/${used.id}?version=${used.version}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('REFERENCE_IN_USE');
    const pt = await hr.delete('/api/settings/declarations/payment-types/2147483000?version=1');
    expect(pt.json().code).toBe('PAYMENT_TYPE_NOT_FOUND');
  });
});
