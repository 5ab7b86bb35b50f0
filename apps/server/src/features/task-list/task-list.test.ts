import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { employees, orderLines, subtasks, tasks } from '../../db/schema';
import { createArticle, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let viewer: Agent;
let manager: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let fitter: { employeeId: number };
let company: { id: number };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage'] } },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, acting, anon } = cast);
  company = cast.companies.company;
  fitter = await createEmployee(tdb.db, { permissions: ['projects.view'] });
  await tdb.db.orm
    .update(employees)
    .set({ firstName: 'Kees', insertion: 'de', lastName: 'Vries' })
    .where(eq(employees.id, fitter.employeeId));
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const url = (projectId: number, query = '') => `/api/projects/${projectId}/task-list${query}`;

/**
 * Deck 5 with areas 5001 (and its sub-area Bathroom) and 5002, and an area A12 without a deck;
 * a task in each area and sub-area, sub-tasks with amounts, assembly notes and order lines.
 */
async function setup() {
  const p = await createProjectRow(tdb.db, { name: 'MS Oosterdam', companyIds: [company.id] });
  const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Dek 5' });
  const cabin = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Hut 5001' });
  const bath = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: cabin.id, number: '', name: 'Badkamer' });
  const cabin2 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5002', name: 'Hut 5002' });
  const spa = await createAreaRow(tdb.db, p.id, { kind: 'area', number: 'A12', name: 'Spa' });
  const wardrobe = await createTaskRow(tdb.db, p.id, cabin.id, { name: 'Kledingkast' });
  const bed = await createTaskRow(tdb.db, p.id, cabin.id, { name: 'Bed', status: 'completed' });
  await tdb.db.orm
    .update(tasks)
    .set({ notes: 'Let op de kabelgoot', assignedEmployeeId: fitter.employeeId })
    .where(eq(tasks.id, bed.id));
  const mirror = await createTaskRow(tdb.db, p.id, bath.id, { name: 'Spiegel' });
  const desk = await createTaskRow(tdb.db, p.id, cabin2.id, { name: 'Bureau' });
  const sauna = await createTaskRow(tdb.db, p.id, spa.id, { name: 'Sauna' });
  const frame = await createSubtaskRow(tdb.db, p.id, bed.id, { name: 'Frame monteren' });
  await tdb.db.orm
    .update(subtasks)
    .set({ amount: 2, assembly: 'Vastzetten met 4 schroeven', notes: 'Eerst vloer', assignedEmployeeId: fitter.employeeId })
    .where(eq(subtasks.id, frame.id));
  const headboard = await createSubtaskRow(tdb.db, p.id, bed.id, { name: 'Hoofdbord', status: 'closed' });
  await createSubtaskRow(tdb.db, p.id, wardrobe.id, { name: 'Deuren afhangen' });
  await createSubtaskRow(tdb.db, p.id, mirror.id, { name: 'Spiegel ophangen' });
  await createSubtaskRow(tdb.db, p.id, desk.id, { name: 'Bureaublad' });
  await createSubtaskRow(tdb.db, p.id, sauna.id, { name: 'Saunabank' });
  const screw = await createArticle(tdb.db, { name: 'Schroef RVS 4x40', sku: 'SCR-440' });
  const lampArticle = await createArticle(tdb.db, { name: 'Lamp artikel', sku: 'LMP-01' });
  const lamp = await createProduct(tdb.db, { nameNl: 'Zuilenlamp Oslo', nameEn: 'Oslo pillar lamp', articleId: lampArticle.id });
  await tdb.db.orm.insert(orderLines).values([
    { subtaskId: frame.id, projectId: p.id, articleId: screw.id, quantity: 8, position: 1 },
    { subtaskId: frame.id, projectId: p.id, productId: lamp.id, quantity: 2, position: 0 },
  ]);
  return { p, deck, cabin, bath, cabin2, spa, bed, frame, headboard, screw, lamp };
}

type Body = {
  data: {
    project: { id: number; name: string };
    tree: { id: number; kind: string; parentId: number | null; number: string; name: string }[];
    chosenIds: number[] | null;
    sections: {
      id: number;
      name: string;
      kind: string;
      tasks: { name: string; subtasks: { name: string; orderLines: unknown[] }[] }[];
    }[];
  };
};
const sectionNames = (b: Body) => b.data.sections.map((s) => s.name);

