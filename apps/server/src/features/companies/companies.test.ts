import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee, createRole, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { accounts, auditLog, companies, media, rolePermissions, roles } from '../../db/schema';
import { createMediaRow } from '../products/catalogue.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let noPerm: Agent;
let manageOnly: Agent;
let actor: Agent;
let actorFx: EmployeeFixture;
let client: Agent;
let clientCompanyId: number;

const uniq = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      noPerm: { permissions: ['projects.view', 'users.manage-roles'] },
      manageOnly: { permissions: ['companies.manage'] },
      actor: { permissions: ['companies.act-as-client', 'users.manage-roles'] },
    },
    companies: { own: { name: 'Client Home Co' } },
    clients: { client: {} },
    anon: true,
  });
  ({ anon, noPerm, manageOnly, actor, client } = cast);
  actorFx = cast.actor.fx;
  clientCompanyId = cast.companies.own.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('GET /api/companies/options', () => {
  it('lists every live company by name for project managers and company staff; 401/403 otherwise', async () => {
    const pm = await createEmployee(tdb.db, { permissions: ['projects.manage'] });
    const pmAgent = t.agent();
    await pmAgent.login(pm.email, pm.password);
    const tag = `opt${uniq()}`;
    const b = await createCompany(tdb.db, { name: `${tag} B` });
    const a = await createCompany(tdb.db, { name: `${tag} a` });
    const gone = await createCompany(tdb.db, { name: `${tag} gone` });
    await tdb.db.orm.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone.id));

    expect((await anon.get('/api/companies/options')).statusCode).toBe(401);
    expect((await noPerm.get('/api/companies/options')).statusCode).toBe(403);
    expect((await client.get('/api/companies/options')).statusCode).toBe(403);
    expect((await pmAgent.get('/api/companies/options?x=1')).statusCode).toBe(400);
    for (const agent of [pmAgent, manageOnly, actor]) {
      const res = await agent.get('/api/companies/options');
      expect(res.statusCode).toBe(200);
      const mine = (res.json().data as { id: number; name: string; sector: string }[]).filter((c) => c.name.startsWith(tag));
      expect(mine.map((c) => c.id)).toEqual([a.id, b.id]);
      expect(mine[0]).toEqual({ id: a.id, name: `${tag} a`, sector: expect.any(String) });
    }
  });
});

