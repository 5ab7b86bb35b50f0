import type { BulkRun } from '@app/shared/bulk/bulk';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { employees, projectEvents, projects, taskAttachments, tasks } from '../../db/schema';
import { createAreaRow, createFileRow, createProjectRow, createTaskRow, createTicketRow } from './projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerName: string;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let assignee: EmployeeFixture;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  managerName = `Mila${Date.now().toString(36)}`;
  ({ manager, viewer, noPerm, client, acting, anon } = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'], firstName: managerName },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['products.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.manage'] } },
    anon: true,
  }));
  assignee = await createEmployee(tdb.db, { firstName: 'Pieter' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const tag = () => `bw${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function storedProjects(ids: number[]) {
  const rows = await tdb.db.orm.select().from(projects).where(inArray(projects.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
async function storedTasks(ids: number[]) {
  const rows = await tdb.db.orm.select().from(tasks).where(inArray(tasks.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A project with one area: where tasks go. */
async function projectWithArea(o: { deleted?: boolean; name?: string } = {}) {
  const p = await createProjectRow(tdb.db, { deleted: o.deleted ?? false, ...(o.name ? { name: o.name } : {}) });
  const area = await createAreaRow(tdb.db, p.id, { number: '5001', name: 'Cabin' });
  return { projectId: p.id, areaId: area.id };
}

interface HistoryEntry {
  event: string | null;
  changes: { field: string; old: unknown; new: unknown }[];
  actor: { name: string } | null;
}

async function history(subject: string, id: number): Promise<HistoryEntry[]> {
  const res = await manager.get(`/api/history/${subject}/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const PATHS = ['/api/projects/bulk/archive', '/api/projects/bulk/restore', '/api/tasks/bulk/assign', '/api/tasks/bulk/complete'];

describe('bulk actions on projects and tasks: who may', () => {
  it('answers 401 anonymous, 403 to a viewer, without a projects right, to a company user and one acting as a company', async () => {
    const { projectId, areaId } = await projectWithArea();
    const task = await createTaskRow(tdb.db, projectId, areaId);
    for (const path of PATHS) {
      const ids = path.startsWith('/api/tasks') ? [task.id] : [projectId];
      const params = path.endsWith('assign') ? { employeeId: assignee.employeeId } : {};
      const body = { selection: { ids }, params };
      expect((await anon.post(path, body)).statusCode, path).toBe(401);
      for (const who of [viewer, noPerm, client, acting]) {
        const res = await who.post(path, body);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect((await storedProjects([projectId])).get(projectId)).toMatchObject({ status: 'active', version: 1 });
    expect((await storedTasks([task.id])).get(task.id)).toMatchObject({
      status: 'pending',
      assignedEmployeeId: null,
      version: 1,
    });
  });
});

describe('bulk actions on projects and tasks: hostile input', () => {
  it('refuses a bad selection, a bad list query and bad params with 400, changing nothing', async () => {
    const { projectId, areaId } = await projectWithArea();
    const task = await createTaskRow(tdb.db, projectId, areaId);
    const bad: [string, unknown, string?][] = [
      ['/api/projects/bulk/archive', {}],
      ['/api/projects/bulk/archive', { selection: { ids: [] } }],
      ['/api/projects/bulk/archive', { selection: { ids: [String(projectId)] } }],
      ['/api/projects/bulk/archive', { selection: { ids: [projectId], all: true } }],
      ['/api/projects/bulk/archive', { selection: { all: true, query: { tab: 'gone' } } }, 'selection.query.tab'],
      ['/api/projects/bulk/archive', { selection: { all: true, query: { sort: 'price' } } }, 'selection.query.sort'],
      ['/api/projects/bulk/restore', { selection: { all: true, query: { colour: 'red' } } }],
      ['/api/projects/bulk/restore', { selection: { ids: [projectId] }, params: { force: true } }],
      ['/api/tasks/bulk/complete', { selection: { all: true, query: { status: 'pending' } } }, 'selection.query.projectId'],
      ['/api/tasks/bulk/complete', { selection: { all: true, query: { projectId: 'x' } } }, 'selection.query.projectId'],
      ['/api/tasks/bulk/complete', { selection: { all: true, query: { projectId: String(projectId), status: 'done' } } }],
      ['/api/tasks/bulk/assign', { selection: { ids: [task.id] } }],
      ['/api/tasks/bulk/assign', { selection: { ids: [task.id] }, params: {} }],
      ['/api/tasks/bulk/assign', { selection: { ids: [task.id] }, params: { employeeId: 'x' } }],
      ['/api/tasks/bulk/assign', { selection: { ids: [task.id] }, params: { employeeId: 0 } }],
      ['/api/tasks/bulk/assign', { selection: { ids: [task.id] }, params: { employeeId: assignee.employeeId, projectId } }],
    ];
    for (const [path, body, field] of bad) {
      const res = await manager.post(path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(res.json().fieldErrors)).toContain(field);
    }
    expect((await storedProjects([projectId])).get(projectId)).toMatchObject({ status: 'active', version: 1 });
    expect((await storedTasks([task.id])).get(task.id)).toMatchObject({
      status: 'pending',
      assignedEmployeeId: null,
      version: 1,
    });
  });
});

describe('POST /api/projects/bulk/archive and /restore', () => {
  it('archives the ticked projects, leaves an archived one, skips a deleted and a missing one, and shows in history', async () => {
    const name = tag();
    const a = await createProjectRow(tdb.db, { name: `${name} a` });
    const b = await createProjectRow(tdb.db, { name: `${name} b` });
    const archived = await createProjectRow(tdb.db, { name: `${name} c`, status: 'inactive' });
    const deleted = await createProjectRow(tdb.db, { name: `${name} d`, deleted: true });
    const res = await manager.post('/api/projects/bulk/archive', {
      selection: { ids: [a.id, deleted.id, b.id, archived.id, 2_147_483_000, a.id] },
    });
    expect(res.statusCode).toBe(200);
    const run: BulkRun = res.json().data;
    expect(run).toMatchObject({ action: 'projects.archive', status: 'done', total: 5, done: 5, changed: 2 });
    expect(run.skipped).toEqual([
      { id: deleted.id, label: `${name} d`, code: 'PROJECT_DELETED' },
      { id: 2_147_483_000, label: null, code: 'PROJECT_NOT_FOUND' },
    ]);
    const rows = await storedProjects([a.id, b.id, archived.id, deleted.id]);
    expect(rows.get(a.id)).toMatchObject({ status: 'inactive', version: 2 });
    expect(rows.get(a.id)?.archivedAt).not.toBeNull();
    expect(rows.get(b.id)).toMatchObject({ status: 'inactive', version: 2 });
    expect(rows.get(archived.id)).toMatchObject({ status: 'inactive', version: 1 });
    expect(rows.get(deleted.id)).toMatchObject({ status: 'active', version: 1 });

    const entry = (await history('project', a.id)).find((e) => e.event === 'project.archived');
    expect(entry?.changes).toContainEqual({ field: 'status', old: 'active', new: 'inactive' });
    expect(entry?.actor?.name).toContain(managerName);
  });

  it('with "all matching" archives only the rows of the tab and search', async () => {
    const name = tag();
    const match = [
      await createProjectRow(tdb.db, { name: `${name} one` }),
      await createProjectRow(tdb.db, { name: `${name} two` }),
    ];
    const archived = await createProjectRow(tdb.db, { name: `${name} three`, status: 'inactive' });
    const other = await createProjectRow(tdb.db, { name: `Other ${tag()}` });
    const res = await manager.post('/api/projects/bulk/archive', {
      selection: { all: true, query: { tab: 'active', q: name, page: '2', perPage: '1' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, changed: 2, skipped: [] });
    const rows = await storedProjects([...match.map((m) => m.id), archived.id, other.id]);
    for (const m of match) expect(rows.get(m.id)?.status).toBe('inactive');
    expect(rows.get(archived.id)?.version).toBe(1);
    expect(rows.get(other.id)).toMatchObject({ status: 'active', version: 1 });
  });

  it('restores archived and deleted projects, leaving an active one as it is', async () => {
    const archived = await createProjectRow(tdb.db, { status: 'inactive' });
    const deleted = await createProjectRow(tdb.db, { status: 'inactive', deleted: true });
    const active = await createProjectRow(tdb.db);
    const res = await manager.post('/api/projects/bulk/restore', { selection: { ids: [archived.id, deleted.id, active.id] } });
    expect(res.json().data).toMatchObject({ action: 'projects.restore', changed: 2, skipped: [] });
    const rows = await storedProjects([archived.id, deleted.id, active.id]);
    expect(rows.get(archived.id)).toMatchObject({ status: 'active', archivedAt: null, version: 2 });
    // A deleted one comes back as it was before the delete: archived.
    expect(rows.get(deleted.id)).toMatchObject({ status: 'inactive', deletedAt: null, version: 2 });
    expect(rows.get(active.id)?.version).toBe(1);
  });

  it('runs more than 100 rows as a job: 202, then progress to done', async () => {
    const jt = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const who = await jt.signIn(await createEmployee(tdb.db, { permissions: ['projects.manage'] }));
      const name = tag();
      const rows = await tdb.db.orm
        .insert(projects)
        .values(Array.from({ length: 103 }, (_, i) => ({ name: `${name} ${i}`, status: 'active' as const, trimitId: '' })))
        .returning({ id: projects.id });
      const res = await who.post('/api/projects/bulk/archive', { selection: { all: true, query: { q: name } } });
      expect(res.statusCode).toBe(202);
      const started: BulkRun = res.json().data;
      expect(started).toMatchObject({ action: 'projects.archive', status: 'running', total: 103, done: 0 });
      await jt.jobs?.drain();
      const end = (await who.get(`/api/bulk-runs/${started.id}`)).json().data;
      expect(end).toMatchObject({ status: 'done', total: 103, done: 103, changed: 103, skipped: [] });
      const stored = await storedProjects(rows.map((r) => r.id));
      expect([...stored.values()].every((r) => r.status === 'inactive')).toBe(true);
    } finally {
      await jt.close();
    }
  }, 120_000);
});

describe('POST /api/tasks/bulk/assign', () => {
  it("assigns the ticked tasks of any project through the editor's save, keeping attachments, and skips what it may not", async () => {
    const one = await projectWithArea();
    const two = await projectWithArea();
    const gone = await projectWithArea({ deleted: true });
    const a = await createTaskRow(tdb.db, one.projectId, one.areaId, { name: 'Fit the wardrobe' });
    const b = await createTaskRow(tdb.db, two.projectId, two.areaId, { name: 'Hang the curtains' });
    const done = await createTaskRow(tdb.db, one.projectId, one.areaId, { status: 'completed' });
    const same = await createTaskRow(tdb.db, one.projectId, one.areaId);
    await tdb.db.orm.update(tasks).set({ assignedEmployeeId: assignee.employeeId }).where(eq(tasks.id, same.id));
    const locked = await createTaskRow(tdb.db, gone.projectId, gone.areaId, { name: 'In a deleted project' });
    const file = await createFileRow(tdb.db, { taskId: a.id });
    await tdb.db.orm.update(tasks).set({ notes: 'Mind the paint' }).where(eq(tasks.id, a.id));

    const res = await manager.post('/api/tasks/bulk/assign', {
      selection: { ids: [a.id, b.id, done.id, same.id, locked.id, 2_147_483_000] },
      params: { employeeId: assignee.employeeId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ action: 'tasks.assign', total: 6, changed: 3 });
    expect(res.json().data.skipped).toEqual([
      { id: locked.id, label: 'In a deleted project', code: 'PROJECT_DELETED' },
      { id: 2_147_483_000, label: null, code: 'TASK_NOT_FOUND' },
    ]);
    const rows = await storedTasks([a.id, b.id, done.id, same.id, locked.id]);
    for (const id of [a.id, b.id, done.id])
      expect(rows.get(id)).toMatchObject({ assignedEmployeeId: assignee.employeeId, version: 2 });
    expect(rows.get(a.id)).toMatchObject({ name: 'Fit the wardrobe', notes: 'Mind the paint', status: 'pending' });
    expect(rows.get(done.id)?.status).toBe('completed');
    expect(rows.get(same.id)?.version).toBe(1);
    expect(rows.get(locked.id)).toMatchObject({ assignedEmployeeId: null, version: 1 });
    const kept = await tdb.db.orm.select().from(taskAttachments).where(eq(taskAttachments.taskId, a.id));
    expect(kept.map((k) => k.fileId)).toEqual([file.id]);

    const entry = (await history('task', a.id)).find(
      (e) => e.event === 'task.updated' && e.changes.some((c) => c.field === 'assigned_employee_id'),
    );
    expect(entry?.changes).toContainEqual({ field: 'assigned_employee_id', old: null, new: assignee.employeeId });
    expect(entry?.actor?.name).toContain(managerName);

    // null takes the assignee off.
    const off = await manager.post('/api/tasks/bulk/assign', { selection: { ids: [b.id] }, params: { employeeId: null } });
    expect(off.json().data).toMatchObject({ changed: 1, skipped: [] });
    expect((await storedTasks([b.id])).get(b.id)?.assignedEmployeeId).toBeNull();
  });

  it('skips every row for an employee who is not there (deactivated), changing nothing', async () => {
    const { projectId, areaId } = await projectWithArea();
    const a = await createTaskRow(tdb.db, projectId, areaId);
    const leaver = await createEmployee(tdb.db);
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, leaver.employeeId));
    const res = await manager.post('/api/tasks/bulk/assign', {
      selection: { ids: [a.id] },
      params: { employeeId: leaver.employeeId },
    });
    expect(res.json().data).toMatchObject({
      changed: 0,
      skipped: [{ id: a.id, label: expect.any(String), code: 'EMPLOYEE_NOT_FOUND' }],
    });
    expect((await storedTasks([a.id])).get(a.id)).toMatchObject({ assignedEmployeeId: null, version: 1 });
  });

  it('with "all matching" assigns only the project\'s tasks the filter finds', async () => {
    const one = await projectWithArea();
    const other = await projectWithArea();
    const pending = [
      await createTaskRow(tdb.db, one.projectId, one.areaId),
      await createTaskRow(tdb.db, one.projectId, one.areaId),
    ];
    const completed = await createTaskRow(tdb.db, one.projectId, one.areaId, { status: 'completed' });
    const elsewhere = await createTaskRow(tdb.db, other.projectId, other.areaId);
    const res = await manager.post('/api/tasks/bulk/assign', {
      selection: { all: true, query: { projectId: String(one.projectId), status: 'pending', sort: 'name' } },
      params: { employeeId: assignee.employeeId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, changed: 2, skipped: [] });
    const rows = await storedTasks([...pending.map((p) => p.id), completed.id, elsewhere.id]);
    for (const p of pending) expect(rows.get(p.id)?.assignedEmployeeId).toBe(assignee.employeeId);
    expect(rows.get(completed.id)?.assignedEmployeeId).toBeNull();
    expect(rows.get(elsewhere.id)?.assignedEmployeeId).toBeNull();

    // A project that is not there: the list's own 404 answers, nothing runs.
    const missing = await manager.post('/api/tasks/bulk/assign', {
      selection: { all: true, query: { projectId: '2147483000' } },
      params: { employeeId: assignee.employeeId },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PROJECT_NOT_FOUND');
  });
});

describe('POST /api/tasks/bulk/complete', () => {
  it('completes pending tasks with a feed row each, leaves completed ones, skips one with an open ticket', async () => {
    const { projectId, areaId } = await projectWithArea();
    const a = await createTaskRow(tdb.db, projectId, areaId);
    const b = await createTaskRow(tdb.db, projectId, areaId);
    const done = await createTaskRow(tdb.db, projectId, areaId, { status: 'completed' });
    const ticketed = await createTaskRow(tdb.db, projectId, areaId, { status: 'open_ticket', name: 'Leaking tap' });
    await createTicketRow(tdb.db, projectId, { taskId: ticketed.id });
    const res = await manager.post('/api/tasks/bulk/complete', { selection: { ids: [a.id, ticketed.id, b.id, done.id] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ action: 'tasks.complete', changed: 2 });
    expect(res.json().data.skipped).toEqual([{ id: ticketed.id, label: 'Leaking tap', code: 'TASK_HAS_OPEN_TICKET' }]);
    const rows = await storedTasks([a.id, b.id, done.id, ticketed.id]);
    expect(rows.get(a.id)).toMatchObject({ status: 'completed', version: 2 });
    expect(rows.get(b.id)).toMatchObject({ status: 'completed', version: 2 });
    expect(rows.get(done.id)?.version).toBe(1);
    expect(rows.get(ticketed.id)).toMatchObject({ status: 'open_ticket', version: 1 });
    const feed = await tdb.db.orm
      .select({ kind: projectEvents.kind, subjectId: projectEvents.subjectId })
      .from(projectEvents)
      .where(eq(projectEvents.projectId, projectId))
      .orderBy(asc(projectEvents.id));
    expect(feed).toEqual([
      { kind: 'task.completed', subjectId: a.id },
      { kind: 'task.completed', subjectId: b.id },
    ]);
    const entry = (await history('task', b.id)).find((e) => e.event === 'task.completed');
    expect(entry?.changes).toContainEqual({ field: 'status', old: 'pending', new: 'completed' });
  });
});
