import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, employees, projectEvents, subtasks, taskAttachments, tasks } from '../../db/schema';
import {
  createAreaRow,
  createFileRow,
  createProjectRow,
  createSubtaskRow,
  createTaskRow,
  createTicketRow,
} from './projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccountId: number;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let assignee: { id: number; name: string };

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
    // An employee with every projects right, acting as a company: the company's view, no staff rights.
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage', 'projects.view'] } },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, acting, anon } = cast);
  managerAccountId = cast.manager.fx.accountId;
  const e = await createEmployee(tdb.db, { firstName: 'Pieter' });
  const row = (await tdb.db.orm.select().from(employees).where(eq(employees.id, e.employeeId)))[0];
  assignee = { id: e.employeeId, name: `Pieter ${row?.lastName}` };
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

// ---- fixtures

async function setup(o: { deleted?: boolean } = {}) {
  const project = await createProjectRow(tdb.db, { deleted: o.deleted ?? false });
  const deck = await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '5', name: 'Deck 5' });
  const area = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Cabin' });
  const sub = await createAreaRow(tdb.db, project.id, { kind: 'subarea', parentId: area.id, number: '', name: 'Bathroom' });
  return { projectId: project.id, deckId: deck.id, areaId: area.id, subareaId: sub.id };
}

async function stored(id: number) {
  return (await tdb.db.orm.select().from(tasks).where(eq(tasks.id, id)))[0] ?? null;
}
async function taskCount(projectId: number) {
  return (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(tasks).where(eq(tasks.projectId, projectId)))[0]?.n;
}
async function feedRows(taskId: number) {
  return tdb.db.orm.select().from(projectEvents).where(eq(projectEvents.taskId, taskId)).orderBy(asc(projectEvents.id));
}
async function attachmentIds(taskId: number) {
  const rows = await tdb.db.orm
    .select()
    .from(taskAttachments)
    .where(eq(taskAttachments.taskId, taskId))
    .orderBy(asc(taskAttachments.position));
  return rows.map((r) => r.fileId);
}

const input = (o: Record<string, unknown> = {}) => ({
  name: 'Bed plaatsen',
  assigneeId: null,
  notes: '',
  attachmentIds: [],
  ...o,
});

describe('tasks API access (Z1)', () => {
  function endpoints(p: number, areaId: number, taskId: number) {
    return [
      { method: 'GET', url: `/api/projects/${p}/areas/${areaId}/tasks`, read: true },
      { method: 'POST', url: `/api/projects/${p}/areas/${areaId}/tasks`, body: input() },
      { method: 'GET', url: `/api/projects/${p}/tasks`, read: true },
      { method: 'GET', url: `/api/projects/${p}/tasks/${taskId}`, read: true },
      { method: 'PATCH', url: `/api/projects/${p}/tasks/${taskId}`, body: { ...input(), version: 1 } },
      { method: 'DELETE', url: `/api/projects/${p}/tasks/${taskId}?version=1` },
      { method: 'POST', url: `/api/projects/${p}/tasks/${taskId}/complete`, body: { version: 1 } },
      { method: 'POST', url: `/api/projects/${p}/tasks/${taskId}/reopen`, body: { version: 1 } },
    ];
  }

  it('answers 401 anonymous; 403 without a projects right, to a company user and to an employee acting as one; writes 403 to a viewer; nothing changes', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
    const list = endpoints(s.projectId, s.areaId, task.id);
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
    expect(await stored(task.id)).toMatchObject({ version: 1, status: 'pending', name: task.name });
    expect(await taskCount(s.projectId)).toBe(1);
  });

  it("the viewer's abilities say what stands in the way", async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
    const res = await viewer.get(`/api/projects/${s.projectId}/tasks/${task.id}`);
    expect(res.json().data.abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'FORBIDDEN' } });
  });
});

