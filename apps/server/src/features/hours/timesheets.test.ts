import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { notifications, timesheetWeeks } from '../../db/schema';
import { createProjectRow } from '../projects/projects.fixtures';
import { createBookedHourRow, createScheduleRow } from './hours.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let approver: Agent & { fx: { employeeId: number; accountId: number } };
let approver2: Agent;
let hoursManager: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let projectId: number;

const MISSING = 2147483000;
const PETRA = expect.stringMatching(/^Petra /);

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      approver: { permissions: ['hours.approve'], firstName: 'Petra' },
      approver2: { permissions: ['hours.approve', 'users.manage'] },
      hoursManager: { permissions: ['hours.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'hours.approve'] } },
    anon: true,
  });
  ({ approver, approver2, hoursManager, client, acting, anon } = cast);
  projectId = (await createProjectRow(tdb.db, { name: 'Aurora refit' })).id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** A fitter with a full-time schedule and a signed-in agent. */
async function newWorker() {
  const fx = await createEmployee(tdb.db, { firstName: 'Bram' });
  await createScheduleRow(tdb.db, { employeeId: fx.employeeId, effectiveFrom: '2026-01-01' });
  return { agent: await t.signIn(fx), id: fx.employeeId, accountId: fx.accountId };
}

const W47 = '2026-W47'; // 16-22 November 2026
const book = (id: number, date = '2026-11-17', minutes = 480) =>
  createBookedHourRow(tdb.db, { employeeId: id, projectId, date, minutes });
const approve = (agent: Agent, id: number, version: number | null, week = W47) =>
  agent.post(`/api/hours/timesheets/${id}/approve`, { week, version });
const sendBack = (agent: Agent, id: number, version: number | null, comment: string, week = W47) =>
  agent.post(`/api/hours/timesheets/${id}/return`, { week, version, comment });
const reopen = (agent: Agent, id: number, version: number | null, week = W47) =>
  agent.post(`/api/hours/timesheets/${id}/reopen`, { week, version });
const noticesOf = (accountId: number, kind: string) =>
  tdb.db.orm
    .select()
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id));
const rowsOf = (id: number) => tdb.db.orm.select().from(timesheetWeeks).where(eq(timesheetWeeks.employeeId, id));

describe('access', () => {
  const routes = (id: number) =>
    [
      ['GET', `/api/hours/timesheets?week=${W47}`, undefined],
      ['POST', `/api/hours/timesheets/${id}/approve`, { week: W47, version: null }],
      ['POST', `/api/hours/timesheets/${id}/return`, { week: W47, version: null, comment: 'Maandag ontbreekt' }],
      ['POST', `/api/hours/timesheets/${id}/reopen`, { week: W47, version: 1 }],
    ] as const;

  it('401 anonymous; 403 without hours.approve (hours.manage alone too), to a company user and to an employee acting as one', async () => {
    const w = await newWorker();
    await book(w.id);
    for (const [method, url, body] of routes(w.id)) {
      expect((await anon.request(method, url, body ? { body } : {})).statusCode, `${method} ${url}`).toBe(401);
      for (const agent of [hoursManager, client, acting, w.agent]) {
        const res = await agent.request(method, url, body ? { body } : {});
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      }
    }
    expect(await rowsOf(w.id)).toEqual([]);
  });

  it('404 for a person that does not exist; 400 for a bad week, a bad version or a missing comment', async () => {
    const w = await newWorker();
    const missing = await approve(approver, MISSING, null);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await approver.get('/api/hours/timesheets?week=2026-W54')).statusCode).toBe(400);
    expect((await approver.get('/api/hours/timesheets')).statusCode).toBe(400);
    expect((await approve(approver, w.id, null, '2026-47')).statusCode).toBe(400);
    expect((await approve(approver, w.id, 0)).statusCode).toBe(400);
    expect((await sendBack(approver, w.id, null, '   ')).statusCode).toBe(400);
    expect((await sendBack(approver, w.id, null, 'x'.repeat(1001))).statusCode).toBe(400);
    expect(
      (await approver.post(`/api/hours/timesheets/${w.id}/approve`, { week: W47, version: null, extra: 1 })).statusCode,
    ).toBe(400);
    expect(await rowsOf(w.id)).toEqual([]);
  });

  it('nobody approves or sends back their own week: 403 TIMESHEET_OWN_WEEK', async () => {
    await book(approver.fx.employeeId);
    const own = await approve(approver, approver.fx.employeeId, null);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('TIMESHEET_OWN_WEEK');
    expect((await sendBack(approver, approver.fx.employeeId, null, 'Nee')).json().code).toBe('TIMESHEET_OWN_WEEK');
    expect(await rowsOf(approver.fx.employeeId)).toEqual([]);
  });
});

