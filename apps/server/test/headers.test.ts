import zlib from 'node:zlib';
import { noQuery } from '@app/shared/platform/http';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { access } from '../src/platform/access';
import { pageView } from './factories/analytics';
import { type Agent, startTestApp, type TestApp } from './helpers/app';
import { castOf } from './helpers/cast';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let tdb: TestDatabase;
let t: TestApp;
let admin: Agent;
let noPerm: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({
    db: tdb.db,
    // A route that fails the way an unexpected bug does: a database error carrying SQL text.
    routes: (app) => {
      app.get(
        '/api/test/boom',
        { config: { access: access.public }, schema: { querystring: noQuery, response: { 200: z.object({}) } } },
        async () => {
          await app.platform.db.raw.query('SELECT secret_column FROM no_such_table_xyz WHERE password = $1', ['hunter2']);
          return {};
        },
      );
      app.get(
        '/api/test/throws',
        { config: { access: access.public }, schema: { querystring: noQuery, response: { 200: z.object({}) } } },
        async () => {
          throw new TypeError(`Cannot read properties of undefined (reading 'x') at /srv/app/node_modules/foo.js:1:1`);
        },
      );
    },
  });
  ({ admin, noPerm } = await castOf(t, { staff: { admin: { admin: true }, noPerm: { permissions: ['projects.view'] } } }));
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** H1, H3, H4 and I9 for any response. */
function expectSecurityHeaders(res: InjectResponse, label: string): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, `${label}: CSP`).not.toBe('');
  const d = directives(csp);
  expect(d.get('default-src'), `${label}: default-src`).toEqual(["'self'"]);
  expect(d.get('object-src'), `${label}: object-src`).toEqual(["'none'"]);
  expect(d.get('base-uri'), `${label}: base-uri`).toEqual(["'none'"]);
  expect(d.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"]);
  const script = d.get('script-src') ?? d.get('default-src') ?? [];
  expect(script, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(script, `${label}: script-src`).not.toContain("'unsafe-eval'");
  expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(res.headers['x-powered-by'], `${label}: x-powered-by`).toBeUndefined();
  expect(res.headers.server, `${label}: server banner`).toBeUndefined();
  expect(res.headers['x-frame-options'], `${label}: x-frame-options`).toBe('DENY');
  expect(['strict-origin-when-cross-origin', 'no-referrer'], `${label}: referrer-policy`).toContain(
    res.headers['referrer-policy'],
  );
  if (res.body.length > 0) expect(String(res.headers['content-type']), `${label}: charset (I9)`).toMatch(/;\s*charset=utf-8$/i);
}

/** The API answer: the above, plus no-store (Z10) and the one JSON error shape for errors. */
function expectApi(res: InjectResponse, status: number, label: string, code?: string): void {
  expect(res.statusCode, label).toBe(status);
  expectSecurityHeaders(res, label);
  expect(res.headers['cache-control'], `${label}: no-store`).toBe('no-store');
  if (code) {
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body.code, label).toBe(code);
    expect(body.requestId, label).toMatch(/^[0-9a-f-]{36}$/);
  }
}