describe('not found (404, same body for missing and mismatched ids)', () => {
  it('answers PROJECT_NOT_FOUND, AREA_NOT_FOUND or TASK_NOT_FOUND and changes nothing', async () => {
    const s = await setup();
    const other = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
    const foreignTask = await createTaskRow(tdb.db, other.projectId, other.areaId);
    const cases: [string, string, unknown, string][] = [
      ['GET', `/api/projects/2147483000/areas/${s.areaId}/tasks`, undefined, 'PROJECT_NOT_FOUND'],
      ['GET', `/api/projects/${s.projectId}/areas/2147483000/tasks`, undefined, 'AREA_NOT_FOUND'],
      ['GET', `/api/projects/${s.projectId}/areas/${other.areaId}/tasks`, undefined, 'AREA_NOT_FOUND'],
      ['POST', `/api/projects/${s.projectId}/areas/${other.areaId}/tasks`, input(), 'AREA_NOT_FOUND'],
      ['POST', `/api/projects/2147483000/areas/${s.areaId}/tasks`, input(), 'PROJECT_NOT_FOUND'],
      ['GET', '/api/projects/2147483000/tasks', undefined, 'PROJECT_NOT_FOUND'],
      ['GET', `/api/projects/${s.projectId}/tasks/2147483000`, undefined, 'TASK_NOT_FOUND'],
      ['GET', `/api/projects/${s.projectId}/tasks/${foreignTask.id}`, undefined, 'TASK_NOT_FOUND'],
      ['PATCH', `/api/projects/${s.projectId}/tasks/${foreignTask.id}`, { ...input(), version: 1 }, 'TASK_NOT_FOUND'],
      ['DELETE', `/api/projects/${s.projectId}/tasks/${foreignTask.id}?version=1`, undefined, 'TASK_NOT_FOUND'],
      ['POST', `/api/projects/${s.projectId}/tasks/${foreignTask.id}/complete`, { version: 1 }, 'TASK_NOT_FOUND'],
      ['POST', `/api/projects/${s.projectId}/tasks/2147483000/reopen`, { version: 1 }, 'TASK_NOT_FOUND'],
      ['PATCH', `/api/projects/2147483000/tasks/${task.id}`, { ...input(), version: 1 }, 'PROJECT_NOT_FOUND'],
    ];
    for (const [method, url, body, code] of cases) {
      const res = await manager.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code, `${method} ${url}`).toBe(code);
    }
    const a = (await manager.get(`/api/projects/${s.projectId}/tasks/${foreignTask.id}`)).json();
    const b = (await manager.get(`/api/projects/${s.projectId}/tasks/2147483000`)).json();
    expect({ ...a, requestId: '' }).toEqual({ ...b, requestId: '' });
    expect(await stored(foreignTask.id)).toMatchObject({ version: 1, name: foreignTask.name });
  });
});