describe('GET /api/companies', () => {
  it('answers 401 anonymous, 403 to an employee without a company right and to a company user', async () => {
    expect((await anon.get('/api/companies')).statusCode).toBe(401);
    expect((await noPerm.get('/api/companies')).statusCode).toBe(403);
    expect((await client.get('/api/companies')).statusCode).toBe(403);
    expect((await manageOnly.get('/api/companies')).statusCode).toBe(200);
    expect((await actor.get('/api/companies')).statusCode).toBe(200);
  });

  it('pages with current_page, last_page, per_page and total', async () => {
    const tag = `pg${uniq()}`;
    for (let i = 1; i <= 7; i++) await createCompany(tdb.db, { name: `${tag} ${String(i).padStart(2, '0')}` });
    const p1 = (await manageOnly.get(`/api/companies?q=${tag}&perPage=3`)).json();
    expect(p1.meta).toEqual({ current_page: 1, last_page: 3, per_page: 3, total: 7 });
    expect(p1.data.map((c: { name: string }) => c.name)).toEqual([`${tag} 01`, `${tag} 02`, `${tag} 03`]);
    const p3 = (await manageOnly.get(`/api/companies?q=${tag}&perPage=3&page=3`)).json();
    expect(p3.data.map((c: { name: string }) => c.name)).toEqual([`${tag} 07`]);
    const past = (await manageOnly.get(`/api/companies?q=${tag}&perPage=3&page=9`)).json();
    expect(past).toEqual({ data: [], meta: { current_page: 9, last_page: 3, per_page: 3, total: 7 } });
    const none = (await manageOnly.get(`/api/companies?q=nothing-matches-${tag}`)).json();
    expect(none.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 0 });
  });

  it('searches name and city, filters by sector and hides deleted companies', async () => {
    const tag = `sr${uniq()}`;
    const a = await createCompany(tdb.db, { name: `${tag} Cruise`, sector: 'cruise' });
    const b = await createCompany(tdb.db, { name: 'Elsewhere', city: `${tag}ville`, sector: 'leisure' });
    const gone = await createCompany(tdb.db, { name: `${tag} Gone` });
    await tdb.db.orm.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone.id));
    const all = (await manageOnly.get(`/api/companies?q=${tag.toUpperCase()}`)).json();
    expect(all.data.map((c: { id: number }) => c.id).sort()).toEqual([a.id, b.id].sort());
    const leisure = (await manageOnly.get(`/api/companies?q=${tag}&sector=leisure`)).json();
    expect(leisure.data.map((c: { id: number }) => c.id)).toEqual([b.id]);
    expect(leisure.data[0].sector).toBe('leisure');
    const bad = await manageOnly.get('/api/companies?sector=space');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toHaveProperty(['querystring.sector']);
  });

  it('sorts by name, city and users, both ways', async () => {
    const tag = `so${uniq()}`;
    const x = await createCompany(tdb.db, { name: `${tag} b`, city: 'Zwolle' });
    const y = await createCompany(tdb.db, { name: `${tag} A`, city: 'Amersfoort' });
    const z = await createCompany(tdb.db, { name: `${tag} c`, city: 'Breda' });
    await createClient(tdb.db, z.id);
    await createClient(tdb.db, z.id);
    await createClient(tdb.db, x.id);
    const order = async (sort: string) =>
      (await manageOnly.get(`/api/companies?q=${tag}&sort=${sort}`)).json().data.map((c: { id: number }) => c.id);
    expect(await order('name')).toEqual([y.id, x.id, z.id]);
    expect(await order('-name')).toEqual([z.id, x.id, y.id]);
    expect(await order('city')).toEqual([y.id, z.id, x.id]);
    expect(await order('-city')).toEqual([x.id, z.id, y.id]);
    expect(await order('users')).toEqual([y.id, x.id, z.id]);
    expect(await order('-users')).toEqual([z.id, x.id, y.id]);
  });

  it('counts users per company and answers only the summary fields (Z9)', async () => {
    const tag = `uc${uniq()}`;
    const c = await createCompany(tdb.db, { name: `${tag} Counted`, primaryColor: '#abcdef' });
    for (let i = 0; i < 3; i++) await createClient(tdb.db, c.id);
    await tdb.db.orm.update(companies).set({ email: 'secret@x.test', phone: '0612345678' }).where(eq(companies.id, c.id));
    const body = (await manageOnly.get(`/api/companies?q=${tag}`)).json();
    expect(body.data).toEqual([
      {
        id: c.id,
        name: `${tag} Counted`,
        logo: null,
        primaryColor: '#abcdef',
        secondaryColor: '#c8a45c',
        sector: 'cruise',
        city: 'Rotterdam',
        country: null,
        usersCount: 3,
        // companies.manage without companies.act-as-client: may edit, may not open the portal as it.
        abilities: {
          canEdit: true,
          canActAs: false,
          canArchive: true,
          canRestore: false,
          reasons: { canActAs: 'FORBIDDEN', canRestore: 'COMPANY_NOT_ARCHIVED' },
        },
      },
    ]);
  });

  it('answers 400 for perPage over 100, page 0, an unknown sort, an unknown or repeated parameter (I1, I4)', async () => {
    for (const q of ['perPage=101', 'perPage=0', 'page=0', 'page=-1', 'sort=id', 'company_id=1', 'page=1&page=2', 'q=a&q=b']) {
      const res = await manageOnly.get(`/api/companies?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await manageOnly.get('/api/companies?perPage=100')).statusCode).toBe(200);
  });

  it('treats LIKE wildcards in q as text', async () => {
    const tag = `lk${uniq()}`;
    const hit = await createCompany(tdb.db, { name: `${tag} 50% off` });
    await createCompany(tdb.db, { name: `${tag} 500 off` });
    const body = (await manageOnly.get(`/api/companies?q=${encodeURIComponent(`${tag} 50%`)}`)).json();
    expect(body.data.map((c: { id: number }) => c.id)).toEqual([hit.id]);
  });
});

describe('POST /api/acting-as (Z6, Z7)', () => {
  it('answers 401 anonymous, 403 without the permission and 403 for a company user', async () => {
    const c = await createCompany(tdb.db);
    expect((await anon.post('/api/acting-as', { companyId: c.id })).statusCode).toBe(401);
    expect((await manageOnly.post('/api/acting-as', { companyId: c.id })).statusCode).toBe(403);
    expect((await client.post('/api/acting-as', { companyId: clientCompanyId })).statusCode).toBe(403);
    expect(await auditRows(tdb.db, 'acting-as.started', eq(auditLog.subjectId, String(c.id)))).toEqual([]);
  });

  it('answers 404 COMPANY_NOT_FOUND for an unknown or deleted company', async () => {
    const gone = await createCompany(tdb.db);
    await tdb.db.orm.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone.id));
    for (const companyId of [987654, gone.id]) {
      const res = await actor.post('/api/acting-as', { companyId });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('COMPANY_NOT_FOUND');
    }
  });

  it('answers 400 for a missing, mistyped or extra field', async () => {
    for (const body of [
      {},
      { companyId: '1' },
      { companyId: -1 },
      { companyId: 1.5 },
      { companyId: 2 ** 31 },
      { companyId: 1, as: 2 },
    ]) {
      const res = await actor.post('/api/acting-as', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('answers the company and records acting-as.started with the employee and the company', async () => {
    const c = await createCompany(tdb.db, { name: 'Harbour Hotels', sector: 'leisure', primaryColor: '#102030' });
    const res = await actor.post('/api/acting-as', { companyId: c.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        id: c.id,
        name: 'Harbour Hotels',
        logo: null,
        primaryColor: '#102030',
        secondaryColor: '#c8a45c',
        sector: 'leisure',
      },
    });
    const rows = await auditRows(tdb.db, 'acting-as.started', eq(auditLog.subjectId, String(c.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: actorFx.accountId,
      actingEmployeeAccountId: actorFx.accountId,
      companyId: c.id,
      subjectType: 'company',
    });
    expect(t.logs.some((l) => l.includes('"event":"acting-as.started"'))).toBe(true);
  });
});

describe('the Acting-As header (Z6, Z7)', () => {
  it('turns an employee with the permission into the company’s portal view', async () => {
    const c = await createCompany(tdb.db, { name: 'Acting Target' });
    const a = t.agent();
    await a.login(actorFx.email, actorFx.password);
    a.actingAs = c.id;
    const me = await a.get('/api/user/current');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.acting_as).toMatchObject({ id: c.id, name: 'Acting Target' });
    expect(me.json().data.guardable_type).toBe('employee');
    // Employee routes are closed while acting, even to someone who holds their permission.
    expect((await a.get('/api/roles')).statusCode).toBe(403);
    expect((await a.get('/api/companies')).statusCode).toBe(403);
    expect((await a.post('/api/acting-as', { companyId: c.id })).statusCode).toBe(403);
    a.actingAs = null;
    expect((await a.get('/api/roles')).statusCode).toBe(200);
    expect((await a.get('/api/user/current')).json().data.acting_as).toBeNull();
  });

  it('audits a write made while acting as acting-as.write, with the employee and the company (Z7)', async () => {
    const c = await createCompany(tdb.db);
    const a = t.agent();
    await a.login(actorFx.email, actorFx.password);
    a.actingAs = c.id;
    const res = await a.patch('/api/locale', { locale: 'en' });
    expect(res.statusCode).toBe(204);
    const rows = await auditRows(tdb.db, 'acting-as.write', eq(auditLog.companyId, c.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      accountId: actorFx.accountId,
      actingEmployeeAccountId: actorFx.accountId,
      companyId: c.id,
      data: { method: 'PATCH', route: '/api/locale', status: 204 },
    });
    expect(rows[0]?.requestId).toBeTruthy();
    // The language is the real employee's.
    const acc = await tdb.db.orm.select({ locale: accounts.locale }).from(accounts).where(eq(accounts.id, actorFx.accountId));
    expect(acc[0]?.locale).toBe('en');
    // Reads and refused writes are not audited as writes.
    await a.get('/api/locale');
    await a.patch('/api/locale', { locale: 'fr' });
    expect(await auditRows(tdb.db, 'acting-as.write', eq(auditLog.companyId, c.id))).toHaveLength(1);
  });

  it('DELETE /api/acting-as with the header answers 204 and records acting-as.stopped; without it 403', async () => {
    const c = await createCompany(tdb.db);
    const a = t.agent();
    await a.login(actorFx.email, actorFx.password);
    const without = await a.delete('/api/acting-as');
    expect(without.statusCode).toBe(403);
    expect((await client.delete('/api/acting-as')).statusCode).toBe(403);
    a.actingAs = c.id;
    const res = await a.delete('/api/acting-as');
    expect(res.statusCode).toBe(204);
    const rows = await auditRows(tdb.db, 'acting-as.stopped', eq(auditLog.subjectId, String(c.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accountId: actorFx.accountId, actingEmployeeAccountId: actorFx.accountId, companyId: c.id });
    // Stopping is not itself counted as a write made as the company.
    expect(await auditRows(tdb.db, 'acting-as.write', eq(auditLog.companyId, c.id))).toEqual([]);
  });

  it('answers 403 to a company user sending it, even with its own company id, and logs it', async () => {
    const other = await createCompany(tdb.db);
    for (const id of [clientCompanyId, other.id]) {
      client.actingAs = id;
      const res = await client.get('/api/user/current');
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await client.patch('/api/locale', { locale: 'en' })).statusCode).toBe(403);
    }
    client.actingAs = null;
    expect((await client.get('/api/user/current')).statusCode).toBe(200);
    expect(t.logs.some((l) => l.includes('"event":"acting-as.forbidden"'))).toBe(true);
  });

  it('answers 403 to an employee without companies.act-as-client', async () => {
    const c = await createCompany(tdb.db);
    for (const who of [noPerm, manageOnly]) {
      who.actingAs = c.id;
      expect((await who.get('/api/user/current')).statusCode).toBe(403);
      who.actingAs = null;
    }
  });

  it('stops working at once when the employee loses the permission', async () => {
    const role = await createRole(tdb.db, { permissions: ['companies.act-as-client'] });
    const e = await createEmployee(tdb.db, { roleId: role.id });
    const c = await createCompany(tdb.db);
    const a = t.agent();
    await a.login(e.email, e.password);
    a.actingAs = c.id;
    expect((await a.get('/api/user/current')).statusCode).toBe(200);
    // A change made elsewhere bumps the role version, as the roles API does.
    await tdb.db.orm.delete(rolePermissions).where(eq(rolePermissions.roleId, role.id));
    await tdb.db.orm.update(roles).set({ version: 2 }).where(eq(roles.id, role.id));
    expect((await a.get('/api/user/current')).statusCode).toBe(403);
  });

  it('is ignored for an anonymous caller on public routes, and never causes a 5xx', async () => {
    const c = await createCompany(tdb.db);
    const a = t.agent();
    await a.csrf();
    a.actingAs = c.id;
    expect((await a.get('/api/locale')).statusCode).toBe(200);
    expect((await a.get(`/api/breadcrumbs/slugs?companyId=${c.id}`)).json()).toEqual({ data: { slugs: { companyId: null } } });
    expect((await a.get('/api/health')).statusCode).toBe(200);
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(204);
    expect((await a.get('/api/user/current')).statusCode).toBe(401);
    const bare = t.agent();
    bare.actingAs = c.id;
    expect((await bare.get('/api/locale')).statusCode).toBe(200);
  });

  it("answers 400 or 404 for garbage and unknown ids ('x', '-1', '1e9', \"' or 1=1\", '99999999999'), never 5xx", async () => {
    const a = t.agent();
    await a.login(actorFx.email, actorFx.password);
    const garbage = ['x', '-1', '1e9', "' or 1=1", '99999999999', '2147483648', '0', '0x10', '1 ', ' 1', '1,2', '', '١٢'];
    for (const value of garbage) {
      const res = await a.get('/api/user/current', { headers: { 'acting-as': value } });
      expect(res.statusCode, JSON.stringify(value)).toBe(400);
      expect(res.json().code).toBe('ACTING_AS_INVALID');
      const write = await a.patch('/api/locale', { locale: 'en' }, { headers: { 'acting-as': value } });
      expect(write.statusCode, JSON.stringify(value)).toBe(400);
    }
    for (const value of ['987654', '2147483647']) {
      const res = await a.get('/api/user/current', { headers: { 'acting-as': value } });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('COMPANY_NOT_FOUND');
    }
    // A company user with garbage is refused for who it is, not for the value.
    for (const value of garbage) {
      const res = await client.get('/api/user/current', { headers: { 'acting-as': value } });
      expect(res.statusCode, JSON.stringify(value)).toBe(403);
    }
  });
});

describe('creating, editing, archiving and restoring a company', () => {
  const body = (o: Record<string, unknown> = {}) => ({
    name: `  Aurora Line ${uniq()}  `,
    sector: 'cruise',
    primaryColor: '#0B3D91',
    secondaryColor: '#d4a017',
    contactPerson: 'Mara Dekker',
    email: ' Info@Aurora.test ',
    phone: '+31 10 555 0101',
    country: 'Nederland',
    address: 'Wilhelminakade 1',
    zipcode: '3072 AP',
    city: 'Rotterdam',
    ...o,
  });

  it('answers 401 anonymous and 403 without companies.manage (act-as only, a company user, no right); nothing is stored', async () => {
    const existing = await createCompany(tdb.db, { name: `Locked ${uniq()}` });
    const list = [
      { method: 'POST', url: '/api/companies', body: body() },
      { method: 'PUT', url: `/api/companies/${existing.id}`, body: { ...body(), version: 1 } },
      { method: 'POST', url: `/api/companies/${existing.id}/archive`, body: { version: 1 } },
      { method: 'POST', url: `/api/companies/${existing.id}/restore`, body: { version: 1 } },
    ];
    for (const r of list) {
      expect((await anon.request(r.method, r.url, { body: r.body })).statusCode, `${r.method} ${r.url}`).toBe(401);
      for (const who of [actor, client, noPerm]) {
        expect((await who.request(r.method, r.url, { body: r.body })).statusCode, `${r.method} ${r.url}`).toBe(403);
      }
    }
    const [row] = await tdb.db.orm.select().from(companies).where(eq(companies.id, existing.id));
    expect(row).toMatchObject({ version: 1, deletedAt: null });
  });

  it('creates a company with trimmed fields, lower-case colours and e-mail, and an audit row', async () => {
    const res = await manageOnly.post('/api/companies', body({ name: '  Aurora Line  ', phone: '', zipcode: '  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({
      name: 'Aurora Line',
      sector: 'cruise',
      primaryColor: '#0b3d91',
      email: 'info@aurora.test',
      phone: null,
      zipcode: null,
      city: 'Rotterdam',
      usersCount: 0,
      archivedAt: null,
      version: 1,
      abilities: { canEdit: true, canArchive: true, canRestore: false },
    });
    expect((await manageOnly.get(`/api/companies/${c.id}`)).json().data).toEqual(c);
    expect(await auditRows(tdb.db, 'company.created', eq(auditLog.subjectId, String(c.id)))).toHaveLength(1);
  });

  it('refuses bad input with field errors and stores nothing', async () => {
    const before = (await tdb.db.orm.select({ id: companies.id }).from(companies)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [body({ name: '   ' }), 'name', 'required'],
      [body({ sector: 'retail' }), 'sector', 'invalid_choice'],
      [body({ primaryColor: 'blue' }), 'primaryColor', 'invalid_format'],
      [body({ secondaryColor: '#12345' }), 'secondaryColor', 'invalid_format'],
      [body({ email: 'not-an-address' }), 'email', 'invalid_email'],
      [body({ city: 'x'.repeat(121) }), 'city', 'too_long'],
      [{ ...body(), logoPath: '/etc/passwd' }, 'logoPath', 'unknown_field'],
    ];
    for (const [b, field, code] of cases) {
      const res = await manageOnly.post('/api/companies', b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, field).toBe(code);
    }
    expect((await tdb.db.orm.select({ id: companies.id }).from(companies)).length).toBe(before);
  });

  it('saves with the version; a stale version is 409 and changes nothing; an unknown id is 404', async () => {
    const c = (await manageOnly.post('/api/companies', body())).json().data;
    const saved = await manageOnly.put(`/api/companies/${c.id}`, {
      ...body({ name: 'Aurora Line Cruises', sector: 'leisure' }),
      version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ name: 'Aurora Line Cruises', sector: 'leisure', version: 2 });
    const stale = await manageOnly.put(`/api/companies/${c.id}`, { ...body({ name: 'Old' }), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const missing = await manageOnly.put('/api/companies/2147483000', { ...body(), version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COMPANY_NOT_FOUND');
    const [row] = await tdb.db.orm.select().from(companies).where(eq(companies.id, c.id));
    expect(row).toMatchObject({ name: 'Aurora Line Cruises', version: 2 });
  });

  it('archiving ends the users’ sessions and hides the company; restoring lets them sign in again', async () => {
    const c = (await manageOnly.post('/api/companies', body({ name: `Archive ${uniq()}` }))).json().data;
    const user = await createClient(tdb.db, c.id);
    const portal = t.agent();
    await portal.login(user.email, user.password);
    expect((await portal.get('/api/user/current')).statusCode).toBe(200);

    const archived = await manageOnly.post(`/api/companies/${c.id}/archive`, { version: 1 });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data).toMatchObject({
      archivedAt: expect.any(String),
      version: 2,
      abilities: { canArchive: false, canRestore: true },
    });
    expect((await portal.get('/api/user/current')).statusCode).toBe(401);
    const again = t.agent();
    await again.csrf();
    expect((await again.post('/login', { email: user.email, password: user.password })).statusCode).not.toBe(204);
    const active = await manageOnly.get(`/api/companies?q=${encodeURIComponent(c.name)}`);
    expect(active.json().data).toEqual([]);
    const tab = await manageOnly.get(`/api/companies?tab=archived&q=${encodeURIComponent(c.name)}`);
    expect(tab.json().data.map((x: { id: number }) => x.id)).toEqual([c.id]);
    expect((await manageOnly.get('/api/companies/options')).json().data.some((x: { id: number }) => x.id === c.id)).toBe(false);
    expect((await actor.post('/api/acting-as', { companyId: c.id })).statusCode).toBe(404);
    const twice = await manageOnly.post(`/api/companies/${c.id}/archive`, { version: 2 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('COMPANY_ARCHIVED');
    expect(await auditRows(tdb.db, 'company.archived', eq(auditLog.subjectId, String(c.id)))).toHaveLength(1);

    const restored = await manageOnly.post(`/api/companies/${c.id}/restore`, { version: 2 });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ archivedAt: null, version: 3 });
    const back = t.agent();
    await back.login(user.email, user.password);
    expect((await back.get('/api/user/current')).statusCode).toBe(200);
    const notArchived = await manageOnly.post(`/api/companies/${c.id}/restore`, { version: 3 });
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().code).toBe('COMPANY_NOT_ARCHIVED');
  });
});

describe('the company logo', () => {
  it('is set from an upload and shown in the brand, which the company’s portal may load; another company’s portal may not', async () => {
    const c = await createCompany(tdb.db, { name: `Logo ${uniq()}` });
    const other = await createCompany(tdb.db, { name: `Other ${uniq()}` });
    // An upload of the account manager's (the picker's), not used anywhere else yet.
    const mediaId = await createMediaRow(tdb.db);
    expect((await actor.put(`/api/companies/${c.id}/logo`, { mediaId })).statusCode).toBe(403);
    const bad = await manageOnly.put(`/api/companies/${c.id}/logo`, { mediaId: 2147483000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.mediaId.code).toBe('not_found');
    const res = await manageOnly.put(`/api/companies/${c.id}/logo`, { mediaId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ logo: `/api/media/${mediaId}/thumb`, version: 1 });
    const own = await createClient(tdb.db, c.id);
    const portal = t.agent();
    await portal.login(own.email, own.password);
    expect((await portal.get('/api/user/current')).json().data.guardable.company.logo).toBe(`/api/media/${mediaId}/thumb`);
    // The thumbnail's bytes, as the upload would have written them.
    const [m] = await tdb.db.orm.select({ key: media.storageKey }).from(media).where(eq(media.id, mediaId));
    await t.app.platform.storage.write(`${m?.key}.thumb.webp`, Buffer.from('RIFF-logo'));
    const stranger = await createClient(tdb.db, other.id);
    const foreign = t.agent();
    await foreign.login(stranger.email, stranger.password);
    expect((await portal.get(`/api/media/${mediaId}/thumb`)).statusCode).toBe(200);
    expect((await foreign.get(`/api/media/${mediaId}/thumb`)).statusCode).toBe(404);
    const cleared = await manageOnly.put(`/api/companies/${c.id}/logo`, { mediaId: null });
    expect(cleared.json().data.logo).toBeNull();
  });
});
