import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, orderLines, projectAreas, projectEvents, subtasks, tasks } from '../../db/schema';
import { createMediaRow, createProduct } from '../products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from './projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccountId: number;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let companyId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['products.manage', 'articles.view'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    // Acting as a company leaves every staff right behind, projects.manage too.
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage', 'projects.view'] } },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, acting, anon } = cast);
  managerAccountId = cast.manager.fx.accountId;
  companyId = cast.companies.company.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const areasUrl = (projectId: number) => `/api/projects/${projectId}/areas`;
const areaUrl = (projectId: number, areaId: number) => `/api/projects/${projectId}/areas/${areaId}`;

async function stored(id: number) {
  return (await tdb.db.orm.select().from(projectAreas).where(eq(projectAreas.id, id)))[0] ?? null;
}
async function feedRows(areaId: number) {
  return tdb.db.orm.select().from(projectEvents).where(eq(projectEvents.subjectId, areaId));
}
async function areasOf(projectId: number) {
  return tdb.db.orm.select().from(projectAreas).where(eq(projectAreas.projectId, projectId)).orderBy(projectAreas.sortOrder);
}

/** A project with a deck, an area on it and a sub-area, attached to the test company. */
async function smallProject() {
  const p = await createProjectRow(tdb.db, { companyIds: [companyId] });
  const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Deck 5' });
  const area = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Cabin 5001' });
  const sub = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: area.id, number: '1', name: 'Bathroom' });
  return { projectId: p.id, deckId: deck.id, areaId: area.id, subareaId: sub.id };
}

/** `areas` areas under one deck, each with `tasksPer` tasks of `subtasksPer` sub-tasks, made in set-based statements. */
async function seedProject(areas: number, tasksPer: number, subtasksPer: number) {
  const p = await createProjectRow(tdb.db);
  const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '1', name: 'Deck 1' });
  await tdb.db.orm.execute(sql`
    INSERT INTO project_areas (project_id, parent_id, kind, number, name, sort_order)
    SELECT ${p.id}, ${deck.id}, 'area', (5000 + g)::text, 'Cabin ' || (5000 + g), g FROM generate_series(1, ${areas}) g`);
  await tdb.db.orm.execute(sql`
    INSERT INTO tasks (project_id, area_id, name, status, sort_order)
    SELECT a.project_id, a.id, 'Task ' || g, CASE WHEN g % 2 = 0 THEN 'completed' ELSE 'pending' END, g
      FROM project_areas a CROSS JOIN generate_series(1, ${tasksPer}) g
     WHERE a.project_id = ${p.id} AND a.kind = 'area'`);
  await tdb.db.orm.execute(sql`
    INSERT INTO subtasks (project_id, task_id, name, status, sort_order)
    SELECT t.project_id, t.id, 'Sub ' || g, CASE WHEN g = 1 THEN 'closed' ELSE 'open' END, g
      FROM tasks t CROSS JOIN generate_series(1, ${subtasksPer}) g
     WHERE t.project_id = ${p.id}`);
  return { projectId: p.id, deckId: deck.id };
}

interface Endpoint {
  method: string;
  url: string;
  body?: unknown;
}

