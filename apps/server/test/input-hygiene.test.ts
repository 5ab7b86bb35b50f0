import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema';
import { pageView } from './factories/analytics';
import { createEmployee, createRole } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const a = await createEmployee(tdb.db, { admin: true });
  admin = t.agent();
  await admin.login(a.email, a.password);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const roleCount = async () => (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(roles))[0]?.n ?? 0;
const roleBody = (slug: string) => ({ slug, name: slug, is_admin: false, dashboard_view: 'general', permissions: [] });

/** The same data in the encodings a cross-site form or a no-preflight fetch can send. */
const nonJson: [string, string][] = [
  ['text/plain', JSON.stringify(roleBody('via-text'))],
  ['text/plain;charset=UTF-8', JSON.stringify(roleBody('via-text-2'))],
  ['application/x-www-form-urlencoded', 'slug=via-form&name=x&is_admin=false&dashboard_view=general'],
  [
    'multipart/form-data; boundary=XyZ',
    '--XyZ\r\nContent-Disposition: form-data; name="slug"\r\n\r\nvia-multipart\r\n--XyZ--\r\n',
  ],
  ['application/xml', '<role><slug>via-xml</slug></role>'],
];

describe('content types (C6)', () => {
  it('JSON routes answer 415 to text/plain, form and multipart bodies, even with a valid CSRF token', async () => {
    const before = await roleCount();
    const routes: [string, string][] = [
      ['POST', '/api/roles'],
      ['PATCH', '/api/locale'],
      ['POST', '/api/science'],
      ['POST', '/login'],
      ['PUT', '/api/permissions'],
    ];
    for (const [method, url] of routes) {
      for (const [type, body] of nonJson) {
        const res = await admin.request(method, url, { body, headers: { 'content-type': type } });
        expect(res.statusCode, `${method} ${url} ${type}`).toBe(415);
        expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    }
    expect(await roleCount()).toBe(before);
    // The same body as JSON is accepted, so the 415s above are about the type alone.
    const ok = await admin.post('/api/roles', roleBody('via-json'));
    expect(ok.statusCode).toBe(201);
  });

  it('without the token such a body gets 419 before anything is parsed (C1)', async () => {
    const res = await admin.post('/api/roles', JSON.stringify(roleBody('no-token')), {
      csrf: false,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.statusCode).toBe(419);
    expect(await tdb.db.orm.select().from(roles).where(eq(roles.slug, 'no-token'))).toEqual([]);
  });

  it('answers 400 for malformed or empty JSON', async () => {
    for (const body of ['{"slug":', '', 'undefined', "{'a':1}", '{"a":1}{"b":2}']) {
      const res = await admin.post('/api/roles', body, { headers: { 'content-type': 'application/json' } });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('prototype pollution (I3)', () => {
  it('answers 400 to __proto__ and constructor.prototype keys, at any depth', async () => {
    const before = await roleCount();
    const bodies = [
      '{"__proto__":{"is_admin":true}}',
      '{"constructor":{"prototype":{"is_admin":true}}}',
      `{"slug":"proto-a","name":"x","is_admin":false,"dashboard_view":"general","permissions":[],"__proto__":{"polluted":1}}`,
      `{"slug":"proto-b","name":{"__proto__":{"polluted":1}},"is_admin":false,"dashboard_view":"general","permissions":[]}`,
      `{"roles":[{"id":1,"version":1,"permissions":[],"constructor":{"prototype":{"polluted":1}}}]}`,
    ];
    for (const body of bodies) {
      for (const url of ['/api/roles', '/api/permissions']) {
        const res = await admin.request(url === '/api/roles' ? 'POST' : 'PUT', url, {
          body,
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode, `${url} ${body}`).toBe(400);
      }
    }
    expect(await roleCount()).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).is_admin).toBeUndefined();
  });

  it('answers 400 to __proto__ in the query string', async () => {
    for (const q of ['__proto__[x]=1', 'constructor[prototype][x]=1', '__proto__=1']) {
      const res = await admin.get(`/api/companies?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('strict types and repeated parameters (I4)', () => {
  it('answers 400 when a query parameter is repeated', async () => {
    const r = await createRole(tdb.db);
    const cases: [string, string][] = [
      ['GET', '/api/companies?page=1&page=2'],
      ['GET', '/api/companies?sort=name&sort=-name'],
      ['GET', '/api/roles?q=a&q=b'],
      ['GET', '/api/breadcrumbs/slugs?companyId=1&companyId=2'],
      ['DELETE', `/api/roles/${r.id}?version=1&version=1`],
    ];
    for (const [method, url] of cases) {
      const res = await admin.request(method, url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await tdb.db.orm.select().from(roles).where(eq(roles.id, r.id))).toHaveLength(1);
  });

  it('does not coerce JSON types: strings for numbers and booleans are refused', async () => {
    const r = await createRole(tdb.db);
    const res = await admin.patch(`/api/roles/${r.id}`, { ...roleBody('coerce'), is_admin: 'false', version: '1' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['is_admin', 'version']);
    expect((await admin.post('/api/acting-as', { companyId: [1] })).statusCode).toBe(400);
    expect((await admin.post('/api/roles', [roleBody('array-body')])).statusCode).toBe(400);
  });
});

describe('body size (I5)', () => {
  it('answers 413 to a body over 1 MiB, and reads one just under it', async () => {
    const before = await roleCount();
    const over = JSON.stringify({ ...roleBody('huge'), name: 'x'.repeat(1024 * 1024) });
    const res = await admin.post('/api/roles', over);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
    const under = JSON.stringify({ ...roleBody('big'), name: 'x'.repeat(1024 * 1024 - 200) });
    expect(under.length).toBeLessThan(1024 * 1024);
    const parsed = await admin.post('/api/roles', under);
    expect(parsed.statusCode).toBe(400);
    expect(parsed.json().fieldErrors.name.code).toBe('too_long');
    expect(await roleCount()).toBe(before);
  });

  it('answers 413 on /api/science above 16 KiB (I5)', async () => {
    const res = await admin.post('/api/science', { ...pageView(), url: 'u'.repeat(16 * 1024) });
    expect(res.statusCode).toBe(413);
  });

  it('answers 400, not 5xx, when Content-Length does not match the body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/roles',
      headers: {
        cookie: admin.cookieHeader(),
        'x-xsrf-token': admin.xsrf ?? '',
        'content-type': 'application/json',
        'content-length': '5000',
      },
      payload: JSON.stringify(roleBody('cl-mismatch')),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('routes without a body (I1)', () => {
  it('refuse a body instead of ignoring it, and still take an empty one', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const refused = await a.post('/logout', { redirect: 'https://evil.test' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('VALIDATION_FAILED');
    // Refused means nothing happened: still signed in.
    expect((await a.get('/api/user/current')).statusCode).toBe(200);
    expect((await a.post('/logout')).statusCode).toBe(204);
    expect((await a.get('/api/user/current')).statusCode).toBe(401);
  });
});

describe('text PostgreSQL cannot store (I10)', () => {
  const NUL = 'a\u0000b';
  const SURROGATE = 'a\ud800b';
  /** The field error a refused value gets, wherever it was sent. */
  const refusedAt = (res: { statusCode: number; json: () => unknown }, field: string) => {
    expect(res.statusCode, `${field}: ${JSON.stringify(res.json())}`).toBe(400);
    const body = res.json() as { code: string; message: string; fieldErrors: Record<string, { code: string }> };
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fieldErrors[field]?.code, JSON.stringify(body.fieldErrors)).toBe('invalid_character');
  };

  it('answers 400 naming querystring.q to a NUL byte or a broken UTF-8 sequence in a list search', async () => {
    const lists = [
      '/api/roles',
      '/api/companies',
      '/api/articles',
      '/api/attributes/areas',
      '/api/products',
      '/api/robox/material-categories',
      '/api/robox/materials',
    ];
    for (const list of lists) {
      refusedAt(await admin.get(`${list}?q=%00`), 'querystring.q');
      refusedAt(await admin.get(`${list}?q=x%00y`), 'querystring.q');
    }
  });

  it('answers 400 naming the field to NUL or a lone surrogate in a body, at any depth, and stores nothing', async () => {
    for (const bad of [NUL, SURROGATE]) {
      refusedAt(await admin.post('/api/products', { nameNl: bad }), 'nameNl');
      refusedAt(await admin.post('/api/robox/material-categories', { name: bad }), 'name');
      refusedAt(await admin.post('/api/robox/material-categories', { name: 'ok', description: bad }), 'description');
      refusedAt(await admin.post('/api/roles', { ...roleBody('nul-role'), name: bad }), 'name');
      refusedAt(
        await admin.put('/api/permissions', { roles: [{ id: 1, version: 1, permissions: [bad] }] }),
        'roles.0.permissions.0',
      );
    }
    // A lone surrogate written as a JSON escape becomes one only when parsed.
    const escaped = await admin.post('/api/products', '{"nameNl":"x\\udc00y"}', {
      headers: { 'content-type': 'application/json' },
    });
    refusedAt(escaped, 'nameNl');
    // A key is checked too.
    const key = await admin.post(
      '/api/roles',
      `{"slug":"k","name":"k","is_admin":false,"dashboard_view":"general","permissions":[],"x\\u0000":1}`,
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(key.statusCode).toBe(400);
    const products = await admin.get('/api/products?perPage=100');
    expect(products.body).not.toContain('\\ufffd');
    expect(products.body).not.toContain('\ufffd');
    expect((await admin.get('/api/robox/material-categories?perPage=100')).json().data).toEqual([]);
  });

  it('answers 400 on PATCH of a Robox category with NUL or a lone surrogate, and the category is unchanged', async () => {
    const created = await admin.post('/api/robox/material-categories', { name: 'Plaat', description: 'x' });
    expect(created.statusCode).toBe(201);
    const cat = created.json().data;
    for (const bad of [NUL, SURROGATE]) {
      refusedAt(await admin.patch(`/api/robox/material-categories/${cat.id}`, { name: bad, version: cat.version }), 'name');
      refusedAt(
        await admin.patch(`/api/robox/material-categories/${cat.id}`, { name: 'Plaat', description: bad, version: cat.version }),
        'description',
      );
    }
    const now = (await admin.get(`/api/robox/material-categories/${cat.id}`)).json().data;
    expect(now).toMatchObject({ name: 'Plaat', description: 'x', version: cat.version });
  });

  it('answers 400 naming the parameter or header to NUL in a path parameter, a cookie or a header the app reads', async () => {
    refusedAt(await admin.get('/api/roles/1%00'), 'params.roleId');
    refusedAt(await admin.get('/api/attributes/areas%00'), 'params.kind');
    refusedAt(await admin.get('/api/user/current', { headers: { 'acting-as': '1\u0000' } }), 'headers.acting-as');
    refusedAt(await admin.get('/sanctum/csrf-cookie', { headers: { 'user-agent': `Mozilla${NUL}` } }), 'headers.user-agent');
    refusedAt(await admin.post('/api/science', pageView(), { headers: { 'x-xsrf-token': `tok${NUL}` } }), 'headers.x-xsrf-token');
    refusedAt(
      await admin.get('/api/user/current', { headers: { cookie: `${admin.cookieHeader()}; extra=a%00b` } }),
      'cookies.extra',
    );
    // A fresh browser whose user agent carries a NUL byte gets a 400, not a 500 from the session insert.
    const fresh = t.agent({ headers: { 'user-agent': `Bot${NUL}` } });
    refusedAt(await fresh.get('/sanctum/csrf-cookie'), 'headers.user-agent');
  });

  it('keeps analytics working after a page view with a NUL byte or lone surrogate (N4, I10)', async () => {
    for (const [i, bad] of [NUL, SURROGATE].entries()) {
      refusedAt(await admin.post('/api/science', pageView({ url: `http://localhost:3000/${bad}` })), 'url');
      refusedAt(
        await admin.post('/api/science', pageView({ metadata: { route_name: `hostile-${i}`, query: { [`k${bad}`]: 'v' } } })),
        `metadata.query.k${bad.replace('\u0000', '\ufffd').replace('\ud800', '\ufffd')}`,
      );
      refusedAt(await admin.post('/api/science', pageView({ metadata: { params: { id: bad } } })), 'metadata.params.id');
    }
    const ok = await admin.post('/api/science', pageView({ metadata: { route_name: 'after-hostile' } }));
    expect(ok.statusCode).toBe(204);
    await t.app.platform.analytics.flush();
    const rows = await tdb.db.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM analytics_events WHERE route_name = 'after-hostile'",
    );
    expect(rows[0]?.n).toBe(1);
  });
});
