import { isPermission } from '@app/shared/platform/permissions';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import type { RouteRecord } from '../src/app';
import type { Access } from '../src/platform/access';
import { createEmployee } from './factories/identity';
import { startTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

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

/** The application's own routes: HEAD twins of GET routes and the (non-production) API docs left out. */
function ownRoutes(app: FastifyInstance): RouteRecord[] {
  return app.routeTable.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
}

const API_LIKE = /^\/(api(\/|$)|login$|logout$|sanctum\/)/;
/** Unsafe routes that take no body at all: their input is the session, the path or the query. */
// POST /api/media and POST /api/files take a multipart body, read and checked part by part in the handler.
const NO_BODY = new Set(['POST /logout', 'PATCH /api/client/disable-first-login', 'POST /api/media', 'POST /api/files']);

describe('route contract (Z1, I1)', () => {
  it('has the routes the specification names (section 7)', () => {
    const keys = new Set(ownRoutes(t.app).map((r) => `${r.method} ${r.url}`));
    for (const k of [
      'GET /sanctum/csrf-cookie',
      'POST /login',
      'POST /logout',
      'GET /api/user/current',
      'PATCH /api/client/disable-first-login',
      'GET /api/breadcrumbs/slugs',
      'POST /api/science',
      'GET /api/locale',
    ]) {
      expect(keys, k).toContain(k);
    }
  });

  it('every route declares its access, and employee routes name catalogue permissions (Z1)', () => {
    const routes = ownRoutes(t.app);
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const access = r.config?.access as Access | undefined;
      expect(access, `${r.method} ${r.url}`).toBeDefined();
      expect(['public', 'signed-in', 'portal', 'employee', 'employee-or-portal']).toContain(access?.kind);
      if (access?.kind === 'employee' || access?.kind === 'employee-or-portal')
        for (const p of access.anyOf) expect(isPermission(p), `${r.url}: ${p}`).toBe(true);
    }
  });

  it('every route declares a schema with a response; path params are declared (I1)', () => {
    for (const r of ownRoutes(t.app)) {
      const name = `${r.method} ${r.url}`;
      expect(r.schema, name).toBeDefined();
      expect(r.schema?.response, `${name} response`).toBeDefined();
      if (/[:*]/.test(r.url)) expect(r.schema?.params, `${name} params`).toBeDefined();
    }
  });

  it('every /api, /login, /logout and /sanctum route declares its querystring (I1)', () => {
    const api = ownRoutes(t.app).filter((r) => API_LIKE.test(r.url));
    expect(api.length).toBeGreaterThan(10);
    for (const r of api) expect(r.schema?.querystring, `${r.method} ${r.url}`).toBeDefined();
  });

  it('every POST, PUT and PATCH declares a body unless it takes none (I1, Z8)', () => {
    for (const r of ownRoutes(t.app)) {
      if (!['POST', 'PUT', 'PATCH'].includes(r.method)) continue;
      const name = `${r.method} ${r.url}`;
      if (NO_BODY.has(name)) expect(r.schema?.body, `${name} is listed as taking no body`).toBeUndefined();
      else expect(r.schema?.body, name).toBeDefined();
    }
  });

  it('body and query schemas are closed objects: an unknown key is refused (I1, Z8)', () => {
    for (const r of ownRoutes(t.app)) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const s = r.schema?.[part];
        if (!s) continue;
        expect(s, `${r.method} ${r.url} ${part}`).toBeInstanceOf(z.ZodType);
        const json = z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
          type?: string;
          additionalProperties?: unknown;
        };
        if (json.type === 'object') expect(json.additionalProperties, `${r.method} ${r.url} ${part}`).toBe(false);
      }
    }
  });

  it('every route answers an unsupported method with 404 or 405 as JSON, never 5xx (I8)', async () => {
    const emp = await createEmployee(tdb.db, { admin: true });
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const routes = ownRoutes(t.app);
    const byUrl = new Map<string, Set<string>>();
    for (const r of routes) byUrl.set(r.url, (byUrl.get(r.url) ?? new Set()).add(r.method));
    // A concrete path may also match another route's pattern (POST /api/attributes/options is
    // POST /api/attributes/:kind with kind 'options'): that method is then not unsupported.
    const patterns = routes.map((r) => ({
      method: r.method,
      re: new RegExp(`^${r.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`),
    }));
    for (const [url, methods] of byUrl) {
      const concrete = url.replace(/:[A-Za-z]+/g, '1').replace('*', 'index-abc123.js');
      for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'OPTIONS']) {
        if (methods.has(method) || (method === 'GET' && methods.has('HEAD'))) continue;
        if (patterns.some((p) => p.method === method && p.re.test(concrete))) continue;
        const res = await a.request(method, concrete);
        expect([404, 405], `${method} ${concrete}`).toContain(res.statusCode);
        expect(res.headers['content-type'], `${method} ${concrete}`).toBe('application/json; charset=utf-8');
      }
    }
  });
});

describe('production mode (I8)', () => {
  it('serves no API docs and no Swagger assets', async () => {
    const prod = await startTestApp({
      db: tdb.db,
      env: { APP_MODE: 'production', NODE_ENV: 'production', APP_URL: 'https://portal.example.test' },
    });
    try {
      expect(prod.config.mode).toBe('production');
      expect(prod.app.routeTable.some((r) => r.url.startsWith('/api/docs'))).toBe(false);
      for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
        const res = await prod.agent().get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toMatch(/swagger|openapi/i);
      }
      // The docs do exist outside production, so the check above can fail.
      expect((await t.agent().get('/api/docs/json')).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