describe('areas API access (Z1)', () => {
  function endpoints(p: { projectId: number; areaId: number; subareaId: number }): { reads: Endpoint[]; writes: Endpoint[] } {
    const one = areaUrl(p.projectId, p.areaId);
    return {
      reads: [
        { method: 'GET', url: areasUrl(p.projectId) },
        { method: 'GET', url: one },
        { method: 'GET', url: `${one}/subareas` },
      ],
      writes: [
        { method: 'POST', url: areasUrl(p.projectId), body: { kind: 'deck', name: 'Probe' } },
        { method: 'POST', url: `${areasUrl(p.projectId)}/bulk`, body: { kind: 'deck', text: 'Probe' } },
        { method: 'PATCH', url: one, body: { parentId: null, name: 'Probe', version: 1 } },
        { method: 'DELETE', url: `${one}?version=1` },
        { method: 'POST', url: `${one}/complete`, body: { version: 1 } },
        { method: 'POST', url: `${one}/reopen`, body: { version: 1 } },
        {
          method: 'PATCH',
          url: `${one}/markers`,
          body: { type: 'area', id: p.subareaId, left: 1, top: 1, width: 10, height: 10 },
        },
      ],
    };
  }

  it('answers 401 anonymous; 403 without a projects right, to a company user and to an employee acting as the company; changes nothing', async () => {
    const p = await smallProject();
    const { reads, writes } = endpoints(p);
    for (const e of [...reads, ...writes]) {
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, `${e.method} ${e.url}`).toBe(401);
    }
    // The project is attached to the company: the portal view still has no business on these employee routes.
    for (const who of [noPerm, client, acting]) {
      for (const e of [...reads, ...writes]) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    for (const e of writes) {
      const res = await viewer.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `viewer ${e.method} ${e.url}`).toBe(403);
    }
    for (const e of reads) expect((await viewer.get(e.url)).statusCode, `viewer ${e.url}`).toBe(200);
    expect(await stored(p.areaId)).toMatchObject({ version: 1, status: 'open', name: 'Cabin 5001' });
    expect(await stored(p.subareaId)).toMatchObject({ planX: null, planY: null });
    expect(await areasOf(p.projectId)).toHaveLength(3);
  });

  it('answers 419 to unsafe calls without the CSRF token (C1)', async () => {
    const p = await smallProject();
    for (const e of endpoints(p).writes) {
      const res = await manager.request(e.method, e.url, { body: e.body, csrf: false });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(419);
    }
    expect(await stored(p.areaId)).toMatchObject({ version: 1 });
  });

  it('answers 404 with the same body for a missing project or area, and for an area of another project', async () => {
    const p = await smallProject();
    const other = await smallProject();
    const cases = [
      ['GET', areasUrl(2147483000), undefined, 'PROJECT_NOT_FOUND'],
      ['POST', areasUrl(2147483000), { kind: 'deck', name: 'X' }, 'PROJECT_NOT_FOUND'],
      ['POST', `${areasUrl(2147483000)}/bulk`, { kind: 'deck', text: 'X' }, 'PROJECT_NOT_FOUND'],
      ['GET', areaUrl(p.projectId, 2147483000), undefined, 'AREA_NOT_FOUND'],
      ['GET', areaUrl(p.projectId, other.areaId), undefined, 'AREA_NOT_FOUND'],
      ['GET', `${areaUrl(p.projectId, other.areaId)}/subareas`, undefined, 'AREA_NOT_FOUND'],
      ['PATCH', areaUrl(p.projectId, other.areaId), { parentId: null, name: 'X', version: 1 }, 'AREA_NOT_FOUND'],
      ['DELETE', `${areaUrl(p.projectId, other.areaId)}?version=1`, undefined, 'AREA_NOT_FOUND'],
      ['POST', `${areaUrl(p.projectId, other.areaId)}/complete`, { version: 1 }, 'AREA_NOT_FOUND'],
      ['POST', `${areaUrl(p.projectId, other.areaId)}/reopen`, { version: 1 }, 'AREA_NOT_FOUND'],
      [
        'PATCH',
        `${areaUrl(p.projectId, other.areaId)}/markers`,
        { type: 'area', id: other.subareaId, left: 1, top: 1, width: 2, height: 2 },
        'AREA_NOT_FOUND',
      ],
    ] as const;
    for (const [method, url, body, code] of cases) {
      const res = await manager.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const { requestId: _r, ...rest } = res.json();
      expect(rest, `${method} ${url}`).toEqual({
        code,
        message: code === 'AREA_NOT_FOUND' ? 'Area not found' : 'Project not found',
      });
    }
    expect(await stored(other.areaId)).toMatchObject({ version: 1, name: 'Cabin 5001' });
    expect(await stored(other.subareaId)).toMatchObject({ planX: null });
  });

  it('lets a project manager upload a floor plan through POST /api/media', async () => {
    const image = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 240, g: 240, b: 240 } } })
      .png()
      .toBuffer();
    const boundary = '----plan';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="deck-5.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await manager.request('POST', '/api/media', {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(201);
    const plan = res.json().data[0];
    expect(plan).toMatchObject({ width: 1200, height: 900 });
    expect((await manager.get(plan.thumbUrl)).statusCode).toBe(200);
    // ... and use it as a deck's plan.
    const p = await smallProject();
    const deck = await stored(p.deckId);
    const patched = await manager.patch(areaUrl(p.projectId, p.deckId), {
      parentId: null,
      number: '5',
      name: 'Deck 5',
      planMediaId: plan.id,
      version: deck?.version,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toMatchObject({ hasPlan: true, plan: { id: plan.id, width: 1200 } });
  });
});

