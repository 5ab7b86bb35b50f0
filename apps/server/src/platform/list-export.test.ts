import { listQueryBase } from '@app/shared/platform/http';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type Agent, startTestApp, type TestApp } from '../../test/helpers/app';
import { castOf } from '../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { fetchCsv, parseCsv } from '../../test/helpers/export-match';
import { access } from './access';
import { AppError } from './errors';
import { EXPORT_PAGE, registerListExport } from './list-export';

// The list export's plumbing, through a test list of made-up rows: formats per language, XLSX cells,
// paging across page boundaries, refusals before the first byte. The real products export stands in
// for the permission checks (401/403) of a real route.

interface TestRow {
  id: number;
  name: string;
  price: number;
  count: number;
  day: string;
  at: string;
}

let rowCount = 3;
let calls: { page: number; perPage: number; q?: string; sort: string }[] = [];
const rowsOf = (n: number): TestRow[] =>
  Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: i === 0 ? '=SUM(A1) "quoted"; and, more' : `Row ${i + 1}`,
    price: 1234.5 + i,
    count: i,
    day: '2026-11-21',
    at: '2026-11-21T09:05:00.000Z',
  }));

const testQuery = listQueryBase.extend({ sort: z.enum(['id', '-id']).default('id'), fail: z.enum(['yes']).optional() });
type TestQuery = z.output<typeof testQuery>;

function routes(app: FastifyInstance) {
  registerListExport(app.withTypeProvider<ZodTypeProvider>(), {
    path: '/api/test/list/export',
    access: access.employee('products.manage'),
    query: testQuery,
    tags: ['test'],
    summary: 'A test list',
    fileName: { nl: 'testlijst', en: 'test list' },
    columns: [
      { header: { nl: 'ID', en: 'ID' }, type: 'integer', value: (r: TestRow) => r.id },
      { header: { nl: 'Naam', en: 'Name' }, type: 'text', value: (r) => r.name },
      { header: { nl: 'Prijs', en: 'Price' }, type: 'decimal', value: (r) => r.price },
      { header: { nl: 'Aantal', en: 'Count' }, type: 'integer', value: (r) => r.count },
      { header: { nl: 'Datum', en: 'Date' }, type: 'date', value: (r) => r.day },
      { header: { nl: 'Tijdstip', en: 'Time' }, type: 'datetime', value: (r) => r.at },
      { header: { nl: 'Leeg', en: 'Empty' }, type: 'text', value: (_r, l) => (l === 'nl' ? null : 'en') },
    ],
    page: async (_ctx, q: TestQuery) => {
      calls.push({ page: q.page, perPage: q.perPage, q: q.q, sort: q.sort });
      if (q.fail) throw new AppError('PRODUCT_NOT_FOUND');
      const all = rowsOf(rowCount);
      if (q.sort === '-id') all.reverse();
      return { rows: all.slice((q.page - 1) * q.perPage, q.page * q.perPage) };
    },
  });
}

