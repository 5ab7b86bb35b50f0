import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createEmployee } from '../factories/identity';
import { Agent, startTestApp, type TestApp } from './app';
import { createTestDatabase, type TestDatabase } from './db';
import {
  type JsonSchema,
  type SampleHints,
  sampleFor,
  schemaAt,
  schemaPaths,
  type ValuePath,
  withValueAt,
} from './schema-sample';

/**
 * Hostile input on every route of the OpenAPI document (I1-I10):
 * wrong types, missing fields, malformed and deeply nested JSON, strings near and over the body
 * limit, NUL bytes, lone surrogates, huge and negative numbers, bad path ids, query values and
 * header values, first as a fixed list built from each route's schema, then as fast-check
 * mutations of a valid sample body. It holds when no answer is a 5xx, no error body shows a stack
 * or SQL, and a refused request changes no stored row. A new route is covered without anyone
 * remembering: the cases come from its schema.
 *
 * A failing case is printed as a fixture; kept in fixtures/hostile-regressions.json it is
 * replayed on every run (HOSTILE_RECORD=1 appends new ones). HOSTILE_SEED reruns a seed;
 * HOSTILE_RUNS sets the random cases per route.
 *
 * The routes are dealt over HOSTILE_SHARDS test files (test/hostile-<n>.test.ts, route i to file
 * i mod HOSTILE_SHARDS), each with its own database and app, so the run's workers share the work
 * instead of one file holding a worker for minutes. Each file makes the same records first, so
 * every route meets the same ids whichever file it lands in.
 */

interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One request, serialisable as a fixture: `{param}` in url and `{session}` in headers are filled in when sent. */
interface HostileRequest {
  note: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  /** The raw body text; JSON unless the case is about malformed JSON. */
  body?: string;
}

interface Op {
  method: string;
  /** The OpenAPI path, with `{param}` placeholders. */
  path: string;
  pathParams: OpenApiParameter[];
  query: OpenApiParameter[];
  body: JsonSchema | undefined;
  safe: boolean;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.join(here, '..', 'fixtures', 'hostile-regressions.json');
const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.HOSTILE_RUNS ?? 15);
/** How many test files share the routes (test/hostile-1.test.ts … hostile-4.test.ts). */
export const HOSTILE_SHARDS = 4;

const ALLOWED = new Set([400, 401, 403, 404, 405, 409, 413, 415, 419, 422, 429]);
const LEAKS = [
  /node_modules/,
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /\bSELECT\b/i,
  /\bINSERT INTO\b/i,
  /\bUPDATE \w+ SET\b/i,
  /syntax error/i,
  /relation "/,
  /violates .* constraint/i,
  /invalid byte sequence/i,
  /"stack"/,
];
/**
 * Tables whose rows a refused request may change by design: rate_limits counts refused sign-ins
 * (A2, A3, A3b), sessions holds the anonymous session a visitor gets and its last-seen time.
 */
const VOLATILE_TABLES = new Set(['rate_limits', 'sessions']);

const NUL = 'nul\u0000byte';
const HIGH_SURROGATE = 'half\ud800emoji';
const LOW_SURROGATE = '\udc00alone';
const ONE_MB = 1024 * 1024;

/**
 * Registers the hostile-input tests of one part of the routes: route i belongs to part
 * i mod HOSTILE_SHARDS (0-based `shard`). Everything the tests keep lives in this call, so the parts
 * share nothing when one worker runs several of them.
 */