describe('GET /api/projects/:projectId/areas', () => {
  it('lists decks by sort order then number and areas by deck then number (natural order), with completion and counts', async () => {
    const p = await createProjectRow(tdb.db);
    const deck7 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '7', name: 'Deck 7' });
    const deck10 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '10', name: 'Deck 10' });
    const a5010 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck7.id, number: '5010', name: 'Cabin 5010' });
    const a5002 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck7.id, number: '5002', name: 'Cabin 5002' });
    const aA10 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck10.id, number: 'A10', name: 'Suite A10' });
    const aA2 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck10.id, number: 'A2', name: 'Suite A2' });
    const lobby = await createAreaRow(tdb.db, p.id, { kind: 'area', name: 'Lobby' });
    const sub = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: a5002.id, name: 'Bathroom' });
    // Deck 10 first by its sort order; thumbnails and a plan on some.
    const thumb = await createMediaRow(tdb.db);
    await tdb.db.orm.update(projectAreas).set({ sortOrder: 1 }).where(eq(projectAreas.id, deck7.id));
    await tdb.db.orm.update(projectAreas).set({ sortOrder: 0, planMediaId: thumb }).where(eq(projectAreas.id, deck10.id));
    await tdb.db.orm.update(projectAreas).set({ thumbnailMediaId: thumb }).where(eq(projectAreas.id, a5002.id));
    // Cabin 5002: one task done with 1 of 2 sub-tasks closed, plus a pending task in its sub-area with an open sub-task.
    const t1 = await createTaskRow(tdb.db, p.id, a5002.id, { status: 'completed' });
    await createSubtaskRow(tdb.db, p.id, t1.id, { status: 'closed' });
    await createSubtaskRow(tdb.db, p.id, t1.id, { status: 'open' });
    const t2 = await createTaskRow(tdb.db, p.id, sub.id);
    await createSubtaskRow(tdb.db, p.id, t2.id);
    // Cabin 5010: one pending task.
    await createTaskRow(tdb.db, p.id, a5010.id);

    const res = await viewer.get(areasUrl(p.id));
    expect(res.statusCode).toBe(200);
    const { decks, areas } = res.json().data;
    expect(decks.map((d: { id: number }) => d.id)).toEqual([deck10.id, deck7.id]);
    expect(areas.map((a: { id: number }) => a.id)).toEqual([aA2.id, aA10.id, a5002.id, a5010.id, lobby.id]);
    const byId = new Map([...decks, ...areas].map((r: { id: number }) => [r.id, r]));
    expect(byId.get(a5002.id)).toMatchObject({
      kind: 'area',
      parentId: deck7.id,
      number: '5002',
      childrenCount: 1,
      thumbUrl: `/api/media/${thumb}/thumb`,
      hasPlan: false,
      completion: { tasksDone: 1, tasksTotal: 2, subtasksDone: 1, subtasksTotal: 3 },
      abilities: { canEdit: false, reasons: { canEdit: 'FORBIDDEN' } },
    });
    expect(byId.get(a5010.id)).toMatchObject({ completion: { tasksDone: 0, tasksTotal: 1, subtasksDone: 0, subtasksTotal: 0 } });
    expect(byId.get(deck7.id)).toMatchObject({
      childrenCount: 2,
      completion: { tasksDone: 1, tasksTotal: 3, subtasksDone: 1, subtasksTotal: 3 },
    });
    expect(byId.get(deck10.id)).toMatchObject({ hasPlan: true, thumbUrl: null, childrenCount: 2, completion: { tasksTotal: 0 } });
    expect(byId.has(sub.id)).toBe(false);

    // The manager's abilities: everything but reopening an open area.
    const mine = (await manager.get(areasUrl(p.id))).json().data.areas[0];
    expect(mine.abilities).toEqual({
      canEdit: true,
      canDelete: true,
      canComplete: true,
      canReopen: false,
      reasons: { canReopen: 'AREA_OPEN' },
    });

    // Filters: on number or name, and status; a deck stays when it holds a match.
    const q = (await manager.get(`${areasUrl(p.id)}?q=50`)).json().data;
    expect(q.areas.map((a: { id: number }) => a.id)).toEqual([a5002.id, a5010.id]);
    expect(q.decks.map((d: { id: number }) => d.id)).toEqual([deck7.id]);
    const byName = (await manager.get(`${areasUrl(p.id)}?q=lob`)).json().data;
    expect(byName).toMatchObject({ decks: [], areas: [{ id: lobby.id }] });
    await tdb.db.orm.update(projectAreas).set({ status: 'completed' }).where(eq(projectAreas.id, aA10.id));
    const done = (await manager.get(`${areasUrl(p.id)}?status=completed`)).json().data;
    expect(done.areas.map((a: { id: number }) => a.id)).toEqual([aA10.id]);
    expect(done.decks.map((d: { id: number }) => d.id)).toEqual([deck10.id]);
  });

  it('shows staff a project attached to another company, and a deleted project read-only', async () => {
    const other = await createCompany(tdb.db);
    const p = await createProjectRow(tdb.db, { companyIds: [other.id], deleted: true });
    await createAreaRow(tdb.db, p.id, { kind: 'area', number: '1', name: 'Galley' });
    const res = await manager.get(areasUrl(p.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.areas[0]).toMatchObject({
      name: 'Galley',
      abilities: { canEdit: false, canComplete: false, reasons: { canEdit: 'PROJECT_DELETED', canComplete: 'PROJECT_DELETED' } },
    });
  });

  it('refuses an unknown filter or status (400)', async () => {
    const p = await smallProject();
    for (const query of ['status=done', 'sort=name', `q=${'x'.repeat(201)}`]) {
      const res = await manager.get(`${areasUrl(p.projectId)}?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('runs the same number of statements for 5 areas as for 50 (no N+1)', async () => {
    const small = await seedProject(5, 3, 2);
    const large = await seedProject(50, 3, 2);
    await manager.get(areasUrl(small.projectId)); // warm-up: the session's first load may write
    const a = await countQueries(tdb.db, () => manager.get(areasUrl(small.projectId)));
    const b = await countQueries(tdb.db, () => manager.get(areasUrl(large.projectId)));
    expect(a.result.json().data.areas).toHaveLength(5);
    expect(b.result.json().data.areas).toHaveLength(50);
    expect(b.count).toBe(a.count);
    expect(a.count).toBeLessThanOrEqual(3); // the session, the project, the list
  });

  it('answers a project of 200 areas x 20 tasks x 5 sub-tasks with the right figures, in the same statements', async () => {
    // Timings are the benchmark's business (bench/); here the size must not change the work's shape.
    const big = await seedProject(200, 20, 5);
    await manager.get(areasUrl(big.projectId));
    const { result: res, count } = await countQueries(tdb.db, () => manager.get(areasUrl(big.projectId)));
    expect(res.statusCode).toBe(200);
    expect(count).toBeLessThanOrEqual(3);
    const { decks, areas } = res.json().data;
    expect(areas).toHaveLength(200);
    expect(areas[0]).toMatchObject({
      number: '5001',
      completion: { tasksDone: 10, tasksTotal: 20, subtasksDone: 20, subtasksTotal: 100 },
    });
    expect(areas[199].number).toBe('5200');
    expect(decks[0]).toMatchObject({ childrenCount: 200, completion: { tasksTotal: 4000, subtasksTotal: 20000 } });
  });
});

describe('POST /api/projects/:projectId/areas', () => {
  it('adds a deck, an area on it and a sub-area in it, at the end, with audit rows', async () => {
    const p = await createProjectRow(tdb.db);
    const thumb = await createMediaRow(tdb.db);
    const deck = await manager.post(areasUrl(p.id), { kind: 'deck', number: '5', name: 'Deck 5' });
    expect(deck.statusCode).toBe(201);
    const d = deck.json().data;
    expect(d).toMatchObject({ kind: 'deck', parentId: null, parent: null, number: '5', status: 'open', version: 1, markers: [] });
    const area = await manager.post(areasUrl(p.id), {
      kind: 'area',
      parentId: d.id,
      number: ' 5001 ',
      name: ' Cabin 5001 ',
      areaType: 'Cabin',
      thumbnailMediaId: thumb,
    });
    expect(area.statusCode).toBe(201);
    const a = area.json().data;
    expect(a).toMatchObject({
      kind: 'area',
      parentId: d.id,
      parent: { id: d.id, name: 'Deck 5', kind: 'deck' },
      number: '5001',
      name: 'Cabin 5001',
      areaType: 'Cabin',
      thumbUrl: `/api/media/${thumb}/thumb`,
      thumbnail: { id: thumb },
      plan: null,
      childrenCount: 0,
      completion: { tasksDone: 0, tasksTotal: 0, subtasksDone: 0, subtasksTotal: 0 },
    });
    const sub = await manager.post(areasUrl(p.id), { kind: 'subarea', parentId: a.id, name: 'Bathroom' });
    expect(sub.statusCode).toBe(201);
    expect(sub.json().data).toMatchObject({ kind: 'subarea', parentId: a.id, number: '' });
    const second = await manager.post(areasUrl(p.id), { parentId: d.id, number: '5002', name: 'Cabin 5002' });
    expect(second.json().data.kind).toBe('area');

    expect(await stored(a.id)).toMatchObject({
      projectId: p.id,
      number: '5001',
      name: 'Cabin 5001',
      sortOrder: 1,
      thumbnailMediaId: thumb,
    });
    expect(await stored(second.json().data.id)).toMatchObject({ sortOrder: 2 });
    const rows = await auditRows(tdb.db, 'area.created', eq(auditLog.subjectId, String(a.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: managerAccountId, data: { projectId: p.id, kind: 'area', number: '5001' } });
  });

  it('refuses a wrong parent, a taken number (whatever its case), a missing image or name (400), and adds nothing', async () => {
    const p = await smallProject();
    const other = await smallProject();
    const before = (await areasOf(p.projectId)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'deck', parentId: p.deckId, name: 'X' }, 'parentId', 'not_allowed'],
      [{ kind: 'area', parentId: p.areaId, name: 'X' }, 'parentId', 'not_found'],
      [{ kind: 'area', parentId: other.deckId, name: 'X' }, 'parentId', 'not_found'],
      [{ kind: 'area', parentId: 2147483000, name: 'X' }, 'parentId', 'not_found'],
      [{ kind: 'subarea', parentId: p.deckId, name: 'X' }, 'parentId', 'not_found'],
      [{ kind: 'subarea', parentId: null, name: 'X' }, 'parentId', 'required'],
      [{ kind: 'area', number: '5001', name: 'X' }, 'number', 'number_taken'],
      [{ kind: 'deck', number: '5', name: 'X' }, 'number', 'number_taken'],
      [{ kind: 'area', thumbnailMediaId: 2147483000, name: 'X' }, 'thumbnailMediaId', 'not_found'],
      [{ kind: 'area', planMediaId: 2147483000, name: 'X' }, 'planMediaId', 'not_found'],
      [{ kind: 'area', name: '  ' }, 'name', 'required'],
      [{ kind: 'room', name: 'X' }, 'kind', 'invalid_choice'],
      [{ name: 'X', version: 1 }, 'version', 'unknown_field'],
    ];
    for (const [body, field, code] of cases) {
      const res = await manager.post(areasUrl(p.projectId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], JSON.stringify(body)).toMatchObject({ code });
    }
    // Numbers are compared whatever their case, per kind: a sub-area may carry an area's number.
    await createAreaRow(tdb.db, p.projectId, { kind: 'area', number: 'A12', name: 'Suite' });
    const taken = await manager.post(areasUrl(p.projectId), { kind: 'area', number: 'a12', name: 'X' });
    expect(taken.json().fieldErrors.number).toEqual({ code: 'number_taken' });
    expect((await areasOf(p.projectId)).length).toBe(before + 1);
    const sameAsArea = await manager.post(areasUrl(p.projectId), {
      kind: 'subarea',
      parentId: p.areaId,
      number: '5001',
      name: 'X',
    });
    expect(sameAsArea.statusCode).toBe(201);
  });

  // Two saves of one number at once both pass the check; the unique index decides. On PostgreSQL
  // a second connection holds the other insert open until the request waits on it.
  it.runIf(process.env.TEST_DB === 'pg')(
    'answers number_taken when a racing insert wins; bulk-add skips it instead',
    async () => {
      const p = await createProjectRow(tdb.db);
      const other = new pg.Client({ connectionString: tdb.url ?? '' });
      await other.connect();
      const waitsOnLock = async () => {
        // Up to 30 s: on a busy machine the request can take seconds to reach its insert.
        for (let i = 0; i < 1200; i++) {
          // This connection is inside its transaction: without clearing it, pg_stat_activity would
          // answer from the snapshot taken at the first read, and never see the request arrive.
          await other.query('SELECT pg_stat_clear_snapshot()');
          const r = await other.query(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          if (r.rows[0].n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        throw new Error('the request never waited on the other insert');
      };
      const race = async (number: string, send: () => Promise<{ statusCode: number; json(): unknown }>) => {
        await other.query('BEGIN');
        await other.query(`INSERT INTO project_areas (project_id, kind, number, name) VALUES ($1, 'area', $2, 'Winner')`, [
          p.id,
          number,
        ]);
        const pending = send();
        await waitsOnLock();
        await other.query('COMMIT');
        return pending;
      };
      try {
        const single = await race('7001', () => manager.post(areasUrl(p.id), { number: '7001', name: 'Loser' }));
        expect(single.statusCode).toBe(400);
        expect((single.json() as { fieldErrors: unknown }).fieldErrors).toEqual({ number: { code: 'number_taken' } });
        const bulk = await race('7102', () => manager.post(`${areasUrl(p.id)}/bulk`, { text: 'Cabin 7101-7103' }));
        expect(bulk.statusCode).toBe(201);
        expect((bulk.json() as { data: unknown }).data).toEqual({ created: 2, skipped: ['7102'] });
      } finally {
        await other.end();
      }
      expect((await areasOf(p.id)).map((r) => `${r.number} ${r.name}`).sort()).toEqual([
        '7001 Winner',
        '7101 Cabin 7101',
        '7102 Winner',
        '7103 Cabin 7103',
      ]);
    },
  );

  it('refuses a deleted project (409 PROJECT_DELETED)', async () => {
    const p = await createProjectRow(tdb.db, { deleted: true });
    for (const [url, body] of [
      [areasUrl(p.id), { kind: 'deck', name: 'X' }],
      [`${areasUrl(p.id)}/bulk`, { kind: 'deck', text: 'X' }],
    ] as const) {
      const res = await manager.post(url, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('PROJECT_DELETED');
    }
    expect(await areasOf(p.id)).toHaveLength(0);
  });
});

describe('POST /api/projects/:projectId/areas/bulk', () => {
  it('makes 120 areas from "Cabin 5001-5120" after the existing ones; a second run skips all 120', async () => {
    const p = await createProjectRow(tdb.db);
    const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Deck 5' });
    const existing = await manager.post(areasUrl(p.id), { parentId: deck.id, number: '4999', name: 'Cabin 4999' });
    expect(existing.statusCode).toBe(201);
    const body = { kind: 'area', parentId: deck.id, areaType: 'Cabin', text: 'Cabin 5001-5120' };
    const res = await manager.post(`${areasUrl(p.id)}/bulk`, body);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ created: 120, skipped: [] });
    const rows = (await areasOf(p.id)).filter((r) => r.kind === 'area');
    expect(rows).toHaveLength(121);
    expect(rows[1]).toMatchObject({ number: '5001', name: 'Cabin 5001', areaType: 'Cabin', parentId: deck.id, sortOrder: 2 });
    expect(rows[120]).toMatchObject({ number: '5120', name: 'Cabin 5120', sortOrder: 121 });
    const audits = await auditRows(tdb.db, 'area.bulk-created', eq(auditLog.subjectId, String(p.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.data).toMatchObject({ kind: 'area', created: 120, skipped: 0 });

    const again = await manager.post(`${areasUrl(p.id)}/bulk`, body);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.created).toBe(0);
    expect(again.json().data.skipped).toHaveLength(120);
    expect(again.json().data.skipped[0]).toBe('5001');
    expect(await areasOf(p.id)).toHaveLength(122);

    // Some new, some existing, plain names: the new ones are added after the last.
    const mixed = await manager.post(`${areasUrl(p.id)}/bulk`, {
      parentId: deck.id,
      text: '5120 Cabin\n5121 Crew mess\nLaundry',
    });
    expect(mixed.json().data).toEqual({ created: 2, skipped: ['5120'] });
    const last = (await areasOf(p.id)).slice(-2);
    expect(last).toMatchObject([
      { number: '5121', name: 'Crew mess', sortOrder: 122 },
      { number: '', name: 'Laundry', sortOrder: 123 },
    ]);
  });

  it('names the line of a text it cannot read (400) and adds nothing', async () => {
    const p = await createProjectRow(tdb.db);
    const area = await createAreaRow(tdb.db, p.id, { kind: 'area', number: '1', name: 'Area' });
    const cases: [Record<string, unknown>, string, Record<string, unknown>][] = [
      [{ text: 'Lobby\nCabin 5120-5001' }, 'text', { code: 'range_invalid', params: { line: 2 } }],
      [{ text: 'Cabin 1-501' }, 'text', { code: 'range_too_large', params: { line: 1 } }],
      [{ text: '5001 A\n\n5001 B' }, 'text', { code: 'duplicate_number', params: { line: 3 } }],
      [{ text: ' \n ' }, 'text', { code: 'required' }],
      [{ kind: 'subarea', text: 'Bathroom' }, 'parentId', { code: 'required' }],
      [{ kind: 'subarea', parentId: 2147483000, text: 'Bathroom' }, 'parentId', { code: 'not_found' }],
      [{ kind: 'deck', parentId: area.id, text: 'Deck 1' }, 'parentId', { code: 'not_allowed' }],
      [{ text: 'x'.repeat(20_001) }, 'text', { code: 'too_long', params: { max: 20_000 } }],
      [{ text: 'Lobby', extra: 1 }, 'extra', { code: 'unknown_field' }],
    ];
    for (const [body, field, err] of cases) {
      const res = await manager.post(`${areasUrl(p.id)}/bulk`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().fieldErrors[field]).toEqual(err);
    }
    expect(await areasOf(p.id)).toHaveLength(1);
    const sub = await manager.post(`${areasUrl(p.id)}/bulk`, { kind: 'subarea', parentId: area.id, text: 'Bathroom\nBalcony' });
    expect(sub.json().data).toEqual({ created: 2, skipped: [] });
  });
});

describe('GET /api/projects/:projectId/areas/:areaId', () => {
  it('shows the images, the parent and the markers of the plan (unplaced ones without x/y)', async () => {
    const p = await smallProject();
    const plan = await createMediaRow(tdb.db, { width: 1600, height: 900 });
    await tdb.db.orm.update(projectAreas).set({ planMediaId: plan }).where(eq(projectAreas.id, p.areaId));
    const sub10 = await createAreaRow(tdb.db, p.projectId, {
      kind: 'subarea',
      parentId: p.areaId,
      number: '10',
      name: 'Balcony',
    });
    await tdb.db.orm.update(projectAreas).set({ planX: 0.5, planY: 0.25 }).where(eq(projectAreas.id, sub10.id));
    const task = await createTaskRow(tdb.db, p.projectId, p.areaId, { name: 'Fit wardrobe' });
    await createTaskRow(tdb.db, p.projectId, p.subareaId, { name: 'Tiles' });

    const res = await viewer.get(areaUrl(p.projectId, p.areaId));
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({
      id: p.areaId,
      parent: { id: p.deckId, name: 'Deck 5', kind: 'deck' },
      hasPlan: true,
      plan: { id: plan, width: 1600, height: 900, url: `/api/media/${plan}/original` },
      thumbnail: null,
      childrenCount: 2,
      completion: { tasksTotal: 2 },
    });
    expect(a.markers).toEqual([
      { type: 'area', id: p.subareaId, label: '1', status: 'open', x: null, y: null },
      { type: 'area', id: sub10.id, label: '10', status: 'open', x: 0.5, y: 0.25 },
      { type: 'task', id: task.id, label: 'Fit wardrobe', status: 'pending', x: null, y: null },
    ]);
    // A deck's markers are its areas; a sub-area's its tasks.
    const deck = (await viewer.get(areaUrl(p.projectId, p.deckId))).json().data;
    expect(deck.markers).toEqual([{ type: 'area', id: p.areaId, label: '5001', status: 'open', x: null, y: null }]);
    expect(deck.completion).toMatchObject({ tasksTotal: 2 });
    const sub = (await viewer.get(areaUrl(p.projectId, p.subareaId))).json().data;
    expect(sub.markers).toMatchObject([{ type: 'task', label: 'Tiles' }]);
    expect(sub.parent).toEqual({ id: p.areaId, name: 'Cabin 5001', kind: 'area' });
  });

  it('lists the sub-areas of an area in number order', async () => {
    const p = await smallProject();
    const s12 = await createAreaRow(tdb.db, p.projectId, { kind: 'subarea', parentId: p.areaId, number: '12', name: 'Twelve' });
    const s2 = await createAreaRow(tdb.db, p.projectId, { kind: 'subarea', parentId: p.areaId, number: '2', name: 'Two' });
    const task = await createTaskRow(tdb.db, p.projectId, s2.id, { status: 'completed' });
    await createSubtaskRow(tdb.db, p.projectId, task.id, { status: 'closed' });
    const res = await viewer.get(`${areaUrl(p.projectId, p.areaId)}/subareas`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((s: { id: number }) => s.id)).toEqual([p.subareaId, s2.id, s12.id]);
    expect(res.json().data[1]).toMatchObject({ completion: { tasksDone: 1, tasksTotal: 1, subtasksDone: 1, subtasksTotal: 1 } });
    expect((await viewer.get(`${areaUrl(p.projectId, p.subareaId)}/subareas`)).json().data).toEqual([]);
  });
});

describe('PATCH and DELETE /api/projects/:projectId/areas/:areaId', () => {
  it('changes an area with its version; moving it to another deck takes it off the old plan', async () => {
    const p = await smallProject();
    const deck6 = await createAreaRow(tdb.db, p.projectId, { kind: 'deck', number: '6', name: 'Deck 6' });
    await tdb.db.orm.update(projectAreas).set({ planX: 0.1, planY: 0.2 }).where(eq(projectAreas.id, p.areaId));
    const same = await manager.patch(areaUrl(p.projectId, p.areaId), {
      parentId: p.deckId,
      number: '5001',
      name: 'Cabin 5001 (owner)',
      areaType: 'Suite',
      version: 1,
    });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ name: 'Cabin 5001 (owner)', areaType: 'Suite', version: 2, planX: 0.1, planY: 0.2 });
    const moved = await manager.patch(areaUrl(p.projectId, p.areaId), {
      parentId: deck6.id,
      number: '6001',
      name: 'Cabin 6001',
      version: 2,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({
      parentId: deck6.id,
      number: '6001',
      version: 3,
      planX: null,
      planY: null,
      areaType: '',
    });
    expect(await stored(p.areaId)).toMatchObject({ parentId: deck6.id, name: 'Cabin 6001', version: 3, planX: null });
    expect(await auditRows(tdb.db, 'area.updated', eq(auditLog.subjectId, String(p.areaId)))).toHaveLength(2);

    const stale = await manager.patch(areaUrl(p.projectId, p.areaId), { parentId: null, name: 'Stale', version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const bad = await manager.patch(areaUrl(p.projectId, p.areaId), { parentId: p.subareaId, name: 'X', version: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.parentId).toEqual({ code: 'not_found' });
    const deckParent = await manager.patch(areaUrl(p.projectId, p.deckId), { parentId: deck6.id, name: 'X', version: 1 });
    expect(deckParent.json().fieldErrors.parentId).toEqual({ code: 'not_allowed' });
    await createAreaRow(tdb.db, p.projectId, { kind: 'area', number: '7001', name: 'Other' });
    const taken = await manager.patch(areaUrl(p.projectId, p.areaId), { parentId: null, number: '7001', name: 'X', version: 3 });
    expect(taken.json().fieldErrors.number).toEqual({ code: 'number_taken' });
    const kind = await manager.patch(areaUrl(p.projectId, p.areaId), { kind: 'deck', parentId: null, name: 'X', version: 3 });
    expect(kind.json().fieldErrors.kind).toEqual({ code: 'unknown_field' });
    expect(await stored(p.areaId)).toMatchObject({ name: 'Cabin 6001', version: 3 });
  });

  it('deletes an area with its sub-areas, tasks, sub-tasks and order lines; the feed keeps its rows', async () => {
    const p = await smallProject();
    const task = await createTaskRow(tdb.db, p.projectId, p.subareaId);
    const subtask = await createSubtaskRow(tdb.db, p.projectId, task.id);
    const product = await createProduct(tdb.db);
    await tdb.db.orm
      .insert(orderLines)
      .values({ subtaskId: subtask.id, projectId: p.projectId, productId: product.id, quantity: 2 });
    const done = await manager.post(`${areaUrl(p.projectId, p.areaId)}/complete`, { version: 1 });
    expect(done.statusCode).toBe(200);

    const stale = await manager.delete(`${areaUrl(p.projectId, p.areaId)}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await manager.delete(areaUrl(p.projectId, p.areaId))).statusCode).toBe(400);
    const res = await manager.delete(`${areaUrl(p.projectId, p.areaId)}?version=2`);
    expect(res.statusCode).toBe(204);
    expect(await stored(p.areaId)).toBeNull();
    expect(await stored(p.subareaId)).toBeNull();
    expect(await stored(p.deckId)).not.toBeNull();
    expect(await tdb.db.orm.select().from(tasks).where(eq(tasks.id, task.id))).toHaveLength(0);
    expect(await tdb.db.orm.select().from(subtasks).where(eq(subtasks.id, subtask.id))).toHaveLength(0);
    expect(await tdb.db.orm.select().from(orderLines).where(eq(orderLines.subtaskId, subtask.id))).toHaveLength(0);
    expect(await feedRows(p.areaId)).toMatchObject([{ kind: 'area.completed', subjectName: 'Cabin 5001', areaId: null }]);
    const audits = await auditRows(tdb.db, 'area.deleted', eq(auditLog.subjectId, String(p.areaId)));
    expect(audits[0]).toMatchObject({ accountId: managerAccountId, data: { kind: 'area', number: '5001', name: 'Cabin 5001' } });
  });

  it('keeps the areas of a deleted project read-only (409 PROJECT_DELETED)', async () => {
    const p = await createProjectRow(tdb.db, { deleted: true });
    const area = await createAreaRow(tdb.db, p.id, { kind: 'area', name: 'Galley' });
    const sub = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: area.id, name: 'Corner' });
    const one = areaUrl(p.id, area.id);
    for (const [method, url, body] of [
      ['PATCH', one, { parentId: null, name: 'X', version: 1 }],
      ['DELETE', `${one}?version=1`, undefined],
      ['POST', `${one}/complete`, { version: 1 }],
      ['PATCH', `${one}/markers`, { type: 'area', id: sub.id, left: 1, top: 1, width: 2, height: 2 }],
    ] as const) {
      const res = await manager.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(409);
      expect(res.json().code).toBe('PROJECT_DELETED');
    }
    expect(await stored(area.id)).toMatchObject({ name: 'Galley', version: 1, status: 'open' });
    expect(await stored(sub.id)).toMatchObject({ planX: null });
  });
});

