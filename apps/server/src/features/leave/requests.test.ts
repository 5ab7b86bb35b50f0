import { readFileSync } from 'node:fs';
import type { ScheduleDays } from '@app/shared/hours/schedules.rules';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { startSecondApp } from '../../../test/helpers/second-app';
import { collectiveLeaves, leaveLines, leaveRequests, notifications } from '../../db/schema';
import { createScheduleRow } from '../hours/hours.fixtures';
import { createContractRow, createLeaveTypeRow } from './leave.fixtures';

// Today is Saturday 21 November 2026 (the test clock). 2026-12-07 starts ISO week 50 (even),
// 2026-12-14 week 51 (odd); 25 and 26 December 2026 are a Friday and a Saturday.

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let client: Agent;
let acting: Agent;
/** leave.manage: requests on anyone's behalf, reads everyone's; does not decide. */
let manager: Agent;
/** leave.approve: decides, reads everyone's; English. */
let approver: Agent;
let approverFx: EmployeeFixture;
let approver2: Agent;
let approver2Fx: EmployeeFixture;
/** hours.manage: no leave rights at all. */
let hoursMgr: Agent;
let holiday: { id: number; name: string };
let special: { id: number; name: string };
let inactive: { id: number; name: string };

async function typeRow(o: { name: string; code: string; counts?: boolean; approval?: boolean; active?: boolean }) {
  const row = await createLeaveTypeRow(tdb.db, {
    name: o.name,
    code: o.code,
    countsAgainstBalance: o.counts ?? true,
    needsApproval: o.approval ?? true,
    active: o.active ?? true,
  });
  return { id: row.id, name: o.name };
}

interface Person {
  fx: EmployeeFixture;
  agent: Agent;
  id: number;
}

/** An employee who can sign in, with a contract from `from` (an entitlement) and a schedule from 2026-01-01 (full time unless told). */
async function person(
  o: {
    firstName?: string;
    locale?: 'nl' | 'en';
    from?: string;
    minutesPerWeek?: number;
    days?: ScheduleDays;
    permissions?: [];
  } = {},
): Promise<Person> {
  const fx = await createEmployee(tdb.db, { firstName: o.firstName ?? 'Mees', locale: o.locale ?? 'nl' });
  await createContractRow(tdb.db, {
    employeeId: fx.employeeId,
    startsOn: o.from ?? '2026-01-01',
    minutesPerWeek: o.minutesPerWeek ?? 2400,
  });
  await createScheduleRow(tdb.db, { employeeId: fx.employeeId, ...(o.days ? { days: o.days } : {}) });
  return { fx, agent: await t.signIn(fx), id: fx.employeeId };
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['leave.manage'], firstName: 'Manon' },
      approver: { permissions: ['leave.approve'], firstName: 'Anna', locale: 'en' },
      approver2: { permissions: ['leave.approve'], firstName: 'Bram' },
      hoursMgr: { permissions: ['hours.manage'] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'leave.approve', 'leave.manage'] } },
    anon: true,
  });
  ({ manager, approver, approver2, hoursMgr, anon, client, acting } = cast);
  approverFx = cast.approver.fx;
  approver2Fx = cast.approver2.fx;
  holiday = await typeRow({ name: 'Vakantie', code: 'VAK' });
  special = await typeRow({ name: 'Bijzonder verlof', code: 'BV', counts: false, approval: false });
  inactive = await typeRow({ name: 'Oud verlof', code: 'OUD', active: false });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

type Json = Record<string, unknown> & { id: number; version: number; status: string; minutes: number };

const week50 = { startsOn: '2026-12-07', endsOn: '2026-12-11' };

