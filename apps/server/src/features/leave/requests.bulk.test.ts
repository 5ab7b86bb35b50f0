import type { BulkRun } from '@app/shared/bulk/bulk';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { leaveLines, leaveRequests } from '../../db/schema';
import { createScheduleRow } from '../hours/hours.fixtures';
import { createContractRow, createLeaveTypeRow } from './leave.fixtures';

// Today is Saturday 21 November 2026 (the test clock); 2026-12-07 to 11 is a full working week.

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let client: Agent;
let acting: Agent;
let manager: Agent;
let hoursMgr: Agent;
let approver: Agent;
let approverFx: EmployeeFixture;
let approverName: string;
let holiday: number;
/** Needs approval, does not count against the balance (the job runs approve many of one person's days). */
let special: number;

interface Person {
  fx: EmployeeFixture;
  agent: Agent;
  id: number;
}

async function person(o: { from?: string; permissions?: [] } = {}): Promise<Person> {
  const fx = await createEmployee(tdb.db, { firstName: 'Mees' });
  await withContract(fx, o.from);
  return { fx, agent: await t.signIn(fx), id: fx.employeeId };
}

async function withContract(fx: EmployeeFixture, from = '2026-01-01') {
  await createContractRow(tdb.db, { employeeId: fx.employeeId, startsOn: from, minutesPerWeek: 2400 });
  await createScheduleRow(tdb.db, { employeeId: fx.employeeId });
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  approverName = `Anna${Date.now().toString(36)}`;
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['leave.manage'] },
      hoursMgr: { permissions: ['hours.manage'] },
      approver: { permissions: ['leave.approve'], firstName: approverName },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'leave.approve'] } },
    anon: true,
  });
  ({ manager, hoursMgr, approver, anon, client, acting } = cast);
  approverFx = cast.approver.fx;
  await withContract(approverFx);
  holiday = (await createLeaveTypeRow(tdb.db, { name: 'Vakantie', code: 'VAK' })).id;
  special = (await createLeaveTypeRow(tdb.db, { name: 'Studieverlof', code: 'STU', countsAgainstBalance: false })).id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function request(who: Agent, body: Record<string, unknown>): Promise<{ id: number; version: number }> {
  const res = await who.post('/api/leave-requests', { leaveTypeId: holiday, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const week50 = { startsOn: '2026-12-07', endsOn: '2026-12-11' };

async function storedRequests(ids: number[]) {
  const rows = await tdb.db.orm.select().from(leaveRequests).where(inArray(leaveRequests.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
const linesOf = (requestId: number) => tdb.db.orm.select().from(leaveLines).where(eq(leaveLines.requestId, requestId));
/** The label a skipped request gets: the person and the days. */
async function labelOf(who: Agent, id: number) {
  const r = (await who.get(`/api/leave-requests/${id}`)).json().data;
  return `${r.employee.name}, ${r.startsOn === r.endsOn ? r.startsOn : `${r.startsOn} – ${r.endsOn}`}`;
}

const APPROVE = '/api/leave-requests/bulk/approve';
const DENY = '/api/leave-requests/bulk/deny';

describe('bulk approve and deny: who may and hostile input', () => {
  it('answers 401 anonymous, 403 to the portal view and without leave.approve (leave.manage, hours.manage, the employee)', async () => {
    const p = await person();
    const r = await request(p.agent, week50);
    for (const [path, params] of [
      [APPROVE, {}],
      [DENY, { reason: 'Te druk' }],
    ] as const) {
      const body = { selection: { ids: [r.id] }, params };
      expect((await anon.post(path, body)).statusCode).toBe(401);
      for (const who of [client, acting, manager, hoursMgr, p.agent]) {
        const res = await who.post(path, body);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect((await storedRequests([r.id])).get(r.id)).toMatchObject({ status: 'pending', version: 1 });
  });

  it('refuses a bad selection, a bad list query and bad params (deny without a reason) with 400, changing nothing', async () => {
    const p = await person();
    const r = await request(p.agent, week50);
    const ids = { ids: [r.id] };
    const bad: [string, unknown, string?][] = [
      [APPROVE, { selection: { ids: [0] } }],
      [APPROVE, { selection: { all: true, query: { status: 'maybe' } } }, 'selection.query.status'],
      [APPROVE, { selection: { all: true, query: { year: '1990' } } }, 'selection.query.year'],
      [APPROVE, { selection: { all: true, query: { employeeId: 'me' } } }, 'selection.query.employeeId'],
      [APPROVE, { selection: ids, params: { reason: 'x'.repeat(1001) } }],
      [APPROVE, { selection: ids, params: { reason: 'ok', version: 1 } }],
      [DENY, { selection: ids }],
      [DENY, { selection: ids, params: {} }],
      [DENY, { selection: ids, params: { reason: '   ' } }],
      [DENY, { selection: ids, params: { reason: 7 } }],
    ];
    for (const [path, body, field] of bad) {
      const res = await approver.post(path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(res.json().fieldErrors)).toContain(field);
    }
    expect((await storedRequests([r.id])).get(r.id)).toMatchObject({ status: 'pending', version: 1 });
    expect(await linesOf(r.id)).toEqual([]);
  });
});

describe('POST /api/leave-requests/bulk/approve', () => {
  it("approves the ticked pending requests, reporting one's own, a decided one, one over the balance and a missing one", async () => {
    const p = await person();
    const q = await person({ from: '2026-11-01' }); // 2005 minutes of entitlement this year
    const a = await request(p.agent, week50);
    const b = await request(p.agent, { startsOn: '2026-12-14', endsOn: '2026-12-14' });
    const approved = await request(p.agent, { startsOn: '2026-12-15', endsOn: '2026-12-15' });
    expect((await approver.post(`/api/leave-requests/${approved.id}/approve`, { version: 1 })).statusCode).toBe(200);
    const denied = await request(p.agent, { startsOn: '2026-12-16', endsOn: '2026-12-16' });
    expect((await approver.post(`/api/leave-requests/${denied.id}/deny`, { version: 1, reason: 'Nee' })).statusCode).toBe(200);
    const over = await request(q.agent, { startsOn: '2026-12-07', endsOn: '2026-12-09' }); // 1440
    await tdb.db.orm.insert(leaveLines).values({ employeeId: q.id, date: '2026-11-02', kind: 'correction', minutes: -1000 });
    const mine = await request(approver, { startsOn: '2026-12-01', endsOn: '2026-12-01' });

    const res = await approver.post(APPROVE, {
      selection: { ids: [a.id, mine.id, b.id, approved.id, denied.id, over.id, 2_147_483_000] },
      params: { reason: 'Veel plezier' },
    });
    expect(res.statusCode).toBe(200);
    const run: BulkRun = res.json().data;
    expect(run).toMatchObject({ action: 'leave-requests.approve', status: 'done', total: 7, done: 7, changed: 2 });
    expect(run.skipped).toEqual([
      { id: mine.id, label: await labelOf(approver, mine.id), code: 'FORBIDDEN' },
      { id: denied.id, label: await labelOf(approver, denied.id), code: 'LEAVE_REQUEST_DECIDED' },
      { id: over.id, label: await labelOf(approver, over.id), code: 'LEAVE_OVER_BALANCE' },
      { id: 2_147_483_000, label: null, code: 'LEAVE_REQUEST_NOT_FOUND' },
    ]);
    const rows = await storedRequests([a.id, b.id, approved.id, denied.id, over.id, mine.id]);
    expect(rows.get(a.id)).toMatchObject({
      status: 'approved',
      decisionReason: 'Veel plezier',
      decidedBy: approverFx.accountId,
      version: 2,
    });
    expect(rows.get(b.id)).toMatchObject({ status: 'approved', version: 2 });
    expect(rows.get(approved.id)?.version).toBe(2);
    expect(rows.get(denied.id)).toMatchObject({ status: 'denied', version: 2 });
    expect(rows.get(over.id)).toMatchObject({ status: 'pending', version: 1 });
    expect(rows.get(mine.id)).toMatchObject({ status: 'pending', version: 1 });
    expect(await linesOf(a.id)).toHaveLength(5);
    expect(await linesOf(b.id)).toHaveLength(1);
    expect(await linesOf(over.id)).toEqual([]);
    expect(await linesOf(mine.id)).toEqual([]);

    const history = await approver.get(`/api/history/leave_request/${a.id}`);
    expect(history.statusCode).toBe(200);
    const entry = history.json().data.find((e: { event: string | null }) => e.event === 'leave_request.approved');
    expect(entry.changes).toContainEqual({ field: 'status', old: 'pending', new: 'approved' });
    expect(entry.actor.name).toContain(approverName);
  });

  it('with "all matching" approves only the pending requests of the filtered person', async () => {
    const p = await person();
    const other = await person();
    const a = await request(p.agent, week50);
    const b = await request(p.agent, { startsOn: '2026-12-14', endsOn: '2026-12-15' });
    const elsewhere = await request(other.agent, week50);
    const res = await approver.post(APPROVE, {
      selection: { all: true, query: { employeeId: String(p.id), status: 'pending', year: '2026' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, changed: 2, skipped: [] });
    const rows = await storedRequests([a.id, b.id, elsewhere.id]);
    expect(rows.get(a.id)?.status).toBe('approved');
    expect(rows.get(b.id)?.status).toBe('approved');
    expect(rows.get(elsewhere.id)).toMatchObject({ status: 'pending', version: 1 });
  });
});

describe('POST /api/leave-requests/bulk/deny', () => {
  it('denies the ticked pending requests with one reason, no lines written; an approved one is reported', async () => {
    const p = await person();
    const a = await request(p.agent, week50);
    const b = await request(p.agent, { startsOn: '2026-12-14', endsOn: '2026-12-14' });
    const approved = await request(p.agent, { startsOn: '2026-12-15', endsOn: '2026-12-15' });
    expect((await approver.post(`/api/leave-requests/${approved.id}/approve`, { version: 1 })).statusCode).toBe(200);
    const res = await approver.post(DENY, {
      selection: { ids: [a.id, approved.id, b.id] },
      params: { reason: ' Te druk in december ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ action: 'leave-requests.deny', changed: 2 });
    expect(res.json().data.skipped).toEqual([
      { id: approved.id, label: await labelOf(approver, approved.id), code: 'LEAVE_REQUEST_DECIDED' },
    ]);
    const rows = await storedRequests([a.id, b.id, approved.id]);
    expect(rows.get(a.id)).toMatchObject({ status: 'denied', decisionReason: 'Te druk in december', version: 2 });
    expect(rows.get(b.id)).toMatchObject({ status: 'denied', decisionReason: 'Te druk in december' });
    expect(rows.get(approved.id)).toMatchObject({ status: 'approved', version: 2 });
    expect(await linesOf(a.id)).toEqual([]);
  });
});

describe('bulk decisions on more than 100 requests', () => {
  it('run as a job: 202, then progress to done, for approve and for deny', async () => {
    const jt = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const who = await jt.signIn(await createEmployee(tdb.db, { permissions: ['leave.approve'] }));
      for (const [path, action, outcome] of [
        [APPROVE, 'leave-requests.approve', 'approved'],
        [DENY, 'leave-requests.deny', 'denied'],
      ] as const) {
        const p = await person();
        const day = (i: number) => new Date(Date.UTC(2027, 0, 1 + i)).toISOString().slice(0, 10);
        const rows = await tdb.db.orm
          .insert(leaveRequests)
          .values(
            Array.from({ length: 103 }, (_, i) => ({
              employeeId: p.id,
              leaveTypeId: special,
              startsOn: day(i),
              endsOn: day(i),
              minutes: 480,
            })),
          )
          .returning({ id: leaveRequests.id });
        const res = await who.post(path, {
          selection: { all: true, query: { employeeId: String(p.id) } },
          params: { reason: 'Bulk' },
        });
        expect(res.statusCode, res.body).toBe(202);
        const started: BulkRun = res.json().data;
        expect(started).toMatchObject({ action, status: 'running', total: 103, done: 0 });
        await jt.jobs?.drain();
        const end = (await who.get(`/api/bulk-runs/${started.id}`)).json().data;
        expect(end).toMatchObject({ status: 'done', total: 103, done: 103, changed: 103, skipped: [] });
        const stored = await storedRequests(rows.map((r) => r.id));
        expect([...stored.values()].every((r) => r.status === outcome)).toBe(true);
      }
    } finally {
      await jt.close();
    }
  }, 240_000);
});
