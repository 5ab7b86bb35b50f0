import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow, createTicketRow } from './projects.fixtures';

// The roll-ups and the tree order that the lists read instead of counting or ranking per request
// (migration 0007): tasks.subtasks_total, subtasks_done and open_tickets, kept by statement
// triggers on subtasks and tickets; project_areas.tree_rank, kept by a trigger on project_areas.

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const m = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
  manager = t.agent();
  await manager.login(m.email, m.password);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** Tasks whose kept counts differ from a count of their rows: none, whatever was written. */
async function driftedTasks(): Promise<unknown[]> {
  return tdb.db.raw.query(`
    SELECT t.id, t.subtasks_total, t.subtasks_done, t.open_tickets, c.total, c.done, c.open
      FROM tasks t
      CROSS JOIN LATERAL (SELECT (SELECT count(*) FROM subtasks s WHERE s.task_id = t.id)::int AS total,
                                 (SELECT count(*) FROM subtasks s WHERE s.task_id = t.id AND s.status = 'closed')::int AS done,
                                 (SELECT count(*) FROM tickets k WHERE k.task_id = t.id AND k.status = 'open')::int AS open) c
     WHERE (t.subtasks_total, t.subtasks_done, t.open_tickets) IS DISTINCT FROM (c.total, c.done, c.open)`);
}

async function counts(taskId: number) {
  const rows = await tdb.db.raw.query<{ total: number; done: number; open: number }>(
    'SELECT subtasks_total AS total, subtasks_done AS done, open_tickets AS open FROM tasks WHERE id = $1',
    [taskId],
  );
  return rows[0];
}

async function versionOf(table: 'tasks' | 'subtasks' | 'tickets', id: number): Promise<number> {
  const rows = await tdb.db.raw.query<{ version: number }>(`SELECT version FROM ${table} WHERE id = $1`, [id]);
  return rows[0]?.version ?? 0;
}

describe('task roll-ups kept by the database', () => {
  it('stay equal to a count of the rows through the API and through plain SQL, and leave the task version alone', async () => {
    const project = await createProjectRow(tdb.db);
    const area = await createAreaRow(tdb.db, project.id, { kind: 'area', number: '1', name: 'Lobby' });
    const a = await createTaskRow(tdb.db, project.id, area.id);
    const b = await createTaskRow(tdb.db, project.id, area.id);
    const base = `/api/projects/${project.id}`;

    const made = await manager.post(`${base}/tasks/${a.id}/subtasks`, { name: 'Wandlamp', orderLines: [] });
    expect(made.statusCode).toBe(201);
    const subId = made.json().data.id as number;
    await createSubtaskRow(tdb.db, project.id, a.id, { status: 'closed' });
    expect(await counts(a.id)).toEqual({ total: 2, done: 1, open: 0 });

    const closed = await manager.post(`${base}/subtasks/${subId}/close`, { version: await versionOf('subtasks', subId) });
    expect(closed.statusCode).toBe(200);
    expect(await counts(a.id)).toEqual({ total: 2, done: 2, open: 0 });
    // Renaming changes no count: the task is not written.
    const taskVersion = await versionOf('tasks', a.id);
    const renamed = await manager.patch(`${base}/subtasks/${subId}`, {
      name: 'Wandlamp links',
      orderLines: [],
      version: await versionOf('subtasks', subId),
    });
    expect(renamed.statusCode).toBe(200);
    const copied = await manager.post(`${base}/subtasks/${subId}/copy`, { version: await versionOf('subtasks', subId) });
    expect(copied.statusCode).toBe(201);
    expect(await counts(a.id)).toEqual({ total: 3, done: 2, open: 0 });
    // A kept count is not an edit: the task's version (what the editor saves against) stays.
    expect(await versionOf('tasks', a.id)).toBe(taskVersion);

    const ticket = await manager.post(`${base}/tickets`, { taskId: a.id, description: 'Lamp defect' });
    expect(ticket.statusCode).toBe(201);
    await createTicketRow(tdb.db, project.id, { taskId: b.id });
    await createTicketRow(tdb.db, project.id, { taskId: b.id, status: 'closed' });
    expect(await counts(a.id)).toMatchObject({ open: 1 });
    expect(await counts(b.id)).toMatchObject({ open: 1 });
    const ticketId = ticket.json().data.id as number;
    const shut = await manager.post(`${base}/tickets/${ticketId}/close`, { version: await versionOf('tickets', ticketId) });
    expect(shut.statusCode).toBe(200);
    expect(await counts(a.id)).toMatchObject({ open: 0 });

    // Plain SQL over many rows at once: moves between tasks, status flips, deletes.
    await tdb.db.raw.exec(`
      UPDATE subtasks SET task_id = ${b.id} WHERE task_id = ${a.id} AND status = 'closed';
      UPDATE subtasks SET status = CASE status WHEN 'open' THEN 'closed' ELSE 'open' END WHERE project_id = ${project.id};
      UPDATE tickets SET task_id = ${a.id}, status = 'open' WHERE project_id = ${project.id};
      DELETE FROM tickets WHERE id = ${ticketId};`);
    expect(await driftedTasks()).toEqual([]);
    expect(await counts(b.id)).toMatchObject({ total: 2, done: 0 });

    const removed = await manager.delete(`${base}/subtasks/${subId}?version=${await versionOf('subtasks', subId)}`);
    expect(removed.statusCode).toBe(204);
    await tdb.db.raw.exec(`DELETE FROM tasks WHERE id = ${b.id}`);
    expect(await driftedTasks()).toEqual([]);
  });

  it('are rolled back with the write that failed', async () => {
    const project = await createProjectRow(tdb.db);
    const area = await createAreaRow(tdb.db, project.id, { kind: 'area', number: '1', name: 'Lobby' });
    const task = await createTaskRow(tdb.db, project.id, area.id);
    await expect(
      tdb.db.raw.exec(`BEGIN;
        INSERT INTO subtasks (task_id, project_id, name) VALUES (${task.id}, ${project.id}, 'A');
        INSERT INTO subtasks (task_id, project_id, name, amount) VALUES (${task.id}, ${project.id}, 'B', -1);
        COMMIT;`),
    ).rejects.toThrow();
    await tdb.db.raw.exec('ROLLBACK').catch(() => {});
    expect(await counts(task.id)).toEqual({ total: 0, done: 0, open: 0 });
  });
});

