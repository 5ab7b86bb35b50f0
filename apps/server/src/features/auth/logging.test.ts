import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { loggerOptions } from '../../platform/logger';
import { scrubUrl } from '../../platform/scrub';

let tdb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  tdb = await createTestDatabase();
  // trace: whatever the app might log below info is captured too.
  t = await startTestApp({ db: tdb.db, env: { LOG_LEVEL: 'trace' } });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

type Line = Record<string, unknown> & { level: number; msg?: string; event?: string };
const lines = (app: TestApp = t): Line[] =>
  app.logs.flatMap((chunk) => chunk.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Line);

/** Remembers every cookie value a browser was ever given. */
function tracker() {
  const seen = new Set<string>();
  const track = async <T>(a: Agent, p: Promise<T>): Promise<T> => {
    const r = await p;
    for (const v of a.cookies.values()) if (v) seen.add(v);
    return r;
  };
  return { seen, track };
}

describe('log content (L1, L2)', () => {
  it('L1: each request leaves one JSON line in UTC with request id, account, company, acting employee, route and status', async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id);
    const emp = await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] });
    const c = t.agent();
    await c.login(client.email, client.password);
    await c.get('/api/user/current');
    const e = t.agent();
    await e.login(emp.email, emp.password);
    e.actingAs = company.id;
    await e.get('/api/user/current');

    const done = lines().filter((l) => l.msg === 'request completed' && l.route === '/api/user/current');
    const mine = done.find((l) => l.accountId === client.accountId);
    expect(mine).toMatchObject({ method: 'GET', status: 200, companyId: company.id, actingEmployeeAccountId: null });
    expect(mine?.reqId).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
    expect(String(mine?.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const acting = done.find((l) => l.actingEmployeeAccountId === emp.accountId);
    expect(acting).toMatchObject({ accountId: emp.accountId, companyId: company.id, status: 200 });
  });

  it('L2: logins, failures, throttling, logout, reset requested and used, and CSRF refusals are logged as events', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent({ ip: '10.30.0.1' });
    await a.csrf();
    for (let i = 0; i < 6; i++) await a.post('/login', { email: emp.email, password: 'wrong-password-l2' });
    const b = t.agent({ ip: '10.30.0.2' });
    await b.login(emp.email, emp.password);
    await b.post('/logout');
    await b.post('/logout', undefined, { csrf: false });
    await b.post('/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    await b.post('/api/auth/forgot-password', { email: emp.email });
    const token = /#token=([\w-]+)/.exec(t.mailer.to(emp.email)[0]?.text ?? '')?.[1] ?? '';
    await b.post('/api/auth/reset-password', {
      token,
      password: 'l2-new-long-passphrase',
      password_confirmation: 'l2-new-long-passphrase',
    });

    const events = lines().filter((l) => typeof l.event === 'string');
    const forAccount = (event: string) => events.filter((l) => l.event === event && l.accountId === emp.accountId);
    expect(forAccount('login.failed')).toHaveLength(5);
    expect(forAccount('login.ok')).toHaveLength(1);
    expect(forAccount('logout')).toHaveLength(1);
    expect(forAccount('password-reset.requested')).toHaveLength(1);
    expect(forAccount('password-reset.used')).toHaveLength(1);
    for (const e of ['login.throttled', 'csrf.mismatch', 'csrf.cross-site'])
      expect(
        events.some((l) => l.event === e),
        e,
      ).toBe(true);
    for (const l of events) expect(l.reqId, String(l.event)).toEqual(expect.any(String));
  });
});

