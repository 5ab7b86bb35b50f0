/**
 * Benchmark runner for G1 (GET /api/user/current) and G2 (POST /api/science), PERFORMANCE.md
 * sections 3 and 4. Load comes from autocannon in this process; the servers run in child
 * processes (pg: baseline and app in two processes; PGlite: both in one, see app-server.ts).
 *
 *   npm run bench                      pg only
 *   npm run bench -- --pglite          pg, then PGlite
 *   npm run bench -- --pglite-only     PGlite only
 *   options: --rounds 3 --duration 10 --warmup 3 --connections 50 --fixed 10000 --extra --json out.json
 */
import { type ChildProcess, fork } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { type ChildMessage, COOKIE_NAME, csrfTokenFor, pageViewBody, randomSession, SESSIONS, sessionToken } from './common.ts';
import { createPgDatabase, PG_ADMIN_URL, seed } from './seed.ts';

type Driver = 'pg' | 'pglite';

const { values: opt } = parseArgs({
  options: {
    pglite: { type: 'boolean', default: false },
    'pglite-only': { type: 'boolean', default: false },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    fixed: { type: 'string', default: '10000' },
    extra: { type: 'boolean', default: false },
    scenarios: { type: 'string' },
    'no-fixed': { type: 'boolean', default: false },
    'no-single': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
});

const ROUNDS = Number(opt.rounds);
const DURATION = Number(opt.duration);
const WARMUP = Number(opt.warmup);
const CONNECTIONS = Number(opt.connections);
const FIXED = Number(opt.fixed);
const DRIVERS: Driver[] = opt['pglite-only'] ? ['pglite'] : opt.pglite ? ['pg', 'pglite'] : ['pg'];

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string;
  server: 'app' | 'baseline';
  method: 'GET' | 'POST';
  path: string;
  what: string;
}

const SCENARIOS: Record<string, Scenario> = {
  'B-pk': { name: 'B-pk', server: 'baseline', method: 'GET', path: '/b/pk', what: 'one PK SELECT on sessions' },
  G1: { name: 'G1', server: 'app', method: 'GET', path: '/api/user/current', what: 'app GET /api/user/current' },
  'B-bare': { name: 'B-bare', server: 'baseline', method: 'GET', path: '/b/bare', what: 'constant, no database' },
  G2: { name: 'G2', server: 'app', method: 'POST', path: '/api/science', what: 'app POST /api/science' },
  'B-buffered': { name: 'B-buffered', server: 'baseline', method: 'POST', path: '/b/buffered', what: 'push + 200 ms batch' },
  'B-current': { name: 'B-current', server: 'baseline', method: 'GET', path: '/b/current', what: '1 join query + perm map' },
  'B-insert': { name: 'B-insert', server: 'baseline', method: 'POST', path: '/b/insert', what: 'one INSERT per request' },
};

const REQUIRED = ['B-pk', 'G1', 'B-bare', 'G2', 'B-buffered'];
const ROUND_ORDER = opt.scenarios
  ? opt.scenarios.split(',').map((s) => s.trim())
  : ['B-pk', 'G1', 'B-current', 'B-bare', 'G2', 'B-buffered', ...(opt.extra ? ['B-insert'] : [])];
for (const name of ROUND_ORDER) if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);

// A few prebuilt bodies, so the load generator does not spend its CPU on JSON.stringify.
const BODIES = Array.from({ length: 20 }, (_, i) => pageViewBody(i));

/**
 * Every request carries a random seeded session (cookie sid=tokN); POSTs also carry that
 * session's CSRF token and a page-view body. Baselines get the same requests so that the load
 * generator does the same work for both sides of a ratio.
 */
