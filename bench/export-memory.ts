/**
 * Export memory: the payroll export of a year of booked hours through the real app,
 * to XLSX (exceljs' streaming writer) and to CSV, against a month of the same data.
 *
 *   npm run export-memory -w @app/bench [-- --employees 50 --rounds 2 --heap 96]
 *
 * This process creates a throw-away PostgreSQL database (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), migrates it and seeds it (seed.ts: the bench role,
 * employees with accounts and sessions; the bench role also gets hours.export), then books
 * --employees people two rows on every weekday of 2025 (~26,000 rows for 50 people), on one
 * project with an area and a task. The app runs in a child process (this file with --child,
 * JOBS=false: the export job runs inside POST /api/exports, so its answer comes when the file is
 * written). PostgreSQL is another process, so the child's memory is the app's alone.
 *
 * Per format and period (a month, then the year), --rounds times: POST /api/exports, then GET the
 * file to its end. Figures: rows, the time of the export (the POST) and rows per second, the file
 * size, and the child's resident memory (VmRSS from /proc, sampled every 10 ms) at its peak
 * during the export and download, as growth over what it held just before. Flat memory: the
 * growth of the year is about that of the month, though it holds 12 times the rows.
 * Figures only, no assertions beyond the files' row counts.
 */
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { COOKIE_NAME, csrfTokenFor, isMain, onStop, sessionToken } from './common.ts';
import { fmt, log, table } from './report.ts';
import { createPgDatabase, seed } from './seed.ts';

const MB = 1024 * 1024;
/** Session 1 is an employee with the bench role (seed.ts), which gets hours.export here. */
const SESSION = 1;
const YEAR = { from: '2025-01-01', to: '2025-12-31' };
const MONTH = { from: '2025-06-01', to: '2025-06-30' };

// ---- the child: the app on the bench database

async function child(): Promise<void> {
  const url = process.env.DATABASE_URL as string;
  const db = await openDatabase({ url, poolSize: 5 });
  const config = loadConfig({
    NODE_ENV: 'production',
    APP_MODE: 'demo',
    SEED_DEMO: 'false',
    JOBS: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    APP_URL: 'http://127.0.0.1',
    COOKIE_SECURE: 'false',
    DATA_DIR: process.env.DATA_DIR as string,
    DATABASE_URL: url,
  });
  const app = await buildApp({ config, db });
  await app.ready();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  onStop(async () => {
    await app.close();
    await db.close();
  });
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

// ---- the parent

function procRss(pid: number): number {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(text)?.[1] ?? Number.NaN) * 1024;
}

async function peakRss<T>(pid: number, fn: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = procRss(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, procRss(pid));
  }, 10);
  try {
    const result = await fn();
    return { result, peak: Math.max(peak, procRss(pid)) };
  } finally {
    clearInterval(timer);
  }
}

