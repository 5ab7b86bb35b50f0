import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import {
  auditLog,
  companyProjectAreas,
  employees,
  projectAreas,
  projectCompanies,
  projectEvents,
  projectManagers,
  projects,
  tasks,
  tickets,
} from '../../db/schema';
import type { Actor } from '../../platform/actor';
import * as repo from './tickets.repository';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccountId: number;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let anon: Agent;
let pmEmployeeId: number;
let pmName: string;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'], firstName: 'Mila' },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['articles.view', 'products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, anon } = cast);
  managerAccountId = cast.manager.fx.accountId;
  const pm = await createEmployee(tdb.db, { firstName: 'Pieter' });
  pmEmployeeId = pm.employeeId;
  const row = (await tdb.db.orm.select().from(employees).where(eq(employees.id, pmEmployeeId)))[0];
  pmName = `Pieter ${row?.lastName}`;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

// ---- fixtures: a project with a deck, an area and tasks, written directly

let seq = 0;
async function createProject(o: { managers?: number[]; deleted?: boolean; name?: string } = {}) {
  const rows = await tdb.db.orm
    .insert(projects)
    .values({ name: o.name ?? `Project ${++seq}`, deletedAt: o.deleted ? new Date() : null })
    .returning({ id: projects.id });
  const id = rows[0]?.id as number;
  const managers = o.managers ?? [pmEmployeeId];
  if (managers.length)
    await tdb.db.orm.insert(projectManagers).values(managers.map((employeeId) => ({ projectId: id, employeeId })));
  return id;
}

async function createArea(projectId: number, name = `Hut ${++seq}`) {
  const rows = await tdb.db.orm
    .insert(projectAreas)
    .values({ projectId, kind: 'area', name, number: String(5000 + seq) })
    .returning({ id: projectAreas.id });
  return rows[0]?.id as number;
}

async function createTask(projectId: number, areaId: number, o: { status?: 'pending' | 'completed'; name?: string } = {}) {
  const rows = await tdb.db.orm
    .insert(tasks)
    .values({
      projectId,
      areaId,
      name: o.name ?? `Wandpanelen monteren ${++seq}`,
      status: o.status ?? 'pending',
      completedAt: o.status === 'completed' ? new Date() : null,
    })
    .returning({ id: tasks.id });
  return rows[0]?.id as number;
}

/** A project with one area and one task: the usual setting of a ticket. */
async function setting(o: { taskStatus?: 'pending' | 'completed' } = {}) {
  const projectId = await createProject();
  const areaId = await createArea(projectId);
  const taskId = await createTask(projectId, areaId, { status: o.taskStatus ?? 'pending' });
  return { projectId, areaId, taskId };
}

async function storedTask(id: number) {
  return (await tdb.db.orm.select().from(tasks).where(eq(tasks.id, id)))[0] ?? null;
}
async function storedTicket(id: number) {
  return (await tdb.db.orm.select().from(tickets).where(eq(tickets.id, id)))[0] ?? null;
}
async function feedRows(projectId: number) {
  return tdb.db.orm.select().from(projectEvents).where(eq(projectEvents.projectId, projectId)).orderBy(asc(projectEvents.id));
}
async function ticketCount() {
  return (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(tickets))[0]?.n ?? 0;
}

const input = (o: Record<string, unknown> = {}) => ({
  description: 'Paneel beschadigd bij montage',
  information: 'Hoek linksboven gebarsten; nieuw paneel bestellen.',
  priority: 'high',
  ...o,
});

