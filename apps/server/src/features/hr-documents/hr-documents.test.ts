import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { employeeContracts, employeeDocuments, employees } from '../../db/schema';
import { createFileRow } from '../projects/projects.fixtures';

// The test clock stands on 2026-11-21: "expiring" is up to 2026-12-21.
let tdb: TestDatabase;
let t: TestApp;
let hrDocs: Agent;
let hrContracts: Agent;
let hrDocsFx: EmployeeFixture;
let hrContractsFx: EmployeeFixture;
let plain: Agent;
let plainFx: EmployeeFixture;
let other: EmployeeFixture;
let actAs: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      hrDocs: { permissions: ['documents.manage'] },
      hrContracts: { permissions: ['contracts.manage'] },
      plain: { permissions: ['projects.view'] },
    },
    companies: { company: { name: 'HR Co' } },
    clients: { client: {} },
    acting: { actAs: { permissions: ['companies.act-as-client', 'documents.manage'] } },
    anon: true,
  });
  ({ hrDocs, hrContracts, plain, actAs, client, anon } = cast);
  hrDocsFx = cast.hrDocs.fx;
  hrContractsFx = cast.hrContracts.fx;
  plainFx = cast.plain.fx;
  other = await createEmployee(tdb.db, { permissions: [] });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const docs = (userId: number, id?: number, tail = '') => `/api/users/${userId}/documents${id ? `/${id}` : ''}${tail}`;
const contracts = (userId: number, id?: number, tail = '') => `/api/users/${userId}/contracts${id ? `/${id}` : ''}${tail}`;
/** An upload of the account, not attached yet (a PDF unless said otherwise). */
const upload = async (accountId: number, o: { mime?: string; name?: string } = {}) =>
  (await createFileRow(tdb.db, { storage: t.app.platform.storage, createdBy: accountId, ...o })).id;
const docInput = async (o: Record<string, unknown> = {}) => ({
  type: 'vca',
  title: 'VCA-basis',
  expiresOn: '2027-05-01',
  notes: 'Examen in Rotterdam',
  fileId: await upload(hrDocsFx.accountId),
  ...o,
});
const contractInput = async (o: Record<string, unknown> = {}) => ({
  startsOn: '2026-01-01',
  endsOn: null,
  minutesPerWeek: 2280,
  fileId: await upload(hrContractsFx.accountId),
  notes: '',
  ...o,
});

