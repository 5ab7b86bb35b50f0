import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { startSecondApp } from '../../../test/helpers/second-app';
import { auditLog, bookedHours, employees, hourLocks, timesheetWeeks } from '../../db/schema';
import { createAreaRow, createProjectRow, createTaskRow } from '../projects/projects.fixtures';
import { createBookedHourRow, createScheduleRow, setHourLock, setSelfService } from './hours.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let hoursManager: Agent;
let hoursManagerId: number;
let usersManager: Agent;
let exporter: Agent;
let pm: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;
let project: { id: number; name: string };
let otherProject: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      hoursManager: { permissions: ['hours.manage'], firstName: 'Hanna' },
      usersManager: { permissions: ['users.manage'] },
      exporter: { permissions: ['hours.export'] },
      pm: { permissions: ['projects.manage'] },
    },
    companies: { company: {} },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'hours.manage'] } },
    anon: true,
  });
  ({ hoursManager, usersManager, exporter, pm, client, acting, anon } = cast);
  hoursManagerId = cast.hoursManager.fx.employeeId;
  project = await createProjectRow(tdb.db, { name: 'Aurora refit' });
  otherProject = await createProjectRow(tdb.db, { name: 'Borealis' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** A signed-in employee without rights (self-service on unless told). */
async function newWorker(o: { bookHours?: boolean; firstName?: string } = {}) {
  const fx = await createEmployee(tdb.db, { firstName: o.firstName ?? 'Willem' });
  if (o.bookHours === false) await setSelfService(tdb.db, fx.employeeId, { bookHours: false });
  return { agent: await t.signIn(fx), id: fx.employeeId };
}

const input = (o: Record<string, unknown> = {}) => ({
  date: '2026-11-24',
  projectId: project.id,
  minutes: 480,
  activity: 'installation',
  ...o,
});

const storedOf = (employeeId: number) =>
  tdb.db.orm.select().from(bookedHours).where(eq(bookedHours.employeeId, employeeId)).orderBy(bookedHours.id);

async function withLock<T>(date: string, fn: () => Promise<T>): Promise<T> {
  await setHourLock(tdb.db, date);
  try {
    return await fn();
  } finally {
    await setHourLock(tdb.db, null);
  }
}

describe('GET /api/hours/week', () => {
  it('401 anonymous, 403 for the portal views', async () => {
    expect((await anon.get('/api/hours/week?week=2026-W48')).statusCode).toBe(401);
    expect((await client.get('/api/hours/week?week=2026-W48')).statusCode).toBe(403);
    expect((await acting.get('/api/hours/week?week=2026-W48')).statusCode).toBe(403);
  });

  it('one’s own week: seven days with the schedule in force each day, the bookings, the totals and canBook', async () => {
    const w = await newWorker();
    await createScheduleRow(tdb.db, { employeeId: w.id, effectiveFrom: '2026-01-01' });
    // From Thursday 26 November: mornings only (09:00-13:00) on Monday to Thursday.
    const mornings = [1, 2, 3, 4].map((weekday) => ({ weekday, start: '09:00', end: '13:00', breakMinutes: 0 }));
    await createScheduleRow(tdb.db, { employeeId: w.id, effectiveFrom: '2026-11-26', days: { even: mornings, odd: mornings } });
    const area = await createAreaRow(tdb.db, project.id, { kind: 'deck', number: 'D5', name: 'Deck 5' });
    const cabin = await createAreaRow(tdb.db, project.id, { parentId: area.id, number: '5001', name: 'Cabin' });
    const task = await createTaskRow(tdb.db, project.id, cabin.id, { name: 'Wandpanelen' });
    await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, date: '2026-11-23', minutes: 300 });
    await createBookedHourRow(tdb.db, {
      employeeId: w.id,
      projectId: project.id,
      date: '2026-11-23',
      minutes: 240,
      areaId: cabin.id,
      taskId: task.id,
      notes: 'Plafond',
    });
    await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: otherProject.id, date: '2026-11-27', minutes: 120 });
    // Outside the week.
    await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, date: '2026-11-30', minutes: 60 });
    const res = await w.agent.get('/api/hours/week?week=2026-W48');
    expect(res.statusCode, res.body).toBe(200);
    const week = res.json().data;
    expect(week).toMatchObject({
      week: '2026-W48',
      parity: 'even',
      employee: { id: w.id },
      lockedThrough: null,
      canBook: true,
      cannotBookReason: null,
    });
    expect(
      week.days.map((d: { date: string; scheduledMinutes: number; bookedMinutes: number }) => [
        d.date,
        d.scheduledMinutes,
        d.bookedMinutes,
      ]),
    ).toEqual([
      ['2026-11-23', 480, 540],
      ['2026-11-24', 480, 0],
      ['2026-11-25', 480, 0],
      ['2026-11-26', 240, 0],
      ['2026-11-27', 0, 120],
      ['2026-11-28', 0, 0],
      ['2026-11-29', 0, 0],
    ]);
    expect(week.totals).toEqual({ scheduled: 1680, booked: 660, difference: -1020 });
    const [first, second] = week.days[0].entries;
    expect(first).toMatchObject({
      project: { id: project.id, name: 'Aurora refit' },
      area: null,
      task: null,
      minutes: 300,
      locked: false,
    });
    expect(second).toMatchObject({
      area: { id: cabin.id, name: 'D5 Deck 5 / 5001 Cabin' },
      task: { id: task.id, title: 'Wandpanelen' },
      notes: 'Plafond',
      abilities: { canEdit: true, canDelete: true },
    });
  });

  it('canBook is false with SELF_SERVICE_OFF, and EMPLOYEE_DELETED for a deactivated person', async () => {
    const off = await newWorker({ bookHours: false });
    const res = (await off.agent.get('/api/hours/week?week=2026-W48')).json().data;
    expect(res).toMatchObject({ canBook: false, cannotBookReason: 'SELF_SERVICE_OFF' });
    const gone = await newWorker();
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.id));
    const week = (await hoursManager.get(`/api/hours/week?week=2026-W48&employeeId=${gone.id}`)).json().data;
    expect(week).toMatchObject({ canBook: false, cannotBookReason: 'EMPLOYEE_DELETED' });
  });

  it("another person's week: 200 with the hours rights, else 404 EMPLOYEE_NOT_FOUND (like a missing id)", async () => {
    const a = await newWorker();
    const b = await newWorker();
    await createBookedHourRow(tdb.db, { employeeId: b.id, projectId: project.id, date: '2026-11-24' });
    const hidden = await a.agent.get(`/api/hours/week?week=2026-W48&employeeId=${b.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('EMPLOYEE_NOT_FOUND');
    for (const noHours of [usersManager, exporter, pm]) {
      expect((await noHours.get(`/api/hours/week?week=2026-W48&employeeId=${b.id}`)).statusCode).toBe(404);
    }
    const seen = await hoursManager.get(`/api/hours/week?week=2026-W48&employeeId=${b.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ canBook: true, totals: { booked: 480 } });
    expect((await hoursManager.get('/api/hours/week?week=2026-W48&employeeId=2147483000')).json().code).toBe(
      'EMPLOYEE_NOT_FOUND',
    );
  });

  it.each([
    '',
    'week=2026-W54',
    'week=2027-W53',
    'week=2026-48',
    'week=2026-W48&employeeId=0',
    'week=2026-W48&x=1',
    'week=2026-W48&employeeId=abc',
  ])('400 for ?%s', async (q) => {
    const res = await hoursManager.get(`/api/hours/week?${q}`);
    expect(res.statusCode).toBe(400);
  });

  it('53 weeks in 2026: W53 is odd and runs into 2027', async () => {
    const res = (await hoursManager.get('/api/hours/week?week=2026-W53')).json().data;
    expect(res.parity).toBe('odd');
    expect(res.days.map((d: { date: string }) => d.date)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
  });

  it('costs the same number of statements for 1 booking as for 20', async () => {
    const w = await newWorker();
    await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, date: '2026-11-24', minutes: 10 });
    await w.agent.get('/api/hours/week?week=2026-W48');
    const one = await countQueries(tdb.db, () => w.agent.get('/api/hours/week?week=2026-W48'));
    for (let i = 0; i < 19; i++) {
      await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, date: '2026-11-25', minutes: 10 });
    }
    const many = await countQueries(tdb.db, () => w.agent.get('/api/hours/week?week=2026-W48'));
    expect(many.count).toBe(one.count);
    expect(one.count).toBeLessThanOrEqual(3);
  });
});

