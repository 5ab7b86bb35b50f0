/**
 * Benchmark runner for the performance goals (docs/requirements/performance.md): G1 (GET
 * /api/user/current), G2 (POST /api/science), G3 (GET /api/articles at 100,000 articles) and G4
 * (the ERP import of 50,000 articles). HTTP load comes from autocannon in this process; the
 * servers run in child processes (pg: baseline and app in two processes; PGlite: both in one, see
 * app-server.ts). G4 runs in this process against its own database (g4.ts).
 *
 *   npm run bench                      G1 and G2 on pg
 *   npm run bench -- --pglite          pg, then PGlite
 *   npm run bench -- --pglite-only     PGlite only
 *   npm run bench -- --g3              G3 instead of G1/G2: the articles list against B-list
 *   npm run bench -- --g4              G4 only: the ERP import against B-upsert
 *   npm run bench -- --catalogue       G3, then G4
 *   npm run bench -- --projects        G3 on the project lists: areas, an area's tasks, the project's tasks
 *   npm run bench -- --portal          G3 on the portal's company products: unfiltered and one type
 *   npm run bench -- --hours           G3 on booked hours: the week view, projects/hours unfiltered and one project
 *   npm run bench -- --leave           G3 on the leave card: the card of a person with five years of data, one total's lines
 *   npm run bench -- --list-export     list exports: 100,000 articles as XLSX and CSV, time and peak memory against 10,000 (bench/list-export.ts)
 *   npm run bench -- --search          the one search: p50/p95/p99 of GET /api/search at 100,000 articles, 500 projects, 50,000 people (bench/search.ts)
 *   npm run bench -- --production      one bench over everything: ONE production-size data set in ONE database
 *                                      (bench/production.ts), every hot path on it, ONE table of verdicts; add
 *                                      --pglite for pg then PGlite, --scale F to multiply every size (0.02: a check)
 *   options: --rounds 3 --duration 10 --warmup 3 --connections 50 --fixed 10000 --extra --json out.json
 *            --articles 100000 (G3's catalogue) --g4-size 50000 --g4-batch 5000 --g4-page 1000 --no-e2e
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import type { ChildAnswer, ChildRequest } from './app-server.ts';
import { pgliteSql, pgSql } from './baseline-server.ts';
import { seedCatalogue } from './catalogue.ts';
import {
  type ChildMessage,
  COOKIE_NAME,
  csrfTokenFor,
  pageViewBody,
  randomEmployeeSession,
  randomSession,
  SESSIONS,
  sessionToken,
} from './common.ts';
import { cores, cpuBetween, snapshot } from './cpu.ts';
import { type G4Report, runG4 } from './g4.ts';
import { type G5Timings, g5Checks, measureG5 } from './g5.ts';
import { hoursFilterProject, randomHoursEmployee, randomHoursWeek, seedHours } from './hours.ts';
import { type BenchIds, benchIds, pick, useIds } from './ids.ts';
import { LEAVE_CARD_YEAR, randomLeaveEmployee, randomLeaveYear, seedLeave } from './leave-card.ts';
import { timeListExports } from './list-export.ts';
import { PORTAL_FILTER_TYPE, randomPortalCompany, randomPortalSession, seedPortal } from './portal.ts';
import { describeSizes, productionSizes, seedProduction } from './production.ts';
import { seedProject } from './projects.ts';
import { type Check, fmt, log, median, printChecks, printInfo, table, type Verdict, verdict } from './report.ts';
import { queries, SEARCH_SESSIONS, searchLatency } from './search.ts';
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
    g3: { type: 'boolean', default: false },
    g4: { type: 'boolean', default: false },
    catalogue: { type: 'boolean', default: false },
    articles: { type: 'string', default: '100000' },
    'g4-size': { type: 'string', default: '50000' },
    'g4-batch': { type: 'string', default: '5000' },
    'g4-page': { type: 'string', default: '1000' },
    'no-e2e': { type: 'boolean', default: false },
    projects: { type: 'boolean', default: false },
    portal: { type: 'boolean', default: false },
    hours: { type: 'boolean', default: false },
    leave: { type: 'boolean', default: false },
    search: { type: 'boolean', default: false },
    'list-export': { type: 'boolean', default: false },
    production: { type: 'boolean', default: false },
    scale: { type: 'string', default: '1' },
  },
});

const ROUNDS = Number(opt.rounds);
const DURATION = Number(opt.duration);
const WARMUP = Number(opt.warmup);
const CONNECTIONS = Number(opt.connections);
const FIXED = Number(opt.fixed);
const DRIVERS: Driver[] = opt['pglite-only'] ? ['pglite'] : opt.pglite ? ['pg', 'pglite'] : ['pg'];
const G3 = opt.g3 || opt.catalogue;
const G4 = opt.g4 || opt.catalogue;
/** HTTP scenarios run unless only G4 was asked for. */
const HTTP = !(opt.g4 && !opt.g3 && !opt.catalogue) || !!opt.scenarios;
const ARTICLES = Number(opt.articles);
/** The article type G3's filtered pages ask for (the stand-in's chairs: one family in eight). */
const FILTER_TYPE = 'STOEL';

// ---------------------------------------------------------------------------------------------
// Scenarios

interface Scenario {
  name: string;
  server: 'app' | 'baseline';
  method: 'GET' | 'POST';
  path: string;
  what: string;
  /** A query string per request (G3: a random page). */
  query?: () => string;
  /** A path per request (an area's tasks: a random area), instead of `path`. */
  pathFor?: () => string;
  /** Only employees may list articles: G3 draws from the employees' sessions. */
  employees?: boolean;
  /** The portal's lists: sessions of company users whose company has products (bench/portal.ts). */
  portal?: boolean;
}

/** A random page of the first 20 (G3). */
const randomPage = () => 1 + Math.floor(Math.random() * 20);

const SCENARIOS: Record<string, Scenario> = {
  'B-pk': { name: 'B-pk', server: 'baseline', method: 'GET', path: '/b/pk', what: 'one PK SELECT on sessions' },
  G1: { name: 'G1', server: 'app', method: 'GET', path: '/api/user/current', what: 'app GET /api/user/current' },
  'B-bare': { name: 'B-bare', server: 'baseline', method: 'GET', path: '/b/bare', what: 'constant, no database' },
  G2: { name: 'G2', server: 'app', method: 'POST', path: '/api/science', what: 'app POST /api/science' },
  'B-buffered': { name: 'B-buffered', server: 'baseline', method: 'POST', path: '/b/buffered', what: 'push + 200 ms batch' },
  'B-current': { name: 'B-current', server: 'baseline', method: 'GET', path: '/b/current', what: '1 join query + perm map' },
  'B-insert': { name: 'B-insert', server: 'baseline', method: 'POST', path: '/b/insert', what: 'one INSERT per request' },
  'B-list': {
    name: 'B-list',
    server: 'baseline',
    method: 'GET',
    path: '/b/articles',
    what: 'deferred join + count',
    query: () => `page=${randomPage()}`,
  },
  G3: {
    name: 'G3',
    server: 'app',
    method: 'GET',
    path: '/api/articles',
    what: 'app articles list',
    query: () => `page=${randomPage()}`,
    employees: true,
  },
  'B-list-filter': {
    name: 'B-list-filter',
    server: 'baseline',
    method: 'GET',
    path: '/b/articles',
    what: 'the same, one type',
    query: () => `page=${randomPage()}&type=${FILTER_TYPE}`,
  },
  'G3-filter': {
    name: 'G3-filter',
    server: 'app',
    method: 'GET',
    path: '/api/articles',
    what: 'app list, one type',
    query: () => `page=${randomPage()}&type=${FILTER_TYPE}`,
    employees: true,
  },
};

const G3_SCENARIOS = ['B-list', 'G3', 'B-list-filter', 'G3-filter'];