describe('GET /api/projects/:projectId/task-list', () => {
  it('answers 401 anonymous; 403 without a projects right, to a company user and to an employee acting as the company', async () => {
    const s = await setup();
    expect((await anon.get(url(s.p.id))).statusCode).toBe(401);
    for (const who of [noPerm, client, acting]) {
      const res = await who.get(url(s.p.id));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await viewer.get(url(s.p.id))).statusCode).toBe(200);
    expect((await manager.get(url(s.p.id))).statusCode).toBe(200);
  });

  it('answers 404 for a missing project, and for an area of another project or a missing one', async () => {
    const s = await setup();
    const missing = await viewer.get(url(2147483000));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PROJECT_NOT_FOUND');
    const other = await setup();
    for (const ids of [`${other.cabin.id}`, `${s.cabin.id},${other.deck.id}`, '2147483000']) {
      const res = await viewer.get(url(s.p.id, `?areaIds=${ids}`));
      expect(res.statusCode, ids).toBe(404);
      expect(res.json().code).toBe('AREA_NOT_FOUND');
    }
  });

  it('answers 400 with field errors for bad area ids, more than 500, or an unknown parameter', async () => {
    const s = await setup();
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1).join(',');
    for (const query of [
      '?areaIds=x',
      '?areaIds=0',
      '?areaIds=-1',
      '?areaIds=1,,2',
      '?areaIds=1,',
      '?areaIds=1e3',
      '?areaIds=99999999999',
      `?areaIds=${tooMany}`,
      '?areaIds=1&areaIds=2',
      '?areas=1',
    ]) {
      const res = await viewer.get(url(s.p.id, query));
      expect(res.statusCode, query.slice(0, 40)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors ?? {}).length, query.slice(0, 40)).toBeGreaterThan(0);
    }
    // 500 is the most, and repeating an id counts once.
    const five = Array.from({ length: 500 }, () => s.cabin.id).join(',');
    expect((await viewer.get(url(s.p.id, `?areaIds=${five}`))).statusCode).toBe(200);
  });

  it('prints the whole project in tree order with tasks, sub-tasks and order lines, and the tree', async () => {
    const s = await setup();
    const res = await viewer.get(url(s.p.id));
    expect(res.statusCode).toBe(200);
    const body = res.json() as Body;
    expect(body.data.project).toEqual({ id: s.p.id, name: 'MS Oosterdam' });
    expect(body.data.chosenIds).toBeNull();
    expect(body.data.tree.map((n) => [n.name, n.kind, n.parentId])).toEqual([
      ['Dek 5', 'deck', null],
      ['Hut 5001', 'area', s.deck.id],
      ['Badkamer', 'subarea', s.cabin.id],
      ['Hut 5002', 'area', s.deck.id],
      ['Spa', 'area', null],
    ]);
    expect(sectionNames(body)).toEqual(['Dek 5', 'Hut 5001', 'Badkamer', 'Hut 5002', 'Spa']);
    const cabin = body.data.sections[1];
    expect(cabin?.tasks.map((x) => x.name)).toEqual(['Bed', 'Kledingkast']);
    expect(cabin?.tasks[0]).toEqual({
      id: s.bed.id,
      name: 'Bed',
      status: 'completed',
      assignee: { id: fitter.employeeId, name: 'Kees de Vries' },
      notes: 'Let op de kabelgoot',
      subtasks: [
        {
          id: s.frame.id,
          name: 'Frame monteren',
          amount: 2,
          assembly: 'Vastzetten met 4 schroeven',
          status: 'open',
          assignee: { id: fitter.employeeId, name: 'Kees de Vries' },
          notes: 'Eerst vloer',
          orderLines: [
            { id: expect.any(Number), kind: 'product', code: 'LMP-01', name: 'Zuilenlamp Oslo', quantity: 2 },
            { id: expect.any(Number), kind: 'article', code: 'SCR-440', name: 'Schroef RVS 4x40', quantity: 8 },
          ],
        },
        {
          id: s.headboard.id,
          name: 'Hoofdbord',
          amount: 1,
          assembly: '',
          status: 'closed',
          assignee: null,
          notes: '',
          orderLines: [],
        },
      ],
    });
    expect(body.data.sections[0]?.tasks).toEqual([]);
  });

  it('a deck means its areas and sub-areas, an area its sub-areas, a sub-area itself; in tree order', async () => {
    const s = await setup();
    const get = async (ids: string) => {
      const res = await viewer.get(url(s.p.id, `?areaIds=${ids}`));
      expect(res.statusCode, ids).toBe(200);
      return res.json() as Body;
    };
    const deck = await get(`${s.deck.id}`);
    expect(deck.data.chosenIds).toEqual([s.deck.id]);
    expect(sectionNames(deck)).toEqual(['Dek 5', 'Hut 5001', 'Badkamer', 'Hut 5002']);
    expect(deck.data.tree).toHaveLength(5);
    expect(sectionNames(await get(`${s.cabin.id}`))).toEqual(['Hut 5001', 'Badkamer']);
    const bath = await get(`${s.bath.id}`);
    expect(sectionNames(bath)).toEqual(['Badkamer']);
    expect(bath.data.sections[0]?.tasks.map((x) => [x.name, x.subtasks.map((y) => y.name)])).toEqual([
      ['Spiegel', ['Spiegel ophangen']],
    ]);
    // Asked out of order: answered in tree order.
    expect(sectionNames(await get(`${s.spa.id},${s.cabin2.id}`))).toEqual(['Hut 5002', 'Spa']);
    // Empty: the tree for the chooser, nothing to print.
    const none = await get('');
    expect(none.data.sections).toEqual([]);
    expect(none.data.chosenIds).toEqual([]);
    expect(none.data.tree).toHaveLength(5);
  });

  it('names products in the English of an English-speaking reader', async () => {
    const s = await setup();
    const en = await createEmployee(tdb.db, { permissions: ['projects.view'], locale: 'en' });
    const agent = t.agent();
    await agent.login(en.email, en.password);
    const body = (await agent.get(url(s.p.id, `?areaIds=${s.cabin.id}`))).json() as Body;
    const lines = body.data.sections[0]?.tasks[0]?.subtasks[0]?.orderLines;
    expect(lines?.[0]).toMatchObject({ kind: 'product', name: 'Oslo pillar lamp' });
  });

  it('a project without areas prints nothing; a deleted project stays printable', async () => {
    const empty = await createProjectRow(tdb.db, { name: 'Leeg' });
    const res = await viewer.get(url(empty.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ project: { id: empty.id, name: 'Leeg' }, tree: [], chosenIds: null, sections: [] });
    const deleted = await createProjectRow(tdb.db, { deleted: true });
    expect((await viewer.get(url(deleted.id))).statusCode).toBe(200);
  });

  it('costs the same number of statements for a small and a large choice', async () => {
    const counts: number[] = [];
    for (const n of [1, 6]) {
      const p = await createProjectRow(tdb.db);
      const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '7', name: 'Dek 7' });
      const article = await createArticle(tdb.db);
      for (let a = 0; a < n; a++) {
        const area = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: `70${a}` });
        const sub = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: area.id });
        for (const at of [area.id, sub.id]) {
          for (let k = 0; k < n; k++) {
            const task = await createTaskRow(tdb.db, p.id, at);
            for (let j = 0; j < n; j++) {
              const st = await createSubtaskRow(tdb.db, p.id, task.id);
              await tdb.db.orm
                .insert(orderLines)
                .values({ subtaskId: st.id, projectId: p.id, articleId: article.id, quantity: 1 });
            }
          }
        }
      }
      const u = url(p.id, `?areaIds=${deck.id}`);
      await viewer.get(u);
      const { result, count } = await countQueries(tdb.db, () => viewer.get(u));
      const body = result.json() as Body;
      expect(body.data.sections).toHaveLength(1 + 2 * n);
      expect(body.data.sections[1]?.tasks[0]?.subtasks).toHaveLength(n);
      counts.push(count);
    }
    expect(counts[1]).toBe(counts[0]);
    // The session, the project with its tree, then tasks, sub-tasks and order lines side by side.
    expect(counts[0]).toBe(5);
  });
});
