import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageView } from '../../../test/factories/analytics';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { analyticsRows } from '../../../test/helpers/rows';
import { analyticsEvents } from '../../db/schema';
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

/** Rows whose route_name is the marker, after writing out the buffer. */
async function stored(marker: string) {
  await t.app.platform.analytics.flush();
  return analyticsRows(tdb.db, eq(analyticsEvents.routeName, marker));
}

describe('POST /api/science', () => {
  it('answers 419 without a token or without a session (C1)', async () => {
    const a = t.agent();
    await a.csrf();
    const noToken = await a.post('/api/science', pageView(), { csrf: false });
    expect(noToken.statusCode).toBe(419);
    const wrong = await a.post('/api/science', pageView(), { csrf: false, headers: { 'x-xsrf-token': 'not-the-token' } });
    expect(wrong.statusCode).toBe(419);
    const noSession = await t.agent().post('/api/science', pageView({ metadata: { route_name: 'csrf-probe' } }));
    expect(noSession.statusCode).toBe(419);
    expect(await stored('csrf-probe')).toEqual([]);
  });

  it('accepts an event with 204 and stores it after the buffer flushes (N4)', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const event = pageView({ url: 'http://localhost:3000/settings/roles?sort=name', metadata: { route_name: 'stored-1' } });
    const res = await a.post('/api/science', event);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    const rows = await stored('stored-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      eventType: 'page_view',
      accountId: emp.accountId,
      companyId: null,
      actingEmployeeAccountId: null,
      url: 'http://localhost:3000/settings/roles?sort=name',
      routeName: 'stored-1',
    });
    expect(rows[0]?.metadata).toEqual(event.metadata);
    expect(rows[0]?.createdAt.toISOString()).toBe(t.clock().toISOString());
  });

  it('stores an anonymous visitor’s event without an account', async () => {
    const a = t.agent();
    await a.csrf();
    expect((await a.post('/api/science', pageView({ metadata: { route_name: 'anon-1' } }))).statusCode).toBe(204);
    expect((await stored('anon-1'))[0]).toMatchObject({ accountId: null, companyId: null });
  });

  it('records the company for a company user', async () => {
    const c = await createCompany(tdb.db);
    const u = await createClient(tdb.db, c.id);
    const a = t.agent();
    await a.login(u.email, u.password);
    await a.post('/api/science', pageView({ metadata: { route_name: 'client-1' } }));
    expect((await stored('client-1'))[0]).toMatchObject({
      accountId: u.accountId,
      companyId: c.id,
      actingEmployeeAccountId: null,
    });
  });

  it('records the company and the acting employee for an event sent while acting', async () => {
    const c = await createCompany(tdb.db);
    const emp = await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] });
    const a = t.agent();
    await a.login(emp.email, emp.password);
    a.actingAs = c.id;
    expect((await a.post('/api/science', pageView({ metadata: { route_name: 'acting-1' } }))).statusCode).toBe(204);
    expect((await stored('acting-1'))[0]).toMatchObject({
      accountId: null,
      companyId: c.id,
      actingEmployeeAccountId: emp.accountId,
    });
  });

  it('answers 403 to a company user sending Acting-As, and stores nothing', async () => {
    const c = await createCompany(tdb.db);
    const u = await createClient(tdb.db, c.id);
    const a = t.agent();
    await a.login(u.email, u.password);
    a.actingAs = c.id;
    expect((await a.post('/api/science', pageView({ metadata: { route_name: 'client-acting' } }))).statusCode).toBe(403);
    expect(await stored('client-acting')).toEqual([]);
  });

  it('writes a login event when someone signs in', async () => {
    const c = await createCompany(tdb.db);
    const u = await createClient(tdb.db, c.id);
    await t.agent().login(u.email, u.password);
    await t.app.platform.analytics.flush();
    const rows = await analyticsRows(tdb.db, eq(analyticsEvents.accountId, u.accountId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ eventType: 'login', companyId: c.id, url: null });
  });
});