function requestsFor(s: Scenario): autocannon.Request[] {
  return [
    {
      method: s.method,
      path: s.path,
      setupRequest: (req): autocannon.RequestParams => {
        const n = randomSession();
        const cookie = `${COOKIE_NAME}=${sessionToken(n)}`;
        if (s.method === 'GET') return { ...req, headers: { cookie } };
        return {
          ...req,
          headers: { cookie, 'x-xsrf-token': csrfTokenFor(n), 'content-type': 'application/json' },
          body: BODIES[n % BODIES.length] ?? '{}',
        };
      },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Measuring

/** Response times as autocannon reports them per response, in ms with sub-ms precision (its own histogram keeps whole ms). */
class Latencies {
  private data = new Float64Array(1 << 16);
  private n = 0;
  add(ms: number): void {
    if (this.n === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.n++] = ms;
  }
  percentiles(...ps: number[]): number[] {
    const sorted = this.data.subarray(0, this.n).sort();
    return ps.map((p) =>
      this.n === 0 ? Number.NaN : (sorted[Math.min(this.n - 1, Math.ceil((p / 100) * this.n) - 1)] ?? Number.NaN),
    );
  }
}

interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  total: number;
  /** Seconds from start to the last response. */
  wall: number;
  statuses: Record<string, number>;
}

async function measure(
  base: string,
  s: Scenario,
  load: { connections: number; duration?: number; amount?: number },
): Promise<Measurement> {
  const lat = new Latencies();
  const t0 = performance.now();
  const inst = autocannon({
    url: base,
    connections: load.connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.duration ?? DURATION }),
    timeout: 10,
    requests: requestsFor(s),
  });
  inst.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => lat.add(ms));
  const res = await inst;
  const wall = (performance.now() - t0) / 1000;
  const [p50 = Number.NaN, p99 = Number.NaN] = lat.percentiles(50, 99);
  const statuses: Record<string, number> = {};
  for (const [code, v] of Object.entries(res.statusCodeStats)) statuses[code] = v.count;
  return {
    rps: res['2xx'] / (load.amount ? wall : res.duration),
    p50,
    p99,
    non2xx: res.non2xx,
    errors: res.errors,
    total: res.requests.total,
    wall,
    statuses,
  };
}

async function scenario(urls: Urls, name: string, load: { connections: number; duration: number }): Promise<Measurement> {
  const s = SCENARIOS[name];
  if (!s) throw new Error(`unknown scenario ${name}`);
  const base = urls[s.server];
  await measure(base, s, { connections: load.connections, duration: WARMUP });
  return measure(base, s, load);
}

// ---------------------------------------------------------------------------------------------
// Servers

interface Urls {
  app: string;
  baseline: string;
}

interface Servers {
  urls: Urls;
  note: string;
  stop(): Promise<void>;
}

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const children = new Set<ChildProcess>();