describe('POST /api/hours', () => {
  it('books one’s own hours (employeeId left out or one’s own), audited', async () => {
    const w = await newWorker();
    const res = await w.agent.post('/api/hours', input({ notes: '  Kast geplaatst  ' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      employee: { id: w.id },
      date: '2026-11-24',
      project: { id: project.id, name: 'Aurora refit' },
      minutes: 480,
      activity: 'installation',
      notes: 'Kast geplaatst',
      version: 1,
      locked: false,
      abilities: { canEdit: true, canDelete: true },
    });
    expect((await w.agent.post('/api/hours', input({ employeeId: w.id, minutes: 30 }))).statusCode).toBe(201);
    const rows = await storedOf(w.id);
    expect(rows.map((r) => r.minutes)).toEqual([480, 30]);
    const audits = await auditRows(tdb.db, 'booked_hours.created', eq(auditLog.subjectId, String(rows[0]?.id)));
    expect(audits[0]?.data).toMatchObject({ employeeId: w.id, minutes: 480 });
  });

  it('403 SELF_SERVICE_OFF for one’s own without the flag, unless one holds the hours rights', async () => {
    const off = await newWorker({ bookHours: false });
    const res = await off.agent.post('/api/hours', input());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('SELF_SERVICE_OFF');
    expect(await storedOf(off.id)).toHaveLength(0);
    await setSelfService(tdb.db, hoursManagerId, { bookHours: false });
    try {
      expect((await hoursManager.post('/api/hours', input({ date: '2026-11-02', minutes: 1 }))).statusCode).toBe(201);
    } finally {
      await setSelfService(tdb.db, hoursManagerId, { bookHours: true });
    }
  });

  it("another person's hours: with the hours rights; without them 404 EMPLOYEE_NOT_FOUND; 401/403 for anonymous and the portal", async () => {
    const a = await newWorker();
    const b = await newWorker();
    const hidden = await a.agent.post('/api/hours', input({ employeeId: b.id }));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await usersManager.post('/api/hours', input({ employeeId: b.id }))).statusCode).toBe(404);
    expect((await anon.post('/api/hours', input({ employeeId: b.id }))).statusCode).toBe(401);
    expect((await client.post('/api/hours', input({ employeeId: b.id }))).statusCode).toBe(403);
    expect((await acting.post('/api/hours', input({ employeeId: b.id }))).statusCode).toBe(403);
    expect(await storedOf(b.id)).toHaveLength(0);
    const res = await hoursManager.post('/api/hours', input({ employeeId: b.id }));
    expect(res.statusCode).toBe(201);
    expect((await storedOf(b.id))[0]?.createdBy).not.toBeNull();
    expect((await hoursManager.post('/api/hours', input({ employeeId: 2147483000 }))).json().code).toBe('EMPLOYEE_NOT_FOUND');
  });

  it('409 EMPLOYEE_DELETED for a deactivated person', async () => {
    const gone = await newWorker();
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.id));
    const res = await hoursManager.post('/api/hours', input({ employeeId: gone.id }));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMPLOYEE_DELETED');
  });

  it('the project must be live; an area and a task must be of that project (400 not_in_project)', async () => {
    const w = await newWorker();
    const deleted = await createProjectRow(tdb.db, { deleted: true });
    const area = await createAreaRow(tdb.db, project.id);
    const foreignArea = await createAreaRow(tdb.db, otherProject.id);
    const foreignTask = await createTaskRow(tdb.db, otherProject.id, foreignArea.id);
    const task = await createTaskRow(tdb.db, project.id, area.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ projectId: deleted.id }, 'projectId', 'not_found'],
      [{ projectId: 2147483000 }, 'projectId', 'not_found'],
      [{ areaId: foreignArea.id }, 'areaId', 'not_in_project'],
      [{ taskId: foreignTask.id }, 'taskId', 'not_in_project'],
      [{ areaId: 2147483000 }, 'areaId', 'not_in_project'],
    ];
    for (const [o, field, code] of cases) {
      const res = await w.agent.post('/api/hours', input(o));
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fieldErrors).toEqual({ [field]: { code } });
    }
    expect(await storedOf(w.id)).toHaveLength(0);
    const ok = await w.agent.post('/api/hours', input({ areaId: area.id, taskId: task.id }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.area.id).toBe(area.id);
  });

  it.each([
    ['0 minutes', { minutes: 0 }],
    ['more than a day', { minutes: 1441 }],
    ['fractions of minutes', { minutes: 1.5 }],
    ['minutes as text', { minutes: '480' }],
    ['an unknown activity', { activity: 'sleeping' }],
    ['a date that does not exist', { date: '2026-02-29' }],
    ['a date out of range', { date: '2100-01-01' }],
    ['a date with a time', { date: '2026-11-24T08:00' }],
    ['an unknown field', { hours: 8 }],
    ['notes too long', { notes: 'x'.repeat(1001) }],
    ['a NUL byte in the notes', { notes: 'a\u0000b' }],
    ['a project id out of range', { projectId: 2147483648 }],
    ['no project', { projectId: undefined }],
  ])('400 for %s, nothing stored', async (_name, o) => {
    const w = await newWorker();
    const res = await w.agent.post('/api/hours', input(o));
    expect(res.statusCode, res.body).toBe(400);
    expect(await storedOf(w.id)).toHaveLength(0);
  });

  it('400 for a body that is not JSON or far too large', async () => {
    const w = await newWorker();
    expect((await w.agent.post('/api/hours', '{"date":', { headers: { 'content-type': 'application/json' } })).statusCode).toBe(
      400,
    );
    const huge = await w.agent.post('/api/hours', input({ notes: 'x'.repeat(2_000_000) }));
    expect([400, 413]).toContain(huge.statusCode);
    expect(await storedOf(w.id)).toHaveLength(0);
  });

  it('409 HOURS_PERIOD_LOCKED on or before the lock', async () => {
    const w = await newWorker();
    await withLock('2026-11-24', async () => {
      for (const date of ['2026-11-24', '2026-01-05']) {
        const res = await w.agent.post('/api/hours', input({ date }));
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('HOURS_PERIOD_LOCKED');
      }
      expect((await hoursManager.post('/api/hours', input({ employeeId: w.id }))).json().code).toBe('HOURS_PERIOD_LOCKED');
      expect((await w.agent.post('/api/hours', input({ date: '2026-11-25' }))).statusCode).toBe(201);
    });
    expect((await storedOf(w.id)).map((r) => r.date)).toEqual(['2026-11-25']);
  });

  it('409 HOURS_DAY_FULL past 24 hours in a day (other days and people do not count)', async () => {
    const w = await newWorker();
    const other = await newWorker();
    await createBookedHourRow(tdb.db, { employeeId: other.id, projectId: project.id, minutes: 1440 });
    await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, date: '2026-11-23', minutes: 1440 });
    expect((await w.agent.post('/api/hours', input({ minutes: 1000 }))).statusCode).toBe(201);
    const full = await w.agent.post('/api/hours', input({ minutes: 441 }));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'HOURS_DAY_FULL', details: { bookedMinutes: 1000 } });
    expect((await w.agent.post('/api/hours', input({ minutes: 440 }))).statusCode).toBe(201);
    expect((await w.agent.post('/api/hours', input({ minutes: 1 }))).json().code).toBe('HOURS_DAY_FULL');
  });
});

