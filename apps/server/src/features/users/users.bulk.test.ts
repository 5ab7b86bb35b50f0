import type { BulkRun } from '@app/shared/bulk/bulk';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { employees } from '../../db/schema';

let tdb: TestDatabase;
let t: TestApp;
let hr: Agent;
let hrFx: EmployeeFixture;
let hrName: string;
let viewer: Agent;
let plain: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  hrName = `Hanna${Date.now().toString(36)}`;
  const cast = await castOf(t, {
    staff: {
      hr: { permissions: ['users.manage'], firstName: hrName },
      viewer: { permissions: ['hours.manage'] },
      plain: { permissions: [] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'users.manage'] } },
    anon: true,
  });
  ({ hr, viewer, plain, client, acting, anon } = cast);
  hrFx = cast.hr.fx;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const tag = () => `Bw${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function storedEmployees(ids: number[]) {
  const rows = await tdb.db.orm.select().from(employees).where(inArray(employees.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
async function fullName(id: number) {
  const row = (await storedEmployees([id])).get(id);
  return `${row?.firstName} ${row?.lastName}`;
}

const PATH = '/api/users/bulk/deactivate';

describe('POST /api/users/bulk/deactivate: who may and hostile input', () => {
  it('answers 401 anonymous, 403 without users.manage, to a company user and one acting as a company', async () => {
    const e = await createEmployee(tdb.db);
    const body = { selection: { ids: [e.employeeId] } };
    expect((await anon.post(PATH, body)).statusCode).toBe(401);
    for (const who of [viewer, plain, client, acting]) {
      const res = await who.post(PATH, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await storedEmployees([e.employeeId])).get(e.employeeId)).toMatchObject({ deletedAt: null, version: 1 });
  });

  it('refuses a bad selection, a bad list query and bad params with 400, changing nothing', async () => {
    const e = await createEmployee(tdb.db);
    const bad: [unknown, string?][] = [
      [{ selection: { ids: [] } }],
      [{ selection: { ids: [e.employeeId, 'x'] } }],
      [{ selection: { ids: [2_147_483_648] } }],
      [{ selection: { all: true, query: { tab: 'everyone' } } }, 'selection.query.tab'],
      [{ selection: { all: true, query: { sort: 'salary' } } }, 'selection.query.sort'],
      [{ selection: { all: true, query: { q: 'x'.repeat(201) } } }, 'selection.query.q'],
      [{ selection: { ids: [e.employeeId] }, params: { notify: true } }],
      [{ selection: { ids: [e.employeeId] }, version: 1 }],
    ];
    for (const [body, field] of bad) {
      const res = await hr.post(PATH, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      if (field) expect(Object.keys(res.json().fieldErrors)).toContain(field);
    }
    expect((await storedEmployees([e.employeeId])).get(e.employeeId)).toMatchObject({ deletedAt: null, version: 1 });
  });
});

describe('POST /api/users/bulk/deactivate', () => {
  it('deactivates the ticked employees (their sessions end), refuses oneself, leaves a deactivated one, and shows in history', async () => {
    const aFx = await createEmployee(tdb.db);
    const a = await t.signIn(aFx);
    const b = await createEmployee(tdb.db);
    const before = await createEmployee(tdb.db);
    await tdb.db.orm.update(employees).set({ deletedAt: new Date(), version: 2 }).where(eq(employees.id, before.employeeId));
    const res = await hr.post(PATH, {
      selection: { ids: [aFx.employeeId, hrFx.employeeId, b.employeeId, before.employeeId, 2_147_483_000] },
      params: {},
    });
    expect(res.statusCode).toBe(200);
    const run: BulkRun = res.json().data;
    expect(run).toMatchObject({ action: 'employees.deactivate', status: 'done', total: 5, changed: 2 });
    expect(run.skipped).toEqual([
      { id: hrFx.employeeId, label: await fullName(hrFx.employeeId), code: 'EMPLOYEE_SELF' },
      { id: 2_147_483_000, label: null, code: 'EMPLOYEE_NOT_FOUND' },
    ]);
    const rows = await storedEmployees([aFx.employeeId, b.employeeId, before.employeeId, hrFx.employeeId]);
    expect(rows.get(aFx.employeeId)?.deletedAt).not.toBeNull();
    expect(rows.get(aFx.employeeId)?.version).toBe(2);
    expect(rows.get(b.employeeId)?.deletedAt).not.toBeNull();
    expect(rows.get(before.employeeId)?.version).toBe(2);
    expect(rows.get(hrFx.employeeId)).toMatchObject({ deletedAt: null, version: 1 });
    // The deactivated employee's session ended with the change; the one who ran it is still signed in.
    expect((await a.get('/api/user/current')).statusCode).toBe(401);
    expect((await hr.get('/api/users')).statusCode).toBe(200);

    const history = await hr.get(`/api/history/employee/${b.employeeId}`);
    expect(history.statusCode).toBe(200);
    const entry = history
      .json()
      .data.find(
        (e: { event: string | null; changes: { field: string }[] }) =>
          e.event === 'employee.deactivated' && e.changes.some((c) => c.field === 'deleted_at'),
      );
    expect(entry).toBeDefined();
    expect(entry.actor.name).toContain(hrName);
  });

  it('with "all matching" deactivates only the active employees the search finds, oneself skipped', async () => {
    const name = tag();
    const match = [await createEmployee(tdb.db, { firstName: name }), await createEmployee(tdb.db, { firstName: name })];
    const other = await createEmployee(tdb.db, { firstName: tag() });
    const res = await hr.post(PATH, { selection: { all: true, query: { tab: 'active', q: name, sort: '-name' } } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, changed: 2, skipped: [] });
    const rows = await storedEmployees([...match.map((m) => m.employeeId), other.employeeId]);
    for (const m of match) expect(rows.get(m.employeeId)?.deletedAt).not.toBeNull();
    expect(rows.get(other.employeeId)).toMatchObject({ deletedAt: null, version: 1 });

    // The whole active tab includes oneself: reported, not deactivated.
    const mine = await hr.post(PATH, { selection: { all: true, query: { q: hrName } } });
    expect(mine.json().data).toMatchObject({ total: 1, changed: 0, skipped: [{ id: hrFx.employeeId, code: 'EMPLOYEE_SELF' }] });
  });

  it('runs more than 100 rows as a job: 202, then progress to done', async () => {
    const jt = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const who = await jt.signIn(await createEmployee(tdb.db, { permissions: ['users.manage'] }));
      const name = tag();
      const ids: number[] = [];
      for (let i = 0; i < 103; i++) ids.push((await createEmployee(tdb.db, { firstName: name })).employeeId);
      const res = await who.post(PATH, { selection: { all: true, query: { q: name } } });
      expect(res.statusCode).toBe(202);
      const started: BulkRun = res.json().data;
      expect(started).toMatchObject({ action: 'employees.deactivate', status: 'running', total: 103, done: 0 });
      await jt.jobs?.drain();
      const end = (await who.get(`/api/bulk-runs/${started.id}`)).json().data;
      expect(end).toMatchObject({ status: 'done', total: 103, done: 103, changed: 103, skipped: [] });
      const stored = await storedEmployees(ids);
      expect([...stored.values()].every((r) => r.deletedAt !== null)).toBe(true);
    } finally {
      await jt.close();
    }
  }, 120_000);
});