function startChild(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; ready: ChildMessage }> {
  return new Promise((resolve, reject) => {
    const child = fork(here(file), args, {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    const timer = setTimeout(() => reject(new Error(`${file} did not start within 180 s`)), 180_000);
    child.once('message', (m: ChildMessage) => {
      clearTimeout(timer);
      if (m.type === 'ready') resolve({ child, ready: m });
      else reject(new Error(`${file}: ${m.message}`));
    });
    child.once('exit', (code) => {
      children.delete(child);
      clearTimeout(timer);
      reject(new Error(`${file} exited with ${code} before it was ready`));
    });
  });
}

/** SIGTERM to the child's pid (it closes its servers, flushes, closes the database), SIGKILL after 15 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  process.kill(child.pid, 'SIGTERM');
  const killed = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
  if (killed && child.pid !== undefined) {
    process.kill(child.pid, 'SIGKILL');
    await exited;
  }
  children.delete(child);
}

let dropDatabase: (() => Promise<void>) | null = null;

async function startServers(driver: Driver): Promise<Servers> {
  if (driver === 'pg') {
    const t0 = performance.now();
    const bench = await createPgDatabase();
    dropDatabase = bench.drop;
    const db = await openDatabase({ url: bench.url, poolSize: 2, applicationName: 'bench-seed' });
    try {
      await migrate(db);
      const s = await seed(db);
      log(
        `seeded ${bench.name}: ${s.sessions} sessions, ${s.accounts} accounts, ${s.companies} companies, ${s.roles} role (${fmt((performance.now() - t0) / 1000, 1)} s)`,
      );
    } finally {
      await db.close();
    }
    const env = { DATABASE_URL: bench.url };
    const [b, a] = await Promise.all([startChild('./baseline-server.ts', [], env), startChild('./app-server.ts', [], env)]);
    const bp = b.ready.type === 'ready' ? b.ready.ports.baseline : undefined;
    const ap = a.ready.type === 'ready' ? a.ready.ports.app : undefined;
    return {
      urls: { app: `http://127.0.0.1:${ap}`, baseline: `http://127.0.0.1:${bp}` },
      note: `pg: database ${bench.name}; baseline (pid ${b.child.pid}) and app (pid ${a.child.pid}) in separate processes, pool size 10 each`,
      async stop() {
        await Promise.all([stopChild(a.child), stopChild(b.child)]);
      },
    };
  }
  const t0 = performance.now();
  const c = await startChild('./app-server.ts', ['--pglite'], {});
  if (c.ready.type !== 'ready') throw new Error('unexpected');
  log(`PGlite in memory: migrated and seeded (${SESSIONS} sessions) and serving in ${fmt((performance.now() - t0) / 1000, 1)} s`);
  return {
    urls: { app: `http://127.0.0.1:${c.ready.ports.app}`, baseline: `http://127.0.0.1:${c.ready.ports.baseline}` },
    note: `PGlite: app and baseline routes run in ONE process (pid ${c.child.pid}) on ONE in-memory PGlite instance, on two ports (PGlite cannot be shared between processes); ratios compare routes that share that process's single thread`,
    stop: () => stopChild(c.child),
  };
}

async function counts(urls: Urls): Promise<{ app: number; bench: number }> {
  const res = await fetch(`${urls.baseline}/b/count`);
  if (!res.ok) throw new Error(`/b/count answered ${res.status}`);
  return (await res.json()) as { app: number; bench: number };
}

interface FixedResult {
  wall: number;
  storedAfter: number;
  stored: number;
  non2xx: number;
  errors: number;
}

/** FIXED POSTs to /api/science over CONNECTIONS connections; then wait for the flush and count the new rows. */
async function fixedCount(urls: Urls): Promise<FixedResult> {
  await sleep(500); // earlier rounds' buffers have flushed (200 ms)
  const before = (await counts(urls)).app;
  const s = SCENARIOS.G2;
  if (!s) throw new Error('G2');
  const t0 = performance.now();
  const m = await measure(urls.app, s, { connections: CONNECTIONS, amount: FIXED });
  let stored = 0;
  let storedAfter = Number.NaN;
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    stored = (await counts(urls)).app - before;
    if (stored >= FIXED) {
      storedAfter = (performance.now() - t0) / 1000;
      break;
    }
    await sleep(25);
  }
  return { wall: m.wall, storedAfter, stored, non2xx: m.non2xx, errors: m.errors };
}

// ---------------------------------------------------------------------------------------------
// Judging and printing

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? Number.NaN) + (s[mid] ?? Number.NaN)) / 2;
};

function fmt(v: number, digits = 2): string {
  if (!Number.isFinite(v)) return '-';
  return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function log(line = ''): void {
  console.log(line);
}

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  log(`  ${line(head)}`);
  log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) log(`  ${line(r)}`);
}

interface Check {
  goal: string;
  target: string;
  values: number[];
  pass: (v: number) => boolean;
  show: (v: number) => string;
  /** Correctness rather than speed: any round that misses fails it. */
  strict?: boolean;
}

interface Round {
  m: Record<string, Measurement>;
  fixed: FixedResult;
}

