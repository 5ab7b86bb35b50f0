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
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { refreshRollup } from '../apps/server/src/features/analytics/analytics-rollup.ts';
import { localDateString } from '../packages/shared/src/platform/iso-week.ts';
import { startApp } from './app-server.ts';
import { COOKIE_NAME, sessionToken } from './common.ts';
import { type Check, fmt, log, median, printChecks, table } from './report.ts';
import { createPgDatabase, seed } from './seed.ts';

const { values: opt } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000,5000000' },
    days: { type: 'string', default: '180' },
    rounds: { type: 'string', default: '5' },
  },
});
const SIZES = opt.events.split(',').map((s) => Number(s.trim()));
const DAYS = Number(opt.days);
const ROUNDS = Number(opt.rounds);

const B_ROLLUP = `SELECT company_id, date_trunc('month', day), sum(page_views), sum(logins)
  FROM analytics_daily WHERE day >= current_date - ${DAYS} GROUP BY 1, 2`;
const RAW = `SELECT company_id, date_trunc('month', created_at), count(*) FILTER (WHERE event_type = 'page_view'),
       count(*) FILTER (WHERE event_type = 'login')
  FROM analytics_events WHERE created_at >= now() - interval '${DAYS} days' AND company_id IS NOT NULL GROUP BY 1, 2`;

async function timed(fn: () => Promise<unknown>): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

interface SizeResult {
  events: number;
  seedS: number;
  firstRollupS: number;
  report: number[];
  bRollup: number[];
  refresh: number[];
  raw: number[];
}

async function main(): Promise<void> {
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
    const now = new Date();
    const to = localDateString(now);
    const from = localDateString(new Date(now.getTime() - (DAYS - 1) * 86_400_000));
    const url = `http://127.0.0.1:${app.port}/api/companies/analytics?from=${from}&to=${to}`;
    const report = async () => {
      const res = await fetch(url, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`report answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    try {
      for (const n of SIZES) {
        await db.raw.exec(
          `TRUNCATE analytics_events, analytics_daily, analytics_daily_pages; DELETE FROM app_settings WHERE key LIKE 'analytics.%'`,
        );
        const t0 = performance.now();
        // In time order over the period: event i at now - DAYS days + i * step; 9 in 10 page views, 1 in 10 logins.
        await db.raw.exec(`
          INSERT INTO analytics_events (created_at, event_type, account_id, company_id, url, route_name)
          SELECT now() - interval '${DAYS} days' + (g * (interval '${DAYS} days' / ${n})),
                 CASE WHEN g % 10 = 0 THEN 'login' ELSE 'page_view' END,
                 NULL, 1 + g % 100, '/company-products',
                 CASE WHEN g % 10 = 0 THEN NULL ELSE (ARRAY['home','company-products.index','projects.show','project-areas.single','task.show','news.index','news.show','settings','product-files.index','notifications.index'])[1 + g % 10] END
            FROM generate_series(1, ${n}) g`);
        await db.raw.exec('VACUUM ANALYZE analytics_events');
        await db.raw.exec('CHECKPOINT').catch(() => {});
        const seedS = (performance.now() - t0) / 1000;
        const t1 = performance.now();
        await refreshRollup(db.orm, new Date());
        const firstRollupS = (performance.now() - t1) / 1000;
        await db.raw.exec('VACUUM ANALYZE analytics_daily');
        await db.raw.exec('VACUUM ANALYZE analytics_daily_pages');
        log(`${n} events seeded in ${fmt(seedS, 1)} s; first roll-up (every day) in ${fmt(firstRollupS, 1)} s`);
        const r: SizeResult = {
          events: n,
          seedS,
          firstRollupS,
          report: await timed(report),
          bRollup: await timed(() => client.query({ name: 'b_rollup', text: B_ROLLUP })),
          refresh: await timed(async () => {
            await db.raw.exec(`INSERT INTO analytics_events (created_at, event_type, company_id, url, route_name)
              SELECT now() - (g * interval '1 second'), 'page_view', 1 + g % 100, '/', 'home' FROM generate_series(1, 500) g`);
            await refreshRollup(db.orm, new Date());
          }),
          raw: await timed(() => client.query(RAW)),
        };
        results.push(r);
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
  const checks: Check[] = results.flatMap((r) => [
    {
      goal: `report at ${r.events}`,
      target: 'report <= 10 x B-rollup',
      values: r.report.map((v, i) => v / (r.bRollup[i] ?? Number.NaN)),
      pass: (v: number) => v <= 10,
      show: (v: number) => `${fmt(v)} x`,
    },
    {
      goal: `report at ${r.events}`,
      target: 'report <= 100 ms',
      values: r.report,
      pass: (v: number) => v <= 100,
      show: (v: number) => `${fmt(v)} ms`,
    },
    {
      goal: `refresh at ${r.events}`,
      target: 'incremental refresh <= 50 ms',
      values: r.refresh,
      pass: (v: number) => v <= 50,
      show: (v: number) => `${fmt(v)} ms`,
    },
  ]);
  printChecks(checks);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