async function open(projectId: number, o: Record<string, unknown> = {}) {
  const res = await manager.post(`/api/projects/${projectId}/tickets`, input(o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; version: number; [k: string]: unknown };
}

async function close(projectId: number, ticketId: number, version: number) {
  return manager.post(`/api/projects/${projectId}/tickets/${ticketId}/close`, { version });
}
async function reopen(projectId: number, ticketId: number, version: number) {
  return manager.post(`/api/projects/${projectId}/tickets/${ticketId}/reopen`, { version });
}

// ---- access

describe('tickets API access (Z1)', () => {
  function endpoints(projectId: number, ticketId: number) {
    return [
      { method: 'GET', url: '/api/tickets', write: false },
      { method: 'GET', url: `/api/tickets/${ticketId}`, write: false },
      { method: 'GET', url: `/api/projects/${projectId}/tickets`, write: false },
      { method: 'GET', url: `/api/projects/${projectId}/tickets/${ticketId}`, write: false },
      { method: 'POST', url: `/api/projects/${projectId}/tickets`, body: input(), write: true },
      { method: 'PATCH', url: `/api/projects/${projectId}/tickets/${ticketId}`, body: { ...input(), version: 1 }, write: true },
      { method: 'POST', url: `/api/projects/${projectId}/tickets/${ticketId}/close`, body: { version: 1 }, write: true },
      { method: 'POST', url: `/api/projects/${projectId}/tickets/${ticketId}/reopen`, body: { version: 1 }, write: true },
    ];
  }

  it('answers 401 anonymous, 403 without a projects right and to a company user, 403 to writes with projects.view only; nothing changes', async () => {
    const { projectId, taskId } = await setting();
    const ticket = await open(projectId, { taskId });
    const before = await storedTicket(ticket.id);
    const count = await ticketCount();
    for (const e of endpoints(projectId, ticket.id)) {
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, `${e.method} ${e.url}`).toBe(401);
      for (const who of [noPerm, client]) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const res = await viewer.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `viewer ${e.method} ${e.url}`).toBe(e.write ? 403 : 200);
      // CSRF on every unsafe call (C1).
      if (e.method !== 'GET')
        expect((await manager.request(e.method, e.url, { body: e.body, csrf: false })).statusCode).toBe(419);
    }
    expect(await storedTicket(ticket.id)).toEqual(before);
    expect(await ticketCount()).toBe(count);
    // What the viewer reads says it may not change the ticket, and why.
    const seen = (await viewer.get(`/api/tickets/${ticket.id}`)).json().data;
    expect(seen.abilities).toEqual({
      canEdit: false,
      canClose: false,
      canReopen: false,
      reasons: { canEdit: 'FORBIDDEN', canClose: 'FORBIDDEN', canReopen: 'FORBIDDEN' },
    });
  });

  it('answers 404 for a missing ticket or project, and for a ticket of another project (the same body as a missing id)', async () => {
    const a = await setting();
    const b = await setting();
    const ticket = await open(a.projectId, { taskId: a.taskId });
    const missing = 2_147_483_000;
    const cases: [string, string, unknown, string][] = [
      ['GET', `/api/tickets/${missing}`, undefined, 'TICKET_NOT_FOUND'],
      ['GET', `/api/projects/${missing}/tickets`, undefined, 'PROJECT_NOT_FOUND'],
      ['POST', `/api/projects/${missing}/tickets`, input(), 'PROJECT_NOT_FOUND'],
    ];
    for (const [suffix, body] of [
      ['', undefined],
      ['', { ...input(), version: 1 }],
      ['/close', { version: 1 }],
      ['/reopen', { version: 1 }],
    ] as const) {
      const method = body === undefined ? 'GET' : suffix === '' ? 'PATCH' : 'POST';
      cases.push([method, `/api/projects/${a.projectId}/tickets/${missing}${suffix}`, body, 'TICKET_NOT_FOUND']);
      // Another project's ticket is not found through this project, exactly like a missing id.
      const foreign = await manager.request(method, `/api/projects/${b.projectId}/tickets/${ticket.id}${suffix}`, { body });
      const gone = await manager.request(method, `/api/projects/${b.projectId}/tickets/${missing}${suffix}`, { body });
      expect(foreign.statusCode, `${method} foreign${suffix}`).toBe(404);
      const { requestId: _a, ...foreignBody } = foreign.json();
      const { requestId: _b, ...goneBody } = gone.json();
      expect(foreignBody).toEqual(goneBody);
    }
    for (const [method, url, body, code] of cases) {
      const res = await manager.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe(code);
    }
    expect(await storedTicket(ticket.id)).toMatchObject({ version: 1, status: 'open', projectId: a.projectId });
    expect((await manager.get('/api/tickets/abc')).statusCode).toBe(400);
  });
});

// ---- create, read, update