// The project lists (areas, an area's tasks, the project's tasks) on bench/projects.ts's project:
// its id, decks and areas as seedProject reported them (ids.ts).
const project = () => benchIds.project.id;
const randomArea = () => pick(benchIds.project.areaIds);
Object.assign(SCENARIOS, {
  'B-areas': { name: 'B-areas', server: 'baseline', method: 'GET', path: '/b/areas', what: 'decks+areas, roll-ups, 1 stmt' },
  'G3-areas': {
    name: 'G3-areas',
    server: 'app',
    method: 'GET',
    path: '/api/projects/:id/areas',
    pathFor: () => `/api/projects/${project()}/areas`,
    what: 'app areas list (210 rows)',
    employees: true,
  },
  'B-area-tasks': {
    name: 'B-area-tasks',
    server: 'baseline',
    method: 'GET',
    path: '/b/area-tasks',
    what: "an area's 20 tasks, 1 stmt",
    query: () => `area=${randomArea()}`,
  },
  'G3-area-tasks': {
    name: 'G3-area-tasks',
    server: 'app',
    method: 'GET',
    path: '/api/projects/:id/areas/:area/tasks',
    pathFor: () => `/api/projects/${project()}/areas/${randomArea()}/tasks`,
    what: "app: an area's tasks",
    employees: true,
  },
  'B-project-tasks': {
    name: 'B-project-tasks',
    server: 'baseline',
    method: 'GET',
    path: '/b/project-tasks',
    what: 'deferred join + count',
    query: () => `page=${randomPage()}`,
  },
  'G3-project-tasks': {
    name: 'G3-project-tasks',
    server: 'app',
    method: 'GET',
    path: '/api/projects/:id/tasks',
    pathFor: () => `/api/projects/${project()}/tasks`,
    what: "app: the project's tasks",
    query: () => `page=${randomPage()}`,
    employees: true,
  },
} satisfies Record<string, Scenario>);
const PROJECT_SCENARIOS = ['B-areas', 'G3-areas', 'B-area-tasks', 'G3-area-tasks', 'B-project-tasks', 'G3-project-tasks'];
// The assembly list: one random deck of the project = 20 areas x 20 tasks x 5 sub-tasks x 2 lines.
const randomDeck = () => pick(benchIds.project.deckIds);
Object.assign(SCENARIOS, {
  'B-task-list': {
    name: 'B-task-list',
    server: 'baseline',
    method: 'GET',
    path: '/b/task-list',
    what: "a deck's assembly list, 4 stmts",
    query: () => `deck=${randomDeck()}`,
  },
  'G3-task-list': {
    name: 'G3-task-list',
    server: 'app',
    method: 'GET',
    path: '/api/projects/:id/task-list',
    pathFor: () => `/api/projects/${project()}/task-list`,
    what: "app: a deck's assembly list",
    query: () => `areaIds=${randomDeck()}`,
    employees: true,
  },
} satisfies Record<string, Scenario>);
PROJECT_SCENARIOS.push('B-task-list', 'G3-task-list');
// Project articles: every item of the project's 40,000 order lines per area and in total.
Object.assign(SCENARIOS, {
  'B-project-articles': {
    name: 'B-project-articles',
    server: 'baseline',
    method: 'GET',
    path: '/b/project-articles',
    what: '100 items x 200 areas, 3 stmts',
  },
  'G3-project-articles': {
    name: 'G3-project-articles',
    server: 'app',
    method: 'GET',
    path: '/api/projects/:id/articles',
    pathFor: () => `/api/projects/${project()}/articles`,
    what: "app: the project's articles",
    employees: true,
  },
} satisfies Record<string, Scenario>);
PROJECT_SCENARIOS.push('B-project-articles', 'G3-project-articles');

// The portal's company products: 5,000 per company over 100,000 (bench/portal.ts), a
// random page of the first 20 (24 per page), unfiltered and one article type (about 500 rows).
const PORTAL_TYPES_QUERY = encodeURIComponent(JSON.stringify([PORTAL_FILTER_TYPE]));
Object.assign(SCENARIOS, {
  'B-company-products': {
    name: 'B-company-products',
    server: 'baseline',
    method: 'GET',
    path: '/b/company-products',
    what: 'deferred join + count',
    query: () => `company=${randomPortalCompany()}&page=${randomPage()}`,
  },
  'G3-company-products': {
    name: 'G3-company-products',
    server: 'app',
    method: 'GET',
    path: '/api/client/company-products',
    what: "app: the company's products",
    query: () => `page=${randomPage()}`,
    portal: true,
  },
  'B-company-products-filter': {
    name: 'B-company-products-filter',
    server: 'baseline',
    method: 'GET',
    path: '/b/company-products',
    what: 'the same, one type',
    query: () =>
      `company=${randomPortalCompany()}&page=${1 + Math.floor(Math.random() * 10)}&type=${encodeURIComponent(PORTAL_FILTER_TYPE)}`,
  },
  'G3-company-products-filter': {
    name: 'G3-company-products-filter',
    server: 'app',
    method: 'GET',
    path: '/api/client/company-products',
    what: 'app: one type',
    query: () => `page=${1 + Math.floor(Math.random() * 10)}&types=${PORTAL_TYPES_QUERY}`,
    portal: true,
  },
} satisfies Record<string, Scenario>);
const PORTAL_SCENARIOS = ['B-company-products', 'G3-company-products', 'B-company-products-filter', 'G3-company-products-filter'];

// Booked hours: 50 people x 5 years, two bookings a working day (bench/hours.ts). The
// week view of a random person and week; projects/hours, a random page of the first 20, unfiltered
// and for one project (a twentieth of the rows).
Object.assign(SCENARIOS, {
  'B-hours-week': {
    name: 'B-hours-week',
    server: 'baseline',
    method: 'GET',
    path: '/b/hours-week',
    what: 'person, week, schedules, lock: 4 stmts',
    query: () => `employee=${randomHoursEmployee()}&week=${randomHoursWeek()}`,
  },
  'G3-hours-week': {
    name: 'G3-hours-week',
    server: 'app',
    method: 'GET',
    path: '/api/hours/week',
    what: "app: a person's week",
    query: () => `employeeId=${randomHoursEmployee()}&week=${randomHoursWeek()}`,
    employees: true,
  },
  'B-hours': {
    name: 'B-hours',
    server: 'baseline',
    method: 'GET',
    path: '/b/hours',
    what: 'deferred join + count/sum',
    query: () => `page=${randomPage()}`,
  },
  'G3-hours': {
    name: 'G3-hours',
    server: 'app',
    method: 'GET',
    path: '/api/hours',
    what: 'app: projects/hours',
    query: () => `page=${randomPage()}`,
    employees: true,
  },
  'B-hours-project': {
    name: 'B-hours-project',
    server: 'baseline',
    method: 'GET',
    path: '/b/hours',
    what: 'the same, one project',
    query: () => `page=${randomPage()}&project=${hoursFilterProject()}`,
  },
  'G3-hours-project': {
    name: 'G3-hours-project',
    server: 'app',
    method: 'GET',
    path: '/api/hours',
    what: 'app: one project',
    query: () => `page=${randomPage()}&projectId=${hoursFilterProject()}`,
    employees: true,
  },
} satisfies Record<string, Scenario>);
const HOURS_SCENARIOS = ['B-hours-week', 'G3-hours-week', 'B-hours', 'G3-hours', 'B-hours-project', 'G3-hours-project'];

