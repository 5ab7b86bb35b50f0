import { leaveCard, type StoredLine } from '@app/shared/leave/leave.rules';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { leaveLines } from '../../db/schema';
import { query } from '../../platform/sql';
import { createScheduleRow, FULL_TIME } from '../hours/hours.fixtures';
import { createProjectRow } from '../projects/projects.fixtures';
import { createContractRow, createHourRuleRow, createLeaveLines, createLeaveTypeRow } from './leave.fixtures';

// The leave card on the server: the figures are the hand-computed ones of
// packages/shared/src/leave/leave.rules.test.ts ("carries the closing balance over"), summed in
// SQL; overtime comes from booked hours through the hour rules; corrections; the scope.
// The test clock's today is Saturday 2026-11-21.

let tdb: TestDatabase;
let t: TestApp;
let worker: Agent;
let workerId: number;
let other: Agent;
let approver: Agent;
let hr: Agent;
let hoursManager: Agent;
let client: Agent;
let anon: Agent;
let projectId: number;
let vak: number;
let bv: number;

const leave = (date: string, minutes: number, leaveTypeId: number, counts = true) => ({
  date,
  kind: 'leave' as const,
  minutes,
  counts,
  leaveTypeId,
});

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      worker: { firstName: 'Wim' },
      other: { firstName: 'Olga' },
      approver: { permissions: ['leave.approve'] },
      hr: { permissions: ['leave.manage'] },
      hoursManager: { permissions: ['hours.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ worker, other, approver, hr, hoursManager, client, anon } = cast);
  workerId = cast.worker.fx.employeeId;
  projectId = (await createProjectRow(tdb.db, { name: 'Aurora refit' })).id;
  vak = (await createLeaveTypeRow(tdb.db, { name: 'Vakantie', code: 'VAK' })).id;
  bv = (await createLeaveTypeRow(tdb.db, { name: 'Bijzonder verlof', code: 'BV', countsAgainstBalance: false })).id;
  await createContractRow(tdb.db, { employeeId: workerId, startsOn: '2025-01-01', minutesPerWeek: 2400 });
  await createScheduleRow(tdb.db, { employeeId: workerId, effectiveFrom: '2025-01-01', days: FULL_TIME });
  await createLeaveLines(tdb.db, workerId, [
    ...Array.from({ length: 10 }, (_, i) => leave(`2025-08-${String(i + 4).padStart(2, '0')}`, -480, vak)),
    { date: '2025-12-31', kind: 'correction', minutes: 240, counts: true, description: 'Overgenomen saldo' },
    leave('2026-03-02', -480, vak),
    leave('2026-12-01', -480, vak),
    leave('2026-12-02', -480, vak),
    { date: '2026-12-02', kind: 'cancellation', minutes: 480, counts: true, leaveTypeId: vak },
    leave('2026-05-04', -480, bv, false),
  ]);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const card = (agent: Agent, id = workerId, year = 2026) => agent.get(`/api/users/${id}/leave-card?year=${year}`);

describe('GET /api/users/:userId/leave-card', () => {
  it('401 anonymous, 403 for a company user', async () => {
    expect((await card(anon)).statusCode).toBe(401);
    expect((await card(client)).statusCode).toBe(403);
  });

  it("404 for another person's card without the leave rights", async () => {
    const res = await card(other);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await card(hr, 2_000_000)).statusCode).toBe(404);
  });

  it('400 for a bad year', async () => {
    for (const q of ['year=1999', 'year=abc', 'year=2026&x=1', 'year=2026.5']) {
      expect((await worker.get(`/api/users/${workerId}/leave-card?${q}`)).statusCode).toBe(400);
    }
  });

  it('shows the hand-computed card to the person and to the approver', async () => {
    for (const agent of [worker, approver, hr]) {
      const res = await card(agent);
      expect(res.statusCode).toBe(200);
      // 2025: 12000 + 240 - 4800 = 7440; 2026: 7440 + 12000 + 0 + 0 - 480 - 480 = 18480 (no overtime yet)
      expect(res.json()).toMatchObject({
        year: 2026,
        today: '2026-11-21',
        previousYear: 7440,
        entitlement: 12000,
        corrections: 0,
        overtime: 0,
        taken: 480,
        planned: 480,
        balance: 18480,
        notCounted: 480,
        entitlementLines: [{ contractId: expect.any(Number), days: 365, minutes: 12000 }],
      });
    }
    const y2025 = (await card(worker, workerId, 2025)).json();
    expect(y2025).toMatchObject({
      previousYear: 0,
      entitlement: 12000,
      corrections: 240,
      taken: 4800,
      planned: 0,
      balance: 7440,
    });
  });

  it('abilities: corrections and sick periods for leave.manage only', async () => {
    expect((await card(worker)).json().abilities).toEqual({ canCorrect: false, canManageSick: false, canRequest: true });
    expect((await card(approver)).json().abilities).toEqual({ canCorrect: false, canManageSick: false, canRequest: false });
    expect((await card(hr)).json().abilities).toEqual({ canCorrect: true, canManageSick: true, canRequest: true });
  });
});