function checksFor(driver: Driver, rounds: Round[]): { checks: Check[]; info: Check[] } {
  const get = (r: Round, k: string): Measurement => {
    const v = r.m[k];
    if (!v) throw new Error(`no ${k}`);
    return v;
  };
  const ratio = (a: string, b: string) => rounds.map((r) => get(r, a).rps / get(r, b).rps);
  const limit = driver === 'pg' ? 5 : 8;
  const checks: Check[] = [
    {
      goal: 'G1 throughput',
      target: 'G1 / B-pk >= 0.70',
      values: ratio('G1', 'B-pk'),
      pass: (v) => v >= 0.7,
      show: (v) => fmt(v),
    },
    {
      goal: 'G1 p99',
      target: 'G1 p99 <= 1.5 x B-pk p99',
      values: rounds.map((r) => get(r, 'G1').p99 / get(r, 'B-pk').p99),
      pass: (v) => v <= 1.5,
      show: (v) => `${fmt(v)} x`,
    },
    {
      goal: 'G2 throughput',
      target: 'G2 / B-bare >= 0.50',
      values: ratio('G2', 'B-bare'),
      pass: (v) => v >= 0.5,
      show: (v) => fmt(v),
    },
    {
      goal: 'G2 p99',
      target: 'G2 p99 <= 25 ms',
      values: rounds.map((r) => get(r, 'G2').p99),
      pass: (v) => v <= 25,
      show: (v) => `${fmt(v)} ms`,
    },
    {
      goal: `G2 ${FIXED} POSTs`,
      target: `wall time <= ${limit} s`,
      values: rounds.map((r) => r.fixed.wall),
      pass: (v) => v <= limit,
      show: (v) => `${fmt(v)} s`,
    },
    {
      goal: `G2 ${FIXED} stored`,
      target: `all ${FIXED} rows in analytics_events`,
      values: rounds.map((r) => r.fixed.stored),
      pass: (v) => v === FIXED,
      show: (v) => String(v),
      strict: true,
    },
  ];
  const info: Check[] = [
    {
      goal: 'G2 vs B-pk',
      target: 'one-INSERT variant goal >= 0.40',
      values: ratio('G2', 'B-pk'),
      pass: (v) => v >= 0.4,
      show: (v) => fmt(v),
    },
    {
      goal: 'G2 vs B-buffered',
      target: 'buffered baseline (info)',
      values: ratio('G2', 'B-buffered'),
      pass: () => true,
      show: (v) => fmt(v),
    },
    {
      goal: 'B-buffered vs B-bare',
      target: 'doc: 0.60-1.15',
      values: ratio('B-buffered', 'B-bare'),
      pass: () => true,
      show: (v) => fmt(v),
    },
  ];
  if (opt.extra) {
    info.push(
      {
        goal: 'G1 vs B-current',
        target: 'app overhead over the 1-query baseline (info)',
        values: ratio('G1', 'B-current'),
        pass: () => true,
        show: (v) => fmt(v),
      },
      {
        goal: 'B-current vs B-pk',
        target: 'doc: 0.85-1.05',
        values: ratio('B-current', 'B-pk'),
        pass: () => true,
        show: (v) => fmt(v),
      },
      {
        goal: 'B-insert vs B-pk',
        target: 'doc: 0.40-0.62',
        values: ratio('B-insert', 'B-pk'),
        pass: () => true,
        show: (v) => fmt(v),
      },
    );
  }
  return { checks, info };
}

function verdict(c: Check): string {
  const misses = c.values.filter((v) => !c.pass(v)).length;
  if (c.strict) return misses === 0 ? 'PASS' : `FAIL (${misses} of ${c.values.length} rounds)`;
  const medOk = c.pass(median(c.values));
  if (medOk && misses === 0) return 'PASS';
  // Section 3: fails only if the median misses and at least 2 of 3 rounds miss (all, with fewer rounds).
  if (medOk || misses < Math.min(2, c.values.length)) return `PASS (${misses} of ${c.values.length} rounds missed)`;
  return `FAIL (median misses, ${misses} of ${c.values.length} rounds miss)`;
}