describe("the area's tasks", () => {
  it('lists its own tasks by sort order then name, with sub-task counts, open tickets and assignee', async () => {
    const s = await setup();
    const b = await createTaskRow(tdb.db, s.projectId, s.areaId, { name: 'b kast' });
    const a = await createTaskRow(tdb.db, s.projectId, s.areaId, { name: 'A bed' });
    const first = await createTaskRow(tdb.db, s.projectId, s.areaId, { name: 'z eerst' });
    await createTaskRow(tdb.db, s.projectId, s.subareaId, { name: 'in the sub-area' });
    await tdb.db.orm.update(tasks).set({ sortOrder: 1 }).where(eq(tasks.areaId, s.areaId));
    await tdb.db.orm.update(tasks).set({ sortOrder: 0, assignedEmployeeId: assignee.id }).where(eq(tasks.id, first.id));
    await createSubtaskRow(tdb.db, s.projectId, a.id, { status: 'closed' });
    await createSubtaskRow(tdb.db, s.projectId, a.id);
    await createSubtaskRow(tdb.db, s.projectId, a.id);
    await createTicketRow(tdb.db, s.projectId, { taskId: a.id });
    await createTicketRow(tdb.db, s.projectId, { taskId: a.id, status: 'closed' });

    const res = await manager.get(`/api/projects/${s.projectId}/areas/${s.areaId}/tasks`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((r: { id: number }) => r.id)).toEqual([first.id, a.id, b.id]);
    expect(data[0]).toMatchObject({ assignee: assignee, subtasksTotal: 0 });
    expect(data[1]).toMatchObject({
      projectId: s.projectId,
      areaId: s.areaId,
      areaName: 'Cabin',
      areaNumber: '5001',
      name: 'A bed',
      status: 'pending',
      assignee: null,
      subtasksDone: 1,
      subtasksTotal: 3,
      openTicketsCount: 1,
      planX: null,
      version: 1,
      abilities: { canEdit: true, canDelete: true, canComplete: true, canReopen: false },
    });
  });

  it('runs the same number of statements for 3 and for 30 tasks', async () => {
    const counts: number[] = [];
    for (const n of [3, 30]) {
      const s = await setup();
      for (let i = 0; i < n; i++) {
        const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
        await createSubtaskRow(tdb.db, s.projectId, task.id);
        if (i % 2) await createTicketRow(tdb.db, s.projectId, { taskId: task.id });
      }
      const url = `/api/projects/${s.projectId}/areas/${s.areaId}/tasks`;
      await manager.get(url);
      const { result, count } = await countQueries(tdb.db, () => manager.get(url));
      expect(result.json().data).toHaveLength(n);
      counts.push(count);
    }
    expect(counts[1]).toBe(counts[0]);
    // The session, then the page with its total in one statement.
    expect(counts[0]).toBe(2);
  });
});

