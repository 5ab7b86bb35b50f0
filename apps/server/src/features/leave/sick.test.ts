import type { ScheduleDays } from '@app/shared/hours/schedules.rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { leaveLines, sickPeriods } from '../../db/schema';
import { createScheduleRow, FULL_TIME } from '../hours/hours.fixtures';
import { balanceOf } from './card.service';
import { createContractRow } from './leave.fixtures';

// Sick periods. The test clock stands on Saturday 21 November 2026.

const TODAY = '2026-11-21';
/** Mornings only, Monday to Friday 08:00-12:00 (4:00). */
const MORNINGS: ScheduleDays = {
  even: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00', breakMinutes: 0 })),
  odd: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00', breakMinutes: 0 })),
};

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let client: Agent;
let acting: Agent;
let me: Agent;
let meFx: EmployeeFixture;
let otherFx: EmployeeFixture;
let manager: Agent;
let approver: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      me: { firstName: 'Mees' },
      manager: { permissions: ['leave.manage'] },
      approver: { permissions: ['leave.approve'] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'leave.manage'] } },
    anon: true,
  });
  ({ me, manager, approver, anon, client, acting } = cast);
  meFx = cast.me.fx;
  otherFx = await createEmployee(tdb.db, { firstName: 'Olga' });
  await createScheduleRow(tdb.db, { employeeId: meFx.employeeId, days: FULL_TIME });
  await createScheduleRow(tdb.db, { employeeId: otherFx.employeeId, days: FULL_TIME });
  // From Wednesday 18 November Olga works mornings only.
  await createScheduleRow(tdb.db, { employeeId: otherFx.employeeId, effectiveFrom: '2026-11-18', days: MORNINGS });
  await createContractRow(tdb.db, { employeeId: meFx.employeeId, startsOn: '2024-01-01' });
  await tdb.db.orm.insert(leaveLines).values({ employeeId: meFx.employeeId, date: '2026-03-02', kind: 'leave', minutes: -480 });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

type Json = Record<string, unknown> & { id: number; version: number; scheduledMinutes: number; endsOn: string | null };