function printMeasurements(ms: Record<string, Measurement>, names: string[], label: (k: string) => string): void {
  table(
    ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors', 'requests'],
    names.map((k) => {
      const m = ms[k];
      if (!m) return [k];
      return [label(k), fmt(m.rps, 0), fmt(m.p50), fmt(m.p99), String(m.non2xx), String(m.errors), String(m.total)];
    }),
  );
  for (const k of names) {
    const m = ms[k];
    if (m && m.non2xx > 0) log(`  ! ${k} status codes: ${JSON.stringify(m.statuses)}`);
  }
}

const scenarioLabel = (k: string) => {
  const s = SCENARIOS[k];
  return s ? `${k.padEnd(10)} ${s.method.padEnd(4)} ${s.path.padEnd(17)} (${s.what})` : k;
};

// ---------------------------------------------------------------------------------------------

interface DriverReport {
  driver: Driver;
  note: string;
  rounds: Round[];
  singleConnection: Record<string, Measurement>;
  verdicts: { goal: string; target: string; values: number[]; median: number; verdict: string }[];
}

async function runDriver(driver: Driver): Promise<DriverReport> {
  log();
  log(`=== driver: ${driver} ${'='.repeat(80)}`);
  const servers = await startServers(driver);
  try {
    log(servers.note);
    log(`app ${servers.urls.app}, baseline ${servers.urls.baseline}`);
    log(
      `each scenario: warm-up ${WARMUP} s, then ${CONNECTIONS} connections for ${DURATION} s; random session tok1..tok${SESSIONS} per request`,
    );
    const rounds: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const m: Record<string, Measurement> = {};
      for (const name of ROUND_ORDER)
        m[name] = await scenario(servers.urls, name, { connections: CONNECTIONS, duration: DURATION });
      const fixed = await fixedCount(servers.urls);
      rounds.push({ m, fixed });
      log();
      log(`--- ${driver}, round ${r} of ${ROUNDS}`);
      printMeasurements(m, ROUND_ORDER, scenarioLabel);
      const g = (k: string) => m[k] ?? ({ rps: Number.NaN, p99: Number.NaN } as Measurement);
      log(
        `  G1/B-pk ${fmt(g('G1').rps / g('B-pk').rps)} (p99 ${fmt(g('G1').p99 / g('B-pk').p99)} x)   G2/B-bare ${fmt(g('G2').rps / g('B-bare').rps)} (p99 ${fmt(g('G2').p99)} ms)`,
      );
      log(
        `  fixed count: ${FIXED} POSTs over ${CONNECTIONS} connections in ${fmt(fixed.wall)} s, ${fixed.stored} of ${FIXED} stored ` +
          `(all in the table ${fmt(fixed.storedAfter)} s after the start), non-2xx ${fixed.non2xx}, errors ${fixed.errors}`,
      );
    }

    // Single connection: the latency floor.
    const single: Record<string, Measurement> = {};
    for (const name of ['B-pk', 'B-current', 'G1']) {
      const s = SCENARIOS[name];
      if (!s) continue;
      const base = servers.urls[s.server];
      await measure(base, s, { connections: 1, duration: 1 });
      single[name] = await measure(base, s, { connections: 1, duration: 5 });
    }

    log();
    log(`--- ${driver}, medians of ${ROUNDS} rounds`);
    const med: Record<string, Measurement> = {};
    for (const k of ROUND_ORDER) {
      const xs = rounds.map((r) => r.m[k]).filter((x): x is Measurement => !!x);
      med[k] = {
        rps: median(xs.map((x) => x.rps)),
        p50: median(xs.map((x) => x.p50)),
        p99: median(xs.map((x) => x.p99)),
        non2xx: xs.reduce((a, x) => a + x.non2xx, 0),
        errors: xs.reduce((a, x) => a + x.errors, 0),
        total: xs.reduce((a, x) => a + x.total, 0),
        wall: Number.NaN,
        statuses: {},
      };
    }
    printMeasurements(med, ROUND_ORDER, scenarioLabel);
    log('  (non-2xx, errors and requests: sums over the rounds)');

    log();
    log(`--- ${driver}, single connection (-c 1 -d 5)`);
    printMeasurements(single, Object.keys(single), scenarioLabel);

    const { checks, info } = checksFor(driver, rounds);
    const g1single = single.G1?.p50 ?? Number.NaN;
    log();
    log(`--- ${driver}, goals (a goal fails only if the median misses and >= 2 of ${ROUNDS} rounds miss)`);
    const verdicts: DriverReport['verdicts'] = [];
    const rows = checks.map((c) => {
      const v = verdict(c);
      verdicts.push({ goal: c.goal, target: c.target, values: c.values, median: median(c.values), verdict: v });
      return [c.goal, c.target, c.values.map(c.show).join(' | '), c.show(median(c.values)), v];
    });
    const singleVerdict = driver === 'pg' ? (g1single <= 1 ? 'PASS' : 'FAIL') : 'info (judged on pg only)';
    verdicts.push({
      goal: 'G1 single connection',
      target: 'p50 <= 1 ms (pg)',
      values: [g1single],
      median: g1single,
      verdict: singleVerdict,
    });
    rows.push(['G1 single connection', 'p50 <= 1 ms (pg)', `${fmt(g1single)} ms`, `${fmt(g1single)} ms`, singleVerdict]);
    table(['goal', 'target', 'rounds', 'median', 'verdict'], rows);
    log();
    log(`--- ${driver}, other ratios (information)`);
    table(
      ['ratio', 'reference', 'rounds', 'median'],
      info.map((c) => [c.goal, c.target, c.values.map(c.show).join(' | '), c.show(median(c.values))]),
    );
    return { driver, note: servers.note, rounds, singleConnection: single, verdicts };
  } finally {
    await servers.stop();
    if (dropDatabase) {
      await dropDatabase();
      log(`dropped the bench database`);
      dropDatabase = null;
    }
  }
}