describe('GET /api/users/:userId/leave-card/lines', () => {
  it('lists the lines of a total, and their sum is the card figure', async () => {
    const planned = (await worker.get(`/api/users/${workerId}/leave-card/lines?year=2026&bucket=planned`)).json();
    expect(planned.meta.total).toBe(3);
    expect(planned.totalMinutes).toBe(-480);
    expect(planned.data.map((l: { kind: string; date: string }) => `${l.kind} ${l.date}`)).toEqual([
      'leave 2026-12-01',
      'leave 2026-12-02',
      'cancellation 2026-12-02',
    ]);
    // A page past the end still says how many lines there are and what they sum to.
    const past = (await worker.get(`/api/users/${workerId}/leave-card/lines?year=2026&bucket=planned&page=5`)).json();
    expect(past).toMatchObject({ data: [], totalMinutes: -480, meta: { total: 3, current_page: 5, last_page: 1 } });
    const taken = (await worker.get(`/api/users/${workerId}/leave-card/lines?year=2026&bucket=taken`)).json();
    // The special leave is listed but does not count.
    expect(taken.meta.total).toBe(2);
    expect(taken.totalMinutes).toBe(-480);
    expect(taken.data.find((l: { counts: boolean }) => !l.counts).leaveType).toMatchObject({ code: 'BV' });
    // A year without lines is an empty page, not a missing person.
    const none = await worker.get(`/api/users/${workerId}/leave-card/lines?year=2030`);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ data: [], totalMinutes: 0, meta: { total: 0 } });
  });

  it("404 for another person's lines, 400 for a bad bucket", async () => {
    expect((await other.get(`/api/users/${workerId}/leave-card/lines`)).statusCode).toBe(404);
    // With the leave rights: anyone's lines, and still 404 for a person who does not exist.
    expect((await hr.get(`/api/users/${workerId}/leave-card/lines`)).statusCode).toBe(200);
    expect((await hr.get('/api/users/999999/leave-card/lines')).statusCode).toBe(404);
    expect((await worker.get(`/api/users/${workerId}/leave-card/lines?bucket=everything`)).statusCode).toBe(400);
    expect((await worker.get(`/api/users/${workerId}/leave-card/lines?perPage=1000`)).statusCode).toBe(400);
  });
});

describe('overtime from booked hours and hour rules', () => {
  it('books a Saturday, changes it and removes it: the overtime line follows', async () => {
    const rule = await createHourRuleRow(tdb.db, { name: 'Weekend', weekdays: [6, 7], percent: 150 });
    const booked = await hoursManager.post('/api/hours', {
      employeeId: workerId,
      date: '2026-06-06',
      startTime: '10:00',
      projectId,
      minutes: 60,
      activity: 'installation',
    });
    expect(booked.statusCode).toBe(201);
    const b = booked.json().data;
    expect(b.startTime).toBe('10:00');
    // 60 minutes on a Saturday at 150 % = 90
    expect((await card(worker)).json()).toMatchObject({ overtime: 90, balance: 18570 });
    const lines = (await worker.get(`/api/users/${workerId}/leave-card/lines?year=2026&bucket=overtime`)).json();
    expect(lines.data).toEqual([
      expect.objectContaining({
        kind: 'overtime',
        minutes: 90,
        hourRule: { id: rule.id, name: 'Weekend' },
        bookedHour: { id: b.id, project: 'Aurora refit', startTime: '10:00', minutes: 60 },
      }),
    ]);
    // Three hours instead: 270; moved to a Wednesday without a start: nothing.
    const changed = await hoursManager.put(`/api/hours/${b.id}`, {
      date: '2026-06-06',
      startTime: '10:00',
      projectId,
      minutes: 180,
      activity: 'installation',
      version: b.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await card(worker)).json().overtime).toBe(270);
    const moved = await hoursManager.put(`/api/hours/${b.id}`, {
      date: '2026-06-03',
      projectId,
      minutes: 180,
      activity: 'installation',
      version: changed.json().data.version,
    });
    expect(moved.statusCode).toBe(200);
    expect((await card(worker)).json().overtime).toBe(0);
    const again = await hoursManager.put(`/api/hours/${b.id}`, {
      date: '2026-06-07',
      projectId,
      minutes: 60,
      activity: 'installation',
      version: moved.json().data.version,
    });
    expect((await card(worker)).json().overtime).toBe(90);
    expect((await hoursManager.delete(`/api/hours/${b.id}?version=${again.json().data.version}`)).statusCode).toBe(204);
    expect((await card(worker)).json().overtime).toBe(0);
    await tdb.db.orm.execute(sql`DELETE FROM hour_rules WHERE id = ${rule.id}`);
  });
});

