import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee, TEST_PASSWORD } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { sha256 } from '../../platform/crypto';

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

const one = async <T>(sql: string, params: unknown[]) => (await tdb.db.raw.query<T>(sql, params))[0];
const sessionCount = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM sessions', []))?.n ?? -1;
const passwordHashOf = async (accountId: number) =>
  (await one<{ h: string }>('SELECT password_hash AS h FROM accounts WHERE id = $1', [accountId]))?.h;
const me = async (a: Agent) => (await a.get('/api/user/current')).statusCode;

const pageView = {
  event_type: 'page_view',
  url: 'http://localhost:3000/',
  metadata: {
    route_name: 'home',
    path: '/',
    params: {},
    query: {},
    referrer: null,
    timestamp: '2026-11-21T09:00:00Z',
    user_agent: 'test',
    screen_resolution: '1920x1080',
    viewport_size: '1280x720',
    language: 'nl',
  },
};

describe('unsafe requests without the token (C1)', () => {
  interface Row {
    method: 'POST' | 'PATCH';
    url: string;
    body: (emp: { email: string; password: string }) => unknown;
    /** Proves the refused request changed nothing. */
    unchanged: (ctx: { agent: Agent; accountId: number; before: string | undefined }) => Promise<void>;
  }
  const table: Row[] = [
    {
      method: 'POST',
      url: '/login',
      body: (e) => ({ email: e.email, password: e.password }),
      unchanged: async ({ agent }) => {
        // Still the same signed-in person (the employee) and no rotation happened.
        expect(await me(agent)).toBe(200);
      },
    },
    {
      method: 'POST',
      url: '/logout',
      body: () => undefined,
      unchanged: async ({ agent }) => expect(await me(agent)).toBe(200),
    },
    {
      method: 'PATCH',
      url: '/api/locale',
      body: () => ({ locale: 'en' }),
      unchanged: async ({ agent, accountId }) => {
        expect((await agent.get('/api/locale')).json().locale).toBe('nl');
        expect((await one<{ l: string }>('SELECT locale AS l FROM accounts WHERE id = $1', [accountId]))?.l).toBe('nl');
      },
    },
    {
      method: 'POST',
      url: '/api/science',
      body: () => pageView,
      unchanged: async () => {},
    },
    {
      method: 'POST',
      url: '/api/auth/forgot-password',
      body: (e) => ({ email: e.email }),
      unchanged: async () => expect(t.mailer.sent).toHaveLength(0),
    },
    {
      method: 'PATCH',
      url: '/api/user/password',
      body: (e) => ({
        current_password: e.password,
        password: 'another-long-passphrase',
        password_confirmation: 'another-long-passphrase',
      }),
      unchanged: async ({ accountId, before }) => expect(await passwordHashOf(accountId)).toBe(before),
    },
  ];

  for (const row of table) {
    it(`C1: ${row.method} ${row.url} without X-XSRF-TOKEN answers 419 and changes nothing`, async () => {
      const emp = await createEmployee(tdb.db);
      const agent = t.agent();
      await agent.login(emp.email, emp.password);
      const before = await passwordHashOf(emp.accountId);
      const res = await agent.request(row.method, row.url, { body: row.body(emp), csrf: false });
      expect(res.statusCode).toBe(419);
      expect(res.json()).toMatchObject({ code: 'CSRF_TOKEN_MISMATCH' });
      await row.unchanged({ agent, accountId: emp.accountId, before });

      // Without any session at all it is a 419 too (not a 401 that would reveal the route's access).
      const stranger = t.agent();
      const res2 = await stranger.request(row.method, row.url, { body: row.body(emp) });
      expect(res2.statusCode).toBe(419);
    });
  }

  it('C1: every unsafe route the app registers refuses a signed-in admin without the token with 419', async () => {
    const admin = await createEmployee(tdb.db, { admin: true });
    const agent = t.agent();
    await agent.login(admin.email, admin.password);
    const unsafe = t.app.routeTable.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(unsafe.length).toBeGreaterThanOrEqual(10);
    const seen = new Set<string>();
    for (const r of unsafe) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1').replace(/\*/g, 'x');
      const res = await agent.request(r.method, url, { body: {}, csrf: false });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(419);
      seen.add(`${r.method} ${r.url}`);
    }
    for (const must of ['POST /login', 'POST /logout', 'PATCH /api/locale', 'POST /api/science', 'PATCH /api/user/password']) {
      expect(seen.has(must), must).toBe(true);
    }
    expect(await me(agent)).toBe(200);
  });

  it('C1: the alternative X-CSRF-TOKEN header with the right token is accepted', async () => {
    const agent = t.agent();
    await agent.csrf();
    const res = await agent.patch(
      '/api/locale',
      { locale: 'en' },
      { csrf: false, headers: { 'x-csrf-token': agent.xsrf ?? '' } },
    );
    expect(res.statusCode).toBe(204);
  });
});

