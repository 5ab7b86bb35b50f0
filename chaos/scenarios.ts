/**
 * The fault suite's faults (chaos/run.ts), each a function that runs under bounded load and returns one row.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type AppProcess, notableLines, probe } from './apps.ts';
import { Client, failed, ok, type Result, refused } from './client.ts';
import { Load, percentile, sleep, standardOps, statusHistogram, Writes, waitFor } from './load.ts';
import { type Row, type Suite, secs } from './suite.ts';

/** Warnings and errors the app processes logged since the offsets (one list, prefixed by the process). */
export function evidence(s: Suite, offsets: number[], max = 10): string[] {
  return s.apps.flatMap((a, i) => notableLines(a.logSince(offsets[i] ?? 0), max).map((l) => `${a.name}: ${l}`));
}

/** Every answer of a scenario, as JSON lines next to the app logs (kept with --keep or when a goal is missed). */
function saveTimeline(s: Suite, name: string, results: Result[], marks: unknown): void {
  const dir = s.apps[0]?.opts.logDir;
  if (!dir) return;
  const lines = results.map(({ body: _b, ...r }) => JSON.stringify(r));
  fs.writeFileSync(path.join(dir, `${name}-answers.jsonl`), `${JSON.stringify({ marks })}\n${lines.join('\n')}\n`);
}

const logOffsets = (s: Suite) => s.apps.map((a) => a.logSize());
const unexpectedExits = (s: Suite, since: number) => s.apps.flatMap((a) => a.unexpectedExits(since));

function describeExits(s: Suite, since: number): string[] {
  return unexpectedExits(s, since).map((e) => `process exit: pid ${e.pid} code=${e.code} signal=${e.signal}`);
}

async function ensureBothUp(s: Suite, timeoutMs = 90_000): Promise<void> {
  for (const a of s.apps) if (!a.running) a.start();
  for (const a of s.apps) await a.waitLive(timeoutMs);
  if (!(await waitFor(() => s.apps.every((a) => s.balancer.isUp(a.port)), 10_000))) {
    throw new Error('the balancer did not mark both processes up');
  }
}

// ---------------------------------------------------------------------------------------------
// fault 10: two processes starting together on an empty database

