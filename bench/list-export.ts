/**
 * List exports: GET /api/articles/export of 100,000 articles as XLSX and as CSV through
 * the real app, against 10,000 of the same articles (one type, every tenth), to show the memory
 * stays flat: the export reads the list 1,000 rows a call and streams each row out as it goes.
 *
 *   npm run list-export -w @app/bench [-- --articles 100000 --rounds 2 --heap 0]
 *   npm run bench -- --list-export
 *
 * This process creates a throw-away PostgreSQL database (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), migrates it and seeds it as the other benches do
 * (seed.ts: the bench role with articles.view, employees with sessions), then writes --articles
 * articles in one statement (ten types, so `type=T0` is a tenth of them) and ANALYZEs. The app runs
 * in a child process (this file with --child); while an export streams, the child samples its own
 * process.memoryUsage() every 50 ms and reports the peak RSS and heap used, as growth over what it
 * held just before. PostgreSQL is another process, so the figures are the app's alone. Per format
 * and size, --rounds times: wall time to the last byte, rows/s, file size, peak growth.
 * Flat memory: the growth at 100,000 rows is about that at 10,000. Figures only, no assertions
 * beyond the files' byte counts.
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
import { COOKIE_NAME, isMain, onStop, sessionToken } from './common.ts';
import { fmt, log, table } from './report.ts';
import { createPgDatabase, seed } from './seed.ts';

const MB = 1024 * 1024;
/** Session 1 is an employee with the bench role (seed.ts: articles.view). */
const SESSION = 1;

// ---- the child: the app on the bench database, sampling its own memory when asked

interface Peak {
  rss: number;
  heap: number;
  beforeRss: number;
  beforeHeap: number;
}

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
  let timer: NodeJS.Timeout | null = null;
  let peak: Peak | null = null;
  process.on('message', (m: { type: string }) => {
    if (m.type === 'start') {
      (global as { gc?: () => void }).gc?.();
      const now = process.memoryUsage();
      peak = { rss: now.rss, heap: now.heapUsed, beforeRss: now.rss, beforeHeap: now.heapUsed };
      timer = setInterval(() => {
        const u = process.memoryUsage();
        if (peak) {
          peak.rss = Math.max(peak.rss, u.rss);
          peak.heap = Math.max(peak.heap, u.heapUsed);
        }
      }, 50);
      process.send?.({ type: 'started' });
    } else if (m.type === 'stop') {
      if (timer) clearInterval(timer);
      const u = process.memoryUsage();
      if (peak) {
        peak.rss = Math.max(peak.rss, u.rss);
        peak.heap = Math.max(peak.heap, u.heapUsed);
      }
      process.send?.({ type: 'peak', peak });
    }
  });
  process.send?.({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
}

// ---- the parent

function ask<T>(c: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string } & T) => {
      if (m.type !== answer) return;
      c.off('message', on);
      resolve(m);
    };
    c.on('message', on);
    c.send({ type });
  });
}