const periods = (userId: number) => `/api/users/${userId}/sick-periods`;
const register = async (userId: number, body: Record<string, unknown>): Promise<Json> => {
  const res = await manager.post(periods(userId), body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const stored = async (id: number) => (await tdb.db.orm.select().from(sickPeriods).where(eq(sickPeriods.id, id)))[0] ?? null;
const count = async () => (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(sickPeriods))[0]?.n ?? 0;
const lineCount = async () => (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(leaveLines))[0]?.n ?? 0;

describe('who may call', () => {
  it('refuses anonymous callers (401) and the portal view (403) on every route', async () => {
    const p = await register(otherFx.employeeId, { startsOn: '2026-01-05', endsOn: '2026-01-06' });
    const routes: [string, string, unknown?][] = [
      ['GET', periods(meFx.employeeId)],
      ['POST', periods(meFx.employeeId), { startsOn: '2026-02-02' }],
      ['PATCH', `/api/sick-periods/${p.id}`, { startsOn: '2026-01-05', endsOn: null, version: p.version }],
      ['DELETE', `/api/sick-periods/${p.id}?version=${p.version}`],
    ];
    const before = await count();
    for (const [method, url, body] of routes) {
      const opts = body === undefined ? {} : { body };
      expect((await anon.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
      expect((await acting.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await count()).toBe(before);
    expect(await stored(p.id)).toMatchObject({ endsOn: '2026-01-06', version: 1 });
  });

  it("reads one's own; another person's only with the leave rights (else 404, like a missing person)", async () => {
    const own = await me.get(periods(meFx.employeeId));
    await expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ canCreate: false });
    const theirs = await me.get(periods(otherFx.employeeId));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect(theirs.body).not.toContain('Olga');
    const missing = await me.get(periods(2147483000));
    expect(theirs.json()).toEqual({ ...missing.json(), requestId: theirs.json().requestId });
    const byApprover = await approver.get(periods(otherFx.employeeId));
    expect(byApprover.statusCode).toBe(200);
    expect(byApprover.json()).toMatchObject({ canCreate: false, data: [{ employee: { id: otherFx.employeeId } }] });
    expect(byApprover.json().data[0].abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'FORBIDDEN' } });
    expect((await manager.get(periods(otherFx.employeeId))).json()).toMatchObject({ canCreate: true });
  });

  it('registers, changes and removes only with leave.manage (403 for one’s own and for leave.approve)', async () => {
    const p = await register(otherFx.employeeId, { startsOn: '2026-02-02', endsOn: '2026-02-03' });
    const before = await count();
    for (const agent of [me, approver]) {
      expect((await agent.post(periods(meFx.employeeId), { startsOn: '2026-02-09' })).statusCode).toBe(403);
      expect((await agent.post(periods(otherFx.employeeId), { startsOn: '2026-02-09' })).statusCode).toBe(403);
      const patch = await agent.patch(`/api/sick-periods/${p.id}`, { startsOn: '2026-02-02', endsOn: null, version: p.version });
      expect(patch.statusCode).toBe(403);
      expect((await agent.delete(`/api/sick-periods/${p.id}?version=${p.version}`)).statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
    expect(await stored(p.id)).toMatchObject({ endsOn: '2026-02-03', version: 1 });
  });

  it('answers 404 for a person or a period that does not exist', async () => {
    const noPerson = await manager.post(periods(2147483000), { startsOn: '2026-02-09' });
    expect(noPerson.statusCode).toBe(404);
    expect(noPerson.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await manager.get(periods(2147483000))).statusCode).toBe(404);
    const patch = await manager.patch('/api/sick-periods/2147483000', { startsOn: '2026-02-02', version: 1 });
    expect(patch.statusCode).toBe(404);
    expect(patch.json().code).toBe('SICK_PERIOD_NOT_FOUND');
    const del = await manager.delete('/api/sick-periods/2147483000?version=1');
    expect(del.statusCode).toBe(404);
    expect(del.json().code).toBe('SICK_PERIOD_NOT_FOUND');
  });
});

describe('registering and ending', () => {
  it('registers an open period with the scheduled hours it covers up to today, and leaves the balance alone', async () => {
    const balance = await balanceOf(tdb.db, meFx.employeeId, 2026, TODAY);
    const lines = await lineCount();
    const p = await register(meFx.employeeId, { startsOn: '2026-11-16', notes: 'Griep' });
    expect(p).toMatchObject({
      employee: { id: meFx.employeeId, name: expect.stringContaining('Mees') },
      startsOn: '2026-11-16',
      endsOn: null,
      notes: 'Griep',
      // Monday 16 to Friday 20 (today is Saturday 21): 5 × 8:00.
      scheduledMinutes: 5 * 480,
      version: 1,
      abilities: { canEdit: true, canDelete: true },
    });
    expect(await auditRows(tdb.db, 'sick_period.created')).toContainEqual(
      expect.objectContaining({ subjectType: 'sick_period', subjectId: String(p.id) }),
    );
    expect(await lineCount()).toBe(lines);
    expect(await balanceOf(tdb.db, meFx.employeeId, 2026, TODAY)).toBe(balance);

    const own = (await me.get(periods(meFx.employeeId))).json();
    expect(own.data[0]).toMatchObject({ id: p.id, scheduledMinutes: 2400, abilities: { canEdit: false, canDelete: false } });

    // Ending it: its last day is set.
    const ended = await manager.patch(`/api/sick-periods/${p.id}`, {
      startsOn: '2026-11-16',
      endsOn: '2026-11-18',
      notes: 'Griep, hersteld',
      version: p.version,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({
      endsOn: '2026-11-18',
      notes: 'Griep, hersteld',
      scheduledMinutes: 3 * 480,
      version: 2,
    });
    expect(await auditRows(tdb.db, 'sick_period.ended')).toContainEqual(expect.objectContaining({ subjectId: String(p.id) }));
    expect(await lineCount()).toBe(lines);
    expect(await balanceOf(tdb.db, meFx.employeeId, 2026, TODAY)).toBe(balance);

    const stale = await manager.patch(`/api/sick-periods/${p.id}`, { startsOn: '2026-11-16', endsOn: null, version: p.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await stored(p.id)).toMatchObject({ endsOn: '2026-11-18', version: 2 });
  });

  it('counts the scheduled hours by the version in force each day, and nothing for a period that has not begun', async () => {
    const future = await register(otherFx.employeeId, { startsOn: '2026-12-07', endsOn: '2026-12-08' });
    expect(future.scheduledMinutes).toBe(0);
    const p = await register(otherFx.employeeId, { startsOn: '2026-11-16', endsOn: '2026-11-30' });
    // Up to today: Monday and Tuesday 8:00, from Wednesday 18 mornings only: 3 × 4:00.
    expect(p.scheduledMinutes).toBe(2 * 480 + 3 * 240);
    const list = (await manager.get(periods(otherFx.employeeId))).json().data as Json[];
    expect(list.slice(0, 2).map((x) => [x.id, x.scheduledMinutes])).toEqual([
      [future.id, 0],
      [p.id, 1680],
    ]);
  });

  it('refuses a period that shares a day with another of the person (409 SICK_OVERLAP)', async () => {
    const a = await register(meFx.employeeId, { startsOn: '2026-10-05', endsOn: '2026-10-09' });
    const b = await register(meFx.employeeId, { startsOn: '2026-10-12', endsOn: '2026-10-13' });
    const before = await count();
    for (const body of [
      { startsOn: '2026-10-09', endsOn: '2026-10-10' },
      { startsOn: '2026-10-01', endsOn: '2026-10-05' },
      { startsOn: '2026-10-06', endsOn: '2026-10-07' },
      { startsOn: '2026-09-01' },
      { startsOn: '2026-11-17' },
    ]) {
      const res = await manager.post(periods(meFx.employeeId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().code).toBe('SICK_OVERLAP');
    }
    expect(await count()).toBe(before);
    const moved = await manager.patch(`/api/sick-periods/${b.id}`, {
      startsOn: '2026-10-09',
      endsOn: '2026-10-13',
      version: b.version,
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('SICK_OVERLAP');
    // Its own days do not count against itself; another person's periods do not count at all.
    const self = await manager.patch(`/api/sick-periods/${a.id}`, {
      startsOn: '2026-10-06',
      endsOn: '2026-10-09',
      version: a.version,
    });
    expect(self.statusCode, self.body).toBe(200);
    expect(self.json().data.scheduledMinutes).toBe(4 * 480);
    await register(otherFx.employeeId, { startsOn: '2026-10-05', endsOn: '2026-10-09' });
  });

  it('of two overlapping periods registered at the same moment, stores exactly one (the person row is locked first)', async () => {
    const person = await createEmployee(tdb.db, { firstName: 'Tegelijk' });
    const [a, b] = await Promise.all([
      manager.post(periods(person.employeeId), { startsOn: '2026-04-06', endsOn: '2026-04-10' }),
      manager.post(periods(person.employeeId), { startsOn: '2026-04-08' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await tdb.db.orm.select().from(sickPeriods).where(eq(sickPeriods.employeeId, person.employeeId));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ startsOn: '2026-11-10', endsOn: '2026-11-09' }, 'endsOn', 'end_before_start'],
      [{ startsOn: '2026-02-30' }, 'startsOn', 'date_invalid'],
      [{ startsOn: '1999-12-31' }, 'startsOn', 'date_out_of_range'],
      [{ startsOn: '2026-11-10', notes: 'x'.repeat(1001) }, 'notes', 'too_long'],
    ];
    for (const [body, field, code] of cases) {
      const res = await manager.post(periods(meFx.employeeId), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, `${JSON.stringify(body)}: ${res.body}`).toBe(code);
    }
    expect((await manager.post(periods(meFx.employeeId), { startsOn: '2026-06-01', version: 1 })).statusCode).toBe(400);
    expect((await manager.get(`${periods(meFx.employeeId)}?year=abc`)).statusCode).toBe(400);
    expect(await count()).toBe(before);

    const p = await register(meFx.employeeId, { startsOn: '2026-06-01', endsOn: '2026-06-02' });
    const noVersion = await manager.patch(`/api/sick-periods/${p.id}`, { startsOn: '2026-06-01' });
    expect(noVersion.statusCode).toBe(400);
    const backwards = await manager.patch(`/api/sick-periods/${p.id}`, {
      startsOn: '2026-06-01',
      endsOn: '2026-05-31',
      version: 1,
    });
    expect(backwards.json().fieldErrors?.endsOn?.code).toBe('end_before_start');
    expect((await manager.delete(`/api/sick-periods/${p.id}`)).statusCode).toBe(400);
    expect(await stored(p.id)).toMatchObject({ startsOn: '2026-06-01', endsOn: '2026-06-02', version: 1 });
  });
});

describe('listing and removing', () => {
  it('lists the periods touching a year, newest first; an open one runs up to today', async () => {
    const person = await createEmployee(tdb.db, { firstName: 'Jaar' });
    const newYear = await register(person.employeeId, { startsOn: '2025-12-29', endsOn: '2026-01-02' });
    const early = await register(person.employeeId, { startsOn: '2025-03-03', endsOn: '2025-03-04' });
    const open = await register(person.employeeId, { startsOn: '2026-09-01' });
    const ids = async (q: string) =>
      ((await manager.get(`${periods(person.employeeId)}${q}`)).json().data as Json[]).map((p) => p.id);
    expect(await ids('')).toEqual([open.id, newYear.id, early.id]);
    expect(await ids('?year=2025')).toEqual([newYear.id, early.id]);
    expect(await ids('?year=2026')).toEqual([open.id, newYear.id]);
    expect(await ids('?year=2027')).toEqual([]);
    expect(await ids('?year=2024')).toEqual([]);
  });

  it('removes a period with its version (409 STALE_VERSION for an old one) and leaves the balance alone', async () => {
    const balance = await balanceOf(tdb.db, meFx.employeeId, 2026, TODAY);
    const lines = await lineCount();
    const p = await register(meFx.employeeId, { startsOn: '2026-08-03', endsOn: '2026-08-04' });
    const changed = await manager.patch(`/api/sick-periods/${p.id}`, {
      startsOn: '2026-08-03',
      endsOn: '2026-08-05',
      version: 1,
    });
    expect(changed.json().data.version).toBe(2);
    const stale = await manager.delete(`/api/sick-periods/${p.id}?version=1`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await stored(p.id)).not.toBeNull();
    const res = await manager.delete(`/api/sick-periods/${p.id}?version=2`);
    expect(res.statusCode).toBe(204);
    expect(await stored(p.id)).toBeNull();
    expect(await auditRows(tdb.db, 'sick_period.deleted')).toContainEqual(expect.objectContaining({ subjectId: String(p.id) }));
    expect(await auditRows(tdb.db, 'sick_period.updated')).toContainEqual(expect.objectContaining({ subjectId: String(p.id) }));
    expect(await lineCount()).toBe(lines);
    expect(await balanceOf(tdb.db, meFx.employeeId, 2026, TODAY)).toBe(balance);
  });
});