describe('opening, reading and changing a ticket', () => {
  it('opens a ticket on a task: stored, the first manager as project manager, the task in open_ticket, a feed and an audit row', async () => {
    const { projectId, areaId, taskId } = await setting();
    const before = await storedTask(taskId);
    const created = await manager.post(`/api/projects/${projectId}/tickets`, input({ taskId }));
    expect(created.statusCode).toBe(201);
    const tk = created.json().data;
    expect(tk).toMatchObject({
      project: { id: projectId },
      task: { id: taskId, areaId },
      description: 'Paneel beschadigd bij montage',
      information: 'Hoek linksboven gebarsten; nieuw paneel bestellen.',
      priority: 'high',
      status: 'open',
      projectManager: { id: pmEmployeeId, name: pmName },
      createdBy: expect.stringMatching(/^Mila Employee /),
      createdAt: '2026-11-21T09:00:00.000Z',
      closedAt: null,
      version: 1,
      abilities: { canEdit: true, canClose: true, canReopen: false, reasons: { canReopen: 'TICKET_OPEN' } },
    });
    expect(await storedTicket(tk.id)).toMatchObject({
      projectId,
      taskId,
      status: 'open',
      priority: 'high',
      projectManagerId: pmEmployeeId,
      createdBy: managerAccountId,
    });
    expect(await storedTask(taskId)).toMatchObject({
      status: 'open_ticket',
      statusBeforeTicket: 'pending',
      version: (before?.version ?? 0) + 1,
    });
    // The task's area and task name travel with the ticket; both ways of reading it agree.
    expect((await manager.get(`/api/tickets/${tk.id}`)).json().data).toEqual(tk);
    expect((await manager.get(`/api/projects/${projectId}/tickets/${tk.id}`)).json().data).toEqual(tk);
    const feed = await feedRows(projectId);
    expect(feed).toHaveLength(1);
    expect(feed[0]).toMatchObject({
      kind: 'ticket.created',
      subjectType: 'ticket',
      subjectId: tk.id,
      subjectName: 'Paneel beschadigd bij montage',
      taskId,
      areaId,
      accountId: managerAccountId,
      data: { priority: 'high', status: 'open' },
    });
    const audits = await auditRows(tdb.db, 'ticket.created', eq(auditLog.subjectId, String(tk.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.accountId).toBe(managerAccountId);
  });

  it('opens a ticket on no task, with the defaults and a chosen project manager', async () => {
    const projectId = await createProject({ managers: [] });
    const other = await createEmployee(tdb.db, { firstName: 'Olga' });
    const tk = await open(projectId, { description: 'Levering vertraagd', information: undefined, priority: undefined });
    expect(tk).toMatchObject({ task: null, priority: 'normal', information: '', projectManager: null });
    const chosen = await open(projectId, { projectManagerId: other.employeeId });
    expect(chosen.projectManager).toMatchObject({ id: other.employeeId, name: expect.stringMatching(/^Olga /) });
    const feed = await feedRows(projectId);
    expect(feed.map((f) => [f.kind, f.taskId, f.areaId])).toEqual([
      ['ticket.created', null, null],
      ['ticket.created', null, null],
    ]);
  });

  it('refuses bad input with field errors and changes nothing', async () => {
    const { projectId, taskId } = await setting();
    const other = await setting();
    const gone = await createEmployee(tdb.db);
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.employeeId));
    const count = await ticketCount();
    const bad: [Record<string, unknown>, string, string][] = [
      [input({ description: '' }), 'description', 'required'],
      [input({ description: 'x'.repeat(301) }), 'description', 'too_long'],
      [input({ priority: 'asap' }), 'priority', 'invalid_choice'],
      [input({ status: 'closed' }), 'status', 'unknown_field'],
      [input({ taskId: other.taskId }), 'taskId', 'not_found'],
      [input({ taskId: 2_147_483_000 }), 'taskId', 'not_found'],
      [input({ projectManagerId: gone.employeeId }), 'projectManagerId', 'not_found'],
      [input({ projectManagerId: 2_147_483_000 }), 'projectManagerId', 'not_found'],
    ];
    for (const [body, field, code] of bad) {
      const r = await manager.post(`/api/projects/${projectId}/tickets`, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().fieldErrors[field], JSON.stringify(r.json())).toMatchObject({ code });
    }
    expect(await ticketCount()).toBe(count);
    expect(await storedTask(taskId)).toMatchObject({ status: 'pending', version: 1 });
    expect(await storedTask(other.taskId)).toMatchObject({ status: 'pending', version: 1 });
    expect(await feedRows(projectId)).toEqual([]);

    const tk = await open(projectId, { taskId });
    for (const [body, field, code] of bad) {
      const r = await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, { ...body, version: 1 });
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().fieldErrors[field]).toMatchObject({ code });
    }
    expect(
      (await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, input())).json().fieldErrors.version,
    ).toMatchObject({
      code: 'required',
    });
    expect((await manager.post(`/api/projects/${projectId}/tickets/${tk.id}/close`, {})).statusCode).toBe(400);
    expect((await manager.post(`/api/projects/${projectId}/tickets/${tk.id}/close`, { version: 1, x: 1 })).statusCode).toBe(400);
    expect(await storedTicket(tk.id)).toMatchObject({ version: 1, status: 'open', taskId });
    for (const q of ['sort=evil', 'tab=later', 'priority=asap', 'perPage=1000', 'projectId=x', 'other=1']) {
      expect((await manager.get(`/api/tickets?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('changes a ticket with its version: stored, a feed row with what changed, 409 on an old version', async () => {
    const { projectId, taskId } = await setting();
    const tk = await open(projectId, { taskId });
    const res = await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, {
      ...input({ taskId, priority: 'urgent', description: 'Paneel vervangen' }),
      projectManagerId: pmEmployeeId,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ priority: 'urgent', description: 'Paneel vervangen', version: 2 });
    expect(await storedTicket(tk.id)).toMatchObject({ priority: 'urgent', description: 'Paneel vervangen', version: 2 });
    const stale = await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, { ...input({ taskId }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await storedTicket(tk.id)).toMatchObject({ priority: 'urgent', version: 2 });
    const feed = await feedRows(projectId);
    expect(feed.map((f) => f.kind)).toEqual(['ticket.created', 'ticket.updated']);
    expect(feed[1]).toMatchObject({
      subjectName: 'Paneel vervangen',
      taskId,
      data: { priority: 'urgent', description: 'Paneel vervangen' },
    });
    expect(await auditRows(tdb.db, 'ticket.updated', eq(auditLog.subjectId, String(tk.id)))).toHaveLength(1);
    // The task stayed in open_ticket (the ticket did not move); its version moved only when its status did.
    expect(await storedTask(taskId)).toMatchObject({ status: 'open_ticket', version: 2 });
  });
});

// ---- the state rule

describe('the state rule: an open ticket puts its task in open_ticket', () => {
  it('returns a pending task to pending when its ticket closes, and to open_ticket when it reopens', async () => {
    const { projectId, areaId, taskId } = await setting();
    const tk = await open(projectId, { taskId });
    expect(await storedTask(taskId)).toMatchObject({ status: 'open_ticket', statusBeforeTicket: 'pending', version: 2 });

    t.clock.advance(60_000);
    const closed = await close(projectId, tk.id, 1);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'closed',
      closedAt: '2026-11-21T09:01:00.000Z',
      version: 2,
      abilities: { canClose: false, canReopen: true, reasons: { canClose: 'TICKET_CLOSED' } },
    });
    expect(await storedTask(taskId)).toMatchObject({ status: 'pending', statusBeforeTicket: null, version: 3 });
    expect(await auditRows(tdb.db, 'ticket.closed', eq(auditLog.subjectId, String(tk.id)))).toHaveLength(1);

    const again = await close(projectId, tk.id, 2);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TICKET_CLOSED');
    const stale = await reopen(projectId, tk.id, 1);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');

    const reopened = await reopen(projectId, tk.id, 2);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'open', closedAt: null, version: 3 });
    expect(await storedTask(taskId)).toMatchObject({ status: 'open_ticket', statusBeforeTicket: 'pending', version: 4 });
    expect((await reopen(projectId, tk.id, 3)).json().code).toBe('TICKET_OPEN');
    expect((await close(projectId, tk.id, 1)).json().code).toBe('STALE_VERSION');
    expect(await auditRows(tdb.db, 'ticket.reopened', eq(auditLog.subjectId, String(tk.id)))).toHaveLength(1);

    const feed = await feedRows(projectId);
    expect(feed.map((f) => [f.kind, f.data, f.taskId, f.areaId])).toEqual([
      ['ticket.created', { priority: 'high', status: 'open' }, taskId, areaId],
      ['ticket.updated', { status: 'closed' }, taskId, areaId],
      ['ticket.updated', { status: 'open' }, taskId, areaId],
    ]);
  });

  it('returns a completed task to completed when its ticket closes', async () => {
    const { projectId, taskId } = await setting({ taskStatus: 'completed' });
    const tk = await open(projectId, { taskId });
    expect(await storedTask(taskId)).toMatchObject({ status: 'open_ticket', statusBeforeTicket: 'completed' });
    expect((await close(projectId, tk.id, 1)).statusCode).toBe(200);
    const task = await storedTask(taskId);
    expect(task).toMatchObject({ status: 'completed', statusBeforeTicket: null });
    expect(task?.completedAt).not.toBeNull();
  });

  it('keeps open_ticket while another ticket is open, and returns the task when the last one closes', async () => {
    const { projectId, taskId } = await setting({ taskStatus: 'completed' });
    const one = await open(projectId, { taskId });
    const two = await open(projectId, { taskId, description: 'Verlichting werkt niet' });
    // The second ticket does not overwrite where the task returns to.
    expect(await storedTask(taskId)).toMatchObject({ status: 'open_ticket', statusBeforeTicket: 'completed', version: 2 });
    expect((await close(projectId, one.id, 1)).statusCode).toBe(200);
    expect(await storedTask(taskId)).toMatchObject({ status: 'open_ticket', statusBeforeTicket: 'completed', version: 2 });
    expect((await close(projectId, two.id, 1)).statusCode).toBe(200);
    expect(await storedTask(taskId)).toMatchObject({ status: 'completed', statusBeforeTicket: null, version: 3 });
  });

  it('ends right when two tickets of one task close at the same time', async () => {
    const { projectId, taskId } = await setting();
    const one = await open(projectId, { taskId });
    const two = await open(projectId, { taskId });
    const [a, b] = await Promise.all([close(projectId, one.id, 1), close(projectId, two.id, 1)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await storedTask(taskId)).toMatchObject({ status: 'pending', statusBeforeTicket: null });
  });

  it('moves open_ticket with an open ticket that moves to another task; a closed ticket moves alone', async () => {
    const projectId = await createProject();
    const areaId = await createArea(projectId);
    const from = await createTask(projectId, areaId, { status: 'completed' });
    const to = await createTask(projectId, areaId);
    const tk = await open(projectId, { taskId: from });
    const moved = await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, { ...input({ taskId: to }), version: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.task).toMatchObject({ id: to });
    expect(await storedTask(from)).toMatchObject({ status: 'completed', statusBeforeTicket: null });
    expect(await storedTask(to)).toMatchObject({ status: 'open_ticket', statusBeforeTicket: 'pending' });
    const feed = await feedRows(projectId);
    expect(feed.at(-1)).toMatchObject({ kind: 'ticket.updated', taskId: to, data: { taskId: to } });

    // Closed, then moved back: neither task changes.
    expect((await close(projectId, tk.id, 2)).statusCode).toBe(200);
    const [fromBefore, toBefore] = [await storedTask(from), await storedTask(to)];
    expect(toBefore).toMatchObject({ status: 'pending' });
    const back = await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, { ...input({ taskId: from }), version: 3 });
    expect(back.statusCode).toBe(200);
    expect(await storedTask(from)).toEqual(fromBefore);
    expect(await storedTask(to)).toEqual(toBefore);
    // Unlinking an open ticket returns its task.
    expect((await reopen(projectId, tk.id, 4)).statusCode).toBe(200);
    expect(await storedTask(from)).toMatchObject({ status: 'open_ticket', statusBeforeTicket: 'completed' });
    const unlinked = await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, { ...input(), version: 5 });
    expect(unlinked.json().data.task).toBeNull();
    expect(await storedTask(from)).toMatchObject({ status: 'completed', statusBeforeTicket: null });
  });

  it('writes the feed row with the change and rolls it back with a change that fails', async () => {
    const { projectId, taskId } = await setting();
    const tk = await open(projectId, { taskId });
    const feedBefore = await feedRows(projectId);
    // The audit row is the last write of the change: make it fail, after the ticket, the task and the feed row.
    await tdb.db.raw.exec(`
      CREATE FUNCTION fail_ticket_audit() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'audit refused for the test'; END $$;
      CREATE TRIGGER fail_ticket_audit BEFORE INSERT ON audit_log
        FOR EACH ROW WHEN (NEW.event = 'ticket.closed') EXECUTE FUNCTION fail_ticket_audit();`);
    try {
      const res = await close(projectId, tk.id, 1);
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ code: 'INTERNAL' });
    } finally {
      await tdb.db.raw.exec('DROP TRIGGER fail_ticket_audit ON audit_log; DROP FUNCTION fail_ticket_audit();');
    }
    expect(await feedRows(projectId)).toEqual(feedBefore);
    expect(await storedTicket(tk.id)).toMatchObject({ status: 'open', version: 1, closedAt: null });
    expect(await storedTask(taskId)).toMatchObject({ status: 'open_ticket', version: 2 });
    // And the same change goes through once nothing stands in its way.
    expect((await close(projectId, tk.id, 1)).statusCode).toBe(200);
    expect((await feedRows(projectId)).length).toBe(feedBefore.length + 1);
  });
});

// ---- deleted projects

describe('a deleted project', () => {
  it('keeps its tickets readable through the project, out of the global list, and refuses changes with PROJECT_DELETED', async () => {
    const { projectId, taskId } = await setting();
    const tk = await open(projectId, { taskId });
    await tdb.db.orm.update(projects).set({ deletedAt: new Date() }).where(eq(projects.id, projectId));
    const created = await manager.post(`/api/projects/${projectId}/tickets`, input());
    expect(created.statusCode).toBe(409);
    expect(created.json().code).toBe('PROJECT_DELETED');
    for (const [url, body] of [
      [`/api/projects/${projectId}/tickets/${tk.id}/close`, { version: 1 }],
      [`/api/projects/${projectId}/tickets/${tk.id}/reopen`, { version: 1 }],
    ] as const) {
      const r = await manager.post(url, body);
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('PROJECT_DELETED');
    }
    const patched = await manager.patch(`/api/projects/${projectId}/tickets/${tk.id}`, { ...input(), version: 1 });
    expect(patched.json().code).toBe('PROJECT_DELETED');
    expect(await storedTicket(tk.id)).toMatchObject({ version: 1, status: 'open', taskId });

    const own = (await manager.get(`/api/projects/${projectId}/tickets`)).json();
    expect(own.data.map((r: { id: number }) => r.id)).toEqual([tk.id]);
    expect(own.data[0].abilities.reasons).toEqual({
      canEdit: 'PROJECT_DELETED',
      canClose: 'PROJECT_DELETED',
      canReopen: 'PROJECT_DELETED',
    });
    const global = (await manager.get(`/api/tickets?projectId=${projectId}`)).json();
    expect(global.meta.total).toBe(0);
  });
});

// ---- lists

describe('ticket lists', () => {
  it('tabs, filters, search, sorts and paging, across projects and per project (the path wins)', async () => {
    const tag = `zoek${Date.now().toString(36)}`;
    const p1 = await createProject({ name: `${tag} schip` });
    const p2 = await createProject({ name: `${tag} hotel` });
    const a1 = await createArea(p1);
    const task1 = await createTask(p1, a1);
    const a2 = await createArea(p2);
    const task2 = await createTask(p2, a2);
    const mk = async (projectId: number, o: Record<string, unknown>) => {
      t.clock.advance(1000);
      return open(projectId, { ...o, description: `${tag} ${o.description}` });
    };
    const low = await mk(p1, { description: 'laag', priority: 'low', taskId: task1 });
    const urgent = await mk(p1, { description: 'dringend', priority: 'urgent', information: 'brandklep' });
    const normal = await mk(p2, { description: 'normaal', priority: 'normal', taskId: task2 });
    const closedOne = await mk(p2, { description: 'klaar', priority: 'high' });
    expect((await close(p2, closedOne.id, 1)).statusCode).toBe(200);

    const ids = async (url: string) => ((await manager.get(url)).json().data as { id: number }[]).map((r) => r.id);
    expect(await ids(`/api/tickets?q=${tag}`)).toEqual([normal.id, urgent.id, low.id]);
    expect(await ids(`/api/tickets?q=${tag}&tab=closed`)).toEqual([closedOne.id]);
    expect(await ids(`/api/tickets?q=${tag}&tab=all&sort=created`)).toEqual([low.id, urgent.id, normal.id, closedOne.id]);
    expect(await ids(`/api/tickets?q=${tag}&tab=all&sort=priority`)).toEqual([urgent.id, closedOne.id, normal.id, low.id]);
    expect(await ids(`/api/tickets?q=${tag}&tab=all&sort=-updated`)).toEqual([closedOne.id, normal.id, urgent.id, low.id]);
    expect(await ids(`/api/tickets?projectId=${p1}`)).toEqual([urgent.id, low.id]);
    expect(await ids(`/api/tickets?taskId=${task2}`)).toEqual([normal.id]);
    expect(await ids(`/api/tickets?q=${tag}&priority=low`)).toEqual([low.id]);
    expect(await ids('/api/tickets?q=brandklep')).toEqual([urgent.id]);
    expect(await ids(`/api/projects/${p2}/tickets?tab=all&projectId=${p1}`)).toEqual([closedOne.id, normal.id]);

    const page = (await manager.get(`/api/tickets?q=${tag}&tab=all&perPage=3&page=2`)).json();
    expect(page.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
    expect(page.data.map((r: { id: number }) => r.id)).toEqual([low.id]);
    expect(page.data[0]).toMatchObject({ project: { id: p1, name: `${tag} schip` }, task: { id: task1, areaId: a1 } });
    expect((await viewer.get(`/api/tickets?q=${tag}`)).json().meta.total).toBe(3);
  });

  it('reads a page in a fixed number of statements, whatever its size', async () => {
    const projectId = await createProject();
    const areaId = await createArea(projectId);
    for (let i = 0; i < 12; i++) {
      const taskId = await createTask(projectId, areaId);
      await open(projectId, { taskId });
    }
    await manager.get('/api/tickets?perPage=1');
    const small = await countQueries(tdb.db, () => manager.get(`/api/projects/${projectId}/tickets?perPage=2`));
    const large = await countQueries(tdb.db, () => manager.get(`/api/projects/${projectId}/tickets?perPage=12`));
    expect(large.result.json().data).toHaveLength(12);
    expect(large.count).toBe(small.count);
    const global = await countQueries(tdb.db, () => manager.get('/api/tickets?perPage=50'));
    expect(global.count).toBeLessThanOrEqual(small.count);
  });
});

// ---- scope for the portal (the repository the portal will reuse)

describe('the repository is scoped for a company', () => {
  it('shows a company its attached projects, only the tickets of its allowed areas when limited', async () => {
    const company = await createCompany(tdb.db);
    const projectId = await createProject();
    const allowed = await createArea(projectId);
    const hidden = await createArea(projectId);
    const okTask = await createTask(projectId, allowed);
    const hiddenTask = await createTask(projectId, hidden);
    const onAllowed = await open(projectId, { taskId: okTask });
    const onHidden = await open(projectId, { taskId: hiddenTask });
    const onNone = await open(projectId);
    const elsewhere = await setting();
    const other = await open(elsewhere.projectId, { taskId: elsewhere.taskId });
    const actor = { kind: 'client', companyId: company.id, actingEmployee: null } as unknown as Actor;
    const visible = async () =>
      (
        await repo.list(tdb.db.orm, actor, { page: 1, perPage: 50, sort: 'created', tab: 'all', liveProjectsOnly: true })
      ).rows.map((r) => r.id);

    expect(await visible()).toEqual([]);
    await tdb.db.orm.insert(projectCompanies).values({ projectId, companyId: company.id });
    expect(await visible()).toEqual([onAllowed.id, onHidden.id, onNone.id]);
    await tdb.db.orm
      .update(projectCompanies)
      .set({ allAreas: false })
      .where(and(eq(projectCompanies.projectId, projectId), eq(projectCompanies.companyId, company.id)));
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId, companyId: company.id, areaId: allowed });
    expect(await visible()).toEqual([onAllowed.id, onNone.id]);
    expect(await repo.find(tdb.db.orm, actor, onHidden.id)).toBeNull();
    expect(await repo.find(tdb.db.orm, actor, other.id)).toBeNull();
    expect((await repo.find(tdb.db.orm, actor, onAllowed.id))?.taskId).toBe(okTask);
  });
});
