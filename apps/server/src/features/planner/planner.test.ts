import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { employees, plannerEntries, projects } from '../../db/schema';
import { createProjectRow } from '../projects/projects.fixtures';
import { createPlannerEntryRow } from './planner.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let planner: Agent;
let viewer: Agent;
let worker: Agent;
let workerId: number;
let otherId: number;
let client: Agent;
let acting: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // The test clock: Saturday 21 November 2026 (week 47); "this week" starts Monday 16 November.
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      planner: { permissions: ['planner.manage'] },
      viewer: { permissions: ['planner.view'] },
      worker: { permissions: ['articles.view'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'planner.manage', 'planner.view'] } },
    anon: true,
  });
  ({ planner, viewer, worker, client, acting, anon } = cast);
  workerId = cast.worker.fx.employeeId;
  otherId = (await createEmployee(tdb.db, { permissions: [] })).employeeId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const WINDOW = '?from=2026-11-23&to=2026-11-30';
// Confirmed: these tests plan the same person often; the conflicts are proven in availability.test.ts.
const input = (projectId: number, o: Record<string, unknown> = {}) => ({
  confirm: true,
  employeeId: workerId,
  projectId,
  start: '2026-11-24T08:00',
  end: '2026-11-24T16:30',
  ...o,
});
async function stored(id: number) {
  const rows = await tdb.db.orm
    .select({
      employeeId: plannerEntries.employeeId,
      projectId: plannerEntries.projectId,
      start: sql<string>`to_char(${plannerEntries.startsAt}, 'YYYY-MM-DD"T"HH24:MI')`,
      end: sql<string>`to_char(${plannerEntries.endsAt}, 'YYYY-MM-DD"T"HH24:MI')`,
      allDay: plannerEntries.allDay,
      version: plannerEntries.version,
    })
    .from(plannerEntries)
    .where(eq(plannerEntries.id, id));
  return rows[0] ?? null;
}
async function countFor(projectId: number) {
  const rows = await tdb.db.orm
    .select({ n: sql<number>`count(*)::int` })
    .from(plannerEntries)
    .where(eq(plannerEntries.projectId, projectId));
  return rows[0]?.n;
}
const ids = (res: { json: () => { data: { entries: { id: number }[] } } }) => res.json().data.entries.map((e) => e.id);