function request(
  port: number,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: Buffer; bytes: number }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        headers: {
          cookie: `${COOKIE_NAME}=${sessionToken(SESSION)}`,
          'x-xsrf-token': csrfTokenFor(SESSION),
          'x-requested-with': 'XMLHttpRequest',
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          // The file itself is only counted, never kept: the parent's memory is not measured, but it stays small.
          if (chunks.length < 4) chunks.push(c);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), bytes }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function startChild(env: NodeJS.ProcessEnv, heapMb: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const c = fork(fileURLToPath(import.meta.url), ['--child'], {
      execArgv: ['--import', 'tsx', ...(heapMb ? [`--max-old-space-size=${heapMb}`] : [])],
      env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => reject(new Error('the app did not start within 120 s')), 120_000);
    c.once('message', (m: { type: string; port: number }) => {
      clearTimeout(timer);
      resolve({ child: c, port: m.port });
    });
    c.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the app exited with ${code} before it was ready`));
    });
  });
}

function stopChild(c: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (c.exitCode !== null) return resolve();
    const kill = setTimeout(() => c.kill('SIGKILL'), 15_000);
    c.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    c.kill('SIGTERM');
  });
}

interface Case {
  format: 'xlsx' | 'csv';
  period: 'month' | 'year';
  rows: number;
  exportMs: number;
  downloadMs: number;
  bytes: number;
  before: number;
  peak: number;
}

async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      employees: { type: 'string', default: '50' },
      rounds: { type: 'string', default: '2' },
      heap: { type: 'string', default: '' },
    },
  });
  const people = Number(opt.employees);
  const rounds = Number(opt.rounds);
  log(
    `export memory: ${people} employees, two rows per weekday of 2025, ${rounds} round(s), PostgreSQL${opt.heap ? `, app heap limit ${opt.heap} MB` : ''}`,
  );
  const pgdb = await createPgDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-export-'));
  let child: ChildProcess | null = null;
  try {
    const db = await openDatabase({ url: pgdb.url, poolSize: 2 });
    await migrate(db);
    await seed(db);
    await db.raw.query(`
      INSERT INTO role_permissions (role_id, permission) SELECT id, 'hours.export' FROM roles WHERE slug = 'bench' ON CONFLICT DO NOTHING;
      UPDATE employees SET exact_id = 'EX-' || id WHERE id <= ${people};
      INSERT INTO projects (name) VALUES ('MS Bench Aurora');
      INSERT INTO project_areas (project_id, kind, number, name) SELECT id, 'area', '5001', 'Cabin 5001' FROM projects WHERE name = 'MS Bench Aurora';
      INSERT INTO tasks (project_id, area_id, name)
        SELECT p.id, a.id, 'Wall panels' FROM projects p JOIN project_areas a ON a.project_id = p.id WHERE p.name = 'MS Bench Aurora';
      INSERT INTO booked_hours (employee_id, date, project_id, area_id, task_id, minutes, activity, notes)
        SELECT e.id, d::date, t.project_id, t.area_id, t.id, m.minutes, m.activity, m.notes
          FROM (SELECT id FROM employees ORDER BY id LIMIT ${people}) e
          CROSS JOIN generate_series('2025-01-01'::date, '2025-12-31'::date, '1 day') d
          CROSS JOIN (SELECT project_id, area_id, id FROM tasks WHERE name = 'Wall panels') t
          CROSS JOIN (VALUES (270, 'installation', 'Panels fitted, deck 5'), (210, 'travel', '')) m(minutes, activity, notes)
         WHERE extract(isodow FROM d) < 6;
      ANALYZE;`);
    const counts = await db.raw.query<{ year: number; month: number }>(
      `SELECT count(*)::int AS year, count(*) FILTER (WHERE date BETWEEN '${MONTH.from}' AND '${MONTH.to}')::int AS month FROM booked_hours`,
    );
    await db.close();
    log(`seeded ${counts[0]?.year} booked hours (${counts[0]?.month} in June)`);

    const started = await startChild({ DATABASE_URL: pgdb.url, DATA_DIR: dataDir }, opt.heap);
    child = started.child;
    const { port } = started;
    const pid = child.pid as number;
    const current = await request(port, 'GET', '/api/user/current');
    if (current.status !== 200) throw new Error(`session not signed in: ${current.status}`);

    const exportOnce = async (format: 'xlsx' | 'csv', period: { from: string; to: string }) => {
      const t0 = performance.now();
      const res = await request(port, 'POST', '/api/exports', { kind: 'hours', format, ...period });
      const exportMs = performance.now() - t0;
      if (res.status !== 202) throw new Error(`POST /api/exports answered ${res.status}: ${res.body.toString().slice(0, 300)}`);
      const run = (JSON.parse(res.body.toString()) as { data: { status: string; done: number; fileUrl: string | null } }).data;
      if (run.status !== 'done' || !run.fileUrl) throw new Error(`the export did not finish: ${JSON.stringify(run)}`);
      const t1 = performance.now();
      const file = await request(port, 'GET', run.fileUrl);
      if (file.status !== 200) throw new Error(`the download answered ${file.status}`);
      return { rows: run.done, exportMs, downloadMs: performance.now() - t1, bytes: file.bytes };
    };

    // Warm-up: load exceljs and the code paths once, so the first measured case does not pay for them.
    await exportOnce('xlsx', { from: '2025-01-01', to: '2025-01-07' });
    await exportOnce('csv', { from: '2025-01-01', to: '2025-01-07' });
    await new Promise((r) => setTimeout(r, 500));

    const cases: Case[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const format of ['xlsx', 'csv'] as const) {
        for (const [period, range] of [
          ['month', MONTH],
          ['year', YEAR],
        ] as const) {
          (global as { gc?: () => void }).gc?.();
          await new Promise((r) => setTimeout(r, 300));
          const before = procRss(pid);
          const m = await peakRss(pid, () => exportOnce(format, range));
          cases.push({ format, period, ...m.result, before, peak: m.peak });
          log(
            `round ${round + 1} ${format} ${period}: ${m.result.rows} rows in ${fmt(m.result.exportMs, 0)} ms, +${fmt((m.peak - before) / MB, 1)} MB`,
          );
        }
      }
    }

    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.floor((s.length - 1) / 2)] as number;
    };
    const rowsOut: string[][] = [];
    for (const format of ['xlsx', 'csv'] as const) {
      for (const period of ['month', 'year'] as const) {
        const cs = cases.filter((c) => c.format === format && c.period === period);
        const rows = cs[0]?.rows ?? 0;
        const ms = median(cs.map((c) => c.exportMs));
        rowsOut.push([
          format,
          period,
          fmt(rows, 0),
          fmt(ms, 0),
          fmt(rows / (ms / 1000), 0),
          fmt(median(cs.map((c) => c.downloadMs)), 0),
          fmt((cs[0]?.bytes ?? 0) / 1024, 0),
          fmt(median(cs.map((c) => c.before)) / MB, 0),
          fmt(median(cs.map((c) => c.peak - c.before)) / MB, 1),
          fmt(Math.max(...cs.map((c) => c.peak - c.before)) / MB, 1),
        ]);
      }
    }
    table(
      [
        'format',
        'period',
        'rows',
        'export ms',
        'rows/s',
        'download ms',
        'file KB',
        'RSS before MB',
        'peak growth MB (median)',
        'max',
      ],
      rowsOut,
    );
  } finally {
    if (child) await stopChild(child);
    await pgdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  (process.argv.includes('--child') ? child() : main()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
