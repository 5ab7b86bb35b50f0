import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { parseCsv } from '../../../test/helpers/export-match';
import { countQueries } from '../../../test/helpers/query-count';
import { articles, orderLines } from '../../db/schema';
import { createBookedHourRow } from '../hours/hours.fixtures';
import { createArticle, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let english: Agent;
let viewer: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let p: { id: number; name: string };
let gone: { id: number };
let ids: { deck: number; hut: number; spa: number; bath: number; otherArea: number };

type Budget = {
  stamp: string;
  hours: { activity: string; budgetMinutes: number | null; actualMinutes: number; state: string }[];
  hoursTotal: { budgetMinutes: number | null; actualMinutes: number; state: string };
  articles: { budget: number | null; actual: number; unpriced: number; state: string };
  areas: {
    areaId: number;
    name: string;
    budget: number | null;
    actual: number;
    unpriced: number;
    actualMinutes: number;
    state: string;
  }[];
};

const url = (id: number) => `/api/projects/${id}/budget`;
const read = async (who: Agent = manager, id = p.id): Promise<Budget> => {
  const res = await who.get(url(id));
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const empty = (stamp: string) => ({ stamp, hours: [], articles: null, areas: [] });

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      english: { permissions: ['projects.manage'], locale: 'en' },
      viewer: { permissions: ['projects.view', 'hours.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage'] } },
    anon: true,
  });
  ({ manager, english, viewer, client, acting, anon } = cast);
  const fitter = cast.viewer.fx.employeeId;

  // Deck 5 holds Hut 5001 (with a bathroom, a sub-area) and 5010 Spa.
  p = await createProjectRow(tdb.db, { name: 'Refit Aurora', companyIds: [cast.companies.company.id] });
  const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Deck 5' });
  const hut = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Hut 5001' });
  const spa = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5010', name: 'Spa' });
  const bath = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: hut.id, name: 'Badkamer' });
  const other = await createProjectRow(tdb.db);
  const otherArea = await createAreaRow(tdb.db, other.id, { number: '1', name: 'Elders' });
  gone = await createProjectRow(tdb.db, { deleted: true });
  ids = { deck: deck.id, hut: hut.id, spa: spa.id, bath: bath.id, otherArea: otherArea.id };

  // Cost prices: the lamp product's article 12.50, the carpet 40.00; the board has none.
  const lampArticle = await createArticle(tdb.db, { name: 'Lamp ERP', sku: 'WL-100' });
  await tdb.db.orm.update(articles).set({ costPrice: '12.5' }).where(eq(articles.id, lampArticle.id));
  const lamp = await createProduct(tdb.db, { nameNl: 'Wandlamp', nameEn: 'Wall lamp', articleId: lampArticle.id });
  const carpet = await createArticle(tdb.db, { name: 'Tapijt', sku: 'TP-9' });
  await tdb.db.orm.update(articles).set({ costPrice: '40' }).where(eq(articles.id, carpet.id));
  const board = await createArticle(tdb.db, { name: 'Plaat', sku: 'PL-1' });
  const sub = async (projectId: number, areaId: number) => {
    const task = await createTaskRow(tdb.db, projectId, areaId);
    return (await createSubtaskRow(tdb.db, projectId, task.id)).id;
  };
  const inHut = await sub(p.id, hut.id);
  const inBath = await sub(p.id, bath.id);
  const inSpa = await sub(p.id, spa.id);
  const inOther = await sub(other.id, otherArea.id);
  const line = (projectId: number, subtaskId: number, item: { productId?: number; articleId?: number }, quantity: number) => ({
    subtaskId,
    projectId,
    productId: item.productId ?? null,
    articleId: item.articleId ?? null,
    quantity,
  });
  await tdb.db.orm.insert(orderLines).values([
    line(p.id, inHut, { productId: lamp.id }, 2), // 25.00
    line(p.id, inBath, { articleId: carpet.id }, 0.25), // 10.00, counts for the hut
    line(p.id, inSpa, { articleId: carpet.id }, 1.5), // 60.00
    line(p.id, inSpa, { articleId: board.id }, 3), // no cost price
    line(other.id, inOther, { articleId: carpet.id }, 100),
  ]);
  // 8 h installation in the hut's bathroom, 2 h 30 engineering on no area; another project's 9 h stay out.
  await createBookedHourRow(tdb.db, { employeeId: fitter, projectId: p.id, areaId: bath.id, minutes: 480 });
  await createBookedHourRow(tdb.db, {
    employeeId: fitter,
    projectId: p.id,
    minutes: 150,
    activity: 'engineering',
    date: '2026-11-25',
  });
  await createBookedHourRow(tdb.db, { employeeId: fitter, projectId: other.id, minutes: 540 });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('GET /api/projects/:projectId/budget', () => {
  it('answers 401 anonymous; 403 without projects.manage, to a company user and to an employee acting as a company', async () => {
    for (const path of [url(p.id), `${url(p.id)}/export?format=csv`]) {
      expect((await anon.get(path)).statusCode).toBe(401);
      for (const who of [viewer, client, acting]) expect((await who.get(path)).statusCode, path).toBe(403);
    }
    expect((await anon.put(url(p.id), empty('x'))).statusCode).toBe(401);
    expect((await viewer.put(url(p.id), empty('x'))).statusCode).toBe(403);
  });

  it('answers 404 for a missing project and 400 for a bad id or format', async () => {
    expect((await manager.get(url(2147483000))).json().code).toBe('PROJECT_NOT_FOUND');
    expect((await manager.get('/api/projects/abc/budget')).statusCode).toBe(400);
    expect((await manager.get(`${url(p.id)}/export?format=pdf`)).statusCode).toBe(400);
  });

  it('sums the booked hours per activity and the order lines at cost price per deck and area, sub-areas in their area', async () => {
    const b = await read();
    expect(b.hours.map((h) => [h.activity, h.actualMinutes, h.budgetMinutes, h.state])).toEqual([
      ['installation', 480, null, 'none'],
      ['workshop', 0, null, 'none'],
      ['engineering', 150, null, 'none'],
      ['travel', 0, null, 'none'],
      ['management', 0, null, 'none'],
      ['other', 0, null, 'none'],
    ]);
    expect(b.hoursTotal).toEqual({ budgetMinutes: null, actualMinutes: 630, state: 'none' });
    expect(b.articles).toEqual({ budget: null, actual: 95, unpriced: 1, state: 'none' });
    expect(b.areas.map((a) => [a.name, a.actual, a.unpriced, a.actualMinutes])).toEqual([
      ['Deck 5', 95, 1, 480],
      ['Hut 5001', 35, 0, 480],
      ['Spa', 60, 1, 0],
    ]);
  });

  it('reads the budget in the same few statements whatever the size', async () => {
    await read();
    const full = await countQueries(tdb.db, () => manager.get(url(p.id)));
    const bare = await countQueries(tdb.db, () => manager.get(url(gone.id)));
    expect(full.result.statusCode).toBe(200);
    expect(full.count).toBe(bare.count);
    expect(full.count).toBeLessThanOrEqual(5); // the session, the project, the budget, the areas, what was spent
  });
});