describe('planner API access', () => {
  it('answers 401 anonymous; 403 without a planner right, to a company user and an acting employee; writes 403 to a viewer; nothing changes', async () => {
    const p = await createProjectRow(tdb.db);
    const e = await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: p.id });
    const list = [
      { method: 'GET', url: `/api/planner${WINDOW}`, read: true },
      { method: 'GET', url: '/api/planner/options', read: true },
      { method: 'GET', url: `/api/planner/${e.id}`, read: true },
      { method: 'POST', url: '/api/planner', body: input(p.id) },
      { method: 'PATCH', url: `/api/planner/${e.id}`, body: { start: '2026-11-25T08:00', end: '2026-11-25T16:30', version: 1 } },
      { method: 'DELETE', url: `/api/planner/${e.id}?version=1` },
    ];
    for (const r of [...list, { method: 'GET', url: '/api/planner/mine' }]) {
      expect((await anon.request(r.method, r.url, { body: r.body })).statusCode, `${r.method} ${r.url}`).toBe(401);
    }
    for (const [who, agent] of [
      ['no planner right', worker],
      ['company user', client],
      ['acting employee', acting],
    ] as const) {
      for (const r of list) {
        const res = await agent.request(r.method, r.url, { body: r.body });
        expect(res.statusCode, `${who}: ${r.method} ${r.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    for (const who of [client, acting]) expect((await who.get('/api/planner/mine')).statusCode).toBe(403);
    for (const r of list) {
      const res = await viewer.request(r.method, r.url, { body: r.body });
      expect(res.statusCode, `viewer: ${r.method} ${r.url}`).toBe(r.read ? 200 : 403);
    }
    expect(await stored(e.id)).toMatchObject({ start: '2026-11-24T08:00', version: 1 });
    expect(await countFor(p.id)).toBe(1);
  });

  it("the viewer's abilities say what stands in the way; the planner's allow", async () => {
    const p = await createProjectRow(tdb.db);
    await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: p.id });
    const v = (await viewer.get(`/api/planner${WINDOW}&projects=${p.id}`)).json().data;
    expect(v.abilities).toEqual({ canCreate: false, reasons: { canCreate: 'FORBIDDEN' } });
    expect(v.entries[0].abilities).toEqual({
      canEdit: false,
      canDelete: false,
      reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' },
    });
    const m = (await planner.get(`/api/planner${WINDOW}&projects=${p.id}`)).json().data;
    expect(m.abilities).toEqual({ canCreate: true, reasons: {} });
    expect(m.entries[0].abilities).toEqual({ canEdit: true, canDelete: true, reasons: {} });
  });

  it('answers 404 for a missing entry, the same body for every method', async () => {
    for (const [method, u, body] of [
      ['GET', '/api/planner/2147483000', undefined],
      ['PATCH', '/api/planner/2147483000', { notes: 'x', version: 1 }],
      ['DELETE', '/api/planner/2147483000?version=1', undefined],
    ] as const) {
      const res = await planner.request(method, u, { body });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PLANNER_ENTRY_NOT_FOUND');
    }
  });
});

describe('my planning (the home screen)', () => {
  it('shows an employee without planner rights only their own entries, this week and the next by default', async () => {
    // A person of their own: the other tests plan the shared worker too.
    const me = await createEmployee(tdb.db, { permissions: ['articles.view'] });
    const meAgent = t.agent();
    await meAgent.login(me.email, me.password);
    const p = await createProjectRow(tdb.db, { name: 'Eigen werk' });
    const mine = await createPlannerEntryRow(tdb.db, {
      employeeId: me.employeeId,
      projectId: p.id,
      start: '2026-11-27T07:00',
      end: '2026-11-27T15:00',
    });
    const nextWeek = await createPlannerEntryRow(tdb.db, {
      employeeId: me.employeeId,
      projectId: p.id,
      start: '2026-11-23T00:00',
      end: '2026-11-28T00:00',
      allDay: true,
    });
    const later = await createPlannerEntryRow(tdb.db, {
      employeeId: me.employeeId,
      projectId: p.id,
      start: '2026-12-01T08:00',
      end: '2026-12-01T12:00',
    });
    const someoneElse = await createPlannerEntryRow(tdb.db, { employeeId: otherId, projectId: p.id, start: '2026-11-24T08:00' });
    const res = await meAgent.get('/api/planner/mine');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: '2026-11-16', to: '2026-11-30', truncated: false });
    expect(data.entries.map((e: { id: number }) => e.id)).toEqual([nextWeek.id, mine.id]);
    expect(data.entries[1]).toMatchObject({
      employee: { id: me.employeeId },
      project: { id: p.id, name: 'Eigen werk' },
      start: '2026-11-27T07:00',
      end: '2026-11-27T15:00',
      allDay: false,
      abilities: { canEdit: false },
    });
    expect(ids(await meAgent.get('/api/planner/mine?from=2026-11-30&to=2026-12-07'))).toEqual([later.id]);
    // Another person's entry is not found for them, and not in any window.
    expect((await meAgent.get(`/api/planner/${someoneElse.id}`)).statusCode).toBe(403);
  });

  it('refuses a window that is backwards, too wide or half given', async () => {
    for (const q of [
      'from=2026-11-30&to=2026-11-23',
      'from=2026-01-01&to=2026-12-31',
      'from=2026-11-30',
      'from=2026-02-30&to=2026-03-02',
    ]) {
      const res = await worker.get(`/api/planner/mine?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });
});

describe('planner list', () => {
  it('answers the entries overlapping the window by start, filtered by people and projects', async () => {
    const p = await createProjectRow(tdb.db, { name: 'Filter A' });
    const q = await createProjectRow(tdb.db, { name: 'Filter B' });
    const before = await createPlannerEntryRow(tdb.db, {
      employeeId: workerId,
      projectId: p.id,
      start: '2026-11-20T08:00',
      end: '2026-11-20T16:00',
    });
    const across = await createPlannerEntryRow(tdb.db, {
      employeeId: workerId,
      projectId: p.id,
      start: '2026-11-16T00:00',
      end: '2026-11-24T00:00',
      allDay: true,
    });
    const a = await createPlannerEntryRow(tdb.db, {
      employeeId: otherId,
      projectId: p.id,
      start: '2026-11-25T08:00',
      end: '2026-11-25T12:00',
    });
    const b = await createPlannerEntryRow(tdb.db, {
      employeeId: workerId,
      projectId: q.id,
      start: '2026-11-24T08:00',
      end: '2026-11-24T12:00',
    });
    const edge = await createPlannerEntryRow(tdb.db, {
      employeeId: workerId,
      projectId: q.id,
      start: '2026-11-30T00:00',
      end: '2026-11-30T08:00',
    });
    const both = `&projects=${p.id},${q.id}`;
    expect(ids(await viewer.get(`/api/planner${WINDOW}${both}`))).toEqual([across.id, b.id, a.id]);
    expect(ids(await viewer.get(`/api/planner${WINDOW}${both}&employees=${workerId}`))).toEqual([across.id, b.id]);
    expect(ids(await viewer.get(`/api/planner${WINDOW}&projects=${q.id}`))).toEqual([b.id]);
    expect(ids(await viewer.get(`/api/planner?from=2026-11-20&to=2026-11-21${both}`))).toEqual([across.id, before.id]);
    expect(ids(await viewer.get(`/api/planner?from=2026-11-30&to=2026-12-01${both}`))).toEqual([edge.id]);
  });

  it('leaves out entries of deleted projects and deleted people; a project keeps its colour or gets one from the palette', async () => {
    const gone = await createProjectRow(tdb.db, { deleted: true });
    const coloured = await createProjectRow(tdb.db);
    await tdb.db.orm.update(projects).set({ color: '#123456' }).where(eq(projects.id, coloured.id));
    const leaver = (await createEmployee(tdb.db, { permissions: [] })).employeeId;
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, leaver));
    await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: gone.id });
    await createPlannerEntryRow(tdb.db, { employeeId: leaver, projectId: coloured.id });
    const kept = await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: coloured.id });
    const res = await viewer.get(`/api/planner${WINDOW}&projects=${gone.id},${coloured.id}`);
    expect(ids(res)).toEqual([kept.id]);
    expect(res.json().data.entries[0].project.color).toBe('#123456');
    const opts = (await viewer.get('/api/planner/options')).json().data;
    expect(opts.projects.find((o: { id: number }) => o.id === gone.id)).toBeUndefined();
    expect(opts.projects.find((o: { id: number }) => o.id === coloured.id)).toMatchObject({ color: '#123456', archived: false });
    expect(opts.employees.find((o: { id: number }) => o.id === leaver)).toBeUndefined();
    expect(opts.employees.find((o: { id: number }) => o.id === workerId)).toBeDefined();
    // The crew who never sign in are planned too.
    const [crew] = await tdb.db.orm
      .insert(employees)
      .values({ firstName: 'Joris', lastName: 'Bakker', function: 'Monteur' })
      .returning({ id: employees.id });
    const again = (await viewer.get('/api/planner/options')).json().data;
    expect(again.employees).toContainEqual({ id: crew?.id, name: 'Joris Bakker', function: 'Monteur' });
  });

  it('refuses a bad window with 400: backwards, wider than 182 days, not a date, an unknown parameter', async () => {
    for (const q of [
      'from=2026-11-30&to=2026-11-23',
      'from=2026-11-23&to=2026-11-23',
      'from=2026-01-01&to=2026-12-31',
      'from=2026-13-01&to=2026-12-31',
      'from=2026-11-23',
      'from=2026-11-23&to=2026-11-30&employees=x',
      'from=2026-11-23&to=2026-11-30&page=2',
    ]) {
      expect((await viewer.get(`/api/planner?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('answers in the same number of statements for 3 entries as for 40', async () => {
    const small = await createProjectRow(tdb.db);
    const large = await createProjectRow(tdb.db);
    for (let i = 0; i < 3; i++) await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: small.id });
    for (let i = 0; i < 40; i++)
      await createPlannerEntryRow(tdb.db, { employeeId: i % 2 ? workerId : otherId, projectId: large.id });
    await viewer.get(`/api/planner${WINDOW}&projects=${small.id}`);
    const a = await countQueries(tdb.db, () => viewer.get(`/api/planner${WINDOW}&projects=${small.id}`));
    const b = await countQueries(tdb.db, () => viewer.get(`/api/planner${WINDOW}&projects=${large.id}`));
    expect(a.result.json().data.entries).toHaveLength(3);
    expect(b.result.json().data.entries).toHaveLength(40);
    expect(b.count).toBe(a.count);
    expect(a.count).toBeLessThanOrEqual(2); // the session, the entries
  });
});

describe('planning people', () => {
  it('creates an entry, answers it as the list shows it and writes an audit row', async () => {
    const p = await createProjectRow(tdb.db, { name: 'Nordic Star refit' });
    const res = await planner.post('/api/planner', input(p.id, { notes: '  Hutten dek 5  ' }));
    expect(res.statusCode).toBe(201);
    const e = res.json().data;
    expect(e).toMatchObject({
      employee: { id: workerId },
      project: { id: p.id, name: 'Nordic Star refit' },
      start: '2026-11-24T08:00',
      end: '2026-11-24T16:30',
      allDay: false,
      notes: 'Hutten dek 5',
      version: 1,
    });
    expect(e.project.color).toMatch(/^#[0-9a-f]{6}$/);
    expect(await stored(e.id)).toMatchObject({ start: '2026-11-24T08:00', end: '2026-11-24T16:30' });
    expect(await auditRows(tdb.db, 'planner_entry.created')).toContainEqual(expect.objectContaining({ subjectId: String(e.id) }));
  });

  it('keeps wall-clock times exactly, also over the summer-time change and for all-day entries', async () => {
    const p = await createProjectRow(tdb.db);
    const dst = await planner.post('/api/planner', input(p.id, { start: '2027-03-28T01:30', end: '2027-03-28T03:30' }));
    expect(dst.json().data).toMatchObject({ start: '2027-03-28T01:30', end: '2027-03-28T03:30' });
    const allDay = await planner.post(
      '/api/planner',
      input(p.id, { start: '2026-12-28T00:00', end: '2027-01-02T00:00', allDay: true }),
    );
    expect(allDay.statusCode).toBe(201);
    expect(await stored(allDay.json().data.id)).toMatchObject({
      start: '2026-12-28T00:00',
      end: '2027-01-02T00:00',
      allDay: true,
    });
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const p = await createProjectRow(tdb.db);
    const archived = await createProjectRow(tdb.db, { status: 'inactive' });
    const gone = await createProjectRow(tdb.db, { deleted: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ end: '2026-11-24T08:00' }, 'end', 'end_before_start'],
      [{ end: '2026-11-23T08:00' }, 'end', 'end_before_start'],
      [{ end: '2027-11-26T08:00' }, 'end', 'span_too_long'],
      [{ allDay: true }, 'allDay', 'not_whole_days'],
      [{ start: '2026-02-30T08:00' }, 'start', 'date_invalid'],
      [{ start: '2026-11-24T24:00' }, 'start', 'date_invalid'],
      [{ start: '2026-11-24 08:00' }, 'start', 'date_invalid'],
      [{ start: '3000-01-01T08:00', end: '3000-01-01T09:00' }, 'start', 'date_invalid'],
      [{ employeeId: 2147483000 }, 'employeeId', 'not_found'],
      [{ projectId: 2147483000 }, 'projectId', 'not_found'],
      [{ projectId: gone.id }, 'projectId', 'not_found'],
      [{ projectId: archived.id }, 'projectId', 'not_allowed'],
    ];
    for (const [o, field, code] of cases) {
      const res = await planner.post('/api/planner', input(p.id, o));
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, JSON.stringify(o)).toBe(code);
    }
    for (const body of [
      { ...input(p.id), extra: 1 },
      { ...input(p.id), employeeId: '1' },
      { ...input(p.id), notes: 'x'.repeat(2001) },
    ]) {
      expect((await planner.post('/api/planner', body)).statusCode).toBe(400);
    }
    expect(await countFor(p.id)).toBe(0);
    expect(await countFor(archived.id)).toBe(0);
  });

  it('moves and resizes with the version; a stale version is 409; the merged span is checked', async () => {
    const p = await createProjectRow(tdb.db);
    const { id } = await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: p.id });
    const moved = await planner.patch(`/api/planner/${id}`, {
      employeeId: otherId,
      start: '2026-11-26T09:00',
      end: '2026-11-26T17:30',
      version: 1,
      confirm: true,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toMatchObject({ employee: { id: otherId }, start: '2026-11-26T09:00', version: 2 });
    const stale = await planner.patch(`/api/planner/${id}`, { notes: 'oud', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    // Only the end sent: it must still come after the stored start.
    const before = await planner.patch(`/api/planner/${id}`, { end: '2026-11-25T10:00', version: 2 });
    expect(before.statusCode).toBe(400);
    expect(before.json().fieldErrors.end.code).toBe('end_before_start');
    const resized = await planner.patch(`/api/planner/${id}`, { end: '2026-11-27T17:30', version: 2, confirm: true });
    expect(resized.json().data).toMatchObject({ start: '2026-11-26T09:00', end: '2026-11-27T17:30', version: 3 });
    expect(await stored(id)).toMatchObject({ employeeId: otherId, end: '2026-11-27T17:30', version: 3 });
  });

  it('keeps an entry on a project archived since, but does not move one onto an archived project', async () => {
    const p = await createProjectRow(tdb.db);
    const archived = await createProjectRow(tdb.db, { status: 'inactive' });
    const { id } = await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: archived.id });
    const notes = await planner.patch(`/api/planner/${id}`, { notes: 'nazorg', version: 1 });
    expect(notes.statusCode).toBe(200);
    const other = await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: p.id });
    const onto = await planner.patch(`/api/planner/${other.id}`, { projectId: archived.id, version: 1 });
    expect(onto.statusCode).toBe(400);
    expect(onto.json().fieldErrors.projectId.code).toBe('not_allowed');
  });

  it('deletes with the version: stale is 409 and keeps it; the right version removes it and writes an audit row', async () => {
    const p = await createProjectRow(tdb.db);
    const { id } = await createPlannerEntryRow(tdb.db, { employeeId: workerId, projectId: p.id });
    expect((await planner.delete(`/api/planner/${id}?version=2`)).statusCode).toBe(409);
    expect(await stored(id)).not.toBeNull();
    expect((await planner.delete(`/api/planner/${id}?version=1`)).statusCode).toBe(204);
    expect(await stored(id)).toBeNull();
    expect(await auditRows(tdb.db, 'planner_entry.deleted')).toContainEqual(expect.objectContaining({ subjectId: String(id) }));
    expect((await planner.delete(`/api/planner/${id}?version=1`)).statusCode).toBe(404);
  });
});