async function request(who: Agent, body: Record<string, unknown>): Promise<Json> {
  const res = await who.post('/api/leave-requests', { leaveTypeId: holiday.id, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const stored = async (id: number) => (await tdb.db.orm.select().from(leaveRequests).where(eq(leaveRequests.id, id)))[0] ?? null;
const linesOf = (requestId: number) =>
  tdb.db.orm
    .select()
    .from(leaveLines)
    .where(eq(leaveLines.requestId, requestId))
    .orderBy(asc(leaveLines.date), asc(leaveLines.id));
const noticesOf = (accountId: number, kind: string) =>
  tdb.db.orm
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id));
const balance = async (p: Person, year = 2026) =>
  (await p.agent.get(`/api/users/${p.id}/leave-card?year=${year}`)).json().balance as number;

describe('who may call', () => {
  it('refuses anonymous callers (401) and the portal view (403) on every route', async () => {
    const p = await person();
    const r = await request(p.agent, week50);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/leave-requests'],
      ['POST', '/api/leave-requests/preview', { leaveTypeId: holiday.id, ...week50 }],
      ['POST', '/api/leave-requests', { leaveTypeId: holiday.id, ...week50 }],
      ['GET', `/api/leave-requests/${r.id}`],
      ['POST', `/api/leave-requests/${r.id}/approve`, { version: 1 }],
      ['POST', `/api/leave-requests/${r.id}/deny`, { version: 1, reason: 'Nee' }],
      ['POST', `/api/leave-requests/${r.id}/cancel`, { version: 1 }],
    ];
    for (const [method, url, body] of routes) {
      const opts = body === undefined ? {} : { body };
      expect((await anon.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
      expect((await acting.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await stored(r.id)).toMatchObject({ status: 'pending', version: 1 });
  });

  it('lets only leave.approve decide (403 for the employee, leave.manage and hours.manage)', async () => {
    const p = await person();
    const r = await request(p.agent, week50);
    for (const who of [p.agent, manager, hoursMgr]) {
      expect((await who.post(`/api/leave-requests/${r.id}/approve`, { version: 1 })).statusCode).toBe(403);
      expect((await who.post(`/api/leave-requests/${r.id}/deny`, { version: 1, reason: 'x' })).statusCode).toBe(403);
    }
    expect((await stored(r.id))?.status).toBe('pending');
  });
});

describe('preview', () => {
  it('computes a full week from the schedule: 5 × 8:00, with the balance and whether it fits', async () => {
    const p = await person();
    const res = await p.agent.post('/api/leave-requests/preview', { leaveTypeId: holiday.id, ...week50 });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ minutes: 2400, balance: 12000, countsAgainstBalance: true, fits: true, needsApproval: true });
    expect(body.days).toHaveLength(5);
    expect(body.days.every((d: { minutes: number; excluded: null }) => d.minutes === 480 && d.excluded === null)).toBe(true);
    expect(await tdb.db.orm.select().from(leaveRequests).where(eq(leaveRequests.employeeId, p.id))).toEqual([]);
  });

  it('takes a part of a day from the scheduled window: 12:00-16:30 of 08:00-16:30 with 30 minutes break is 4:30', async () => {
    const p = await person();
    const res = await p.agent.post('/api/leave-requests/preview', {
      leaveTypeId: holiday.id,
      startsOn: '2026-12-01',
      endsOn: '2026-12-01',
      part: { start: '12:00', end: '16:30' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ minutes: 270, days: [{ date: '2026-12-01', minutes: 270, excluded: null }] });
  });

  it('leaves out public holidays, days without hours and collective leave days', async () => {
    const p = await person();
    const christmas = await p.agent.post('/api/leave-requests/preview', {
      leaveTypeId: holiday.id,
      startsOn: '2026-12-21',
      endsOn: '2026-12-27',
    });
    expect(christmas.json().minutes).toBe(4 * 480);
    expect(christmas.json().days.map((d: { excluded: string | null }) => d.excluded)).toEqual([
      null,
      null,
      null,
      null,
      'holiday',
      'holiday',
      'not_scheduled',
    ]);
    // A collective leave day on Wednesday 9 December.
    const [c] = await tdb.db.orm
      .insert(collectiveLeaves)
      .values({ name: 'Brugdag', leaveTypeId: holiday.id, startsOn: '2026-12-09', endsOn: '2026-12-09' })
      .returning({ id: collectiveLeaves.id });
    await tdb.db.orm.insert(leaveLines).values({
      employeeId: p.id,
      date: '2026-12-09',
      kind: 'leave',
      minutes: -480,
      leaveTypeId: holiday.id,
      collectiveLeaveId: c?.id,
    });
    const week = (await p.agent.post('/api/leave-requests/preview', { leaveTypeId: holiday.id, ...week50 })).json();
    expect(week.minutes).toBe(4 * 480);
    expect(week.days[2]).toEqual({ date: '2026-12-09', minutes: 0, excluded: 'collective' });
    expect(week.balance).toBe(12000 - 480);
  });

  it('follows even and odd weeks: a part-timer with 3 long days in even weeks and 5 mornings in odd weeks', async () => {
    const days: ScheduleDays = {
      even: [1, 2, 3].map((weekday) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 })),
      odd: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '08:00', end: '12:00', breakMinutes: 0 })),
    };
    const p = await person({ days, minutesPerWeek: 1320 });
    const even = (await p.agent.post('/api/leave-requests/preview', { leaveTypeId: holiday.id, ...week50 })).json();
    const odd = (
      await p.agent.post('/api/leave-requests/preview', { leaveTypeId: holiday.id, startsOn: '2026-12-14', endsOn: '2026-12-18' })
    ).json();
    expect(even.minutes).toBe(3 * 480);
    expect(even.days.map((d: { excluded: string | null }) => d.excluded)).toEqual([
      null,
      null,
      null,
      'not_scheduled',
      'not_scheduled',
    ]);
    expect(odd.minutes).toBe(5 * 240);
    // Both weeks in one request.
    const both = (
      await p.agent.post('/api/leave-requests/preview', { leaveTypeId: holiday.id, startsOn: '2026-12-07', endsOn: '2026-12-18' })
    ).json();
    expect(both.minutes).toBe(1440 + 1200);
  });

  it('says when it does not fit, counting pending requests; a type that does not count always fits', async () => {
    // Joins on 1 November: 12000 × 61 / 365 = 2005 minutes for 2026.
    const p = await person({ from: '2026-11-01' });
    const over = (await p.agent.post('/api/leave-requests/preview', { leaveTypeId: holiday.id, ...week50 })).json();
    expect(over).toMatchObject({ minutes: 2400, balance: 2005, fits: false });
    const free = (await p.agent.post('/api/leave-requests/preview', { leaveTypeId: special.id, ...week50 })).json();
    expect(free).toMatchObject({ fits: true, countsAgainstBalance: false, needsApproval: false });
    await request(p.agent, { startsOn: '2026-12-14', endsOn: '2026-12-16' }); // 1440 pending
    const twoDays = { leaveTypeId: holiday.id, startsOn: '2026-12-07', endsOn: '2026-12-08' };
    expect((await p.agent.post('/api/leave-requests/preview', twoDays)).json()).toMatchObject({ balance: 2005, fits: false });
  });

  it('previews for another person with leave.manage only (403 otherwise, 404 out of reach)', async () => {
    const p = await person();
    const body = { employeeId: p.id, leaveTypeId: holiday.id, ...week50 };
    expect((await manager.post('/api/leave-requests/preview', body)).json().minutes).toBe(2400);
    expect((await approver.post('/api/leave-requests/preview', body)).statusCode).toBe(403);
    const hidden = await hoursMgr.post('/api/leave-requests/preview', body);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('EMPLOYEE_NOT_FOUND');
    const missing = await p.agent.post('/api/leave-requests/preview', {
      ...body,
      employeeId: undefined,
      leaveTypeId: 2147483000,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ leaveTypeId: { code: 'not_found' } });
  });
});

