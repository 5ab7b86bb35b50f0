import type { ScheduleDays } from '@app/shared/hours/schedules.rules';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { collectiveLeaves, employees, leaveLines, leaveRequests } from '../../db/schema';
import { createScheduleRow, FULL_TIME } from '../hours/hours.fixtures';
import { createLeaveTypeRow } from './leave.fixtures';

// Collective leave: booked for everyone it applies to by their own schedule, rewritten
// when it changes, gone when it is removed. The test clock stands on Saturday 21 November 2026.

/** Part time, different even and odd weeks: even Thu and Fri 08:00-12:00 (4:00); odd Mon-Wed 08:00-14:30, 30 min break (6:00). */
const PART_TIME: ScheduleDays = {
  even: [4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00', breakMinutes: 0 })),
  odd: [1, 2, 3].map((weekday) => ({ weekday, start: '08:00', end: '14:30', breakMinutes: 30 })),
};

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let client: Agent;
let acting: Agent;
let plain: Agent;
let leaveManager: Agent;
let boss: Agent;
let full: EmployeeFixture;
let part: EmployeeFixture;
let third: EmployeeFixture;
let gone: EmployeeFixture;
let holiday: number;
let special: number;

const one = async <T>(q: Promise<T[]>) => (await q)[0] as T;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  ({ boss, plain, leaveManager, anon, client, acting } = await castOf(t, {
    staff: {
      boss: { permissions: ['collective-leave.manage'], firstName: 'Bea' },
      plain: { firstName: 'Piet' },
      leaveManager: { permissions: ['leave.manage', 'leave.approve'] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'collective-leave.manage'] } },
    anon: true,
  }));

  full = await createEmployee(tdb.db, { firstName: 'Fleur' });
  part = await createEmployee(tdb.db, { firstName: 'Pim' });
  third = await createEmployee(tdb.db, { firstName: 'Tess' });
  gone = await createEmployee(tdb.db, { firstName: 'Gijs' });
  await createScheduleRow(tdb.db, { employeeId: full.employeeId, days: FULL_TIME });
  await createScheduleRow(tdb.db, { employeeId: part.employeeId, days: PART_TIME });
  await createScheduleRow(tdb.db, { employeeId: third.employeeId, days: FULL_TIME });
  await createScheduleRow(tdb.db, { employeeId: gone.employeeId, days: FULL_TIME });
  await tdb.db.orm
    .update(employees)
    .set({ deletedAt: new Date('2026-06-01T00:00:00Z') })
    .where(eq(employees.id, gone.employeeId));

  holiday = (await createLeaveTypeRow(tdb.db, { name: 'Vakantie', code: 'VAK', color: '#1c7ed6' })).id;
  special = (
    await createLeaveTypeRow(tdb.db, { name: 'Bijzonder verlof', code: 'BV', color: '#2f9e44', countsAgainstBalance: false })
  ).id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

type Json = Record<string, unknown> & { id: number; version: number; booked: { people: number; minutes: number } };

const input = (o: Record<string, unknown> = {}) => ({
  name: 'Kerstsluiting',
  leaveTypeId: holiday,
  startsOn: '2026-12-24',
  endsOn: '2026-12-31',
  minutesPerDay: null,
  appliesTo: 'selected',
  employeeIds: [full.employeeId, part.employeeId],
  exceptionIds: [],
  ...o,
});

/** The lines of a collective leave, per person: [date, minutes] in date order. */
async function linesOf(collectiveLeaveId: number) {
  const rows = await tdb.db.orm
    .select()
    .from(leaveLines)
    .where(eq(leaveLines.collectiveLeaveId, collectiveLeaveId))
    .orderBy(asc(leaveLines.employeeId), asc(leaveLines.date));
  const out: Record<number, [string, number][]> = {};
  for (const r of rows) {
    out[r.employeeId] = [...(out[r.employeeId] ?? []), [r.date, r.minutes]];
  }
  return { rows, byPerson: out };
}

