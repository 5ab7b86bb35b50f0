/**
 * The server as it is really run: `npm start` (scripts/start.mjs) and the compiled bundle, as
 * processes of their own on a fresh PGlite data folder. Graceful shutdown (O1) with the signals
 * a terminal, a process manager or a container runtime sends, and the production build (no
 * TypeScript loaded at run time).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { pageView } from './factories/analytics';
import { webFixtureDir } from './helpers/app';

const root = path.resolve(import.meta.dirname, '../../..');
const bundle = path.join(root, 'apps/server/dist/main.js');

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

interface Started {
  child: ChildProcess;
  port: number;
  dataDir: string;
  /** Everything the process group wrote so far (npm's banner, the server's JSON log lines). */
  output(): string;
  exited: Promise<Exit>;
}

const running: Started[] = [];

afterEach(() => {
  for (const s of running.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null && s.child.pid) {
      try {
        process.kill(-s.child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Starts a command as the leader of a process group of its own, as a terminal or a process
 * manager would: a fresh PGlite data folder, a free port, a tiny prebuilt web app, no demo data.
 */
async function startProcess(command: string, args: string[]): Promise<Started> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    APP_MODE: 'production',
    SEED_DEMO: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    WEB_DIST: webFixtureDir(),
    LOG_LEVEL: 'info',
    // Long enough that the page views below are still buffered when the signal arrives.
    ANALYTICS_FLUSH_MS: '1000',
    ERP_SYNC_CRON: 'off',
  };
  for (const key of ['DATABASE_URL', 'MIGRATION_DATABASE_URL', 'SMTP_URL', 'ERP_URL', 'JOBS', 'TRUST_PROXY', 'NODE_OPTIONS']) {
    delete env[key];
  }
  const child = spawn(command, args, { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const started: Started = { child, port, dataDir, output: () => out, exited };
  running.push(started);
  return started;
}

/** The server's JSON log lines (npm's own lines are skipped). */
function logLines(s: Started): { msg?: string; pid?: number; level?: number; [k: string]: unknown }[] {
  return s
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    });
}

async function waitFor(what: string, s: Started, ok: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ok()) return;
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      throw new Error(`exited (${s.child.exitCode ?? s.child.signalCode}) while waiting for ${what}:\n${s.output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}:\n${s.output()}`);
}

async function healthy(s: Started): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${s.port}/api/health`, { signal: AbortSignal.timeout(2_000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/** A browser's session: the session cookie and the XSRF token to echo. */
async function session(port: number): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
  expect(res.status).toBe(204);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  return { cookie: cookies.join('; '), 'x-xsrf-token': decodeURIComponent(xsrf), 'x-requested-with': 'XMLHttpRequest' };
}

interface Answer {
  status: number;
  connection: string | undefined;
}

/**
 * A page view whose body arrives in two halves: the request is in flight (headers and half the
 * body read) until finish() sends the rest.
 */
function slowPageView(port: number, headers: Record<string, string>): { answer: Promise<Answer>; finish(): void } {
  const body = JSON.stringify(pageView({ metadata: { route_name: 'shutdown' } }));
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/science',
    agent: false,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  req.write(body.slice(0, half));
  return { answer, finish: () => req.end(body.slice(half)) };
}

async function storedShutdownEvents(dataDir: string): Promise<number> {
  const db = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const rows = await db.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM analytics_events WHERE route_name = 'shutdown'",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await db.close();
  }
}

const IN_FLIGHT = 10;
const BUFFERED = 5;

/**
 * The whole O1 check against a started process: buffered page views and requests in flight,
 * then `signal` to `target` ('group': the process group, as Ctrl-C or `kill -TERM -PGID` sends it;
 * 'server': only the server process). Every in-flight request is answered, every accepted event
 * is stored, the log shows one drain and no forced exit, and the exit code is 0 within 10 s.
 */
async function stopGracefully(
  s: Started,
  signal: NodeJS.Signals,
  target: 'group' | 'server',
  opts: { repeat?: boolean } = {},
): Promise<void> {
  await waitFor('GET /api/health 200', s, () => healthy(s), 120_000);
  // The answer and the log line travel on different pipes: the line may be read a moment later.
  const servingLine = () => logLines(s).find((l) => typeof l.msg === 'string' && l.msg.startsWith('serving'));
  await waitFor('"serving" in the log', s, () => servingLine() !== undefined, 10_000);
  const serving = servingLine();
  expect(serving?.pid).toBeTypeOf('number');

  const headers = await session(s.port);
  for (let i = 0; i < BUFFERED; i++) {
    const res = await fetch(`http://127.0.0.1:${s.port}/api/science`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(pageView({ metadata: { route_name: 'shutdown' } })),
    });
    expect(res.status).toBe(204);
  }
  const inflight = Array.from({ length: IN_FLIGHT }, () => slowPageView(s.port, headers));
  // A round trip on another connection, so the server has read the slow requests' headers.
  expect(await healthy(s)).toBe(true);
  await new Promise((r) => setTimeout(r, 200));

  const signalledAt = Date.now();
  const pid = target === 'group' ? -(s.child.pid as number) : (serving?.pid as number);
  process.kill(pid, signal);
  await waitFor('"shutting down" in the log', s, () => logLines(s).some((l) => l.msg === 'shutting down'), 5_000);
  if (opts.repeat) {
    // The same signal again while draining, as a parent that forwards signals delivers it: ignored.
    process.kill(pid, signal);
    await waitFor('the repeat in the log', s, () => logLines(s).some((l) => /^already shutting down/.test(l.msg ?? '')), 5_000);
  }
  // Draining: the process waits for the requests in flight.
  await new Promise((r) => setTimeout(r, 300));
  expect(s.child.exitCode).toBeNull();

  for (const r of inflight) r.finish();
  const answers = await Promise.all(inflight.map((r) => r.answer));
  expect(answers.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(204));
  for (const a of answers) expect(a.connection).toBe('close');

  const exit = await Promise.race([
    s.exited,
    new Promise<Exit>((r) => setTimeout(() => r({ code: null, signal: null }), 15_000)),
  ]);
  const log = s.output();
  expect(exit, log).toEqual({ code: 0, signal: null });
  expect(Date.now() - signalledAt).toBeLessThan(10_000);

  const lines = logLines(s);
  expect(
    lines.filter((l) => l.msg === 'shutting down'),
    log,
  ).toHaveLength(1);
  expect(
    lines.some((l) => l.msg === 'stopped' && l.exitCode === 0),
    log,
  ).toBe(true);
  expect(
    lines.some((l) => l.step === 'app' && /^drained the requests in flight/.test(l.msg ?? '')),
    log,
  ).toBe(true);
  expect(log).not.toMatch(/second SIG|killed by timeout|did not stop|exiting now/i);
  // Everything accepted was written before the database closed: the buffered page views and the
  // events of the requests that finished during the drain.
  expect(await storedShutdownEvents(s.dataDir)).toBe(BUFFERED + IN_FLIGHT);
}