describe('headers on every kind of API answer (H1, H3, H4, Z10, I9)', () => {
  it('200 and 204', async () => {
    expectApi(await t.agent().get('/api/health'), 200, '200');
    const csrf = await t.agent().get('/sanctum/csrf-cookie');
    expectApi(csrf, 204, '204');
    expect(csrf.body).toBe('');
  });

  it('an API answer carries the headers that apply to data; a page carries the whole set', async () => {
    const api = await t.agent().get('/api/health');
    const page = await t.agent().get('/companies/12');
    const security = (res: InjectResponse) =>
      Object.keys(res.headers)
        .filter((h) => /^(content-security-policy|cross-origin-|origin-agent|referrer-policy|strict-transport|x-)/.test(h))
        .sort();
    expect(security(api)).toEqual([
      'content-security-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ]);
    expect(api.headers['cross-origin-resource-policy']).toBe('same-origin');
    // Nothing beyond the origin: no inline style and no data: images or fonts, which a page needs.
    expect(api.headers['content-security-policy']).toBe(
      "default-src 'self';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'self'",
    );
    expect(security(page)).toEqual(
      expect.arrayContaining([
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'x-dns-prefetch-control',
        'x-xss-protection',
      ]),
    );
    expect(directives(String(page.headers['content-security-policy'])).get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
  });

  it('400 from validation and 400 from a URL that does not decode', async () => {
    expectApi(await admin.get('/api/roles/x'), 400, '400', 'VALIDATION_FAILED');
    expectApi(await admin.get('/api/%'), 400, '400 bad url', 'VALIDATION_FAILED');
    expectApi(await admin.get(`/api/roles/${'9'.repeat(300)}`), 400, '400 over-long param', 'VALIDATION_FAILED');
    const page = await admin.get('/companies/%c0');
    expect(page.statusCode).toBe(400);
    expectSecurityHeaders(page, '400 bad page url');
  });

  it('401, 403 and 404', async () => {
    expectApi(await t.agent().get('/api/user/current'), 401, '401', 'UNAUTHENTICATED');
    expectApi(await noPerm.get('/api/roles'), 403, '403', 'FORBIDDEN');
    expectApi(await admin.get('/api/roles/987654'), 404, '404 record', 'ROLE_NOT_FOUND');
    expectApi(await admin.get('/api/no-such-thing'), 404, '404 route', 'ROUTE_NOT_FOUND');
    expectApi(await admin.get('/api'), 404, '404 /api', 'ROUTE_NOT_FOUND');
    expectApi(await admin.post('/api/health/nope', {}), 404, '404 POST', 'ROUTE_NOT_FOUND');
  });

  it('413, 415 and 419', async () => {
    const big = { ...pageView(), url: 'x'.repeat(17 * 1024) };
    expectApi(await admin.post('/api/science', big), 413, '413', 'PAYLOAD_TOO_LARGE');
    expectApi(
      await admin.post('/api/roles', 'name=x', { headers: { 'content-type': 'text/plain' } }),
      415,
      '415',
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expectApi(await admin.post('/api/science', pageView(), { csrf: false }), 419, '419', 'CSRF_TOKEN_MISMATCH');
  });

  it('429', async () => {
    const a = t.agent();
    await a.csrf();
    let res = await a.post('/api/science', pageView());
    for (let i = 0; i < 120 && res.statusCode === 204; i++) res = await a.post('/api/science', pageView());
    expectApi(res, 429, '429', 'RATE_LIMITED');
    expect(res.headers['retry-after']).toBe('60');
  });

  it('500: a generic body with only code, message and requestId; the detail goes to the log (I6)', async () => {
    for (const url of ['/api/test/boom', '/api/test/throws']) {
      const res = await t.agent().get(url);
      expectApi(res, 500, `500 ${url}`, 'INTERNAL');
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'requestId']);
      expect(body.message).toBe('Something went wrong');
      for (const leak of ['SELECT', 'no_such_table', 'hunter2', 'node_modules', '/srv/', ' at ', 'relation', 'TypeError']) {
        expect(res.body, `${url} leaks ${leak}`).not.toContain(leak);
      }
      const logged = t.logs.find((l) => l.includes(body.requestId) && l.includes('unexpected error'));
      expect(logged, 'the 500 is logged with its request id').toBeDefined();
    }
  });

  it('TRACE and other unknown methods answer 404/405, never echoing the request (I8)', async () => {
    for (const url of ['/', '/api/health', '/api/roles', '/companies/12']) {
      const res = await admin.request('TRACE', url, { headers: { 'x-trace-probe': 'echo-me' } });
      expect([404, 405], url).toContain(res.statusCode);
      expect(res.body).not.toContain('echo-me');
      expect(res.body).not.toContain('Cookie');
      expectSecurityHeaders(res, `TRACE ${url}`);
    }
  });
});

describe('the web app, assets and other files (H1, H3, H4, I9)', () => {
  it('a deep link gets index.html with the headers, revalidated on every load', async () => {
    const res = await t.agent().get('/companies/12');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<div id="root">');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expectSecurityHeaders(res, 'SPA');
  });

  it("a page names the session's language, so the app loads its texts without asking first; the offline shell names none", async () => {
    const guest = await t.agent().get('/auth/login');
    expect(guest.body).toContain('<html lang="nl" data-locale="nl">');
    const a = t.agent();
    await a.csrf();
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(204);
    expect((await a.get('/public/products')).body).toContain('lang="en" data-locale="en"');
    // The signed-in account's language, as GET /api/locale says.
    expect((await admin.get('/companies')).body).toContain(`data-locale="${(await admin.get('/api/locale')).json().locale}"`);
    const shell = await a.get('/index.html');
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<html lang="nl">');
    expect(shell.body).not.toContain('data-locale');
  });

  it('a hashed asset comes pre-compressed: brotli when the browser takes it, else gzip', async () => {
    const br = await t.agent().get('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log("app")');
    const gz = await t.agent().get('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log("app")');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('auth pages send Referrer-Policy: no-referrer (H3, A11)', async () => {
    for (const url of ['/auth/new-password', '/auth/create-password?x=1', '/auth/login']) {
      const res = await t.agent().get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expectSecurityHeaders(res, url);
    }
  });

  it('a hashed asset is immutable; a favicon is cached briefly', async () => {
    const js = await t.agent().get('/assets/index-abc123.js');
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(js.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expectSecurityHeaders(js, 'asset');
    const icon = await t.agent().get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expectSecurityHeaders(icon, 'favicon');
  });

  it('the service worker and the manifest are revalidated on every check for a new version (issue 28)', async () => {
    const sw = await t.agent().get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expectSecurityHeaders(sw, 'service worker');
    expect(directives(String(sw.headers['content-security-policy'])).get('worker-src')).toEqual(["'self'"]);
    const manifest = await t.agent().get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    // Any other script at the root is a page address, never a file from disk.
    const other = await t.agent().get('/other.js');
    expect(other.headers['content-type']).toMatch(/^text\/html/);
  });

  it('a missing asset is a JSON 404, never index.html, and never cached as immutable', async () => {
    for (const url of ['/assets/index-zzz999.js', '/assets/x.js.map', '/assets/index-abc123.js.map', '/assets/.env']) {
      const res = await t.agent().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('application/json; charset=utf-8');
      expect(res.body, url).not.toContain('<html');
      expect(String(res.headers['cache-control'] ?? ''), url).not.toContain('immutable');
      expectSecurityHeaders(res, url);
    }
  });

  it('dot-files, dot-folders and source maps are 404, not a page (H4)', async () => {
    for (const url of ['/.env', '/.git/config', '/.git/HEAD', '/app.js.map', '/.well-known/x', '/settings/.env']) {
      const res = await t.agent().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<html');
      expect(res.json().code).toBe('ROUTE_NOT_FOUND');
    }
    // Paths that merely look like files elsewhere are pages: only index.html, never a file from disk.
    const res = await t.agent().get('/%2eenv');
    expect([200, 404]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.body).toContain('<div id="root">');
    for (const url of ['/../package.json', '/assets/../../package.json', '/%2e%2e/%2e%2e/package.json']) {
      const r = await t.agent().get(url);
      expect(r.body, url).not.toContain('"dependencies"');
    }
  });

  it('an unknown API path never falls back to the web app', async () => {
    for (const url of ['/api/companies/12/nope', '/sanctum/nope', '/login']) {
      const res = await t.agent().get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('ROUTE_NOT_FOUND');
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('production mode (H2)', () => {
  it('adds HSTS and upgrade-insecure-requests, and keeps the other headers', async () => {
    const prod = await startTestApp({
      db: tdb.db,
      env: { APP_MODE: 'production', NODE_ENV: 'production', APP_URL: 'https://portal.example.test' },
    });
    try {
      for (const url of ['/api/health', '/companies/12', '/api/%']) {
        const res = await prod.agent().get(url);
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
        expect(directives(String(res.headers['content-security-policy'])).has('upgrade-insecure-requests'), url).toBe(true);
        expectSecurityHeaders(res, `production ${url}`);
      }
    } finally {
      await prod.close();
    }
  });
});