describe('complete and reopen', () => {
  it('completes and reopens with a feed row each, written with the change', async () => {
    const p = await smallProject();
    const done = await manager.post(`${areaUrl(p.projectId, p.areaId)}/complete`, { version: 1 });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'completed',
      version: 2,
      abilities: { canComplete: false, canReopen: true, reasons: { canComplete: 'AREA_COMPLETED' } },
    });
    expect(await stored(p.areaId)).toMatchObject({ status: 'completed', completedAt: t.clock() });
    expect(await feedRows(p.areaId)).toMatchObject([
      {
        projectId: p.projectId,
        kind: 'area.completed',
        subjectType: 'area',
        subjectName: 'Cabin 5001',
        areaId: p.areaId,
        accountId: managerAccountId,
        companyId: null,
        data: { kind: 'area', number: '5001' },
      },
    ]);
    const again = await manager.post(`${areaUrl(p.projectId, p.areaId)}/complete`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('AREA_COMPLETED');
    const stale = await manager.post(`${areaUrl(p.projectId, p.areaId)}/reopen`, { version: 1 });
    expect(stale.json().code).toBe('STALE_VERSION');

    const reopened = await manager.post(`${areaUrl(p.projectId, p.areaId)}/reopen`, { version: 2 });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'open', version: 3 });
    expect(await stored(p.areaId)).toMatchObject({ status: 'open', completedAt: null });
    expect((await feedRows(p.areaId)).map((r) => r.kind).sort()).toEqual(['area.completed', 'area.opened']);
    const open = await manager.post(`${areaUrl(p.projectId, p.areaId)}/reopen`, { version: 3 });
    expect(open.json().code).toBe('AREA_OPEN');
    expect(await feedRows(p.areaId)).toHaveLength(2);
    expect(await auditRows(tdb.db, 'area.completed', eq(auditLog.subjectId, String(p.areaId)))).toHaveLength(1);
    expect(await auditRows(tdb.db, 'area.reopened', eq(auditLog.subjectId, String(p.areaId)))).toHaveLength(1);
    const bad = await manager.post(`${areaUrl(p.projectId, p.areaId)}/complete`, {});
    expect(bad.json().fieldErrors.version).toMatchObject({ code: 'required' });
  });

  it('rolls the feed row back with the change when a later write of the transaction fails', async () => {
    const p = await smallProject();
    // The audit row is written after the status and the feed row: make it fail.
    await tdb.db.orm.execute(
      sql.raw(`ALTER TABLE audit_log ADD CONSTRAINT test_no_area_completed CHECK (event <> 'area.completed') NOT VALID`),
    );
    try {
      const res = await manager.post(`${areaUrl(p.projectId, p.areaId)}/complete`, { version: 1 });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong', requestId: expect.any(String) });
    } finally {
      await tdb.db.orm.execute(sql.raw('ALTER TABLE audit_log DROP CONSTRAINT test_no_area_completed'));
    }
    expect(await stored(p.areaId)).toMatchObject({ status: 'open', version: 1, completedAt: null });
    expect(await feedRows(p.areaId)).toHaveLength(0);
    // The same request succeeds once the audit row can be written, with exactly one feed row.
    expect((await manager.post(`${areaUrl(p.projectId, p.areaId)}/complete`, { version: 1 })).statusCode).toBe(200);
    expect(await feedRows(p.areaId)).toHaveLength(1);
  });
});

