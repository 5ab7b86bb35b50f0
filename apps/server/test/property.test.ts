import fc from 'fast-check';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteRecord } from '../src/app';
import { pageView } from './factories/analytics';
import { createCompany, createEmployee, createRole } from './factories/identity';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

/**
 * Random bodies against every JSON route (SECURITY.md test plan item 7): whatever arrives, the
 * answer is a known status, JSON with a charset, free of internals, and a refused request leaves
 * the stored data as it was.
 */

let tdb: TestDatabase;
let t: TestApp;
let admin: Agent;
let roleId: number;
let companyId: number;

const ALLOWED = new Set([400, 401, 403, 404, 409, 413, 415, 419, 422, 429]);
const LEAKS = [/node_modules/, /\n\s+at /, /\bSELECT\b/i, /\bINSERT INTO\b/i, /syntax error/i, /relation "/, /stack/i];
/** Routes whose valid bodies would cost an argon2 hash or verify: fewer runs keep the file fast. */
const SLOW = new Set(['/login', '/api/user/password', '/api/auth/reset-password', '/api/auth/create-password']);

/** A body each route would accept, to mutate one field at a time. */
function sampleBody(route: RouteRecord): Record<string, unknown> {
  const samples: Record<string, Record<string, unknown>> = {
    'POST /login': { email: 'nobody@example.test', password: 'whatever-password' },
    'PATCH /api/user/password': { current_password: 'x', password: 'Long-Enough-42', password_confirmation: 'Long-Enough-42' },
    'PATCH /api/locale': { locale: 'en' },
    'POST /api/auth/forgot-password': { email: 'nobody@example.test' },
    'POST /api/auth/check-token': { token: 'a'.repeat(43), kind: 'reset' },
    'POST /api/auth/reset-password': {
      token: 'a'.repeat(43),
      password: 'Long-Enough-42',
      password_confirmation: 'Long-Enough-42',
    },
    'POST /api/auth/create-password': {
      token: 'a'.repeat(43),
      password: 'Long-Enough-42',
      password_confirmation: 'Long-Enough-42',
    },
    'POST /api/roles': { slug: 'fuzz-role', name: 'Fuzz', is_admin: false, dashboard_view: 'general', permissions: [] },
    'PATCH /api/roles/:roleId': {
      slug: 'fuzz-edit',
      name: 'Fuzz',
      is_admin: false,
      dashboard_view: 'general',
      permissions: [],
      version: 1,
    },
    'PUT /api/permissions': { roles: [{ id: 1, version: 1, permissions: [] }] },
    'POST /api/acting-as': { companyId: 1 },
    'POST /api/science': pageView() as unknown as Record<string, unknown>,
  };
  return samples[`${route.method} ${route.url}`] ?? {};
}

/** Any JSON, any value, raw text, or a valid body with one field replaced, dropped or added. */
function bodies(sample: Record<string, unknown>): fc.Arbitrary<{ raw: string } | { json: unknown }> {
  const keys = Object.keys(sample);
  const mutated = fc
    .tuple(fc.constantFrom(...keys, '__extra', 'company_id', 'is_admin'), fc.oneof(fc.anything(), fc.string({ maxLength: 3000 })))
    .map(([k, v]) => ({ json: { ...sample, [k]: v } }));
  const dropped = fc.constantFrom(...(keys.length ? keys : ['x'])).map((k) => {
    const { [k]: _gone, ...rest } = sample;
    return { json: rest };
  });
  return fc.oneof(
    fc.anything().map((json) => ({ json })),
    fc.jsonValue().map((json) => ({ json })),
    fc.string({ unit: 'binary', maxLength: 200 }).map((raw) => ({ raw })),
    mutated,
    dropped,
  );
}

/** A fingerprint of the rows a refused request must not touch. */
async function digest(): Promise<string> {
  const rows = await tdb.db.raw.query<{ d: string }>(
    `SELECT concat_ws('|',
       (SELECT md5(coalesce(string_agg(id || ':' || slug || ':' || name || ':' || is_admin || ':' || version, ',' ORDER BY id), '')) FROM roles),
       (SELECT md5(coalesce(string_agg(role_id || ':' || permission, ',' ORDER BY role_id, permission), '')) FROM role_permissions),
       (SELECT md5(coalesce(string_agg(id || ':' || locale || ':' || coalesce(password_hash, '') || ':' || status, ',' ORDER BY id), '')) FROM accounts),
       (SELECT count(*) FROM audit_log),
       (SELECT count(*) FROM auth_tokens)) AS d`,
  );
  return rows[0]?.d ?? '';
}

function checkResponse(res: InjectResponse, label: string): void {
  const s = res.statusCode;
  expect(s >= 200 && s < 300 ? true : ALLOWED.has(s), `${label}: status ${s} ${res.body.slice(0, 200)}`).toBe(true);
  if (res.body.length > 0) {
    expect(res.headers['content-type'], label).toBe('application/json; charset=utf-8');
    const body = res.json();
    if (s >= 400) {
      expect(typeof body.code, label).toBe('string');
      expect(body.requestId, label).toMatch(/^[0-9a-f-]{36}$/);
    }
  }
  for (const leak of LEAKS) expect(res.body, `${label}: ${leak}`).not.toMatch(leak);
}

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const a = await createEmployee(tdb.db, { admin: true });
  admin = t.agent();
  await admin.login(a.email, a.password);
  roleId = (await createRole(tdb.db, { permissions: ['projects.view'] })).id;
  companyId = (await createCompany(tdb.db)).id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('random bodies on every JSON route never break the server', () => {
  it('answers a known status with a clean JSON body, and a refused request changes nothing', async () => {
    const routes = t.app.routeTable.filter((r) => r.schema?.body !== undefined && r.method !== 'HEAD');
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const url = route.url.replace(':roleId', String(roleId)).replace(':companyId', String(companyId));
      let last = await digest();
      await fc.assert(
        fc.asyncProperty(bodies(sampleBody(route)), async (b) => {
          const payload = 'raw' in b ? b.raw : b.json === undefined ? undefined : JSON.stringify(b.json);
          const res = await admin.request(route.method, url, {
            body: payload,
            headers: { 'content-type': 'application/json' },
          });
          const label = `${route.method} ${url} ${String(payload).slice(0, 120)}`;
          checkResponse(res, label);
          const now = await digest();
          if (res.statusCode >= 400) expect(now, `${label}: a ${res.statusCode} changed stored data`).toBe(last);
          last = now;
        }),
        { numRuns: SLOW.has(route.url) ? 25 : 100 },
      );
    }
    // The session survived the barrage, so the runs above were made signed in.
    expect((await admin.get('/api/user/current')).statusCode).toBe(200);
    // About 1,200 requests: some 10-15 s here, more on a machine busy with other suites.
  }, 120_000);

  it('random query strings on list and lookup routes answer 200 or 400, never more', async () => {
    const keys = ['page', 'perPage', 'q', 'sort', 'sector', 'companyId', 'roleId', 'version'];
    const query = fc.array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })),
        fc.oneof(fc.string({ maxLength: 30 }), fc.integer().map(String), fc.constantFrom('1e3', '0x10', '-0', ' 1', '1.0', '')),
      ),
      { maxLength: 4 },
    );
    for (const path of ['/api/companies', '/api/roles', '/api/breadcrumbs/slugs']) {
      await fc.assert(
        fc.asyncProperty(query, async (pairs) => {
          const url = `${path}?${new URLSearchParams(pairs).toString()}`;
          const res = await admin.get(url);
          expect([200, 400], `${url}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.statusCode);
          checkResponse(res, url);
        }),
        { numRuns: 60 },
      );
    }
  });
});
