/**
 * Two versions of the app side by side on one database, under the same load in alternating short
 * slices, to tell whether a change made G1 or G2 faster. On a shared machine the speed of the
 * whole box drifts by a fifth within a minute, so two runs of `npm run bench` made one after the
 * other cannot resolve a difference of 10 %; slices of a few seconds, taken in turn (A B, B A, ...),
 * see the same drift.
 *
 *   git worktree add ../before HEAD~1 && ln -s "$PWD/node_modules" ../before/node_modules
 *   npm run ab -w @app/bench -- --a ../before --b . --scenario G2 --slices 10
 *
 * --a / --b: checkouts of the project, relative to this one's root (their bench/app-server.ts is
 * started, pg only); the database is migrated by this checkout. Prints requests per second and the app process's CPU per request
 * (user + system, /proc) of each, and B's throughput over A's.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { type ChildMessage, COOKIE_NAME, csrfTokenFor, pageViewBody, randomSession, sessionToken } from './common.ts';
import { processCpuMs } from './cpu.ts';
import { log } from './report.ts';
import { createPgDatabase, seed } from './seed.ts';

const { values: opt } = parseArgs({
  options: {
    a: { type: 'string', default: '.' },
    b: { type: 'string', default: '.' },
    scenario: { type: 'string', default: 'G2' },
    slices: { type: 'string', default: '10' },
    slice: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
  },
});
if (opt.scenario !== 'G1' && opt.scenario !== 'G2') throw new Error('--scenario is G1 or G2');
const post = opt.scenario === 'G2';
const SLICES = Number(opt.slices);
const SLICE_S = Number(opt.slice);

interface Side {
  label: string;
  child: ChildProcess;
  port: number;
  requests: number;
  cpuMs: number;
}

function start(label: string, dir: string, url: string): Promise<Side> {
  // Relative to this checkout's root, wherever npm started this script.
  const file = path.resolve(import.meta.dirname, '..', dir, 'bench/app-server.ts');
  return new Promise((resolve, reject) => {
    const child = fork(file, [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', (m: ChildMessage) => {
      if (m.type === 'ready' && m.ports.app) resolve({ label, child, port: m.ports.app, requests: 0, cpuMs: 0 });
      else reject(new Error(`${label}: ${m.type === 'error' ? m.message : 'no app port'}`));
    });
    child.once('exit', (code) => reject(new Error(`${label} exited with ${code}`)));
  });
}

const requests: autocannon.Request[] = [
  {
    method: post ? 'POST' : 'GET',
    path: post ? '/api/science' : '/api/user/current',
    setupRequest: (req): autocannon.RequestParams => {
      const n = randomSession();
      const cookie = `${COOKIE_NAME}=${sessionToken(n)}`;
      if (!post) return { ...req, headers: { cookie } };
      return {
        ...req,
        headers: { cookie, 'x-xsrf-token': csrfTokenFor(n), 'content-type': 'application/json' },
        body: pageViewBody(n),
      };
    },
  },
];

async function load(side: Side, seconds: number): Promise<{ ok: number; other: number }> {
  const res = await autocannon({
    url: `http://127.0.0.1:${side.port}`,
    connections: Number(opt.connections),
    duration: seconds,
    requests,
  });
  return { ok: res['2xx'], other: res.non2xx + res.errors };
}

const bench = await createPgDatabase();
const sides: Side[] = [];
try {
  const db = await openDatabase({ url: bench.url, poolSize: 2 });
  await migrate(db);
  await seed(db);
  await db.close();
  sides.push(await start(`A ${opt.a}`, opt.a, bench.url), await start(`B ${opt.b}`, opt.b, bench.url));
  log(`${opt.scenario}: ${SLICES} slices of ${SLICE_S} s per side, in turn, after 4 s of warm-up each`);
  for (const side of sides) await load(side, 4);
  for (let i = 0; i < SLICES; i++) {
    for (const side of i % 2 === 0 ? sides : [...sides].reverse()) {
      const pid = side.child.pid as number;
      const cpu0 = processCpuMs(pid);
      const r = await load(side, SLICE_S);
      side.cpuMs += processCpuMs(pid) - cpu0;
      side.requests += r.ok;
      if (r.other > 0) log(`${side.label}: ${r.other} answers not 2xx or failed in slice ${i + 1}`);
    }
  }
  for (const s of sides) {
    log(
      `${s.label}: ${Math.round(s.requests / (SLICES * SLICE_S))} req/s, ${((s.cpuMs * 1000) / s.requests).toFixed(1)} us CPU per request`,
    );
  }
  const [a, b] = sides as [Side, Side];
  log(`B / A throughput: ${(b.requests / a.requests).toFixed(3)}`);
} finally {
  for (const s of sides) s.child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 2_000));
  await bench.drop();
}
