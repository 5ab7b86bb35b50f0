import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { employees, notifications, overnightStays } from '../../db/schema';
import { createProjectRow } from '../projects/projects.fixtures';
import { createOvernightRow } from './declarations.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let client: Agent;
let acting: Agent;
let me: Agent;
let meFx: EmployeeFixture;
let other: Agent;
let otherFx: EmployeeFixture;
let hr: Agent;
let hrFx: EmployeeFixture;
let hr2: Agent;
let exporter: Agent;
let project: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      me: { firstName: 'Mees' },
      other: { firstName: 'Olga' },
      hr: { permissions: ['hours.manage'], firstName: 'Hanna' },
      hr2: { permissions: ['hours.manage'] },
      exporter: { permissions: ['hours.export'] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'hours.manage'] } },
    anon: true,
  });
  ({ me, other, hr, hr2, exporter, anon, client, acting } = cast);
  meFx = cast.me.fx;
  otherFx = cast.other.fx;
  hrFx = cast.hr.fx;
  project = await createProjectRow(tdb.db, { name: 'Veerboot Texel' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const input = (o: Record<string, unknown> = {}) => ({
  projectId: project.id,
  date: '2026-11-16',
  nights: 3,
  location: 'Hotel Den Helder',
  notes: 'Met collega',
  ...o,
});
type Json = Record<string, unknown> & { id: number; version: number; status: string };

const stored = async (id: number) => (await tdb.db.orm.select().from(overnightStays).where(eq(overnightStays.id, id)))[0] ?? null;
const rowOf = (employeeId: number, o: { status?: 'submitted' | 'approved' | 'rejected'; date?: string; nights?: number } = {}) =>
  createOvernightRow(tdb.db, { employeeId, projectId: project.id, ...o });
const setSelfService = (employeeId: number, on: boolean) =>
  tdb.db.orm.update(employees).set({ mobileOvernights: on }).where(eq(employees.id, employeeId));

describe('who may call', () => {
  it('refuses anonymous callers (401) and the portal view (403) on every route', async () => {
    const o = await rowOf(meFx.employeeId);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/overnights'],
      ['GET', `/api/users/${meFx.employeeId}/overnights`],
      ['POST', '/api/overnights', input()],
      ['GET', `/api/overnights/${o.id}`],
      ['PUT', `/api/overnights/${o.id}`, { ...input(), version: 1 }],
      ['DELETE', `/api/overnights/${o.id}?version=1`],
      ['POST', `/api/overnights/${o.id}/approve`, { version: 1 }],
      ['POST', `/api/overnights/${o.id}/reject`, { version: 1, reason: 'x' }],
    ];
    for (const [method, url, body] of routes) {
      const opts = body === undefined ? {} : { body };
      expect((await anon.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
      expect((await acting.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await stored(o.id))?.status).toBe('submitted');
  });
});

describe('registering', () => {
  it('registers one’s own with the mobile setting on; 403 SELF_SERVICE_OFF with it off, unless one holds the hours rights', async () => {
    const res = await me.post('/api/overnights', input());
    expect(res.statusCode, res.body).toBe(201);
    const o: Json = res.json().data;
    expect(o).toMatchObject({
      employee: { id: meFx.employeeId },
      project: { id: project.id, name: 'Veerboot Texel' },
      date: '2026-11-16',
      nights: 3,
      location: 'Hotel Den Helder',
      notes: 'Met collega',
      status: 'submitted',
      abilities: { canEdit: true, canDelete: true, canApprove: false },
    });
    expect(await auditRows(tdb.db, 'overnight.created')).toContainEqual(expect.objectContaining({ subjectId: String(o.id) }));

    await setSelfService(meFx.employeeId, false);
    try {
      const off = await me.post('/api/overnights', input());
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('SELF_SERVICE_OFF');
      const page = (await me.get('/api/overnights')).json();
      expect(page).toMatchObject({ canRegister: false, cannotRegisterReason: 'SELF_SERVICE_OFF' });
      expect(page.data[0].abilities.reasons.canEdit).toBe('SELF_SERVICE_OFF');
      const edit = await me.put(`/api/overnights/${o.id}`, { ...input(), version: o.version });
      expect(edit.json().code).toBe('SELF_SERVICE_OFF');
      await setSelfService(hrFx.employeeId, false);
      expect((await hr.post('/api/overnights', input())).statusCode).toBe(201);
    } finally {
      await setSelfService(meFx.employeeId, true);
      await setSelfService(hrFx.employeeId, true);
    }
  });

  it("registers another person's only with the hours rights", async () => {
    const res = await me.post('/api/overnights', input({ employeeId: otherFx.employeeId }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await exporter.post('/api/overnights', input({ employeeId: otherFx.employeeId }))).statusCode).toBe(403);
    const byHr = await hr.post('/api/overnights', input({ employeeId: otherFx.employeeId }));
    expect(byHr.statusCode).toBe(201);
    expect(byHr.json().data.employee.id).toBe(otherFx.employeeId);
    const missing = await hr.post('/api/overnights', input({ employeeId: 2147483000 }));
    expect(missing.json().fieldErrors).toMatchObject({ employeeId: { code: 'not_found' } });
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = (await tdb.db.orm.select().from(overnightStays)).length;
    const deleted = await createProjectRow(tdb.db, { deleted: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ nights: 0 }, 'nights', 'too_small'],
      [{ nights: 61 }, 'nights', 'too_big'],
      [{ location: ' ' }, 'location', 'required'],
      [{ date: '1999-12-31' }, 'date', 'date_out_of_range'],
      [{ projectId: deleted.id }, 'projectId', 'not_found'],
      [{ projectId: 2147483000 }, 'projectId', 'not_found'],
    ];
    for (const [o, field, code] of cases) {
      const res = await me.post('/api/overnights', input(o));
      expect(res.statusCode, JSON.stringify(o)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, `${JSON.stringify(o)}: ${res.body}`).toBe(code);
    }
    for (const body of [
      input({ extra: 1 }),
      input({ location: 'a\u0000b' }),
      input({ nights: '2' }),
      input({ notes: 'x'.repeat(1001) }),
    ]) {
      expect((await me.post('/api/overnights', body)).statusCode).toBe(400);
    }
    expect((await tdb.db.orm.select().from(overnightStays)).length).toBe(before);
  });
});

describe('lists and one stay', () => {
  it("shows one's own only; the hours and export rights everyone's, filtered by period, status and person", async () => {
    const person = await createEmployee(tdb.db);
    const agent = await t.signIn(person);
    await rowOf(person.employeeId, { date: '2026-10-30', nights: 3 }); // 30, 31 Oct and 1 Nov
    await rowOf(person.employeeId, { date: '2026-11-10', nights: 1, status: 'approved' });
    const own = (await agent.get('/api/overnights')).json();
    expect(own.meta.total).toBe(2);
    expect(own.totalNights).toBe(4);
    expect(own.canRegister).toBe(true);
    expect((await agent.get(`/api/overnights?employeeId=${meFx.employeeId}`)).json().meta.total).toBe(0);
    for (const who of [hr, exporter]) {
      const nov = (await who.get(`/api/overnights?employeeId=${person.employeeId}&from=2026-11-01&to=2026-11-30`)).json();
      expect(nov.meta.total).toBe(2); // the first stay's last night is in November
      const approved = (await who.get(`/api/overnights?employeeId=${person.employeeId}&status=approved`)).json();
      expect(approved.data.map((o: Json) => o.date)).toEqual(['2026-11-10']);
    }
    // Their own, with the mobile setting on.
    expect((await exporter.get('/api/overnights')).json().canRegister).toBe(true);
  });

  it("answers a person's list to themselves and the rights; 404 to anyone else", async () => {
    await rowOf(otherFx.employeeId);
    expect((await other.get(`/api/users/${otherFx.employeeId}/overnights`)).statusCode).toBe(200);
    const byHr = (await hr.get(`/api/users/${otherFx.employeeId}/overnights`)).json();
    expect(byHr.canRegister).toBe(true);
    expect((await exporter.get(`/api/users/${otherFx.employeeId}/overnights`)).json().canRegister).toBe(false);
    const res = await me.get(`/api/users/${otherFx.employeeId}/overnights`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('EMPLOYEE_NOT_FOUND');
    expect((await hr.get('/api/users/2147483000/overnights')).statusCode).toBe(404);
    expect((await hr.get('/api/overnights?status=paid')).statusCode).toBe(400);
  });

  it("finds one for its employee and the rights; another person's is 404 like a missing one", async () => {
    const o = await rowOf(otherFx.employeeId);
    expect((await other.get(`/api/overnights/${o.id}`)).statusCode).toBe(200);
    expect((await exporter.get(`/api/overnights/${o.id}`)).json().data.abilities.canEdit).toBe(false);
    expect((await me.get(`/api/overnights/${o.id}`)).json().code).toBe('OVERNIGHT_NOT_FOUND');
    expect((await me.get('/api/overnights/2147483000')).json().code).toBe('OVERNIGHT_NOT_FOUND');
  });

  it('changes and removes its own while submitted: stale 409, decided 409 OVERNIGHT_NOT_EDITABLE, others 404 or 403', async () => {
    const created: Json = (await me.post('/api/overnights', input())).json().data;
    const changed = await me.put(`/api/overnights/${created.id}`, { ...input({ nights: 5 }), version: created.version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ nights: 5, version: 2 });
    expect((await me.put(`/api/overnights/${created.id}`, { ...input(), version: 1 })).json().code).toBe('STALE_VERSION');
    expect((await other.put(`/api/overnights/${created.id}`, { ...input(), version: 2 })).statusCode).toBe(404);
    expect((await exporter.put(`/api/overnights/${created.id}`, { ...input(), version: 2 })).statusCode).toBe(403);
    expect((await other.delete(`/api/overnights/${created.id}?version=2`)).statusCode).toBe(404);
    expect((await me.delete(`/api/overnights/${created.id}?version=1`)).json().code).toBe('STALE_VERSION');
    expect((await me.delete(`/api/overnights/${created.id}?version=2`)).statusCode).toBe(204);
    expect(await stored(created.id)).toBeNull();
    const approved = await rowOf(meFx.employeeId, { status: 'approved' });
    const late = await me.put(`/api/overnights/${approved.id}`, { ...input(), version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('OVERNIGHT_NOT_EDITABLE');
    expect((await me.delete(`/api/overnights/${approved.id}?version=1`)).json().code).toBe('OVERNIGHT_NOT_EDITABLE');
  });
});

describe('decisions', () => {
  const told = (accountId: number) =>
    tdb.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), eq(notifications.kind, 'overnight.decided')));

  it('approves and rejects (reason required) with the hours rights, once; tells the employee', async () => {
    const o = await rowOf(otherFx.employeeId);
    const approved = await hr.post(`/api/overnights/${o.id}/approve`, { version: 1 });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', abilities: { canEdit: false } });
    expect((await stored(o.id))?.decidedBy).toBe(hrFx.accountId);
    expect((await told(otherFx.accountId)).at(-1)).toMatchObject({
      data: { outcome: 'approved', project: 'Veerboot Texel' },
      link: `/users/${otherFx.employeeId}/overnights`,
    });
    expect(t.mailer.to(otherFx.email).at(-1)?.subject).toMatch(/^Overnachting goedgekeurd: /);
    const again = await hr2.post(`/api/overnights/${o.id}/reject`, { version: 2, reason: 'Nee' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('OVERNIGHT_ALREADY_DECIDED');

    const r = await rowOf(otherFx.employeeId);
    expect((await hr.post(`/api/overnights/${r.id}/reject`, { version: 1 })).statusCode).toBe(400);
    expect((await hr.post(`/api/overnights/${r.id}/reject`, { version: 9, reason: 'x' })).json().code).toBe('STALE_VERSION');
    const rejected = await hr.post(`/api/overnights/${r.id}/reject`, { version: 1, reason: 'Dubbel ingevoerd' });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejectReason: 'Dubbel ingevoerd' });
  });

  it('refuses decisions without the hours rights (403), on one’s own (403) and on a missing one (404)', async () => {
    const o = await rowOf(otherFx.employeeId);
    for (const who of [me, other, exporter]) {
      expect((await who.post(`/api/overnights/${o.id}/approve`, { version: 1 })).statusCode).toBe(403);
    }
    const own = await rowOf(hrFx.employeeId);
    const res = await hr.post(`/api/overnights/${own.id}/approve`, { version: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await hr.post('/api/overnights/2147483000/approve', { version: 1 })).json().code).toBe('OVERNIGHT_NOT_FOUND');
  });

  it('two approvals at once: exactly one 200, one 409', async () => {
    for (let round = 0; round < 3; round++) {
      const o = await rowOf(otherFx.employeeId);
      const [a, b] = await Promise.all([
        hr.post(`/api/overnights/${o.id}/approve`, { version: 1 }),
        hr2.post(`/api/overnights/${o.id}/approve`, { version: 1 }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
      expect(await stored(o.id)).toMatchObject({ status: 'approved', version: 2 });
    }
  });
});