describe('tokens that are not the session token (C2, C3)', () => {
  it('C2: a cookie equal to the header but not the session token is refused (no naive double submit)', async () => {
    const emp = await createEmployee(tdb.db);
    const agent = t.agent();
    await agent.login(emp.email, emp.password);
    const forged = 'A'.repeat(43);
    agent.cookies.set('XSRF-TOKEN', forged);
    const res = await agent.post('/logout', undefined, { csrf: false, headers: { 'x-xsrf-token': forged } });
    expect(res.statusCode).toBe(419);
    expect(await me(agent)).toBe(200);
  });

  it("C2: another live session's token is refused", async () => {
    const emp = await createEmployee(tdb.db);
    const victim = t.agent();
    await victim.login(emp.email, emp.password);
    const attacker = t.agent();
    await attacker.csrf();
    const res = await victim.post('/logout', undefined, { csrf: false, headers: { 'x-xsrf-token': attacker.xsrf ?? '' } });
    expect(res.statusCode).toBe(419);
    expect(await me(victim)).toBe(200);
  });

  it('C3: tokens of odd shapes and types answer 419, never 5xx', async () => {
    const emp = await createEmployee(tdb.db);
    const agent = t.agent();
    await agent.login(emp.email, emp.password);
    const real = agent.xsrf ?? '';
    const shapes = [
      '123',
      '["a"]',
      '{"a":1}',
      '',
      ' ',
      'null',
      'undefined',
      'true',
      '0',
      `${real} `,
      ` ${real}`,
      real.toUpperCase(),
      `${real}=`,
      real.slice(1),
      `${real}${real}`,
      'x'.repeat(10_000),
      `[${JSON.stringify(real)}]`,
    ];
    for (const token of shapes) {
      const res = await agent.patch('/api/locale', { locale: 'en' }, { csrf: false, headers: { 'x-xsrf-token': token } });
      expect(res.statusCode, JSON.stringify(token.slice(0, 40))).toBe(419);
    }
    // A repeated header (an array) and a token in the JSON body instead of the header.
    const cookie = agent.cookieHeader();
    const twice = await t.app.inject({
      method: 'PATCH',
      url: '/api/locale',
      headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': [real, real] },
      payload: JSON.stringify({ locale: 'en' }),
    });
    expect(twice.statusCode).toBe(419);
    const inBody = await agent.patch('/api/locale', { locale: 'en', _token: real }, { csrf: false });
    expect(inBody.statusCode).toBe(419);
    expect((await agent.get('/api/locale')).json().locale).toBe('nl');
  });
});

