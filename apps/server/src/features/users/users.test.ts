import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { accounts, auditLog, employeeContracts, employeeDocuments, employees, files, sessions } from '../../db/schema';

let tdb: TestDatabase;
let t: TestApp;
let hr: Agent;
let hrFx: EmployeeFixture;
let viewer: Agent;
let exactOnly: Agent;
let plainFx: EmployeeFixture;
let plain: Agent;
let client: Agent;
let acting: Agent;
let anon: Agent;

const uniq = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = 'a long and unusual passphrase';

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      hr: { permissions: ['users.manage'] },
      viewer: { permissions: ['hours.manage'] },
      exactOnly: { permissions: ['exact.manage'] },
      plain: { permissions: [] },
    },
    companies: { company: {} },
    clients: { client: { firstLogin: false } },
    acting: { acting: { permissions: ['companies.act-as-client', 'users.manage'] } },
    anon: true,
  });
  ({ hr, viewer, exactOnly, plain, client, acting, anon } = cast);
  hrFx = cast.hr.fx;
  plainFx = cast.plain.fx;
}, 60_000);
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const input = (o: Record<string, unknown> = {}) => ({
  firstName: 'Sanne',
  insertion: 'de',
  lastName: `Vries ${uniq()}`,
  email: `Sanne.${uniq()}@Outfit.test`,
  privateEmail: '',
  phone: '+31 6 1111 2222',
  function: 'Monteur',
  supplierNumber: '',
  roleId: null,
  exactId: '',
  locale: 'nl',
  ...o,
});
const linkIn = (text: string | undefined) => /#token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';
const version = async (id: number) =>
  (await tdb.db.orm.select({ v: employees.version }).from(employees).where(eq(employees.id, id)))[0]?.v ?? 0;

/** A fresh employee with a password, and an agent signed in as them. */
async function person(o: Parameters<typeof createEmployee>[1] = {}) {
  const fx = await createEmployee(tdb.db, o);
  return { fx, agent: await t.signIn(fx) };
}

