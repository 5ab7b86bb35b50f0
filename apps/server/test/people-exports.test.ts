import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeDocuments, leaveRequests } from '../src/db/schema';
import {
  createCategoryRow,
  createDeclarationRow,
  createOvernightRow,
  createPaymentTypeRow,
} from '../src/features/declarations/declarations.fixtures';
import { createBookedHourRow } from '../src/features/hours/hours.fixtures';
import { createContractRow, createLeaveLines, createLeaveTypeRow } from '../src/features/leave/leave.fixtures';
import { createFileRow, createProjectRow } from '../src/features/projects/projects.fixtures';
import { createEmployee, type EmployeeFixture } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { castOf } from './helpers/cast';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { expectExportMatchesList, fetchCsv } from './helpers/export-match';

// The exports of the people lists: projects' hours, a person's HR documents and contracts,
// the expiring list, declarations and overnight stays, leave requests and a leave card's lines. Each
// file holds the list's rows for the same filter and sort, with the UI's headers; the scope is the
// list's: one's own, or another person's with the right (404 otherwise), never for a company user.

let tdb: TestDatabase;
let t: TestApp;
let hr: Agent;
let worker: Agent;
let workerFx: EmployeeFixture;
let otherFx: EmployeeFixture;
let client: Agent;
let anon: Agent;

