import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { timelineTasks } from '../../db/schema';
import { createAreaRow, createProjectRow, createTaskRow } from '../projects/projects.fixtures';
import { createTimelineTaskRow } from './timeline.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // The test clock: Saturday 21 November 2026, ISO week 2026-W47.
  t = await startTestApp({ db: tdb.db });
  ({ manager, viewer, noPerm, client, acting, anon } = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['articles.view'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage', 'projects.view'] } },
    anon: true,
  }));
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function setup(o: { deleted?: boolean } = {}) {
  const project = await createProjectRow(tdb.db, { deleted: o.deleted ?? false });
  const deck = await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '5', name: 'Deck 5' });
  const area = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Cabin' });
  const task = await createTaskRow(tdb.db, project.id, area.id, { name: 'Bed plaatsen' });
  return { projectId: project.id, deckId: deck.id, areaId: area.id, taskId: task.id };
}

const url = (p: number, id?: number) => `/api/projects/${p}/timeline${id === undefined ? '' : `/${id}`}`;
const input = (areaId: number, o: Record<string, unknown> = {}) => ({
  title: 'Plafonds',
  notes: '',
  target: { kind: 'area', id: areaId },
  startWeek: '2026-W48',
  weeks: 2,
  ...o,
});
async function stored(id: number) {
  return (await tdb.db.orm.select().from(timelineTasks).where(eq(timelineTasks.id, id)))[0] ?? null;
}
async function count(projectId: number) {
  return (
    await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(timelineTasks).where(eq(timelineTasks.projectId, projectId))
  )[0]?.n;
}

describe('timeline API access', () => {
  it('answers 401 anonymous; 403 without a projects right, to a company user and an employee acting as one; writes 403 to a viewer; nothing changes', async () => {
    const s = await setup();
    const item = await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId });
    const list = [
      { method: 'GET', url: url(s.projectId), read: true },
      { method: 'POST', url: url(s.projectId), body: input(s.areaId) },
      { method: 'PATCH', url: url(s.projectId, item.id), body: { startWeek: '2026-W50', version: 1 } },
      { method: 'DELETE', url: `${url(s.projectId, item.id)}?version=1` },
    ];
    for (const e of list) {
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, `${e.method} ${e.url}`).toBe(401);
    }
    for (const [who, agent] of [
      ['no right', noPerm],
      ['company user', client],
      ['acting employee', acting],
    ] as const) {
      for (const e of list) {
        const res = await agent.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${who}: ${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    for (const e of list) {
      const res = await viewer.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `viewer: ${e.method} ${e.url}`).toBe(e.read ? 200 : 403);
    }
    expect(await stored(item.id)).toMatchObject({ version: 1, startWeek: '2026-11-16' });
    expect(await count(s.projectId)).toBe(1);
  });

  it("the viewer's abilities say what stands in the way", async () => {
    const s = await setup();
    await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId });
    const res = await viewer.get(url(s.projectId));
    expect(res.json().data.abilities).toEqual({ canCreate: false, reasons: { canCreate: 'FORBIDDEN' } });
    expect(res.json().data.items[0].abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'FORBIDDEN' } });
  });

  it('answers 404 for a missing project, a missing item and an item of another project (same body)', async () => {
    const s = await setup();
    const other = await setup();
    const foreign = await createTimelineTaskRow(tdb.db, other.projectId, { areaId: other.areaId });
    const missingProject = await manager.get(url(2147483000));
    expect(missingProject.statusCode).toBe(404);
    expect(missingProject.json().code).toBe('PROJECT_NOT_FOUND');
    expect((await manager.post(url(2147483000), input(s.areaId))).json().code).toBe('PROJECT_NOT_FOUND');
    for (const id of [2147483000, foreign.id]) {
      const patch = await manager.patch(url(s.projectId, id), { weeks: 3, version: 1 });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().code).toBe('TIMELINE_TASK_NOT_FOUND');
      const del = await manager.delete(`${url(s.projectId, id)}?version=1`);
      expect(del.statusCode).toBe(404);
      expect(del.json().code).toBe('TIMELINE_TASK_NOT_FOUND');
    }
    expect(await stored(foreign.id)).toMatchObject({ version: 1, weeks: 1 });
  });
});