describe('HR documents and contracts: access', () => {
  it('answers 401 anonymous and 403 to the portal and to an employee acting as a company; nothing is written', async () => {
    const id = other.employeeId;
    const list = [
      ['GET', docs(id), undefined],
      ['POST', docs(id), { type: 'vca', title: 'x', fileId: 1 }],
      ['PUT', docs(id, 1), { type: 'vca', title: 'x', fileId: 1, version: 1 }],
      ['DELETE', docs(id, 1, '?version=1'), undefined],
      ['GET', contracts(id), undefined],
      ['POST', contracts(id), { startsOn: '2026-01-01', minutesPerWeek: 60 }],
      ['PUT', contracts(id, 1), { startsOn: '2026-01-01', minutesPerWeek: 60, version: 1 }],
      ['DELETE', contracts(id, 1, '?version=1'), undefined],
      ['GET', '/api/hr/expiring', undefined],
    ] as const;
    for (const [method, url, body] of list) {
      expect((await anon.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await actAs.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    const [n] = await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(employeeDocuments);
    expect(n?.n).toBe(0);
  });

  it('answers 403 to changes without the part right, also on one’s own record', async () => {
    for (const agent of [plain, hrContracts]) {
      for (const userId of [other.employeeId, plainFx.employeeId, hrContractsFx.employeeId]) {
        expect((await agent.post(docs(userId), await docInput())).statusCode).toBe(403);
        expect((await agent.put(docs(userId, 1), { ...(await docInput()), version: 1 })).statusCode).toBe(403);
        expect((await agent.delete(docs(userId, 1, '?version=1'))).statusCode).toBe(403);
      }
    }
    expect((await hrDocs.post(contracts(other.employeeId), await contractInput())).statusCode).toBe(403);
    expect((await plain.get('/api/hr/expiring')).statusCode).toBe(403);
  });

  it("answers 404 for another person's record without the part right, and for a missing person or record", async () => {
    const doc = (await hrDocs.post(docs(other.employeeId), await docInput())).json().data;
    const con = (await hrContracts.post(contracts(other.employeeId), await contractInput())).json().data;
    for (const [agent, url, code] of [
      [plain, docs(other.employeeId), 'EMPLOYEE_NOT_FOUND'],
      [hrContracts, docs(other.employeeId), 'EMPLOYEE_NOT_FOUND'],
      [plain, contracts(other.employeeId), 'EMPLOYEE_NOT_FOUND'],
      [hrDocs, contracts(other.employeeId), 'EMPLOYEE_NOT_FOUND'],
      [hrDocs, docs(2147483000), 'EMPLOYEE_NOT_FOUND'],
      [hrContracts, contracts(2147483000), 'EMPLOYEE_NOT_FOUND'],
    ] as const) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe(code);
    }
    // A record of another person under this person's address, or a missing one: not found.
    expect((await hrDocs.put(docs(hrDocsFx.employeeId, doc.id), { ...(await docInput()), version: 1 })).json().code).toBe(
      'DOCUMENT_NOT_FOUND',
    );
    expect((await hrDocs.delete(docs(other.employeeId, 2147483000, '?version=1'))).statusCode).toBe(404);
    expect((await hrContracts.delete(contracts(hrDocsFx.employeeId, con.id, '?version=1'))).json().code).toBe(
      'CONTRACT_NOT_FOUND',
    );
    expect((await hrDocs.post(docs(2147483000), await docInput())).json().code).toBe('EMPLOYEE_NOT_FOUND');
  });
});

/** A PDF sent through POST /api/files for a purpose, as the web app's file field sends it. */
async function sendPdf(who: Agent, purpose: string) {
  const boundary = '----hr';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n%%EOF\n\r\n--${boundary}--\r\n`,
  );
  return who.request('POST', `/api/files?purpose=${purpose}`, {
    body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

describe('HR documents', () => {
  it('the HR officer uploads a document and a contract through POST /api/files?purpose=hr-document and adds them', async () => {
    const person = await createEmployee(tdb.db);
    const docFile = await sendPdf(hrDocs, 'hr-document');
    expect(docFile.statusCode, docFile.body).toBe(201);
    const doc = await hrDocs.post(docs(person.employeeId), await docInput({ fileId: docFile.json().data[0].id }));
    expect(doc.statusCode, doc.body).toBe(201);
    const contractFile = await sendPdf(hrContracts, 'hr-document');
    expect(contractFile.statusCode, contractFile.body).toBe(201);
    const contract = await hrContracts.post(
      contracts(person.employeeId),
      await contractInput({ fileId: contractFile.json().data[0].id }),
    );
    expect(contract.statusCode, contract.body).toBe(201);
    // Someone without an HR right may not upload for an HR record.
    expect((await sendPdf(plain, 'hr-document')).statusCode).toBe(403);
  });

  it('adds, lists with the expiry status, changes and removes a document, with audit rows', async () => {
    const person = await createEmployee(tdb.db);
    const created = await hrDocs.post(docs(person.employeeId), await docInput({ expiresOn: '2026-12-01', title: ' VCA VOL ' }));
    expect(created.statusCode).toBe(201);
    const doc = created.json().data;
    expect(doc).toMatchObject({
      employeeId: person.employeeId,
      type: 'vca',
      title: 'VCA VOL',
      expiresOn: '2026-12-01',
      status: 'expiring',
      version: 1,
      abilities: { canEdit: true, canDelete: true },
    });
    expect(doc.file.url).toBe(`/api/files/${doc.file.id}`);
    await hrDocs.post(docs(person.employeeId), await docInput({ type: 'identity', title: 'Paspoort', expiresOn: null }));
    await hrDocs.post(docs(person.employeeId), await docInput({ type: 'driving_licence', expiresOn: '2026-11-20' }));

    const list = (await hrDocs.get(docs(person.employeeId))).json();
    expect(list.today).toBe('2026-11-21');
    expect(list.abilities.canCreate).toBe(true);
    expect(list.data.map((d: { status: string }) => d.status)).toEqual(['expired', 'expiring', 'none']);

    const changed = await hrDocs.put(docs(person.employeeId, doc.id), {
      type: 'certificate',
      title: 'Hoogwerker',
      expiresOn: '2028-01-01',
      notes: '',
      fileId: doc.file.id,
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ type: 'certificate', status: 'valid', version: 2, file: { id: doc.file.id } });
    const stale = await hrDocs.put(docs(person.employeeId, doc.id), { ...(await docInput()), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await hrDocs.delete(docs(person.employeeId, doc.id, '?version=1'))).statusCode).toBe(409);
    expect((await hrDocs.delete(docs(person.employeeId, doc.id, '?version=2'))).statusCode).toBe(204);
    expect((await hrDocs.get(docs(person.employeeId))).json().data).toHaveLength(2);

    const audits = await auditRows(tdb.db, 'employee_document.deleted');
    expect(audits.at(-1)).toMatchObject({ subjectId: String(doc.id), accountId: hrDocsFx.accountId });
    expect((await auditRows(tdb.db, 'employee_document.created')).length).toBeGreaterThanOrEqual(3);
  });

  it('shows one’s own documents read-only, and downloads the file only for oneself and documents.manage', async () => {
    const mine = (await hrDocs.post(docs(plainFx.employeeId), await docInput({ type: 'identity', expiresOn: null }))).json().data;
    const own = (await plain.get(docs(plainFx.employeeId))).json();
    expect(own.abilities).toMatchObject({ canCreate: false, reasons: { canCreate: 'FORBIDDEN' } });
    expect(own.data[0]).toMatchObject({ id: mine.id, abilities: { canEdit: false, canDelete: false } });
    expect((await plain.get(mine.file.url)).statusCode).toBe(200);
    expect((await hrDocs.get(mine.file.url)).statusCode).toBe(200);
    const stranger = await t.signIn(await createEmployee(tdb.db, { permissions: ['projects.manage'] }));
    expect((await stranger.get(mine.file.url)).statusCode).toBe(404);
    expect((await hrContracts.get(mine.file.url)).statusCode).toBe(404);
    expect((await client.get(mine.file.url)).statusCode).toBe(404);
  });

  it('refuses bad input with field errors and writes nothing', async () => {
    const person = await createEmployee(tdb.db);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ type: 'passport' }, 'type', 'invalid_choice'],
      [{ title: '' }, 'title', 'required'],
      [{ title: 'x'.repeat(201) }, 'title', 'too_long'],
      [{ expiresOn: '2026-02-30' }, 'expiresOn', 'date_invalid'],
      [{ expiresOn: 20270101 }, 'expiresOn', 'invalid_type'],
      [{ fileId: '1' }, 'fileId', 'invalid_type'],
      [{ extra: 1 }, 'extra', 'unknown_field'],
      [{ fileId: await upload(other.accountId) }, 'fileId', 'not_found'], // someone else's upload
      [{ fileId: 2147483000 }, 'fileId', 'not_found'],
      [{ fileId: await upload(hrDocsFx.accountId, { mime: 'text/plain', name: 'a.txt' }) }, 'fileId', 'not_allowed'],
    ];
    for (const [patch, field, code] of bad) {
      const res = await hrDocs.post(docs(person.employeeId), await docInput(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, JSON.stringify(patch)).toBe(code);
    }
    // A file another record holds already.
    const first = (await hrDocs.post(docs(person.employeeId), await docInput())).json().data;
    const again = await hrDocs.post(docs(person.employeeId), await docInput({ fileId: first.file.id }));
    expect(again.json().fieldErrors?.fileId?.code).toBe('not_found');
    const nul = await hrDocs.post(docs(person.employeeId), await docInput({ title: 'a\u0000b' }));
    expect(nul.statusCode).toBe(400);
    expect((await hrDocs.get(docs(person.employeeId))).json().data).toHaveLength(1);
  });

  it('refuses a new document for a deleted employee', async () => {
    const person = await createEmployee(tdb.db);
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, person.employeeId));
    const res = await hrDocs.post(docs(person.employeeId), await docInput());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMPLOYEE_DELETED');
    expect((await hrDocs.get(docs(person.employeeId))).statusCode).toBe(200);
  });
});

describe('contracts', () => {
  it('adds, lists with the status, changes and removes a contract', async () => {
    const person = await createEmployee(tdb.db);
    const a = await hrContracts.post(
      contracts(person.employeeId),
      await contractInput({ startsOn: '2025-12-01', endsOn: '2026-11-30', minutesPerWeek: 1950 }),
    );
    expect(a.statusCode).toBe(201);
    expect(a.json().data).toMatchObject({ status: 'ending', minutesPerWeek: 1950, endsOn: '2026-11-30' });
    const b = (
      await hrContracts.post(contracts(person.employeeId), await contractInput({ startsOn: '2026-12-01', fileId: null }))
    ).json().data;
    expect(b).toMatchObject({ status: 'upcoming', endsOn: null, file: null });
    const list = (await hrContracts.get(contracts(person.employeeId))).json();
    expect(list.data.map((c: { id: number }) => c.id)).toEqual([b.id, a.json().data.id]);

    const changed = await hrContracts.put(contracts(person.employeeId, b.id), {
      startsOn: '2026-12-01',
      endsOn: '2027-11-30',
      minutesPerWeek: 1440,
      fileId: await upload(hrContractsFx.accountId, { mime: 'image/png', name: 'scan.png' }),
      notes: 'Verlengd',
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({
      minutesPerWeek: 1440,
      notes: 'Verlengd',
      version: 2,
      file: { mime: 'image/png' },
    });
    expect(
      (await hrContracts.put(contracts(person.employeeId, b.id), { ...(await contractInput()), version: 1 })).statusCode,
    ).toBe(409);
    expect((await hrContracts.delete(contracts(person.employeeId, b.id, '?version=2'))).statusCode).toBe(204);
    expect(await auditRows(tdb.db, 'employee_contract.deleted')).toHaveLength(1);

    // One's own contracts, read-only; the file only for oneself and contracts.manage.
    const self = await t.signIn(person);
    const own = (await self.get(contracts(person.employeeId))).json();
    expect(own.data[0].abilities.canEdit).toBe(false);
    expect((await self.get(own.data[0].file.url)).statusCode).toBe(200);
    expect((await hrDocs.get(own.data[0].file.url)).statusCode).toBe(404);
    expect((await plain.get(own.data[0].file.url)).statusCode).toBe(404);
  });

  it('refuses bad input with field errors', async () => {
    const person = await createEmployee(tdb.db);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ startsOn: '2026-03-01', endsOn: '2026-02-28' }, 'endsOn', 'end_before_start'],
      [{ minutesPerWeek: 0 }, 'minutesPerWeek', 'too_small'],
      [{ minutesPerWeek: 4801 }, 'minutesPerWeek', 'too_big'],
      [{ minutesPerWeek: 37.5 }, 'minutesPerWeek', 'invalid_type'],
      [{ startsOn: 'tomorrow' }, 'startsOn', 'date_invalid'],
      [{ fileId: await upload(hrDocsFx.accountId) }, 'fileId', 'not_found'],
      [{ version: 1 }, 'version', 'unknown_field'],
    ];
    for (const [patch, field, code] of bad) {
      const res = await hrContracts.post(contracts(person.employeeId), await contractInput(patch));
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, JSON.stringify(patch)).toBe(code);
    }
    const ok = await hrContracts.post(contracts(person.employeeId), await contractInput({ endsOn: '2026-01-01' }));
    expect(ok.statusCode).toBe(201); // a one-day contract
    const [n] = await tdb.db.orm
      .select({ n: sql<number>`count(*)::int` })
      .from(employeeContracts)
      .where(eq(employeeContracts.employeeId, person.employeeId));
    expect(n?.n).toBe(1);
  });
});

describe('GET /api/hr/expiring', () => {
  it('lists what needs HR by date, each part by its right, active employees only', async () => {
    const [ann, bob, gone] = await Promise.all([
      createEmployee(tdb.db, { firstName: 'Ann' }),
      createEmployee(tdb.db, { firstName: 'Bob' }),
      createEmployee(tdb.db, { firstName: 'Gone' }),
    ]);
    const addDoc = async (userId: number, o: Record<string, unknown>) =>
      (await hrDocs.post(docs(userId), await docInput(o))).json().data.id as number;
    const addCon = async (userId: number, o: Record<string, unknown>) =>
      (await hrContracts.post(contracts(userId), await contractInput(o))).json().data.id as number;
    const annVcaOld = await addDoc(ann.employeeId, { type: 'vca', expiresOn: '2026-11-01' }); // replaced below
    await addDoc(ann.employeeId, { type: 'vca', expiresOn: '2036-11-01' });
    const annId = await addDoc(ann.employeeId, { type: 'identity', expiresOn: '2026-12-10' });
    const bobVca = await addDoc(bob.employeeId, { type: 'vca', expiresOn: '2026-10-01' });
    await addDoc(bob.employeeId, { type: 'identity', expiresOn: '2026-12-22' }); // just outside the window
    await addDoc(gone.employeeId, { type: 'vca', expiresOn: '2026-10-01' });
    const annEnding = await addCon(ann.employeeId, { startsOn: '2026-01-01', endsOn: '2026-12-05' });
    const bobOld = await addCon(bob.employeeId, { startsOn: '2025-01-01', endsOn: '2025-12-31' }); // followed by a later one
    await addCon(bob.employeeId, { startsOn: '2026-01-01', endsOn: null });
    const annEnded = await addCon(ann.employeeId, { startsOn: '2024-01-01', endsOn: '2024-06-30' }); // followed too
    await addCon(gone.employeeId, { startsOn: '2026-01-01', endsOn: '2026-11-25' });
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.employeeId));

    type Row = { kind: string; id: number; status: string; employee: { id: number } };
    const mine = (rows: Row[]) => rows.filter((r) => [ann.employeeId, bob.employeeId, gone.employeeId].includes(r.employee.id));
    const d = (await hrDocs.get('/api/hr/expiring')).json();
    expect(d.parts).toEqual({ documents: true, contracts: false });
    expect(mine(d.data).map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [bobVca, 'expired'],
      [annId, 'expiring'],
    ]);
    expect(mine(d.data)).not.toContainEqual(expect.objectContaining({ id: annVcaOld }));
    expect(d.data[0]).toMatchObject({ kind: 'document', employee: { name: expect.any(String) } });
    const c = (await hrContracts.get('/api/hr/expiring')).json();
    expect(c.parts).toEqual({ documents: false, contracts: true });
    expect(mine(c.data).map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[annEnding, 'ending']]);
    expect(mine(c.data).map((r: { id: number }) => r.id)).not.toContain(bobOld);
    expect(mine(c.data).map((r: { id: number }) => r.id)).not.toContain(annEnded);
    const both = await t.signIn(await createEmployee(tdb.db, { permissions: ['documents.manage', 'contracts.manage'] }));
    const all = mine((await both.get('/api/hr/expiring')).json().data).map(
      (r: { kind: string; id: number }) => `${r.kind}:${r.id}`,
    );
    expect(all).toEqual([`document:${bobVca}`, `contract:${annEnding}`, `document:${annId}`]);
  });
});