describe('GET /api/hours/timesheets', () => {
  it('lists every active person with the booked and scheduled minutes of the week, its state and what the caller may decide', async () => {
    const w = await newWorker();
    await book(w.id, '2026-11-16', 480);
    await book(w.id, '2026-11-18', 450);
    await book(w.id, '2026-11-23', 60); // the next week
    const res = await approver.get(`/api/hours/timesheets?week=${W47}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body.week).toBe(W47);
    const row = body.rows.find((r: { employee: { id: number } }) => r.employee.id === w.id);
    expect(row).toMatchObject({
      employee: { id: w.id, name: expect.stringMatching(/^Bram /) },
      bookedMinutes: 930,
      scheduledMinutes: 2400,
      timesheet: {
        state: 'open',
        comment: '',
        decidedBy: null,
        version: null,
        abilities: { canApprove: true, canReturn: true, canReopen: false },
      },
    });
    const mine = body.rows.find((r: { employee: { id: number } }) => r.employee.id === approver.fx.employeeId);
    expect(mine.timesheet.abilities).toMatchObject({ canApprove: false, reasons: { canApprove: 'TIMESHEET_OWN_WEEK' } });
  });
});

describe('deciding on a week', () => {
  it('approve, send back with a comment, approve again after the correction, reopen: the state machine with its versions, audits and notifications', async () => {
    const w = await newWorker();
    const entry = await book(w.id);

    const approved = await approve(approver, w.id, null);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ state: 'approved', version: 1, decidedBy: PETRA, comment: '' });
    expect((await noticesOf(w.accountId, 'timesheet.approved')).at(-1)).toMatchObject({
      data: { week: W47, from: '2026-11-16', to: '2026-11-22', hours: '8:00', by: PETRA },
      link: `/hours?week=${W47}`,
    });
    // Approved again: not from this state (with the current version) or stale (with an old one).
    const again = await approve(approver2, w.id, 1);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TIMESHEET_STATE');
    expect((await approve(approver2, w.id, null)).json().code).toBe('STALE_VERSION');
    expect((await reopen(approver2, w.id, null)).statusCode).toBe(409);

    // The person sees it read only, with who and when.
    const week = (await w.agent.get(`/api/hours/week?week=${W47}`)).json().data;
    expect(week).toMatchObject({
      canBook: false,
      cannotBookReason: 'HOURS_WEEK_APPROVED',
      timesheet: { state: 'approved', decidedBy: PETRA, version: 1 },
    });
    expect(week.timesheet.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(week.days[1].entries[0].abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'HOURS_WEEK_APPROVED' } });

    // Sent back from approved, with the comment the person reads.
    const back = await sendBack(approver2, w.id, 1, '  Dinsdag was 7,5 uur  ');
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ state: 'returned', version: 2, comment: 'Dinsdag was 7,5 uur' });
    expect((await noticesOf(w.accountId, 'timesheet.returned')).at(-1)?.data).toMatchObject({ comment: 'Dinsdag was 7,5 uur' });
    const returned = (await w.agent.get(`/api/hours/week?week=${W47}`)).json().data;
    expect(returned).toMatchObject({ canBook: true, timesheet: { state: 'returned', comment: 'Dinsdag was 7,5 uur' } });
    // The person corrects it.
    const fixed = await w.agent.put(`/api/hours/${entry.id}`, {
      date: '2026-11-17',
      projectId,
      minutes: 450,
      activity: 'installation',
      version: entry.version,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    // Sent back twice: not from this state.
    expect((await sendBack(approver, w.id, 2, 'Nog eens')).json().code).toBe('TIMESHEET_STATE');

    const approvedAgain = await approve(approver, w.id, 2);
    expect(approvedAgain.json().data).toMatchObject({ state: 'approved', version: 3, comment: '' });
    const reopened = await reopen(approver, w.id, 3);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().data).toMatchObject({ state: 'open', version: null, decidedBy: null });
    expect(await rowsOf(w.id)).toEqual([]);

    const events = async (e: string) =>
      (await auditRows(tdb.db, e)).filter((r) => (r.data as { employeeId?: number }).employeeId === w.id).length;
    expect(await events('timesheet.approved')).toBe(2);
    expect(await events('timesheet.returned')).toBe(1);
    expect(await events('timesheet.reopened')).toBe(1);
  });

  it('two approvers at once on an open week: one wins, the other gets 409', async () => {
    const w = await newWorker();
    await book(w.id);
    const answers = await Promise.all([approve(approver, w.id, null), sendBack(approver2, w.id, null, 'Maandag mist')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await rowsOf(w.id);
    expect(rows).toHaveLength(1);
    const winner = answers.find((r) => r.statusCode === 200)?.json().data;
    expect(rows[0]?.status).toBe(winner.state);
    // And on a decided week, both based on the same version.
    const v = rows[0]?.version ?? 0;
    const next = await Promise.all([reopen(approver, w.id, v), reopen(approver2, w.id, v)]);
    expect(next.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('an approved week is read only', () => {
  it('booking, changing or removing hours in it answers 409 HOURS_WEEK_APPROVED, for the person and for hours.manage; reopened it is editable again', async () => {
    const w = await newWorker();
    const inWeek = await book(w.id, '2026-11-17');
    const nextWeek = await book(w.id, '2026-11-24');
    expect((await approve(approver, w.id, null)).statusCode).toBe(200);
    const input = { date: '2026-11-18', projectId, minutes: 60, activity: 'installation' };
    const refused = [
      await w.agent.post('/api/hours', input),
      await hoursManager.post('/api/hours', { ...input, employeeId: w.id }),
      await w.agent.put(`/api/hours/${inWeek.id}`, { ...input, version: inWeek.version }),
      // Moved into the approved week from an open one.
      await w.agent.put(`/api/hours/${nextWeek.id}`, { ...input, version: nextWeek.version }),
      await w.agent.delete(`/api/hours/${inWeek.id}?version=${inWeek.version}`),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('HOURS_WEEK_APPROVED');
    }
    // The next week is not approved.
    expect((await w.agent.post('/api/hours', { ...input, date: '2026-11-25' })).statusCode).toBe(201);
    expect((await reopen(approver, w.id, 1)).statusCode).toBe(200);
    expect((await w.agent.post('/api/hours', input)).statusCode).toBe(201);
    expect((await w.agent.delete(`/api/hours/${inWeek.id}?version=${inWeek.version}`)).statusCode).toBe(204);
  });

  it('an approver without hours.manage reads the week but books nothing on it', async () => {
    const w = await newWorker();
    await book(w.id);
    const res = await approver.get(`/api/hours/week?week=${W47}&employeeId=${w.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      employee: { id: w.id },
      totals: { booked: 480 },
      canBook: false,
      cannotBookReason: 'FORBIDDEN',
      timesheet: { state: 'open', abilities: { canApprove: true } },
    });
    expect(
      (
        await approver.post('/api/hours', {
          date: '2026-11-18',
          projectId,
          minutes: 60,
          activity: 'installation',
          employeeId: w.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});
