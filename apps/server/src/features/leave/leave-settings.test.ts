import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import { bookedHours, collectiveLeaves, hourRules, leaveLines, leavePolicy, leaveRequests, leaveTypes } from '../../db/schema';
import { setHourLock } from '../hours/hours.fixtures';
import { createProjectRow } from '../projects/projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let client: Agent;
let acting: Agent;
/** An employee without any right: the active leave types, the policy and the holidays only. */
let me: Agent;
let meFx: EmployeeFixture;
/** leave-categories.index: every leave type, changes none. */
let typesReader: Agent;
/** leave-categories.manage: leave types and the policy. */
let typesMgr: Agent;
/** hour-rules.manage. */
let rulesMgr: Agent;
let project: { id: number };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      me: { firstName: 'Mees' },
      typesReader: { permissions: ['leave-categories.index'] },
      typesMgr: { permissions: ['leave-categories.manage'] },
      rulesMgr: { permissions: ['hour-rules.manage'] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'leave-categories.manage', 'hour-rules.manage'] } },
    anon: true,
  });
  ({ me, typesReader, typesMgr, rulesMgr, anon, client, acting } = cast);
  meFx = cast.me.fx;
  project = await createProjectRow(tdb.db, { name: 'Cruiseschip Aurora' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

type Json = Record<string, unknown> & { id: number; version: number };

const typeInput = (o: Record<string, unknown> = {}) => ({
  name: 'Vakantie',
  code: 'VAK',
  color: '#2F9E44',
  countsAgainstBalance: true,
  needsApproval: true,
  active: true,
  ...o,
});

async function createType(o: Record<string, unknown> = {}): Promise<Json> {
  const res = await typesMgr.post('/api/leave-types', typeInput(o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const ruleInput = (o: Record<string, unknown> = {}) => ({
  name: 'Avond',
  weekdays: [1, 2, 3, 4, 5],
  start: '18:00',
  end: '06:00',
  effectiveFrom: '2026-01-01',
  kind: 'multiplier',
  percent: 125,
  allowanceMinutes: null,
  feedsOvertime: true,
  active: true,
  ...o,
});

async function createRule(o: Record<string, unknown> = {}): Promise<Json> {
  const res = await rulesMgr.post('/api/hour-rules', ruleInput(o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const count = async (table: typeof leaveTypes | typeof hourRules) =>
  (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;

describe('who may call', () => {
  it('refuses anonymous callers (401) and the portal view (403) on every route', async () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/leave-types'],
      ['POST', '/api/leave-types', typeInput()],
      ['PATCH', '/api/leave-types/1', { ...typeInput(), version: 1 }],
      ['DELETE', '/api/leave-types/1?version=1'],
      ['GET', '/api/leave-policy'],
      ['PUT', '/api/leave-policy', { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000, version: 1 }],
      ['GET', '/api/hour-rules'],
      ['POST', '/api/hour-rules', ruleInput()],
      ['PATCH', '/api/hour-rules/1', { ...ruleInput(), version: 1 }],
      ['DELETE', '/api/hour-rules/1?version=1'],
      ['GET', '/api/public-holidays?year=2026'],
    ];
    for (const [method, url, body] of routes) {
      const opts = body === undefined ? {} : { body };
      expect((await anon.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
      expect((await acting.request(method, url, opts)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('refuses an employee without the right (403), before reading the body', async () => {
    const routes: [Agent, string, string, unknown?][] = [
      [me, 'POST', '/api/leave-types', typeInput()],
      [typesReader, 'POST', '/api/leave-types', typeInput()],
      [rulesMgr, 'PATCH', '/api/leave-types/1', { ...typeInput(), version: 1 }],
      [me, 'DELETE', '/api/leave-types/1?version=1'],
      [typesReader, 'PUT', '/api/leave-policy', { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000, version: 1 }],
      [me, 'GET', '/api/hour-rules'],
      [typesMgr, 'GET', '/api/hour-rules'],
      [typesMgr, 'POST', '/api/hour-rules', ruleInput()],
      [me, 'PATCH', '/api/hour-rules/1', { ...ruleInput(), version: 1 }],
      [typesMgr, 'DELETE', '/api/hour-rules/1?version=1'],
    ];
    for (const [who, method, url, body] of routes) {
      const res = await who.request(method, url, body === undefined ? {} : { body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect(await count(leaveTypes)).toBe(0);
    expect(await count(hourRules)).toBe(0);
  });
});

describe('leave types', () => {
  const url = '/api/leave-types';

  it('lists the active ones to every employee; ?all=1 only with the leave-categories rights', async () => {
    const on = await createType({ name: 'Bijzonder verlof', code: 'BV', countsAgainstBalance: false });
    const off = await createType({ name: 'Oud verlof', code: 'OUD', active: false });
    const codes = async (who: Agent, q = '') => {
      const res = await who.get(url + q);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((x: { code: string }) => x.code);
    };
    expect(await codes(me)).toContain(on.code);
    expect(await codes(me)).not.toContain(off.code);
    expect(await codes(typesReader, '?all=1')).toEqual(expect.arrayContaining([on.code, off.code]));
    expect(await codes(typesMgr, '?all=1')).toEqual(expect.arrayContaining([on.code, off.code]));
    expect(await codes(typesReader, '?all=0')).not.toContain(off.code);

    const forbidden = await me.get(`${url}?all=1`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await rulesMgr.get(`${url}?all=1`)).statusCode).toBe(403);
    expect((await me.get(`${url}?all=yes`)).statusCode).toBe(400);
    expect((await me.get(`${url}?other=1`)).statusCode).toBe(400);

    // The record carries what the viewer may do with it, and why not.
    const mine = (await me.get(url)).json().data.find((x: Json) => x.id === on.id);
    expect(mine).toMatchObject({
      name: 'Bijzonder verlof',
      color: '#2f9e44',
      countsAgainstBalance: false,
      inUse: false,
      abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } },
    });
    const managed = (await typesMgr.get(url)).json().data.find((x: Json) => x.id === on.id);
    expect(managed.abilities).toEqual({ canEdit: true, canDelete: true, reasons: {} });
  });

  it('answers the list in the same number of statements for few and many types', async () => {
    await typesMgr.get(url);
    const few = await countQueries(tdb.db, () => typesMgr.get(`${url}?all=1`));
    for (let i = 0; i < 6; i++) await createType({ name: `Extra ${i}`, code: `EX${i}` });
    const many = await countQueries(tdb.db, () => typesMgr.get(`${url}?all=1`));
    expect(many.result.json().data.length).toBeGreaterThanOrEqual(few.result.json().data.length + 6);
    // The session and the list.
    expect(many.count).toBe(2);
    expect(few.count).toBe(many.count);
  });

  it('adds one with a unique code (case ignored); bad input is a 400 naming the field, and nothing is stored', async () => {
    const created = await typesMgr.post(url, typeInput({ name: '  Vakantie ', code: ' VAK ' }));
    expect(created.statusCode, created.body).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({
      name: 'Vakantie',
      code: 'VAK',
      color: '#2f9e44',
      countsAgainstBalance: true,
      needsApproval: true,
      active: true,
      inUse: false,
      version: 1,
    });
    const [row] = await tdb.db.orm.select().from(leaveTypes).where(eq(leaveTypes.id, c.id));
    expect(row).toMatchObject({ name: 'Vakantie', code: 'VAK', color: '#2f9e44', active: true });
    const [a] = await auditRows(tdb.db, 'leave_type.created', eq(sql`subject_id`, String(c.id)));
    expect(a?.data).toMatchObject({ code: 'VAK' });

    const before = await count(leaveTypes);
    const bad: [Record<string, unknown>, string, string][] = [
      [typeInput({ code: 'vak' }), 'code', 'code_taken'],
      [typeInput({ code: 'V A K' }), 'code', 'code_invalid'],
      [typeInput({ code: 'ABCDEFGHIJK' }), 'code', 'too_long'],
      [typeInput({ code: '' }), 'code', 'required'],
      [typeInput({ color: 'red' }), 'color', 'color_invalid'],
      [typeInput({ color: '#12345' }), 'color', 'color_invalid'],
      [typeInput({ name: '' }), 'name', 'required'],
      [typeInput({ countsAgainstBalance: 'yes' }), 'countsAgainstBalance', 'invalid_type'],
      [typeInput({ active: null }), 'active', 'required'],
    ];
    for (const [body, field, code] of bad) {
      const res = await typesMgr.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fieldErrors[field]?.code, JSON.stringify(res.json().fieldErrors)).toBe(code);
    }
    expect((await typesMgr.post(url, { ...typeInput({ code: 'NEW' }), extra: 1 })).statusCode).toBe(400);
    expect((await typesMgr.post(url, [])).statusCode).toBe(400);
    expect(await count(leaveTypes)).toBe(before);
  });

  it('changes one with its version: stale 409, unknown 404, a code taken 400', async () => {
    const a = await createType({ name: 'Onbetaald', code: 'ONB' });
    await createType({ name: 'Ouderschap', code: 'OSV' });
    const changed = await typesMgr.patch(`${url}/${a.id}`, {
      ...typeInput({ name: 'Onbetaald verlof', code: 'onb', color: '#AABBCC', needsApproval: false, active: false }),
      version: a.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Onbetaald verlof',
      code: 'onb',
      color: '#aabbcc',
      needsApproval: false,
      active: false,
      version: 2,
    });
    const [row] = await tdb.db.orm.select().from(leaveTypes).where(eq(leaveTypes.id, a.id));
    expect(row).toMatchObject({ name: 'Onbetaald verlof', version: 2, active: false });
    expect(await auditRows(tdb.db, 'leave_type.updated', eq(sql`subject_id`, String(a.id)))).toHaveLength(1);

    const stale = await typesMgr.patch(`${url}/${a.id}`, { ...typeInput({ code: 'ONB' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const taken = await typesMgr.patch(`${url}/${a.id}`, { ...typeInput({ code: 'osv' }), version: 2 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({ code: { code: 'code_taken' } });
    const missing = await typesMgr.patch(`${url}/2147483000`, { ...typeInput({ code: 'ZZ' }), version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('LEAVE_TYPE_NOT_FOUND');
    expect((await typesMgr.patch(`${url}/abc`, { ...typeInput(), version: 1 })).statusCode).toBe(400);
    expect((await typesMgr.patch(`${url}/${a.id}`, typeInput({ code: 'QQ' }))).statusCode).toBe(400);
    expect((await typesMgr.patch(`${url}/${a.id}`, { ...typeInput({ code: 'QQ' }), version: 0 })).statusCode).toBe(400);
    const [after] = await tdb.db.orm.select().from(leaveTypes).where(eq(leaveTypes.id, a.id));
    expect(after).toMatchObject({ code: 'onb', version: 2 });
  });

  it('deletes an unused one with its version; a used one answers 409 LEAVE_TYPE_IN_USE', async () => {
    const a = await createType({ name: 'Weg ermee', code: 'WEG' });
    expect((await typesMgr.delete(`${url}/${a.id}?version=2`)).json().code).toBe('STALE_VERSION');
    expect((await typesMgr.delete(`${url}/${a.id}`)).statusCode).toBe(400);
    expect((await typesMgr.delete(`${url}/2147483000?version=1`)).json().code).toBe('LEAVE_TYPE_NOT_FOUND');
    const gone = await typesMgr.delete(`${url}/${a.id}?version=1`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await tdb.db.orm.select().from(leaveTypes).where(eq(leaveTypes.id, a.id))).toEqual([]);
    expect(await auditRows(tdb.db, 'leave_type.deleted', eq(sql`subject_id`, String(a.id)))).toHaveLength(1);
    expect((await typesMgr.delete(`${url}/${a.id}?version=1`)).statusCode).toBe(404);

    // Used by a request, by a ledger line, by collective leave: each keeps it.
    const byRequest = await createType({ name: 'Aangevraagd', code: 'REQ' });
    await tdb.db.orm.insert(leaveRequests).values({
      employeeId: meFx.employeeId,
      leaveTypeId: byRequest.id,
      startsOn: '2026-12-01',
      endsOn: '2026-12-01',
      minutes: 480,
    });
    const byLine = await createType({ name: 'Geboekt', code: 'LINE' });
    await tdb.db.orm.insert(leaveLines).values({
      employeeId: meFx.employeeId,
      date: '2026-12-02',
      kind: 'leave',
      minutes: -480,
      leaveTypeId: byLine.id,
    });
    const byCollective = await createType({ name: 'Bouwvak', code: 'BOUW' });
    await tdb.db.orm.insert(collectiveLeaves).values({
      name: 'Bouwvak 2026',
      leaveTypeId: byCollective.id,
      startsOn: '2026-07-20',
      endsOn: '2026-08-07',
    });
    const listed = (await typesMgr.get(url)).json().data as Json[];
    for (const used of [byRequest, byLine, byCollective]) {
      expect(listed.find((x) => x.id === used.id)).toMatchObject({
        inUse: true,
        abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'LEAVE_TYPE_IN_USE' } },
      });
      const refused = await typesMgr.delete(`${url}/${used.id}?version=1`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('LEAVE_TYPE_IN_USE');
      expect(await tdb.db.orm.select().from(leaveTypes).where(eq(leaveTypes.id, used.id))).toHaveLength(1);
    }
    // A used one is deactivated instead.
    const off = await typesMgr.patch(`${url}/${byLine.id}`, {
      ...typeInput({ name: 'Geboekt', code: 'LINE', active: false }),
      version: 1,
    });
    expect(off.json().data).toMatchObject({ active: false, inUse: true });
  });
});

describe('leave type names in two languages', () => {
  it('keeps an English name beside the Dutch one; readers see theirs elsewhere (the Dutch one when there is no English one)', async () => {
    const made = await typesMgr.post(
      '/api/leave-types',
      typeInput({ name: 'Studieverlof', nameEn: ' Study leave ', code: 'STU' }),
    );
    expect(made.statusCode, made.body).toBe(201);
    const lt: Json = made.json().data;
    expect(lt).toMatchObject({ name: 'Studieverlof', nameEn: 'Study leave' });
    const plain = await typesMgr.post('/api/leave-types', typeInput({ name: 'Rouwverlof', code: 'ROUW' }));
    expect(plain.json().data).toMatchObject({ name: 'Rouwverlof', nameEn: '' });
    const renamed = await typesMgr.patch(`/api/leave-types/${lt.id}`, {
      ...typeInput({ name: 'Studieverlof', nameEn: 'Training leave', code: 'STU' }),
      version: lt.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.nameEn).toBe('Training leave');
    expect(
      (await typesMgr.patch(`/api/leave-types/${lt.id}`, { ...typeInput({ code: 'STU' }), nameEn: 'x'.repeat(101), version: 2 }))
        .statusCode,
    ).toBe(400);

    // A collective leave names its type: in the reader's language.
    for (const [typeId, label] of [
      [lt.id, 'study'],
      [plain.json().data.id, 'plain'],
    ] as const) {
      await tdb.db.orm
        .insert(collectiveLeaves)
        .values({ name: `Dag ${label}`, leaveTypeId: typeId, startsOn: '2031-05-02', endsOn: '2031-05-02' });
    }
    const read = async (locale: 'nl' | 'en') => {
      const who = await t.signIn(await createEmployee(tdb.db, { permissions: ['collective-leave.manage'], locale }));
      const res = await who.get('/api/collective-leaves?year=2031');
      expect(res.statusCode, res.body).toBe(200);
      const rows: { name: string; leaveType: { name: string } }[] = res.json().data;
      return Object.fromEntries(rows.map((r) => [r.name, r.leaveType.name]));
    };
    expect(await read('en')).toMatchObject({ 'Dag study': 'Training leave', 'Dag plain': 'Rouwverlof' });
    expect(await read('nl')).toMatchObject({ 'Dag study': 'Studieverlof', 'Dag plain': 'Rouwverlof' });
  });
});

describe('the leave policy', () => {
  const url = '/api/leave-policy';

  it('is read by every employee; canEdit only with leave-categories.manage', async () => {
    const mine = await me.get(url);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({ fullTimeWeekMinutes: 2400, yearlyMinutes: 12000, version: 1, canEdit: false });
    expect((await typesMgr.get(url)).json().data.canEdit).toBe(true);
    expect((await typesReader.get(url)).json().data.canEdit).toBe(false);
    expect((await me.get(`${url}?x=1`)).statusCode).toBe(400);
  });

  it('is changed with its version; bad input 400, stale 409', async () => {
    const body = { fullTimeWeekMinutes: 2280, yearlyMinutes: 11400, version: 1 };
    for (const bad of [
      { ...body, fullTimeWeekMinutes: '2280' },
      { ...body, fullTimeWeekMinutes: 59 },
      { ...body, yearlyMinutes: -1 },
      { ...body, yearlyMinutes: 1.5 },
      { fullTimeWeekMinutes: 2280, yearlyMinutes: 11400 },
      { ...body, extra: true },
    ]) {
      const res = await typesMgr.put(url, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const saved = await typesMgr.put(url, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ fullTimeWeekMinutes: 2280, yearlyMinutes: 11400, version: 2, canEdit: true });
    const [row] = await tdb.db.orm.select().from(leavePolicy);
    expect(row).toMatchObject({ fullTimeWeekMinutes: 2280, yearlyMinutes: 11400, version: 2 });
    expect(await auditRows(tdb.db, 'leave_policy.updated')).toHaveLength(1);
    const stale = await typesMgr.put(url, { ...body, yearlyMinutes: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await me.get(url)).json().data).toMatchObject({ yearlyMinutes: 11400, version: 2 });
  });
});

describe('hour rules', () => {
  const url = '/api/hour-rules';

  it('adds, lists, changes and deletes with hour-rules.manage', async () => {
    const created = await rulesMgr.post(url, ruleInput({ weekdays: [5, 1, 3], percent: 125, allowanceMinutes: 30 }));
    expect(created.statusCode, created.body).toBe(201);
    const r = created.json().data;
    expect(r).toMatchObject({
      name: 'Avond',
      weekdays: [1, 3, 5],
      start: '18:00',
      end: '06:00',
      effectiveFrom: '2026-01-01',
      kind: 'multiplier',
      percent: 125,
      allowanceMinutes: null,
      feedsOvertime: true,
      active: true,
      version: 1,
      abilities: { canEdit: true, canDelete: true, reasons: {} },
    });
    expect(await auditRows(tdb.db, 'hour_rule.created', eq(sql`subject_id`, String(r.id)))).toHaveLength(1);
    const listed = await rulesMgr.get(url);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((x: Json) => x.id)).toContain(r.id);
    expect((await rulesMgr.get(`${url}?all=1`)).statusCode).toBe(400);

    const changed = await rulesMgr.patch(`${url}/${r.id}`, {
      ...ruleInput({ name: 'Avondtoeslag', kind: 'allowance', percent: 150, allowanceMinutes: 45, feedsOvertime: false }),
      version: 1,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      name: 'Avondtoeslag',
      kind: 'allowance',
      percent: null,
      allowanceMinutes: 45,
      feedsOvertime: false,
      version: 2,
    });
    const [row] = await tdb.db.orm.select().from(hourRules).where(eq(hourRules.id, r.id));
    expect(row).toMatchObject({ name: 'Avondtoeslag', kind: 'allowance', percent: null, allowanceMinutes: 45, version: 2 });
    expect(await auditRows(tdb.db, 'hour_rule.updated', eq(sql`subject_id`, String(r.id)))).toHaveLength(1);

    const stale = await rulesMgr.patch(`${url}/${r.id}`, { ...ruleInput(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const missing = await rulesMgr.patch(`${url}/2147483000`, { ...ruleInput(), version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('HOUR_RULE_NOT_FOUND');

    expect((await rulesMgr.delete(`${url}/${r.id}?version=1`)).json().code).toBe('STALE_VERSION');
    expect((await rulesMgr.delete(`${url}/2147483000?version=1`)).json().code).toBe('HOUR_RULE_NOT_FOUND');
    expect((await rulesMgr.delete(`${url}/${r.id}?version=x`)).statusCode).toBe(400);
    const gone = await rulesMgr.delete(`${url}/${r.id}?version=2`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await tdb.db.orm.select().from(hourRules).where(eq(hourRules.id, r.id))).toEqual([]);
    expect(await auditRows(tdb.db, 'hour_rule.deleted', eq(sql`subject_id`, String(r.id)))).toHaveLength(1);
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const before = await count(hourRules);
    const bad: [Record<string, unknown>, string, string][] = [
      [ruleInput({ weekdays: [8] }), 'weekdays.0', 'too_big'],
      [ruleInput({ weekdays: [0] }), 'weekdays.0', 'too_small'],
      [ruleInput({ weekdays: [] }), 'weekdays', 'too_few'],
      [ruleInput({ weekdays: [1, 1] }), 'weekdays', 'duplicate'],
      [ruleInput({ weekdays: ['1'] }), 'weekdays.0', 'invalid_type'],
      [ruleInput({ start: '25:00' }), 'start', 'time_invalid'],
      [ruleInput({ end: '8:00' }), 'end', 'time_invalid'],
      [ruleInput({ percent: null }), 'percent', 'required'],
      [ruleInput({ percent: undefined }), 'percent', 'required'],
      [ruleInput({ percent: 0 }), 'percent', 'too_small'],
      [ruleInput({ percent: 12.5 }), 'percent', 'invalid_type'],
      [ruleInput({ kind: 'allowance', percent: null, allowanceMinutes: null }), 'allowanceMinutes', 'required'],
      [ruleInput({ kind: 'bonus' }), 'kind', 'invalid_choice'],
      [ruleInput({ effectiveFrom: '2026-02-30' }), 'effectiveFrom', 'date_invalid'],
      [ruleInput({ effectiveFrom: '1999-12-31' }), 'effectiveFrom', 'date_out_of_range'],
      [ruleInput({ name: '   ' }), 'name', 'required'],
      [ruleInput({ feedsOvertime: 1 }), 'feedsOvertime', 'invalid_type'],
    ];
    for (const [body, field, code] of bad) {
      const res = await rulesMgr.post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fieldErrors[field]?.code, `${field}: ${JSON.stringify(res.json().fieldErrors)}`).toBe(code);
    }
    expect((await rulesMgr.post(url, { ...ruleInput(), version: 1 })).statusCode).toBe(400);
    const r = await createRule({ name: 'Nacht', weekdays: [1], start: '22:00', end: '23:00', active: false });
    const patched = await rulesMgr.patch(`${url}/${r.id}`, { ...ruleInput({ start: '24:00' }), version: 1 });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fieldErrors.start.code).toBe('time_invalid');
    expect(await count(hourRules)).toBe(before + 1);
  });
});

describe('hour rules write overtime', () => {
  // Saturday 21 November 2026; Saturday 31 October 2026 lies on or before the payroll lock.
  const SATURDAY = '2026-11-21';
  const LOCKED_SATURDAY = '2026-10-31';
  let person: EmployeeFixture;

  const book = async (date: string, startTime: string | null, minutes: number) => {
    const [row] = await tdb.db.orm
      .insert(bookedHours)
      .values({ employeeId: person.employeeId, projectId: project.id, date, startTime, minutes, activity: 'installation' })
      .returning({ id: bookedHours.id });
    if (!row) throw new Error('no booking');
    return row.id;
  };
  const overtimeOf = (bookedHourId: number) =>
    tdb.db.orm
      .select({
        minutes: leaveLines.minutes,
        hourRuleId: leaveLines.hourRuleId,
        counts: leaveLines.counts,
        date: leaveLines.date,
        description: leaveLines.description,
      })
      .from(leaveLines)
      .where(eq(leaveLines.bookedHourId, bookedHourId));

  beforeAll(async () => {
    person = await createEmployee(tdb.db, { firstName: 'Zaterdag' });
  });

  it('a weekend rule turns a Saturday booking into an overtime line; a change rewrites it; deleting removes it; locked days stay', async () => {
    const saturday = await book(SATURDAY, '09:00', 240);
    const locked = await book(LOCKED_SATURDAY, '09:00', 120);
    const weekday = await book('2026-11-24', '09:00', 480);
    expect(await overtimeOf(saturday)).toEqual([]);

    const rule = await createRule({ name: 'Weekend', weekdays: [6, 7], start: '00:00', end: '00:00', percent: 150 });
    expect(await overtimeOf(saturday)).toEqual([
      { minutes: 360, hourRuleId: rule.id, counts: true, date: SATURDAY, description: '' },
    ]);
    expect(await overtimeOf(locked)).toEqual([
      { minutes: 180, hourRuleId: rule.id, counts: true, date: LOCKED_SATURDAY, description: '' },
    ]);
    expect(await overtimeOf(weekday)).toEqual([]);

    // Payroll locks October: its lines are paid and stay as they are from now on.
    await setHourLock(tdb.db, '2026-10-31');
    const changed = await rulesMgr.patch(`/api/hour-rules/${rule.id}`, {
      ...ruleInput({ name: 'Weekend', weekdays: [6, 7], start: '00:00', end: '00:00', percent: 200 }),
      version: rule.version,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await overtimeOf(saturday)).toEqual([
      { minutes: 480, hourRuleId: rule.id, counts: true, date: SATURDAY, description: '' },
    ]);
    expect(await overtimeOf(locked)).toEqual([
      { minutes: 180, hourRuleId: rule.id, counts: true, date: LOCKED_SATURDAY, description: '' },
    ]);

    // Not feeding the balance any more: the line stays, not counting.
    const v3 = await rulesMgr.patch(`/api/hour-rules/${rule.id}`, {
      ...ruleInput({ name: 'Weekend', weekdays: [6, 7], start: '00:00', end: '00:00', percent: 200, feedsOvertime: false }),
      version: 2,
    });
    expect(v3.statusCode, v3.body).toBe(200);
    expect(await overtimeOf(saturday)).toEqual([
      { minutes: 480, hourRuleId: rule.id, counts: false, date: SATURDAY, description: '' },
    ]);

    // Moving it to Sundays only: the Saturday line goes.
    const sundays = await rulesMgr.patch(`/api/hour-rules/${rule.id}`, {
      ...ruleInput({ name: 'Weekend', weekdays: [7], start: '00:00', end: '00:00', percent: 200 }),
      version: 3,
    });
    expect(sundays.statusCode, sundays.body).toBe(200);
    expect(await overtimeOf(saturday)).toEqual([]);
    const back = await rulesMgr.patch(`/api/hour-rules/${rule.id}`, {
      ...ruleInput({ name: 'Weekend', weekdays: [6, 7], start: '00:00', end: '00:00', percent: 150 }),
      version: 4,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await overtimeOf(saturday)).toEqual([
      { minutes: 360, hourRuleId: rule.id, counts: true, date: SATURDAY, description: '' },
    ]);

    const gone = await rulesMgr.delete(`/api/hour-rules/${rule.id}?version=5`);
    expect(gone.statusCode, gone.body).toBe(204);
    expect(await overtimeOf(saturday)).toEqual([]);
    // The locked line stays, named after the rule it came from.
    expect(await overtimeOf(locked)).toEqual([
      { minutes: 180, hourRuleId: null, counts: true, date: LOCKED_SATURDAY, description: 'Weekend' },
    ]);
    const [a] = await auditRows(tdb.db, 'hour_rule.deleted', eq(sql`subject_id`, String(rule.id)));
    expect(a?.data).toMatchObject({ lockedLinesKept: 1 });
  });

  it('a rule that starts after the lock leaves a locked booking alone; a booking past midnight counts in the next day', async () => {
    const locked = await book('2026-10-24', '09:00', 60);
    // Friday 20 November 22:00 for four hours: two of them on Saturday.
    const night = await book('2026-11-20', '22:00', 240);
    const rule = await createRule({
      name: 'Zaterdag',
      weekdays: [6],
      start: '00:00',
      end: '00:00',
      percent: 150,
      effectiveFrom: '2026-10-01',
    });
    expect(await overtimeOf(locked)).toEqual([]);
    expect(await overtimeOf(night)).toEqual([
      { minutes: 180, hourRuleId: rule.id, counts: true, date: '2026-11-20', description: '' },
    ]);
    // A booking through the hours API gets its overtime at once.
    const agent = await t.signIn(person);
    const body = { date: '2026-11-21', projectId: project.id, startTime: '10:00', minutes: 60, activity: 'installation' };
    const res = await agent.post('/api/hours', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(await overtimeOf(res.json().data.id)).toEqual([
      { minutes: 90, hourRuleId: rule.id, counts: true, date: '2026-11-21', description: '' },
    ]);
    expect((await rulesMgr.delete(`/api/hour-rules/${rule.id}?version=1`)).statusCode).toBe(204);
    expect(await overtimeOf(night)).toEqual([]);
    expect(await overtimeOf(res.json().data.id)).toEqual([]);
  });
});

describe('public holidays', () => {
  it('lists the year with the source named; 5 May is a day off every fifth year', async () => {
    const res = await me.get('/api/public-holidays?year=2025');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.source).toBe('Algemene termijnenwet art. 3 (wetten.overheid.nl); 5 May a day off every fifth year');
    expect(body.data).toHaveLength(10);
    expect(body.data[0]).toEqual({ date: '2025-01-01', key: 'newYear', dayOff: true });
    expect(body.data).toContainEqual({ date: '2025-04-26', key: 'kingsDay', dayOff: true });
    expect(body.data).toContainEqual({ date: '2025-05-05', key: 'liberationDay', dayOff: true });
    const y2026 = (await typesMgr.get('/api/public-holidays?year=2026')).json().data;
    expect(y2026).toContainEqual({ date: '2026-05-05', key: 'liberationDay', dayOff: false });
    for (const q of ['', '?year=1999', '?year=2100', '?year=abc', '?year=2026&x=1', '?year=2026.5']) {
      expect((await me.get(`/api/public-holidays${q}`)).statusCode, q).toBe(400);
    }
  });
});
