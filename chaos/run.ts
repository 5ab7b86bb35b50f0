/**
 * The fault suite: `npm run chaos [-- --full] [-- --only=fault6,fault9]`.
 *
 * Starts a private PostgreSQL cluster (initdb, pg_ctl), two app processes from the built server
 * on it, started together on the empty database (fault 10), a round-robin balancer in front, signs
 * in as the demo users, and runs the faults under bounded load: PostgreSQL restarted and its
 * connections terminated (6), a hot row (8), SIGTERM with requests in flight (9), kill -9 during
 * an ERP sync (7). Prints a table, writes it to chaos/last-run.md, removes everything it started,
 * and exits 1 when a goal was missed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppProcess, ROOT } from './apps.ts';
import { Client, DEMO, type Session } from './client.ts';
import { Cluster } from './cluster.ts';
import { freePort } from './ports.ts';
import { coldStart, databaseRestart, deadWorker, evidence, hotRow, sigterm } from './scenarios.ts';
import { Balancer, type Options, type Row, type Suite, secs } from './suite.ts';

const SCENARIOS = {
  fault10: ['cold-start', '10'],
  fault6: ['db-restart', '6'],
  fault8: ['hot-row', '8'],
  fault9: ['sigterm', '9'],
  fault7: ['dead-worker', '7'],
} as const;
type Name = keyof typeof SCENARIOS;

function usage(): never {
  console.log(`npm run chaos -- [options]

  --only=<names>      run only these (comma-separated): fault10 (cold-start), fault6 (db-restart),
                      fault8 (hot-row), fault9 (sigterm), fault7 (dead-worker)
  --full              20 database restarts and 20 terminations (default 5 each), and wait up to
                      180 s (default 75 s) for the dead worker's take-over
  --restarts=<n>      database restarts and terminations in fault6
  --concurrency=<n>   load workers (default 8)
  --keep              keep the temporary directory (cluster, app logs) and print its path`);
  process.exit(0);
}

function parseArgs(argv: string[]): Options {
  const o: Options = { full: false, only: null, restarts: 5, concurrency: 8, takeoverWaitMs: 75_000, keep: false };
  for (const a of argv) {
    const [k, v] = a.split('=', 2) as [string, string | undefined];
    if (k === '--help' || k === '-h') usage();
    else if (k === '--full') {
      o.full = true;
      o.restarts = 20;
      o.takeoverWaitMs = 180_000;
    } else if (k === '--keep') o.keep = true;
    else if (k === '--only' && v) {
      o.only = v.split(',').map((x) => {
        const name = (Object.keys(SCENARIOS) as Name[]).find((n) => n === x || (SCENARIOS[n] as readonly string[]).includes(x));
        if (!name) throw new Error(`unknown scenario ${x}; see --help`);
        return name;
      });
    } else if (k === '--restarts' && v) o.restarts = Math.max(1, Number(v));
    else if (k === '--concurrency' && v) o.concurrency = Math.max(1, Number(v));
    else throw new Error(`unknown option ${a}; see --help`);
  }
  return o;
}

const t = () => new Date().toISOString().slice(11, 19);
const say = (msg: string) => console.log(`[chaos ${t()}] ${msg}`);

function table(rows: Row[]): string {
  const head = ['scenario', 'sent', 'failed', '503', 'lost writes', 'exits', 'recovery', 'result'];
  const body = rows.map((r) => [
    r.scenario,
    String(r.sent),
    String(r.failed),
    String(r.refused),
    r.lost === null ? '-' : String(r.lost),
    String(r.exits),
    r.recovery,
    r.missed.length ? 'MISSED' : 'ok',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => (b[i] ?? '').length)));
  const numeric = new Set([1, 2, 3, 4, 5]);
  const line = (cells: string[]) =>
    cells.map((c, i) => (numeric.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

function details(rows: Row[]): string {
  return rows
    .map((r) =>
      [
        `${r.scenario}:`,
        ...r.missed.map((m) => `  MISSED: ${m}`),
        ...r.notes.map((n) => `  - ${n}`),
        ...(r.evidence.length ? ['  app log (warnings and errors):', ...r.evidence.map((e) => `    ${e}`)] : []),
      ].join('\n'),
    )
    .join('\n\n');
}

function markdown(rows: Row[], command: string, totalMs: number): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = [
    '# Fault suite: last run',
    '',
    `\`${command}\` — ${new Date().toISOString()}, ${os.cpus().length} CPUs, total ${secs(totalMs)}`,
    '',
    '| scenario | sent | failed | 503 | lost writes | exits | recovery | result |',
    '|---|--:|--:|--:|--:|--:|---|---|',
    ...rows.map(
      (r) =>
        `| ${esc(r.scenario)} | ${r.sent} | ${r.failed} | ${r.refused} | ${r.lost ?? '-'} | ${r.exits} | ${esc(r.recovery)} | ${r.missed.length ? 'MISSED' : 'ok'} |`,
    ),
    '',
    '```',
    details(rows),
    '```',
    '',
    '```json',
    JSON.stringify(
      rows.map(({ evidence: _e, ...r }) => r),
      null,
      2,
    ),
    '```',
    '',
  ];
  return lines.join('\n');
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const wanted = (n: Name) => opts.only === null || opts.only.includes(n);
  const command = `npm run chaos${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;
  const began = Date.now();

  // The server bundle, rebuilt when a source is newer (as npm start does).
  const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs', '--if-stale'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-run-'));
  const dataDir = path.join(tmp, 'data');
  const logDir = path.join(tmp, 'logs');
  fs.mkdirSync(dataDir);
  fs.mkdirSync(logDir);
  let cluster: Cluster | null = null;
  let balancer: Balancer | null = null;
  const apps: AppProcess[] = [];
  const rows: Row[] = [];
  let cleaned = false;
  /** How the processes ended on the suite's own SIGTERM at the end (after all the faults). */
  const finalStops: string[] = [];

  const cleanup = async (keepLogs: boolean) => {
    if (cleaned) return;
    cleaned = true;
    await Promise.all(
      apps.map(async (a) => {
        if (!a.running) return;
        const t0 = Date.now();
        await a.stop(12_000).catch(() => {});
        const e = a.exits.at(-1);
        finalStops.push(`${a.name} exit ${e?.code ?? e?.signal ?? '?'} after ${secs((e?.at ?? Date.now()) - t0)}`);
      }),
    );
    balancer?.stop();
    await cluster?.destroy().catch(() => {});
    if (keepLogs) {
      const dest = path.join(import.meta.dirname, 'last-run-logs');
      fs.rmSync(dest, { recursive: true, force: true });
      fs.cpSync(logDir, dest, { recursive: true });
      say(`app logs copied to ${path.relative(process.cwd(), dest)}/`);
    }
    if (opts.keep) say(`kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  };
  // Ctrl-C reaches this process twice under npm (from the terminal and forwarded by npm): the
  // repeat is ignored rather than ending the process before the cleanup is done.
  let interrupted = false;
  const interrupt = (sig: NodeJS.Signals) => {
    if (interrupted) return;
    interrupted = true;
    say(`${sig}: stopping everything this run started`);
    void cleanup(false).then(() => process.exit(130));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  // Everything is bounded, and so is the whole.
  const watchdogMs = opts.full ? 30 * 60_000 : 10 * 60_000;
  const watchdog = setTimeout(() => {
    say(`the suite did not end within ${secs(watchdogMs)}; stopping`);
    if (rows.length) console.log(`\n${table(rows)}\n`);
    void cleanup(true).then(() => process.exit(2));
  }, watchdogMs);
  watchdog.unref();

  try {
    say('starting a private PostgreSQL cluster');
    cluster = await Cluster.create({ maxConnections: 120 });
    say(`PostgreSQL on 127.0.0.1:${cluster.port} (${cluster.dataDir})`);
    const lbPort = await freePort(3100, 3199);
    const appPorts = [await freePort(3100, 3199), await freePort(3100, 3199)];
    const standinPorts = [await freePort(3100, 3199), await freePort(3100, 3199)];
    balancer = await Balancer.start(lbPort, appPorts);
    for (const [i, port] of appPorts.entries()) {
      apps.push(
        new AppProcess({
          name: `app${i + 1}`,
          port,
          standinPort: standinPorts[i] as number,
          databaseUrl: cluster.url(),
          dataDir,
          appUrl: `http://127.0.0.1:${lbPort}`,
          logDir,
        }),
      );
    }
    say(`fault10: starting ${apps.map((a) => `${a.name} :${a.port}`).join(' and ')} together on the empty database`);
    const startedAt = Date.now();
    for (const a of apps) a.start();
    await Promise.all(apps.map((a) => a.waitLive(240_000)));
    const b = balancer;
    const upAt = Date.now();
    const inRotation = await new Promise<boolean>((resolve) => {
      const until = Date.now() + 10_000;
      const tick = () => {
        if (apps.every((a) => b.isUp(a.port))) resolve(true);
        else if (Date.now() > until) resolve(false);
        else setTimeout(tick, 50);
      };
      tick();
    });
    if (!inRotation) throw new Error('the balancer did not mark both processes up');
    say(`both up after ${secs(upAt - startedAt)}; balancer on :${lbPort}`);

    const client = new Client(lbPort);
    const signIn = async (who: { email: string; password: string }) => {
      const s = client.session();
      await s.login(who.email, who.password);
      return s;
    };
    const admin: [Session, Session] = [await signIn(DEMO.admin), await signIn(DEMO.admin)];
    const fitter: [Session, Session] = [await signIn(DEMO.fitter), await signIn(DEMO.fitter)];
    const me = await fitter[0].request('GET', '/api/user/current', { keepBody: true });
    const fitterEmployeeId = (me?.body as { data?: { guardable?: { id?: number } } })?.data?.guardable?.id;
    const projects = await fitter[0].request('GET', '/api/hours/projects', { keepBody: true });
    const projectId = (projects?.body as { data?: { id: number }[] })?.data?.[0]?.id;
    if (!fitterEmployeeId || !projectId) throw new Error('could not read the fitter or a project to book on');
    const employeeIds = (
      await cluster.query<{ id: number }>('SELECT id FROM employees WHERE deleted_at IS NULL AND id <> $1 ORDER BY id LIMIT 6', [
        fitterEmployeeId,
      ])
    ).map((r) => r.id);
    let dayOffset = 0;
    const suite: Suite = {
      opts,
      cluster,
      apps,
      balancer,
      client,
      rows,
      world: {
        admin,
        fitter,
        projectId,
        fitterEmployeeId,
        employeeIds,
        tag: `chaos-${Date.now().toString(36)}`,
      },
      nextDayOffset: () => (dayOffset += 40),
    };

    const plan: [Name, string, () => Promise<Row>][] = [
      ['fault10', 'two processes starting together on an empty database', () => coldStart(suite, startedAt, upAt)],
      [
        'fault6',
        `PostgreSQL restarted ×${opts.restarts} and connections terminated ×${opts.restarts}`,
        () => databaseRestart(suite),
      ],
      ['fault8', 'a hot row: 200 bookings for one person at once', () => hotRow(suite)],
      ['fault9', 'SIGTERM with requests in flight', () => sigterm(suite)],
      ['fault7', 'kill -9 during an ERP sync', () => deadWorker(suite)],
    ];
    for (const [name, what, fn] of plan) {
      if (!wanted(name)) continue;
      say(`${name}: ${what}`);
      const offsets = apps.map((a) => a.logSize());
      const t0 = Date.now();
      try {
        const row = await fn();
        rows.push(row);
        say(`${name}: ${row.missed.length ? `MISSED (${row.missed.join('; ')})` : 'ok'} in ${secs(Date.now() - t0)}`);
      } catch (err) {
        rows.push({
          scenario: name,
          sent: 0,
          failed: 0,
          refused: 0,
          lost: null,
          exits: apps.flatMap((a) => a.unexpectedExits(t0)).length,
          recovery: '-',
          missed: [`the scenario stopped: ${(err as Error).message}`],
          notes: [],
          evidence: evidence(suite, offsets),
        });
        say(`${name}: error ${(err as Error).stack ?? err}`);
      }
    }
  } catch (err) {
    say(`setup failed: ${(err as Error).stack ?? err}`);
    for (const a of apps) console.log(`--- ${a.name} (${a.logFile}):\n${a.logSince(Math.max(0, a.logSize() - 4000))}`);
    if (cluster) console.log(`--- postgres:\n${cluster.tailLog()}`);
    await cleanup(true);
    return 2;
  }

  const anyMissed = rows.some((r) => r.missed.length);
  await cleanup(anyMissed);
  const totalMs = Date.now() - began;
  console.log(`\n${details(rows)}\n`);
  console.log(table(rows));
  const stops = `SIGTERM at the end: ${finalStops.join(', ')}`;
  console.log(`\n${stops}`);
  console.log(`${command}: ${secs(totalMs)}; ${anyMissed ? 'goals MISSED' : 'all goals met'}`);
  const md = path.join(import.meta.dirname, 'last-run.md');
  fs.writeFileSync(md, markdown(rows, command, totalMs).replace('\n| scenario', `\n${stops}\n\n| scenario`));
  console.log(`written to ${path.relative(process.cwd(), md)}`);
  return anyMissed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