describe('creating a task', () => {
  it('adds it at the end of the area with its assignee and attachments, and an audit row', async () => {
    const s = await setup();
    await createTaskRow(tdb.db, s.projectId, s.areaId, { name: 'existing' });
    const f1 = await createFileRow(tdb.db, { createdBy: managerAccountId, name: 'plan.pdf' });
    const f2 = await createFileRow(tdb.db, { createdBy: managerAccountId, name: 'foto.jpg', mime: 'image/jpeg' });
    const res = await manager.post(
      `/api/projects/${s.projectId}/areas/${s.areaId}/tasks`,
      input({ name: '  Bed plaatsen ', assigneeId: assignee.id, notes: 'Let op', attachmentIds: [f2.id, f1.id, f2.id] }),
    );
    expect(res.statusCode).toBe(201);
    const task = res.json().data;
    expect(task).toMatchObject({
      projectId: s.projectId,
      areaId: s.areaId,
      name: 'Bed plaatsen',
      notes: 'Let op',
      status: 'pending',
      assignee,
      completedAt: null,
      version: 1,
    });
    expect(task.attachments).toHaveLength(2);
    expect(task.attachments[0]).toMatchObject({ id: f2.id, originalName: 'foto.jpg', url: `/api/files/${f2.id}` });
    expect(task.attachments[0].uploadedBy).toMatch(/^Mila /);
    expect(await stored(task.id)).toMatchObject({ name: 'Bed plaatsen', assignedEmployeeId: assignee.id, sortOrder: 1 });
    expect(await attachmentIds(task.id)).toEqual([f2.id, f1.id]);
    expect((await manager.get(`/api/projects/${s.projectId}/tasks/${task.id}`)).json().data).toEqual(task);
    const audit = await auditRows(tdb.db, 'task.created', eq(auditLog.subjectId, String(task.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.accountId).toBe(managerAccountId);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const s = await setup();
    const gone = await createEmployee(tdb.db);
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.employeeId));
    const strangers = await createEmployee(tdb.db);
    const theirs = await createFileRow(tdb.db, { createdBy: strangers.accountId });
    const url = `/api/projects/${s.projectId}/areas/${s.areaId}/tasks`;
    const bad: [Record<string, unknown>, string, string][] = [
      [input({ name: '' }), 'name', 'required'],
      [input({ name: 'x'.repeat(161) }), 'name', 'too_long'],
      [input({ id: 3 }), 'id', 'unknown_field'],
      [input({ assigneeId: 2147483000 }), 'assigneeId', 'not_found'],
      [input({ assigneeId: gone.employeeId }), 'assigneeId', 'not_found'],
      [input({ attachmentIds: [2147483000] }), 'attachmentIds', 'not_found'],
      // Someone else's fresh upload is not the caller's to attach.
      [input({ attachmentIds: [theirs.id] }), 'attachmentIds', 'not_found'],
    ];
    for (const [body, field, code] of bad) {
      const r = await manager.post(url, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().fieldErrors[field], JSON.stringify(body)).toMatchObject({ code });
    }
    expect(await taskCount(s.projectId)).toBe(0);
  });

  it('refuses PROJECT_DELETED in a deleted project, whose tasks are read-only', async () => {
    const s = await setup({ deleted: true });
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
    const res = await manager.post(`/api/projects/${s.projectId}/areas/${s.areaId}/tasks`, input());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROJECT_DELETED');
    const got = (await manager.get(`/api/projects/${s.projectId}/tasks/${task.id}`)).json().data;
    expect(got.abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'PROJECT_DELETED' } });
    for (const [method, url, body] of [
      ['PATCH', `/api/projects/${s.projectId}/tasks/${task.id}`, { ...input(), version: 1 }],
      ['POST', `/api/projects/${s.projectId}/tasks/${task.id}/complete`, { version: 1 }],
      ['DELETE', `/api/projects/${s.projectId}/tasks/${task.id}?version=1`, undefined],
    ] as const) {
      const r = await manager.request(method, url, { body });
      expect(r.statusCode, url).toBe(409);
      expect(r.json().code).toBe('PROJECT_DELETED');
    }
    expect(await taskCount(s.projectId)).toBe(1);
    expect(await stored(task.id)).toMatchObject({ version: 1, status: 'pending' });
  });
});

describe('changing a task', () => {
  it('saves with the version; a second save of the same version is 409 STALE_VERSION and loses nothing', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId, { name: 'Oud' });
    const kept = await createFileRow(tdb.db, { taskId: task.id, name: 'kept.pdf' });
    await createFileRow(tdb.db, { taskId: task.id, name: 'dropped.pdf' });
    const fresh = await createFileRow(tdb.db, { createdBy: managerAccountId, name: 'new.pdf' });
    const url = `/api/projects/${s.projectId}/tasks/${task.id}`;
    const first = await manager.patch(url, {
      ...input({ name: 'Nieuw', assigneeId: assignee.id, notes: 'n', attachmentIds: [fresh.id, kept.id] }),
      version: 1,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ name: 'Nieuw', notes: 'n', assignee, version: 2 });
    expect(first.json().data.attachments.map((f: { id: number }) => f.id)).toEqual([fresh.id, kept.id]);
    const second = await manager.patch(url, { ...input({ name: 'Tweede' }), version: 1 });
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('STALE_VERSION');
    expect(await stored(task.id)).toMatchObject({ name: 'Nieuw', assignedEmployeeId: assignee.id, version: 2 });
    expect(await attachmentIds(task.id)).toEqual([fresh.id, kept.id]);
    expect(await auditRows(tdb.db, 'task.updated', eq(auditLog.subjectId, String(task.id)))).toHaveLength(1);
  });

  it('keeps an assignee who was deleted since, but does not accept a new one; 400 changes nothing', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
    const gone = await createEmployee(tdb.db);
    await tdb.db.orm.update(tasks).set({ assignedEmployeeId: gone.employeeId }).where(eq(tasks.id, task.id));
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.employeeId));
    const url = `/api/projects/${s.projectId}/tasks/${task.id}`;
    const other = await createEmployee(tdb.db);
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, other.employeeId));
    const bad = await manager.patch(url, { ...input({ name: 'x', assigneeId: other.employeeId }), version: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.assigneeId).toEqual({ code: 'not_found' });
    expect(await stored(task.id)).toMatchObject({ version: 1, name: task.name });
    const ok = await manager.patch(url, { ...input({ name: 'y', assigneeId: gone.employeeId }), version: 1 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.assignee.id).toBe(gone.employeeId);
    expect((await manager.patch(url, { name: 'z' })).statusCode).toBe(400);
  });

  it('never touches the status: an open_ticket task stays open_ticket after an edit', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId, { status: 'open_ticket' });
    const res = await manager.patch(`/api/projects/${s.projectId}/tasks/${task.id}`, { ...input(), version: 1 });
    expect(res.statusCode).toBe(200);
    expect(await stored(task.id)).toMatchObject({ status: 'open_ticket', version: 2 });
  });
});

