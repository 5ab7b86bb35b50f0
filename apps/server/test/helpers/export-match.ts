import { expect } from 'vitest';
import type { Agent } from './app';

// For every list's export: the file holds exactly the rows the list pages through, for the
// same filter and sort, in the same order. The helper reads every page of the list (100 at a time),
// downloads the CSV with the same query and compares one key per row (an id, a code, a name).

/** RFC 4180 CSV (the exports' own: a BOM, CRLF, quoted fields) as rows of fields. */
export function parseCsv(text: string, separator = ';'): string[][] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      row.push(field);
      field = '';
    } else if (ch === '\r' && src[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Downloads `<exportPath>?format=csv&<query>` and answers the header row and the rows (Dutch ';' unless told). */
export async function fetchCsv(
  agent: Agent,
  exportPath: string,
  query: ExportQuery = {},
  separator = ';',
): Promise<{ header: string[]; rows: string[][]; status: number; body: string }> {
  const qs = new URLSearchParams({ ...clean(query), format: 'csv' });
  const res = await agent.get(`${exportPath}?${qs}`);
  if (res.statusCode !== 200) return { header: [], rows: [], status: res.statusCode, body: res.body };
  const [header = [], ...rows] = parseCsv(res.body, separator);
  return { header, rows, status: res.statusCode, body: res.body };
}

/** A list's query as a test writes it: undefined values are left out. */
export type ExportQuery = Record<string, string | number | undefined>;

const clean = (q: ExportQuery = {}): Record<string, string> =>
  Object.fromEntries(Object.entries(q).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));

interface ListPage {
  data: Record<string, unknown>[];
  meta?: { last_page: number };
}

/** Every row of the list for the query, page after page (100 a page; a list without meta is one page). */
export async function fetchAllListRows(
  agent: Agent,
  listPath: string,
  query: ExportQuery = {},
  perPage = 100,
): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const qs = new URLSearchParams({ ...clean(query), page: String(page), perPage: String(perPage) });
    const res = await agent.get(`${listPath}?${qs}`);
    if (res.statusCode !== 200) throw new Error(`${listPath} answered ${res.statusCode}: ${res.body}`);
    const body = res.json() as ListPage;
    out.push(...body.data);
    if (!body.meta || page >= body.meta.last_page || body.data.length === 0) return out;
  }
}

/**
 * Asserts that the export holds the list's rows in the list's order: the list's `key(row)` against
 * the CSV's column headed `keyHeader` (default: the first column). Answers the number of rows, so a
 * test can also check it is not trivially empty.
 */
export async function expectExportMatchesList(
  agent: Agent,
  o: {
    list: string;
    export: string;
    query?: ExportQuery;
    /** The row's key as the CSV writes it (default: its id). */
    key?: (row: Record<string, unknown>) => unknown;
    keyHeader?: string;
    separator?: string;
    perPage?: number;
  },
): Promise<number> {
  const listRows = await fetchAllListRows(agent, o.list, o.query, o.perPage);
  const csv = await fetchCsv(agent, o.export, o.query, o.separator);
  expect(csv.status, csv.body).toBe(200);
  const column = o.keyHeader === undefined ? 0 : csv.header.indexOf(o.keyHeader);
  expect(column, `no column "${o.keyHeader}" in ${csv.header.join(', ')}`).toBeGreaterThanOrEqual(0);
  const key = o.key ?? ((r: Record<string, unknown>) => r.id);
  const expected = listRows.map((r) => String(key(r) ?? ''));
  expect(csv.rows.map((r) => r[column] ?? '')).toEqual(expected);
  return expected.length;
}