describe('requesting leave', () => {
  it('requests one’s own: pending, the hours stored, audited; the approvers are told by mail in their language', async () => {
    const p = await person({ firstName: 'Pieter' });
    t.mailer.sent.length = 0;
    const r = await request(p.agent, { ...week50, note: '  Wintersport  ' });
    expect(r).toMatchObject({
      employee: { id: p.id },
      leaveType: { id: holiday.id, name: 'Vakantie', code: 'VAK', countsAgainstBalance: true },
      ...week50,
      part: null,
      minutes: 2400,
      note: 'Wintersport',
      status: 'pending',
      decisionReason: null,
      decidedBy: null,
      abilities: { canApprove: false, canDeny: false, canCancel: true, reasons: { canApprove: 'FORBIDDEN' } },
    });
    expect(await stored(r.id)).toMatchObject({ status: 'pending', minutes: 2400, createdBy: p.fx.accountId });
    expect(await linesOf(r.id)).toEqual([]);
    expect(await auditRows(tdb.db, 'leave_request.created')).toContainEqual(
      expect.objectContaining({ subjectId: String(r.id), accountId: p.fx.accountId }),
    );
    for (const fx of [approverFx, approver2Fx]) {
      expect((await noticesOf(fx.accountId, 'leave.requested')).at(-1)).toMatchObject({
        data: { type: 'Vakantie', startsOn: '2026-12-07', endsOn: '2026-12-11', hours: '40:00' },
        link: `/users/leave?open=${r.id}`,
      });
    }
    expect(t.mailer.to(approverFx.email).at(-1)?.subject).toMatch(/^Leave request from Pieter .*: 07-12-2026 to 11-12-2026$/);
    expect(t.mailer.to(approver2Fx.email).at(-1)?.subject).toMatch(/^Verlofaanvraag van Pieter .*: 07-12-2026 t\/m 11-12-2026$/);
    expect(t.mailer.to(p.fx.email)).toEqual([]);
  });

  it('requests a part of a day (12:00-16:30 = 4:30) and another window on the same day beside it', async () => {
    const p = await person();
    const afternoon = await request(p.agent, {
      startsOn: '2026-12-01',
      endsOn: '2026-12-01',
      part: { start: '12:00', end: '16:30' },
    });
    expect(afternoon).toMatchObject({ minutes: 270, part: { start: '12:00', end: '16:30' } });
    const morning = await request(p.agent, {
      startsOn: '2026-12-01',
      endsOn: '2026-12-01',
      part: { start: '08:00', end: '12:00' },
    });
    expect(morning.minutes).toBe(240);
    const overlapping = await p.agent.post('/api/leave-requests', {
      leaveTypeId: holiday.id,
      startsOn: '2026-12-01',
      endsOn: '2026-12-01',
      part: { start: '11:00', end: '13:00' },
    });
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json().code).toBe('LEAVE_OVERLAP');
  });

  it('refuses leave that shares a day with a pending or approved request (409 LEAVE_OVERLAP); denied and cancelled ones do not count', async () => {
    const p = await person();
    const r = await request(p.agent, week50);
    for (const body of [
      { startsOn: '2026-12-11', endsOn: '2026-12-15' },
      { startsOn: '2026-12-03', endsOn: '2026-12-07' },
      { startsOn: '2026-12-09', endsOn: '2026-12-09', part: { start: '08:00', end: '09:00' } },
    ]) {
      const res = await p.agent.post('/api/leave-requests', { leaveTypeId: holiday.id, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(409);
      expect(res.json().code).toBe('LEAVE_OVERLAP');
    }
    expect((await approver.post(`/api/leave-requests/${r.id}/approve`, { version: 1 })).statusCode).toBe(200);
    expect((await p.agent.post('/api/leave-requests', { leaveTypeId: holiday.id, ...week50 })).json().code).toBe('LEAVE_OVERLAP');
    const next = await request(p.agent, { startsOn: '2026-12-14', endsOn: '2026-12-14' });
    expect((await approver.post(`/api/leave-requests/${next.id}/deny`, { version: 1, reason: 'Drukte' })).statusCode).toBe(200);
    expect((await request(p.agent, { startsOn: '2026-12-14', endsOn: '2026-12-14' })).status).toBe('pending');
  });

  it('approves a type without approval at once: its lines are written, not counting against the balance', async () => {
    const p = await person();
    const r = await request(p.agent, { leaveTypeId: special.id, startsOn: '2026-12-02', endsOn: '2026-12-03' });
    expect(r).toMatchObject({ status: 'approved', minutes: 960, decidedBy: null });
    expect((await stored(r.id))?.decidedAt).not.toBeNull();
    const lines = await linesOf(r.id);
    expect(lines.map((l) => [l.date, l.kind, l.minutes, l.counts, l.description, l.leaveTypeId])).toEqual([
      ['2026-12-02', 'leave', -480, false, 'Bijzonder verlof', special.id],
      ['2026-12-03', 'leave', -480, false, 'Bijzonder verlof', special.id],
    ]);
    expect(await balance(p)).toBe(12000);
  });

  it("requests another person's leave with leave.manage; 403 without it, 404 out of reach or missing", async () => {
    const p = await person();
    const other = await person();
    const body = { employeeId: other.id, leaveTypeId: holiday.id, ...week50 };
    const mine = await p.agent.post('/api/leave-requests', body);
    expect(mine.statusCode).toBe(404);
    expect(mine.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await hoursMgr.post('/api/leave-requests', body)).statusCode).toBe(404);
    const byApprover = await approver.post('/api/leave-requests', body);
    expect(byApprover.statusCode).toBe(403);
    expect(byApprover.json().code).toBe('FORBIDDEN');
    expect((await manager.post('/api/leave-requests', { ...body, employeeId: 2147483000 })).json().code).toBe(
      'EMPLOYEE_NOT_FOUND',
    );
    const r = await request(manager, body);
    expect(r).toMatchObject({ employee: { id: other.id }, status: 'pending' });
    // Booked on their behalf without approval: the person is told it is approved.
    const free = await request(manager, {
      employeeId: other.id,
      leaveTypeId: special.id,
      startsOn: '2026-12-21',
      endsOn: '2026-12-21',
    });
    expect(free.status).toBe('approved');
    expect((await noticesOf(other.fx.accountId, 'leave.decided')).at(-1)?.data).toMatchObject({ outcome: 'approved' });
  });

  it('refuses a missing type (400 on the field), an inactive one (409) and a period without hours (409 LEAVE_NO_HOURS)', async () => {
    const p = await person();
    const missing = await p.agent.post('/api/leave-requests', { ...week50, leaveTypeId: 2147483000 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ leaveTypeId: { code: 'not_found' } });
    const off = await p.agent.post('/api/leave-requests', { ...week50, leaveTypeId: inactive.id });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('LEAVE_TYPE_INACTIVE');
    const weekend = await p.agent.post('/api/leave-requests', {
      leaveTypeId: holiday.id,
      startsOn: '2026-12-05',
      endsOn: '2026-12-06',
    });
    expect(weekend.statusCode).toBe(409);
    expect(weekend.json().code).toBe('LEAVE_NO_HOURS');
    const christmas = await p.agent.post('/api/leave-requests', {
      leaveTypeId: holiday.id,
      startsOn: '2026-12-25',
      endsOn: '2026-12-25',
    });
    expect(christmas.json().code).toBe('LEAVE_NO_HOURS');
    expect(await tdb.db.orm.select().from(leaveRequests).where(eq(leaveRequests.employeeId, p.id))).toEqual([]);
  });

  it('refuses more than the balance holds (pending requests included) with the numbers and a clear message', async () => {
    const p = await person({ from: '2026-11-01' }); // 2005 minutes for 2026
    const res = await p.agent.post('/api/leave-requests', { leaveTypeId: holiday.id, ...week50 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'LEAVE_OVER_BALANCE',
      details: { balanceMinutes: 2005, requestedMinutes: 2400 },
    });
    // The web app words the code for the person (errors-staff.json, both languages).
    const staffErrors = (lang: string) =>
      JSON.parse(readFileSync(new URL(`../../../../web/src/locales/${lang}/errors-staff.json`, import.meta.url), 'utf8'));
    expect(staffErrors('nl').LEAVE_OVER_BALANCE).toMatch(/verlofsaldo/);
    expect(staffErrors('en').LEAVE_OVER_BALANCE).toMatch(/leave balance/);
    await request(p.agent, { startsOn: '2026-12-14', endsOn: '2026-12-16' }); // 1440 pending: 565 left
    const more = await p.agent.post('/api/leave-requests', {
      leaveTypeId: holiday.id,
      startsOn: '2026-12-07',
      endsOn: '2026-12-08',
    });
    expect(more.json()).toMatchObject({ code: 'LEAVE_OVER_BALANCE', details: { balanceMinutes: 565, requestedMinutes: 960 } });
    // A type that does not count is not limited.
    expect((await request(p.agent, { leaveTypeId: special.id, ...week50 })).status).toBe('approved');
    expect((await request(p.agent, { startsOn: '2026-12-17', endsOn: '2026-12-17' })).minutes).toBe(480);
  });

  it('refuses hostile input with 400 and stores nothing', async () => {
    const p = await person();
    const ok = { leaveTypeId: holiday.id, ...week50 };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ endsOn: '2026-12-01' }, 'endsOn', 'end_before_start'],
      [{ startsOn: '2026-02-30' }, 'startsOn', 'date_invalid'],
      [{ endsOn: '2028-01-01' }, 'endsOn', 'span_too_long'],
      [{ part: { start: '12:00', end: '16:30' } }, 'part', 'one_day_only'],
    ];
    for (const [o, field, code] of cases) {
      const res = await p.agent.post('/api/leave-requests', { ...ok, ...o });
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, res.body).toBe(code);
    }
    for (const body of [
      { ...ok, extra: 1 },
      { ...ok, note: 'a\u0000b' },
      { ...ok, note: 'x'.repeat(1001) },
      { ...ok, leaveTypeId: '1' },
      { ...ok, leaveTypeId: -1 },
      { ...ok, employeeId: 1e12 },
      { ...ok, startsOn: '2026-12-01', endsOn: '2026-12-01', part: { start: '16:30', end: '12:00' } },
      { ...ok, startsOn: '2026-12-01', endsOn: '2026-12-01', part: { start: '25:00', end: '26:00' } },
      { ...ok, startsOn: '2026-12-01', endsOn: '2026-12-01', part: { start: '12:00', end: '16:30', x: 1 } },
      { ...ok, startsOn: "2026-12-01' OR 1=1" },
      [],
    ]) {
      const res = await p.agent.post('/api/leave-requests', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((await p.agent.post('/api/leave-requests/preview', body)).statusCode).toBe(400);
    }
    expect(await tdb.db.orm.select().from(leaveRequests).where(eq(leaveRequests.employeeId, p.id))).toEqual([]);
  });
});