/** GET url to its last byte, counting the bytes (never keeping them), and the first few for a check. */
export function download(port: number, url: string): Promise<{ status: number; bytes: number; head: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'GET',
        path: url,
        headers: { cookie: `${COOKIE_NAME}=${sessionToken(SESSION)}`, 'x-requested-with': 'XMLHttpRequest' },
      },
      (res) => {
        let bytes = 0;
        let head = '';
        res.on('data', (c: Buffer) => {
          if (bytes === 0) head = c.subarray(0, 200).toString('utf8');
          bytes += c.length;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, head }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

function startChild(env: NodeJS.ProcessEnv, heapMb: string): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const c = fork(fileURLToPath(import.meta.url), ['--child'], {
      execArgv: ['--import', 'tsx', '--expose-gc', ...(heapMb && heapMb !== '0' ? [`--max-old-space-size=${heapMb}`] : [])],
      env: { ...process.env, LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => reject(new Error('the app did not start within 120 s')), 120_000);
    const ready = (m: { type: string; port: number }) => {
      if (m.type !== 'ready') return;
      clearTimeout(timer);
      c.off('message', ready);
      resolve({ child: c, port: m.port });
    };
    c.on('message', ready);
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
  size: 'small' | 'large';
  rows: number;
  ms: number;
  bytes: number;
  peak: Peak;
}

export async function runListExport(o: { articles: number; rounds: number; heap: string }): Promise<void> {
  const { articles, rounds } = o;
  log(`list export: ${fmt(articles, 0)} articles (and a tenth of them) as XLSX and CSV, ${rounds} round(s), PostgreSQL`);
  const pgdb = await createPgDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-export-'));
  let c: ChildProcess | null = null;
  try {
    const db = await openDatabase({ url: pgdb.url, poolSize: 2 });
    await migrate(db);
    await seed(db);
    const t0 = performance.now();
    await db.raw.exec(`
      INSERT INTO articles (erp_id, sku, name, description, type_code, type_name, unit, supplier_code, supplier_name, status, synced_at)
        SELECT 'erp-' || g, 'SKU-' || lpad(g::text, 7, '0'), 'Artikel ' || g || ' eiken naturel, 18 mm',
               'Omschrijving van artikel ' || g, 'T' || (g % 10), 'Type ' || (g % 10), 'st',
               'S' || (g % 50), 'Leverancier ' || (g % 50), 'active', now() - (g || ' seconds')::interval
          FROM generate_series(1, ${articles}) g`);
    await db.raw.exec('VACUUM ANALYZE');
    const counts = await db.raw.query<{ all: number; t0: number }>(
      `SELECT count(*)::int AS all, count(*) FILTER (WHERE type_code = 'T0')::int AS t0 FROM articles`,
    );
    await db.close();
    const large = counts[0]?.all ?? 0;
    const small = counts[0]?.t0 ?? 0;
    log(`seeded ${fmt(large, 0)} articles (${fmt(small, 0)} of type T0) in ${fmt((performance.now() - t0) / 1000, 1)} s`);

    const started = await startChild({ DATABASE_URL: pgdb.url, DATA_DIR: dataDir }, o.heap);
    c = started.child;
    const { port } = started;
    const url = (format: string, size: 'small' | 'large') =>
      `/api/articles/export?format=${format}&sort=name${size === 'small' ? '&type=T0' : ''}`;

    const once = async (format: 'xlsx' | 'csv', size: 'small' | 'large') => {
      await ask(c as ChildProcess, 'start', 'started');
      const t = performance.now();
      const res = await download(port, url(format, size));
      const ms = performance.now() - t;
      const { peak } = await ask<{ peak: Peak }>(c as ChildProcess, 'stop', 'peak');
      if (res.status !== 200) throw new Error(`${url(format, size)} answered ${res.status}: ${res.head}`);
      return { ms, bytes: res.bytes, peak };
    };

    // Warm-up: load exceljs and the code paths once, so the first measured case does not pay for them.
    await once('xlsx', 'small');
    await once('csv', 'small');

    const cases: Case[] = [];
    for (let round = 0; round < rounds; round++) {
      for (const format of ['xlsx', 'csv'] as const) {
        for (const size of ['small', 'large'] as const) {
          await new Promise((r) => setTimeout(r, 300));
          const m = await once(format, size);
          const rows = size === 'small' ? small : large;
          cases.push({ format, size, rows, ...m });
          log(
            `round ${round + 1} ${format} ${fmt(rows, 0)} rows: ${fmt(m.ms, 0)} ms, ${fmt(rows / (m.ms / 1000), 0)} rows/s, ` +
              `RSS +${fmt((m.peak.rss - m.peak.beforeRss) / MB, 1)} MB, heap +${fmt((m.peak.heap - m.peak.beforeHeap) / MB, 1)} MB`,
          );
        }
      }
    }

    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      return s[Math.floor((s.length - 1) / 2)] as number;
    };
    const out: string[][] = [];
    for (const format of ['xlsx', 'csv'] as const) {
      for (const size of ['small', 'large'] as const) {
        const cs = cases.filter((x) => x.format === format && x.size === size);
        const rows = cs[0]?.rows ?? 0;
        const ms = median(cs.map((x) => x.ms));
        out.push([
          format,
          fmt(rows, 0),
          fmt(ms, 0),
          fmt(rows / (ms / 1000), 0),
          fmt((cs[0]?.bytes ?? 0) / MB, 1),
          fmt(median(cs.map((x) => x.peak.beforeRss)) / MB, 0),
          fmt(median(cs.map((x) => x.peak.rss - x.peak.beforeRss)) / MB, 1),
          fmt(Math.max(...cs.map((x) => x.peak.rss)) / MB, 0),
          fmt(median(cs.map((x) => x.peak.heap - x.peak.beforeHeap)) / MB, 1),
          fmt(Math.max(...cs.map((x) => x.peak.heap)) / MB, 0),
        ]);
      }
    }
    table(
      [
        'format',
        'rows',
        'wall ms',
        'rows/s',
        'file MB',
        'RSS before MB',
        'RSS growth MB',
        'RSS peak MB',
        'heap growth MB',
        'heap peak MB',
      ],
      out,
    );
  } finally {
    if (c) await stopChild(c);
    await pgdb.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One export's times: ms per round, the file's size. */
export interface ExportTiming {
  format: 'xlsx' | 'csv';
  /** 'all': every live article; otherwise the type asked for. */
  filter: string;
  bytes: number;
  ms: number[];
}

/**
 * Time only, through an app that is already listening on port (--production: the bench's app
 * server, pg or PGlite): the export of every live article and of one article type, as XLSX and
 * CSV, after one warm-up of each format, `rounds` times each.
 */
export async function timeListExports(o: { port: number; rounds: number; type: string }): Promise<ExportTiming[]> {
  const path = (format: string, type: string | null) =>
    `/api/articles/export?format=${format}&sort=name${type ? `&type=${encodeURIComponent(type)}` : ''}`;
  const get = async (format: string, type: string | null) => {
    const t = performance.now();
    const res = await download(o.port, path(format, type));
    if (res.status !== 200) throw new Error(`${path(format, type)} answered ${res.status}: ${res.head}`);
    return { ms: performance.now() - t, bytes: res.bytes };
  };
  await get('xlsx', o.type);
  await get('csv', o.type);
  const out: ExportTiming[] = [];
  for (const format of ['xlsx', 'csv'] as const) {
    for (const type of [null, o.type]) {
      const ms: number[] = [];
      let bytes = 0;
      for (let r = 0; r < o.rounds; r++) {
        const m = await get(format, type);
        ms.push(m.ms);
        bytes = m.bytes;
      }
      out.push({ format, filter: type ?? 'all', bytes, ms });
    }
  }
  return out;
}

async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      articles: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '2' },
      heap: { type: 'string', default: '' },
    },
    strict: false,
  });
  await runListExport({ articles: Number(opt.articles), rounds: Number(opt.rounds), heap: String(opt.heap ?? '') });
}

if (isMain(import.meta.url)) {
  (process.argv.includes('--child') ? child() : main()).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