/** `YYYY-MM-DD` as the CSV writes a date: dd-mm-yyyy. */
const dmy = (d: unknown) => String(d).slice(0, 10).split('-').reverse().join('-');

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const db = tdb.db;
  const cast = await castOf(t, {
    staff: {
      hr: { permissions: ['hours.manage', 'documents.manage', 'contracts.manage', 'leave.manage'], firstName: 'Hanna' },
      worker: { firstName: 'Willem' },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ hr, worker, client, anon } = cast);
  workerFx = cast.worker.fx;
  otherFx = await createEmployee(db, { firstName: 'Olga' });

  const project = await createProjectRow(db, { name: 'Celestyal Discovery' });
  const w = workerFx.employeeId;
  const o = otherFx.employeeId;
  for (const [employeeId, date, minutes, activity] of [
    [w, '2026-11-02', 450, 'installation'],
    [w, '2026-11-03', 480, 'travel'],
    [o, '2026-11-03', 240, 'workshop'],
    [o, '2026-11-18', 120, 'engineering'],
    [w, '2026-10-30', 480, 'installation'],
  ] as const)
    await createBookedHourRow(db, { employeeId, projectId: project.id, date, minutes, activity, notes: 'Kabels' });

  const file = async (name: string) => (await createFileRow(db, { name })).id;
  await db.orm.insert(employeeDocuments).values([
    { employeeId: w, fileId: await file('vca.pdf'), type: 'vca', title: 'VCA basis', expiresOn: '2026-12-01' },
    { employeeId: w, fileId: await file('pas.jpg'), type: 'identity', title: 'Paspoort', expiresOn: null, notes: 'Kopie' },
    { employeeId: o, fileId: await file('rijbewijs.pdf'), type: 'driving_licence', title: 'Rijbewijs', expiresOn: '2026-10-01' },
  ]);
  await createContractRow(db, { employeeId: w, startsOn: '2025-01-01', endsOn: '2026-12-10', minutesPerWeek: 2280 });
  await createContractRow(db, { employeeId: o, startsOn: '2026-01-01' });

  const category = await createCategoryRow(db, { name: 'Parkeren' });
  const payment = await createPaymentTypeRow(db, { name: 'Eigen geld' });
  const decl = (employeeId: number, date: string, amountCents: number, status?: 'approved') =>
    createDeclarationRow(db, { employeeId, categoryId: category.id, paymentTypeId: payment.id, date, amountCents, status });
  await decl(w, '2026-11-10', 1250);
  await decl(w, '2026-11-12', 899, 'approved');
  await decl(w, '2026-10-01', 5000);
  await decl(o, '2026-11-11', 2000);
  await createOvernightRow(db, {
    employeeId: w,
    projectId: project.id,
    date: '2026-11-09',
    nights: 3,
    location: 'Hotel Den Helder',
  });
  await createOvernightRow(db, { employeeId: w, projectId: project.id, date: '2026-11-16', status: 'approved' });
  await createOvernightRow(db, { employeeId: o, projectId: project.id, date: '2026-11-02' });

  const holiday = await createLeaveTypeRow(db, { name: 'Vakantie', code: 'VAK' });
  await db.orm.insert(leaveRequests).values([
    { employeeId: w, leaveTypeId: holiday.id, startsOn: '2026-12-07', endsOn: '2026-12-11', minutes: 2400, note: 'Wintersport' },
    {
      employeeId: w,
      leaveTypeId: holiday.id,
      startsOn: '2026-11-30',
      endsOn: '2026-11-30',
      partStart: '09:00',
      partEnd: '13:00',
      minutes: 240,
      status: 'approved',
    },
    { employeeId: o, leaveTypeId: holiday.id, startsOn: '2026-12-01', endsOn: '2026-12-02', minutes: 960 },
  ]);
  await createLeaveLines(db, w, [
    { date: '2026-03-02', kind: 'leave', minutes: -480, counts: true, leaveTypeId: holiday.id },
    { date: '2026-06-10', kind: 'leave', minutes: -240, counts: true, leaveTypeId: holiday.id },
    { date: '2026-06-10', kind: 'cancellation', minutes: 240, counts: true, leaveTypeId: holiday.id },
    { date: '2026-12-01', kind: 'leave', minutes: -480, counts: true, leaveTypeId: holiday.id },
    { date: '2026-01-05', kind: 'correction', minutes: 960, counts: true, description: 'Overgezet uit 2025' },
  ]);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const own = () => ({
  documents: `/api/users/${workerFx.employeeId}/documents/export`,
  contracts: `/api/users/${workerFx.employeeId}/contracts/export`,
  declarations: `/api/users/${workerFx.employeeId}/declarations/export`,
  overnights: `/api/users/${workerFx.employeeId}/overnights/export`,
  lines: `/api/users/${workerFx.employeeId}/leave-card/lines/export`,
});
const paths = () => [
  '/api/hours/export',
  '/api/hr/expiring/export',
  '/api/declarations/export',
  '/api/overnights/export',
  '/api/leave-requests/export',
  ...Object.values(own()),
];

describe('who may export the people lists', () => {
  it('refuses the anonymous (401) and a company user (403), everywhere', async () => {
    for (const path of paths()) {
      expect((await anon.get(`${path}?format=csv`)).statusCode, path).toBe(401);
      expect((await client.get(`${path}?format=csv`)).statusCode, path).toBe(403);
    }
  });

  it('refuses the staff lists to an employee without the right (403), as the lists do', async () => {
    for (const path of ['/api/hours/export', '/api/hr/expiring/export']) {
      expect((await worker.get(`${path}?format=csv`)).statusCode, path).toBe(403);
      expect((await worker.get(path.replace('/export', ''))).statusCode, path).toBe(403);
    }
  });

  it("lets a person export their own records, and answers 404 for another person's, as the lists do", async () => {
    for (const path of Object.values(own())) {
      expect((await worker.get(`${path}?format=csv`)).statusCode, path).toBe(200);
      const others = path.replace(`/users/${workerFx.employeeId}/`, `/users/${otherFx.employeeId}/`);
      expect((await worker.get(others.replace('/export', ''))).statusCode, others).toBe(404);
      expect((await worker.get(`${others}?format=csv`)).statusCode, others).toBe(404);
      expect((await hr.get(`${others}?format=csv`)).statusCode, others).toBe(200);
    }
  });

  it('refuses a missing format and a filter the list refuses (400)', async () => {
    for (const path of paths()) expect((await hr.get(path)).statusCode, path).toBe(400);
    expect((await hr.get('/api/hours/export?format=csv&activity=nap')).statusCode).toBe(400);
    expect((await hr.get('/api/hr/expiring/export?format=csv&kind=car')).statusCode).toBe(400);
    expect((await hr.get('/api/declarations/export?format=csv&from=2026-13-01')).statusCode).toBe(400);
    expect((await hr.get('/api/overnights/export?format=csv&status=lost')).statusCode).toBe(400);
    expect((await hr.get('/api/leave-requests/export?format=csv&year=1900')).statusCode).toBe(400);
    expect((await hr.get(`${own().documents}?format=csv&page=2`)).statusCode).toBe(400);
    expect((await hr.get(`${own().lines}?format=csv&bucket=all`)).statusCode).toBe(400);
  });
});

describe('the files hold the lists as filtered and sorted', () => {
  it('projects hours: period, person, activity and sort; the time as decimal hours', async () => {
    const base = { list: '/api/hours', export: '/api/hours/export' };
    const november = { from: '2026-11-01', to: '2026-11-30' };
    for (const query of [
      { ...november, sort: 'date' },
      { ...november, sort: '-minutes' },
      { ...november, employeeId: String(workerFx.employeeId) },
      { from: '2026-10-01', to: '2026-11-30', activity: 'installation' },
    ]) {
      await expectExportMatchesList(hr, { ...base, query, key: (r) => dmy(r.date), keyHeader: 'Datum' });
      await expectExportMatchesList(hr, {
        ...base,
        query,
        key: (r) => (r.employee as { name: string }).name,
        keyHeader: 'Medewerker',
      });
    }
    const csv = await fetchCsv(hr, '/api/hours/export', { ...november, sort: 'date' });
    expect(csv.header).toEqual([
      'Datum',
      'Medewerker',
      'Project',
      'Onderdeel of taak',
      'Activiteit',
      'Tijd (uren)',
      'Opmerkingen',
    ]);
    expect(csv.rows).toHaveLength(4);
    expect(csv.rows[0]).toEqual([
      '02-11-2026',
      expect.stringMatching(/^Willem /),
      'Celestyal Discovery',
      '',
      'Montage',
      '7,50',
      'Kabels',
    ]);
  });

  it("a person's documents and contracts: every record, statuses and kinds in words", async () => {
    const docs = (await worker.get(`/api/users/${workerFx.employeeId}/documents`)).json().data as { title: string }[];
    const csv = await fetchCsv(worker, own().documents);
    expect(csv.header).toEqual(['Titel', 'Soort document', 'Geldig tot en met', 'Status', 'Bestand', 'Opmerkingen']);
    expect(csv.rows.map((r) => r[0])).toEqual(docs.map((d) => d.title));
    expect(csv.rows.find((r) => r[0] === 'VCA basis')).toEqual([
      'VCA basis',
      'VCA-certificaat',
      '01-12-2026',
      'Verloopt binnenkort',
      'vca.pdf',
      '',
    ]);

    const contracts = (await worker.get(`/api/users/${workerFx.employeeId}/contracts`)).json().data as { startsOn: string }[];
    const c = await fetchCsv(worker, own().contracts);
    expect(c.header).toEqual(['Ingangsdatum', 'Einddatum', 'Uren per week', 'Status', 'Getekend contract', 'Opmerkingen']);
    expect(c.rows.map((r) => r[0])).toEqual(contracts.map((x) => dmy(x.startsOn)));
    expect(c.rows[0]).toEqual(['01-01-2025', '10-12-2026', '38,00', 'Eindigt binnenkort', '', '']);
  });

  it('the expiring list: documents and contracts, or one of the two', async () => {
    const list = (await hr.get('/api/hr/expiring')).json().data as { kind: string; employee: { name: string } }[];
    for (const kind of [undefined, 'document', 'contract']) {
      const csv = await fetchCsv(hr, '/api/hr/expiring/export', kind ? { kind } : {});
      const expected = list.filter((r) => !kind || r.kind === kind);
      expect(csv.rows.map((r) => r[0])).toEqual(expected.map((r) => r.employee.name));
      expect(csv.rows.length).toBeGreaterThan(0);
    }
    const csv = await fetchCsv(hr, '/api/hr/expiring/export', { kind: 'contract' });
    expect(csv.header).toEqual(['Medewerker', 'Wat', 'Soort', 'Datum', 'Status']);
    expect(csv.rows[0]?.slice(1)).toEqual(['Arbeidscontract', 'Arbeidscontract', '10-12-2026', 'Eindigt binnenkort']);
  });

  it("declarations and overnight stays: one's own or everyone's, filters and sort; amounts in euros", async () => {
    expect(await expectExportMatchesList(worker, { list: '/api/declarations', export: '/api/declarations/export' })).toBe(3);
    expect(
      await expectExportMatchesList(hr, {
        list: '/api/declarations',
        export: '/api/declarations/export',
        query: { from: '2026-11-01', sort: '-amount' },
      }),
    ).toBe(3);
    const mine = `/api/users/${workerFx.employeeId}/declarations`;
    expect(await expectExportMatchesList(hr, { list: mine, export: `${mine}/export`, query: { status: 'submitted' } })).toBe(2);
    const csv = await fetchCsv(worker, '/api/declarations/export', { sort: 'date' });
    expect(csv.header).toEqual([
      'ID',
      'Datum',
      'Medewerker',
      'Omschrijving',
      'Project',
      'Categorie',
      'Betaalwijze',
      'Bedrag',
      'Status',
      'Reden van afwijzing',
    ]);
    expect(csv.rows[1]?.slice(5, 9)).toEqual(['Parkeren', 'Eigen geld', '12,50', 'Ingediend']);

    expect(await expectExportMatchesList(worker, { list: '/api/overnights', export: '/api/overnights/export' })).toBe(2);
    expect(
      await expectExportMatchesList(hr, { list: '/api/overnights', export: '/api/overnights/export', query: { sort: 'nights' } }),
    ).toBe(3);
    const stays = `/api/users/${workerFx.employeeId}/overnights`;
    expect(await expectExportMatchesList(hr, { list: stays, export: `${stays}/export`, query: { status: 'approved' } })).toBe(1);
    const o = await fetchCsv(worker, '/api/overnights/export', { sort: 'date' });
    expect(o.header.slice(0, 6)).toEqual(['ID', 'Eerste nacht', 'Medewerker', 'Nachten', 'Project', 'Locatie']);
    expect(o.rows[0]?.slice(1, 6)).toEqual([
      '09-11-2026',
      expect.stringMatching(/^Willem /),
      '3',
      'Celestyal Discovery',
      'Hotel Den Helder',
    ]);
  });

  it("leave requests: one's own or everyone's, status and sort; the part of a day and the hours", async () => {
    expect(await expectExportMatchesList(worker, { list: '/api/leave-requests', export: '/api/leave-requests/export' })).toBe(2);
    expect(
      await expectExportMatchesList(hr, {
        list: '/api/leave-requests',
        export: '/api/leave-requests/export',
        query: { sort: 'employee' },
      }),
    ).toBe(3);
    expect(
      await expectExportMatchesList(hr, {
        list: '/api/leave-requests',
        export: '/api/leave-requests/export',
        query: { status: 'pending', employeeId: String(otherFx.employeeId) },
      }),
    ).toBe(1);
    const csv = await fetchCsv(worker, '/api/leave-requests/export', { sort: 'startsOn' });
    expect(csv.header.slice(1, 9)).toEqual([
      'Medewerker',
      'Soort',
      'Van',
      'Tot en met',
      'Deel van de dag',
      'Uren',
      'Status',
      'Toelichting',
    ]);
    expect(csv.rows[0]?.slice(2, 8)).toEqual(['Vakantie', '30-11-2026', '30-11-2026', '09:00–13:00', '4,00', 'Goedgekeurd']);
    expect(csv.rows[1]?.slice(6, 9)).toEqual(['40,00', 'Openstaand', 'Wintersport']);
  });

  it("a leave card's lines: a year and one total's lines, signed hours", async () => {
    const list = `/api/users/${workerFx.employeeId}/leave-card/lines`;
    for (const query of [{ year: '2026' }, { year: '2026', bucket: 'taken' }, { year: '2026', bucket: 'corrections' }]) {
      await expectExportMatchesList(worker, {
        list,
        export: `${list}/export`,
        query,
        key: (r) => dmy(r.date),
        keyHeader: 'Datum',
      });
      await expectExportMatchesList(hr, {
        list,
        export: `${list}/export`,
        query,
        key: (r) => ((r.minutes as number) / 60).toFixed(2).replace('.', ','),
        keyHeader: 'Uren',
      });
    }
    const csv = await fetchCsv(worker, `${list}/export`, { year: '2026', bucket: 'corrections' });
    expect(csv.header).toEqual([
      'Datum',
      'Soort',
      'Welk verlof',
      'Omschrijving',
      'Uren',
      'Telt mee',
      'Uurregel',
      'Boeking',
      'Door',
    ]);
    expect(csv.rows).toEqual([['05-01-2026', 'Correctie', '', 'Overgezet uit 2025', '16,00', 'Ja', '', '', '']]);
  });
});
