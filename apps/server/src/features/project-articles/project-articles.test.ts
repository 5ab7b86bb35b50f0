import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { articles, orderLines } from '../../db/schema';
import { createArticle, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../projects/projects.fixtures';
import { exportFileName } from './project-articles.service';

let tdb: TestDatabase;
let t: TestApp;
let viewer: Agent;
let manager: Agent;
let english: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;

/** The project of the hand-computed figures below. */
let p: { id: number; name: string };
let ids: { lamp: number; carpet: number; evil: number; board: number; hut: number; spa: number };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      viewer: { permissions: ['projects.view'] },
      manager: { permissions: ['projects.manage'] },
      english: { permissions: ['projects.view'], locale: 'en' },
      noPerm: { permissions: ['products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.view'] } },
    anon: true,
  });
  ({ viewer, manager, english, noPerm, client, acting, anon } = cast);
  const { company } = cast.companies;

  // Deck 5 with Hut 5001 (and its bathroom, a sub-area) and 5010 Spa.
  p = await createProjectRow(tdb.db, { name: 'Refit "Aurora"/2027 ü', companyIds: [company.id] });
  const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Deck 5' });
  const spa = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5010', name: 'Spa' });
  const hut = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Hut 5001' });
  const bath = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: hut.id, name: 'Badkamer' });
  const lampArticle = await createArticle(tdb.db, { name: 'Lamp ERP', sku: 'WL-100' });
  await tdb.db.orm.update(articles).set({ unit: 'stuk' }).where(eq(articles.id, lampArticle.id));
  const lamp = await createProduct(tdb.db, { nameNl: 'Wandlamp', nameEn: 'Wall lamp', articleId: lampArticle.id });
  const carpet = await createArticle(tdb.db, { name: 'Tapijt wol', sku: 'TP-9' });
  await tdb.db.orm.update(articles).set({ unit: 'm2' }).where(eq(articles.id, carpet.id));
  const evil = await createArticle(tdb.db, { name: '=HYPERLINK("http://x")', sku: '-12' });
  const board = await createArticle(tdb.db, { name: 'Plaat "18mm"; eiken', sku: 'ab-7' });
  ids = { lamp: lamp.id, carpet: carpet.id, evil: evil.id, board: board.id, hut: hut.id, spa: spa.id };

  const sub = async (areaId: number) => {
    const task = await createTaskRow(tdb.db, p.id, areaId);
    return (await createSubtaskRow(tdb.db, p.id, task.id)).id;
  };
  const inHut = await sub(hut.id);
  const inBath = await sub(bath.id);
  const inSpa = await sub(spa.id);
  const line = (subtaskId: number, item: { productId?: number; articleId?: number }, quantity: number) => ({
    subtaskId,
    projectId: p.id,
    productId: item.productId ?? null,
    articleId: item.articleId ?? null,
    quantity,
  });
  await tdb.db.orm
    .insert(orderLines)
    .values([
      line(inHut, { productId: lamp.id }, 2),
      line(inBath, { productId: lamp.id }, 0.5),
      line(inSpa, { productId: lamp.id }, 1),
      line(inHut, { articleId: carpet.id }, 2.5),
      line(inBath, { articleId: carpet.id }, 0.25),
      line(inSpa, { articleId: evil.id }, 10),
      line(inSpa, { articleId: board.id }, 1.125),
    ]);
  // Another project's lines with the same items stay out.
  const other = await createProjectRow(tdb.db);
  const otherArea = await createAreaRow(tdb.db, other.id, { number: '1', name: 'Elders' });
  const otherTask = await createTaskRow(tdb.db, other.id, otherArea.id);
  const otherSub = await createSubtaskRow(tdb.db, other.id, otherTask.id);
  await tdb.db.orm.insert(orderLines).values({ subtaskId: otherSub.id, projectId: other.id, productId: lamp.id, quantity: 99 });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const url = (projectId: number, query = '') => `/api/projects/${projectId}/articles${query}`;
const exportUrl = (projectId: number, query: string) => `/api/projects/${projectId}/articles/export${query}`;
type Item = { kind: string; id: number; code: string | null; name: string; total: number };
const names = (body: { data: { items: Item[] } }) => body.data.items.map((i) => i.name);