async function cleanup(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c).catch(() => {})));
  if (dropDatabase) await dropDatabase().catch(() => {});
}

async function main(): Promise<void> {
  let sigint = false;
  process.on('SIGINT', () => {
    if (sigint) return;
    sigint = true;
    log('interrupted: stopping servers and dropping the bench database');
    cleanup().then(
      () => process.exit(130),
      () => process.exit(130),
    );
  });

  let pgVersion = 'not used';
  if (DRIVERS.includes('pg')) {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    pgVersion = ((await c.query<{ v: string }>('SELECT current_setting($$server_version$$) AS v')).rows[0]?.v ?? '?').split(' ')[0] ?? '?';
    await c.end();
  }
  log(
    `bench: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), PostgreSQL ${pgVersion}, autocannon in the runner process (pid ${process.pid})`,
  );
  log(`drivers: ${DRIVERS.join(', ')}; ${ROUNDS} rounds of: ${ROUND_ORDER.join(', ')}, then ${FIXED} POSTs to /api/science`);
  const started = performance.now();
  const reports: DriverReport[] = [];
  try {
    for (const d of DRIVERS) reports.push(await runDriver(d));
  } finally {
    await cleanup();
  }
  log();
  log(`total time ${fmt((performance.now() - started) / 1000, 0)} s`);
  if (opt.json) {
    writeFileSync(opt.json, JSON.stringify(reports, null, 2));
    log(`results written to ${opt.json}`);
  }
}

main().catch(async (err: unknown) => {
  console.error(err);
  await cleanup();
  process.exit(1);
});