export function hostileSuite(shard: number): void {
  let tdb: TestDatabase;
  let t: TestApp;
  let admin: Agent;
  let adminLogin: { email: string; password: string };
  let ops: Op[] = [];
  let tableNames: string[] = [];
  let loginIp = 0;
  /** Known ids per path parameter name (roleId, productId, ...), from records the test made or found. */
  const ids = new Map<string, number>();
  /** Current version per item URL, read with GET when a sample needs it. */
  const versions = new Map<string, number>();
  /** The union option of a route's body that a valid call accepted (products: from an article or from scratch). */
  const bodyChoice = new Map<string, number>();
  const problems: { problem: string; request: HostileRequest }[] = [];
  const statuses = new Map<string, Map<number, number>>();
  let requestCount = 0;

  // ---------------------------------------------------------------- sending and checking

  function fill(text: string): string {
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (name === 'session') return admin.cookieHeader();
      const id = ids.get(name);
      return id === undefined ? whole : String(id);
    });
  }

  async function send(req: HostileRequest): Promise<InjectResponse> {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers ?? {})) headers[k] = fill(v);
    if (req.body !== undefined) headers['content-type'] ??= 'application/json';
    requestCount++;
    return admin.request(req.method, fill(resolveEnums(req.url)), {
      ...(req.body !== undefined ? { body: req.body } : {}),
      headers,
    });
  }

  /** `{kind}`-style parameters that are enums are filled with their first value; ids stay placeholders until sent. */
  function resolveEnums(url: string): string {
    return url.replace(/\{(\w+)\}/g, (whole, name: string) => {
      for (const op of ops) {
        const p = op.pathParams.find((x) => x.name === name);
        if (p?.schema?.enum?.length) return String(p.schema.enum[0]);
      }
      return ids.has(name) ? whole : '1';
    });
  }

  /** What is wrong with an answer, or null: a 5xx, an unknown status, internals in the body, a body without charset. */
  function answerProblem(res: InjectResponse): string | null {
    const s = res.statusCode;
    if (s >= 500) return `status ${s}: ${res.body.slice(0, 300)}`;
    if (!(s < 400 || ALLOWED.has(s))) return `unexpected status ${s}: ${res.body.slice(0, 300)}`;
    if (s >= 400) {
      for (const leak of LEAKS) if (leak.test(res.body)) return `error body shows ${leak}: ${res.body.slice(0, 300)}`;
      const type = String(res.headers['content-type'] ?? '');
      if (type !== 'application/json; charset=utf-8') return `error body of type "${type}"`;
      const body = res.json() as { code?: unknown; message?: unknown; requestId?: unknown };
      if (typeof body.code !== 'string' || typeof body.message !== 'string' || body.message === body.code) {
        return `error body without code and readable message: ${res.body.slice(0, 300)}`;
      }
      if (typeof body.requestId !== 'string' || !/^[0-9a-f-]{36}$/.test(body.requestId))
        return `error body without request id: ${res.body.slice(0, 300)}`;
    }
    return null;
  }

  /**
   * Counts row changes per table, in the test's own copy of the database: a row trigger on every
   * table bumps its counter in the same transaction, so a rolled-back write leaves no trace. The
   * per-table hash below is then only recomputed for tables whose count moved.
   */
  async function installChangeCounters(names: string[]): Promise<void> {
    await tdb.db.raw.exec(`
    CREATE TABLE hostile_changes (table_name text PRIMARY KEY, n bigint NOT NULL);
    CREATE FUNCTION hostile_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO hostile_changes VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (table_name) DO UPDATE SET n = hostile_changes.n + 1;
      RETURN NULL;
    END $$;
    ${names.map((n) => `CREATE TRIGGER hostile_count AFTER INSERT OR UPDATE OR DELETE ON public."${n}" FOR EACH ROW EXECUTE FUNCTION hostile_count();`).join('\n')}
  `);
  }

  async function changeCounts(): Promise<Map<string, number>> {
    const rows = await tdb.db.raw.query<{ table_name: string; n: number }>(
      'SELECT table_name, n FROM hostile_changes',
      [],
      'hostile_change_counts',
    );
    return new Map(rows.map((r) => [r.table_name, Number(r.n)]));
  }

  /** md5 of a table's rows, ordered: the table's part of the digest. */
  async function tableHash(name: string): Promise<string> {
    const rows = await tdb.db.raw.query<{ h: string }>(
      `SELECT md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h FROM public."${name}" x`,
    );
    return rows[0]?.h ?? '';
  }

  /**
   * The digest: a hash per table of every row, ordered. Kept between requests and recomputed only
   * for the tables whose change count moved since it was last taken.
   */
  const digestState = { counts: new Map<string, number>(), hashes: new Map<string, string>() };

  async function digest(): Promise<Map<string, string>> {
    await t.app.platform.analytics.flush();
    const counts = await changeCounts();
    for (const name of tableNames) {
      if (!digestState.hashes.has(name) || counts.get(name) !== digestState.counts.get(name)) {
        digestState.hashes.set(name, await tableHash(name));
      }
    }
    digestState.counts = counts;
    return new Map(digestState.hashes);
  }

  function changedTables(a: Map<string, string>, b: Map<string, string>): string[] {
    return [...a.keys()].filter((k) => a.get(k) !== b.get(k));
  }

  let lastDigest: Map<string, string> | null = null;

  /** Sends one case and says what is wrong with it, or null. After a 4xx of an unsafe method, no row may have changed. */
  async function runCase(op: Op, req: HostileRequest): Promise<string | null> {
    if (!op.safe && lastDigest === null) lastDigest = await digest();
    const res = await send(req);
    const key = `${op.method} ${op.path}`;
    const counts = statuses.get(key) ?? new Map<number, number>();
    counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
    statuses.set(key, counts);
    const problem = answerProblem(res);
    if (problem) {
      lastDigest = null;
      return problem;
    }
    if (op.safe) return null;
    if (res.statusCode >= 400) {
      const now = await digest();
      const changed = changedTables(lastDigest as Map<string, string>, now);
      lastDigest = now;
      if (changed.length > 0) return `a ${res.statusCode} changed stored rows in ${changed.join(', ')}`;
    } else {
      lastDigest = null;
      forgetVersions();
    }
    return null;
  }

  function record(problem: string, request: HostileRequest): void {
    problems.push({ problem, request });
  }

  // ---------------------------------------------------------------- the routes, their ids and samples

  function operations(doc: OpenApiDocument): Op[] {
    const out: Op[] = [];
    for (const [p, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        const params = op.parameters ?? [];
        out.push({
          method: method.toUpperCase(),
          path: p,
          pathParams: params.filter((x) => x.in === 'path'),
          query: params.filter((x) => x.in === 'query'),
          body: op.requestBody?.content?.['application/json']?.schema,
          safe: method === 'get',
        });
      }
    }
    // Deletes last, so the records the other routes work on are still there.
    return [...out.filter((o) => o.method !== 'DELETE'), ...out.filter((o) => o.method === 'DELETE')];
  }

  /** The item URL a request is about (path with ids filled in), for its version. */
  const itemUrl = (op: Op) => fill(resolveEnums(op.path));

  function forgetVersions(): void {
    versions.clear();
  }

  async function versionOf(op: Op): Promise<number | undefined> {
    if (op.pathParams.length === 0) return undefined;
    const url = itemUrl(op);
    if (/\{\w+\}/.test(url)) return undefined;
    if (!versions.has(url)) {
      const res = await admin.get(url);
      // A download route (a file, an export) answers bytes, not a record with a version.
      const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
      const v = res.statusCode === 200 && isJson ? (res.json() as { data?: { version?: unknown } }).data?.version : undefined;
      versions.set(url, typeof v === 'number' ? v : 1);
    }
    return versions.get(url);
  }

  async function hintsFor(op: Op): Promise<SampleHints> {
    const version = await versionOf(op);
    return {
      version: () => version,
      id: (name) => {
        if (ids.has(name)) return ids.get(name);
        const lower = name.toLowerCase();
        for (const [k, v] of ids) if (k.toLowerCase().endsWith(lower)) return v;
        return undefined;
      },
    };
  }

  /** The top-level choices of a body schema (each option of a union), so a valid one can be found. */
  function bodyVariants(schema: JsonSchema | undefined): (JsonSchema | undefined)[] {
    const union = schema?.anyOf ?? schema?.oneOf;
    return union?.length ? union.filter((u) => u.type !== 'null') : [schema];
  }

  async function sampleBody(op: Op): Promise<unknown> {
    const hints = await hintsFor(op);
    const variants = bodyVariants(op.body);
    return sampleFor(variants[bodyChoice.get(`${op.method} ${op.path}`) ?? 0] ?? op.body, hints);
  }

  async function sampleQuery(op: Op): Promise<string> {
    const hints = await hintsFor(op);
    const pairs: [string, string][] = [];
    for (const q of op.query) if (q.required) pairs.push([q.name, String(sampleFor(q.schema, hints, q.name))]);
    return pairs.length ? `?${new URLSearchParams(pairs).toString()}` : '';
  }

  /**
   * Makes one record per collection that has an item route (POST /x next to /x/{xId}) with a valid
   * sample body, and otherwise takes the first row of the collection's list, so item routes are
   * fuzzed against a record that exists. Two passes: a record may need another one's id.
   */
  async function seedIds(): Promise<void> {
    for (let pass = 0; pass < 2; pass++) {
      for (const op of ops) {
        const m = /^(.*)\/\{(\w+)\}$/.exec(op.path);
        if (!m || ids.has(m[2] as string)) continue;
        const [, collection, param] = m as unknown as [string, string, string];
        const create = ops.find((o) => o.method === 'POST' && o.path === collection && o.body);
        if (create) {
          const variants = bodyVariants(create.body);
          for (let i = 0; i < variants.length && !ids.has(param); i++) {
            const res = await admin.post(fill(resolveEnums(collection)), sampleFor(variants[i], await hintsFor(create)));
            const id = res.statusCode === 201 ? (res.json() as { data?: { id?: unknown } }).data?.id : undefined;
            if (typeof id === 'number') {
              ids.set(param, id);
              bodyChoice.set(`POST ${collection}`, i);
            }
          }
        }
        if (!ids.has(param) && pass === 1 && ops.some((o) => o.method === 'GET' && o.path === collection)) {
          const res = await admin.get(fill(resolveEnums(collection)));
          const first = res.statusCode === 200 ? (res.json() as { data?: { id?: unknown }[] }).data?.[0]?.id : undefined;
          if (typeof first === 'number') ids.set(param, first);
        }
      }
    }
  }

  /**
   * Signs the admin in again (from a fresh address, past the sign-in limits) when a route ended the
   * session. Signing in writes rows (the session, the last login, a login event), so the digest the
   * next refused request is compared with is taken afresh. Says whether it signed in.
   */
  async function ensureAdmin(): Promise<boolean> {
    if ((await admin.get('/api/user/current')).statusCode === 200) return false;
    loginIp++;
    admin = new Agent(t.app, { ip: `10.250.${loginIp >> 8}.${loginIp & 255}` });
    await admin.login(adminLogin.email, adminLogin.password);
    lastDigest = null;
    return true;
  }

  // ---------------------------------------------------------------- the cases

  const json = (v: unknown) => JSON.stringify(v);

  function deepArray(levels: number): string {
    return `${'['.repeat(levels)}${']'.repeat(levels)}`;
  }
  function deepObject(levels: number): string {
    return `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;
  }

  /** Values that are wrong for a place of this schema type, hostile for any. */
  function wrongValuesFor(schema: JsonSchema | undefined): unknown[] {
    const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
    switch (type) {
      case 'string':
        return [NUL, HIGH_SURROGATE, LOW_SURROGATE, 'x'.repeat(10_000), 1, null, []];
      case 'integer':
      case 'number':
        return [1e308, -1, 2 ** 31, 2 ** 53 + 1, 1.5, '1', null];
      case 'boolean':
        return ['true', 1, null];
      case 'array':
        return [null, {}, 'x', Array.from({ length: 10_000 }, () => 1)];
      case 'object':
        return [null, [], 'x', { __extra: NUL }];
      default:
        return [NUL, HIGH_SURROGATE, null, -1, 1e308];
    }
  }

  /** The fixed cases of one route, built from its schema. */
  async function fixedCases(op: Op): Promise<HostileRequest[]> {
    const cases: HostileRequest[] = [];
    const base = op.path + (await sampleQuery(op));
    const sample = op.body ? await sampleBody(op) : undefined;
    const add = (note: string, o: Partial<HostileRequest> = {}) =>
      cases.push({
        note,
        method: op.method,
        url: o.url ?? base,
        ...(o.headers ? { headers: o.headers } : {}),
        ...(o.body !== undefined ? { body: o.body } : {}),
      });

    add('a valid call', sample === undefined ? {} : { body: json(sample) });

    // The body as a whole.
    if (op.body) {
      add('no body');
      for (const v of [null, [], 'x', 1, true, {}]) add(`body ${json(v)}`, { body: json(v) });
      const text = json(sample);
      add('truncated JSON', { body: text.slice(0, Math.max(1, text.length >> 1)) });
      add('JSON with a trailing comma', { body: text.replace(/}$/, ',}') });
      add('two JSON documents', { body: `${text}${text}` });
      add('a raw NUL byte in the JSON text', { body: text.replace(/"([^"]*)"/, '"$1\u0000"') });
      add('__proto__ in the body', { body: text.replace(/^\{/, '{"__proto__":{"x":1},') });
      add('10,000 nested arrays', { body: deepArray(10_000) });
      add('10,000 nested objects', { body: deepObject(10_000) });
      add('500,000 nested arrays (1 MB)', { body: deepArray(500_000) });
    } else if (!op.safe) {
      add('a body on a route that takes none', { body: json({ x: NUL }) });
    }

    // Each place in the body.
    if (op.body && sample !== null && typeof sample === 'object') {
      let nearLimitDone = false;
      for (const p of schemaPaths(op.body).filter((x) => x.length > 0)) {
        const at = schemaAt(op.body, p);
        const where = p.join('.');
        add(`${where} missing`, { body: json(withValueAt(sample, p, undefined, true)) });
        for (const v of wrongValuesFor(at)) {
          const shown =
            typeof v === 'string' && v.length > 40
              ? `${v.length} chars`
              : Array.isArray(v) && v.length > 5
                ? `${v.length} items`
                : json(v);
          add(`${where} = ${shown}`, { body: json(withValueAt(sample, p, v)) });
        }
        if (p.length === 1) {
          add(`${where} = 10,000 nested arrays`, {
            body: json(withValueAt(sample, p, '@@DEEP@@')).replace('"@@DEEP@@"', deepArray(10_000)),
          });
        }
        if (at?.type === 'string' && !nearLimitDone) {
          nearLimitDone = true;
          add(`${where} = a string over the 1 MiB body limit`, { body: json(withValueAt(sample, p, 'x'.repeat(ONE_MB))) });
          add(`${where} = a string just under the body limit`, {
            body: json(withValueAt(sample, p, 'y'.repeat(ONE_MB - json(sample).length - 64))),
          });
        }
      }
      add('an unknown property', { body: json(withValueAt(sample, ['__extra'], NUL)) });
    }

    // The query.
    const hostileQueryValues = ['%00', '%ED%A0%80', '%FF', 'x'.repeat(10_000), '-1', '99999999999999999999', '1e309'];
    const sep = base.includes('?') ? '&' : '?';
    for (const q of op.query) {
      for (const v of hostileQueryValues)
        add(`query ${q.name}=${v.slice(0, 20)}`, {
          url: `${base}${sep}${q.name}=${v}`,
          ...(sample !== undefined ? { body: json(sample) } : {}),
        });
      add(`query ${q.name} repeated`, { url: `${base}${sep}${q.name}=1&${q.name}=2` });
    }
    add('an unknown query parameter', { url: `${base}${sep}zz%00=1` });
    add('__proto__ in the query', { url: `${base}${sep}__proto__[x]=1` });

    // The path.
    for (const p of op.pathParams) {
      for (const v of [
        '0',
        '-1',
        '999999',
        '2147483648',
        '1.5',
        'abc',
        '%00',
        '%ED%A0%80',
        '%2e%2e%2f%2e%2e%2fetc',
        'a'.repeat(250),
      ]) {
        add(`path ${p.name}=${v.slice(0, 20)}`, {
          url: base.replace(`{${p.name}}`, v),
          ...(sample !== undefined ? { body: json(sample) } : {}),
        });
      }
    }

    // Headers the app reads.
    const withBody = sample !== undefined ? { body: json(sample) } : {};
    for (const v of ['2147483648', `1${NUL}`]) add(`Acting-As: ${json(v)}`, { headers: { 'acting-as': v }, ...withBody });
    add('User-Agent with a NUL byte', { headers: { 'user-agent': `Mozilla${NUL}` }, ...withBody });
    add('X-XSRF-TOKEN with a NUL byte', { headers: { 'x-xsrf-token': `t${NUL}` }, ...withBody });
    add('a cookie with a NUL byte', { headers: { cookie: '{session}; extra=a%00b' }, ...withBody });
    return cases;
  }

  /** A hostile string: any text with a NUL or a lone surrogate somewhere, or plain odd text. */
  const hostileString = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc
      .tuple(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('\u0000', '\ud800', '\udfff', '\u202e', '\ufeff'),
        fc.string({ maxLength: 20 }),
      )
      .map(([a, c, b]) => `${a}${c}${b}`),
    fc.constantFrom('x'.repeat(5000), '', ' ', '0', '-0', 'null', 'true', '[]', '{}', '../../etc/passwd', "' OR 1=1 --"),
  );

  const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
    { weight: 3, arbitrary: hostileString },
    { weight: 2, arbitrary: fc.anything({ maxDepth: 3, withNullPrototype: false }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double(),
        fc.constantFrom(1e308, -1e308, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, -0, 0.1),
      ),
    },
    { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 5 }) },
  );

  /** Percent-encodes a query or path value the way a client would, or sends it raw when it cannot be encoded. */
  function encodeValue(v: string): string {
    try {
      return encodeURIComponent(v);
    } catch {
      return v.replace(/[^\w.-]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
    }
  }

  /** fast-check mutations of a route's valid sample: one place in the body, the query or the path at a time. */
  function mutations(op: Op, sample: unknown, base: string): fc.Arbitrary<HostileRequest> {
    const paths = op.body ? schemaPaths(op.body) : [];
    const sep = base.includes('?') ? '&' : '?';
    const withSample = sample !== undefined ? { body: json(sample) } : {};
    const arbs: fc.Arbitrary<HostileRequest>[] = [];
    if (paths.length > 0) {
      const pathArb = fc.constantFrom(...paths);
      arbs.push(
        fc.tuple(pathArb, hostileValue).map(([p, v]) => ({
          note: `fast-check: ${p.join('.') || 'body'} replaced`,
          method: op.method,
          url: base,
          body: json(withValueAt(sample, p as ValuePath, v)) ?? 'undefined',
        })),
        fc.tuple(pathArb, fc.string({ maxLength: 12 }), hostileValue).map(([p, k, v]) => ({
          note: `fast-check: key added at ${p.join('.') || 'body'}`,
          method: op.method,
          url: base,
          body: json(withValueAt(sample, [...(p as ValuePath), k], v)) ?? 'undefined',
        })),
        fc.subarray(paths.filter((p) => p.length > 0)).map((drop) => ({
          note: `fast-check: ${drop.map((p) => p.join('.')).join(', ')} dropped`,
          method: op.method,
          url: base,
          body: json(drop.reduce((acc: unknown, p) => withValueAt(acc, p, undefined, true), sample)),
        })),
      );
    }
    if (op.body) {
      arbs.push(
        fc
          .string({ unit: 'binary', maxLength: 200 })
          .map((raw) => ({ note: 'fast-check: raw text body', method: op.method, url: base, body: raw })),
      );
    }
    // Declared query and path parameters, and query keys the route does not know.
    const names = [...op.query.map((q) => q.name), ...op.pathParams.map((p) => `{${p.name}}`)];
    const nameArb =
      names.length > 0 ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
    arbs.push(
      fc.tuple(nameArb, hostileString).map(([name, v]) => ({
        note: `fast-check: ${name} = hostile`,
        method: op.method,
        url:
          name.startsWith('{') && base.includes(name)
            ? base.replace(name, encodeValue(v) || '%20')
            : `${base}${sep}${encodeValue(name)}=${encodeValue(v)}`,
        ...withSample,
      })),
    );
    arbs.push(
      fc
        .tuple(fc.constantFrom('acting-as', 'user-agent', 'x-xsrf-token', 'accept-language', 'cookie'), hostileString)
        .map(([h, v]) => ({
          note: `fast-check: header ${h} = hostile`,
          method: op.method,
          url: base,
          headers: { [h]: h === 'cookie' ? `{session}; x=${encodeValue(v)}` : v.replace(/[\r\n]/g, ' ') },
          ...withSample,
        })),
    );
    return fc.oneof(...arbs);
  }

  // ---------------------------------------------------------------- the test

  beforeAll(async () => {
    const t0 = Date.now();
    tdb = await createTestDatabase();
    const t1 = Date.now();
    t = await startTestApp({ db: tdb.db });
    const t2 = Date.now();
    const a = await createEmployee(tdb.db, { admin: true });
    adminLogin = { email: a.email, password: a.password };
    admin = t.agent();
    await admin.login(a.email, a.password);
    ids.set('companyId', (await createCompany(tdb.db)).id);
    ops = operations(t.app.swagger() as unknown as OpenApiDocument);
    tableNames = (
      await tdb.db.raw.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name",
      )
    )
      .map((r) => r.table_name)
      .filter((n) => !VOLATILE_TABLES.has(n));
    const t3 = Date.now();
    await installChangeCounters(tableNames);
    await seedIds();
    if (process.env.HOSTILE_STATS)
      console.info(`setup: db ${t1 - t0} ms, app ${t2 - t1} ms, login ${t3 - t2} ms, seed ${Date.now() - t3} ms`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await tdb?.drop();
  });

  describe(`hostile input on every route (I1-I10), part ${shard + 1} of ${HOSTILE_SHARDS}`, () => {
    it('replays the kept counterexamples', async () => {
      const kept = JSON.parse(fs.readFileSync(FIXTURES, 'utf8')) as HostileRequest[];
      expect(kept.length).toBeGreaterThan(0);
      const before = problems.length;
      for (const req of kept) {
        const op = ops.find(
          (o) => o.method === req.method && new RegExp(`^${o.path.replace(/\{\w+\}/g, '[^/]+')}(\\?|$)`).test(req.url),
        );
        const fallback: Op = {
          method: req.method,
          path: req.url,
          pathParams: [],
          query: [],
          body: undefined,
          safe: req.method === 'GET',
        };
        if ((op ? ops.indexOf(op) : 0) % HOSTILE_SHARDS !== shard) continue;
        const problem = await runCase(op ?? fallback, req);
        if (problem) record(problem, req);
        await ensureAdmin();
      }
      expect(problems.slice(before)).toEqual([]);
    }, 60_000);

    it('no route answers a 5xx or shows internals, and a refused request changes nothing', async () => {
      console.info(`hostile input: seed ${SEED} (HOSTILE_SEED=${SEED} reruns it), ${RUNS} random cases per route`);
      expect(ops.length).toBeGreaterThan(40);
      const started = Date.now();
      const only = process.env.HOSTILE_ONLY ? new RegExp(process.env.HOSTILE_ONLY) : null;
      for (const [index, op] of ops.entries()) {
        if (index % HOSTILE_SHARDS !== shard) continue;
        if (only && !only.test(`${op.method} ${op.path}`)) continue;
        const opStarted = Date.now();
        const opRequests = requestCount;
        let before = op.safe ? await digest() : null;
        lastDigest = null;
        for (const req of await fixedCases(op)) {
          const problem = await runCase(op, req);
          if (problem) record(problem, req);
        }
        // A GET that lost the session (a case replaced the cookie) is compared from the new sign-in on.
        if ((await ensureAdmin()) && before) before = await digest();
        // HOSTILE_RUNS=0 (the PGlite run of `npm test` when PostgreSQL runs them): the fixed cases only.
        const result =
          RUNS === 0
            ? null
            : await fc.check(
                fc.asyncProperty(
                  mutations(op, op.body ? await sampleBody(op) : undefined, op.path + (await sampleQuery(op))),
                  async (req) => {
                    const problem = await runCase(op, req);
                    if (problem) throw new Error(problem);
                  },
                ),
                { seed: SEED + index, numRuns: RUNS },
              );
        if (result?.failed && result.counterexample) {
          record(
            `${(result.errorInstance as Error | undefined)?.message ?? 'failed'} (seed ${SEED + index}, path ${result.counterexamplePath})`,
            result.counterexample[0],
          );
        }
        if ((await ensureAdmin()) && before) before = await digest();
        if (before) {
          const changed = changedTables(before, await digest());
          if (changed.length > 0)
            record(`GET changed stored rows in ${changed.join(', ')}`, {
              note: 'the whole GET batch',
              method: op.method,
              url: op.path,
            });
        }
        if (process.env.HOSTILE_STATS) {
          console.info(`${op.method} ${op.path}: ${requestCount - opRequests} requests, ${Date.now() - opStarted} ms`);
        }
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const mine = ops.filter((_, i) => i % HOSTILE_SHARDS === shard).length;
      console.info(
        `hostile input, part ${shard + 1} of ${HOSTILE_SHARDS}: ${mine} of ${ops.length} routes, ${requestCount} requests in ${seconds} s`,
      );
      if (process.env.HOSTILE_STATS) {
        for (const [k, v] of statuses) console.info(k, JSON.stringify(Object.fromEntries(v)));
      }
      if (problems.length > 0) {
        const lines = problems.map(
          (p) =>
            `${p.problem}\n  fixture: ${JSON.stringify({ ...p.request, note: `${p.request.note} (${p.problem.slice(0, 80)})` })}`,
        );
        console.error(`hostile input: ${problems.length} problems\n${lines.join('\n')}`);
        if (process.env.HOSTILE_RECORD) {
          const kept = JSON.parse(fs.readFileSync(FIXTURES, 'utf8')) as HostileRequest[];
          fs.writeFileSync(FIXTURES, `${JSON.stringify([...kept, ...problems.map((p) => p.request)], null, 2)}\n`);
        }
      }
      expect(problems.map((p) => `${p.request.method} ${p.request.url} [${p.request.note}]: ${p.problem}`)).toEqual([]);
      // The session survived the barrage (or was restored), so the cases ran signed in as an admin.
      expect((await admin.get('/api/user/current')).statusCode).toBe(200);
      // About a second a route on a quiet machine; the limit leaves room for a busy one.
    }, 900_000);
  });
}