describe('POST /api/science: schema and limits (N1, I5)', () => {
  it('answers 400 for an unknown key, an unknown event type, a url over 2048 chars or a missing field', async () => {
    const a = t.agent();
    await a.csrf();
    const base = pageView({ metadata: { route_name: 'bad-1' } });
    const cases: [unknown, string, string][] = [
      [{ ...base, metadata: { ...base.metadata, password: 'x' } }, 'metadata.password', 'unknown_field'],
      [{ ...base, account_id: 1 }, 'account_id', 'unknown_field'],
      [{ ...base, event_type: 'click' }, 'event_type', 'invalid_choice'],
      [{ ...base, url: `http://x/${'a'.repeat(2048)}` }, 'url', 'too_long'],
      [{ ...base, metadata: { ...base.metadata, path: 'p'.repeat(2049) } }, 'metadata.path', 'too_long'],
      [{ ...base, metadata: { ...base.metadata, query: { q: ['a', 'b', 1] } } }, 'metadata.query.q', 'invalid'],
      [{ event_type: 'page_view', url: '/' }, 'metadata', 'required'],
    ];
    for (const [body, field, code] of cases) {
      const res = await a.post('/api/science', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().fieldErrors[field], field).toMatchObject({ code });
    }
    expect(await stored('bad-1')).toEqual([]);
  });

  it('answers 413 to a body over 16 KiB (I5) and 400 to metadata over 4 KiB (N1); an event near the limits is accepted', async () => {
    const a = t.agent();
    await a.csrf();
    const bag = (n: number, size = 500) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v'.repeat(size)]));
    const fits = pageView({
      url: `http://localhost:3000/${'u'.repeat(1900)}`,
      metadata: { route_name: 'size-ok', params: bag(6) },
    });
    expect(JSON.stringify(fits.metadata).length).toBeGreaterThan(3 * 1024);
    expect(JSON.stringify(fits.metadata).length).toBeLessThan(4 * 1024);
    expect((await a.post('/api/science', fits)).statusCode).toBe(204);
    const wide = pageView({ metadata: { route_name: 'size-wide', params: bag(10) } });
    expect(JSON.stringify(wide.metadata).length).toBeGreaterThan(4 * 1024);
    const refused = await a.post('/api/science', wide);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.metadata).toMatchObject({ code: 'too_big' });
    const big = pageView({ metadata: { route_name: 'size-big', params: bag(34) } });
    expect(JSON.stringify(big).length).toBeGreaterThan(16 * 1024);
    const res = await a.post('/api/science', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    await t.app.platform.analytics.flush();
    expect(await stored('size-wide')).toEqual([]);
    expect(await stored('size-big')).toEqual([]);
  });

  it('redacts secret query keys in url, query, referrer, path and params before storing (N2, A11)', async () => {
    const a = t.agent();
    await a.csrf();
    const [token, email, password, signature, fragmentToken, code] = [
      'tok3n-SECRET',
      'mail@SECRET.test',
      'pa55-SECRET',
      'sig-SECRET',
      'frag-SECRET',
      'code-SECRET',
    ];
    const secrets = [token, email, password, signature, fragmentToken, code];
    const event = pageView({
      url: `http://localhost:3000/auth/new-password?token=${token}&Email=${email}&page=3`,
      metadata: {
        route_name: 'redact-1',
        path: `/auth/new-password?password=${password}`,
        params: { token, id: '12' },
        query: { token, EMAIL: [email], page: '3', signature },
        referrer: `http://localhost:3000/auth/reset?code=${code}&x=1`,
      },
    });
    expect((await a.post('/api/science', event)).statusCode).toBe(204);
    const fragment = pageView({
      url: `http://localhost:3000/auth/new-password#token=${fragmentToken}`,
      metadata: { route_name: 'redact-1', referrer: `http://localhost:3000/auth/create-password#token=${fragmentToken}` },
    });
    expect((await a.post('/api/science', fragment)).statusCode).toBe(204);

    const rows = await stored('redact-1');
    expect(rows).toHaveLength(2);
    const text = JSON.stringify(rows);
    for (const s of secrets) expect(text).not.toContain(s);
    const [first, second] = rows;
    expect(first?.url).toBe('http://localhost:3000/auth/new-password?token=redacted&Email=redacted&page=3');
    expect(first?.metadata).toMatchObject({
      path: '/auth/new-password?password=redacted',
      params: { token: 'redacted', id: '12' },
      query: { token: 'redacted', EMAIL: 'redacted', page: '3', signature: 'redacted' },
      referrer: 'http://localhost:3000/auth/reset?code=redacted&x=1',
    });
    expect(second?.url).toBe('http://localhost:3000/auth/new-password');
    expect(second?.metadata).toMatchObject({ referrer: 'http://localhost:3000/auth/create-password' });
  });

  it('answers 429 to the 121st event of a session within a minute, and not to another session (N3)', async () => {
    const a = t.agent();
    await a.csrf();
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      statuses.push((await a.post('/api/science', pageView({ metadata: { route_name: 'limit-1' } }))).statusCode);
    }
    expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true);
    expect(statuses[120]).toBe(429);
    const limited = await a.post('/api/science', pageView({ metadata: { route_name: 'limit-1' } }));
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json().code).toBe('RATE_LIMITED');

    const other = t.agent();
    await other.csrf();
    expect((await other.post('/api/science', pageView({ metadata: { route_name: 'limit-2' } }))).statusCode).toBe(204);

    t.clock.advance(MINUTE + 1000);
    expect((await a.post('/api/science', pageView({ metadata: { route_name: 'limit-1' } }))).statusCode).toBe(204);
    expect(await stored('limit-1')).toHaveLength(121);
  });
});