describe('PATCH /api/projects/:projectId/areas/:areaId/markers', () => {
  it('stores where a marker was dropped as fractions of the plan and answers them; nothing else changes', async () => {
    const p = await smallProject();
    const before = await stored(p.subareaId);
    const res = await manager.patch(`${areaUrl(p.projectId, p.areaId)}/markers`, {
      type: 'area',
      id: p.subareaId,
      left: 300,
      top: 450,
      width: 1200,
      height: 900,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { x: 0.25, y: 0.5 } });
    expect(await stored(p.subareaId)).toMatchObject({ planX: 0.25, planY: 0.5, version: 1, updatedAt: before?.updatedAt });
    expect(await stored(p.areaId)).toMatchObject({ version: 1 });

    // A task of the area, dropped past the edge: clamped to the plan.
    const task = await createTaskRow(tdb.db, p.projectId, p.areaId);
    const edge = await manager.patch(`${areaUrl(p.projectId, p.areaId)}/markers`, {
      type: 'task',
      id: task.id,
      left: 1300,
      top: 0,
      width: 1200,
      height: 900,
    });
    expect(edge.json()).toEqual({ data: { x: 1, y: 0 } });
    const storedTask = (await tdb.db.orm.select().from(tasks).where(eq(tasks.id, task.id)))[0];
    expect(storedTask).toMatchObject({ planX: 1, planY: 0, version: 1 });
    const shown = (await manager.get(areaUrl(p.projectId, p.areaId))).json().data.markers;
    expect(shown).toContainEqual(expect.objectContaining({ type: 'area', id: p.subareaId, x: 0.25, y: 0.5 }));
    expect(shown).toContainEqual(expect.objectContaining({ type: 'task', id: task.id, x: 1, y: 0 }));
    const audits = await auditRows(tdb.db, 'area.marker-moved', eq(auditLog.subjectId, String(p.areaId)));
    expect(audits).toHaveLength(2);
  });

  it("answers 404 for what is not one of the area's markers, 400 for a bad size", async () => {
    const p = await smallProject();
    const other = await smallProject();
    const deckTask = await createTaskRow(tdb.db, p.projectId, p.deckId);
    const subTask = await createTaskRow(tdb.db, p.projectId, p.subareaId);
    const move = (areaId: number, type: string, id: number) =>
      manager.patch(`${areaUrl(p.projectId, areaId)}/markers`, { type, id, left: 10, top: 10, width: 100, height: 100 });
    for (const [areaId, type, id, code] of [
      [p.areaId, 'area', other.subareaId, 'AREA_NOT_FOUND'], // another area's sub-area
      [p.areaId, 'area', p.areaId, 'AREA_NOT_FOUND'], // itself
      [p.deckId, 'area', p.subareaId, 'AREA_NOT_FOUND'], // a grandchild is not on the deck's plan
      [p.areaId, 'task', subTask.id, 'TASK_NOT_FOUND'], // a task of the sub-area
      [p.deckId, 'task', deckTask.id, 'TASK_NOT_FOUND'], // a deck's plan shows its areas only
      [p.areaId, 'task', 2147483000, 'TASK_NOT_FOUND'],
    ] as const) {
      const res = await move(areaId, type, id);
      expect(res.statusCode, `${type} ${id} on ${areaId}`).toBe(404);
      expect(res.json().code).toBe(code);
    }
    for (const body of [
      { type: 'area', id: p.subareaId, left: 1, top: 1, width: 0, height: 100 },
      { type: 'area', id: p.subareaId, left: -1, top: 1, width: 100, height: 100 },
      { type: 'room', id: p.subareaId, left: 1, top: 1, width: 100, height: 100 },
      { type: 'area', id: p.subareaId, left: 1, top: 1, width: 100 },
    ]) {
      const res = await manager.patch(`${areaUrl(p.projectId, p.areaId)}/markers`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const rows = await tdb.db.orm
      .select()
      .from(projectAreas)
      .where(and(eq(projectAreas.projectId, other.projectId), eq(projectAreas.id, other.subareaId)));
    expect(rows[0]).toMatchObject({ planX: null });
    expect(await stored(p.subareaId)).toMatchObject({ planX: null });
  });
});
