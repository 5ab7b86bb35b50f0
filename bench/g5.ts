/**
 * G5, the analytics page (against B-rollup), on PostgreSQL:
 *
 *   npm run g5 -w @app/bench [-- --events 1000000,5000000 --days 180 --rounds 5]
 *
 * For each raw event count: the events of 100 companies over 180 days are seeded with
 * generate_series in time order, the daily roll-up is built once (the job's first run), then
 *
 *   report     GET /api/companies/analytics for all companies over the 180 days, through the real
 *              app (HTTP on 127.0.0.1, an employee with companies.manage): the request path;
 *   B-rollup   the baseline statement on the roll-up table, timed around pool.query;
 *   refresh    the job's incremental refresh (refreshRollup) after 500 new events of today;
 *   raw        the GROUP BY over the raw events the request path must never run (information).
 *
 * Medians of --rounds (5) after one warm-up. The goals: report <= 10 x B-rollup and <= 100 ms, not
 * growing with the raw count; refresh <= 50 ms at 5 M events.
 */

import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { refreshRollup } from '../apps/server/src/features/analytics/analytics-rollup.ts';
import { localDateString } from '../packages/shared/src/platform/iso-week.ts';
import { startApp } from './app-server.ts';
import { COOKIE_NAME, isMain, sessionToken } from './common.ts';
import { type Check, fmt, log, median, printChecks, table } from './report.ts';
import { createPgDatabase, seed } from './seed.ts';

export const G5_DAYS = 180;

const bRollupSql = (days: number) => `SELECT company_id, date_trunc('month', day), sum(page_views), sum(logins)
  FROM analytics_daily WHERE day >= current_date - ${days} GROUP BY 1, 2`;
const rawSql = (
  days: number,
) => `SELECT company_id, date_trunc('month', created_at), count(*) FILTER (WHERE event_type = 'page_view'),
       count(*) FILTER (WHERE event_type = 'login')
  FROM analytics_events WHERE created_at >= now() - interval '${days} days' AND company_id IS NOT NULL GROUP BY 1, 2`;

