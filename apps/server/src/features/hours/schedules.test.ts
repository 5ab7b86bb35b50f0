import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, employees, schedules } from '../../db/schema';
import { createScheduleRow, FULL_TIME, setHourLock } from './hours.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let usersManager: Agent;
let hoursManager: Agent;
let exporter: Agent;
let worker: Agent;
let workerId: number;
let colleagueId: number;
let client: Agent;
let acting: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      usersManager: { permissions: ['users.manage'] },
      hoursManager: { permissions: ['hours.manage'] },
      exporter: { permissions: ['hours.export', 'projects.manage'] },
      worker: { firstName: 'Willem' },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'users.manage'] } },
    anon: true,
  });
  ({ usersManager, hoursManager, exporter, worker, client, acting, anon } = cast);
  workerId = cast.worker.fx.employeeId;
  colleagueId = (await createEmployee(tdb.db, { firstName: 'Cor' })).employeeId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const url = (userId: number, rest = '') => `/api/users/${userId}/schedules${rest}`;
const partTime = {
  even: [
    { weekday: 1, start: '08:00', end: '16:30', breakMinutes: 30 },
    { weekday: 3, start: '08:00', end: '12:00', breakMinutes: 0 },
  ],
  odd: [{ weekday: 2, start: '09:00', end: '17:00', breakMinutes: 60 }],
};
const stored = async (employeeId: number) =>
  tdb.db.orm.select().from(schedules).where(eq(schedules.employeeId, employeeId)).orderBy(schedules.effectiveFrom);

async function newPerson() {
  return (await createEmployee(tdb.db)).employeeId;
}

describe('GET /api/users/:userId/schedules', () => {
  it('401 anonymous, 403 for a company user and an employee acting as a company', async () => {
    expect((await anon.get(url(workerId))).statusCode).toBe(401);
    expect((await client.get(url(workerId))).statusCode).toBe(403);
    expect((await acting.get(url(workerId))).statusCode).toBe(403);
  });

  it("everyone reads their own; another person's needs the schedules rights (else 404, like a missing id)", async () => {
    await createScheduleRow(tdb.db, { employeeId: workerId, effectiveFrom: '2026-01-01' });
    await createScheduleRow(tdb.db, { employeeId: workerId, effectiveFrom: '2026-06-01', days: partTime });
    const own = await worker.get(url(workerId));
    expect(own.statusCode, own.body).toBe(200);
    const body = own.json();
    // The test clock: Saturday 21 November 2026, ISO week 47 (odd).
    expect(body).toMatchObject({ today: '2026-11-21', week: 47, parity: 'odd' });
    expect(body.data.map((s: { effectiveFrom: string }) => s.effectiveFrom)).toEqual(['2026-06-01', '2026-01-01']);
    expect(body.data[0]).toMatchObject({
      employeeId: workerId,
      weekMinutes: { even: 720, odd: 420 },
      version: 1,
      canEdit: false,
    });
    expect(body.data[1].weekMinutes).toEqual({ even: 2400, odd: 2400 });
    expect(body.data[1].days).toEqual(FULL_TIME);

    for (const staff of [usersManager, hoursManager]) {
      const res = await staff.get(url(workerId));
      expect(res.statusCode).toBe(200);
      expect(res.json().data[0].canEdit).toBe(true);
    }
    const hidden = await worker.get(url(colleagueId));
    const missing = await worker.get(url(2147483000));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect(missing.json().code).toBe('EMPLOYEE_NOT_FOUND');
    // hours.export keeps no schedules.
    expect((await exporter.get(url(workerId))).statusCode).toBe(404);
    expect((await usersManager.get(url(2147483000))).statusCode).toBe(404);
  });

  it('400 for a bad id or any query', async () => {
    expect((await usersManager.get(url(0))).statusCode).toBe(400);
    expect((await usersManager.get('/api/users/x/schedules')).statusCode).toBe(400);
    expect((await usersManager.get(`${url(workerId)}?page=2`)).statusCode).toBe(400);
  });
});