// The processes always run on PGlite: the PostgreSQL run of the server tests (TEST_DB=pg) would
// repeat them unchanged.
const onPglite = process.env.TEST_DB !== 'pg';

describe.runIf(onPglite)('npm start: graceful shutdown (O1)', () => {
  it('drains, flushes and exits 0 on one SIGTERM to the whole process group', async () => {
    const s = await startProcess('npm', ['start']);
    await stopGracefully(s, 'SIGTERM', 'group');
  }, 180_000);

  it('does the same on Ctrl-C (SIGINT to the process group)', async () => {
    const s = await startProcess('npm', ['start']);
    await stopGracefully(s, 'SIGINT', 'group');
  }, 180_000);

  it('does the same on a SIGTERM to the server process alone, and ignores a repeated one while draining', async () => {
    const s = await startProcess('npm', ['start']);
    await stopGracefully(s, 'SIGTERM', 'server', { repeat: true });
  }, 180_000);
});

describe.runIf(onPglite)('the production build', () => {
  it('builds the server into one JavaScript bundle that runs without a TypeScript loader', async () => {
    const build = spawnSync('npm', ['run', 'build', '-w', '@app/server'], { cwd: root, encoding: 'utf8' });
    expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
    expect(fs.existsSync(bundle)).toBe(true);
    expect(fs.existsSync(path.join(root, 'apps/server/dist/migrations/meta/_journal.json'))).toBe(true);
    // Plain node, no --import: Node 20 cannot load a .ts file, so serving proves none is loaded.
    const s = await startProcess(process.execPath, [bundle]);
    await waitFor('GET /api/health 200', s, () => healthy(s), 60_000);
    const res = await fetch(`http://127.0.0.1:${s.port}/api/health`);
    expect(res.status).toBe(200);
    await stopGracefully(s, 'SIGTERM', 'server');
  }, 180_000);
});