describe('fresh tokens at login and logout (C4)', () => {
  it('C4: login hands out a new XSRF token and the pre-login token stops working', async () => {
    const emp = await createEmployee(tdb.db);
    const agent = t.agent();
    await agent.csrf();
    const anonymousToken = agent.xsrf;
    await agent.login(emp.email, emp.password);
    expect(agent.xsrf).toBeDefined();
    expect(agent.xsrf).not.toBe(anonymousToken);
    const stale = await agent.patch(
      '/api/locale',
      { locale: 'en' },
      { csrf: false, headers: { 'x-xsrf-token': anonymousToken ?? '' } },
    );
    expect(stale.statusCode).toBe(419);
    expect((await agent.patch('/api/locale', { locale: 'en' })).statusCode).toBe(204);
  });

  it('C4: login, logout, login and logout again as a company user without refetching the csrf-cookie', async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id);
    const agent = t.agent();
    await agent.csrf();
    for (let i = 0; i < 2; i++) {
      expect((await agent.post('/login', { email: client.email, password: TEST_PASSWORD })).statusCode).toBe(204);
      expect(await me(agent)).toBe(200);
      expect((await agent.post('/logout')).statusCode).toBe(204);
      expect(await me(agent)).toBe(401);
    }
  });
});

describe('safe methods (C5)', () => {
  it('C5: GET /api/locale and other reads without a session create no session row', async () => {
    const before = await sessionCount();
    const agent = t.agent();
    for (const url of ['/api/locale', '/api/user/current', '/api/health', '/auth/login', '/']) await agent.get(url);
    await agent.request('HEAD', '/api/locale');
    await agent.request('OPTIONS', '/api/locale');
    expect(agent.cookies.size).toBe(0);
    expect(await sessionCount()).toBe(before);
  });

  it('C5: GET on the write routes neither logs out nor logs in nor changes the locale', async () => {
    const emp = await createEmployee(tdb.db);
    const agent = t.agent();
    await agent.login(emp.email, emp.password);
    const sid = agent.cookies.get('sid');
    for (const url of [
      '/logout',
      '/login',
      '/api/user/password',
      '/api/client/disable-first-login',
      '/api/auth/forgot-password',
    ]) {
      const res = await agent.get(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    expect((await agent.get('/api/locale?locale=en')).statusCode).toBe(400);
    expect(agent.cookies.get('sid')).toBe(sid);
    expect(await me(agent)).toBe(200);
    expect((await agent.get('/api/locale')).json().locale).toBe('nl');
    expect(t.mailer.to(emp.email)).toHaveLength(0);
  });
});

describe('fetch metadata (C8)', () => {
  it('C8: an unsafe request marked Sec-Fetch-Site: cross-site is refused with 403 even with a valid token', async () => {
    const emp = await createEmployee(tdb.db);
    const agent = t.agent();
    await agent.login(emp.email, emp.password);
    const sid = agent.cookies.get('sid');
    const logout = await agent.post('/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(logout.statusCode).toBe(403);
    expect(logout.json().code).toBe('CROSS_SITE_REQUEST');
    expect(agent.cookies.get('sid')).toBe(sid);
    expect(await me(agent)).toBe(200);
    const locale = await agent.patch('/api/locale', { locale: 'en' }, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(locale.statusCode).toBe(403);
    expect((await agent.get('/api/locale')).json().locale).toBe('nl');

    const fresh = t.agent();
    await fresh.csrf();
    const login = await fresh.post(
      '/login',
      { email: emp.email, password: emp.password },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(login.statusCode).toBe(403);
    expect(await me(fresh)).toBe(401);
  });

  it('C8: same-origin, same-site and none pass on to the token check; a cross-site GET is still served', async () => {
    const agent = t.agent();
    await agent.csrf();
    for (const site of ['same-origin', 'same-site', 'none']) {
      expect((await agent.patch('/api/locale', { locale: 'en' }, { headers: { 'sec-fetch-site': site } })).statusCode).toBe(204);
      expect(
        (await agent.patch('/api/locale', { locale: 'en' }, { csrf: false, headers: { 'sec-fetch-site': site } })).statusCode,
      ).toBe(419);
    }
    expect((await agent.get('/api/locale', { headers: { 'sec-fetch-site': 'cross-site' } })).statusCode).toBe(200);
    const row = await one<{ locale: string }>('SELECT locale FROM sessions WHERE id = $1', [
      sha256(agent.cookies.get('sid') ?? ''),
    ]);
    expect(row?.locale).toBe('en');
  });
});