describe('POST /api/users/:userId/schedules', () => {
  const input = (o: Record<string, unknown> = {}) => ({ effectiveFrom: '2027-01-04', days: partTime, ...o });

  it('403 without the schedules rights (also for one’s own), for the portal views; 401 anonymous', async () => {
    const res = await worker.post(url(workerId), input());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await exporter.post(url(workerId), input())).statusCode).toBe(403);
    expect((await client.post(url(workerId), input())).statusCode).toBe(403);
    expect((await acting.post(url(workerId), input())).statusCode).toBe(403);
    expect((await anon.post(url(workerId), input())).statusCode).toBe(401);
  });

  it('adds a version (users.manage or hours.manage), audited; the same date again is 409 SCHEDULE_DATE_TAKEN', async () => {
    const p = await newPerson();
    const res = await usersManager.post(url(p), input());
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      employeeId: p,
      effectiveFrom: '2027-01-04',
      weekMinutes: { even: 720, odd: 420 },
      version: 1,
      canEdit: true,
    });
    expect(await stored(p)).toHaveLength(1);
    const audits = await auditRows(tdb.db, 'schedule.created', eq(auditLog.subjectId, String(data.id)));
    expect(audits).toHaveLength(1);

    const taken = await hoursManager.post(url(p), input({ days: FULL_TIME }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('SCHEDULE_DATE_TAKEN');
    expect(await stored(p)).toHaveLength(1);
    expect((await hoursManager.post(url(p), input({ effectiveFrom: '2027-02-01' }))).statusCode).toBe(201);
  });

  it('stores the days by weekday', async () => {
    const p = await newPerson();
    const days = { even: [...partTime.even].reverse(), odd: [] };
    const res = await usersManager.post(url(p), input({ days }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data.days.even.map((d: { weekday: number }) => d.weekday)).toEqual([1, 3]);
  });

  it('404 for a person who does not exist', async () => {
    const res = await usersManager.post(url(2147483000), input());
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('EMPLOYEE_NOT_FOUND');
  });

  it('409 EMPLOYEE_DELETED for a deactivated person', async () => {
    const p = await newPerson();
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, p));
    const res = await usersManager.post(url(p), input());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMPLOYEE_DELETED');
  });

  it.each([
    [
      'end before start',
      { days: { even: [{ weekday: 1, start: '16:00', end: '08:00', breakMinutes: 0 }], odd: [] } },
      'days.even.0.end',
    ],
    [
      'a break as long as the day',
      { days: { even: [{ weekday: 1, start: '08:00', end: '09:00', breakMinutes: 60 }], odd: [] } },
      'days.even.0.breakMinutes',
    ],
    ['a weekday twice', { days: { even: [partTime.odd[0], partTime.odd[0]], odd: [] } }, 'days.even'],
    [
      'weekday 8',
      { days: { even: [{ weekday: 8, start: '08:00', end: '09:00', breakMinutes: 0 }], odd: [] } },
      'days.even.0.weekday',
    ],
    [
      'a time that is not HH:MM',
      { days: { even: [{ weekday: 1, start: '8:00', end: '09:00', breakMinutes: 0 }], odd: [] } },
      'days.even.0.start',
    ],
    ['a date that does not exist', { effectiveFrom: '2027-02-30' }, 'effectiveFrom'],
    ['a date out of range', { effectiveFrom: '1999-12-31' }, 'effectiveFrom'],
    ['an unknown field', { extra: 1 }, null],
    ['an unknown field in a day', { days: { even: [{ ...partTime.odd[0], notes: 'x' }], odd: [] } }, null],
    ['a NUL byte', { effectiveFrom: '2027-01-04\u0000' }, null],
    ['no odd week', { days: { even: [] } }, 'days.odd'],
  ])('400 for %s, nothing stored', async (_name, o, field) => {
    const p = await newPerson();
    const res = await usersManager.post(url(p), input(o));
    expect(res.statusCode, res.body).toBe(400);
    if (field) expect(Object.keys(res.json().fieldErrors ?? {})).toContain(field);
    expect(await stored(p)).toHaveLength(0);
  });
});

