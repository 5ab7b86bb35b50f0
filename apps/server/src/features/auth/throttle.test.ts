import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { startSecondApp } from '../../../test/helpers/second-app';
import { MINUTE } from '../../platform/clock';

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

const WRONG = 'not-the-password-1';

const limitRow = async (key: string) =>
  (
    await tdb.db.raw.query<{ count: number; reset_at: Date }>('SELECT count, reset_at FROM rate_limits WHERE key = $1', [key])
  )[0] ?? null;

/** An agent with its own anonymous session, from one IP. */
async function browser(app: TestApp, ip: string, headers?: Record<string, string>): Promise<Agent> {
  const a = app.agent({ ip, ...(headers ? { headers } : {}) });
  await a.csrf();
  return a;
}

const attempt = (a: Agent, email: string, password: string) => a.post('/login', { email, password });

describe('per (email, IP) throttle (A2)', () => {
  it('A2: the 6th attempt within a minute gets 429 with Retry-After, even with the right password; after the window the login works and the counter is cleared', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await browser(t, '10.2.0.1');
    for (let i = 0; i < 5; i++) expect((await attempt(a, emp.email, WRONG)).statusCode).toBe(422);

    const sixth = await attempt(a, emp.email, WRONG);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('LOGIN_THROTTLED');
    const retry = Number(sixth.headers['retry-after']);
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(sixth.json().details.retryAfter).toBe(retry);

    const right = await attempt(a, emp.email, emp.password);
    expect(right.statusCode).toBe(429);
    expect((await a.get('/api/user/current')).statusCode).toBe(401);

    // Another IP, and the same IP for another address, are not throttled.
    const elsewhere = await browser(t, '10.2.0.2');
    expect((await attempt(elsewhere, emp.email, WRONG)).statusCode).toBe(422);
    const other = await createEmployee(tdb.db);
    expect((await attempt(a, other.email, WRONG)).statusCode).toBe(422);

    t.clock.advance(61_000);
    expect((await attempt(a, emp.email, emp.password)).statusCode).toBe(204);
    expect((await a.get('/api/user/current')).statusCode).toBe(200);
    expect(await limitRow(`login:${emp.email}|10.2.0.1`)).toBeNull();
  });

  it('A2: a successful login clears the counter, so five more failures are allowed', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await browser(t, '10.2.1.1');
    for (let i = 0; i < 4; i++) expect((await attempt(a, emp.email, WRONG)).statusCode).toBe(422);
    expect((await attempt(a, emp.email, emp.password)).statusCode).toBe(204);
    expect(await limitRow(`login:${emp.email}|10.2.1.1`)).toBeNull();
    expect((await a.post('/logout')).statusCode).toBe(204);
    for (let i = 0; i < 5; i++) expect((await attempt(a, emp.email, WRONG)).statusCode).toBe(422);
    expect((await attempt(a, emp.email, WRONG)).statusCode).toBe(429);
  });

  it('A2: the key is the lower-cased address: mixing the case of the address does not buy more attempts', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await browser(t, '10.2.2.1');
    const variants = [emp.email, emp.email.toUpperCase(), `  ${emp.email}`, emp.email.replace(/^e/, 'E'), emp.email];
    for (const v of variants) expect((await attempt(a, v, WRONG)).statusCode).toBe(422);
    expect((await attempt(a, emp.email.toUpperCase(), emp.password)).statusCode).toBe(429);
  });

  it('A2: parallel attempts cannot slip past the limit: of 12 at once exactly 5 are checked', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await browser(t, '10.2.3.1');
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(a, emp.email, WRONG)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 422)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
  });

  it('A2: the counter is shared by two app instances: failures alternating between them hit the limit at the 6th', async () => {
    const t2 = await startSecondApp(tdb, t);
    try {
      const emp = await createEmployee(tdb.db);
      const a1 = await browser(t, '10.2.4.1');
      const a2 = a1.via(t2);
      for (let i = 0; i < 5; i++) expect((await attempt(i % 2 ? a2 : a1, emp.email, WRONG)).statusCode).toBe(422);
      const on2 = await attempt(a2, emp.email, emp.password);
      expect(on2.statusCode).toBe(429);
      expect(on2.headers['retry-after']).toBeDefined();
      expect((await attempt(a1, emp.email, emp.password)).statusCode).toBe(429);
      t.clock.advance(61_000);
      expect((await attempt(a2, emp.email, emp.password)).statusCode).toBe(204);
      expect((await a1.get('/api/user/current')).statusCode).toBe(200);
    } finally {
      await t2.close();
    }
  });
});