describe('PUT /api/projects/:projectId/budget', () => {
  it('stores the budget and marks 90 % and more as a warning, more than the budget as over', async () => {
    const before = await read();
    const res = await manager.put(url(p.id), {
      stamp: before.stamp,
      hours: [
        { activity: 'installation', minutes: 500 }, // 480 of 500: 96 %
        { activity: 'engineering', minutes: 600 }, // 150 of 600
        { activity: 'travel', minutes: 0 },
      ],
      articles: 100, // 95 of 100
      areas: [
        { areaId: ids.hut, amount: 30 }, // 35 of 30: over
        { areaId: ids.deck, amount: 1000.5 },
      ],
    });
    expect(res.statusCode).toBe(200);
    const b: Budget = res.json().data;
    const state = (activity: string) => b.hours.find((h) => h.activity === activity)?.state;
    expect([state('installation'), state('engineering'), state('travel'), state('workshop')]).toEqual([
      'warning',
      'ok',
      'ok',
      'none',
    ]);
    expect(b.hoursTotal).toEqual({ budgetMinutes: 1100, actualMinutes: 630, state: 'ok' });
    expect(b.articles).toMatchObject({ budget: 100, actual: 95, state: 'warning' });
    expect(b.areas.map((a) => [a.name, a.budget, a.state])).toEqual([
      ['Deck 5', 1000.5, 'ok'],
      ['Hut 5001', 30, 'over'],
      ['Spa', null, 'none'],
    ]);
    expect(b.stamp).not.toBe(before.stamp);
    expect(await read()).toEqual(b);
  });

  it('refuses an edit started from an older budget (STALE_VERSION), and of two edits at once one wins', async () => {
    const start = await read();
    const edit = (amount: number) => manager.put(url(p.id), { ...empty(start.stamp), articles: amount });
    const [a, b] = await Promise.all([edit(200), edit(300)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().code).toBe('STALE_VERSION');
    const winner = a.statusCode === 200 ? 200 : 300;
    expect((await read()).articles.budget).toBe(winner);
  });

  it("refuses a sub-area or another project's area, bad amounts and a deleted project, and changes nothing", async () => {
    const start = await read();
    const bad = async (body: unknown, code: string) => {
      const res = await manager.put(url(p.id), body);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
    };
    await bad({ ...empty(start.stamp), areas: [{ areaId: ids.bath, amount: 1 }] }, 'VALIDATION_FAILED');
    await bad({ ...empty(start.stamp), areas: [{ areaId: ids.otherArea, amount: 1 }] }, 'VALIDATION_FAILED');
    await bad({ ...empty(start.stamp), articles: -1 }, 'VALIDATION_FAILED');
    await bad({ ...empty(start.stamp), articles: 1.005 }, 'VALIDATION_FAILED');
    await bad({ ...empty(start.stamp), hours: [{ activity: 'sleeping', minutes: 1 }] }, 'VALIDATION_FAILED');
    await bad(
      {
        ...empty(start.stamp),
        hours: [
          { activity: 'travel', minutes: 1 },
          { activity: 'travel', minutes: 2 },
        ],
      },
      'VALIDATION_FAILED',
    );
    const res = await manager.put(url(p.id), { ...empty(start.stamp), areas: [{ areaId: ids.bath, amount: 1 }] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors ?? res.json().details?.fieldErrors ?? {})).toContain('areas.0.areaId');
    expect(await read()).toEqual(start);
    const deleted = await read(manager, gone.id);
    expect((await manager.put(url(gone.id), empty(deleted.stamp))).json().code).toBe('PROJECT_DELETED');
  });
});

describe('GET /api/projects/:projectId/budget/export', () => {
  it("writes the hours per activity and the articles per area, in the reader's language", async () => {
    const { stamp } = await read();
    const set = await manager.put(url(p.id), {
      stamp,
      hours: [{ activity: 'installation', minutes: 500 }],
      articles: null,
      areas: [{ areaId: ids.hut, amount: 30 }],
    });
    expect(set.statusCode).toBe(200);
    const csv = await manager.get(`${url(p.id)}/export?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('budget Refit Aurora.csv');
    const rows = parseCsv(csv.body);
    expect(rows[0]).toEqual(['Soort', 'Onderdeel', 'Eenheid', 'Budget', 'Besteed', 'Besteed (%)', 'Regels zonder kostprijs']);
    expect(rows).toContainEqual(['Artikelen', '  Hut 5001', 'EUR', '30,00', '35,00', '116,70', '0']);
    expect(rows.find((r) => r[1] === 'Montage')?.slice(3, 6)).toEqual(['8,33', '8,00', '96,00']);

    const en = await english.get(`${url(p.id)}/export?format=xlsx`);
    expect(en.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(en.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Kind',
      'Part',
      'Unit',
      'Budget',
      'Spent',
      'Spent (%)',
      'Lines without cost price',
    ]);
    const spa = sheet?.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(2).value === '  5010 · Spa');
    expect([spa?.getCell(4).value, spa?.getCell(5).value, spa?.getCell(7).value]).toEqual([null, 60, 1]);
  });
});