// The leave card: 51 people with five years of leave, corrections and overtime lines
// (bench/leave-card.ts). A random person's card of this year; the taken leave lines of a random
// past year (one total's lines, the page the card opens).
Object.assign(SCENARIOS, {
  'B-leave-card': {
    name: 'B-leave-card',
    server: 'baseline',
    method: 'GET',
    path: '/b/leave-card',
    what: 'person, sums, contracts, policy, first, extras: 6 stmts',
    query: () => `employee=${randomLeaveEmployee()}&year=${LEAVE_CARD_YEAR}`,
  },
  'G3-leave-card': {
    name: 'G3-leave-card',
    server: 'app',
    method: 'GET',
    path: '/api/users/:id/leave-card',
    pathFor: () => `/api/users/${randomLeaveEmployee()}/leave-card`,
    what: "app: a person's leave card",
    query: () => `year=${LEAVE_CARD_YEAR}`,
    employees: true,
  },
  'B-leave-lines': {
    name: 'B-leave-lines',
    server: 'baseline',
    method: 'GET',
    path: '/b/leave-lines',
    what: 'count/sum + page of 50 with sources',
    query: () => `employee=${randomLeaveEmployee()}&year=${randomLeaveYear()}&bucket=taken`,
  },
  'G3-leave-lines': {
    name: 'G3-leave-lines',
    server: 'app',
    method: 'GET',
    path: '/api/users/:id/leave-card/lines',
    pathFor: () => `/api/users/${randomLeaveEmployee()}/leave-card/lines`,
    what: 'app: the taken lines of a year',
    query: () => `year=${randomLeaveYear()}&bucket=taken`,
    employees: true,
  },
} satisfies Record<string, Scenario>);
const LEAVE_SCENARIOS = ['B-leave-card', 'G3-leave-card', 'B-leave-lines', 'G3-leave-lines'];

/** G1 and G2 with their baselines (plain `npm run bench`). */
const G1_G2_SCENARIOS = ['B-pk', 'G1', 'B-current', 'B-bare', 'G2', 'B-buffered', ...(opt.extra ? ['B-insert'] : [])];
/** --production: every hot path on one data set. */
const PRODUCTION = opt.production;
const SCALE = Number(opt.scale);
/** --production: G5's timings (medians of 5 after a warm-up, as g5.ts) and the search's queries (as search.ts). */
const G5_ROUNDS = 5;
const SEARCH_QUERIES = 200;
const ROUND_ORDER = opt.scenarios
  ? opt.scenarios.split(',').map((s) => s.trim())
  : PRODUCTION
    ? [...G1_G2_SCENARIOS, ...G3_SCENARIOS, ...PROJECT_SCENARIOS, ...PORTAL_SCENARIOS, ...HOURS_SCENARIOS, ...LEAVE_SCENARIOS]
    : opt.leave
      ? LEAVE_SCENARIOS
      : opt.hours
        ? HOURS_SCENARIOS
        : opt.portal
          ? PORTAL_SCENARIOS
          : opt.projects
            ? PROJECT_SCENARIOS
            : G3
              ? G3_SCENARIOS
              : G1_G2_SCENARIOS;
/** The catalogue is seeded when a G3 scenario runs. */
const SEED_CATALOGUE = ROUND_ORDER.some((n) => G3_SCENARIOS.includes(n));
/** The big project is seeded when a project scenario runs. */
const SEED_PROJECT = ROUND_ORDER.some((n) => PROJECT_SCENARIOS.includes(n));
/** The portal's company products are seeded when a portal scenario runs. */
const SEED_PORTAL = ROUND_ORDER.some((n) => PORTAL_SCENARIOS.includes(n));
/** The booked hours are seeded when an hours scenario runs. */
const SEED_HOURS = ROUND_ORDER.some((n) => HOURS_SCENARIOS.includes(n));
/** The leave data is seeded when a leave scenario runs. */
const SEED_LEAVE = ROUND_ORDER.some((n) => LEAVE_SCENARIOS.includes(n));
/** The fixed-count POST test belongs to G2. */
const FIXED_TEST = !opt['no-fixed'] && ROUND_ORDER.includes('G2');
for (const name of ROUND_ORDER)
  if (!SCENARIOS[name]) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);

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
        const n = s.employees ? randomEmployeeSession() : s.portal ? randomPortalSession() : randomSession();
        const cookie = `${COOKIE_NAME}=${sessionToken(n)}`;
        const path = s.pathFor ? s.pathFor() : s.path;
        if (s.method === 'GET') return { ...req, path: s.query ? `${path}?${s.query()}` : path, headers: { cookie } };
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
  ok: number;
  non2xx: number;
  errors: number;
  total: number;
  /** Seconds from start to the last response. */
  wall: number;
  statuses: Record<string, number>;
  /** CPU µs per request: the server process; its PostgreSQL backends (pg only); the load generator. */
  serverUs: number;
  dbUs: number;
  loadgenUs: number;
  /** Share of the machine's CPU (all cores) used by processes outside the benchmark, %. */
  otherPct: number;
}

async function measure(
  servers: Servers,
  s: Scenario,
  load: { connections: number; duration?: number; amount?: number; maxSeconds?: number },
): Promise<Measurement> {
  const base = servers.urls[s.server];
  const lat = new Latencies();
  const pidsBefore = await servers.pids();
  const cpu0 = snapshot(pidsBefore.all);
  const t0 = performance.now();
  const inst = autocannon({
    url: base,
    connections: load.connections,
    ...(load.amount ? { amount: load.amount } : { duration: load.duration ?? DURATION }),
    timeout: 10,
    requests: requestsFor(s),
  });
  inst.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => lat.add(ms));
  const cap = load.maxSeconds ? setTimeout(() => inst.stop(), load.maxSeconds * 1000) : null;
  const res = await inst;
  if (cap) clearTimeout(cap);
  const wall = (performance.now() - t0) / 1000;
  const pids = mergePids(pidsBefore, await servers.pids());
  const cpu1 = snapshot(pids.all);
  const [p50 = Number.NaN, p99 = Number.NaN] = lat.percentiles(50, 99);
  const statuses: Record<string, number> = {};
  for (const [code, v] of Object.entries(res.statusCodeStats)) statuses[code] = v.count;
  const n = res.requests.total;
  const perReq = (ms: number) => (n > 0 ? (ms * 1000) / n : Number.NaN);
  const side = pids[s.server];
  const benchMs = cpuBetween(cpu0, cpu1, pids.all);
  return {
    rps: res['2xx'] / (load.amount ? wall : res.duration),
    p50,
    p99,
    ok: res['2xx'],
    non2xx: res.non2xx,
    errors: res.errors,
    total: n,
    wall,
    statuses,
    serverUs: perReq(cpuBetween(cpu0, cpu1, [side.proc])),
    dbUs: side.db.length ? perReq(cpuBetween(cpu0, cpu1, side.db)) : Number.NaN,
    loadgenUs: perReq(cpuBetween(cpu0, cpu1, [process.pid])),
    otherPct: ((cpu1.machine - cpu0.machine - benchMs) / (cores() * (cpu1.at - cpu0.at))) * 100,
  };
}

async function scenario(servers: Servers, name: string, load: { connections: number; duration: number }): Promise<Measurement> {
  const s = SCENARIOS[name];
  if (!s) throw new Error(`unknown scenario ${name}`);
  await measure(servers, s, { connections: load.connections, duration: WARMUP });
  return measure(servers, s, load);
}

// ---------------------------------------------------------------------------------------------
// Servers

interface Urls {
  app: string;
  baseline: string;
}

/** The processes behind each side: the server's pid and its PostgreSQL backends' pids (pg). */
interface SidePids {
  proc: number;
  db: number[];
}

interface BenchPids {
  app: SidePids;
  baseline: SidePids;
  /** Every process of the benchmark: runner, servers, their backends. */
  all: number[];
}