describe('GET /api/projects/:projectId/timeline', () => {
  it('lists the items overlapping the window with their labels and weeks, and the areas in tree order', async () => {
    const s = await setup();
    const deck6 = await createAreaRow(tdb.db, s.projectId, { kind: 'deck', number: '6', name: 'Deck 6' });
    const before = await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId, startWeek: '2026-10-26', weeks: 3 });
    await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId, startWeek: '2026-10-26', weeks: 2 }); // ends W45
    const onTask = await createTimelineTaskRow(tdb.db, s.projectId, {
      taskId: s.taskId,
      title: 'Bedden',
      startWeek: '2026-12-28', // 2026-W53
      weeks: 2,
    });
    await createTimelineTaskRow(tdb.db, s.projectId, { areaId: deck6.id, startWeek: '2027-02-15' }); // after the window
    const res = await manager.get(`${url(s.projectId)}?from=2026-W46&weeks=10`);
    expect(res.statusCode).toBe(200);
    const d = res.json().data;
    expect(d).toMatchObject({ from: '2026-W46', weeks: 10, currentWeek: '2026-W47', rowKind: 'areas' });
    expect(d.abilities).toEqual({ canCreate: true, reasons: {} });
    expect(d.rows).toEqual([
      { kind: 'area', id: s.deckId, label: '5 · Deck 5', depth: 0 },
      { kind: 'area', id: s.areaId, label: '5001 · Cabin', depth: 1 },
      { kind: 'area', id: deck6.id, label: '6 · Deck 6', depth: 0 },
    ]);
    expect(d.items.map((i: { id: number }) => i.id)).toEqual([before.id, onTask.id]);
    expect(d.items[0]).toMatchObject({
      target: { kind: 'area', id: s.areaId, label: '5001 · Cabin' },
      startWeek: '2026-W44',
      endWeek: '2026-W46',
      weeks: 3,
      version: 1,
      abilities: { canEdit: true, canDelete: true },
    });
    expect(d.items[1]).toMatchObject({
      title: 'Bedden',
      target: { kind: 'task', id: s.taskId, label: 'Bed plaatsen (5001 · Cabin)' },
      startWeek: '2026-W53',
      endWeek: '2027-W01',
      startYear: 2026,
      startWeekNumber: 53,
      endYear: 2027,
      endWeekNumber: 1,
    });
  });

  it('defaults to 12 weeks from the current week; rows=tasks lists the tasks', async () => {
    const s = await setup();
    const res = await manager.get(`${url(s.projectId)}?rows=tasks`);
    expect(res.json().data).toMatchObject({ from: '2026-W47', weeks: 12, rowKind: 'tasks' });
    expect(res.json().data.rows).toEqual([{ kind: 'task', id: s.taskId, label: 'Bed plaatsen (5001 · Cabin)', depth: 0 }]);
  });

  it('400 with field errors for a week that does not exist and bad query values', async () => {
    const s = await setup();
    for (const q of ['from=2027-W53', 'from=2026-W00', 'from=2026-48', 'weeks=0', 'weeks=53', 'rows=x', 'extra=1']) {
      const res = await manager.get(`${url(s.projectId)}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json().fieldErrors).length, q).toBeGreaterThan(0);
    }
    expect((await manager.get(`${url(s.projectId)}?from=2027-W53`)).json().fieldErrors).toEqual({
      'querystring.from': { code: 'week_invalid' },
    });
    expect((await manager.get(`${url(s.projectId)}?from=2026-W53`)).statusCode).toBe(200);
  });

  it('400 week_invalid for a year the app does not accept, or a window that would end past it', async () => {
    const s = await setup();
    for (const from of ['0050-W10', '0001-W01', '1899-W52', '3000-W01', '9999-W40']) {
      const res = await manager.get(`${url(s.projectId)}?from=${from}&weeks=52`);
      expect(res.statusCode, from).toBe(400);
      expect(res.json().fieldErrors, from).toEqual({ 'querystring.from': { code: 'week_invalid' } });
    }
    const past = await manager.get(`${url(s.projectId)}?from=2999-W50&weeks=12`);
    expect(past.statusCode).toBe(400);
    expect(past.json().fieldErrors).toEqual({ 'querystring.weeks': { code: 'week_invalid' } });
    const edge = await manager.get(`${url(s.projectId)}?from=2999-W41&weeks=12`);
    expect(edge.statusCode).toBe(200);
    expect(edge.json().data).toMatchObject({ from: '2999-W41', weeks: 12 });
    expect((await manager.get(`${url(s.projectId)}?from=1900-W01&weeks=52`)).statusCode).toBe(200);
  });

  it('a deleted project is read-only', async () => {
    const s = await setup({ deleted: true });
    const item = await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId });
    const res = await manager.get(url(s.projectId));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.abilities.reasons.canCreate).toBe('PROJECT_DELETED');
    expect(res.json().data.items[0].abilities.reasons.canEdit).toBe('PROJECT_DELETED');
    const post = await manager.post(url(s.projectId), input(s.areaId));
    expect(post.statusCode).toBe(409);
    expect(post.json().code).toBe('PROJECT_DELETED');
    const patch = await manager.patch(url(s.projectId, item.id), { weeks: 3, version: 1 });
    expect(patch.json().code).toBe('PROJECT_DELETED');
    expect((await manager.delete(`${url(s.projectId, item.id)}?version=1`)).json().code).toBe('PROJECT_DELETED');
    expect(await count(s.projectId)).toBe(1);
  });

  it('costs the same number of statements for 3 items as for 30 (no N+1)', async () => {
    const small = await setup();
    const large = await setup();
    for (let i = 0; i < 3; i++) await createTimelineTaskRow(tdb.db, small.projectId, { areaId: small.areaId });
    for (let i = 0; i < 30; i++) {
      const area = await createAreaRow(tdb.db, large.projectId, { number: `60${String(i).padStart(2, '0')}` });
      const task = await createTaskRow(tdb.db, large.projectId, area.id);
      await createTimelineTaskRow(tdb.db, large.projectId, i % 2 ? { areaId: area.id } : { taskId: task.id });
    }
    for (const rows of ['areas', 'tasks']) {
      const q = `?from=2026-W45&rows=${rows}`;
      await manager.get(url(small.projectId) + q);
      const a = await countQueries(tdb.db, () => manager.get(url(small.projectId) + q));
      const b = await countQueries(tdb.db, () => manager.get(url(large.projectId) + q));
      expect(a.result.json().data.items).toHaveLength(3);
      expect(b.result.json().data.items).toHaveLength(30);
      expect(b.count).toBe(a.count);
      expect(a.count).toBeLessThanOrEqual(4); // the session, the project, the items, the rows
    }
  });
});

describe('POST /api/projects/:projectId/timeline', () => {
  it('plans an item on an area, stores the Monday of its first week and audits it', async () => {
    const s = await setup();
    const res = await manager.post(url(s.projectId), input(s.areaId, { notes: ' Eerst dek 5 ' }));
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ title: 'Plafonds', notes: 'Eerst dek 5', startWeek: '2026-W48', endWeek: '2026-W49', version: 1 });
    expect(await stored(d.id)).toMatchObject({
      projectId: s.projectId,
      areaId: s.areaId,
      taskId: null,
      startWeek: '2026-11-23',
      weeks: 2,
    });
    expect(await auditRows(tdb.db, 'timeline_task.created', eq(sql`subject_id`, String(d.id)))).toHaveLength(1);
  });

  it('plans an item on a task in week 53, across New Year', async () => {
    const s = await setup();
    const res = await manager.post(
      url(s.projectId),
      input(s.areaId, { target: { kind: 'task', id: s.taskId }, startWeek: '2026-W53', weeks: 2 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ startWeek: '2026-W53', endWeek: '2027-W01', target: { kind: 'task', id: s.taskId } });
    expect(await stored(res.json().data.id)).toMatchObject({ startWeek: '2026-12-28', areaId: null, taskId: s.taskId });
  });

  it("400 with field errors for bad input, a week that does not exist and another project's area or task; nothing stored", async () => {
    const s = await setup();
    const other = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [input(s.areaId, { startWeek: '2027-W53' }), 'startWeek'],
      [input(s.areaId, { startWeek: '2026-W54' }), 'startWeek'],
      [input(s.areaId, { startWeek: { year: 2026, week: 5 } }), 'startWeek'],
      [input(s.areaId, { title: '  ' }), 'title'],
      [input(s.areaId, { weeks: 0 }), 'weeks'],
      [input(s.areaId, { weeks: 105 }), 'weeks'],
      [input(s.areaId, { target: { kind: 'deck', id: s.areaId } }), 'target.kind'],
      [input(other.areaId), 'target'],
      [input(s.areaId, { target: { kind: 'task', id: other.taskId } }), 'target'],
      [input(s.areaId, { target: { kind: 'area', id: 2147483000 } }), 'target'],
    ];
    for (const [body, field] of cases) {
      const res = await manager.post(url(s.projectId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(
      (await manager.post(url(s.projectId), input(s.areaId, { startWeek: '2027-W53' }))).json().fieldErrors.startWeek,
    ).toEqual({
      code: 'week_invalid',
    });
    expect(await count(s.projectId)).toBe(0);
  });

  it('400 week_invalid for a year the app does not accept, or a bar that would end past it; nothing stored', async () => {
    const s = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [input(s.areaId, { startWeek: '0050-W10' }), 'startWeek'],
      [input(s.areaId, { startWeek: '1899-W52' }), 'startWeek'],
      [input(s.areaId, { startWeek: '9999-W52', weeks: 2 }), 'startWeek'],
      [input(s.areaId, { startWeek: '2999-W52', weeks: 2 }), 'weeks'],
      [input(s.areaId, { startWeek: '2998-W02', weeks: 104 }), 'weeks'],
    ];
    for (const [body, field] of cases) {
      const res = await manager.post(url(s.projectId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(body)).toEqual({ [field]: { code: 'week_invalid' } });
    }
    expect(await count(s.projectId)).toBe(0);
    const last = await manager.post(url(s.projectId), input(s.areaId, { startWeek: '2999-W51', weeks: 2 }));
    expect(last.statusCode).toBe(201);
    expect(last.json().data).toMatchObject({ startWeek: '2999-W51', endWeek: '2999-W52' });
  });
});

describe('PATCH /api/projects/:projectId/timeline/:timelineTaskId', () => {
  it('moves an item across New Year, resizes it and moves it to a task; each change bumps the version', async () => {
    const s = await setup();
    const item = await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId, startWeek: '2026-12-21', weeks: 1 });
    const moved = await manager.patch(url(s.projectId, item.id), { startWeek: '2027-W01', version: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ startWeek: '2027-W01', endWeek: '2027-W01', version: 2 });
    expect(await stored(item.id)).toMatchObject({ startWeek: '2027-01-04', weeks: 1, version: 2 });

    const resized = await manager.patch(url(s.projectId, item.id), { weeks: 4, version: 2 });
    expect(resized.json().data).toMatchObject({ startWeek: '2027-W01', endWeek: '2027-W04', weeks: 4, version: 3 });

    const retargeted = await manager.patch(url(s.projectId, item.id), {
      target: { kind: 'task', id: s.taskId },
      title: 'Bedden',
      notes: 'Met kraan',
      startWeek: '2026-W52',
      version: 3,
    });
    expect(retargeted.json().data).toMatchObject({
      title: 'Bedden',
      notes: 'Met kraan',
      startWeek: '2026-W52',
      endWeek: '2027-W02',
    });
    expect(await stored(item.id)).toMatchObject({
      areaId: null,
      taskId: s.taskId,
      startWeek: '2026-12-21',
      weeks: 4,
      version: 4,
    });
    expect(await auditRows(tdb.db, 'timeline_task.updated', eq(sql`subject_id`, String(item.id)))).toHaveLength(3);
  });

  it("409 STALE_VERSION for an old version; 400 for a week that does not exist or another project's area; nothing changes", async () => {
    const s = await setup();
    const other = await setup();
    const item = await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId });
    const stale = await manager.patch(url(s.projectId, item.id), { weeks: 2, version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const badWeek = await manager.patch(url(s.projectId, item.id), { startWeek: '2027-W53', version: 1 });
    expect(badWeek.statusCode).toBe(400);
    expect(badWeek.json().fieldErrors.startWeek).toEqual({ code: 'week_invalid' });
    const foreignArea = await manager.patch(url(s.projectId, item.id), {
      target: { kind: 'area', id: other.areaId },
      version: 1,
    });
    expect(foreignArea.statusCode).toBe(400);
    expect(foreignArea.json().fieldErrors.target).toEqual({ code: 'not_found' });
    expect((await manager.patch(url(s.projectId, item.id), { weeks: 2 })).json().fieldErrors.version).toBeDefined();
    const farYear = await manager.patch(url(s.projectId, item.id), { startWeek: '0050-W10', version: 1 });
    expect(farYear.statusCode).toBe(400);
    expect(farYear.json().fieldErrors).toEqual({ startWeek: { code: 'week_invalid' } });
    // The end counts too: with the weeks sent, or with the weeks the item already has.
    for (const body of [
      { startWeek: '2999-W50', weeks: 4, version: 1 },
      { startWeek: '2999-W52', weeks: 2, version: 1 },
    ]) {
      const res = await manager.patch(url(s.projectId, item.id), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors, JSON.stringify(body)).toEqual({ weeks: { code: 'week_invalid' } });
    }
    const long = await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId, weeks: 3 });
    const moveLong = await manager.patch(url(s.projectId, long.id), { startWeek: '2999-W51', version: 1 });
    expect(moveLong.statusCode).toBe(400);
    expect(moveLong.json().fieldErrors).toEqual({ weeks: { code: 'week_invalid' } });
    expect(await stored(long.id)).toMatchObject({ version: 1, weeks: 3, startWeek: '2026-11-16' });
    expect(await stored(item.id)).toMatchObject({ version: 1, weeks: 1, areaId: s.areaId, startWeek: '2026-11-16' });
  });
});

describe('DELETE /api/projects/:projectId/timeline/:timelineTaskId', () => {
  it('deletes with the version; 409 when stale; audits', async () => {
    const s = await setup();
    const item = await createTimelineTaskRow(tdb.db, s.projectId, { areaId: s.areaId });
    const stale = await manager.delete(`${url(s.projectId, item.id)}?version=2`);
    expect(stale.statusCode).toBe(409);
    expect(await stored(item.id)).not.toBeNull();
    const res = await manager.delete(`${url(s.projectId, item.id)}?version=1`);
    expect(res.statusCode).toBe(204);
    expect(await stored(item.id)).toBeNull();
    expect(await auditRows(tdb.db, 'timeline_task.deleted', eq(sql`subject_id`, String(item.id)))).toHaveLength(1);
  });
});