describe('lists and one request', () => {
  it("shows one's own only; the leave rights everyone's, with filters, sorting, paging and the pending count", async () => {
    const p = await person({ firstName: 'Lijst' });
    const q = await person({ firstName: 'Quinten' });
    const a = await request(p.agent, { startsOn: '2026-12-01', endsOn: '2026-12-01' });
    const b = await request(p.agent, { startsOn: '2027-01-05', endsOn: '2027-01-06' });
    await request(p.agent, { leaveTypeId: special.id, startsOn: '2026-11-02', endsOn: '2026-11-02' });
    await request(q.agent, { startsOn: '2026-12-01', endsOn: '2026-12-01' });
    const own = (await p.agent.get('/api/leave-requests?perPage=2')).json();
    expect(own.meta).toMatchObject({ total: 3, last_page: 2, per_page: 2 });
    expect(own.pending).toBe(2);
    expect(own.abilities).toEqual({ canRequestForOthers: false, canDecide: false });
    expect(own.data.map((r: Json) => r.id)).toEqual([b.id, a.id]);
    expect((await p.agent.get('/api/leave-requests?status=approved')).json().meta.total).toBe(1);
    expect((await p.agent.get('/api/leave-requests?year=2027')).json().data.map((r: Json) => r.id)).toEqual([b.id]);
    const sorted = (await p.agent.get('/api/leave-requests?sort=startsOn')).json().data.map((r: Json) => r.startsOn);
    expect(sorted).toEqual(['2026-11-02', '2026-12-01', '2027-01-05']);
    // Another person's filter without the rights: not found, like their card.
    const hidden = await p.agent.get(`/api/leave-requests?employeeId=${q.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await hoursMgr.get(`/api/leave-requests?employeeId=${q.id}`)).statusCode).toBe(404);
    expect((await hoursMgr.get('/api/leave-requests')).json().meta.total).toBe(0);

    const all = (await approver.get('/api/leave-requests?perPage=100')).json();
    expect(all.abilities).toEqual({ canRequestForOthers: false, canDecide: true });
    expect(all.meta.total).toBeGreaterThanOrEqual(4);
    expect(all.pending).toBeGreaterThanOrEqual(3);
    const ofQ = (await approver.get(`/api/leave-requests?employeeId=${q.id}`)).json();
    expect(ofQ.data).toHaveLength(1);
    expect(ofQ.data[0].abilities).toMatchObject({ canApprove: true, canDeny: true, canCancel: false });
    const byName = (await manager.get('/api/leave-requests?q=quinten')).json();
    expect(byName.abilities).toEqual({ canRequestForOthers: true, canDecide: false });
    expect(byName.data.every((r: { employee: { id: number } }) => r.employee.id === q.id)).toBe(true);
    expect(byName.meta.total).toBe(1);
    const byEmployee = (await manager.get(`/api/leave-requests?employeeId=${p.id}&sort=-employee`)).json();
    expect(byEmployee.meta.total).toBe(3);
    for (const bad of ['status=open', 'year=1999', 'sort=minutes', 'perPage=101', 'employeeId=abc', 'page=0', 'x=1']) {
      expect((await approver.get(`/api/leave-requests?${bad}`)).statusCode, bad).toBe(400);
    }
  });

  it('reads a page in a fixed number of statements, whatever its size', async () => {
    const p = await person();
    await request(p.agent, { startsOn: '2026-12-01', endsOn: '2026-12-01' });
    await p.agent.get('/api/leave-requests'); // warm up: the session's first load may write last_seen_at
    const few = await countQueries(tdb.db, () => p.agent.get('/api/leave-requests'));
    for (const d of ['02', '03', '04', '07', '08', '09', '10'])
      await request(p.agent, { startsOn: `2026-12-${d}`, endsOn: `2026-12-${d}` });
    const many = await countQueries(tdb.db, () => p.agent.get('/api/leave-requests'));
    expect(few.result.json().data).toHaveLength(1);
    expect(many.result.json().data).toHaveLength(8);
    // The session, the counts, the page.
    expect(many.count).toBe(3);
    expect(few.count).toBe(many.count);
  });

  it('finds one request for its employee and the leave rights; 404 for anyone else, like a missing one', async () => {
    const p = await person();
    const other = await person();
    const r = await request(p.agent, week50);
    expect((await p.agent.get(`/api/leave-requests/${r.id}`)).json().data).toMatchObject({ id: r.id, minutes: 2400 });
    expect((await approver.get(`/api/leave-requests/${r.id}`)).json().data.abilities).toMatchObject({ canApprove: true });
    expect((await manager.get(`/api/leave-requests/${r.id}`)).json().data.abilities).toMatchObject({
      canApprove: false,
      canCancel: true,
    });
    for (const who of [other.agent, hoursMgr]) {
      const res = await who.get(`/api/leave-requests/${r.id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('LEAVE_REQUEST_NOT_FOUND');
    }
    expect((await p.agent.get('/api/leave-requests/2147483000')).json().code).toBe('LEAVE_REQUEST_NOT_FOUND');
    expect((await p.agent.get('/api/leave-requests/abc')).statusCode).toBe(400);
    expect((await p.agent.get('/api/leave-requests/0')).statusCode).toBe(400);
  });
});

describe('decisions', () => {
  it('approves: the hours recomputed from the schedule now, one leave line per day, the employee told in their language', async () => {
    const p = await person({ locale: 'en', firstName: 'Eva' });
    const r = await request(p.agent, { ...week50, note: 'Skiën' });
    // Collective leave booked on Thursday after the request: approving takes only four days.
    const [c] = await tdb.db.orm
      .insert(collectiveLeaves)
      .values({ name: 'Brugdag', leaveTypeId: holiday.id, startsOn: '2026-12-10', endsOn: '2026-12-10' })
      .returning({ id: collectiveLeaves.id });
    await tdb.db.orm.insert(leaveLines).values({
      employeeId: p.id,
      date: '2026-12-10',
      kind: 'leave',
      minutes: -480,
      leaveTypeId: holiday.id,
      collectiveLeaveId: c?.id,
    });
    t.mailer.sent.length = 0;
    const res = await approver.post(`/api/leave-requests/${r.id}/approve`, { version: r.version, reason: 'Veel plezier' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'approved',
      minutes: 1920,
      decisionReason: 'Veel plezier',
      version: r.version + 1,
      abilities: {
        canApprove: false,
        canCancel: false,
        reasons: { canApprove: 'LEAVE_REQUEST_DECIDED', canCancel: 'FORBIDDEN' },
      },
    });
    expect((await p.agent.get(`/api/leave-requests/${r.id}`)).json().data.abilities).toMatchObject({ canCancel: true });
    expect(res.json().data.decidedBy).toMatch(/^Anna /);
    expect(await stored(r.id)).toMatchObject({ status: 'approved', decidedBy: approverFx.accountId, minutes: 1920 });
    const lines = await linesOf(r.id);
    expect(lines.map((l) => [l.date, l.kind, l.minutes, l.counts, l.description])).toEqual([
      ['2026-12-07', 'leave', -480, true, 'Skiën'],
      ['2026-12-08', 'leave', -480, true, 'Skiën'],
      ['2026-12-09', 'leave', -480, true, 'Skiën'],
      ['2026-12-11', 'leave', -480, true, 'Skiën'],
    ]);
    expect(await balance(p)).toBe(12000 - 480 - 1920);
    expect((await noticesOf(p.fx.accountId, 'leave.decided')).at(-1)).toMatchObject({
      data: { outcome: 'approved', type: 'Vakantie', hours: '32:00', reason: 'Veel plezier' },
      link: `/users/leave?open=${r.id}`,
    });
    expect(t.mailer.to(p.fx.email).at(-1)?.subject).toBe('Leave approved: 07-12-2026 to 11-12-2026');
    expect(await auditRows(tdb.db, 'leave_request.approved')).toContainEqual(
      expect.objectContaining({ subjectId: String(r.id), accountId: approverFx.accountId }),
    );
    const again = await approver2.post(`/api/leave-requests/${r.id}/approve`, { version: r.version + 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('LEAVE_REQUEST_DECIDED');
    expect((await approver2.post(`/api/leave-requests/${r.id}/deny`, { version: r.version + 1, reason: 'x' })).json().code).toBe(
      'LEAVE_REQUEST_DECIDED',
    );
    expect(await linesOf(r.id)).toHaveLength(4);
  });

  it('approves a part of a day as its window (4:30)', async () => {
    const p = await person();
    const r = await request(p.agent, { startsOn: '2026-12-01', endsOn: '2026-12-01', part: { start: '12:00', end: '16:30' } });
    expect((await approver.post(`/api/leave-requests/${r.id}/approve`, { version: 1 })).statusCode).toBe(200);
    expect((await linesOf(r.id)).map((l) => [l.date, l.minutes])).toEqual([['2026-12-01', -270]]);
  });

  it('denies with a reason (required): no lines, the employee told with the reason', async () => {
    const p = await person();
    const r = await request(p.agent, week50);
    expect((await approver.post(`/api/leave-requests/${r.id}/deny`, { version: 1 })).statusCode).toBe(400);
    expect((await approver.post(`/api/leave-requests/${r.id}/deny`, { version: 1, reason: '   ' })).statusCode).toBe(400);
    expect((await approver.post(`/api/leave-requests/${r.id}/deny`, { version: 1, reason: 'x', y: 1 })).statusCode).toBe(400);
    t.mailer.sent.length = 0;
    const res = await approver2.post(`/api/leave-requests/${r.id}/deny`, { version: 1, reason: 'Te druk in december' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'denied',
      decisionReason: 'Te druk in december',
      abilities: { canCancel: false },
    });
    expect(await linesOf(r.id)).toEqual([]);
    expect((await noticesOf(p.fx.accountId, 'leave.decided')).at(-1)?.data).toMatchObject({
      outcome: 'denied',
      reason: 'Te druk in december',
    });
    const mail = t.mailer.to(p.fx.email).at(-1);
    expect(mail?.subject).toBe('Verlof afgewezen: 07-12-2026 t/m 11-12-2026');
    expect(mail?.text).toContain('Te druk in december');
    expect(await auditRows(tdb.db, 'leave_request.denied')).toContainEqual(expect.objectContaining({ subjectId: String(r.id) }));
  });

  it('refuses one’s own (403), an old version (409 STALE_VERSION) and a missing request (404)', async () => {
    await createScheduleRow(tdb.db, { employeeId: approverFx.employeeId });
    await createContractRow(tdb.db, { employeeId: approverFx.employeeId, startsOn: '2026-01-01' });
    const mine = await request(approver, { startsOn: '2026-12-01', endsOn: '2026-12-01' });
    const res = await approver.post(`/api/leave-requests/${mine.id}/approve`, { version: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await approver.get(`/api/leave-requests/${mine.id}`)).json().data.abilities).toMatchObject({
      canApprove: false,
      canCancel: true,
      reasons: { canApprove: 'FORBIDDEN' },
    });
    // An approver is not told of their own request.
    expect((await noticesOf(approverFx.accountId, 'leave.requested')).some((n) => n.link?.endsWith(`=${mine.id}`))).toBe(false);
    expect((await noticesOf(approver2Fx.accountId, 'leave.requested')).some((n) => n.link?.endsWith(`=${mine.id}`))).toBe(true);
    const p = await person();
    const r = await request(p.agent, week50);
    const stale = await approver.post(`/api/leave-requests/${r.id}/approve`, { version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await approver.post('/api/leave-requests/2147483000/approve', { version: 1 })).json().code).toBe(
      'LEAVE_REQUEST_NOT_FOUND',
    );
    expect((await approver.post(`/api/leave-requests/${r.id}/approve`, { version: 0 })).statusCode).toBe(400);
    expect(await stored(r.id)).toMatchObject({ status: 'pending', version: 1 });
  });

  it('refuses to approve more than the balance holds now (a correction lowered it since)', async () => {
    const p = await person({ from: '2026-11-01' }); // 2005
    const r = await request(p.agent, { startsOn: '2026-12-07', endsOn: '2026-12-09' }); // 1440
    await tdb.db.orm.insert(leaveLines).values({ employeeId: p.id, date: '2026-11-02', kind: 'correction', minutes: -1000 });
    const res = await approver.post(`/api/leave-requests/${r.id}/approve`, { version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LEAVE_OVER_BALANCE', details: { balanceMinutes: 1005, requestedMinutes: 1440 } });
    expect(await linesOf(r.id)).toEqual([]);
    expect((await stored(r.id))?.status).toBe('pending');
  });

  it('two managers approve at once on two app processes (D3): exactly one 200, one 409, one set of lines', async () => {
    const t2 = await startSecondApp(tdb, t);
    const elsewhere = await t2.signIn(approver2Fx);
    for (let round = 0; round < 3; round++) {
      const p = await person();
      const r = await request(p.agent, week50);
      const [a, b] = await Promise.all([
        approver.post(`/api/leave-requests/${r.id}/approve`, { version: 1 }),
        elsewhere.post(`/api/leave-requests/${r.id}/approve`, { version: 1 }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(['LEAVE_REQUEST_DECIDED', 'STALE_VERSION']).toContain(loser.json().code);
      expect(await stored(r.id)).toMatchObject({ status: 'approved', version: 2 });
      expect(await linesOf(r.id)).toHaveLength(5);
      expect(await balance(p)).toBe(12000 - 2400);
    }
    await t2.close();
  });

  it('an approval and a denial at once: exactly one outcome, lines only when approved', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await person();
      const r = await request(p.agent, week50);
      const [a, b] = await Promise.all([
        approver.post(`/api/leave-requests/${r.id}/approve`, { version: 1 }),
        approver2.post(`/api/leave-requests/${r.id}/deny`, { version: 1, reason: 'Nee' }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
      const approved = a.statusCode === 200;
      expect((await stored(r.id))?.status).toBe(approved ? 'approved' : 'denied');
      expect(await linesOf(r.id)).toHaveLength(approved ? 5 : 0);
    }
  });
});

describe('cancelling', () => {
  it('withdraws a pending request: cancelled, no lines, audited', async () => {
    const p = await person();
    const r = await request(p.agent, week50);
    const res = await p.agent.post(`/api/leave-requests/${r.id}/cancel`, { version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', version: 2, abilities: { canCancel: false } });
    expect(res.json().data.cancelledAt).not.toBeNull();
    expect(await linesOf(r.id)).toEqual([]);
    expect(await stored(r.id)).toMatchObject({ cancelledBy: p.fx.accountId });
    expect(await auditRows(tdb.db, 'leave_request.cancelled')).toContainEqual(
      expect.objectContaining({ subjectId: String(r.id) }),
    );
    const twice = await p.agent.post(`/api/leave-requests/${r.id}/cancel`, { version: 2 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('LEAVE_REQUEST_DECIDED');
    expect((await approver.post(`/api/leave-requests/${r.id}/approve`, { version: 2 })).json().code).toBe(
      'LEAVE_REQUEST_DECIDED',
    );
  });

  it('cancels approved future leave: one cancellation line per leave line gives the hours back', async () => {
    const p = await person();
    const r = await request(p.agent, { startsOn: '2026-12-07', endsOn: '2026-12-08' });
    await request(p.agent, { leaveTypeId: special.id, startsOn: '2026-12-09', endsOn: '2026-12-09' });
    expect((await approver.post(`/api/leave-requests/${r.id}/approve`, { version: 1 })).statusCode).toBe(200);
    expect(await balance(p)).toBe(12000 - 960);
    expect((await p.agent.post(`/api/leave-requests/${r.id}/cancel`, { version: 1 })).json().code).toBe('STALE_VERSION');
    const res = await p.agent.post(`/api/leave-requests/${r.id}/cancel`, { version: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    const lines = await linesOf(r.id);
    expect(lines.map((l) => [l.date, l.kind, l.minutes, l.counts, l.leaveTypeId])).toEqual([
      ['2026-12-07', 'leave', -480, true, holiday.id],
      ['2026-12-07', 'cancellation', 480, true, holiday.id],
      ['2026-12-08', 'leave', -480, true, holiday.id],
      ['2026-12-08', 'cancellation', 480, true, holiday.id],
    ]);
    expect(await balance(p)).toBe(12000);
    // The days are free again.
    expect((await request(p.agent, { startsOn: '2026-12-07', endsOn: '2026-12-07' })).status).toBe('pending');
  });

  it('refuses approved leave that has begun (409 LEAVE_IN_PAST); another person’s 404, or 403 for an approver', async () => {
    const p = await person();
    const past = await request(p.agent, { startsOn: '2026-11-16', endsOn: '2026-11-17' });
    expect((await approver.post(`/api/leave-requests/${past.id}/approve`, { version: 1 })).statusCode).toBe(200);
    expect((await linesOf(past.id)).map((l) => l.date)).toEqual(['2026-11-16', '2026-11-17']);
    const res = await p.agent.post(`/api/leave-requests/${past.id}/cancel`, { version: 2 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LEAVE_IN_PAST');
    const r = await request(p.agent, week50);
    const other = await person();
    expect((await other.agent.post(`/api/leave-requests/${r.id}/cancel`, { version: 1 })).json().code).toBe(
      'LEAVE_REQUEST_NOT_FOUND',
    );
    const byApprover = await approver.post(`/api/leave-requests/${r.id}/cancel`, { version: 1 });
    expect(byApprover.statusCode).toBe(403);
    expect((await p.agent.post(`/api/leave-requests/${r.id}/cancel`, {})).statusCode).toBe(400);
    // leave.manage cancels on the person's behalf.
    expect((await manager.post(`/api/leave-requests/${r.id}/cancel`, { version: 1 })).json().data.status).toBe('cancelled');
    expect((await linesOf(past.id)).length).toBe(2);
  });
});
