import type { ScheduleDays } from '@app/shared/hours/schedules.rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import {
  collectiveLeaves,
  employees,
  leaveLines,
  leaveRequests,
  leaveTypes,
  plannerEntries,
  schedules,
  sickPeriods,
} from '../../db/schema';
import { createProjectRow } from '../projects/projects.fixtures';
import { createPlannerEntryRow } from './planner.fixtures';

// The test clock: Saturday 21 November 2026. Week 48 (23-29 November) is even, week 49 odd.

let tdb: TestDatabase;
let t: TestApp;
let planner: Agent;
let second: Agent;
let viewer: Agent;
let worker: Agent;
let client: Agent;
let anon: Agent;
let workerId: number;
let typeId: number;

const day = (weekday: number, start = '07:30', end = '16:00', breakMinutes = 30) => ({ weekday, start, end, breakMinutes });
/** Monday to Friday in even weeks, Monday to Thursday in odd weeks, 07:30-16:00 with half an hour's break (8 h). */
const EVEN_ODD: ScheduleDays = { even: [1, 2, 3, 4, 5].map((d) => day(d)), odd: [1, 2, 3, 4].map((d) => day(d)) };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      planner: { permissions: ['planner.manage'] },
      second: { permissions: ['planner.manage'] },
      viewer: { permissions: ['planner.view'] },
      worker: { permissions: ['articles.view'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ planner, second, viewer, worker, client, anon } = cast);
  workerId = cast.worker.fx.employeeId;
  const [type] = await tdb.db.orm
    .insert(leaveTypes)
    .values({ name: 'Vakantie', code: 'VAK', color: '#2f9e44' })
    .returning({ id: leaveTypes.id });
  typeId = type?.id ?? 0;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** A person of their own, with a schedule (from a date) and a function. */
async function person(o: { schedule?: ScheduleDays | null; from?: string; fn?: string } = {}) {
  const { employeeId } = await createEmployee(tdb.db, { permissions: [] });
  if (o.fn) await tdb.db.orm.update(employees).set({ function: o.fn }).where(eq(employees.id, employeeId));
  if (o.schedule !== null) {
    await tdb.db.orm
      .insert(schedules)
      .values({ employeeId, effectiveFrom: o.from ?? '2026-01-05', days: o.schedule ?? EVEN_ODD });
  }
  return employeeId;
}
const leave = (employeeId: number, startsOn: string, endsOn: string, status: string, part?: { start: string; end: string }) =>
  tdb.db.orm.insert(leaveRequests).values({
    employeeId,
    leaveTypeId: typeId,
    startsOn,
    endsOn,
    minutes: part ? 210 : 480,
    status,
    partStart: part?.start ?? null,
    partEnd: part?.end ?? null,
  });
const sick = (employeeId: number, startsOn: string, endsOn: string | null) =>
  tdb.db.orm.insert(sickPeriods).values({ employeeId, startsOn, endsOn });
const WINDOW = 'from=2026-11-23&to=2026-12-07';
const stored = async (employeeId: number) =>
  (await tdb.db.orm.select({ id: plannerEntries.id }).from(plannerEntries).where(eq(plannerEntries.employeeId, employeeId)))
    .length;

