import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { bookedHours, employees, exportRuns, overnightStays, rolePermissions, timesheetWeeks } from '../../db/schema';
import { query } from '../../platform/sql';
import { createAreaRow, createProjectRow, createTaskRow } from '../projects/projects.fixtures';
import { runExport, sweepExports } from './exports.service';

let tdb: TestDatabase;
let t: TestApp;
let exporter: Agent;
let exporterFx: EmployeeFixture;
let exporterEn: Agent;
let hoursManager: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let ann: EmployeeFixture;
let bob: EmployeeFixture;
let cees: EmployeeFixture;
let projectId: number;
let areaId: number;
let taskId: number;

const MISSING = 2147483000;
const OCT = { from: '2026-10-01', to: '2026-10-31' };

async function name(fx: EmployeeFixture, first: string, insertion: string | null, last: string, exactId: string | null) {
  await tdb.db.orm
    .update(employees)
    .set({ firstName: first, insertion, lastName: last, exactId })
    .where(eq(employees.id, fx.employeeId));
}

async function book(
  fx: EmployeeFixture,
  date: string,
  minutes: number,
  o: { activity?: string; notes?: string; area?: boolean } = {},
) {
  await tdb.db.orm.insert(bookedHours).values({
    employeeId: fx.employeeId,
    date,
    projectId,
    areaId: o.area ? areaId : null,
    taskId: o.area ? taskId : null,
    minutes,
    activity: o.activity ?? 'installation',
    notes: o.notes ?? '',
  });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      exporter: { permissions: ['hours.export'] },
      exporterEn: { permissions: ['hours.export'], locale: 'en' },
      hoursManager: { permissions: ['hours.manage', 'users.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'hours.export'] } },
    anon: true,
  });
  ({ exporter, exporterEn, hoursManager, client, acting, anon } = cast);
  exporterFx = cast.exporter.fx;

  const p = await createProjectRow(tdb.db, { name: 'MS Aurora' });
  projectId = p.id;
  areaId = (await createAreaRow(tdb.db, projectId, { number: '5001', name: 'Cabin' })).id;
  taskId = (await createTaskRow(tdb.db, projectId, areaId, { name: 'Wall panels' })).id;

  ann = await createEmployee(tdb.db);
  bob = await createEmployee(tdb.db);
  cees = await createEmployee(tdb.db);
  await name(ann, 'Ann', null, 'Aalders', 'E-100');
  await name(bob, 'Bob', null, 'Bakker', null);
  await name(cees, 'Cees', 'de', 'Vries', 'E-300');
  // October: Ann 3 x 20 min (exactly one hour, where 3 x 0.33 would not be), Bob a day, Cees with hostile notes.
  await book(ann, '2026-10-02', 20, { area: true });
  await book(ann, '2026-10-01', 20, { activity: 'travel' });
  await book(ann, '2026-10-05', 20, { notes: 'bus, "late"' });
  await book(bob, '2026-10-03', 480, { activity: 'workshop' });
  await book(cees, '2026-10-06', 450, { notes: '=HYPERLINK("http://evil.test","x")' });
  await book(cees, '2026-10-07', 90, { notes: '@SUM(A1)' });
  // Outside the period: never exported.
  await book(bob, '2026-09-30', 60);
  await book(bob, '2026-11-01', 60);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const runCount = async () => (await query<{ n: number }>(tdb.db.orm, sql`SELECT count(*)::int AS n FROM export_runs`))[0]?.n;

async function exportAs(agent: Agent, body: Record<string, unknown>) {
  const res = await agent.post('/api/exports', body);
  expect(res.statusCode, res.body).toBe(202);
  const run = res.json().data;
  // Jobs run inline in tests: the run is finished when the answer comes.
  expect(run.status).toBe('done');
  const file = await agent.get(run.fileUrl);
  expect(file.statusCode).toBe(200);
  return { run, file };
}

async function readXlsx(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  const rows: unknown[][] = [];
  ws.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return { ws, rows };
}

/** RFC 4180 with the given separator (quotes, doubled quotes, CRLF). */
function parseCsv(text: string, sep: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

describe('access', () => {
  const routes = (id: number) => [
    ['POST', '/api/exports'],
    ['GET', '/api/exports'],
    ['GET', `/api/exports/${id}`],
    ['GET', `/api/exports/${id}/file`],
  ];
  const body = { kind: 'hours', format: 'xlsx', ...OCT };

  it('answers 401 to anonymous callers', async () => {
    for (const [method, url] of routes(1)) {
      const res = await anon.request(method as string, url as string, method === 'POST' ? { body } : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 403 without hours.export, to a company user and to an employee acting as a company', async () => {
    const before = await runCount();
    for (const agent of [hoursManager, client, acting]) {
      for (const [method, url] of routes(1)) {
        const res = await agent.request(method as string, url as string, method === 'POST' ? { body } : {});
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect(await runCount()).toBe(before);
  });

  it("answers 404 for another person's run and for a missing id, exactly alike", async () => {
    const { run } = await exportAs(exporterEn, { ...body, employeeIds: [bob.employeeId] });
    const other = await exporter.get(`/api/exports/${run.id}`);
    const missing = await exporter.get(`/api/exports/${MISSING}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('EXPORT_NOT_FOUND');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('EXPORT_NOT_FOUND');
    expect((await exporter.get(`/api/exports/${run.id}/file`)).statusCode).toBe(404);
    const list = await exporter.get('/api/exports');
    expect(list.json().data.map((r: { id: number }) => r.id)).not.toContain(run.id);
  });

  it('answers 409 EXPORT_NOT_READY until the run is done', async () => {
    const [queued] = await tdb.db.orm
      .insert(exportRuns)
      .values({ kind: 'hours', format: 'csv', params: { ...OCT, employeeIds: null }, createdBy: exporterFx.accountId })
      .returning({ id: exportRuns.id });
    const res = await exporter.get(`/api/exports/${queued?.id}/file`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EXPORT_NOT_READY');
    const got = await exporter.get(`/api/exports/${queued?.id}`);
    expect(got.json().data).toMatchObject({ status: 'queued', fileUrl: null, done: 0, total: 0 });
  });
});

describe('bad input', () => {
  it.each([
    [{ kind: 'hours', format: 'xlsx', from: '2026-10-31', to: '2026-10-01' }, 'to', 'end_before_start'],
    [{ kind: 'hours', format: 'xlsx', from: '2025-01-01', to: '2026-01-03' }, 'to', 'span_too_long'],
    [{ kind: 'hours', format: 'xlsx', from: '2026-02-30', to: '2026-03-01' }, 'from', 'date_invalid'],
    [{ kind: 'hours', format: 'pdf', ...OCT }, 'format', undefined],
    [{ kind: 'payslips', format: 'csv', ...OCT }, 'kind', undefined],
    [{ kind: 'hours', format: 'csv', from: 20261001, to: '2026-10-31' }, 'from', undefined],
    [{ kind: 'hours', format: 'csv', ...OCT, extra: true }, undefined, undefined],
    [{ kind: 'hours', format: 'csv', ...OCT, employeeIds: [0] }, 'employeeIds', undefined],
    [
      { kind: 'hours', format: 'csv', ...OCT, employeeIds: Array.from({ length: 501 }, (_, i) => i + 1) },
      'employeeIds',
      undefined,
    ],
    [{ kind: 'hours', format: 'csv', from: '1999-12-31', to: '2000-01-31' }, 'from', 'date_out_of_range'],
  ])('refuses %j', async (body, field, code) => {
    const before = await runCount();
    const res = await exporter.post('/api/exports', body);
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(Object.keys(res.json().fieldErrors ?? {}).some((k) => k === field || k.startsWith(`${field}.`))).toBe(true);
    if (field && code) expect(res.json().fieldErrors[field].code).toBe(code);
    expect(await runCount()).toBe(before);
  });

  it('refuses NUL bytes, wrong ids and unknown query parameters', async () => {
    expect((await exporter.post('/api/exports', { kind: 'hours\u0000', format: 'csv', ...OCT })).statusCode).toBe(400);
    expect((await exporter.get('/api/exports/abc')).statusCode).toBe(400);
    expect((await exporter.get('/api/exports/1e3')).statusCode).toBe(400);
    expect((await exporter.get('/api/exports?kind=payslips')).statusCode).toBe(400);
    expect((await exporter.get('/api/exports?page=2')).statusCode).toBe(400);
    expect((await exporter.get('/api/exports/1/file?x=1')).statusCode).toBe(400);
  });
});

describe('the hours export', () => {
  it('writes XLSX with typed cells, a bold frozen header, a total per person and a grand total (Dutch)', async () => {
    const { run, file } = await exportAs(exporter, { kind: 'hours', format: 'xlsx', ...OCT });
    expect(run).toMatchObject({
      kind: 'hours',
      format: 'xlsx',
      ...OCT,
      done: 6,
      total: 6,
      fileName: 'uren-2026-10-01-2026-10-31.xlsx',
    });
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain('attachment; filename="uren-2026-10-01-2026-10-31.xlsx"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(Number(file.headers['content-length'])).toBe(run.size);

    const { ws, rows } = await readXlsx(file.rawPayload);
    expect(ws.name).toBe('Uren');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(rows[0]).toEqual([
      'Medewerker',
      'Exact-ID',
      'Datum',
      'Project',
      'Ruimte',
      'Taak',
      'Uren',
      'Activiteit',
      'Opmerkingen',
    ]);
    // Ann (Aalders), Bob (Bakker), Cees de Vries (Vries): by last name; each person's rows by date.
    const labels = rows.map((r) => r[0]);
    expect(labels).toEqual([
      'Medewerker',
      'Ann Aalders',
      'Ann Aalders',
      'Ann Aalders',
      'Totaal Ann Aalders',
      'Bob Bakker',
      'Totaal Bob Bakker',
      'Cees de Vries',
      'Cees de Vries',
      'Totaal Cees de Vries',
      'Totaal',
    ]);
    const first = ws.getRow(2);
    expect(first.getCell(3).value).toEqual(new Date(Date.UTC(2026, 9, 1)));
    expect(first.getCell(3).numFmt).toBe('dd-mm-yyyy');
    expect(first.getCell(7).numFmt).toBe('0.00');
    expect(first.getCell(8).value).toBe('Reistijd');
    expect(rows[2]?.slice(1, 6)).toEqual(['E-100', new Date(Date.UTC(2026, 9, 2)), 'MS Aurora', '5001 Cabin', 'Wall panels']);
    // Each person's total is the sum of their rows; the grand total the sum of all rows.
    const num = (v: unknown) => v as number;
    expect(num(rows[4]?.[6])).toBeCloseTo(num(rows[1]?.[6]) + num(rows[2]?.[6]) + num(rows[3]?.[6]), 10);
    expect(num(rows[4]?.[6])).toBe(1);
    expect(rows[4]?.[1]).toBe('E-100');
    expect(ws.getRow(5).getCell(1).font?.bold).toBe(true);
    expect(num(rows[6]?.[6])).toBe(8);
    expect(num(rows[9]?.[6])).toBe(9);
    expect(num(rows[10]?.[6])).toBe(18);
    // Text stays text: a cell starting with = is a string, never a formula.
    expect(rows[7]?.[8]).toBe('=HYPERLINK("http://evil.test","x")');
    expect(ws.getRow(8).getCell(9).type).toBe(ExcelJS.ValueType.String);
  });

  it('writes CSV for Dutch Excel: BOM, semicolons, decimal commas, dd-mm-yyyy, quoting, no formulas', async () => {
    const { file } = await exportAs(exporter, { kind: 'hours', format: 'csv', ...OCT });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('filename="uren-2026-10-01-2026-10-31.csv"');
    const text = file.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text.slice(1), ';');
    expect(rows[0]).toEqual([
      'Medewerker',
      'Exact-ID',
      'Datum',
      'Project',
      'Ruimte',
      'Taak',
      'Uren',
      'Activiteit',
      'Opmerkingen',
    ]);
    expect(rows[1]).toEqual(['Ann Aalders', 'E-100', '01-10-2026', 'MS Aurora', '', '', '0,33', 'Reistijd', '']);
    expect(rows[3]?.[8]).toBe('bus, "late"');
    expect(text).toContain('"bus, ""late"""');
    expect(rows[4]).toEqual(['Totaal Ann Aalders', 'E-100', '', '', '', '', '1,00', '', '']);
    expect(rows[7]?.[8]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    expect(rows[8]?.[8]).toBe(`'@SUM(A1)`);
    expect(rows[8]?.[6]).toBe('1,50');
    expect(rows[10]).toEqual(['Totaal', '', '', '', '', '', '18,00', '', '']);
    expect(rows).toHaveLength(11);
  });

  it('writes English headers, labels, commas and decimal dots for an English requester', async () => {
    const { run, file } = await exportAs(exporterEn, { kind: 'hours', format: 'csv', ...OCT });
    expect(run.fileName).toBe('hours-2026-10-01-2026-10-31.csv');
    const rows = parseCsv(file.rawPayload.toString('utf8').slice(1), ',');
    expect(rows[0]).toEqual(['Employee', 'Exact ID', 'Date', 'Project', 'Area', 'Task', 'Hours', 'Activity', 'Notes']);
    expect(rows[1]).toEqual(['Ann Aalders', 'E-100', '01-10-2026', 'MS Aurora', '', '', '0.33', 'Travel', '']);
    expect(rows[4]?.[0]).toBe('Total Ann Aalders');
    expect(rows[10]?.slice(0, 1)).toEqual(['Total']);
    expect(rows[10]?.[6]).toBe('18.00');
  });

  it('limits the export to the people asked for', async () => {
    const { file } = await exportAs(exporter, {
      kind: 'hours',
      format: 'csv',
      ...OCT,
      employeeIds: [bob.employeeId, cees.employeeId],
    });
    const rows = parseCsv(file.rawPayload.toString('utf8').slice(1), ';');
    expect(rows.map((r) => r[0])).toEqual([
      'Medewerker',
      'Bob Bakker',
      'Totaal Bob Bakker',
      'Cees de Vries',
      'Cees de Vries',
      'Totaal Cees de Vries',
      'Totaal',
    ]);
  });

  it('writes an empty period as the header and a zero total', async () => {
    const { run, file } = await exportAs(exporter, { kind: 'hours', format: 'csv', from: '2026-06-01', to: '2026-06-30' });
    expect(run).toMatchObject({ done: 0, total: 0 });
    expect(parseCsv(file.rawPayload.toString('utf8').slice(1), ';')).toEqual([
      ['Medewerker', 'Exact-ID', 'Datum', 'Project', 'Ruimte', 'Taak', 'Uren', 'Activiteit', 'Opmerkingen'],
      ['Totaal', '', '', '', '', '', '0,00', '', ''],
    ]);
  });

  it('records who exported which period (the download is logged, a GET writes nothing)', async () => {
    const { run } = await exportAs(exporter, { kind: 'hours', format: 'xlsx', from: '2026-10-01', to: '2026-10-15' });
    const asked = await auditRows(tdb.db, 'export.requested');
    const mine = asked.find((a) => a.subjectId === String(run.id));
    expect(mine).toMatchObject({ accountId: exporterFx.accountId, subjectType: 'export_run' });
    expect(mine?.data).toMatchObject({ kind: 'hours', format: 'xlsx', from: '2026-10-01', to: '2026-10-15', employeeIds: null });
    expect(await auditRows(tdb.db, 'export.downloaded')).toEqual([]);
    expect(t.logText()).toContain('"event":"exports.downloaded"');
  });
});

describe('hours of approved weeks only', () => {
  // Ann's week 40 approved, Bob's week 40 sent back, Cees's week 41 approved; Ann's week 41 open.
  beforeAll(async () => {
    await tdb.db.orm.insert(timesheetWeeks).values([
      { employeeId: ann.employeeId, weekStart: '2026-09-28', status: 'approved' },
      { employeeId: bob.employeeId, weekStart: '2026-09-28', status: 'returned', comment: 'Zaterdag?' },
      { employeeId: cees.employeeId, weekStart: '2026-10-05', status: 'approved' },
    ]);
  });
  afterAll(async () => {
    await tdb.db.orm.delete(timesheetWeeks);
  });

  it('by default exports every hour as before, whatever the weeks, on one sheet', async () => {
    const { run, file } = await exportAs(exporter, { kind: 'hours', format: 'xlsx', ...OCT });
    expect(run).toMatchObject({ done: 6, approvedOnly: false });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Uren']);
  });

  it('XLSX: leaves out the hours of weeks not approved and lists those weeks on the sheet Open weken', async () => {
    const { run, file } = await exportAs(exporter, { kind: 'hours', format: 'xlsx', ...OCT, approvedOnly: true });
    expect(run).toMatchObject({ done: 4, approvedOnly: true });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Uren', 'Open weken']);
    const { rows } = await readXlsx(file.rawPayload);
    expect(rows.map((r) => [r[0], r[2]])).toEqual([
      ['Medewerker', 'Datum'],
      ['Ann Aalders', new Date(Date.UTC(2026, 9, 1))],
      ['Ann Aalders', new Date(Date.UTC(2026, 9, 2))],
      ['Totaal Ann Aalders', undefined],
      ['Cees de Vries', new Date(Date.UTC(2026, 9, 6))],
      ['Cees de Vries', new Date(Date.UTC(2026, 9, 7))],
      ['Totaal Cees de Vries', undefined],
      ['Totaal', undefined],
    ]);
    expect(rows[7]?.[6]).toBeCloseTo(9 + 40 / 60, 10);
    const open: unknown[][] = [];
    wb.worksheets[1]?.eachRow((row) => {
      open.push((row.values as unknown[]).slice(1));
    });
    expect(open).toEqual([
      ['Medewerker', 'Exact-ID', 'Week', 'Van', 'Tot en met', 'Status', 'Uren'],
      [
        'Ann Aalders',
        'E-100',
        '2026-W41',
        new Date(Date.UTC(2026, 9, 5)),
        new Date(Date.UTC(2026, 9, 11)),
        'Niet beoordeeld',
        20 / 60,
      ],
      ['Bob Bakker', undefined, '2026-W40', new Date(Date.UTC(2026, 8, 28)), new Date(Date.UTC(2026, 9, 4)), 'Teruggestuurd', 8],
    ]);
  });

  it('CSV: the same, the open weeks as a section after the grand total (English too)', async () => {
    const { file } = await exportAs(exporter, { kind: 'hours', format: 'csv', ...OCT, approvedOnly: true });
    const rows = parseCsv(file.rawPayload.toString('utf8').slice(1), ';');
    expect(rows.map((r) => r[0])).toEqual([
      'Medewerker',
      'Ann Aalders',
      'Ann Aalders',
      'Totaal Ann Aalders',
      'Cees de Vries',
      'Cees de Vries',
      'Totaal Cees de Vries',
      'Totaal',
      '',
      'Open weken',
      'Medewerker',
      'Ann Aalders',
      'Bob Bakker',
    ]);
    expect(rows[7]?.[6]).toBe('9,67');
    expect(rows[10]).toEqual(['Medewerker', 'Exact-ID', '', 'Week', 'Status', '', 'Uren']);
    expect(rows[11]).toEqual(['Ann Aalders', 'E-100', '', '2026-W41', 'Niet beoordeeld', '', '0,33']);
    expect(rows[12]).toEqual(['Bob Bakker', '', '', '2026-W40', 'Teruggestuurd', '', '8,00']);
    const en = await exportAs(exporterEn, { kind: 'hours', format: 'csv', ...OCT, approvedOnly: true });
    const enRows = parseCsv(en.file.rawPayload.toString('utf8').slice(1), ',');
    expect(enRows.at(-4)?.[0]).toBe('Open weeks');
    expect(enRows.at(-1)).toEqual(['Bob Bakker', '', '', '2026-W40', 'Sent back', '', '8.00']);
  });
});

describe('the job', () => {
  it('reads in batches and records the progress; the list shows the newest of the kind first', async () => {
    const [queued] = await tdb.db.orm
      .insert(exportRuns)
      .values({ kind: 'hours', format: 'xlsx', params: { ...OCT, employeeIds: null }, createdBy: exporterFx.accountId })
      .returning({ id: exportRuns.id });
    const id = queued?.id as number;
    // 6 rows in batches of 2: the count, then the progress after each of the 3 full batches (a 4th, empty one ends it).
    const { statements } = await countQueries(tdb.db, () => runExport(t.app.platform, id, { batchSize: 2 }));
    const progress = statements.filter((q) => /UPDATE export_runs SET done/.test(q));
    expect(progress).toHaveLength(4);
    // Each statement reads one person's next rows (Ann 2; Ann 1 + Bob 1; Bob 0 + Cees 2; Cees 0).
    expect(statements.filter((q) => /WHERE booked_hours\.employee_id = \$/.test(q))).toHaveLength(6);
    const got = (await exporter.get(`/api/exports/${id}`)).json().data;
    expect(got).toMatchObject({ status: 'done', done: 6, total: 6, fileUrl: `/api/exports/${id}/file` });
    const { rows } = await readXlsx((await exporter.get(got.fileUrl)).rawPayload);
    expect(rows).toHaveLength(11);
    expect(rows.at(-1)?.[6]).toBe(18);

    const list = (await exporter.get('/api/exports?kind=hours')).json().data as { id: number; kind: string }[];
    expect(list[0]?.id).toBe(id);
    expect(list.every((r) => r.kind === 'hours')).toBe(true);
    expect([...list].sort((a, b) => b.id - a.id)).toEqual(list);
    // Running it again (a retried job) leaves a finished run alone.
    await runExport(t.app.platform, id);
    expect((await exporter.get(`/api/exports/${id}`)).json().data.fileUrl).toBe(got.fileUrl);
  });

  it('fails the run when the requester no longer holds the export rights', async () => {
    const fx = await createEmployee(tdb.db, { permissions: ['hours.export'] });
    const agent = await t.signIn(fx);
    const [queued] = await tdb.db.orm
      .insert(exportRuns)
      .values({ kind: 'hours', format: 'csv', params: { ...OCT, employeeIds: null }, createdBy: fx.accountId })
      .returning({ id: exportRuns.id });
    await tdb.db.orm.delete(rolePermissions).where(eq(rolePermissions.roleId, fx.roleId as number));
    await runExport(t.app.platform, queued?.id as number);
    const run = await query<{ status: string; error: string; storage_key: string | null }>(
      tdb.db.orm,
      sql`SELECT status, error, storage_key FROM export_runs WHERE id = ${queued?.id}`,
    );
    expect(run[0]).toMatchObject({ status: 'failed', error: 'forbidden', storage_key: null });
    // Without the rights the routes answer 403 too.
    expect((await agent.get(`/api/exports/${queued?.id}`)).statusCode).toBe(403);
  });

  it('fails the run (logged, no file left) when writing breaks', async () => {
    const [queued] = await tdb.db.orm
      .insert(exportRuns)
      .values({ kind: 'hours', format: 'csv', params: { ...OCT, employeeIds: null }, createdBy: exporterFx.accountId })
      .returning({ id: exportRuns.id });
    const removed: string[] = [];
    const storage = t.app.platform.storage;
    const broken = {
      ...t.app.platform,
      storage: {
        ...storage,
        newKey: () => storage.newKey(),
        write: async () => {
          throw new Error('disk full');
        },
        remove: async (key: string) => {
          removed.push(key);
        },
      },
    };
    const logs: unknown[] = [];
    const log = { ...t.app.log, error: (o: unknown) => logs.push(o), info: () => undefined, warn: () => undefined };
    await runExport(broken, queued?.id as number, { log: log as unknown as typeof t.app.log });
    const got = (await exporter.get(`/api/exports/${queued?.id}`)).json().data;
    expect(got).toMatchObject({ status: 'failed', error: 'failed', fileUrl: null });
    expect(removed).toHaveLength(1);
    expect(logs).toHaveLength(1);
  });
});

describe('a worker that died', () => {
  const insertRun = async (v: Partial<typeof exportRuns.$inferInsert>) => {
    const [run] = await tdb.db.orm
      .insert(exportRuns)
      .values({ kind: 'hours', format: 'csv', params: { ...OCT, employeeIds: null }, createdBy: exporterFx.accountId, ...v })
      .returning({ id: exportRuns.id });
    return run?.id as number;
  };
  const stored = async (id: number) =>
    (await tdb.db.orm.select().from(exportRuns).where(eq(exportRuns.id, id)))[0] as typeof exportRuns.$inferSelect;

  it('records the storage key on the run before the first byte is written', async () => {
    const id = await insertRun({ heartbeatAt: t.clock() });
    const storage = t.app.platform.storage;
    const keysOnRun: (string | null)[] = [];
    const watching = {
      ...t.app.platform,
      storage: {
        ...storage,
        write: async (key: string, data: Parameters<typeof storage.write>[1]) => {
          keysOnRun.push((await stored(id)).storageKey === key ? key : null);
          await storage.write(key, data);
        },
      },
    };
    await runExport(watching, id);
    const run = await stored(id);
    expect(run.status).toBe('done');
    expect(keysOnRun).toEqual([run.storageKey]);
  });

  it('an export killed mid-write (no heartbeat for 61 s) is failed as interrupted by the sweep, and its partial file removed', async () => {
    const storage = t.app.platform.storage;
    const key = storage.newKey();
    await storage.write(key, Buffer.from('Medewerker;Exact-ID;Datum\r\nAnn Aalders;E-100;01-10-2026\r\nBob'));
    const killed = await insertRun({ status: 'running', storageKey: key, total: 6, done: 2, heartbeatAt: t.clock() });
    const beating = await insertRun({ status: 'running', heartbeatAt: t.clock() });
    t.clock.advance(44_000);
    await sweepExports(t.app.platform);
    expect((await stored(killed)).status).toBe('running');
    expect(await storage.size(key)).not.toBeNull();
    await tdb.db.orm.update(exportRuns).set({ heartbeatAt: t.clock() }).where(eq(exportRuns.id, beating));
    t.clock.advance(17_000);
    await sweepExports(t.app.platform);
    expect(await stored(killed)).toMatchObject({ status: 'failed', error: 'interrupted', storageKey: null });
    expect(await storage.size(key)).toBeNull();
    // The living worker's run is its own still; the screen says what happened to the dead one.
    expect((await stored(beating)).status).toBe('running');
    const shown = (await exporter.get(`/api/exports/${killed}`)).json().data;
    expect(shown).toMatchObject({ status: 'failed', error: 'interrupted', fileUrl: null });
    await tdb.db.orm.update(exportRuns).set({ status: 'failed' }).where(eq(exportRuns.id, beating));
  });

  it('whoever reads a dead export fails it and removes its file; a failed run never keeps one', async () => {
    const storage = t.app.platform.storage;
    const key = storage.newKey();
    await storage.write(key, Buffer.from('partial'));
    const dead = await insertRun({ status: 'running', storageKey: key, heartbeatAt: new Date(t.clock().getTime() - 61_000) });
    // And one failed earlier whose removal was cut off (the process died between the two steps).
    const key2 = storage.newKey();
    await storage.write(key2, Buffer.from('partial'));
    const cutOff = await insertRun({ status: 'failed', error: 'failed', storageKey: key2 });
    const list = (await exporter.get('/api/exports?kind=hours')).json().data as { id: number; status: string; error: string }[];
    expect(list.find((r) => r.id === dead)).toMatchObject({ status: 'failed', error: 'interrupted' });
    expect(await storage.size(key)).toBeNull();
    expect(await storage.size(key2)).toBeNull();
    expect((await stored(cutOff)).storageKey).toBeNull();
  });

  it('a queued export whose job went with a dead worker gets its job again; a running one is never started twice', async () => {
    const lost = await insertRun({ heartbeatAt: new Date(t.clock().getTime() - 61_000) });
    // Jobs run inline here: the job sent again writes the file at once.
    await sweepExports(t.app.platform);
    const done = await stored(lost);
    expect(done).toMatchObject({ status: 'done', error: null });
    // A job delivered again (pg-boss's expiry) for a run a living worker writes does nothing.
    const running = await insertRun({ status: 'running', heartbeatAt: t.clock() });
    await runExport(t.app.platform, running);
    expect(await stored(running)).toMatchObject({ status: 'running', storageKey: null });
    await tdb.db.orm.update(exportRuns).set({ status: 'failed' }).where(eq(exportRuns.id, running));
  });
});

describe('the overnight stays export', () => {
  it('lists nights with their status and totals the approved nights per person', async () => {
    const base = { projectId, location: 'Papenburg' };
    await tdb.db.orm.insert(overnightStays).values([
      { ...base, employeeId: ann.employeeId, date: '2026-10-05', nights: 2, status: 'approved' },
      { ...base, employeeId: ann.employeeId, date: '2026-10-12', nights: 3, status: 'submitted' },
      { ...base, employeeId: bob.employeeId, date: '2026-10-07', nights: 1, status: 'approved', location: '+31 Hotel' },
      { ...base, employeeId: bob.employeeId, date: '2026-10-08', nights: 4, status: 'rejected' },
    ]);
    const { run, file } = await exportAs(exporter, { kind: 'overnights', format: 'xlsx', ...OCT });
    expect(run.fileName).toBe('overnachtingen-2026-10-01-2026-10-31.xlsx');
    const { ws, rows } = await readXlsx(file.rawPayload);
    expect(ws.name).toBe('Overnachtingen');
    expect(rows).toEqual([
      ['Medewerker', 'Exact-ID', 'Datum', 'Nachten', 'Project', 'Locatie', 'Status'],
      ['Ann Aalders', 'E-100', new Date(Date.UTC(2026, 9, 5)), 2, 'MS Aurora', 'Papenburg', 'Goedgekeurd'],
      ['Ann Aalders', 'E-100', new Date(Date.UTC(2026, 9, 12)), 3, 'MS Aurora', 'Papenburg', 'Ingediend'],
      ['Totaal goedgekeurd Ann Aalders', 'E-100', undefined, 2],
      // Bob has no Exact ID: an empty cell.
      ['Bob Bakker', undefined, new Date(Date.UTC(2026, 9, 7)), 1, 'MS Aurora', '+31 Hotel', 'Goedgekeurd'],
      ['Bob Bakker', undefined, new Date(Date.UTC(2026, 9, 8)), 4, 'MS Aurora', 'Papenburg', 'Afgewezen'],
      ['Totaal goedgekeurd Bob Bakker', undefined, undefined, 1],
      ['Totaal goedgekeurd', undefined, undefined, 3],
    ]);
    const csv = await exportAs(exporterEn, { kind: 'overnights', format: 'csv', ...OCT });
    const lines = parseCsv(csv.file.rawPayload.toString('utf8').slice(1), ',');
    expect(lines[0]).toEqual(['Employee', 'Exact ID', 'Date', 'Nights', 'Project', 'Location', 'Status']);
    expect(lines[4]).toEqual(['Bob Bakker', '', '07-10-2026', '1', 'MS Aurora', `'+31 Hotel`, 'Approved']);
    expect(lines.at(-1)).toEqual(['Total approved', '', '', '3', '', '', '']);
  });
});