describe('the tree order of areas', () => {
  async function areaIds(projectId: number): Promise<number[]> {
    const res = await manager.get(`/api/projects/${projectId}/areas`);
    expect(res.statusCode).toBe(200);
    const { decks, areas } = res.json().data as { decks: { id: number }[]; areas: { id: number }[] };
    return [...decks, ...areas].map((r) => r.id);
  }
  async function taskAreas(projectId: number): Promise<number[]> {
    const res = await manager.get(`/api/projects/${projectId}/tasks?perPage=100`);
    expect(res.statusCode).toBe(200);
    return (res.json().data as { areaId: number }[]).map((r) => r.areaId);
  }

  it('follows numbers naturally, is kept when an area is renumbered, moved or removed, and the task list follows it', async () => {
    const project = await createProjectRow(tdb.db);
    const d2 = await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '2', name: 'Deck 2' });
    const d1 = await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '1', name: 'Deck 1' });
    await tdb.db.raw.exec(
      `UPDATE project_areas SET sort_order = 0 WHERE id = ${d1.id}; UPDATE project_areas SET sort_order = 1 WHERE id = ${d2.id}`,
    );
    const a10 = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: d1.id, number: 'A10', name: 'Hut' });
    const a2 = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: d1.id, number: 'a2', name: 'Hut' });
    const b1 = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: d2.id, number: '5001', name: 'Hut' });
    const loose = await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: null, number: '', name: 'Terras' });
    const sub = await createAreaRow(tdb.db, project.id, { kind: 'subarea', parentId: a2.id, number: '', name: 'Badkamer' });
    for (const area of [loose, b1, sub, a10, a2]) await createTaskRow(tdb.db, project.id, area.id);

    expect(await areaIds(project.id)).toEqual([d1.id, d2.id, a2.id, a10.id, b1.id, loose.id]);
    expect(await taskAreas(project.id)).toEqual([a2.id, sub.id, a10.id, b1.id, loose.id]);

    // Renumbered: A10 becomes A1 and goes first; moved to deck 2 it follows 5001 (digits before letters).
    await tdb.db.raw.exec(`UPDATE project_areas SET number = 'A1' WHERE id = ${a10.id}`);
    expect(await taskAreas(project.id)).toEqual([a10.id, a2.id, sub.id, b1.id, loose.id]);
    await tdb.db.raw.exec(`UPDATE project_areas SET parent_id = ${d2.id} WHERE id = ${a10.id}`);
    expect(await taskAreas(project.id)).toEqual([a2.id, sub.id, b1.id, a10.id, loose.id]);
    // Decks swap places by their sort order.
    await tdb.db.raw.exec(`UPDATE project_areas SET sort_order = 5 WHERE id = ${d1.id}`);
    expect(await areaIds(project.id)).toEqual([d2.id, d1.id, b1.id, a10.id, a2.id, loose.id]);
    // Removing a row keeps the order of the others.
    await tdb.db.raw.exec(`DELETE FROM project_areas WHERE id = ${b1.id}`);
    expect(await taskAreas(project.id)).toEqual([a10.id, a2.id, sub.id, loose.id]);
    // A task moved to another area takes that area's place in the list.
    await tdb.db.raw.exec(`UPDATE tasks SET area_id = ${a10.id} WHERE area_id = ${loose.id}`);
    expect(await taskAreas(project.id)).toEqual([a10.id, a10.id, a2.id, sub.id]);
    // Every task carries its area's rank (tasks.area_rank, what the list walks).
    const stale = await tdb.db.raw.query<{ id: number }>(
      `SELECT t.id FROM tasks t JOIN project_areas a ON a.id = t.area_id WHERE t.area_rank <> a.tree_rank`,
    );
    expect(stale).toEqual([]);
  });
});