describe('PUT and DELETE /api/hours/:hourId', () => {
  const update = (o: Record<string, unknown> = {}) => ({
    date: '2026-11-24',
    projectId: project.id,
    minutes: 240,
    activity: 'workshop',
    notes: 'Aangepast',
    version: 1,
    ...o,
  });

  it('changes one’s own booking with its version; 409 STALE_VERSION for an old one; audited', async () => {
    const w = await newWorker();
    const b = await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id });
    const res = await w.agent.put(`/api/hours/${b.id}`, update({ projectId: otherProject.id }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ project: { id: otherProject.id }, minutes: 240, activity: 'workshop', version: 2 });
    expect((await storedOf(w.id))[0]).toMatchObject({ minutes: 240, notes: 'Aangepast', version: 2, projectId: otherProject.id });
    expect(await auditRows(tdb.db, 'booked_hours.updated', eq(auditLog.subjectId, String(b.id)))).toHaveLength(1);
    const stale = await w.agent.put(`/api/hours/${b.id}`, update());
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await w.agent.delete(`/api/hours/${b.id}?version=1`)).json().code).toBe('STALE_VERSION');
    expect((await w.agent.delete(`/api/hours/${b.id}?version=2`)).statusCode).toBe(204);
    expect(await storedOf(w.id)).toHaveLength(0);
    expect(await auditRows(tdb.db, 'booked_hours.deleted', eq(auditLog.subjectId, String(b.id)))).toHaveLength(1);
    expect((await w.agent.delete(`/api/hours/${b.id}?version=2`)).json().code).toBe('BOOKED_HOURS_NOT_FOUND');
  });

  it("another person's booking is not found without the hours rights; hours staff change it", async () => {
    const a = await newWorker();
    const b = await newWorker();
    const row = await createBookedHourRow(tdb.db, { employeeId: b.id, projectId: project.id });
    for (const res of [
      await a.agent.put(`/api/hours/${row.id}`, update()),
      await a.agent.delete(`/api/hours/${row.id}?version=1`),
      await usersManager.put(`/api/hours/${row.id}`, update()),
      await a.agent.put('/api/hours/2147483000', update()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('BOOKED_HOURS_NOT_FOUND');
    }
    expect((await client.put(`/api/hours/${row.id}`, update())).statusCode).toBe(403);
    expect((await acting.delete(`/api/hours/${row.id}?version=1`)).statusCode).toBe(403);
    expect((await anon.delete(`/api/hours/${row.id}?version=1`)).statusCode).toBe(401);
    expect((await storedOf(b.id))[0]?.version).toBe(1);
    expect((await hoursManager.put(`/api/hours/${row.id}`, update())).statusCode).toBe(200);
    expect((await hoursManager.delete(`/api/hours/${row.id}?version=2`)).statusCode).toBe(204);
  });

  it('SELF_SERVICE_OFF: no changes to one’s own bookings either', async () => {
    const off = await newWorker({ bookHours: false });
    const row = await createBookedHourRow(tdb.db, { employeeId: off.id, projectId: project.id });
    expect((await off.agent.put(`/api/hours/${row.id}`, update())).json().code).toBe('SELF_SERVICE_OFF');
    expect((await off.agent.delete(`/api/hours/${row.id}?version=1`)).json().code).toBe('SELF_SERVICE_OFF');
    const week = (await off.agent.get('/api/hours/week?week=2026-W48')).json().data;
    expect(week.days[1].entries[0].abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'SELF_SERVICE_OFF' } });
  });

  it('a locked day: no change, no removal, no moving out of it or into it', async () => {
    const w = await newWorker();
    const inLock = await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, date: '2026-10-30' });
    const open = await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, date: '2026-11-24' });
    await withLock('2026-10-31', async () => {
      const week = (await w.agent.get('/api/hours/week?week=2026-W44')).json().data;
      expect(week.lockedThrough).toBe('2026-10-31');
      expect(week.days[4].entries[0]).toMatchObject({
        locked: true,
        abilities: { canEdit: false, reasons: { canEdit: 'HOURS_PERIOD_LOCKED' } },
      });
      for (const res of [
        await w.agent.put(`/api/hours/${inLock.id}`, update({ date: '2026-10-30' })),
        await w.agent.put(`/api/hours/${inLock.id}`, update({ date: '2026-11-25' })),
        await w.agent.put(`/api/hours/${open.id}`, update({ date: '2026-10-31' })),
        await w.agent.delete(`/api/hours/${inLock.id}?version=1`),
        await hoursManager.delete(`/api/hours/${inLock.id}?version=1`),
      ]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().code).toBe('HOURS_PERIOD_LOCKED');
      }
      expect((await w.agent.put(`/api/hours/${open.id}`, update({ date: '2026-11-01' }))).statusCode).toBe(200);
    });
    expect((await storedOf(w.id)).map((r) => [r.date, r.version])).toEqual([
      ['2026-10-30', 1],
      ['2026-11-01', 2],
    ]);
  });

  it('HOURS_DAY_FULL on a change counts the day without the booking itself', async () => {
    const w = await newWorker();
    const a = await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, minutes: 1000 });
    await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id, minutes: 400 });
    const elsewhere = await createBookedHourRow(tdb.db, {
      employeeId: w.id,
      projectId: project.id,
      date: '2026-11-25',
      minutes: 100,
    });
    expect((await w.agent.put(`/api/hours/${a.id}`, update({ minutes: 1040 }))).statusCode).toBe(200);
    expect((await w.agent.put(`/api/hours/${a.id}`, update({ minutes: 1041, version: 2 }))).json().code).toBe('HOURS_DAY_FULL');
    expect((await w.agent.put(`/api/hours/${elsewhere.id}`, update({ minutes: 1 }))).json().code).toBe('HOURS_DAY_FULL');
  });

  it('400 for bad input and a missing or bad version; nothing changed', async () => {
    const w = await newWorker();
    const row = await createBookedHourRow(tdb.db, { employeeId: w.id, projectId: project.id });
    for (const body of [
      update({ version: 0 }),
      update({ version: undefined }),
      update({ employeeId: w.id }),
      update({ minutes: -1 }),
    ]) {
      expect((await w.agent.put(`/api/hours/${row.id}`, body)).statusCode).toBe(400);
    }
    expect((await w.agent.put('/api/hours/abc', update())).statusCode).toBe(400);
    expect((await w.agent.delete(`/api/hours/${row.id}`)).statusCode).toBe(400);
    expect((await w.agent.delete(`/api/hours/${row.id}?version=x`)).statusCode).toBe(400);
    expect((await storedOf(w.id))[0]?.version).toBe(1);
  });
});