describe('GET /api/projects/:projectId/articles', () => {
  it('answers 401 anonymous; 403 without a projects right, to a company user and to an employee acting as the company', async () => {
    for (const path of [url(p.id), exportUrl(p.id, '?format=csv')]) {
      expect((await anon.get(path)).statusCode).toBe(401);
      for (const who of [noPerm, client, acting]) {
        const res = await who.get(path);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await viewer.get(path)).statusCode).toBe(200);
      expect((await manager.get(path)).statusCode).toBe(200);
    }
  });

  it('answers 404 for a missing project, 400 with field errors for a bad sort, search or format', async () => {
    for (const path of [url(2147483000), exportUrl(2147483000, '?format=xlsx')]) {
      const res = await viewer.get(path);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    }
    for (const query of ['?sort=price', '?sort=', `?q=${'x'.repeat(201)}`, '?page=2', '?format=csv']) {
      const res = await viewer.get(url(p.id, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors ?? {}).length, query).toBeGreaterThan(0);
    }
    for (const query of ['', '?format=pdf', '?format=csv&sort=nope', '?format=csv&x=1']) {
      const res = await viewer.get(exportUrl(p.id, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('sums each item per area and in total, sub-areas counted in their area, decimals exact', async () => {
    const res = await viewer.get(url(p.id));
    expect(res.statusCode).toBe(200);
    const { items, areas } = res.json().data;
    // Tree order: Hut 5001 before 5010 Spa (numbers compared naturally); the deck has no lines of its own.
    expect(areas).toEqual([
      { id: ids.hut, kind: 'area', number: '5001', name: 'Hut 5001' },
      { id: ids.spa, kind: 'area', number: '5010', name: 'Spa' },
    ]);
    expect(items).toEqual([
      {
        kind: 'article',
        id: ids.evil,
        code: '-12',
        name: '=HYPERLINK("http://x")',
        unit: null,
        total: 10,
        lines: 1,
        perArea: [{ areaId: ids.spa, quantity: 10 }],
      },
      {
        kind: 'article',
        id: ids.board,
        code: 'ab-7',
        name: 'Plaat "18mm"; eiken',
        unit: null,
        total: 1.125,
        lines: 1,
        perArea: [{ areaId: ids.spa, quantity: 1.125 }],
      },
      {
        kind: 'article',
        id: ids.carpet,
        code: 'TP-9',
        name: 'Tapijt wol',
        unit: 'm2',
        total: 2.75,
        lines: 2,
        perArea: [{ areaId: ids.hut, quantity: 2.75 }],
      },
      {
        kind: 'product',
        id: ids.lamp,
        code: 'WL-100',
        name: 'Wandlamp',
        unit: 'stuk',
        total: 3.5,
        lines: 3,
        perArea: [
          { areaId: ids.hut, quantity: 2.5 },
          { areaId: ids.spa, quantity: 1 },
        ],
      },
    ]);
  });

  it("names products in the reader's language", async () => {
    const res = await english.get(url(p.id, '?q=wall'));
    expect(res.json().data.items).toMatchObject([{ kind: 'product', id: ids.lamp, name: 'Wall lamp', total: 3.5 }]);
  });

  it('sorts by name, code and total both ways, and searches name and code', async () => {
    const body = async (query: string) => (await viewer.get(url(p.id, query))).json();
    expect(names(await body('?sort=-name'))).toEqual(['Wandlamp', 'Tapijt wol', 'Plaat "18mm"; eiken', '=HYPERLINK("http://x")']);
    expect((await body('?sort=code')).data.items.map((i: Item) => i.code)).toEqual(['-12', 'ab-7', 'TP-9', 'WL-100']);
    expect((await body('?sort=-code')).data.items.map((i: Item) => i.code)).toEqual(['WL-100', 'TP-9', 'ab-7', '-12']);
    expect((await body('?sort=total')).data.items.map((i: Item) => i.total)).toEqual([1.125, 2.75, 3.5, 10]);
    expect((await body('?sort=-total')).data.items.map((i: Item) => i.total)).toEqual([10, 3.5, 2.75, 1.125]);
    expect(names(await body('?q=TAPIJT'))).toEqual(['Tapijt wol']);
    expect(names(await body('?q=wl-1'))).toEqual(['Wandlamp']);
    expect(names(await body('?q=%2218mm'))).toEqual(['Plaat "18mm"; eiken']);
    expect(await body('?q=nothing')).toEqual({ data: { items: [], areas: expect.any(Array) } });
  });

  it('answers an empty list for a project without order lines, deleted ones included', async () => {
    for (const o of [{}, { deleted: true }]) {
      const empty = await createProjectRow(tdb.db, o);
      const res = await viewer.get(url(empty.id));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { items: [], areas: [] } });
    }
  });

  it('reads the list in one statement after the session, for 2 items as for 60 (not paged, no N+1)', async () => {
    const small = await createProjectRow(tdb.db);
    const large = await createProjectRow(tdb.db);
    const fill = async (projectId: number, n: number) => {
      const deck = await createAreaRow(tdb.db, projectId, { kind: 'deck', number: '1' });
      const values = [];
      for (let a = 0; a < 3; a++) {
        const area = await createAreaRow(tdb.db, projectId, { parentId: deck.id, number: `10${a}` });
        const task = await createTaskRow(tdb.db, projectId, area.id);
        const subtask = await createSubtaskRow(tdb.db, projectId, task.id);
        for (let i = 0; i < n; i++) {
          const art = await createArticle(tdb.db);
          values.push({ subtaskId: subtask.id, projectId, articleId: art.id, quantity: i + 1 });
        }
      }
      await tdb.db.orm.insert(orderLines).values(values);
    };
    await fill(small.id, 1);
    await fill(large.id, 20);
    await viewer.get(url(small.id));
    const a = await countQueries(tdb.db, () => viewer.get(url(small.id, '?sort=-total')));
    const b = await countQueries(tdb.db, () => viewer.get(url(large.id, '?sort=-total')));
    expect(a.result.json().data.items).toHaveLength(3);
    expect(b.result.json().data.items).toHaveLength(60);
    expect(b.count).toBe(a.count);
    expect(a.count).toBeLessThanOrEqual(2); // the session, the list
  });
});

describe('GET /api/projects/:projectId/articles/export', () => {
  it('downloads a CSV for Dutch Excel: BOM, ";" and decimal commas, RFC 4180 quotes, formulas neutralised', async () => {
    const res = await viewer.get(exportUrl(p.id, '?format=csv&sort=total'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; /);
    expect(disposition).toContain('filename="projectartikelen Refit _Aurora_2027 _.csv"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('projectartikelen Refit _Aurora_2027 ü.csv')}`);
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      'Soort;Code;Naam;Eenheid;Totaal;Orderregels;Hut 5001;5010 · Spa',
      'Artikel;ab-7;"Plaat ""18mm""; eiken";;1,125;1;;1,125',
      'Artikel;TP-9;Tapijt wol;m2;2,75;2;2,75;',
      'Product;WL-100;Wandlamp;stuk;3,5;3;2,5;1',
      `Artikel;'-12;"'=HYPERLINK(""http://x"")";;10;1;;10`,
      '',
    ]);
  });

  it('searches the export like the list, in the reader’s language (English: "," and decimal dots, as every list export)', async () => {
    const res = await english.get(exportUrl(p.id, '?format=csv&q=lamp'));
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Kind,Code,Name,Unit,Total,Order lines,Hut 5001,5010 · Spa');
    expect(lines.slice(1)).toEqual(['Product,WL-100,Wall lamp,stuk,3.5,3,2.5,1', '']);
    expect(String(res.headers['content-disposition'])).toContain('filename="project-articles Refit');
  });

  it('downloads an XLSX with the totals and an area × item sheet, numbers as numbers', async () => {
    const res = await viewer.get(exportUrl(p.id, '?format=xlsx&sort=-total'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(String(res.headers['content-disposition'])).toContain('.xlsx"');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((ws) => ws.name)).toEqual(['Totalen', 'Per ruimte']);
    const [totals, perArea] = wb.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(totals.getRow(1).values).toEqual([undefined, 'Soort', 'Code', 'Naam', 'Eenheid', 'Totaal', 'Orderregels']);
    expect(totals.getRow(1).font?.bold).toBe(true);
    // Row 2 is the largest total: the neutralising apostrophe is a CSV matter, XLSX text is never a formula.
    expect(totals.getRow(2).getCell(3).value).toBe('=HYPERLINK("http://x")');
    expect(totals.getRow(2).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(totals.getRow(2).getCell(5).value).toBe(10);
    expect(totals.getRow(3).getCell(3).value).toBe('Wandlamp');
    expect(totals.getRow(3).getCell(5).value).toBe(3.5);
    expect(totals.getRow(3).getCell(6).value).toBe(3);
    expect(totals.getRow(5).getCell(5).value).toBe(1.125);
    // Hut 5001 first (tree order): the lamp's 2.5, then the carpet's 2.75; then the Spa's rows.
    expect(perArea.getRow(1).values).toEqual([undefined, 'Ruimte', 'Soort', 'Code', 'Naam', 'Eenheid', 'Aantal']);
    expect(perArea.rowCount).toBe(6);
    expect(perArea.getRow(2).values).toEqual([undefined, 'Hut 5001', 'Product', 'WL-100', 'Wandlamp', 'stuk', 2.5]);
    expect(perArea.getRow(3).values).toEqual([undefined, 'Hut 5001', 'Artikel', 'TP-9', 'Tapijt wol', 'm2', 2.75]);
    expect(perArea.getRow(4).getCell(1).value).toBe('5010 · Spa');
  });

  it('makes safe file names from any project name', () => {
    expect(exportFileName('x', 'a/b\\c:d*e?f"g<h>i|j\u0000k', 'csv')).toBe('x a_b_c_d_e_f_g_h_i_j_k.csv');
    expect(exportFileName('x', '  ..  ', 'xlsx')).toBe('x.xlsx');
    expect(exportFileName('x', 'y'.repeat(300), 'csv')).toHaveLength(2 + 100 + 4);
    // Cut by code points: an emoji across the 100th unit stays whole, never half a surrogate pair.
    expect(exportFileName('x', `${'y'.repeat(99)}😀😀`, 'csv')).toBe(`x ${'y'.repeat(99)}😀.csv`);
  });

  it('answers 200 with a valid Content-Disposition when an emoji sits at the cut', async () => {
    const emoji = await createProjectRow(tdb.db, { name: `${'z'.repeat(99)}🚢 dek` });
    const res = await viewer.get(exportUrl(emoji.id, '?format=csv'));
    expect(res.statusCode).toBe(200);
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toContain(`filename="projectartikelen ${'z'.repeat(99)}__.csv"`);
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`projectartikelen ${'z'.repeat(99)}🚢.csv`)}`);
  });
});