async function timed(rounds: number, fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * n events of the companies (default: ids 1-100) over `days` days with generate_series, in time
 * order: event i at now - days + i * step; 9 in 10 page views, 1 in 10 logins. Then VACUUM ANALYZE.
 */
export async function seedEvents(db: Database, n: number, days = G5_DAYS, companyIds?: number[]): Promise<void> {
  const company = companyIds?.length ? `(ARRAY[${companyIds.join(',')}]::int[])[1 + g % ${companyIds.length}]` : '1 + g % 100';
  await db.raw.exec(`
    INSERT INTO analytics_events (created_at, event_type, account_id, company_id, url, route_name)
    SELECT now() - interval '${days} days' + (g * (interval '${days} days' / ${n})),
           CASE WHEN g % 10 = 0 THEN 'login' ELSE 'page_view' END,
           NULL, ${company}, '/company-products',
           CASE WHEN g % 10 = 0 THEN NULL ELSE (ARRAY['home','company-products.index','projects.show','project-areas.single','task.show','news.index','news.show','settings','product-files.index','notifications.index'])[1 + g % 10] END
      FROM generate_series(1, ${n}) g`);
  await db.raw.exec('VACUUM ANALYZE analytics_events');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
}

/** The job's first run: the roll-up of every day. Returns its seconds. */
export async function firstRollup(db: Database): Promise<number> {
  const t1 = performance.now();
  await refreshRollup(db.orm, new Date());
  const s = (performance.now() - t1) / 1000;
  await db.raw.exec('VACUUM ANALYZE analytics_daily');
  await db.raw.exec('VACUUM ANALYZE analytics_daily_pages');
  return s;
}

/** The timings of one event count, ms per round (after a warm-up). */
export interface G5Timings {
  report: number[];
  bRollup: number[];
  refresh: number[];
  raw: number[];
}

/**
 * G5's four timings on a seeded and rolled-up database: the report through the app over HTTP
 * (reportBase: the app's URL; cookie: an employee with companies.manage), B-rollup (query: the
 * baseline's statement as the caller runs it, a named statement on pg), the job's incremental
 * refresh after 500 new events of today, and the raw GROUP BY. Shared by this bench and
 * --production (which runs it in the PGlite child, where the database is).
 */
export async function measureG5(o: {
  db: Database;
  query: (name: string, text: string) => Promise<unknown>;
  reportBase: string;
  cookie: string;
  rounds: number;
  days?: number;
  companyIds?: number[];
}): Promise<G5Timings> {
  const days = o.days ?? G5_DAYS;
  const now = new Date();
  const to = localDateString(now);
  const from = localDateString(new Date(now.getTime() - (days - 1) * 86_400_000));
  const url = `${o.reportBase}/api/companies/analytics?from=${from}&to=${to}`;
  const report = async () => {
    const res = await fetch(url, { headers: { cookie: o.cookie } });
    if (res.status !== 200) throw new Error(`report answered ${res.status}: ${await res.text()}`);
    await res.arrayBuffer();
  };
  const ids = o.companyIds?.length ? o.companyIds : Array.from({ length: 100 }, (_, i) => 1 + i);
  return {
    report: await timed(o.rounds, report),
    bRollup: await timed(o.rounds, () => o.query('b_rollup', bRollupSql(days))),
    refresh: await timed(o.rounds, async () => {
      await o.db.raw.exec(`INSERT INTO analytics_events (created_at, event_type, company_id, url, route_name)
        SELECT now() - (g * interval '1 second'), 'page_view', (ARRAY[${ids.join(',')}]::int[])[1 + g % ${ids.length}], '/', 'home'
          FROM generate_series(1, 500) g`);
      await refreshRollup(o.db.orm, new Date());
    }),
    raw: await timed(o.rounds, () => o.query('', rawSql(days))),
  };
}

/** G5's judged goals for one event count (report / B-rollup, report, refresh). */
export function g5Checks(events: number, t: G5Timings): Check[] {
  const label = events.toLocaleString('en-US');
  return [
    {
      goal: `G5 report at ${label} events`,
      target: 'report <= 10 x B-rollup',
      values: t.report.map((v, i) => v / (t.bRollup[i] ?? Number.NaN)),
      pass: (v: number) => v <= 10,
      show: (v: number) => `${fmt(v)} x`,
    },
    {
      goal: `G5 report at ${label} events`,
      target: 'report <= 100 ms',
      values: t.report,
      pass: (v: number) => v <= 100,
      show: (v: number) => `${fmt(v)} ms`,
    },
    {
      goal: `G5 refresh at ${label} events`,
      target: 'incremental refresh <= 50 ms',
      values: t.refresh,
      pass: (v: number) => v <= 50,
      show: (v: number) => `${fmt(v)} ms`,
    },
  ];
}

interface SizeResult extends G5Timings {
  events: number;
  seedS: number;
  firstRollupS: number;
}

async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      events: { type: 'string', default: '1000000,5000000' },
      days: { type: 'string', default: String(G5_DAYS) },
      rounds: { type: 'string', default: '5' },
    },
  });
  const SIZES = opt.events.split(',').map((s) => Number(s.trim()));
  const DAYS = Number(opt.days);
  const ROUNDS = Number(opt.rounds);
  const bench = await createPgDatabase();
  log(`G5 on pg: database ${bench.name}; ${SIZES.join(' and ')} events over ${DAYS} days, medians of ${ROUNDS}`);
  const db = await openDatabase({ url: bench.url, poolSize: 4, applicationName: 'bench-g5' });
  const client = new pg.Client({ connectionString: bench.url });
  await client.connect();
  const results: SizeResult[] = [];
  try {
    await migrate(db);
    await seed(db);
    // The report needs companies.manage; the bench role has it added here (session tok1 is an employee's).
    await db.raw.exec(
      `INSERT INTO role_permissions (role_id, permission) SELECT id, 'companies.manage' FROM roles WHERE slug = 'bench' ON CONFLICT DO NOTHING`,
    );
    const app = await startApp(db);
    const cookie = `${COOKIE_NAME}=${sessionToken(1)}`;
    try {
      for (const n of SIZES) {
        await db.raw.exec(
          `TRUNCATE analytics_events, analytics_daily, analytics_daily_pages; DELETE FROM app_settings WHERE key LIKE 'analytics.%'`,
        );
        const t0 = performance.now();
        await seedEvents(db, n, DAYS);
        const seedS = (performance.now() - t0) / 1000;
        const firstRollupS = await firstRollup(db);
        log(`${n} events seeded in ${fmt(seedS, 1)} s; first roll-up (every day) in ${fmt(firstRollupS, 1)} s`);
        const t = await measureG5({
          db,
          query: (name, text) => client.query(name ? { name, text } : text),
          reportBase: `http://127.0.0.1:${app.port}`,
          cookie,
          rounds: ROUNDS,
          days: DAYS,
        });
        results.push({ events: n, seedS, firstRollupS, ...t });
      }
    } finally {
      await app.close();
    }
  } finally {
    await client.end();
    await db.close();
    await bench.drop();
  }

  log('--- G5 figures (ms, medians)');
  table(
    ['events', 'report (app)', 'B-rollup', 'report / B-rollup', 'refresh', 'raw GROUP BY'],
    results.map((r) => [
      String(r.events),
      fmt(median(r.report)),
      fmt(median(r.bRollup)),
      `${fmt(median(r.report) / median(r.bRollup))} x`,
      fmt(median(r.refresh)),
      fmt(median(r.raw)),
    ]),
  );
  const checks: Check[] = results.flatMap((r) => g5Checks(r.events, r));
  printChecks(checks);
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