describe('POST /api/users/:userId/leave-corrections', () => {
  const url = () => `/api/users/${workerId}/leave-corrections`;
  const count = async () => (await tdb.db.orm.select().from(leaveLines).where(eq(leaveLines.employeeId, workerId))).length;

  it('401, 403 without leave.manage (one cannot correct one own card)', async () => {
    expect((await anon.post(url(), { date: '2026-11-20', description: 'x', minutes: 60 })).statusCode).toBe(401);
    expect((await worker.post(url(), { date: '2026-11-20', description: 'x', minutes: 60 })).statusCode).toBe(403);
    expect((await approver.post(url(), { date: '2026-11-20', description: 'x', minutes: 60 })).statusCode).toBe(403);
  });

  it('400 for bad input, nothing written', async () => {
    const before = await count();
    for (const body of [
      { date: '2026-11-20', description: 'x', minutes: 0 },
      { date: '2026-11-20', description: 'x', minutes: 60, days: 1 },
      { date: '2026-11-20', description: 'x' },
      { date: '2026-11-20', description: '', minutes: 60 },
      { date: '2026-02-30', description: 'x', minutes: 60 },
      { date: '2026-11-20', description: 'a\u0000b', minutes: 60 },
      { date: '2026-11-20', description: 'x', minutes: '60' },
      { date: '2026-11-20', description: 'x', days: 0.333 },
      { date: '2026-11-20', description: 'x', minutes: 60, extra: true },
    ]) {
      expect((await hr.post(url(), body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await hr.post(`/api/users/2000000/leave-corrections`, { date: '2026-11-20', description: 'x', minutes: 60 })).statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);
  });

  it('adds a correction in hours or in days, and the card moves by exactly that', async () => {
    const res = await hr.post(url(), { date: '2026-11-20', description: 'Compensatie beurs', minutes: -90 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      kind: 'correction',
      bucket: 'corrections',
      minutes: -90,
      days: null,
      description: 'Compensatie beurs',
    });
    expect(res.json().data.createdBy).toEqual(expect.any(String));
    // 1.5 days of an 8-hour average day: 720
    const days = await hr.post(url(), { date: '2026-11-20', description: 'Jubileum', days: 1.5 });
    expect(days.json().data).toMatchObject({ minutes: 720, days: 1.5 });
    expect((await card(worker)).json()).toMatchObject({ corrections: 630, balance: 18480 + 630 });
    // A late correction in 2025 flows into 2026's carry-over.
    await hr.post(url(), { date: '2025-06-01', description: 'Herberekening', minutes: -60 });
    expect((await card(worker)).json()).toMatchObject({ previousYear: 7380, balance: 18480 + 630 - 60 });
  });

  it('400 for days without a schedule', async () => {
    const nobody = await createEmployee(tdb.db);
    const res = await hr.post(`/api/users/${nobody.employeeId}/leave-corrections`, {
      date: '2026-11-20',
      description: 'x',
      days: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.days.code).toBe('no_schedule');
  });
});

describe('the SQL sums against the reference', () => {
  it('gives the same card as leaveCard() over the stored lines', async () => {
    const lines = await query<StoredLine>(
      tdb.db.orm,
      sql`SELECT kind, date::text AS date, minutes, counts FROM leave_lines WHERE employee_id = ${workerId}`,
    );
    const contracts = [{ id: 1, startsOn: '2025-01-01', endsOn: null, minutesPerWeek: 2400 }];
    const policy = { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 };
    for (const year of [2025, 2026, 2027]) {
      const ref = leaveCard({ year, firstYear: 2025, today: '2026-11-21', lines, contracts, policy });
      const got = (await card(worker, workerId, year)).json();
      expect(got).toMatchObject({
        previousYear: ref.previousYear,
        entitlement: ref.entitlement,
        corrections: ref.corrections,
        overtime: ref.overtime,
        taken: ref.taken,
        planned: ref.planned,
        balance: ref.balance,
      });
    }
  });
});