describe('deleting a task', () => {
  it('deletes with the version (409 when stale, 400 without), with its sub-tasks; an audit row', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
    const sub = await createSubtaskRow(tdb.db, s.projectId, task.id);
    const url = `/api/projects/${s.projectId}/tasks/${task.id}`;
    expect((await manager.delete(url)).statusCode).toBe(400);
    const stale = await manager.delete(`${url}?version=2`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await stored(task.id)).not.toBeNull();
    expect((await manager.delete(`${url}?version=1`)).statusCode).toBe(204);
    expect(await stored(task.id)).toBeNull();
    expect(await tdb.db.orm.select().from(subtasks).where(eq(subtasks.id, sub.id))).toEqual([]);
    expect(await auditRows(tdb.db, 'task.deleted', eq(auditLog.subjectId, String(task.id)))).toHaveLength(1);
    expect((await manager.delete(`${url}?version=1`)).statusCode).toBe(404);
  });
});

describe('completing and reopening', () => {
  it('completes a pending task and reopens it, each with its feed row and audit row', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId, { name: 'Bed' });
    const base = `/api/projects/${s.projectId}/tasks/${task.id}`;
    const done = await manager.post(`${base}/complete`, { version: 1 });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({
      status: 'completed',
      version: 2,
      completedAt: '2026-11-21T09:00:00.000Z',
      abilities: { canComplete: false, canReopen: true, reasons: { canComplete: 'TASK_COMPLETED' } },
    });
    expect(await stored(task.id)).toMatchObject({ status: 'completed', version: 2 });
    const again = await manager.post(`${base}/complete`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TASK_COMPLETED');

    const stale = await manager.post(`${base}/reopen`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const reopened = await manager.post(`${base}/reopen`, { version: 2 });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().data).toMatchObject({ status: 'pending', version: 3, completedAt: null });
    const notDone = await manager.post(`${base}/reopen`, { version: 3 });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().code).toBe('TASK_NOT_COMPLETED');

    const feed = await feedRows(task.id);
    expect(feed.map((f) => f.kind)).toEqual(['task.completed', 'task.opened']);
    expect(feed[0]).toMatchObject({
      projectId: s.projectId,
      subjectType: 'task',
      subjectId: task.id,
      subjectName: 'Bed',
      areaId: s.areaId,
      taskId: task.id,
      accountId: managerAccountId,
    });
    expect(await auditRows(tdb.db, 'task.completed', eq(auditLog.subjectId, String(task.id)))).toHaveLength(1);
    expect(await auditRows(tdb.db, 'task.reopened', eq(auditLog.subjectId, String(task.id)))).toHaveLength(1);
  });

  it('refuses TASK_HAS_OPEN_TICKET for a task with an open ticket, and leaves open_ticket alone', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId, { status: 'open_ticket' });
    const got = (await manager.get(`/api/projects/${s.projectId}/tasks/${task.id}`)).json().data;
    expect(got.abilities).toMatchObject({
      canComplete: false,
      canReopen: false,
      reasons: { canComplete: 'TASK_HAS_OPEN_TICKET', canReopen: 'TASK_NOT_COMPLETED' },
    });
    const res = await manager.post(`/api/projects/${s.projectId}/tasks/${task.id}/complete`, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('TASK_HAS_OPEN_TICKET');
    const re = await manager.post(`/api/projects/${s.projectId}/tasks/${task.id}/reopen`, { version: 1 });
    expect(re.statusCode).toBe(409);
    expect(await stored(task.id)).toMatchObject({ status: 'open_ticket', version: 1 });
    expect(await feedRows(task.id)).toEqual([]);
  });

  it('writes the feed row in the transaction of the change: a failure after it leaves neither', async () => {
    const s = await setup();
    const task = await createTaskRow(tdb.db, s.projectId, s.areaId);
    // The audit row is the last write of the transaction; make it fail once the feed row is in.
    await tdb.db.raw.exec(`
      CREATE FUNCTION test_fail_task_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.event = 'task.completed' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_fail_task_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_task_audit();`);
    try {
      const res = await manager.post(`/api/projects/${s.projectId}/tasks/${task.id}/complete`, { version: 1 });
      expect(res.statusCode).toBe(500);
    } finally {
      await tdb.db.raw.exec('DROP TRIGGER test_fail_task_audit ON audit_log; DROP FUNCTION test_fail_task_audit();');
    }
    expect(await stored(task.id)).toMatchObject({ status: 'pending', version: 1, completedAt: null });
    expect(await feedRows(task.id)).toEqual([]);
    // And with the change, the row is there.
    expect((await manager.post(`/api/projects/${s.projectId}/tasks/${task.id}/complete`, { version: 1 })).statusCode).toBe(200);
    expect((await feedRows(task.id)).map((f) => f.kind)).toEqual(['task.completed']);
  });
});