describe('never logged (L3)', () => {
  it('L3: after a login/logout/change/reset sequence no log line holds a password, a session id, an XSRF token or a reset token', async () => {
    const emp = await createEmployee(tdb.db);
    const passwords = [emp.password, 'Canary-Wrong-Pass-1', 'Canary-Changed-Pass-2', 'Canary-Reset-Pass-3', 'Canary-Short'];
    const { seen, track } = tracker();
    const a = t.agent({ ip: '10.31.0.1' });
    const other = t.agent({ ip: '10.31.0.2' });
    await track(a, a.csrf());
    await track(a, a.post('/login', { email: emp.email, password: passwords[1] }));
    await track(a, a.post('/login', { email: 'not-an-email', password: passwords[4] }));
    await track(a, a.post('/login', { email: emp.email, password: emp.password }));
    await track(other, other.login(emp.email, emp.password));
    await track(a, a.get('/api/user/current'));
    await track(a, a.patch('/api/locale', { locale: 'en' }));
    await track(
      a,
      a.patch('/api/user/password', {
        current_password: passwords[1],
        password: passwords[2],
        password_confirmation: passwords[2],
      }),
    );
    await track(
      a,
      a.patch('/api/user/password', {
        current_password: emp.password,
        password: passwords[2],
        password_confirmation: passwords[2],
      }),
    );
    await track(a, a.post('/logout'));
    await track(other, other.get('/api/user/current'));
    await track(a, a.post('/login', { email: emp.email, password: passwords[2] }));
    await track(a, a.post('/logout', undefined, { headers: { 'x-xsrf-token': 'Canary-Forged-Xsrf-Token' }, csrf: false }));
    await track(a, a.post('/api/auth/forgot-password', { email: emp.email }));
    const token = /#token=([\w-]+)/.exec(t.mailer.to(emp.email).at(-1)?.text ?? '')?.[1];
    expect(token).toBeDefined();
    await track(a, a.post('/api/auth/check-token', { token, kind: 'reset' }));
    await track(a, a.post('/api/auth/reset-password', { token, password: passwords[4], password_confirmation: passwords[4] }));
    await track(a, a.post('/api/auth/reset-password', { token, password: passwords[3], password_confirmation: passwords[3] }));
    await track(a, a.post('/login', { email: emp.email, password: passwords[3] }));
    await track(a, a.get(`/api/locale?token=${token}&password=${passwords[3]}`));
    await track(a, a.post('/logout'));

    expect(seen.size).toBeGreaterThanOrEqual(10);
    const text = t.logText();
    expect(text).toContain('password-reset.used');
    for (const secret of [...passwords, ...seen, token ?? '', 'Canary-Forged-Xsrf-Token']) {
      expect(text.includes(secret), `leaked ${secret.slice(0, 12)}…`).toBe(false);
    }
  });

  it('L3: the logger redacts secrets by key and the URL scrubber removes secret query values', () => {
    const out: string[] = [];
    const log = pino(
      loggerOptions({ logLevel: 'trace' }) as pino.LoggerOptions,
      new Writable({
        write(chunk, _e, cb) {
          out.push(String(chunk));
          cb();
        },
      }),
    );
    log.info({ password: 'Secret-1', token: 'Secret-2', body: { password: 'Secret-3', token: 'Secret-4' } }, 'x');
    log.info({ req: { method: 'GET', url: '/a?token=Secret-5&page=2', headers: { cookie: 'sid=Secret-6' } } }, 'y');
    const text = out.join('');
    for (let i = 1; i <= 6; i++) expect(text).not.toContain(`Secret-${i}`);
    expect(text).toContain('[redacted]');
    expect(text).toContain('page=2');
  });

  it.each([
    ['/auth/new-password#token=abc123', '/auth/new-password'],
    ['http://localhost:3000/auth/create-password#token=abc123', 'http://localhost:3000/auth/create-password'],
    ['/x#token=abc123?foo=1', '/x'],
    ['https://h.test/a?token=abc123#token=def456', 'https://h.test/a?token=redacted'],
    ['/a?page=2&email=a%40b.test', '/a?page=2&email=redacted'],
    ['/a?TOKEN=abc123', '/a?TOKEN=redacted'],
    ['/a?%74oken=abc123', '/a?token=redacted'],
    ['/a?q=1&sort=name', '/a?q=1&sort=name'],
    ['/a?page=2&Api_Key=abc123', '/a?page=2&Api_Key=redacted'],
    ['/a?page=2&sid=abc123+x', '/a?page=2&sid=redacted'],
    ['/a?\u212Aey=abc123&page=2', '/a?%E2%84%AAey=redacted&page=2'],
    ['/a?keys=1&tokens=2', '/a?keys=1&tokens=2'],
    ['/a#section', '/a'],
    ['/a', '/a'],
  ])('L3, A11: scrubUrl(%s) is %s', (input, expected) => {
    expect(scrubUrl(input)).toBe(expected);
    expect(scrubUrl(input)).not.toContain('abc123');
  });
});

describe('forged log lines (L4)', () => {
  const evil = 'x\n{"level":60,"msg":"forged"}\r\n';

  const expectOneLinePerEntry = (chunks: string[]) => {
    for (const chunk of chunks) {
      expect(chunk.endsWith('\n')).toBe(true);
      expect(chunk.slice(0, -1)).not.toMatch(/[\r\n]/);
      const line = JSON.parse(chunk) as Line;
      expect(line.level).not.toBe(60);
      expect(line.msg).not.toBe('forged');
    }
  };

  it('L4: a user name, e-mail or path holding CR/LF and JSON stays inside one log line', async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id);
    await tdb.db.raw.query('UPDATE company_users SET first_name = $1 WHERE id = $2', [evil, client.companyUserId]);
    const before = t.logs.length;
    const a = t.agent({ headers: { 'user-agent': 'ua {"level":60}' } });
    await a.csrf();
    await a.post('/login', { email: `eve${evil}@example.test`, password: evil });
    await a.post('/login', { email: 'eve@example.test', password: evil });
    await a.post('/api/auth/forgot-password', { email: `${evil}@example.test` });
    await a.login(client.email, client.password);
    await a.get('/api/user/current');
    await a.post('/api/auth/forgot-password', { email: client.email });
    const raw = await t.app.inject({ method: 'GET', url: `/api/x${evil}`, headers: { cookie: a.cookieHeader() } });
    expect(raw.statusCode).toBeLessThan(500);
    await t.app.inject({ method: 'GET', url: `/api/locale?q=${encodeURIComponent(evil)}` });
    const chunks = t.logs.slice(before);
    expect(chunks.length).toBeGreaterThan(5);
    expectOneLinePerEntry(chunks);
  });

  it('L4: the logger escapes control characters in messages and fields', () => {
    const out: string[] = [];
    const log = pino(
      loggerOptions({ logLevel: 'info' }) as pino.LoggerOptions,
      new Writable({
        write(chunk, _e, cb) {
          out.push(String(chunk));
          cb();
        },
      }),
    );
    log.info({ email: evil, nested: { name: evil } }, evil);
    log.warn({ [evil]: 1 }, 'key');
    expect(out).toHaveLength(2);
    expectOneLinePerEntry(out);
    expect(JSON.parse(out[0] ?? '{}').email).toBe(evil);
  });
});