let tdb: TestDatabase;
let t: TestApp;
let nl: Agent;
let en: Agent;
let noPerm: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db, routes });
  ({ nl, en, noPerm, client, anon } = await castOf(t, {
    staff: {
      nl: { permissions: ['products.manage'], locale: 'nl' },
      en: { permissions: ['products.manage'], locale: 'en' },
      noPerm: { permissions: ['articles.view'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  }));
});
afterAll(async () => {
  await t?.close();
  await tdb?.drop();
});
beforeEach(() => {
  rowCount = 3;
  calls = [];
});

describe('CSV', () => {
  it('in Dutch: a BOM, ";", a decimal comma, dd-mm-yyyy, the time in Amsterdam, Dutch headers, an attachment named with the day', async () => {
    const res = await nl.get('/api/test/list/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment; filename="testlijst-2026-11-21.csv"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.startsWith('\uFEFFID;Naam;Prijs;Aantal;Datum;Tijdstip;Leeg\r\n')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    // A formula is neutralised, a field with the separator or a quote is quoted.
    expect(lines[1]).toBe(`1;"'=SUM(A1) ""quoted""; and, more";1234,50;0;21-11-2026;21-11-2026 10:05;`);
    expect(lines[2]).toBe('2;Row 2;1235,50;1;21-11-2026;21-11-2026 10:05;');
    expect(lines).toHaveLength(5); // header, 3 rows, the empty string after the last CRLF
  });

  it("in English: ',' and a dot, English headers and file name; dates stay day-month-year", async () => {
    const res = await en.get('/api/test/list/export?format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="test-list-2026-11-21.csv"');
    const [header, first, second] = parseCsv(res.body, ',');
    expect(header).toEqual(['ID', 'Name', 'Price', 'Count', 'Date', 'Time', 'Empty']);
    expect(first).toEqual(['1', `'=SUM(A1) "quoted"; and, more`, '1234.50', '0', '21-11-2026', '21-11-2026 10:05', 'en']);
    expect(second?.[2]).toBe('1235.50');
  });
});

describe('XLSX', () => {
  it('real numbers and dates with their formats, a bold header in the language, readable by exceljs', async () => {
    const res = await nl.get('/api/test/list/export?format=xlsx&sort=-id');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toContain('filename="testlijst-2026-11-21.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0] as ExcelJS.Worksheet;
    expect(ws.name).toBe('testlijst');
    expect(ws.getRow(1).values).toEqual([undefined, 'ID', 'Naam', 'Prijs', 'Aantal', 'Datum', 'Tijdstip', 'Leeg']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.rowCount).toBe(4);
    const row = ws.getRow(2); // sort=-id: row 3 first
    expect(row.getCell(1).value).toBe(3);
    expect(row.getCell(3).value).toBe(1236.5);
    expect(row.getCell(3).numFmt).toBe('0.00');
    expect(row.getCell(5).value).toEqual(new Date(Date.UTC(2026, 10, 21)));
    expect(row.getCell(5).numFmt).toBe('dd-mm-yyyy');
    // The Amsterdam wall clock, stored as Excel stores a time without a zone.
    expect(row.getCell(6).value).toEqual(new Date(Date.UTC(2026, 10, 21, 10, 5)));
    expect(row.getCell(6).numFmt).toBe('dd-mm-yyyy hh:mm');
    expect(row.getCell(7).value).toBeNull();
    expect(ws.getRow(4).getCell(2).value).toBe('=SUM(A1) "quoted"; and, more'); // text, never a formula
    expect(ws.getRow(4).getCell(2).type).toBe(ExcelJS.ValueType.String);
  });
});

describe('paging', () => {
  it(`reads the list ${EXPORT_PAGE} rows a call across page boundaries, whatever perPage the query said`, async () => {
    rowCount = 2 * EXPORT_PAGE + 500;
    const csv = await fetchCsv(nl, '/api/test/list/export', { perPage: '10', page: '7', q: 'x' });
    expect(csv.status).toBe(200);
    expect(csv.rows.map((r) => Number(r[0]))).toEqual(Array.from({ length: rowCount }, (_, i) => i + 1));
    expect(calls).toEqual([1, 2, 3].map((page) => ({ page, perPage: EXPORT_PAGE, q: 'x', sort: 'id' })));
  });

  it('a last page that is exactly full is followed by one empty page, and the file ends there', async () => {
    rowCount = 2 * EXPORT_PAGE;
    const csv = await fetchCsv(nl, '/api/test/list/export', { sort: '-id' });
    expect(csv.rows).toHaveLength(rowCount);
    expect(csv.rows[0]?.[0]).toBe(String(rowCount));
    expect(calls.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it('an empty list is a file with only the header row', async () => {
    rowCount = 0;
    const csv = await fetchCsv(nl, '/api/test/list/export');
    expect(csv.header).toEqual(['ID', 'Naam', 'Prijs', 'Aantal', 'Datum', 'Tijdstip', 'Leeg']);
    expect(csv.rows).toEqual([]);
  });
});

describe('refusals before the first byte are JSON', () => {
  it.each([
    ['no format', ''],
    ['an unknown format', 'format=pdf'],
    ['a sort the list does not know', 'format=csv&sort=name'],
    ['a parameter the list does not take', 'format=csv&evil=1'],
    ['a repeated format', 'format=csv&format=xlsx'],
    ['a search too long', `format=csv&q=${'x'.repeat(201)}`],
  ])('400 for %s', async (_name, qs) => {
    const res = await nl.get(`/api/test/list/export?${qs}`);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(calls).toEqual([]);
  });

  it("the list's own error (404) as JSON, and no file", async () => {
    const res = await nl.get('/api/test/list/export?format=xlsx&fail=yes');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PRODUCT_NOT_FOUND');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('a real list (products): 401 anonymous, 403 without the permission and for a company user', async () => {
    expect((await anon.get('/api/products/export?format=csv')).statusCode).toBe(401);
    expect((await noPerm.get('/api/products/export?format=csv')).statusCode).toBe(403);
    expect((await client.get('/api/products/export?format=csv')).statusCode).toBe(403);
    expect((await nl.get('/api/products/export?format=csv&published=maybe')).statusCode).toBe(400);
    expect((await nl.get('/api/products/export?format=csv')).statusCode).toBe(200);
  });
});