describe('PUT and DELETE /api/users/:userId/schedules/:scheduleId', () => {
  it('changes a version with its version; 409 STALE_VERSION for an old one; 404 under another person', async () => {
    const p = await newPerson();
    const s = await createScheduleRow(tdb.db, { employeeId: p, effectiveFrom: '2027-01-04' });
    const res = await usersManager.put(url(p, `/${s.id}`), { effectiveFrom: '2027-01-11', days: partTime, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ effectiveFrom: '2027-01-11', version: 2 });
    const [row] = await stored(p);
    expect(row).toMatchObject({ effectiveFrom: '2027-01-11', version: 2, days: partTime });
    expect(await auditRows(tdb.db, 'schedule.updated', eq(auditLog.subjectId, String(s.id)))).toHaveLength(1);

    const stale = await usersManager.put(url(p, `/${s.id}`), { effectiveFrom: '2027-01-18', days: partTime, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const elsewhere = await usersManager.put(url(workerId, `/${s.id}`), {
      effectiveFrom: '2027-01-18',
      days: partTime,
      version: 2,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('SCHEDULE_NOT_FOUND');
    expect((await usersManager.delete(url(workerId, `/${s.id}?version=2`))).statusCode).toBe(404);
    // The worker may not change their own.
    expect((await worker.put(url(p, `/${s.id}`), { effectiveFrom: '2027-01-18', days: partTime, version: 2 })).statusCode).toBe(
      403,
    );
    expect((await worker.delete(url(p, `/${s.id}?version=2`))).statusCode).toBe(403);
    // A date another version has.
    await createScheduleRow(tdb.db, { employeeId: p, effectiveFrom: '2027-03-01' });
    const taken = await usersManager.put(url(p, `/${s.id}`), { effectiveFrom: '2027-03-01', days: partTime, version: 2 });
    expect(taken.json().code).toBe('SCHEDULE_DATE_TAKEN');

    const stale2 = await usersManager.delete(url(p, `/${s.id}?version=1`));
    expect(stale2.json().code).toBe('STALE_VERSION');
    const del = await usersManager.delete(url(p, `/${s.id}?version=2`));
    expect(del.statusCode).toBe(204);
    expect((await stored(p)).map((r) => r.effectiveFrom)).toEqual(['2027-03-01']);
    expect(await auditRows(tdb.db, 'schedule.deleted', eq(auditLog.subjectId, String(s.id)))).toHaveLength(1);
    expect((await usersManager.delete(url(p, `/${s.id}?version=2`))).json().code).toBe('SCHEDULE_NOT_FOUND');
    expect((await usersManager.delete(url(p, `/${s.id}`))).statusCode).toBe(400);
  });

  it('a version on or before the hour lock cannot be created, changed (either way) or removed', async () => {
    const p = await newPerson();
    const old = await createScheduleRow(tdb.db, { employeeId: p, effectiveFrom: '2026-01-05' });
    const open = await createScheduleRow(tdb.db, { employeeId: p, effectiveFrom: '2026-12-07' });
    await setHourLock(tdb.db, '2026-10-31');
    try {
      const list = (await usersManager.get(url(p))).json().data;
      expect(list.map((s: { canEdit: boolean }) => s.canEdit)).toEqual([true, false]);
      const locked = [
        await usersManager.post(url(p), { effectiveFrom: '2026-10-31', days: partTime }),
        await usersManager.post(url(p), { effectiveFrom: '2025-01-06', days: partTime }),
        await usersManager.put(url(p, `/${old.id}`), { effectiveFrom: '2026-11-02', days: partTime, version: 1 }),
        await usersManager.put(url(p, `/${open.id}`), { effectiveFrom: '2026-10-26', days: partTime, version: 1 }),
        await usersManager.put(url(p, `/${old.id}`), { effectiveFrom: '2026-01-05', days: partTime, version: 1 }),
        await usersManager.delete(url(p, `/${old.id}?version=1`)),
      ];
      for (const res of locked) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().code).toBe('HOURS_PERIOD_LOCKED');
      }
      expect((await stored(p)).map((r) => [r.effectiveFrom, r.version])).toEqual([
        ['2026-01-05', 1],
        ['2026-12-07', 1],
      ]);
      // After the lock all is open.
      expect((await usersManager.post(url(p), { effectiveFrom: '2026-11-01', days: partTime })).statusCode).toBe(201);
      expect(
        (await usersManager.put(url(p, `/${open.id}`), { effectiveFrom: '2026-12-14', days: partTime, version: 1 })).statusCode,
      ).toBe(200);
    } finally {
      await setHourLock(tdb.db, null);
    }
    expect(
      await tdb.db.orm
        .select()
        .from(schedules)
        .where(and(eq(schedules.employeeId, p), eq(schedules.effectiveFrom, '2026-01-05'))),
    ).toHaveLength(1);
  });
});