export async function coldStart(s: Suite, startedAt: number, upAt: number): Promise<Row> {
  const seeded = s.apps.filter((a) => /"demoDataLoaded":true/.test(a.logSince(0)));
  const q = async (sql: string) => Number((await s.cluster.query<{ n: string }>(sql))[0]?.n ?? -1);
  const projects = await q(`SELECT count(*) AS n FROM projects WHERE name = 'MS Noordam refit 2027'`);
  const syncs = await q('SELECT count(*) AS n FROM sync_runs');
  const admins = await q(`SELECT count(*) AS n FROM accounts WHERE email = 'admin@outfitting.test'`);
  const exits = unexpectedExits(s, 0);
  const missed: string[] = [];
  if (exits.length) missed.push(`${exits.length} process exit(s) while starting`);
  if (seeded.length !== 1) missed.push(`${seeded.length} processes loaded the demo (expected 1)`);
  if (projects !== 1 || syncs !== 1 || admins !== 1) missed.push('demo data not exactly once');
  // Both serve: the balancer's round-robin signs in through each.
  const served = new Set<string>();
  let answered = 0;
  for (let i = 0; i < 4; i++) {
    const r = await s.world.admin[0].request('GET', '/api/user/current', { kind: 'read' });
    if (r && ok(r) && r.backend) {
      served.add(r.backend);
      answered++;
    }
  }
  if (served.size !== 2) missed.push(`requests were served by ${served.size} process(es), expected 2`);
  return {
    scenario: 'fault10 cold start ×2',
    sent: 4,
    failed: 4 - answered,
    refused: 0,
    lost: null,
    exits: exits.length,
    recovery: `up ${secs(upAt - startedAt)}`,
    missed,
    notes: [
      `both processes started at once on an empty database; both live after ${secs(upAt - startedAt)}`,
      `demo loaded by ${seeded.map((a) => a.name).join(', ') || 'none'}; "MS Noordam refit 2027" ×${projects}, sync runs ×${syncs}, admin account ×${admins}`,
    ],
    evidence: evidence(
      s,
      s.apps.map(() => 0),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// fault 6: PostgreSQL restarted (pg_ctl restart -m fast) and the app's connections terminated, under traffic

interface Outage {
  kind: 'restart' | 'terminate';
  /** When the fault began, and when the database accepted connections again. */
  downAt: number;
  upAt: number;
}

/** From the database being back to the app answering again: the first 2xx of a request sent after it, or later the last failure of one. */
function recoveryOf(o: Outage, results: Result[], until: number): number | null {
  // Answers that came in before the next fault began: it has its own.
  const after = results.filter((r) => r.touchesDb && r.start >= o.upAt && r.end < until);
  const firstOk = after.filter(ok).reduce((m, r) => Math.min(m, r.end), Number.POSITIVE_INFINITY);
  if (!Number.isFinite(firstOk)) return null;
  const lastBad = after.filter((r) => !ok(r)).reduce((m, r) => Math.max(m, r.end), 0);
  return Math.max(firstOk, lastBad) - o.upAt;
}

export async function databaseRestart(s: Suite): Promise<Row> {
  await ensureBothUp(s);
  const offsets = logOffsets(s);
  const since = Date.now();
  const writes = new Writes(s.world, s.nextDayOffset());
  const load = new Load(writes, standardOps(s.world), s.opts.concurrency).start();
  await sleep(2000);
  const outages: Outage[] = [];
  const wait = async (o: Outage) => {
    outages.push(o);
    await waitFor(() => load.results.some((r) => r.touchesDb && r.start >= o.upAt && ok(r)), 15_000, 20);
    await sleep(1500);
  };
  for (let i = 0; i < s.opts.restarts; i++) {
    const { downAt, upAt } = await s.cluster.restart();
    await wait({ kind: 'restart', downAt, upAt });
  }
  let terminated = 0;
  for (let i = 0; i < s.opts.restarts; i++) {
    const at = Date.now();
    terminated += await s.cluster.terminateAppConnections();
    await wait({ kind: 'terminate', downAt: at, upAt: Date.now() });
  }
  const results = await load.stop();
  const end = Date.now();
  saveTimeline(s, 'fault6', results, outages);
  const { lost, duplicates } = await writes.verify(s.cluster);
  const recoveries = outages.map((o, i) => recoveryOf(o, results, outages[i + 1]?.downAt ?? end));
  const worst = (kind: Outage['kind']) => {
    const xs = recoveries.filter((_, i) => outages[i]?.kind === kind);
    return xs.some((x) => x === null) ? null : Math.max(0, ...(xs as number[]));
  };
  const restartWorst = worst('restart');
  const terminateWorst = worst('terminate');
  const downtimes = outages.filter((o) => o.kind === 'restart').map((o) => o.upAt - o.downAt);
  const exits = unexpectedExits(s, since);
  const bad = results.filter((r) => failed(r));
  const missed: string[] = [];
  if (exits.length) missed.push(`${exits.length} process exit(s)`);
  if (lost.length) missed.push(`${lost.length} acknowledged write(s) lost`);
  for (const [kind, w] of [
    ['restart', restartWorst],
    ['terminate', terminateWorst],
  ] as const) {
    if (w === null) missed.push(`no recovery after a ${kind}`);
    else if (w > 2000) missed.push(`recovery after a ${kind} took ${secs(w)} (> 2 s)`);
  }
  const fmt = (w: number | null) => (w === null ? 'never' : secs(w));
  const balancerMoves = s.balancer.describe(since, end, since);
  return {
    scenario: `fault6 db restart ×${s.opts.restarts} + terminate ×${s.opts.restarts}`,
    sent: results.length,
    failed: bad.length,
    refused: results.filter(refused).length,
    lost: lost.length,
    exits: exits.length,
    recovery: `${fmt(restartWorst)} / ${fmt(terminateWorst)}`,
    missed,
    notes: [
      `recovery = from the database accepting connections again to the first 2xx (and the last error) of a request sent after it; worst restart / worst terminate`,
      `restarts: database down ${secs(Math.min(...downtimes))}–${secs(Math.max(...downtimes))} each; recoveries ${recoveries
        .slice(0, s.opts.restarts)
        .map(fmt)
        .join(', ')}`,
      `terminations: ${terminated} connections ended in all; recoveries ${recoveries.slice(s.opts.restarts).map(fmt).join(', ')}`,
      `answers: ${statusHistogram(results)}`,
      ...(bad.length ? [`failed (not 2xx, not 503 with Retry-After): ${statusHistogram(bad)}`] : []),
      `acknowledged writes: ${writes.acked.length}, all found: ${lost.length === 0}, stored twice: ${duplicates}`,
      `balancer: ${balancerMoves || 'both processes stayed in rotation'}`,
      ...describeExits(s, since),
    ],
    evidence: evidence(s, offsets),
  };
}

// ---------------------------------------------------------------------------------------------
// fault 8: a hot row: 200 simultaneous bookings for one person while unrelated requests run

export async function hotRow(s: Suite): Promise<Row> {
  await ensureBothUp(s);
  const offsets = logOffsets(s);
  const since = Date.now();
  const BURST = 200;
  const MINUTES = 10;
  // A day nobody books on: 144 bookings of 10 minutes fill it (24 h), the other 56 must be refused (409).
  const day = new Date(Date.UTC(2099, 0, 1 + (s.nextDayOffset() % 300))).toISOString().slice(0, 10);
  // Unrelated: the admin reading projects and the current user (not the fitter's row).
  const unrelatedWrites = new Writes(s.world, s.nextDayOffset());
  const admin = s.world.admin;
  const unrelated = new Load(
    unrelatedWrites,
    async () =>
      Math.random() < 0.5
        ? admin[0].request('GET', '/api/projects?perPage=10', { kind: 'unrelated' })
        : admin[1].request('GET', '/api/user/current', { kind: 'unrelated' }),
    4,
    20,
  ).start();
  // Liveness straight at each process, as a balancer's health check would.
  const live: { port: number; status: number; ms: number }[] = [];
  let probing = true;
  const probes = s.apps.map(async (a) => {
    while (probing) {
      const r = await probe(a.port, '/api/health/live', 2000);
      live.push({ port: a.port, status: r.status, ms: r.ms });
      await sleep(250);
    }
  });
  await sleep(1000);
  // The burst: its own connections, all sent at once, through the balancer (both processes).
  const burstClient = new Client(s.client.port, BURST + 10);
  const fitter = burstClient.session();
  for (const [k, v] of s.world.fitter[0].cookies) fitter.cookies.set(k, v);
  const writes = new Writes(s.world, s.nextDayOffset());
  const t0 = Date.now();
  const burst = await Promise.all(
    Array.from({ length: BURST }, async (_, i) => {
      const note = `${s.world.tag}:hot:${i}`;
      const r = await fitter.request('POST', '/api/hours', {
        body: { date: day, projectId: s.world.projectId, minutes: MINUTES, activity: 'installation', notes: note },
        kind: 'burst',
        timeoutMs: 60_000,
      });
      writes.record(r, s.world.fitterEmployeeId, MINUTES, day, note);
      return r;
    }),
  );
  const burstMs = Date.now() - t0;
  await sleep(1000);
  probing = false;
  await Promise.all(probes);
  const others = await unrelated.stop();
  burstClient.agent.destroy();
  const end = Date.now();

  const rows = await s.cluster.query<{ id: number; minutes: number; notes: string }>(
    'SELECT id, minutes, notes FROM booked_hours WHERE employee_id = $1 AND date = $2',
    [s.world.fitterEmployeeId, day],
  );
  const ackedIds = new Set(writes.acked.map((a) => a.id));
  const lost = writes.acked.filter((a) => !rows.some((r) => r.id === a.id && r.notes === a.note));
  const stored = rows.reduce((m, r) => m + r.minutes, 0);
  const extra = rows.filter((r) => !ackedIds.has(r.id)).length;
  const decided = (r: Result) => r.status === 201 || r.status === 409;
  const burstBad = burst.filter((r) => !decided(r) && !refused(r));
  const unrelatedBad = others.filter((r) => !ok(r));
  const liveBad = live.filter((l) => l.status !== 200);
  const downs = s.balancer.events.filter((e) => e.at >= since && e.at <= end && !e.up);
  const exits = unexpectedExits(s, since);
  const missed: string[] = [];
  if (exits.length) missed.push(`${exits.length} process exit(s)`);
  if (lost.length) missed.push(`${lost.length} acknowledged booking(s) lost`);
  if (burstBad.length)
    missed.push(`${burstBad.length} booking(s) answered neither 201, 409 nor 503: ${statusHistogram(burstBad)}`);
  if (stored > 1440) missed.push(`the day holds ${stored} minutes (> 24 h)`);
  if (extra) missed.push(`${extra} booking(s) stored that were not acknowledged`);
  if (unrelatedBad.length) missed.push(`${unrelatedBad.length} unrelated request(s) failed`);
  if (liveBad.length || downs.length) missed.push('/api/health/live did not stay up on both processes');
  const lat = others.map((r) => r.end - r.start);
  const liveMax = (port: number) =>
    Math.max(0, ...live.filter((l) => l.port === port && l.status === 200).map((l) => l.ms)).toFixed(0);
  return {
    scenario: `fault8 hot row (${BURST} bookings)`,
    sent: burst.length + others.length + live.length,
    failed: burstBad.length + unrelatedBad.length + liveBad.length,
    refused: burst.filter(refused).length,
    lost: lost.length,
    exits: exits.length,
    recovery: `${secs(burstMs)} burst`,
    missed,
    notes: [
      `${BURST} bookings of ${MINUTES} min for one person on ${day}, sent at once: ${statusHistogram(burst)}; all decided in ${secs(burstMs)}`,
      `the day holds ${stored} min in ${rows.length} bookings (${writes.acked.length} acknowledged; expected 144 × 201 and 56 × 409)`,
      `unrelated requests: ${others.length}, failed ${unrelatedBad.length}${unrelatedBad.length ? ` (${statusHistogram(unrelatedBad)})` : ''}, p50 ${percentile(lat, 50)} ms, p99 ${percentile(lat, 99)} ms, max ${Math.max(0, ...lat)} ms`,
      `/api/health/live: ${live.length} probes, ${liveBad.length} failed; slowest ${s.apps.map((a) => `${a.name} ${liveMax(a.port)} ms`).join(', ')}; balancer ${downs.length ? s.balancer.describe(since, end, t0) : 'kept both up'}`,
      ...describeExits(s, since),
    ],
    evidence: evidence(s, offsets),
  };
}

// ---------------------------------------------------------------------------------------------
// fault 9: SIGTERM one process with requests in flight (keep-alive), then start it again

export async function sigterm(s: Suite): Promise<Row> {
  await ensureBothUp(s);
  const offsets = logOffsets(s);
  const since = Date.now();
  const victim = s.apps[1] as AppProcess;
  const writes = new Writes(s.world, s.nextDayOffset());
  const std = standardOps(s.world);
  // The standard mix plus a streamed export (a longer request, so some are in flight at the signal).
  const load = new Load(
    writes,
    (w) =>
      Math.random() < 0.1
        ? s.world.admin[0].request('GET', '/api/hours/export?format=csv', {
            kind: 'export',
          })
        : std(w),
    s.opts.concurrency,
  ).start();
  await sleep(3000);
  const victimPid = victim.pid;
  const tSig = victim.signal('SIGTERM');
  // Still there after 3 s: what are its database connections doing?
  let lingering: string[] = [];
  let exit = await victim.waitExit(3_000);
  if (!exit && victimPid) {
    lingering = await connectionsOf(s, victimPid);
    exit = await victim.waitExit(12_000);
  }
  const exitAt = exit?.at ?? Date.now();
  await sleep(2000);
  const restartAt = Date.now();
  victim.start();
  let backAt: number | null = null;
  try {
    await victim.waitLive(60_000);
    if (await waitFor(() => s.balancer.isUp(victim.port), 10_000)) backAt = Date.now();
  } catch {
    backAt = null;
  }
  await sleep(2000);
  const results = await load.stop();
  const end = Date.now();
  const { lost, duplicates } = await writes.verify(s.cluster);

  const vport = String(victim.port);
  const before = results.filter((r) => r.start < tSig);
  const beforeBad = before.filter((r) => !ok(r));
  const inFlight = before.filter((r) => r.end >= tSig && r.backend === vport);
  const after = results.filter((r) => r.start >= tSig);
  const afterFailed = after.filter((r) => failed(r));
  const afterRefused = after.filter(refused);
  const lastBad = results.filter((r) => !ok(r)).reduce((m, r) => Math.max(m, r.end), tSig);
  const exits = unexpectedExits(s, since);
  const missed: string[] = [];
  if (exits.length) missed.push(`${exits.length} unexpected process exit(s)`);
  if (!exit) missed.push('the process did not exit within 15 s of SIGTERM');
  else if (exit.code !== 0)
    missed.push(`exit code ${exit.code}${exit.signal ? ` (${exit.signal})` : ''} after SIGTERM (expected 0)`);
  else if (exitAt - tSig > 10_000) missed.push(`exit took ${secs(exitAt - tSig)} (> 10 s)`);
  if (beforeBad.length) missed.push(`${beforeBad.length} request(s) sent before SIGTERM failed`);
  if (lost.length) missed.push(`${lost.length} acknowledged write(s) lost`);
  if (backAt === null) missed.push('the process did not come back into rotation after its restart');
  return {
    scenario: 'fault9 SIGTERM in flight',
    sent: results.length,
    failed: beforeBad.length + afterFailed.length,
    refused: afterRefused.length,
    lost: lost.length,
    exits: exits.length,
    recovery: lastBad > tSig ? `${secs(lastBad - tSig)}` : '0 s',
    missed,
    notes: [
      `SIGTERM to ${victim.name} (pid ${exit?.pid ?? '?'}) with ${inFlight.length} of its requests in flight: exit code ${exit?.code ?? 'none'} after ${secs(exitAt - tSig)}`,
      `sent before SIGTERM: ${before.length}, failed ${beforeBad.length}${beforeBad.length ? ` (${statusHistogram(beforeBad)}; on ${[...new Set(beforeBad.map((r) => r.backend ?? 'no answer'))].join(', ')})` : ''}`,
      `sent after SIGTERM: ${after.length}, refused 503 ${afterRefused.length}, failed ${afterFailed.length}${afterFailed.length ? ` (${statusHistogram(afterFailed)}: ${messages(afterFailed)})` : ''}`,
      `recovery = SIGTERM to the last non-2xx answer; restarted ${secs(restartAt - tSig)} after SIGTERM, back in rotation ${backAt ? secs(backAt - restartAt) : 'never'} later`,
      `balancer: ${s.balancer.describe(since, end, tSig) || 'no change'}`,
      `acknowledged writes: ${writes.acked.length}, stored twice: ${duplicates}`,
      ...(lingering.length ? [`3 s after SIGTERM its database connections were: ${lingering.join('; ')}`] : []),
      ...describeExits(s, since),
    ],
    evidence: evidence(s, offsets),
  };
}

/** The distinct error messages of failed answers, with the backend and whether Retry-After was sent. */
function messages(rs: Result[]): string {
  const m = new Set(
    rs.map((r) => {
      const msg = (r.body as { message?: string } | undefined)?.message ?? r.error ?? '';
      return `"${msg}" from ${r.backend ?? 'no answer'}${r.status === 503 && !r.retryAfter ? ' without Retry-After' : ''}`;
    }),
  );
  return [...m].join(', ');
}

/** The PostgreSQL sessions a process holds (found by its client ports), with their state and query. */
async function connectionsOf(s: Suite, pid: number): Promise<string[]> {
  const ss = spawnSync('ss', ['-tnpH', 'dst', `127.0.0.1:${s.cluster.port}`], { encoding: 'utf8' });
  const ports = (ss.stdout ?? '')
    .split('\n')
    .filter((l) => l.includes(`pid=${pid},`))
    .map((l) => Number(/127\.0\.0\.1:(\d+)\s+127\.0\.0\.1:\d+/.exec(l)?.[1]))
    .filter((n) => n > 0);
  if (ports.length === 0) return ss.status === 0 ? ['none open'] : [`(ss failed: ${ss.stderr?.trim()})`];
  const rows = await s.cluster.query<{ application_name: string; state: string; xact: string | null; query: string }>(
    `SELECT application_name, coalesce(state, '?') AS state,
            CASE WHEN xact_start IS NULL THEN NULL ELSE round(extract(epoch FROM now() - xact_start)::numeric, 1)::text END AS xact,
            left(regexp_replace(query, '\\s+', ' ', 'g'), 90) AS query
       FROM pg_stat_activity WHERE client_port = ANY($1::int[])`,
    [ports],
  );
  const counts = new Map<string, number>();
  for (const r of rows) {
    const k = `${r.application_name || '-'} ${r.state}${r.xact ? ` (transaction ${r.xact} s)` : ''}: ${r.query}`;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}× ${k}`);
}

// ---------------------------------------------------------------------------------------------
// fault 7: kill -9 the process running an ERP sync; how long until a new Sync is accepted

interface SyncRun {
  id: number;
  status: string;
  phase: string;
  fetched: number;
  error: string | null;
}

async function standin(port: number, settings?: Record<string, unknown>): Promise<{ stats: { requests: number } } | null> {
  const init: RequestInit = settings
    ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(settings) }
    : {};
  try {
    const res = await fetch(`http://127.0.0.1:${port}/__control`, { ...init, signal: AbortSignal.timeout(3000) });
    return (await res.json()) as { stats: { requests: number } };
  } catch {
    return null;
  }
}

export async function deadWorker(s: Suite): Promise<Row> {
  await ensureBothUp(s);
  const offsets = logOffsets(s);
  const since = Date.now();
  const admin = s.world.admin[0];
  const polls: Result[] = [];
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await admin.request(method, path, { kind: 'sync', keepBody: true, ...(body !== undefined ? { body } : {}) });
    polls.push(r);
    return r;
  };
  // Slow ERP pages on both stand-ins (whichever process's job runner takes the run reads its own).
  for (const a of s.apps) await standin(a.opts.standinPort, { latencyMs: 1500, pageSize: 250, resetStats: true });
  const writes = new Writes(s.world, s.nextDayOffset());
  const load = new Load(writes, standardOps(s.world), 2, 50).start();
  const missed: string[] = [];
  const notes: string[] = [];
  let recovery = 'n/a';
  const started = await call('POST', '/api/articles/sync', {});
  const run = (started.body as { data?: SyncRun } | undefined)?.data;
  let victim: AppProcess | null = null;
  let tKill = 0;
  if (started.status !== 202 || !run) {
    missed.push(`Sync Articles answered ${started.status} ${started.code ?? ''}`);
  } else {
    // Which process's job runner took it: the one whose stand-in is being read; wait for a page or two.
    await waitFor(
      async () => {
        for (const a of s.apps) {
          const st = await standin(a.opts.standinPort);
          if ((st?.stats.requests ?? 0) >= 2) victim = a;
        }
        return victim !== null;
      },
      30_000,
      250,
    );
    if (!victim) missed.push('no process started the sync within 30 s');
  }
  const v = victim as AppProcess | null;
  let exitCode = '';
  let tNotRunning: number | null = null;
  let tAccepted: number | null = null;
  let newRun: SyncRun | undefined;
  if (v && run) {
    const before = await call('GET', `/api/articles/sync/runs/${run.id}`);
    const b = (before.body as { data?: SyncRun } | undefined)?.data;
    notes.push(`run ${run.id} ${b?.status ?? '?'} (${b?.phase ?? '?'}, ${b?.fetched ?? '?'} fetched) on ${v.name}; kill -9 now`);
    tKill = v.signal('SIGKILL');
    const ex = await v.waitExit(10_000);
    exitCode = ex ? `signal ${ex.signal ?? ex.code}` : 'did not exit';
    // The survivor's ERP answers at full speed again, so a new run can finish.
    for (const a of s.apps) if (a !== v) await standin(a.opts.standinPort, { latencyMs: 0, pageSize: 500 });
    const deadline = tKill + s.opts.takeoverWaitMs;
    while (Date.now() < deadline) {
      const g = await call('GET', `/api/articles/sync/runs/${run.id}`);
      const st = (g.body as { data?: SyncRun } | undefined)?.data?.status;
      if (tNotRunning === null && st && st !== 'running' && st !== 'queued') tNotRunning = Date.now();
      const p = await call('POST', '/api/articles/sync', {});
      if (p.status === 202) {
        tAccepted = Date.now();
        newRun = (p.body as { data?: SyncRun } | undefined)?.data;
        if (tNotRunning === null) tNotRunning = tAccepted;
        break;
      }
      await sleep(1000);
    }
    const old = (await call('GET', `/api/articles/sync/runs/${run.id}`)).body as { data?: SyncRun } | undefined;
    notes.push(
      `killed ${v.name} (${exitCode}); the killed run is ${old?.data?.status ?? '?'}${old?.data?.error ? ` (${old.data.error})` : ''}` +
        `${tNotRunning ? `, no longer running after ${secs(tNotRunning - tKill)}` : `, still running after ${secs(s.opts.takeoverWaitMs)}`}`,
    );
    if (tAccepted && newRun) {
      recovery = secs(tAccepted - tKill);
      const done = await waitFor(
        async () => {
          const g = await call('GET', `/api/articles/sync/runs/${newRun?.id}`);
          const st = (g.body as { data?: SyncRun } | undefined)?.data?.status;
          return st !== undefined && st !== 'running' && st !== 'queued';
        },
        60_000,
        500,
      );
      const fin = ((await call('GET', `/api/articles/sync/runs/${newRun.id}`)).body as { data?: SyncRun } | undefined)?.data;
      notes.push(`a new Sync was accepted ${secs(tAccepted - tKill)} after the kill: run ${newRun.id} ${fin?.status ?? '?'}`);
      if (!done || fin?.status !== 'succeeded') missed.push(`the new run did not succeed (${fin?.status ?? 'unknown'})`);
      if (tAccepted - tKill > 60_000) missed.push(`take-over took ${secs(tAccepted - tKill)} (> 60 s)`);
    } else {
      recovery = `> ${secs(s.opts.takeoverWaitMs)}`;
      missed.push(
        `no new Sync accepted within ${secs(s.opts.takeoverWaitMs)} of the kill (goal 60 s): Sync Articles still answers 409`,
      );
    }
  }
  const results = await load.stop();
  // Start the killed process again for what follows.
  if (v) {
    v.start();
    await v.waitLive(60_000);
    await waitFor(() => s.balancer.isUp(v.port), 10_000);
  }
  for (const a of s.apps) await standin(a.opts.standinPort, { latencyMs: 0, pageSize: 500 });
  const end = Date.now();
  const { lost } = await writes.verify(s.cluster);
  const vport = v ? String(v.port) : '';
  const all = [...results, ...polls];
  // Requests the killed process was serving when it died cannot be answered: counted apart.
  const cut = all.filter((r) => !ok(r) && tKill && r.start < tKill && r.end >= tKill && r.backend === vport);
  const syncBusy = (r: Result) => r.status === 409 && r.code === 'ARTICLE_SYNC_RUNNING';
  const bad = all.filter((r) => failed(r, syncBusy) && !cut.includes(r));
  const exits = unexpectedExits(s, since);
  if (exits.length) missed.push(`${exits.length} unexpected process exit(s)`);
  if (lost.length) missed.push(`${lost.length} acknowledged write(s) lost`);
  notes.push(
    `load meanwhile: ${results.length} requests (${statusHistogram(results)}); ${cut.length} cut off by the kill; Sync polls: ${statusHistogram(polls)}`,
    `balancer: ${s.balancer.describe(since, end, tKill || since) || 'no change'}`,
    ...describeExits(s, since),
  );
  return {
    scenario: 'fault7 kill -9 during sync',
    sent: all.length,
    failed: bad.length,
    refused: all.filter(refused).length,
    lost: lost.length,
    exits: exits.length,
    recovery,
    missed,
    notes,
    evidence: evidence(s, offsets),
  };
}