const create = async (o: Record<string, unknown> = {}): Promise<Json> => {
  const res = await boss.post('/api/collective-leaves', input(o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

const count = async () => (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(collectiveLeaves))[0]?.n ?? 0;
const lineCount = async () => (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(leaveLines))[0]?.n ?? 0;

describe('booking', () => {
  it('books each person by their own schedule, skipping the public holidays (25 and 26 December)', async () => {
    const c = await create();
    expect(c).toMatchObject({
      name: 'Kerstsluiting',
      leaveType: { id: holiday, name: 'Vakantie', code: 'VAK', color: '#1c7ed6' },
      startsOn: '2026-12-24',
      endsOn: '2026-12-31',
      minutesPerDay: null,
      appliesTo: 'selected',
      employees: [
        { id: full.employeeId, name: expect.stringContaining('Fleur') },
        { id: part.employeeId, name: expect.stringContaining('Pim') },
      ],
      exceptions: [],
      version: 1,
      abilities: { canEdit: true, canDelete: true },
    });
    const { rows, byPerson } = await linesOf(c.id);
    // Full time: Thursday 24, then Monday 28 to Thursday 31 (Friday 25 is Christmas, 26 and 27 the weekend).
    expect(byPerson[full.employeeId]).toEqual([
      ['2026-12-24', -480],
      ['2026-12-28', -480],
      ['2026-12-29', -480],
      ['2026-12-30', -480],
      ['2026-12-31', -480],
    ]);
    // Part time: week 52 is even (Thursday 24 4:00; Friday 25 is Christmas), week 53 odd (Monday to Wednesday 6:00).
    expect(byPerson[part.employeeId]).toEqual([
      ['2026-12-24', -240],
      ['2026-12-28', -360],
      ['2026-12-29', -360],
      ['2026-12-30', -360],
    ]);
    expect(
      rows.every((r) => r.kind === 'leave' && r.counts && r.leaveTypeId === holiday && r.description === 'Kerstsluiting'),
    ).toBe(true);
    expect(rows.some((r) => r.date === '2026-12-25' || r.date === '2026-12-26')).toBe(false);
    expect(c.booked).toEqual({ people: 2, minutes: 5 * 480 + 240 + 3 * 360 });
    expect(await auditRows(tdb.db, 'collective_leave.created')).toContainEqual(
      expect.objectContaining({ subjectType: 'collective_leave', subjectId: String(c.id) }),
    );
    const got = await boss.get(`/api/collective-leaves/${c.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(c);
  });

  it('does not book a day the person already has approved leave on; a cancelled day is booked', async () => {
    const request = await one(
      tdb.db.orm
        .insert(leaveRequests)
        .values({
          employeeId: full.employeeId,
          leaveTypeId: holiday,
          startsOn: '2027-01-06',
          endsOn: '2027-01-07',
          minutes: 960,
          status: 'approved',
        })
        .returning({ id: leaveRequests.id }),
    );
    await tdb.db.orm.insert(leaveLines).values([
      {
        employeeId: full.employeeId,
        date: '2027-01-06',
        kind: 'leave',
        minutes: -480,
        leaveTypeId: holiday,
        requestId: request.id,
      },
      {
        employeeId: full.employeeId,
        date: '2027-01-07',
        kind: 'leave',
        minutes: -480,
        leaveTypeId: holiday,
        requestId: request.id,
      },
      {
        employeeId: full.employeeId,
        date: '2027-01-07',
        kind: 'cancellation',
        minutes: 480,
        leaveTypeId: holiday,
        requestId: request.id,
      },
    ]);
    const c = await create({
      name: 'Bouwvak-light',
      leaveTypeId: special,
      startsOn: '2027-01-04',
      endsOn: '2027-01-08',
      employeeIds: [full.employeeId],
    });
    const { rows, byPerson } = await linesOf(c.id);
    expect(byPerson[full.employeeId]).toEqual([
      ['2027-01-04', -480],
      ['2027-01-05', -480],
      ['2027-01-07', -480],
      ['2027-01-08', -480],
    ]);
    // The type does not count against the balance: neither do its lines.
    expect(rows.every((r) => !r.counts && r.leaveTypeId === special)).toBe(true);
    expect(c.booked).toEqual({ people: 1, minutes: 4 * 480 });
  });

  it('books fixed hours per day, only on the days the person is scheduled', async () => {
    const c = await create({ name: 'Halve dagen', startsOn: '2027-02-01', endsOn: '2027-02-07', minutesPerDay: 240 });
    const { byPerson } = await linesOf(c.id);
    // Week 5 is odd: part time works Monday to Wednesday.
    expect(byPerson[full.employeeId]?.map(([, m]) => m)).toEqual([-240, -240, -240, -240, -240]);
    expect(byPerson[part.employeeId]).toEqual([
      ['2027-02-01', -240],
      ['2027-02-02', -240],
      ['2027-02-03', -240],
    ]);
    expect(c.booked).toEqual({ people: 2, minutes: 8 * 240 });
  });

  it('applies to everyone but the exceptions (never a deleted employee), or to the selected people', async () => {
    const c = await create({
      name: 'Voorjaarssluiting',
      startsOn: '2027-03-01',
      endsOn: '2027-03-05',
      appliesTo: 'all',
      employeeIds: [third.employeeId],
      exceptionIds: [part.employeeId, part.employeeId],
    });
    expect(c).toMatchObject({ appliesTo: 'all', employees: [], exceptions: [{ id: part.employeeId }] });
    let { byPerson } = await linesOf(c.id);
    expect(Object.keys(byPerson).map(Number).sort()).toEqual([full.employeeId, third.employeeId].sort());
    expect(byPerson[full.employeeId]).toHaveLength(5);
    expect(c.booked).toEqual({ people: 2, minutes: 10 * 480 });

    const res = await boss.patch(`/api/collective-leaves/${c.id}`, {
      ...input({ name: 'Voorjaarssluiting', startsOn: '2027-03-01', endsOn: '2027-03-05' }),
      appliesTo: 'selected',
      employeeIds: [part.employeeId],
      version: c.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      appliesTo: 'selected',
      employees: [{ id: part.employeeId }],
      exceptions: [],
      version: 2,
    });
    ({ byPerson } = await linesOf(c.id));
    // Week 9 is odd: Monday to Wednesday 6:00.
    expect(byPerson).toEqual({
      [part.employeeId]: [
        ['2027-03-01', -360],
        ['2027-03-02', -360],
        ['2027-03-03', -360],
      ],
    });
    expect(res.json().data.booked).toEqual({ people: 1, minutes: 1080 });
  });
});

describe('changing and removing', () => {
  it('rewrites the lines when the period, the hours, the type or the people change', async () => {
    const c = await create({ name: 'Zomer', startsOn: '2027-07-19', endsOn: '2027-07-23' });
    expect(c.booked.people).toBe(2);
    const res = await boss.patch(`/api/collective-leaves/${c.id}`, {
      ...input({
        name: 'Zomer (kort)',
        leaveTypeId: special,
        startsOn: '2027-07-21',
        endsOn: '2027-07-22',
        minutesPerDay: 300,
        employeeIds: [full.employeeId],
      }),
      version: c.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    const changed: Json = res.json().data;
    expect(changed).toMatchObject({
      name: 'Zomer (kort)',
      leaveType: { id: special },
      startsOn: '2027-07-21',
      endsOn: '2027-07-22',
      minutesPerDay: 300,
      version: 2,
      booked: { people: 1, minutes: 600 },
    });
    const { rows, byPerson } = await linesOf(c.id);
    expect(byPerson).toEqual({
      [full.employeeId]: [
        ['2027-07-21', -300],
        ['2027-07-22', -300],
      ],
    });
    expect(rows.every((r) => r.description === 'Zomer (kort)' && r.leaveTypeId === special && !r.counts)).toBe(true);
    expect(await auditRows(tdb.db, 'collective_leave.updated')).toContainEqual(
      expect.objectContaining({ subjectId: String(c.id) }),
    );
  });

  it('removes the collective leave and every line it booked', async () => {
    const c = await create({ name: 'Najaar', startsOn: '2027-10-18', endsOn: '2027-10-22' });
    expect((await linesOf(c.id)).rows.length).toBe(5 + 2);
    const res = await boss.delete(`/api/collective-leaves/${c.id}?version=${c.version}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await linesOf(c.id)).rows).toEqual([]);
    expect((await boss.get(`/api/collective-leaves/${c.id}`)).statusCode).toBe(404);
    expect(await auditRows(tdb.db, 'collective_leave.deleted')).toContainEqual(
      expect.objectContaining({ subjectId: String(c.id) }),
    );
  });

  it('answers 409 STALE_VERSION for an old version and changes nothing', async () => {
    const c = await create({ name: 'Oud', startsOn: '2027-11-01', endsOn: '2027-11-02' });
    const before = await linesOf(c.id);
    const changed = await boss.patch(`/api/collective-leaves/${c.id}`, {
      ...input({ name: 'Oud', startsOn: '2027-11-01', endsOn: '2027-11-02', minutesPerDay: 60 }),
      version: c.version,
    });
    expect(changed.statusCode).toBe(200);
    const after = await linesOf(c.id);
    const stale = await boss.patch(`/api/collective-leaves/${c.id}`, {
      ...input({ name: 'Stale', startsOn: '2027-11-03', endsOn: '2027-11-04' }),
      version: c.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const gone409 = await boss.delete(`/api/collective-leaves/${c.id}?version=${c.version}`);
    expect(gone409.statusCode).toBe(409);
    expect(gone409.json().code).toBe('STALE_VERSION');
    expect((await linesOf(c.id)).byPerson).toEqual(after.byPerson);
    expect(after.rows.length).toBe(before.rows.length);
    expect((await boss.get(`/api/collective-leaves/${c.id}`)).json().data).toMatchObject({ name: 'Oud', version: 2 });
  });
});

describe('at the same moment', () => {
  it('of two changes based on the same version, applies exactly one; the lines are those of the one applied', async () => {
    const c = await create({ name: 'Tegelijk', startsOn: '2027-05-10', endsOn: '2027-05-14' });
    const change = (startsOn: string, endsOn: string) =>
      boss.patch(`/api/collective-leaves/${c.id}`, { ...input({ name: 'Tegelijk', startsOn, endsOn }), version: c.version });
    const [a, b] = await Promise.all([change('2027-05-10', '2027-05-10'), change('2027-05-13', '2027-05-14')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const won: Json = (a.statusCode === 200 ? a : b).json().data;
    const { byPerson } = await linesOf(c.id);
    const dates = (byPerson[full.employeeId] ?? []).map(([d]) => d);
    expect(dates).toEqual(won.startsOn === '2027-05-10' ? ['2027-05-10'] : ['2027-05-13', '2027-05-14']);
    expect(won.booked.people).toBe(Object.keys(byPerson).length);
  });
});

describe('listing', () => {
  it('lists every collective leave newest first, or those touching a year', async () => {
    const all = await boss.get('/api/collective-leaves');
    expect(all.statusCode).toBe(200);
    const data: Json[] = all.json().data;
    expect(data.length).toBeGreaterThanOrEqual(5);
    const starts = data.map((c) => c.startsOn as string);
    expect(starts).toEqual([...starts].sort().reverse());
    const y2026: Json[] = (await boss.get('/api/collective-leaves?year=2026')).json().data;
    expect(y2026.map((c) => c.name)).toEqual(['Kerstsluiting']);
    const y2027: Json[] = (await boss.get('/api/collective-leaves?year=2027')).json().data;
    expect(y2027.map((c) => c.name)).not.toContain('Kerstsluiting');
    expect(y2027.length).toBe(data.length - 1);
  });
});

describe('who may call', () => {
  it('refuses anonymous callers (401), the portal view and employees without collective-leave.manage (403) on every route', async () => {
    const c = await create({ name: 'Rechten', startsOn: '2027-12-06', endsOn: '2027-12-07' });
    const before = await lineCount();
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/collective-leaves'],
      ['POST', '/api/collective-leaves', input()],
      ['GET', `/api/collective-leaves/${c.id}`],
      ['PATCH', `/api/collective-leaves/${c.id}`, { ...input(), version: c.version }],
      ['DELETE', `/api/collective-leaves/${c.id}?version=${c.version}`],
    ];
    for (const [method, url, body] of routes) {
      const opts = body === undefined ? {} : { body };
      expect((await anon.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(401);
      for (const agent of [client, acting, plain, leaveManager]) {
        const res = await agent.request(method, url, opts);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
    }
    expect(await lineCount()).toBe(before);
    expect((await boss.get(`/api/collective-leaves/${c.id}`)).json().data).toMatchObject({ name: 'Rechten', version: 1 });
  });

  it('answers 404 COLLECTIVE_LEAVE_NOT_FOUND for an id that does not exist', async () => {
    const missing = '/api/collective-leaves/2147483000';
    const res = [
      await boss.get(missing),
      await boss.patch(missing, { ...input(), version: 1 }),
      await boss.delete(`${missing}?version=1`),
    ];
    for (const r of res) {
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('COLLECTIVE_LEAVE_NOT_FOUND');
    }
  });
});

describe('validation', () => {
  it('refuses bad input with field errors and stores nothing', async () => {
    const before = { leaves: await count(), lines: await lineCount() };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ leaveTypeId: 2147483000 }, 'leaveTypeId', 'not_found'],
      [{ employeeIds: [full.employeeId, 2147483000] }, 'employeeIds', 'not_found'],
      [{ employeeIds: [gone.employeeId] }, 'employeeIds', 'not_found'],
      [{ appliesTo: 'all', exceptionIds: [2147483000] }, 'exceptionIds', 'not_found'],
      [{ appliesTo: 'selected', employeeIds: [] }, 'employeeIds', 'required'],
      [{ endsOn: '2026-12-01' }, 'endsOn', 'end_before_start'],
      [{ endsOn: '2028-01-01' }, 'endsOn', 'span_too_long'],
      [{ startsOn: '2026-02-30' }, 'startsOn', 'date_invalid'],
      [{ startsOn: '1999-12-31' }, 'startsOn', 'date_out_of_range'],
      [{ minutesPerDay: 0 }, 'minutesPerDay', 'too_small'],
      [{ name: '  ' }, 'name', 'required'],
    ];
    for (const [o, field, code] of cases) {
      const res = await boss.post('/api/collective-leaves', input(o));
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, `${JSON.stringify(o)}: ${res.body}`).toBe(code);
    }
    const extra = await boss.post('/api/collective-leaves', { ...input(), booked: 1 });
    expect(extra.statusCode).toBe(400);
    expect((await boss.get('/api/collective-leaves?year=1999')).statusCode).toBe(400);

    const c = await create({ name: 'Geldig', startsOn: '2027-12-13', endsOn: '2027-12-14' });
    const lines = await linesOf(c.id);
    const bad = await boss.patch(`/api/collective-leaves/${c.id}`, { ...input({ leaveTypeId: 2147483000 }), version: c.version });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.leaveTypeId.code).toBe('not_found');
    expect((await boss.patch(`/api/collective-leaves/${c.id}`, { ...input() })).statusCode).toBe(400);
    expect((await boss.delete(`/api/collective-leaves/${c.id}`)).statusCode).toBe(400);
    expect((await linesOf(c.id)).byPerson).toEqual(lines.byPerson);
    expect(await count()).toBe(before.leaves + 1);
    expect(await lineCount()).toBe(before.lines + lines.rows.length);
    const stored = await tdb.db.orm
      .select()
      .from(collectiveLeaves)
      .where(and(eq(collectiveLeaves.id, c.id)));
    expect(stored[0]).toMatchObject({ name: 'Geldig', version: 1 });
  });

  it('accepts a person deleted since they were named when the collective leave changes', async () => {
    const someone = await createEmployee(tdb.db, { firstName: 'Later' });
    const c = await create({
      name: 'Met vertrokken collega',
      startsOn: '2027-12-20',
      endsOn: '2027-12-21',
      employeeIds: [someone.employeeId],
    });
    await tdb.db.orm
      .update(employees)
      .set({ deletedAt: new Date('2026-11-20T00:00:00Z') })
      .where(eq(employees.id, someone.employeeId));
    const res = await boss.patch(`/api/collective-leaves/${c.id}`, {
      ...input({
        name: 'Met vertrokken collega',
        startsOn: '2027-12-20',
        endsOn: '2027-12-21',
        employeeIds: [someone.employeeId],
      }),
      version: c.version,
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
