import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';

let tdb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 and sets an HttpOnly session cookie and a readable XSRF-TOKEN (S8, S9)', async () => {
    const a = t.agent();
    const res = await a.get('/sanctum/csrf-cookie');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
    const sid = cookies.find((c) => c.name === 'sid');
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(sid?.httpOnly).toBe(true);
    expect(sid?.sameSite).toBe('Lax');
    expect(sid?.path).toBe('/');
    expect(xsrf?.httpOnly).toBeFalsy();
    expect(xsrf?.sameSite).toBe('Lax');
  });
});

describe('POST /login', () => {
  it('signs an employee in and rotates the session id; the old id is then worthless (S2)', async () => {
    const emp = await createEmployee(tdb.db, { permissions: ['projects.view'] });
    const a = t.agent();
    await a.csrf();
    const before = a.cookies.get('sid');
    await a.login(emp.email, emp.password);
    const after = a.cookies.get('sid');
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    const me = await a.get('/api/user/current');
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body.data.guardable_type).toBe('employee');
    expect(body.data.email).toBe(emp.email);
    expect(body.permissions).toEqual(['projects.view']);
    expect(body.role.slug).toMatch(/^role-/);

    const old = t.agent();
    old.cookies.set('sid', before ?? '');
    expect((await old.get('/api/user/current')).statusCode).toBe(401);
  });

  it('answers one generic 422 for an unknown address, a wrong password and a disabled account (A1)', async () => {
    const emp = await createEmployee(tdb.db);
    const disabled = await createEmployee(tdb.db, { status: 'disabled' });
    const bodies = [];
    for (const [email, password] of [
      ['nobody@example.test', 'whatever-password'],
      [emp.email, 'wrong-password-here'],
      [disabled.email, disabled.password],
    ] as const) {
      const a = t.agent({ ip: `10.9.0.${bodies.length + 1}` });
      await a.csrf();
      const res = await a.post('/login', { email, password });
      expect(res.statusCode).toBe(422);
      const { requestId: _r, ...rest } = res.json();
      bodies.push(rest);
    }
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(bodies[0].code).toBe('LOGIN_FAILED');
  });

  it('refuses a login without the CSRF token with 419 (C1)', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.csrf();
    const res = await a.post('/login', { email: emp.email, password: emp.password }, { csrf: false });
    expect(res.statusCode).toBe(419);
    expect(res.json().code).toBe('CSRF_TOKEN_MISMATCH');
  });

  it('answers 400 with fieldErrors for a malformed body', async () => {
    const a = t.agent();
    await a.csrf();
    const res = await a.post('/login', { email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({ email: { code: 'invalid_email' }, password: { code: 'required' } });
  });

  it('signs a company user in with the company on the guardable', async () => {
    const company = await createCompany(tdb.db, { name: 'Seaside Hotels' });
    const client = await createClient(tdb.db, company.id);
    const a = t.agent();
    await a.login(client.email, client.password);
    const body = (await a.get('/api/user/current')).json();
    expect(body.data.guardable_type).toBe('client');
    expect(body.data.guardable.company_id).toBe(company.id);
    expect(body.data.guardable.company.name).toBe('Seaside Hotels');
    expect(body.data.first_login).toBe(true);
    expect(body.permissions).toEqual([]);
    expect(body.role).toBeNull();
  });
});

describe('POST /logout', () => {
  it('ends the session, hands out a fresh XSRF token, and login works again without a new csrf-cookie (S3, C4)', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const sid = a.cookies.get('sid');
    const token = a.xsrf;
    const out = await a.post('/logout');
    expect(out.statusCode).toBe(204);
    expect(a.xsrf).not.toBe(token);
    expect((await a.get('/api/user/current')).statusCode).toBe(401);
    const stale = t.agent();
    stale.cookies.set('sid', sid ?? '');
    expect((await stale.get('/api/user/current')).statusCode).toBe(401);
    await a.login(emp.email, emp.password);
    expect((await a.get('/api/user/current')).statusCode).toBe(200);
  });
});

describe('GET /api/user/current', () => {
  it('answers 401 without a session', async () => {
    const res = await t.agent().get('/api/user/current');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