describe('employees: access', () => {
  it('answers 401 anonymous and 403 to a company user and an employee acting as a company; nothing changes', async () => {
    const other = await createEmployee(tdb.db);
    const id = other.employeeId;
    const list = [
      ['GET', '/api/users', undefined],
      ['GET', '/api/users/role-options', undefined],
      ['POST', '/api/users', input()],
      ['GET', `/api/users/${id}`, undefined],
      ['PUT', `/api/users/${id}`, { phone: '1', version: 1 }],
      ['POST', `/api/users/${id}/deactivate`, { version: 1 }],
      ['POST', `/api/users/${id}/restore`, { version: 1 }],
      ['DELETE', `/api/users/${id}/sessions`, undefined],
      ['POST', `/api/users/${id}/invitation`, {}],
      ['GET', `/api/users/${id}/mobile-settings`, undefined],
      ['PUT', `/api/users/${id}/mobile-settings`, { bookHours: false, overnights: false, planner: true, version: 1 }],
    ] as const;
    for (const [method, url, body] of list) {
      expect((await anon.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await client.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
      expect((await acting.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await version(id)).toBe(1);
  });

  it("refuses another person's record to an employee without rights: 403 on staff routes, 404 where the scope hides it", async () => {
    const other = await createEmployee(tdb.db);
    const id = other.employeeId;
    for (const [method, url, body] of [
      ['GET', '/api/users', undefined],
      ['GET', '/api/users/role-options', undefined],
      ['POST', '/api/users', input()],
      ['POST', `/api/users/${id}/deactivate`, { version: 1 }],
      ['POST', `/api/users/${id}/restore`, { version: 1 }],
      ['DELETE', `/api/users/${id}/sessions`, undefined],
      ['POST', `/api/users/${id}/invitation`, {}],
      ['PUT', `/api/users/${id}/mobile-settings`, { bookHours: false, overnights: false, planner: true, version: 1 }],
    ] as const) {
      expect((await plain.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    const missing = await hr.get('/api/users/2147483000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('EMPLOYEE_NOT_FOUND');
    for (const [method, url, body] of [
      ['GET', `/api/users/${id}`, undefined],
      ['PUT', `/api/users/${id}`, { phone: '1', version: 1 }],
      ['GET', `/api/users/${id}/mobile-settings`, undefined],
    ] as const) {
      const res = await plain.request(method, url, { body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      const { requestId: _a, ...answer } = res.json();
      const { requestId: _b, ...expected } = missing.json();
      expect(answer).toEqual(expected);
    }
    expect(await version(id)).toBe(1);
  });

  it('answers 400 for bad ids, unknown fields, wrong types, NUL bytes and huge values; nothing changes', async () => {
    const other = await createEmployee(tdb.db);
    const id = other.employeeId;
    expect((await hr.get('/api/users/abc')).statusCode).toBe(400);
    expect((await hr.get('/api/users/0')).statusCode).toBe(400);
    expect((await hr.get('/api/users?tab=gone')).statusCode).toBe(400);
    expect((await hr.get('/api/users?perPage=1000')).statusCode).toBe(400);
    expect((await hr.get('/api/users?evil=1')).statusCode).toBe(400);
    for (const body of [
      { ...input(), admin: true },
      { ...input(), email: 'not an address' },
      { ...input(), firstName: '' },
      { ...input(), firstName: 'a\u0000b' },
      { ...input(), lastName: 'x'.repeat(5000) },
      { ...input(), roleId: 'one' },
      { ...input(), locale: 'fr' },
      { ...input(), privateEmail: 'nope' },
      [],
      'text',
    ]) {
      const res = await hr.post('/api/users', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    for (const body of [{ phone: '1' }, { phone: 1, version: 1 }, { version: 1, role: 3 }, { version: 0 }, { version: 'x' }]) {
      expect((await hr.put(`/api/users/${id}`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await hr.post(`/api/users/${id}/deactivate`, {})).statusCode).toBe(400);
    expect((await hr.post(`/api/users/${id}/invitation`, { resend: true })).statusCode).toBe(400);
    expect((await hr.put(`/api/users/${id}/mobile-settings`, { bookHours: 'yes', version: 1 })).statusCode).toBe(400);
    expect((await hr.delete(`/api/users/${id}/sessions?all=1`)).statusCode).toBe(400);
    expect(await version(id)).toBe(1);
  });
});

describe('employees: the list', () => {
  it('lists active and deactivated employees apart, searches name, e-mail and function, pages, and flags expiring papers', async () => {
    const tag = uniq();
    const a = await createEmployee(tdb.db, { firstName: `Anouk${tag}` });
    const b = await createEmployee(tdb.db, { firstName: `Bas${tag}` });
    const c = await createEmployee(tdb.db, { firstName: `Cor${tag}` });
    await tdb.db.orm
      .update(employees)
      .set({ lastName: 'Bakker', function: `Tekenaar${tag}` })
      .where(eq(employees.id, b.employeeId));
    await tdb.db.orm.update(employees).set({ lastName: 'Aalders' }).where(eq(employees.id, a.employeeId));
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, c.employeeId));
    // today (clock) is 2026-11-21: a VCA expiring within 30 days flags A; B's ended contract was followed by a new one.
    const [file] = await tdb.db.orm
      .insert(files)
      .values({
        storageKey: `users-${tag}`,
        originalName: 'vca.pdf',
        mime: 'application/pdf',
        size: 1,
        createdBy: hrFx.accountId,
      })
      .returning({ id: files.id });
    await tdb.db.orm
      .insert(employeeDocuments)
      .values({ employeeId: a.employeeId, fileId: file?.id ?? 0, type: 'vca', title: 'VCA', expiresOn: '2026-12-10' });
    await tdb.db.orm.insert(employeeContracts).values([
      { employeeId: b.employeeId, startsOn: '2025-01-01', endsOn: '2025-12-31', minutesPerWeek: 2400 },
      { employeeId: b.employeeId, startsOn: '2026-01-01', endsOn: null, minutesPerWeek: 2400 },
    ]);

    const res = await viewer.get(`/api/users?q=${tag}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { id: number; name: string; expiring: boolean; email: string; function: string | null }[];
    expect(rows.map((r) => r.id)).toEqual([a.employeeId, b.employeeId]);
    expect(rows[0]).toMatchObject({ email: a.email, expiring: true, deletedAt: null, role: null });
    expect(rows[1]).toMatchObject({ expiring: false, function: `Tekenaar${tag}` });

    const deleted = (await viewer.get(`/api/users?tab=deleted&q=${tag}`)).json();
    expect(deleted.data.map((r: { id: number }) => r.id)).toEqual([c.employeeId]);
    expect(deleted.data[0].deletedAt).toEqual(expect.any(String));

    const byEmail = (await viewer.get(`/api/users?q=${encodeURIComponent(b.email)}`)).json();
    expect(byEmail.data.map((r: { id: number }) => r.id)).toEqual([b.employeeId]);
    const byFunction = (await viewer.get(`/api/users?q=tekenaar${tag}`)).json();
    expect(byFunction.data.map((r: { id: number }) => r.id)).toEqual([b.employeeId]);

    const paged = (await viewer.get(`/api/users?q=${tag}&perPage=1&page=2&sort=-name`)).json();
    expect(paged.data.map((r: { id: number }) => r.id)).toEqual([a.employeeId]);
    expect(paged.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
    const past = (await viewer.get(`/api/users?q=${tag}&page=9`)).json();
    expect(past).toMatchObject({ data: [], meta: { total: 2 } });
  });

  it('gives users.manage the roles to pick', async () => {
    const res = await hr.get('/api/users/role-options');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().data[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect((await viewer.get('/api/users/role-options')).statusCode).toBe(403);
  });
});

describe('employees: creating and inviting', () => {
  it('creates an employee with an account, mails the invitation; once a password is set it says accepted and cannot be resent', async () => {
    const roleId = hrFx.roleId;
    const body = input({ roleId, locale: 'en', exactId: 'EX-1', privateEmail: 'Home@Mail.test' });
    const res = await hr.post('/api/users', body);
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json().data;
    expect(e).toMatchObject({
      firstName: 'Sanne',
      insertion: 'de',
      name: `Sanne de ${body.lastName}`,
      email: body.email.toLowerCase(),
      privateEmail: 'home@mail.test',
      phone: '+31 6 1111 2222',
      function: 'Monteur',
      supplierNumber: null,
      exactId: 'EX-1',
      role: { id: roleId },
      locale: 'en',
      invitation: 'pending',
      deletedAt: null,
      isSelf: false,
      selfService: { bookHours: true, overnights: true, planner: false },
      version: 1,
      abilities: { canEdit: true, canDeactivate: true, canResendInvitation: true, canRestore: false },
    });
    const [created0] = await auditRows(tdb.db, 'employee.created', eq(auditLog.subjectId, String(e.id)));
    expect(created0?.data).toMatchObject({ email: e.email, exactId: 'EX-1' });
    const mail = t.mailer.to(e.email).at(-1);
    expect(mail?.subject).toBe('Your account is ready');
    const a = t.agent();
    await a.csrf();
    const token = linkIn(mail?.text);
    const created = await a.post('/api/auth/create-password', { token, password: PASSWORD, password_confirmation: PASSWORD });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const after = (await hr.get(`/api/users/${e.id}`)).json().data;
    expect(after.invitation).toBe('accepted');
    expect(after.abilities).toMatchObject({
      canResendInvitation: false,
      reasons: { canResendInvitation: 'INVITATION_ACCEPTED' },
    });
    const again = await hr.post(`/api/users/${e.id}/invitation`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITATION_ACCEPTED');
  });

  it('resends a pending invitation (a new mail)', async () => {
    const e = (await hr.post('/api/users', input())).json().data;
    const before = t.mailer.to(e.email).length;
    const res = await hr.post(`/api/users/${e.id}/invitation`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(t.mailer.to(e.email).length).toBe(before + 1);
    expect(await auditRows(tdb.db, 'employee.invited')).not.toHaveLength(0);
  });

  it('answers "pending" to a create and a resend while the invitation mail job has not run yet (the profile shows it at once)', async () => {
    const jt = await startTestApp({ db: tdb.db, jobs: 'deferred' });
    try {
      const who = await jt.signIn(await createEmployee(tdb.db, { permissions: ['users.manage'] }));
      const res = await who.post('/api/users', input());
      expect(res.statusCode, res.body).toBe(201);
      const e = res.json().data;
      expect(e.invitation).toBe('pending');
      const again = await who.post(`/api/users/${e.id}/invitation`, {});
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data.invitation).toBe('pending');
      await jt.jobs?.drain();
      expect((await who.get(`/api/users/${e.id}`)).json().data.invitation).toBe('pending');
    } finally {
      await jt.close();
    }
  }, 60_000);

  it('refuses resending the invitation of a deactivated person (409 EMPLOYEE_DELETED) and says why in the abilities', async () => {
    const e = (await hr.post('/api/users', input())).json().data;
    const off = await hr.post(`/api/users/${e.id}/deactivate`, { version: e.version });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.abilities).toMatchObject({
      canResendInvitation: false,
      reasons: { canResendInvitation: 'EMPLOYEE_DELETED' },
    });
    const before = t.mailer.to(e.email).length;
    const res = await hr.post(`/api/users/${e.id}/invitation`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMPLOYEE_DELETED');
    expect(t.mailer.to(e.email).length).toBe(before);
  });

  it('refuses an e-mail address any account uses (case-insensitive) as a field error, and a role that does not exist', async () => {
    const taken = await hr.post('/api/users', input({ email: plainFx.email.toUpperCase() }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors).toEqual({ email: { code: 'email_taken' } });
    const role = await hr.post('/api/users', input({ roleId: 2147483000 }));
    expect(role.statusCode).toBe(400);
    expect(role.json().fieldErrors).toEqual({ roleId: { code: 'not_found' } });
  });

  it('refuses a non-empty exactId without the exact right (users.manage holds it; hours.manage cannot create at all)', async () => {
    const { agent } = await person({ permissions: ['users.manage'] });
    expect((await agent.post('/api/users', input({ exactId: 'E-9' }))).statusCode).toBe(201);
    expect((await viewer.post('/api/users', input())).statusCode).toBe(403);
  });
});

describe('employees: one profile and saving it', () => {
  it("shows one's own profile to anyone, and others' to whoever keeps part of a record", async () => {
    const own = await plain.get(`/api/users/${plainFx.employeeId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      isSelf: true,
      abilities: { canEdit: true, canDeactivate: false, canChangeRole: false, canEditMobile: false },
    });
    const seen = await viewer.get(`/api/users/${plainFx.employeeId}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'FORBIDDEN' } });
  });

  it('lets users.manage change every field of another person, and records what changed', async () => {
    const { fx } = await person();
    const body = {
      firstName: 'Jan',
      insertion: 'van der',
      lastName: 'Berg',
      email: `jan.${uniq()}@outfit.test`,
      privateEmail: 'jan@home.test',
      phone: '0612345678',
      function: 'Werkvoorbereider',
      supplierNumber: 'S-12',
      roleId: hrFx.roleId,
      exactId: 'X-77',
      locale: 'en',
      version: 1,
    };
    const res = await hr.put(`/api/users/${fx.employeeId}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Jan van der Berg',
      email: body.email,
      supplierNumber: 'S-12',
      exactId: 'X-77',
      role: { id: hrFx.roleId },
      locale: 'en',
      version: 2,
    });
    const [audit] = await auditRows(tdb.db, 'employee.updated');
    expect(audit?.data).toBeTruthy();
    const stale = await hr.put(`/api/users/${fx.employeeId}`, { ...body, phone: '1', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
  });

  it('refuses users.manage their own role (no lockout), but saves their other fields', async () => {
    const { fx, agent } = await person({ permissions: ['users.manage'] });
    const other = await createEmployee(tdb.db, { permissions: ['users.manage'] });
    const role = await agent.put(`/api/users/${fx.employeeId}`, { roleId: other.roleId, version: 1 });
    expect(role.statusCode).toBe(403);
    const same = await agent.put(`/api/users/${fx.employeeId}`, { roleId: fx.roleId, function: 'HR', version: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data.abilities).toMatchObject({ canChangeRole: false, reasons: { canChangeRole: 'FORBIDDEN' } });
  });

  it('lets a person change their own phone and private e-mail; any other field is 403 and nothing changes', async () => {
    const { fx, agent } = await person();
    const ok = await agent.put(`/api/users/${fx.employeeId}`, { phone: '0201234567', privateEmail: 'me@home.test', version: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ phone: '0201234567', privateEmail: 'me@home.test', version: 2 });
    const current = ok.json().data;
    // The whole form back, unchanged fields included, is fine.
    const whole = await agent.put(`/api/users/${fx.employeeId}`, {
      firstName: current.firstName,
      insertion: current.insertion ?? '',
      lastName: current.lastName,
      function: '',
      supplierNumber: '',
      exactId: '',
      roleId: null,
      locale: 'nl',
      phone: '0201111111',
      version: 2,
    });
    expect(whole.statusCode, whole.body).toBe(200);
    for (const body of [
      { firstName: 'Other' },
      { function: 'Baas' },
      { roleId: hrFx.roleId },
      { exactId: 'X' },
      { locale: 'en' },
    ]) {
      const res = await agent.put(`/api/users/${fx.employeeId}`, { ...body, version: 3 });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    expect(await version(fx.employeeId)).toBe(3);
  });

  it('lets exact.manage change only the exactId of another person', async () => {
    const { fx } = await person();
    const res = await exactOnly.put(`/api/users/${fx.employeeId}`, { exactId: 'EX-42', version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.exactId).toBe('EX-42');
    expect((await exactOnly.put(`/api/users/${fx.employeeId}`, { phone: '1', version: 2 })).statusCode).toBe(403);
    // users.manage holds the exact right too; hours.manage does not.
    expect((await viewer.put(`/api/users/${fx.employeeId}`, { exactId: 'EX-43', version: 2 })).statusCode).toBe(403);
  });

  it("S10: changing one's own e-mail needs the current password; a wrong one is refused; staff change others' without", async () => {
    const { fx, agent } = await person();
    const email = `new.${uniq()}@outfit.test`;
    const missing = await agent.put(`/api/users/${fx.employeeId}`, { email, version: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toEqual({ currentPassword: { code: 'current_password_required' } });
    const wrong = await agent.put(`/api/users/${fx.employeeId}`, { email, currentPassword: 'not it', version: 1 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ currentPassword: { code: 'password_incorrect' } });
    expect(await version(fx.employeeId)).toBe(1);
    const ok = await agent.put(`/api/users/${fx.employeeId}`, { email, currentPassword: fx.password, version: 1 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.email).toBe(email);
    const updated = await auditRows(tdb.db, 'employee.updated', eq(auditLog.subjectId, String(fx.employeeId)));
    expect(JSON.stringify(updated)).not.toContain(fx.password);
    expect(updated.at(-1)?.data).toEqual({ changed: { email } });
    // The unchanged address needs no password.
    expect((await agent.put(`/api/users/${fx.employeeId}`, { email, phone: '2', version: 2 })).statusCode).toBe(200);
    // Signing in works with the new address.
    expect((await t.agent().login(email, fx.password)).statusCode).toBe(204);
    // users.manage changes another person's address without a password.
    const other = await createEmployee(tdb.db);
    const staff = await hr.put(`/api/users/${other.employeeId}`, { email: `x.${uniq()}@outfit.test`, version: 1 });
    expect(staff.statusCode, staff.body).toBe(200);
    // …but their own address only with it.
    const own = await hr.put(`/api/users/${hrFx.employeeId}`, {
      email: `hr.${uniq()}@outfit.test`,
      version: await version(hrFx.employeeId),
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().fieldErrors.currentPassword.code).toBe('current_password_required');
  });

  it('refuses an address another account uses on save', async () => {
    const { fx } = await person();
    const res = await hr.put(`/api/users/${fx.employeeId}`, { email: plainFx.email, version: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ email: { code: 'email_taken' } });
  });
});

describe('employees: deactivating, restoring and sessions', () => {
  it('S5: deactivating ends every session of the person at once; their next request is 401; restore lets them sign in again', async () => {
    const { fx, agent } = await person();
    const second = await t.signIn(fx);
    expect((await agent.get(`/api/users/${fx.employeeId}`)).statusCode).toBe(200);
    const res = await hr.post(`/api/users/${fx.employeeId}/deactivate`, { version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      deletedAt: expect.any(String),
      version: 2,
      abilities: { canRestore: true, canDeactivate: false, canEdit: false, reasons: { canEdit: 'EMPLOYEE_DELETED' } },
    });
    expect((await agent.get(`/api/users/${fx.employeeId}`)).statusCode).toBe(401);
    expect((await second.get('/api/user/current')).statusCode).toBe(401);
    const left = await tdb.db.orm.select().from(sessions).where(eq(sessions.accountId, fx.accountId));
    expect(left).toHaveLength(0);
    const [acc] = await tdb.db.orm.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, fx.accountId));
    expect(acc?.status).toBe('disabled');
    await expect(t.agent().login(fx.email, fx.password)).rejects.toThrow();
    expect((await auditRows(tdb.db, 'employee.deactivated')).length).toBeGreaterThan(0);

    const again = await hr.post(`/api/users/${fx.employeeId}/deactivate`, { version: 2 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('EMPLOYEE_DELETED');
    const edit = await hr.put(`/api/users/${fx.employeeId}`, { phone: '1', version: 2 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('EMPLOYEE_DELETED');
    const stale = await hr.post(`/api/users/${fx.employeeId}/restore`, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');

    const restored = await hr.post(`/api/users/${fx.employeeId}/restore`, { version: 2 });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().data).toMatchObject({ deletedAt: null, version: 3 });
    expect((await t.agent().login(fx.email, fx.password)).statusCode).toBe(204);
    const notDeleted = await hr.post(`/api/users/${fx.employeeId}/restore`, { version: 3 });
    expect(notDeleted.statusCode).toBe(409);
    expect(notDeleted.json().code).toBe('EMPLOYEE_NOT_DELETED');
  });

  it('refuses deactivating oneself (409 EMPLOYEE_SELF)', async () => {
    const res = await hr.post(`/api/users/${hrFx.employeeId}/deactivate`, { version: await version(hrFx.employeeId) });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMPLOYEE_SELF');
  });

  it('S7: ends every session of one person (204); they sign in again; a missing id is 404', async () => {
    const { fx, agent } = await person();
    const res = await hr.delete(`/api/users/${fx.employeeId}/sessions`);
    expect(res.statusCode).toBe(204);
    expect((await agent.get('/api/user/current')).statusCode).toBe(401);
    expect((await t.agent().login(fx.email, fx.password)).statusCode).toBe(204);
    expect((await hr.delete('/api/users/2147483000/sessions')).statusCode).toBe(404);
    expect((await auditRows(tdb.db, 'employee.sessions_ended')).length).toBeGreaterThan(0);
  });
});

describe('employees: mobile settings', () => {
  it('shows a person their own settings read only; users.manage changes them and they apply at once', async () => {
    const { fx, agent } = await person();
    const own = await agent.get(`/api/users/${fx.employeeId}/mobile-settings`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual({
      employeeId: fx.employeeId,
      selfService: { bookHours: true, overnights: true, planner: false },
      version: 1,
      abilities: { canEdit: false, reasons: { canEdit: 'FORBIDDEN' } },
    });
    expect((await viewer.get(`/api/users/${fx.employeeId}/mobile-settings`)).statusCode).toBe(403);
    expect(
      (
        await agent.put(`/api/users/${fx.employeeId}/mobile-settings`, {
          bookHours: false,
          overnights: true,
          planner: true,
          version: 1,
        })
      ).statusCode,
    ).toBe(403);

    // Without the planner setting the planner stays closed to them.
    expect((await agent.get('/api/planner?from=2026-11-16&to=2026-11-23')).statusCode).toBe(403);
    const res = await hr.put(`/api/users/${fx.employeeId}/mobile-settings`, {
      bookHours: false,
      overnights: false,
      planner: true,
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      selfService: { bookHours: false, overnights: false, planner: true },
      version: 2,
      abilities: { canEdit: true },
    });
    const me = (await agent.get('/api/user/current')).json();
    expect(me.data.guardable.self_service).toEqual({ bookHours: false, overnights: false, planner: true });
    // The planner reads now, and still refuses changes.
    expect((await agent.get('/api/planner?from=2026-11-16&to=2026-11-23')).statusCode).toBe(200);
    expect((await agent.get('/api/planner/options')).statusCode).toBe(200);
    const write = await agent.post('/api/planner', {
      employeeId: fx.employeeId,
      projectId: 1,
      start: '2026-11-23T08:00',
      end: '2026-11-23T16:00',
      allDay: false,
      notes: '',
    });
    expect(write.statusCode).toBe(403);

    const stale = await hr.put(`/api/users/${fx.employeeId}/mobile-settings`, {
      bookHours: true,
      overnights: true,
      planner: false,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const rows = await auditRows(tdb.db, 'employee.mobile_settings_updated');
    expect(rows.at(-1)?.data).toEqual({ bookHours: false, overnights: false, planner: true });
  });

  it('refuses mobile settings of a deactivated person (409 EMPLOYEE_DELETED)', async () => {
    const { fx } = await person();
    await tdb.db.orm
      .update(employees)
      .set({ deletedAt: new Date() })
      .where(and(eq(employees.id, fx.employeeId)));
    const res = await hr.put(`/api/users/${fx.employeeId}/mobile-settings`, {
      bookHours: true,
      overnights: true,
      planner: true,
      version: 1,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMPLOYEE_DELETED');
  });
});
