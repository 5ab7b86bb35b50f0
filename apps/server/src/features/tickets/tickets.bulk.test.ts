import type { BulkRun } from '@app/shared/bulk/bulk';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { tasks, tickets } from '../../db/schema';
import { createAreaRow, createProjectRow, createTaskRow, createTicketRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerName: string;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;

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
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function storedTickets(ids: number[]) {
  const rows = await tdb.db.orm.select().from(tickets).where(inArray(tickets.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A project with an area and a task in open_ticket (pending before it) with an open ticket on it. */
async function ticketOnTask(o: { deleted?: boolean; description?: string } = {}) {
  const p = await createProjectRow(tdb.db, { deleted: o.deleted ?? false });
  const area = await createAreaRow(tdb.db, p.id);
  const task = await createTaskRow(tdb.db, p.id, area.id, { status: 'open_ticket' });
  await tdb.db.orm.update(tasks).set({ statusBeforeTicket: 'pending' }).where(eq(tasks.id, task.id));
  const ticket = await createTicketRow(tdb.db, p.id, {
    taskId: task.id,
    ...(o.description ? { description: o.description } : {}),
  });
  return { projectId: p.id, taskId: task.id, ticket };
}

const PATH = '/api/tickets/bulk/close';

describe('POST /api/tickets/bulk/close: who may and hostile input', () => {
  it('answers 401 anonymous, 403 to a viewer, without a projects right, to a company user and one acting as a company', async () => {
    const { ticket } = await ticketOnTask();
    const body = { selection: { ids: [ticket.id] }, params: {} };
    expect((await anon.post(PATH, body)).statusCode).toBe(401);
    for (const who of [viewer, noPerm, client, acting]) {
      const res = await who.post(PATH, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await storedTickets([ticket.id])).get(ticket.id)).toMatchObject({ status: 'open', version: 1 });
  });

  it('refuses a bad selection, a bad list query and bad params with 400, changing nothing', async () => {
    const { ticket } = await ticketOnTask();
    const bad: [unknown, string?][] = [
      [{}],
      [{ selection: { ids: [] } }],
      [{ selection: { ids: [-1] } }],
      [{ selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) } }],
      [{ selection: { all: true } }],
      [{ selection: { all: true, query: { tab: 'someday' } } }, 'selection.query.tab'],
      [{ selection: { all: true, query: { projectId: '0' } } }, 'selection.query.projectId'],
      [{ selection: { all: true, query: { priority: ['high', 'low'] } } }, 'selection.query.priority'],
      [{ selection: { ids: [ticket.id] }, params: { reason: 'done' } }],
    ];
    for (const [body, field] of bad) {
      const res = await manager.post(PATH, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(res.json().fieldErrors)).toContain(field);
    }
    expect((await storedTickets([ticket.id])).get(ticket.id)).toMatchObject({ status: 'open', version: 1 });
  });
});

describe('POST /api/tickets/bulk/close', () => {
  it('closes the ticked tickets (their tasks return), leaves a closed one, skips a deleted project and a missing id', async () => {
    const a = await ticketOnTask();
    const b = await ticketOnTask();
    const p = await createProjectRow(tdb.db);
    const closed = await createTicketRow(tdb.db, p.id, { status: 'closed' });
    const gone = await ticketOnTask({ deleted: true, description: 'Scratched door' });
    const res = await manager.post(PATH, {
      selection: { ids: [a.ticket.id, gone.ticket.id, b.ticket.id, closed.id, 2_147_483_000] },
    });
    expect(res.statusCode).toBe(200);
    const run: BulkRun = res.json().data;
    expect(run).toMatchObject({ action: 'tickets.close', status: 'done', total: 5, changed: 2 });
    expect(run.skipped).toEqual([
      { id: gone.ticket.id, label: 'Scratched door', code: 'PROJECT_DELETED' },
      { id: 2_147_483_000, label: null, code: 'TICKET_NOT_FOUND' },
    ]);
    const rows = await storedTickets([a.ticket.id, b.ticket.id, closed.id, gone.ticket.id]);
    expect(rows.get(a.ticket.id)).toMatchObject({ status: 'closed', version: 2 });
    expect(rows.get(b.ticket.id)).toMatchObject({ status: 'closed', version: 2 });
    expect(rows.get(closed.id)?.version).toBe(1);
    expect(rows.get(gone.ticket.id)).toMatchObject({ status: 'open', version: 1 });
    const taskRows = await tdb.db.orm
      .select()
      .from(tasks)
      .where(inArray(tasks.id, [a.taskId, gone.taskId]));
    expect(taskRows.find((r) => r.id === a.taskId)?.status).toBe('pending');
    expect(taskRows.find((r) => r.id === gone.taskId)?.status).toBe('open_ticket');

    const history = await manager.get(`/api/history/ticket/${a.ticket.id}`);
    expect(history.statusCode).toBe(200);
    const entry = history.json().data.find((e: { event: string | null }) => e.event === 'ticket.closed');
    expect(entry.changes).toContainEqual({ field: 'status', old: 'open', new: 'closed' });
    expect(entry.actor.name).toContain(managerName);
  });

  it('with "all matching" closes only the open tickets of the filtered project', async () => {
    const one = await ticketOnTask();
    const p = await createProjectRow(tdb.db);
    const second = await createTicketRow(tdb.db, one.projectId, { description: 'Loose handle' });
    const elsewhere = await createTicketRow(tdb.db, p.id);
    const res = await manager.post(PATH, { selection: { all: true, query: { tab: 'open', projectId: String(one.projectId) } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, changed: 2, skipped: [] });
    const rows = await storedTickets([one.ticket.id, second.id, elsewhere.id]);
    expect(rows.get(one.ticket.id)?.status).toBe('closed');
    expect(rows.get(second.id)?.status).toBe('closed');
    expect(rows.get(elsewhere.id)).toMatchObject({ status: 'open', version: 1 });
  });

  it('runs more than 100 rows as a job: 202, then progress to done', async () => {
    const jt = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const who = await jt.signIn(await createEmployee(tdb.db, { permissions: ['projects.manage'] }));
      const p = await createProjectRow(tdb.db);
      const rows = await tdb.db.orm
        .insert(tickets)
        .values(Array.from({ length: 103 }, (_, i) => ({ projectId: p.id, description: `Ticket ${i}`, status: 'open' as const })))
        .returning({ id: tickets.id });
      const res = await who.post(PATH, { selection: { all: true, query: { projectId: String(p.id) } } });
      expect(res.statusCode).toBe(202);
      const started: BulkRun = res.json().data;
      expect(started).toMatchObject({ action: 'tickets.close', status: 'running', total: 103, done: 0 });
      await jt.jobs?.drain();
      const end = (await who.get(`/api/bulk-runs/${started.id}`)).json().data;
      expect(end).toMatchObject({ status: 'done', total: 103, done: 103, changed: 103, skipped: [] });
      const stored = await storedTickets(rows.map((r) => r.id));
      expect([...stored.values()].every((r) => r.status === 'closed')).toBe(true);
    } finally {
      await jt.close();
    }
  }, 120_000);
});