describe('per account throttle (A3)', () => {
  it('A3: after 100 failures in an hour from 100 addresses, the 101st attempt from a new address is 429; an hour later it works (no permanent lockout)', async () => {
    const emp = await createEmployee(tdb.db);
    const base = await browser(t, '10.3.0.1');
    // One session, 100 client addresses: ctx.ip comes from the connection, not from the session.
    // Ten at a time (the count is one atomic upsert, so parallel attempts are counted exactly).
    for (let batch = 0; batch < 10; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          attempt(new Agent(t.app, { ip: `10.3.${batch}.${i + 1}` }, base.cookies), emp.email, WRONG),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(422));
    }
    expect((await limitRow(`login-account:${emp.email}`))?.count).toBe(100);

    const fresh = new Agent(t.app, { ip: '10.3.99.1' }, base.cookies);
    const blocked = await attempt(fresh, emp.email, emp.password);
    expect(blocked.statusCode).toBe(429);
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(50 * 60);
    expect(retry).toBeLessThanOrEqual(60 * 60);

    t.clock.advance(61 * MINUTE);
    await fresh.csrf(); // the anonymous session idled out meanwhile
    expect((await attempt(fresh, emp.email, emp.password)).statusCode).toBe(204);
  });

  it('A3: a successful login does not count as a failure of the account', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await browser(t, '10.3.100.1');
    for (let i = 0; i < 3; i++) await attempt(a, emp.email, WRONG);
    expect((await attempt(a, emp.email, emp.password)).statusCode).toBe(204);
    expect((await limitRow(`login-account:${emp.email}`))?.count).toBe(3);
  });
});

describe('per client address throttle (A3b)', () => {
  it('A3b: 50 failed sign-ins from one address, each for another e-mail, are allowed; the 51st is 429 with Retry-After, also for a right password', async () => {
    const ip = '10.5.0.1';
    const base = await browser(t, ip);
    const emp = await createEmployee(tdb.db);
    // A password spray: one attempt per address, so neither the per-(email, IP) nor the per-account limit helps.
    // Ten at a time, each for its own e-mail.
    for (let batch = 0; batch < 5; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => attempt(base, `sprayed-${batch}-${i}@example.test`, WRONG)),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(422));
    }
    const blocked = await attempt(base, 'sprayed-51@example.test', WRONG);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('LOGIN_THROTTLED');
    expect(blocked.json().message).not.toBe('LOGIN_THROTTLED');
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().details.retryAfter).toBe(retry);
    // The address is blocked for everyone behind it, also with the right password; the account is not locked.
    expect((await attempt(base, emp.email, emp.password)).statusCode).toBe(429);
    const elsewhere = await browser(t, '10.5.0.2');
    expect((await attempt(elsewhere, emp.email, emp.password)).statusCode).toBe(204);

    t.clock.advance(15 * MINUTE + 1000);
    await base.csrf();
    expect((await attempt(base, emp.email, emp.password)).statusCode).toBe(204);
  });

  it('A3b: successful sign-ins do not count, and attempts refused by another limit do not use up the address', async () => {
    const ip = '10.5.1.1';
    const a = await browser(t, ip);
    const emp = await createEmployee(tdb.db);
    // A colleague hammering one address is stopped at 5 by A2; the other 20 attempts are not failures of the office.
    for (let i = 0; i < 25; i++) await attempt(a, 'one-person@example.test', WRONG);
    expect((await limitRow(`login-ip:${ip}`))?.count).toBe(5);
    for (let i = 0; i < 10; i++) {
      const b = await browser(t, ip);
      expect((await attempt(b, emp.email, emp.password)).statusCode).toBe(204);
    }
    expect((await limitRow(`login-ip:${ip}`))?.count).toBe(5);
  });

  it('A3b: the count is shared by two app instances', async () => {
    const t2 = await startSecondApp(tdb, t);
    try {
      const a1 = await browser(t, '10.5.2.1');
      const a2 = a1.via(t2);
      for (let i = 0; i < 50; i++) {
        expect((await attempt(i % 2 ? a2 : a1, `spray-two-${i}@example.test`, WRONG)).statusCode).toBe(422);
      }
      const on2 = await attempt(a2, 'spray-two-x@example.test', WRONG);
      expect(on2.statusCode).toBe(429);
      expect(on2.headers['retry-after']).toBeDefined();
      expect((await attempt(a1, 'spray-two-y@example.test', WRONG)).statusCode).toBe(429);
    } finally {
      await t2.close();
    }
  });

  it('A3b, A4: behind a trusted proxy the limit is per forwarded client, and a direct peer cannot pick its key', async () => {
    const proxied = await startTestApp({ db: tdb.db, clock: t.clock, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const viaProxy = await browser(proxied, '127.0.0.1');
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 50; i++) {
        const res = await viaProxy.post('/login', { email: `p-${i}@example.test`, password: WRONG }, from('203.0.113.50'));
        expect(res.statusCode).toBe(422);
      }
      expect(
        (await viaProxy.post('/login', { email: 'p-x@example.test', password: WRONG }, from('203.0.113.50'))).statusCode,
      ).toBe(429);
      // Another office behind the same proxy is not throttled.
      expect(
        (await viaProxy.post('/login', { email: 'p-x@example.test', password: WRONG }, from('203.0.113.51'))).statusCode,
      ).toBe(422);
      expect(await limitRow('login-ip:127.0.0.1')).toBeNull();
    } finally {
      await proxied.close();
    }
  });
});