describe('GET /api/planner/availability', () => {
  it('answers 401 anonymous, 403 without a planner right and to a company user, 400 for a bad window or filter', async () => {
    expect((await anon.get(`/api/planner/availability?${WINDOW}`)).statusCode).toBe(401);
    for (const who of [worker, client]) {
      const res = await who.get(`/api/planner/availability?${WINDOW}`);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    for (const q of [
      'from=2026-11-30&to=2026-11-23',
      'from=2026-01-01&to=2026-12-31',
      'from=2026-11-23',
      `${WINDOW}&role=x`,
      `${WINDOW}&function=${'x'.repeat(101)}`,
      `${WINDOW}&employees=0`,
      `${WINDOW}&skill=1`,
    ]) {
      expect((await viewer.get(`/api/planner/availability?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('sends per person the schedule versions, approved and pending leave, collective and sick leave, and the holidays', async () => {
    const one = await person({ fn: 'Monteur' });
    const two = await person({ schedule: null, fn: 'Elektricien' });
    // A new schedule version from week 49: the earlier one in force on the window's first day comes too.
    await tdb.db.orm
      .insert(schedules)
      .values({ employeeId: one, effectiveFrom: '2026-11-30', days: { even: [day(1)], odd: [day(1)] } });
    await tdb.db.orm.insert(schedules).values({ employeeId: one, effectiveFrom: '2025-01-06', days: EVEN_ODD });
    await leave(one, '2026-11-20', '2026-11-24', 'approved');
    await leave(one, '2026-11-26', '2026-11-26', 'pending', { start: '13:00', end: '16:30' });
    await leave(one, '2026-11-27', '2026-11-27', 'denied');
    await leave(two, '2026-11-25', '2026-11-25', 'cancelled');
    const [cl] = await tdb.db.orm
      .insert(collectiveLeaves)
      .values({ name: 'Kerst', leaveTypeId: typeId, startsOn: '2026-12-01', endsOn: '2026-12-03' })
      .returning({ id: collectiveLeaves.id });
    await tdb.db.orm.insert(leaveLines).values(
      ['2026-12-01', '2026-12-02'].map((date) => ({
        employeeId: two,
        date,
        kind: 'leave',
        minutes: -480,
        leaveTypeId: typeId,
        collectiveLeaveId: cl?.id ?? 0,
      })),
    );
    await sick(two, '2026-11-18', '2026-11-23');
    await sick(one, '2026-12-04', null);

    const res = await viewer.get(`/api/planner/availability?${WINDOW}&employees=${one},${two}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ from: '2026-11-23', to: '2026-12-07', holidays: [] });
    const of = (id: number) => data.people.find((p: { employee: { id: number } }) => p.employee.id === id);
    expect(of(one).employee).toMatchObject({ id: one, function: 'Monteur' });
    expect(of(one).employee.role).toMatchObject({ id: expect.any(Number) });
    expect(of(one).schedules.map((s: { effectiveFrom: string }) => s.effectiveFrom)).toEqual(['2026-01-05', '2026-11-30']);
    expect(of(one).absences).toEqual([
      {
        kind: 'leave',
        status: 'approved',
        from: '2026-11-20',
        till: '2026-11-24',
        label: 'Vakantie',
        code: 'VAK',
        color: '#2f9e44',
        part: null,
      },
      {
        kind: 'leave',
        status: 'pending',
        from: '2026-11-26',
        till: '2026-11-26',
        label: 'Vakantie',
        code: 'VAK',
        color: '#2f9e44',
        // A part-day request names its hours.
        part: { start: '13:00', end: '16:30' },
      },
      { kind: 'sick', status: 'approved', from: '2026-12-04', till: '2026-12-06', label: '', code: '', color: '', part: null },
    ]);
    expect(of(two).schedules).toEqual([]);
    expect(of(two).absences).toEqual([
      { kind: 'sick', status: 'approved', from: '2026-11-18', till: '2026-11-23', label: '', code: '', color: '', part: null },
      {
        kind: 'collective',
        status: 'approved',
        from: '2026-12-01',
        till: '2026-12-02',
        label: 'Vakantie',
        code: 'VAK',
        color: '#2f9e44',
        part: null,
      },
    ]);
    const christmas = (await viewer.get(`/api/planner/availability?from=2026-12-21&to=2026-12-28&employees=${one}`)).json().data;
    expect(christmas.holidays).toEqual([
      { date: '2026-12-25', key: 'christmas' },
      { date: '2026-12-26', key: 'boxingDay' },
    ]);
  });

  it("filters by function (without case) and role; an employee with the mobile setting reads it as the planner's other reads", async () => {
    const a = await person({ fn: 'Lasser' });
    const b = await person({ fn: ' lasser ' });
    const c = await person({ fn: 'Schilder' });
    const fn = (await viewer.get(`/api/planner/availability?${WINDOW}&function=LASSER`)).json().data;
    expect(fn.people.map((p: { employee: { id: number } }) => p.employee.id).sort()).toEqual([a, b].sort());
    const [row] = await tdb.db.orm.select({ roleId: employees.roleId }).from(employees).where(eq(employees.id, c));
    const byRole = (await viewer.get(`/api/planner/availability?${WINDOW}&role=${row?.roleId}`)).json().data;
    expect(byRole.people.map((p: { employee: { id: number } }) => p.employee.id)).toEqual([c]);

    const self = await createEmployee(tdb.db, { permissions: [] });
    await tdb.db.orm.update(employees).set({ mobilePlanner: true }).where(eq(employees.id, self.employeeId));
    const me = t.agent();
    await me.login(self.email, self.password);
    const mine = (await me.get(`/api/planner/availability?${WINDOW}&employees=${a},${self.employeeId}`)).json().data;
    expect(mine.people.map((p: { employee: { id: number } }) => p.employee.id).sort()).toEqual([a, self.employeeId].sort());
  });

  it('answers in the same number of statements for 2 people as for 30', async () => {
    const few = [await person({ fn: 'Stukadoor' }), await person({ fn: 'Stukadoor' })];
    const many: number[] = [];
    for (let i = 0; i < 30; i++) {
      const id = await person({ fn: 'Timmerman' });
      await leave(id, '2026-11-24', '2026-11-25', i % 2 ? 'approved' : 'pending');
      await sick(id, '2026-12-01', null);
      many.push(id);
    }
    await viewer.get(`/api/planner/availability?${WINDOW}&function=Stukadoor`);
    const a = await countQueries(tdb.db, () => viewer.get(`/api/planner/availability?${WINDOW}&function=Stukadoor`));
    const b = await countQueries(tdb.db, () => viewer.get(`/api/planner/availability?${WINDOW}&function=Timmerman`));
    expect(a.result.json().data.people).toHaveLength(few.length);
    expect(b.result.json().data.people).toHaveLength(30);
    expect(b.result.json().data.people[0].absences).toHaveLength(2);
    expect(b.count).toBe(a.count);
    expect(a.count).toBeLessThanOrEqual(4); // the session, the people, the schedules, the absences
  });
});

describe('conflicts before a save', () => {
  const post = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/planner', body);
  const reasons = (res: { json: () => { details?: { reasons?: unknown[] } } }) => res.json().details?.reasons;

  it('answers 409 PLANNER_CONFLICT naming approved and pending leave and sick leave; confirm plans anyway', async () => {
    const p = await createProjectRow(tdb.db, { name: 'Refit' });
    const id = await person();
    await leave(id, '2026-11-24', '2026-11-24', 'approved');
    await leave(id, '2026-11-25', '2026-11-25', 'pending');
    await sick(id, '2026-11-26', null);
    const body = (start: string, end: string, o: Record<string, unknown> = {}) => ({
      employeeId: id,
      projectId: p.id,
      start,
      end,
      ...o,
    });
    const onLeave = await post(planner, body('2026-11-24T08:00', '2026-11-24T12:00'));
    expect(onLeave.statusCode).toBe(409);
    expect(onLeave.json().code).toBe('PLANNER_CONFLICT');
    expect(reasons(onLeave)).toEqual([
      { code: 'leave', status: 'approved', from: '2026-11-24', till: '2026-11-24', label: 'Vakantie' },
    ]);
    expect(reasons(await post(planner, body('2026-11-25T08:00', '2026-11-25T12:00')))).toEqual([
      { code: 'leave', status: 'pending', from: '2026-11-25', till: '2026-11-25', label: 'Vakantie' },
    ]);
    // An open sick period: every day from its start; clipped to the entry's days.
    expect(reasons(await post(planner, body('2026-11-23T00:00', '2026-11-28T00:00', { allDay: true })))).toEqual([
      { code: 'leave', status: 'approved', from: '2026-11-24', till: '2026-11-24', label: 'Vakantie' },
      { code: 'leave', status: 'pending', from: '2026-11-25', till: '2026-11-25', label: 'Vakantie' },
      { code: 'sick', from: '2026-11-26', till: '2026-11-27' },
    ]);
    expect(await stored(id)).toBe(0);
    const confirmed = await post(planner, body('2026-11-24T08:00', '2026-11-24T12:00', { confirm: true }));
    expect(confirmed.statusCode).toBe(201);
    expect(await stored(id)).toBe(1);
    // A free day plans without a question.
    expect((await post(planner, body('2026-11-23T08:00', '2026-11-23T12:00'))).statusCode).toBe(201);
  });

  it('checks the schedule by even and odd week: a Friday is a day off in odd weeks; outside the hours; all day only when no day is scheduled', async () => {
    const p = await createProjectRow(tdb.db);
    const id = await person();
    const body = (start: string, end: string, allDay = false) => ({ employeeId: id, projectId: p.id, start, end, allDay });
    // Friday 27 November: week 48, even: scheduled.
    expect((await post(planner, body('2026-11-27T08:00', '2026-11-27T12:00'))).statusCode).toBe(201);
    // Friday 4 December: week 49, odd: a day off.
    const odd = await post(planner, body('2026-12-04T08:00', '2026-12-04T12:00'));
    expect(odd.statusCode).toBe(409);
    expect(reasons(odd)).toEqual([{ code: 'day_off', from: '2026-12-04', till: '2026-12-04' }]);
    // Before the day's start (07:30) and past its end (16:00).
    expect(reasons(await post(planner, body('2026-12-01T06:00', '2026-12-01T10:00')))).toEqual([
      { code: 'outside_hours', date: '2026-12-01', start: '07:30', end: '16:00' },
    ]);
    expect((await post(planner, body('2026-12-01T07:30', '2026-12-01T16:00'))).statusCode).toBe(201);
    // A week all day covers scheduled days: its weekend is not a conflict; the weekend alone is.
    expect((await post(planner, body('2026-12-07T00:00', '2026-12-14T00:00', true))).statusCode).toBe(201);
    expect(reasons(await post(planner, body('2026-12-05T00:00', '2026-12-07T00:00', true)))).toEqual([
      { code: 'day_off', from: '2026-12-05', till: '2026-12-06' },
    ]);
    // No schedule at all: nothing to check against.
    const none = await person({ schedule: null });
    expect((await post(planner, { ...body('2026-12-05T08:00', '2026-12-05T12:00'), employeeId: none })).statusCode).toBe(201);
  });

  it('names a public holiday and a double booking; a change of notes or project is not checked again', async () => {
    const p = await createProjectRow(tdb.db, { name: 'Kade 4' });
    const q = await createProjectRow(tdb.db);
    const id = await person({
      schedule: { even: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d)), odd: [1, 2, 3, 4, 5, 6, 7].map((d) => day(d)) },
    });
    const christmas = await post(planner, {
      employeeId: id,
      projectId: p.id,
      start: '2026-12-25T08:00',
      end: '2026-12-25T12:00',
    });
    expect(reasons(christmas)).toEqual([{ code: 'holiday', date: '2026-12-25', key: 'christmas' }]);
    const first = await createPlannerEntryRow(tdb.db, {
      employeeId: id,
      projectId: p.id,
      start: '2026-11-24T08:00',
      end: '2026-11-24T12:00',
    });
    const twice = await post(planner, { employeeId: id, projectId: q.id, start: '2026-11-24T11:00', end: '2026-11-24T15:00' });
    expect(reasons(twice)).toEqual([
      { code: 'overlap', entryId: first.id, project: 'Kade 4', start: '2026-11-24T08:00', end: '2026-11-24T12:00' },
    ]);
    // Touching is not overlapping.
    const after = await post(planner, { employeeId: id, projectId: q.id, start: '2026-11-24T12:00', end: '2026-11-24T15:00' });
    expect(after.statusCode).toBe(201);
    // A drag onto the other entry: the same question; its own span never counts.
    const moved = await planner.patch(`/api/planner/${after.json().data.id}`, {
      start: '2026-11-24T10:00',
      end: '2026-11-24T13:00',
      version: 1,
    });
    expect(moved.statusCode).toBe(409);
    expect(reasons(moved)).toEqual([expect.objectContaining({ code: 'overlap', entryId: first.id })]);
    // Overlapping entries stay as they are when only the notes or the project change.
    const forced = await planner.patch(`/api/planner/${after.json().data.id}`, {
      start: '2026-11-24T10:00',
      end: '2026-11-24T13:00',
      version: 1,
      confirm: true,
    });
    expect(forced.statusCode).toBe(200);
    expect((await planner.patch(`/api/planner/${first.id}`, { notes: 'dek 2', projectId: q.id, version: 1 })).statusCode).toBe(
      200,
    );
  });

  // PostgreSQL only: it holds a table lock from a second connection and watches pg_stat_activity;
  // PGlite has one connection, on which the two saves simply take turns.
  it.runIf(process.env.TEST_DB === 'pg')(
    'two planners planning the same person at the same time: one is saved, the other is told of the overlap',
    async () => {
      const p = await createProjectRow(tdb.db);
      const id = await person();
      const body = (agent: Agent, start: string) =>
        agent.post('/api/planner', { employeeId: id, projectId: p.id, start, end: '2026-11-24T12:00' });
      // Both saves are held at their INSERT (the table is locked against writes), so both have
      // checked before either writes: only the lock per person makes the second check wait for the
      // first save. Released once two sessions wait.
      // The promise goes out in an object: returned bare, the transaction would wait for it before its COMMIT.
      const held = await tdb.db.orm.transaction(async (tx) => {
        await tx.execute(sql`LOCK TABLE planner_entries IN EXCLUSIVE MODE`);
        const both = Promise.all([body(planner, '2026-11-24T08:00'), body(second, '2026-11-24T09:00')]);
        for (;;) {
          const rows = await tdb.db.orm.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          );
          const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
          if (n >= 2) break;
          await new Promise((r) => setTimeout(r, 20));
        }
        return { both };
      });
      const answers = await held.both;
      const codes = answers.map((r) => r.statusCode).sort();
      expect(codes).toEqual([201, 409]);
      const refused = answers.find((r) => r.statusCode === 409);
      expect(refused?.json().details.reasons).toEqual([expect.objectContaining({ code: 'overlap' })]);
      expect(await stored(id)).toBe(1);
    },
  );
});

describe('the list no longer carries the absences', () => {
  it('answers entries only (the availability read is the one source of absences)', async () => {
    const res = await viewer.get(`/api/planner?${WINDOW}&employees=${workerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).not.toHaveProperty('absences');
  });
});