describe("the project's task list", () => {
  async function big() {
    const s = await setup();
    const deck2 = await createAreaRow(tdb.db, s.projectId, { kind: 'deck', number: '6', name: 'Deck 6' });
    const lobby = await createAreaRow(tdb.db, s.projectId, { kind: 'area', parentId: deck2.id, number: '6001', name: 'Lobby' });
    const t1 = await createTaskRow(tdb.db, s.projectId, s.areaId, { name: 'Bed plaatsen' });
    const t2 = await createTaskRow(tdb.db, s.projectId, s.subareaId, { name: 'Kraan', status: 'completed' });
    const t3 = await createTaskRow(tdb.db, s.projectId, lobby.id, { name: 'Balie', status: 'open_ticket' });
    const t4 = await createTaskRow(tdb.db, s.projectId, lobby.id, { name: 'Armatuur' });
    await tdb.db.orm.update(tasks).set({ assignedEmployeeId: assignee.id }).where(eq(tasks.id, t4.id));
    const elsewhere = await setup();
    await createTaskRow(tdb.db, elsewhere.projectId, elsewhere.areaId, { name: 'Bed plaatsen' });
    return { ...s, deck2: deck2.id, lobby: lobby.id, t1: t1.id, t2: t2.id, t3: t3.id, t4: t4.id };
  }
  const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((r) => r.id);

  it('lists all tasks of the project, by area by default, with filters in the query', async () => {
    const p = await big();
    const base = `/api/projects/${p.projectId}/tasks`;
    const all = await viewer.get(base);
    expect(all.statusCode).toBe(200);
    // The areas page's tree: deck 5 > cabin 5001 (its tasks, then its sub-area's), deck 6 > lobby 6001.
    expect(ids(all)).toEqual([p.t1, p.t2, p.t4, p.t3]);
    expect(all.json().meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 4 });
    expect(ids(await viewer.get(`${base}?sort=area`))).toEqual([p.t1, p.t2, p.t4, p.t3]);
    expect(ids(await viewer.get(`${base}?sort=name`))).toEqual([p.t4, p.t3, p.t1, p.t2]);
    expect(ids(await viewer.get(`${base}?sort=-name`))).toEqual([p.t2, p.t1, p.t3, p.t4]);
    expect(ids(await viewer.get(`${base}?sort=status`))).toEqual([p.t3, p.t1, p.t4, p.t2]);
    expect(ids(await viewer.get(`${base}?status=completed`))).toEqual([p.t2]);
    expect(ids(await viewer.get(`${base}?assigneeId=${assignee.id}`))).toEqual([p.t4]);
    // An area includes its sub-areas' tasks; a deck everything under it.
    expect(ids(await viewer.get(`${base}?areaId=${p.areaId}&sort=name`))).toEqual([p.t1, p.t2]);
    expect(ids(await viewer.get(`${base}?areaId=${p.subareaId}`))).toEqual([p.t2]);
    expect(ids(await viewer.get(`${base}?areaId=${p.deckId}&sort=name`))).toEqual([p.t1, p.t2]);
    expect(ids(await viewer.get(`${base}?areaId=${p.deck2}&sort=name`))).toEqual([p.t4, p.t3]);
    // Search: task name, area name, area number.
    expect(ids(await viewer.get(`${base}?q=bed`))).toEqual([p.t1]);
    expect(ids(await viewer.get(`${base}?q=lobby&sort=name`))).toEqual([p.t4, p.t3]);
    expect(ids(await viewer.get(`${base}?q=6001&sort=name`))).toEqual([p.t4, p.t3]);
    expect(ids(await viewer.get(`${base}?q=%25`))).toEqual([]);
    const page = await viewer.get(`${base}?sort=name&perPage=3&page=2`);
    expect(ids(page)).toEqual([p.t2]);
    expect(page.json().meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
    // A page past the end has no rows to carry the total: it is counted on its own.
    const past = await viewer.get(`${base}?sort=name&perPage=3&page=3&status=pending`);
    expect(ids(past)).toEqual([]);
    expect(past.json().meta).toEqual({ current_page: 3, last_page: 1, per_page: 3, total: 2 });
    const row = (await viewer.get(`${base}?assigneeId=${assignee.id}`)).json().data[0];
    expect(row).toMatchObject({ areaName: 'Lobby', areaNumber: '6001', assignee, abilities: { canEdit: false } });
  });

  it('answers 400 to bad filters', async () => {
    const p = await setup();
    for (const q of ['sort=evil', 'status=done', 'assigneeId=x', 'areaId=0', 'perPage=101', 'extra=1']) {
      expect((await manager.get(`/api/projects/${p.projectId}/tasks?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('runs the same number of statements for 3 and for 30 tasks', async () => {
    const counts: number[] = [];
    for (const n of [3, 30]) {
      const s = await setup();
      for (let i = 0; i < n; i++) {
        const task = await createTaskRow(tdb.db, s.projectId, i % 2 ? s.areaId : s.subareaId);
        await createSubtaskRow(tdb.db, s.projectId, task.id, { status: i % 3 ? 'open' : 'closed' });
        await tdb.db.orm
          .update(tasks)
          .set({ assignedEmployeeId: assignee.id })
          .where(and(eq(tasks.id, task.id), sql`${i % 2} = 1`));
      }
      const url = `/api/projects/${s.projectId}/tasks?perPage=100&areaId=${s.deckId}&q=task`;
      await manager.get(url);
      const { result, count } = await countQueries(tdb.db, () => manager.get(url));
      expect(result.json().data).toHaveLength(n);
      counts.push(count);
    }
    expect(counts[1]).toBe(counts[0]);
    // The session, then the page with its total in one statement.
    expect(counts[0]).toBe(2);
  });
});