describe('GET /api/hours (projects/hours)', () => {
  it('403 without hours.manage', async () => {
    const w = await newWorker();
    for (const who of [w.agent, usersManager, exporter, pm, client, acting])
      expect((await who.get('/api/hours')).statusCode).toBe(403);
    expect((await anon.get('/api/hours')).statusCode).toBe(401);
  });

  it('filters, sorts and pages every booking, with the minutes of all matching rows', async () => {
    const p = await createProjectRow(tdb.db, { name: 'List project' });
    const a = await newWorker({ firstName: 'Anna' });
    const z = await newWorker({ firstName: 'Zeger' });
    for (let i = 0; i < 5; i++) {
      await createBookedHourRow(tdb.db, { employeeId: a.id, projectId: p.id, date: `2026-09-0${i + 1}`, minutes: 60 + i });
    }
    await createBookedHourRow(tdb.db, {
      employeeId: z.id,
      projectId: p.id,
      date: '2026-09-03',
      minutes: 30,
      activity: 'travel',
      notes: 'Reis Genua',
    });
    const res = await hoursManager.get(`/api/hours?projectId=${p.id}&perPage=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, last_page: 3, per_page: 2, total: 6 });
    expect(body.totalMinutes).toBe(60 + 61 + 62 + 63 + 64 + 30);
    expect(body.data.map((r: { date: string }) => r.date)).toEqual(['2026-09-05', '2026-09-04']);
    const byEmployee = (await hoursManager.get(`/api/hours?projectId=${p.id}&sort=-employee&perPage=1`)).json();
    expect(byEmployee.data[0].employee.id).toBe(z.id);
    const filtered = (
      await hoursManager.get(`/api/hours?projectId=${p.id}&employeeId=${a.id}&from=2026-09-02&to=2026-09-04`)
    ).json();
    expect(filtered.meta.total).toBe(3);
    expect(filtered.totalMinutes).toBe(61 + 62 + 63);
    const travel = (await hoursManager.get(`/api/hours?projectId=${p.id}&activity=travel`)).json();
    expect(travel.data.map((r: { notes: string }) => r.notes)).toEqual(['Reis Genua']);
    const search = (await hoursManager.get(`/api/hours?projectId=${p.id}&q=genua`)).json();
    expect(search.meta.total).toBe(1);
    const byMinutes = (await hoursManager.get(`/api/hours?projectId=${p.id}&sort=minutes&perPage=2`)).json();
    expect(byMinutes.data.map((r: { minutes: number }) => r.minutes)).toEqual([30, 60]);
    const byProject = await hoursManager.get(`/api/hours?sort=project&perPage=5&page=2`);
    expect(byProject.statusCode).toBe(200);
    const past = (await hoursManager.get(`/api/hours?projectId=${p.id}&page=9`)).json();
    expect(past).toMatchObject({ data: [], meta: { total: 6 }, totalMinutes: 340 });
  });

  it.each(['sort=name', 'perPage=101', 'from=2026-13-01', 'projectId=0', 'activity=x', 'page=0', 'x=1'])(
    '400 for ?%s',
    async (q) => {
      expect((await hoursManager.get(`/api/hours?${q}`)).statusCode).toBe(400);
    },
  );

  it('costs the same statements for a page of 2 as for 20', async () => {
    // Warm up: each page size is its own named statement, prepared on its first call.
    await hoursManager.get('/api/hours?perPage=2');
    await hoursManager.get('/api/hours?perPage=20');
    const two = await countQueries(tdb.db, () => hoursManager.get('/api/hours?perPage=2'));
    const twenty = await countQueries(tdb.db, () => hoursManager.get('/api/hours?perPage=20'));
    expect(twenty.count).toBe(two.count);
    expect(two.count).toBeLessThanOrEqual(3);
  });
});

describe('GET /api/projects/:projectId/hours', () => {
  it('per person per ISO week, with totals, for hours.manage and projects.manage', async () => {
    const p = await createProjectRow(tdb.db, { name: 'Week project' });
    const a = await newWorker({ firstName: 'Anna' });
    const b = await newWorker({ firstName: 'Bram' });
    await createBookedHourRow(tdb.db, { employeeId: a.id, projectId: p.id, date: '2026-12-28', minutes: 60 });
    await createBookedHourRow(tdb.db, { employeeId: a.id, projectId: p.id, date: '2027-01-03', minutes: 30 });
    await createBookedHourRow(tdb.db, { employeeId: a.id, projectId: p.id, date: '2027-01-04', minutes: 15 });
    await createBookedHourRow(tdb.db, { employeeId: b.id, projectId: p.id, date: '2027-01-11', minutes: 120 });
    // Outside the range, or another project.
    await createBookedHourRow(tdb.db, { employeeId: b.id, projectId: p.id, date: '2027-01-18', minutes: 999 });
    await createBookedHourRow(tdb.db, { employeeId: b.id, projectId: project.id, date: '2027-01-11', minutes: 999 });
    // Anna's first week is approved, Bram's week 2 sent back: only the approved one is marked.
    await tdb.db.orm.insert(timesheetWeeks).values([
      { employeeId: a.id, weekStart: '2026-12-28', status: 'approved' },
      { employeeId: b.id, weekStart: '2027-01-11', status: 'returned', comment: 'Maandag klopt niet' },
    ]);
    for (const who of [hoursManager, pm]) {
      const res = await who.get(`/api/projects/${p.id}/hours?from=2026-W53&to=2027-W02`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({
        weeks: ['2026-W53', '2027-W01', '2027-W02'],
        rows: [
          {
            employee: { id: a.id, name: expect.stringContaining('Anna') },
            minutes: [90, 15, 0],
            approved: [true, false, false],
            total: 105,
          },
          {
            employee: { id: b.id, name: expect.stringContaining('Bram') },
            minutes: [0, 0, 120],
            approved: [false, false, false],
            total: 120,
          },
        ],
        totals: [90, 15, 120],
        total: 225,
      });
    }
  });

  it('403 without the rights, 404 for a missing or deleted project, 400 for a bad range', async () => {
    const w = await newWorker();
    const p = await createProjectRow(tdb.db);
    for (const who of [w.agent, usersManager, exporter, client, acting]) {
      expect((await who.get(`/api/projects/${p.id}/hours?from=2026-W40&to=2026-W48`)).statusCode).toBe(403);
    }
    const deleted = await createProjectRow(tdb.db, { deleted: true });
    for (const id of [deleted.id, 2147483000]) {
      const res = await pm.get(`/api/projects/${id}/hours?from=2026-W40&to=2026-W48`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    }
    const long = await pm.get(`/api/projects/${p.id}/hours?from=2026-W01&to=2026-W27`);
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.to.code).toBe('span_too_long');
    expect((await pm.get(`/api/projects/${p.id}/hours?from=2026-W01&to=2026-W26`)).statusCode).toBe(200);
    const backwards = await pm.get(`/api/projects/${p.id}/hours?from=2026-W10&to=2026-W09`);
    expect(backwards.json().fieldErrors.to.code).toBe('end_before_start');
    for (const q of ['from=2026-W10', 'from=2026-W54&to=2027-W01', 'from=x&to=y', 'from=2026-W10&to=2026-W11&z=1']) {
      expect((await pm.get(`/api/projects/${p.id}/hours?${q}`)).statusCode).toBe(400);
    }
  });
});

describe('the hour lock', () => {
  it('GET for hours.manage and hours.export; PUT for hours.manage: a new row each time, audited', async () => {
    const w = await newWorker();
    for (const who of [w.agent, usersManager, pm, client, acting])
      expect((await who.get('/api/hours/lock')).statusCode).toBe(403);
    expect((await anon.get('/api/hours/lock')).statusCode).toBe(401);
    for (const who of [exporter, usersManager, w.agent, client]) {
      expect((await who.put('/api/hours/lock', { lockedThrough: '2026-10-31' })).statusCode).toBe(403);
    }
    const before = (await tdb.db.orm.select().from(hourLocks)).length;
    const set = await hoursManager.put('/api/hours/lock', { lockedThrough: '2026-10-31' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ lockedThrough: '2026-10-31', setBy: expect.stringContaining('Hanna') });
    expect((await exporter.get('/api/hours/lock')).json().data.lockedThrough).toBe('2026-10-31');
    const week = (await w.agent.get('/api/hours/week?week=2026-W44')).json().data;
    expect(week.lockedThrough).toBe('2026-10-31');
    const open = await hoursManager.put('/api/hours/lock', { lockedThrough: null });
    expect(open.json().data.lockedThrough).toBeNull();
    expect((await tdb.db.orm.select().from(hourLocks)).length).toBe(before + 2);
    const audits = await auditRows(tdb.db, 'hours.lock_set');
    expect(audits.at(-1)?.data).toEqual({ lockedThrough: null, previous: '2026-10-31' });
    for (const body of [
      {},
      { lockedThrough: '2026-02-30' },
      { lockedThrough: '2026-10-31', x: 1 },
      { lockedThrough: 20261031 },
    ]) {
      expect((await hoursManager.put('/api/hours/lock', body)).statusCode).toBe(400);
    }
    expect((await tdb.db.orm.select().from(hourLocks)).length).toBe(before + 2);
  });
});

describe('pickers', () => {
  it('the projects one may book on: active and not deleted, searched, for any employee', async () => {
    await createProjectRow(tdb.db, { name: 'Picker Alpha' });
    await createProjectRow(tdb.db, { name: 'Picker Archived', status: 'inactive' });
    await createProjectRow(tdb.db, { name: 'Picker Deleted', deleted: true });
    const w = await newWorker();
    const res = await w.agent.get('/api/hours/projects?q=picker');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual(['Picker Alpha']);
    expect((await w.agent.get('/api/hours/projects')).json().data.length).toBeGreaterThan(1);
    expect((await client.get('/api/hours/projects')).statusCode).toBe(403);
    expect((await w.agent.get('/api/hours/projects?page=1')).statusCode).toBe(400);
  });

  it("a project's areas by their path and its open tasks", async () => {
    const p = await createProjectRow(tdb.db);
    const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Deck' });
    const area = await createAreaRow(tdb.db, p.id, { parentId: deck.id, number: '5001', name: 'Hut' });
    const sub = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: area.id, name: 'Badkamer' });
    const openTask = await createTaskRow(tdb.db, p.id, sub.id, { name: 'Tegels' });
    await createTaskRow(tdb.db, p.id, sub.id, { name: 'Klaar', status: 'completed' });
    const w = await newWorker();
    const res = await w.agent.get(`/api/hours/projects/${p.id}/targets`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.areas).toEqual([
      { id: deck.id, name: '5 Deck', kind: 'deck' },
      { id: area.id, name: '5 Deck / 5001 Hut', kind: 'area' },
      { id: sub.id, name: '5 Deck / 5001 Hut / Badkamer', kind: 'subarea' },
    ]);
    expect(data.tasks).toEqual([{ id: openTask.id, title: 'Tegels', areaId: sub.id }]);
    const deleted = await createProjectRow(tdb.db, { deleted: true });
    expect((await w.agent.get(`/api/hours/projects/${deleted.id}/targets`)).json().code).toBe('PROJECT_NOT_FOUND');
    expect((await w.agent.get('/api/hours/projects/0/targets')).statusCode).toBe(400);
  });
});

// ---- concurrency (D4); on PostgreSQL, where the requests really overlap

describe.runIf(process.env.TEST_DB === 'pg')('a hot row', () => {
  it("bookings for one person whose row is locked wait in memory, not on the pool's connections: other requests still answer", async () => {
    const w = await newWorker();
    // Someone else holds the person's row (a long transaction): the bookings have to wait.
    if (!tdb.db.pool) throw new Error('PostgreSQL only');
    const holder = await tdb.db.pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT id FROM employees WHERE id = $1 FOR UPDATE', [w.id]);
      const bookings = Array.from({ length: 30 }, () => w.agent.post('/api/hours', input({ minutes: 10, date: '2026-12-02' })));
      // One booking waits in the database for the lock; the other 29 wait for their turn.
      const waitingOnLock = async () =>
        (
          await tdb.db.raw.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
          )
        )[0]?.n ?? 0;
      await expect.poll(waitingOnLock).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300));
      // The test database's pool has 5 connections: without the turns, the bookings would hold
      // every one of them, waiting for the lock, and this read would wait with them (then 503).
      expect(await waitingOnLock()).toBe(1);
      const other = await hoursManager.get('/api/hours/projects');
      expect(other.statusCode, other.body).toBe(200);
      await holder.query('COMMIT');
      const results = await Promise.all(bookings);
      expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
      expect(t.app.platform.turns.pending(`employee:${w.id}`)).toBe(0);
    } finally {
      await holder.query('ROLLBACK').catch(() => {});
      holder.release();
    }
  });
});

describe.runIf(process.env.TEST_DB === 'pg')('simultaneous bookings on two app processes', () => {
  it('2 x 100 POSTs for one person on one day: the stored total is the sum of the 201s and never above 24 hours', async () => {
    const w = await newWorker();
    const t2 = await startSecondApp(tdb, t);
    try {
      const via2 = w.agent.via(t2);
      const minutes = 17; // 200 x 17 = 3,400 minutes asked for a day of 1,440
      const send = (i: number) => (i % 2 ? via2 : w.agent).post('/api/hours', input({ minutes, date: '2026-12-01' }));
      // A wait for the person's row past the lock timeout answers 503 with Retry-After (the
      // documented contract of a hot row): the client sends it again, as the web app does.
      let results = await Promise.all(Array.from({ length: 200 }, (_, i) => send(i)));
      for (let round = 0; round < 5 && results.some((r) => r.statusCode === 503); round++) {
        results = await Promise.all(
          results.map((r, i) => {
            if (r.statusCode !== 503) return r;
            expect(r.headers['retry-after']).toBeDefined();
            return send(i);
          }),
        );
      }
      const created = results.filter((r) => r.statusCode === 201);
      const refused = results.filter((r) => r.statusCode !== 201);
      for (const r of refused) {
        expect(r.statusCode, r.body).toBe(409);
        expect(r.json().code).toBe('HOURS_DAY_FULL');
      }
      const [sum] = await tdb.db.orm
        .select({ total: sql<number>`coalesce(sum(${bookedHours.minutes}), 0)::int` })
        .from(bookedHours)
        .where(and(eq(bookedHours.employeeId, w.id), eq(bookedHours.date, '2026-12-01')));
      expect(sum?.total).toBe(created.length * minutes);
      expect(sum?.total).toBeLessThanOrEqual(1440);
      expect(created.length).toBe(Math.floor(1440 / minutes));
    } finally {
      await t2.close();
    }
  }, 90_000);
});