describe('client address for the limits (A4)', () => {
  it('A4: with TRUST_PROXY unset a forged X-Forwarded-For does not change the throttle key', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await browser(t, '10.4.0.1');
    for (let i = 0; i < 5; i++) {
      const res = await a.post(
        '/login',
        { email: emp.email, password: WRONG },
        { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } },
      );
      expect(res.statusCode).toBe(422);
    }
    const res = await a.post(
      '/login',
      { email: emp.email, password: emp.password },
      { headers: { 'x-forwarded-for': '198.51.100.77' } },
    );
    expect(res.statusCode).toBe(429);
    expect((await limitRow(`login:${emp.email}|10.4.0.1`))?.count).toBeGreaterThanOrEqual(5);
    expect(await limitRow(`login:${emp.email}|198.51.100.1`)).toBeNull();
  });

  it('A4: with TRUST_PROXY=127.0.0.1 the proxy-supplied address is the key, but only when the proxy is the peer', async () => {
    const proxied = await startTestApp({ db: tdb.db, clock: t.clock, env: { TRUST_PROXY: '127.0.0.1' } });
    try {
      const emp = await createEmployee(tdb.db);
      const viaProxy = await browser(proxied, '127.0.0.1');
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      for (let i = 0; i < 5; i++) {
        expect((await viaProxy.post('/login', { email: emp.email, password: WRONG }, from('203.0.113.7'))).statusCode).toBe(422);
      }
      expect((await viaProxy.post('/login', { email: emp.email, password: WRONG }, from('203.0.113.7'))).statusCode).toBe(429);
      expect((await limitRow(`login:${emp.email}|203.0.113.7`))?.count).toBeGreaterThanOrEqual(5);
      // Another client behind the same proxy is not throttled.
      expect((await viaProxy.post('/login', { email: emp.email, password: WRONG }, from('203.0.113.8'))).statusCode).toBe(422);

      // A peer that is not the trusted proxy cannot choose its key.
      const direct = await browser(proxied, '10.4.1.1');
      for (let i = 0; i < 5; i++) {
        const res = await direct.post('/login', { email: emp.email, password: WRONG }, from(`192.0.2.${i + 1}`));
        expect(res.statusCode).toBe(422);
      }
      expect((await direct.post('/login', { email: emp.email, password: WRONG }, from('192.0.2.50'))).statusCode).toBe(429);
      expect((await limitRow(`login:${emp.email}|10.4.1.1`))?.count).toBeGreaterThanOrEqual(5);
    } finally {
      await proxied.close();
    }
  });
});