function mergePids(a: BenchPids, b: BenchPids): BenchPids {
  const u = (x: number[], y: number[]) => [...new Set([...x, ...y])];
  return {
    app: { proc: b.app.proc, db: u(a.app.db, b.app.db) },
    baseline: { proc: b.baseline.proc, db: u(a.baseline.db, b.baseline.db) },
    all: u(a.all, b.all),
  };
}

interface Servers {
  urls: Urls;
  note: string;
  pids(): Promise<BenchPids>;
  stop(): Promise<void>;
  /** pg: the bench database (--production measures G5 on it from this process). */
  dbUrl?: string;
  /** PGlite: the one server process (--production asks it for G5's timings). */
  child?: ChildProcess;
  /** --production: seconds per seeded part, row counts, and why a part is smaller on this driver. */
  seeded?: { timings: Record<string, number>; counts: Record<string, number>; notes: string[] };
}

const here = (f: string) => fileURLToPath(new URL(f, import.meta.url));
const children = new Set<ChildProcess>();

function startChild(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutS = 180,
): Promise<{ child: ChildProcess; ready: ChildMessage }> {
  return new Promise((resolve, reject) => {
    // BENCH_PROFILE_DIR: the app's process (with BENCH_PROFILE_BASELINE=1 the baseline's too) writes a V8 CPU profile there when it stops.
    const profile =
      process.env.BENCH_PROFILE_DIR && (file === './app-server.ts' || process.env.BENCH_PROFILE_BASELINE)
        ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE_DIR]
        : [];
    const child = fork(here(file), args, {
      execArgv: ['--import', 'tsx', ...profile],
      env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    const timer = setTimeout(() => reject(new Error(`${file} did not start within ${timeoutS} s`)), timeoutS * 1000);
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

/** pg: seeds the bench database in this process; returns the ids the seeds made (ids.ts) and, for --production, the parts. */
async function seedPg(db: Database): Promise<{ ids: Partial<BenchIds>; seeded?: Servers['seeded'] }> {
  if (PRODUCTION) {
    const sizes = productionSizes(SCALE, 'pg');
    log(`production data set, ${describeSizes(sizes)}`);
    const p = await seedProduction(db, sizes);
    return { ids: p.ids, seeded: { timings: p.timings, counts: p.counts, notes: p.notes } };
  }
  const s = await seed(db);
  const ids: Partial<BenchIds> = { ...s.ids };
  const cat = SEED_CATALOGUE ? await seedCatalogue(db, ARTICLES) : null;
  const proj = SEED_PROJECT ? await seedProject(db) : null;
  if (proj) {
    log(`seeded the project: ${JSON.stringify(proj.counts)}`);
    ids.project = { id: proj.projectId, deckIds: proj.deckIds, areaIds: proj.areaIds };
  }
  const portal = SEED_PORTAL ? await seedPortal(db, { companyIds: s.ids.companyIds }) : null;
  if (portal) {
    log(
      `seeded the portal: ${portal.companyProducts} company products of ${portal.products} products over ${portal.companyIds.length} companies`,
    );
    ids.portal = { companyIds: portal.companyIds, offsets: portal.offsets };
  }
  const hrs = SEED_HOURS ? await seedHours(db) : null;
  if (hrs) {
    log(`seeded booked hours: ${hrs.bookedHours} rows, ${hrs.employees} people, ${hrs.projects} projects`);
    ids.hours = { employeeIds: hrs.employeeIds, filterProjectId: hrs.filterProjectId };
  }
  const lv = SEED_LEAVE ? await seedLeave(db) : null;
  if (lv) {
    log(
      `seeded leave: ${lv.employees} people x 5 years, ${lv.requests} requests, ${lv.leaveLines} leave lines, ${lv.bookedHours} booked hours`,
    );
    ids.leave = { employeeIds: lv.employeeIds };
  }
  log(
    `seeded: ${s.sessions} sessions, ${s.accounts} accounts, ${s.companies} companies, ${s.roles} role${cat ? `, ${cat.articles} articles, ${cat.products} products` : ''}`,
  );
  return { ids };
}

async function startServers(driver: Driver): Promise<Servers> {
  if (driver === 'pg') {
    const t0 = performance.now();
    const bench = await createPgDatabase();
    dropDatabase = bench.drop;
    const db = await openDatabase({ url: bench.url, poolSize: 2, applicationName: 'bench-seed' });
    let seeded: Awaited<ReturnType<typeof seedPg>>;
    try {
      await migrate(db);
      seeded = await seedPg(db);
      useIds(seeded.ids);
      log(`seeded ${bench.name} in ${fmt((performance.now() - t0) / 1000, 1)} s`);
    } finally {
      await db.close();
    }
    const env = { DATABASE_URL: bench.url, BENCH_PROJECT_ID: String(benchIds.project.id) };
    const [b, a] = await Promise.all([startChild('./baseline-server.ts', [], env), startChild('./app-server.ts', [], env)]);
    const bp = b.ready.type === 'ready' ? b.ready.ports.baseline : undefined;
    const ap = a.ready.type === 'ready' ? a.ready.ports.app : undefined;
    // Finds the servers' backends (by application_name) for the CPU figures.
    const monitor = new pg.Client({ connectionString: bench.url, application_name: 'bench-monitor' });
    await monitor.connect();
    const appPid = a.child.pid ?? 0;
    const basePid = b.child.pid ?? 0;
    return {
      urls: { app: `http://127.0.0.1:${ap}`, baseline: `http://127.0.0.1:${bp}` },
      note: `pg: database ${bench.name}; baseline (pid ${basePid}) and app (pid ${appPid}) in separate processes, pool size 10 each`,
      dbUrl: bench.url,
      ...(seeded.seeded ? { seeded: seeded.seeded } : {}),
      async pids() {
        const rows = (
          await monitor.query<{ pid: number; app: string }>(
            `SELECT pid, application_name AS app FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
          )
        ).rows;
        const of = (name: string) => rows.filter((r) => r.app === name).map((r) => r.pid);
        const appDb = of('bench-app');
        const baseDb = of('bench-baseline');
        return {
          app: { proc: appPid, db: appDb },
          baseline: { proc: basePid, db: baseDb },
          all: [process.pid, appPid, basePid, ...rows.map((r) => r.pid)],
        };
      },
      async stop() {
        await monitor.end().catch(() => {});
        await Promise.all([stopChild(a.child), stopChild(b.child)]);
      },
    };
  }
  const t0 = performance.now();
  if (PRODUCTION) {
    const sizes = productionSizes(SCALE, 'pglite');
    log(`production data set, ${describeSizes(sizes)}`);
    for (const note of sizes.notes) log(`PGlite: smaller than the scale says: ${note}`);
  }
  const c = await startChild(
    './app-server.ts',
    PRODUCTION
      ? ['--pglite', '--production', String(SCALE)]
      : [
          '--pglite',
          ...(SEED_CATALOGUE ? ['--articles', String(ARTICLES)] : []),
          ...(SEED_PROJECT ? ['--projects'] : []),
          ...(SEED_PORTAL ? ['--portal'] : []),
          ...(SEED_HOURS ? ['--hours'] : []),
          ...(SEED_LEAVE ? ['--leave'] : []),
        ],
    {},
    // Seeding takes a while on PGlite's one thread (the portal's 100,000 company products, each with its
    // history row, take minutes); the production data set much longer.
    PRODUCTION ? 4 * 3600 : 900,
  );
  if (c.ready.type !== 'ready') throw new Error('unexpected');
  if (c.ready.ids) useIds(c.ready.ids);
  log(
    `PGlite in memory: migrated and seeded (${SESSIONS} sessions${SEED_CATALOGUE && !PRODUCTION ? `, ${ARTICLES} articles` : ''}${PRODUCTION ? ', the production data set' : ''}) and serving in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );
  const pid = c.child.pid ?? 0;
  return {
    urls: { app: `http://127.0.0.1:${c.ready.ports.app}`, baseline: `http://127.0.0.1:${c.ready.ports.baseline}` },
    note: `PGlite: app and baseline routes run in ONE process (pid ${pid}) on ONE in-memory PGlite instance, on two ports (PGlite cannot be shared between processes); server CPU includes the database`,
    child: c.child,
    ...(c.ready.seeded ? { seeded: c.ready.seeded } : {}),
    pids: async () => ({ app: { proc: pid, db: [] }, baseline: { proc: pid, db: [] }, all: [process.pid, pid] }),
    stop: () => stopChild(c.child),
  };
}

/** Rows of analytics_events with an id above since (and the largest id), and of bench_events. */
async function counts(urls: Urls, since = 0): Promise<{ app: number; bench: number; max: number }> {
  const res = await fetch(`${urls.baseline}/b/count?since=${since}`);
  if (!res.ok) throw new Error(`/b/count answered ${res.status}`);
  return (await res.json()) as { app: number; bench: number; max: number };
}

interface FixedResult {
  /** Seconds until the last response; Infinity when stopped at the time cap. */
  wall: number;
  /** Responses received (all of FIXED unless stopped at the cap). */
  sent: number;
  /** 204 answers: the events the app accepted. */
  accepted: number;
  /** New rows in analytics_events. */
  stored: number;
  /** Seconds from the start until every accepted event was in the table. */
  storedAfter: number;
  non2xx: number;
  errors: number;
}

const fixedLimit = (driver: Driver) => (driver === 'pg' ? 5 : 8);

/**
 * FIXED POSTs to /api/science over CONNECTIONS connections (stopped at 3 x the goal, so a slow
 * app cannot stall the run); then wait for the flush and count the new rows.
 */
async function fixedCount(servers: Servers, driver: Driver): Promise<FixedResult> {
  const urls = servers.urls;
  await sleep(500); // earlier scenarios' buffers have flushed (200 ms)
  // The events already there (the production data set holds millions): count only newer ids.
  const before = (await counts(urls)).max;
  const s = SCENARIOS.G2;
  if (!s) throw new Error('G2');
  const cap = 3 * fixedLimit(driver);
  const t0 = performance.now();
  const m = await measure(servers, s, { connections: CONNECTIONS, amount: FIXED, maxSeconds: cap });
  const sent = m.total;
  let stored = 0;
  let storedAfter = Number.NaN;
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    stored = (await counts(urls, before)).app;
    if (stored >= m.ok) {
      storedAfter = (performance.now() - t0) / 1000;
      break;
    }
    await sleep(25);
  }
  return {
    wall: sent < FIXED ? Number.POSITIVE_INFINITY : m.wall,
    sent,
    accepted: m.ok,
    stored,
    storedAfter,
    non2xx: m.non2xx,
    errors: m.errors,
  };
}

// ---------------------------------------------------------------------------------------------
// Judging and printing

interface Round {
  m: Record<string, Measurement>;
  fixed: FixedResult | null;
}

/** The judged goals and the informative ratios, for whichever scenarios this run measured. */
function checksFor(driver: Driver, rounds: Round[]): { checks: Check[]; info: Check[] } {
  const has = (...ks: string[]) => ks.every((k) => ROUND_ORDER.includes(k));
  const m = (r: Round, k: string) => r.m[k] ?? ({ rps: Number.NaN, p99: Number.NaN } as Measurement);
  const ratio = (a: string, b: string) => rounds.map((r) => m(r, a).rps / m(r, b).rps);
  const x = (v: number) => fmt(v);
  const checks: Check[] = [];
  const info: Check[] = [];
  if (has('G1', 'B-pk')) {
    checks.push(
      { goal: 'G1 throughput', target: 'G1 / B-pk >= 0.80', values: ratio('G1', 'B-pk'), pass: (v) => v >= 0.8, show: x },
      {
        goal: 'G1 p99',
        target: 'G1 p99 <= 1.5 x B-pk p99',
        values: rounds.map((r) => m(r, 'G1').p99 / m(r, 'B-pk').p99),
        pass: (v) => v <= 1.5,
        show: (v) => `${fmt(v)} x`,
      },
    );
  }
  if (has('G2', 'B-bare')) {
    checks.push({
      goal: 'G2 throughput',
      target: 'G2 / B-bare >= 0.50',
      values: ratio('G2', 'B-bare'),
      pass: (v) => v >= 0.5,
      show: x,
    });
  }
  if (has('G2')) {
    checks.push({
      goal: 'G2 p99',
      target: 'G2 p99 <= 25 ms',
      values: rounds.map((r) => m(r, 'G2').p99),
      pass: (v) => v <= 25,
      show: (v) => `${fmt(v)} ms`,
    });
  }
  const fixed = rounds.map((r) => r.fixed).filter((f): f is FixedResult => f !== null);
  if (fixed.length > 0) {
    const limit = fixedLimit(driver);
    checks.push(
      {
        goal: `G2 ${FIXED} POSTs`,
        target: `wall time <= ${limit} s (${driver})`,
        values: fixed.map((f) => f.wall),
        pass: (v) => v <= limit,
        show: (v) => (Number.isFinite(v) ? `${fmt(v)} s` : `> ${3 * limit} s`),
      },
      {
        // Accepted (204) but not in the table. When the test is stopped at its cap, up to one request per connection
        // was still in flight: the app stored it but the client never counted its answer, so stored may exceed accepted.
        goal: `G2 ${FIXED} stored`,
        target: 'no accepted event missing from analytics_events',
        values: fixed.map((f) => Math.max(0, f.accepted - f.stored) + (f.sent === FIXED && f.stored !== FIXED ? 1 : 0)),
        pass: (v) => v === 0,
        show: (v) => (v === 0 ? 'none lost' : `${v} lost`),
        strict: true,
      },
    );
  }
  for (const [app, base] of [
    ['G3', 'B-list'],
    ['G3-filter', 'B-list-filter'],
    ['G3-areas', 'B-areas'],
    ['G3-area-tasks', 'B-area-tasks'],
    ['G3-project-tasks', 'B-project-tasks'],
    ['G3-task-list', 'B-task-list'],
    ['G3-project-articles', 'B-project-articles'],
    ['G3-company-products', 'B-company-products'],
    ['G3-company-products-filter', 'B-company-products-filter'],
    ['G3-hours-week', 'B-hours-week'],
    ['G3-hours', 'B-hours'],
    ['G3-hours-project', 'B-hours-project'],
    ['G3-leave-card', 'B-leave-card'],
    ['G3-leave-lines', 'B-leave-lines'],
  ] as const) {
    if (!has(app, base)) continue;
    checks.push(
      { goal: `${app} throughput`, target: `${app} / ${base} >= 0.70`, values: ratio(app, base), pass: (v) => v >= 0.7, show: x },
      {
        goal: `${app} p99`,
        target: `${app} p99 <= 1.5 x ${base} p99`,
        values: rounds.map((r) => m(r, app).p99 / m(r, base).p99),
        pass: (v) => v <= 1.5,
        show: (v) => `${fmt(v)} x`,
      },
    );
  }
  const always = () => true;
  const ratios: [string, string, string, string][] = [
    ['G1', 'B-current', 'G1 / B-current', 'app over the 1-query baseline'],
    ['B-current', 'B-pk', 'B-current / B-pk', 'doc: 0.85-1.05'],
    ['G2', 'B-pk', 'G2 / B-pk', 'one-INSERT variant goal >= 0.40'],
    ['G2', 'B-buffered', 'G2 / B-buffered', 'app over the buffered baseline'],
    ['B-buffered', 'B-bare', 'B-buffered / B-bare', 'doc: 0.60-1.15'],
    ['B-insert', 'B-pk', 'B-insert / B-pk', 'doc: 0.40-0.62'],
    ['B-list-filter', 'B-list', 'B-list-filter / B-list', 'what the type filter costs the baseline'],
  ];
  for (const [a, b, goal, target] of ratios) {
    if (has(a, b)) info.push({ goal, target, values: ratio(a, b), pass: always, show: x });
  }
  // On a CPU-bound box req/s follows CPU per request; this estimate ignores how busy other processes kept the machine.
  const cpuPerReq = (v: Measurement) => v.serverUs + (Number.isNaN(v.dbUs) ? 0 : v.dbUs) + v.loadgenUs;
  const cpuRatio = (a: string, b: string) => rounds.map((r) => cpuPerReq(m(r, b)) / cpuPerReq(m(r, a)));
  if (has('G1', 'B-pk')) {
    info.push({
      goal: 'G1 / B-pk, CPU estimate',
      target: 'B-pk CPU/req over G1 CPU/req',
      values: cpuRatio('G1', 'B-pk'),
      pass: always,
      show: x,
    });
  }
  if (has('G2', 'B-bare')) {
    info.push({
      goal: 'G2 / B-bare, CPU estimate',
      target: 'B-bare CPU/req over G2 CPU/req',
      values: cpuRatio('G2', 'B-bare'),
      pass: always,
      show: x,
    });
  }
  return { checks, info };
}

function printMeasurements(ms: Record<string, Measurement>, names: string[], label: (k: string) => string): void {
  table(
    [
      'scenario',
      'req/s',
      'p50 ms',
      'p99 ms',
      'non-2xx',
      'errors',
      'requests',
      'srv us/req',
      'db us/req',
      'gen us/req',
      'other CPU',
    ],
    names.map((k) => {
      const m = ms[k];
      if (!m) return [k];
      return [
        label(k),
        fmt(m.rps, 0),
        fmt(m.p50),
        fmt(m.p99),
        String(m.non2xx),
        String(m.errors),
        String(m.total),
        fmt(m.serverUs, 0),
        fmt(m.dbUs, 0),
        fmt(m.loadgenUs, 0),
        `${fmt(m.otherPct, 0)} %`,
      ];
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
  verdicts: Verdict[];
  /** --production: the parts that are not autocannon scenarios (G5, search, list exports). */
  parts?: PartsResult;
  /** --production: seconds per seeded part and per measured part; row counts; why a part is smaller here. */
  seeded?: Servers['seeded'];
  measured: Record<string, number>;
  /** MB: pg, the database's size on disk after seeding; PGlite, the one server process's RSS after seeding and its peak at the end. */
  memoryMb: Record<string, number>;
}

/** VmRSS and VmHWM of a process from /proc, in MB (Linux; NaN elsewhere). */
function processMemoryMb(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
  } catch {
    return { rss: Number.NaN, peak: Number.NaN };
  }
}

/** Size of the bench database on disk, MB. */
async function databaseSizeMb(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: url, application_name: 'bench-monitor' });
  await c.connect();
  try {
    const r = await c.query<{ b: string }>('SELECT pg_database_size(current_database())::text AS b');
    return Number(r.rows[0]?.b ?? Number.NaN) / 1024 / 1024;
  } finally {
    await c.end();
  }
}

/** G5, search and the list exports on the production data set, measured before the HTTP rounds. */
interface PartsResult {
  verdicts: Verdict[];
  /** Figures without a goal: shown in the final table as information. */
  info: { goal: string; target: string; shown: string }[];
  seconds: Record<string, number>;
}

/** G5's timings where the database is: pg in this process, PGlite in its server process (IPC). */
async function g5Timings(servers: Servers, cookie: string): Promise<G5Timings> {
  const companyIds = benchIds.companyIds;
  if (servers.child) {
    const child = servers.child;
    return new Promise((resolve, reject) => {
      const on = (m: ChildAnswer) => {
        if (m.type === 'g5-result') resolve(m.timings);
        else if (m.type === 'g5-error') reject(new Error(`G5 in the PGlite process: ${m.message}`));
        else return;
        child.off('message', on);
      };
      child.on('message', on);
      child.send({ type: 'g5', rounds: G5_ROUNDS, companyIds, cookie } satisfies ChildRequest);
    });
  }
  if (!servers.dbUrl) throw new Error('G5 needs the bench database');
  const db = await openDatabase({ url: servers.dbUrl, poolSize: 2, applicationName: 'bench-g5' });
  const client = new pg.Client({ connectionString: servers.dbUrl, application_name: 'bench-g5' });
  await client.connect();
  try {
    return await measureG5({
      db,
      query: (name, text) => client.query(name ? { name, text } : text),
      reportBase: servers.urls.app,
      cookie,
      rounds: G5_ROUNDS,
      companyIds,
    });
  } finally {
    await client.end();
    await db.close();
  }
}

/** G5 (as g5.ts), the search (as search.ts, over HTTP) and the list exports (as list-export.ts, time only). */
async function productionParts(servers: Servers, driver: Driver): Promise<PartsResult> {
  const verdicts: Verdict[] = [];
  const info: PartsResult['info'] = [];
  const seconds: Record<string, number> = {};
  const judge = (checks: Check[]) => {
    for (const c of checks) {
      const med = median(c.values);
      verdicts.push({ goal: c.goal, target: c.target, values: c.values, median: med, verdict: verdict(c), shown: c.show(med) });
    }
  };
  const ms = (v: number) => `${fmt(v)} ms`;

  // G5: the analytics page on the seeded events and their roll-up (before G2 adds today's events).
  let t0 = performance.now();
  const events = servers.seeded?.counts.analyticsEvents ?? productionSizes(SCALE, driver).events;
  log();
  log(`--- ${driver}, G5: the analytics page at ${fmt(events, 0)} events, medians of ${G5_ROUNDS} after a warm-up`);
  const g5 = await g5Timings(servers, `${COOKIE_NAME}=${sessionToken(1)}`);
  const g5checks = g5Checks(events, g5);
  judge(g5checks);
  printChecks(g5checks);
  info.push(
    { goal: 'G5 B-rollup', target: 'the baseline statement on the roll-up', shown: ms(median(g5.bRollup)) },
    { goal: 'G5 raw GROUP BY', target: 'what the request path never runs', shown: ms(median(g5.raw)) },
  );
  seconds['G5 (analytics page)'] = (performance.now() - t0) / 1000;

  // Search: one request at a time over HTTP, as staff and as a company user.
  t0 = performance.now();
  log();
  log(`--- ${driver}, search: GET /api/search, ${SEARCH_QUERIES} queries one at a time over HTTP`);
  const qs = queries(SEARCH_QUERIES);
  const searchChecks: Check[] = [];
  for (const [label, session] of SEARCH_SESSIONS) {
    const who = label.split(' ')[0] ?? label;
    const ask = async (q: string) => {
      const res = await fetch(`${servers.urls.app}/api/search?q=${encodeURIComponent(q)}`, {
        headers: { cookie: `${COOKIE_NAME}=${sessionToken(session)}` },
      });
      if (res.status !== 200) throw new Error(`search ${label} ${q}: ${res.status} ${await res.text()}`);
      const body = (await res.json()) as { data: { groups: { items: unknown[] }[] } };
      return body.data.groups.reduce((n, g) => n + g.items.length, 0);
    };
    const t = await searchLatency(ask, qs);
    log(
      `  ${label.padEnd(24)} n=${t.n}  p50 ${fmt(t.p50, 1)} ms  p95 ${fmt(t.p95, 1)} ms  p99 ${fmt(t.p99, 1)} ms  max ${fmt(t.max, 1)} ms  (${fmt(t.hitsPerQuery, 1)} hits/query)`,
    );
    searchChecks.push({ goal: `Search p95, ${who}`, target: 'p95 < 100 ms', values: [t.p95], pass: (v) => v < 100, show: ms });
    info.push({ goal: `Search p50 / p99, ${who}`, target: 'information', shown: `${fmt(t.p50, 1)} / ${fmt(t.p99, 1)} ms` });
  }
  judge(searchChecks);
  seconds.search = (performance.now() - t0) / 1000;

  // List exports: every live article and one type, XLSX and CSV, time only.
  t0 = performance.now();
  log();
  log(`--- ${driver}, list exports: GET /api/articles/export, every live article and type=${FILTER_TYPE}, ${ROUNDS} round(s)`);
  const port = Number(new URL(servers.urls.app).port);
  for (const e of await timeListExports({ port, rounds: ROUNDS, type: FILTER_TYPE })) {
    const med = median(e.ms);
    const what = `List export ${e.format}, ${e.filter === 'all' ? 'all articles' : `type ${e.filter}`}`;
    log(`  ${what}: ${e.ms.map((v) => fmt(v, 0)).join(' | ')} ms, ${fmt(e.bytes / 1024 / 1024, 1)} MB`);
    info.push({ goal: what, target: 'time only (no goal)', shown: `${fmt(med, 0)} ms, ${fmt(e.bytes / 1024 / 1024, 1)} MB` });
  }
  seconds['list exports'] = (performance.now() - t0) / 1000;
  return { verdicts, info, seconds };
}

async function runDriver(driver: Driver): Promise<DriverReport> {
  log();
  log(`=== driver: ${driver} ${'='.repeat(80)}`);
  const t0 = performance.now();
  const servers = await startServers(driver);
  const measured: Record<string, number> = { 'seed and start': (performance.now() - t0) / 1000 };
  const memoryMb: Record<string, number> = {};
  if (servers.dbUrl) memoryMb['pg database on disk after seeding'] = await databaseSizeMb(servers.dbUrl).catch(() => Number.NaN);
  if (servers.child?.pid) memoryMb['PGlite server RSS after seeding'] = processMemoryMb(servers.child.pid).rss;
  try {
    log(servers.note);
    log(
      `memory: ${Object.entries(memoryMb)
        .map(([k, v]) => `${k} ${fmt(v, 0)} MB`)
        .join(', ')}`,
    );
    const parts = PRODUCTION ? await productionParts(servers, driver) : undefined;
    if (parts) Object.assign(measured, parts.seconds);
    const tRounds = performance.now();
    log(`app ${servers.urls.app}, baseline ${servers.urls.baseline}`);
    log(
      `each scenario: warm-up ${WARMUP} s, then ${CONNECTIONS} connections for ${DURATION} s; random session tok1..tok${SESSIONS} per request`,
    );
    const rounds: Round[] = [];
    for (let r = 1; r <= ROUNDS; r++) {
      const m: Record<string, Measurement> = {};
      for (const name of ROUND_ORDER) {
        m[name] = await scenario(servers, name, { connections: CONNECTIONS, duration: DURATION });
      }
      const fixed = FIXED_TEST ? await fixedCount(servers, driver) : null;
      const round: Round = { m, fixed };
      rounds.push(round);
      log();
      log(
        `--- ${driver}, round ${r} of ${ROUNDS} (load average ${os
          .loadavg()
          .map((v) => fmt(v, 1))
          .join(' ')})`,
      );
      printMeasurements(m, ROUND_ORDER, scenarioLabel);
      const { checks, info } = checksFor(driver, [round]);
      const show = (c: Check) => `${c.goal}: ${c.values.map(c.show).join('')}`;
      log(
        `  goals: ${checks
          .filter((c) => !c.goal.includes(String(FIXED)))
          .map(show)
          .join(';  ')}`,
      );
      if (info.length) log(`  info:  ${info.map(show).join(';  ')}`);
      if (fixed) {
        const done =
          fixed.sent < FIXED
            ? `stopped at ${3 * fixedLimit(driver)} s with ${fixed.sent} of ${FIXED} answered (the rest in flight or never sent)`
            : `${FIXED} answered in ${fmt(fixed.wall)} s`;
        log(
          `  fixed count: ${FIXED} POSTs over ${CONNECTIONS} connections: ${done}; ${fixed.accepted} accepted, ${fixed.stored} stored ` +
            `(all in the table ${fmt(fixed.storedAfter)} s after the start); non-2xx ${fixed.non2xx}, errors ${fixed.errors}`,
        );
      }
    }

    measured[`HTTP rounds (${ROUND_ORDER.length} scenarios x ${ROUNDS})`] = (performance.now() - tRounds) / 1000;
    // Single connection: the latency floor.
    const tSingle = performance.now();
    const single: Record<string, Measurement> = {};
    if (!opt['no-single']) {
      for (const name of [
        'B-pk',
        'B-current',
        'G1',
        ...G3_SCENARIOS,
        ...PROJECT_SCENARIOS,
        ...HOURS_SCENARIOS,
        ...LEAVE_SCENARIOS,
      ]) {
        const s = SCENARIOS[name];
        if (!s || !ROUND_ORDER.includes(name)) continue;
        await measure(servers, s, { connections: 1, duration: 1 });
        single[name] = await measure(servers, s, { connections: 1, duration: 5 });
      }
    }

    if (Object.keys(single).length > 0) measured['single connection'] = (performance.now() - tSingle) / 1000;
    log();
    log(`--- ${driver}, medians of ${ROUNDS} rounds`);
    const med: Record<string, Measurement> = {};
    for (const k of ROUND_ORDER) {
      const xs = rounds.map((r) => r.m[k]).filter((x): x is Measurement => !!x);
      med[k] = {
        rps: median(xs.map((x) => x.rps)),
        p50: median(xs.map((x) => x.p50)),
        p99: median(xs.map((x) => x.p99)),
        ok: xs.reduce((a, x) => a + x.ok, 0),
        non2xx: xs.reduce((a, x) => a + x.non2xx, 0),
        errors: xs.reduce((a, x) => a + x.errors, 0),
        total: xs.reduce((a, x) => a + x.total, 0),
        wall: Number.NaN,
        statuses: {},
        serverUs: median(xs.map((x) => x.serverUs)),
        dbUs: median(xs.map((x) => x.dbUs)),
        loadgenUs: median(xs.map((x) => x.loadgenUs)),
        otherPct: median(xs.map((x) => x.otherPct)),
      };
    }
    printMeasurements(med, ROUND_ORDER, scenarioLabel);
    log('  (non-2xx, errors and requests: sums over the rounds; the other columns: medians)');

    if (Object.keys(single).length > 0) {
      log();
      log(`--- ${driver}, single connection (-c 1 -d 5)`);
      printMeasurements(single, Object.keys(single), scenarioLabel);
    }

    const { checks, info } = checksFor(driver, rounds);
    log();
    log(`--- ${driver}, goals (a goal fails only if the median misses and >= 2 of ${ROUNDS} rounds miss)`);
    // The single-connection goals: one figure each, judged on pg only.
    const singles: Verdict[] = [];
    for (const [name, limit] of [
      ['G1', 1],
      ['G3', 2],
      ['G3-filter', 15],
      ['G3-areas', 2],
      ['G3-area-tasks', 2],
      ['G3-project-tasks', 2],
      ['G3-leave-card', 2],
      ['G3-leave-lines', 2],
    ] as const) {
      const m = single[name];
      if (!m) continue;
      const v = driver === 'pg' ? (m.p50 <= limit ? 'PASS' : 'FAIL') : 'info (judged on pg only)';
      singles.push({
        goal: `${name} single connection`,
        target: `p50 <= ${limit} ms (pg)`,
        values: [m.p50],
        median: m.p50,
        verdict: v,
        shown: `${fmt(m.p50)} ms`,
      });
    }
    const extra = singles.map((v) => [v.goal, v.target, `${fmt(v.median)} ms`, `${fmt(v.median)} ms`, v.verdict]);
    const verdicts = [...printChecks(checks, extra), ...singles];
    log();
    log(`--- ${driver}, other ratios (information)`);
    printInfo(info);
    return {
      driver,
      note: servers.note,
      rounds,
      singleConnection: single,
      verdicts,
      ...(parts ? { parts } : {}),
      ...(servers.seeded ? { seeded: servers.seeded } : {}),
      measured,
      memoryMb,
    };
  } finally {
    if (servers.child?.pid) memoryMb['PGlite server peak RSS (VmHWM)'] = processMemoryMb(servers.child.pid).peak;
    await servers.stop();
    if (dropDatabase) {
      await dropDatabase();
      log(`dropped the bench database`);
      dropDatabase = null;
    }
  }
}

/** G4 in this process, on a database of its own (pg: a fresh bench database; PGlite: in memory). */
async function runG4Driver(driver: Driver): Promise<G4Report> {
  log();
  log(`=== driver: ${driver}, G4 ${'='.repeat(76)}`);
  const options = {
    driver,
    rounds: ROUNDS,
    size: Number(opt['g4-size']),
    batch: Number(opt['g4-batch']),
    pageSize: Number(opt['g4-page']),
    e2e: !opt['no-e2e'],
  };
  if (driver === 'pglite') {
    const db = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(db);
      if (!db.pglite) throw new Error('no PGlite instance');
      log('PGlite in memory, in the runner process: the app and B-upsert share one instance (server CPU includes the database)');
      return await runG4({ db, sql: pgliteSql(db.pglite), backendPids: async () => [] }, options);
    } finally {
      await db.close();
    }
  }
  const bench = await createPgDatabase();
  dropDatabase = bench.drop;
  const db = await openDatabase({ url: bench.url, poolSize: 4, applicationName: 'bench-g4-app' });
  const sql = pgSql(bench.url, 1);
  const monitor = new pg.Client({ connectionString: bench.url, application_name: 'bench-monitor' });
  try {
    await migrate(db);
    await monitor.connect();
    log(`pg: database ${bench.name}; the app (pool of 4) and B-upsert (one connection) in the runner process`);
    const backendPids = async () =>
      (
        await monitor.query<{ pid: number }>(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
        )
      ).rows.map((r) => r.pid);
    return await runG4({ db, sql, backendPids }, options);
  } finally {
    await monitor.end().catch(() => {});
    await sql.close();
    await db.close();
    await bench.drop();
    dropDatabase = null;
    log('dropped the G4 database');
  }
}

/**
 * --production: ONE table over both drivers, goal | target | pg | verdict | PGlite | verdict, then
 * the time each part took. A goal judged on pg only says so in the PGlite column.
 */
function printProductionSummary(reports: DriverReport[]): void {
  const drivers: Driver[] = ['pg', 'pglite'];
  const rows = new Map<string, { goal: string; target: string; cells: Partial<Record<Driver, [string, string]>> }>();
  const put = (driver: Driver, goal: string, given: string, shown: string, v: string) => {
    // The fixed-count test's limit differs per driver: one row that names both.
    const target = /^wall time <= [\d.]+ s \((pg|pglite)\)$/.test(given)
      ? `wall time <= ${fixedLimit('pg')} s (pg), ${fixedLimit('pglite')} s (PGlite)`
      : given;
    const key = `${goal}\u0000${target}`;
    const row = rows.get(key) ?? { goal, target, cells: {} };
    row.cells[driver] = [shown, v];
    rows.set(key, row);
  };
  for (const r of reports) {
    for (const v of r.verdicts) {
      const pgOnly = v.verdict.startsWith('info (judged on pg only)');
      put(r.driver, v.goal, v.target, v.shown ?? fmt(v.median), pgOnly ? 'judged on pg only' : v.verdict);
    }
    for (const v of r.parts?.verdicts ?? []) put(r.driver, v.goal, v.target, v.shown ?? fmt(v.median), v.verdict);
    for (const i of r.parts?.info ?? []) put(r.driver, i.goal, i.target, i.shown, 'info');
  }
  const ran = drivers.filter((d) => reports.some((r) => r.driver === d));
  log();
  log(`=== one bench over everything (production data set, scale ${SCALE}) ${'='.repeat(50)}`);
  for (const r of reports) for (const n of r.seeded?.notes ?? []) log(`${r.driver}: smaller than the scale says: ${n}`);
  table(
    ['goal', 'target', 'pg', 'verdict', 'PGlite', 'verdict'],
    [...rows.values()].map((row) => [
      row.goal,
      row.target,
      ...drivers.flatMap((d) => row.cells[d] ?? (ran.includes(d) ? ['-', '-'] : ['not run', ''])),
    ]),
  );
  const counts = reports.map((r) => r.seeded?.counts ?? {});
  const countKeys = [...new Set(counts.flatMap((c) => Object.keys(c)))];
  if (countKeys.length > 0) {
    log();
    log('--- rows seeded');
    table(
      ['table', ...reports.map((r) => r.driver)],
      countKeys.map((k) => [k, ...counts.map((c) => (c[k] === undefined ? '-' : fmt(c[k] ?? 0, 0)))]),
    );
  }
  log();
  log('--- time per part, seconds (seeding per part, then measuring)');
  const parts = reports.map((r) => ({
    ...Object.fromEntries(Object.entries(r.seeded?.timings ?? {}).map(([k, v]) => [`seed: ${k}`, v])),
    ...r.measured,
  }));
  const keys = [...new Set(parts.flatMap((p) => Object.keys(p)))];
  table(
    ['part', ...reports.map((r) => r.driver)],
    keys.map((k) => [k, ...parts.map((p) => (p[k] === undefined ? '-' : fmt(p[k] ?? 0, 1)))]),
  );
  log();
  log('--- memory, MB');
  for (const r of reports) for (const [k, v] of Object.entries(r.memoryMb)) log(`  ${r.driver}: ${k}: ${fmt(v, 0)} MB`);
}

async function cleanup(): Promise<void> {
  await Promise.all([...children].map((c) => stopChild(c).catch(() => {})));
  if (dropDatabase) await dropDatabase().catch(() => {});
}

async function main(): Promise<void> {
  // The one search has its own runner: one request at a time, latency percentiles (bench/search.ts).
  if (opt.search) {
    const search = await import('./search.ts');
    await search.main();
    return;
  }
  // List exports have their own runner: 100,000 articles as XLSX and CSV, memory per size (bench/list-export.ts).
  if (opt['list-export']) {
    const { runListExport } = await import('./list-export.ts');
    await runListExport({ articles: Number(opt.articles), rounds: Number(opt.rounds), heap: '' });
    return;
  }
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
    pgVersion =
      ((await c.query<{ v: string }>('SELECT current_setting($$server_version$$) AS v')).rows[0]?.v ?? '?').split(' ')[0] ?? '?';
    await c.end();
  }
  log(
    `bench: node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), PostgreSQL ${pgVersion}, autocannon in the runner process (pid ${process.pid})`,
  );
  log(
    `drivers: ${DRIVERS.join(', ')}; ${ROUNDS} rounds of: ${[
      ...(HTTP ? ROUND_ORDER : []),
      ...(HTTP && FIXED_TEST ? [`${FIXED} POSTs to /api/science`] : []),
      ...(G4 ? ['G4 (ERP import)'] : []),
    ].join(', ')}`,
  );
  const started = performance.now();
  const reports: (DriverReport | G4Report)[] = [];
  try {
    for (const d of DRIVERS) {
      if (HTTP) reports.push(await runDriver(d));
      if (G4) reports.push(await runG4Driver(d));
    }
  } finally {
    await cleanup();
  }
  if (PRODUCTION) printProductionSummary(reports.filter((r): r is DriverReport => 'verdicts' in r));
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
