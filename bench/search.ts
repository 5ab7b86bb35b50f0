/**
 * The one search at production size, on PostgreSQL: 100,000 articles (the G3
 * catalogue, 5,000 products), 500 projects with 2 decks, 10 areas and 20 tasks each (6,000 areas,
 * 10,000 tasks, 1,000 tickets, 2,000 drawings), 5,000 company products, and 50,000 people rows
 * (employees and company users with their accounts). GET /api/search through the real app
 * (buildApp, app.inject with a seeded session), one request at a time, ~200 varied queries of 3 to
 * 6 characters, as staff (the bench role plus companies.manage: every kind) and as a company user
 * (the portal view, through the scope): p50, p95 and p99. Then EXPLAIN ANALYZE of one staff and one
 * portal statement, to show the trigram indexes at work. Goal: p95 < 100 ms.
 *
 *   npm run search -w @app/bench          (or: npm run bench -- --search)
 *   options: --queries 200 --articles 100000 --keep (do not drop the database) --reuse <url> (measure a kept one)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { searchSql } from '../apps/server/src/features/search/search.repository.ts';
import type { Actor } from '../apps/server/src/platform/actor.ts';
import { SEARCH_KINDS } from '../packages/shared/src/search/search.ts';
import { seedCatalogue } from './catalogue.ts';
import { COOKIE_NAME, isMain, sessionToken } from './common.ts';
import { fmt, log } from './report.ts';
import { CLIENTS, createPgDatabase, EMPLOYEES, seed } from './seed.ts';

/** The search bench's data (the production bench reuses it for the projects beside the big one). */
export interface SearchShape {
  /** Projects to make (named after ships, trimit_id 'TR-n'). */
  projects: number;
  /** project_areas rows over them in total: `decks` decks each, the rest areas spread evenly over the decks. */
  areaRows: number;
  decks: number;
  tasksPerArea: number;
  /** People rows in total (employees and company users with accounts), bench/seed.ts's 2,000 included. */
  people: number;
  /** Companies that get no 50 company products here (--production: the portal's, which have theirs). */
  skipCompanyProducts?: number[];
}

/** 500 projects with 2 decks and 10 areas each (6,000 areas), 20 tasks a project, 50,000 people. */
export const SEARCH_SHAPE: SearchShape = { projects: 500, areaRows: 6_000, decks: 2, tasksPerArea: 2, people: 50_000 };

const FIRST = [
  'Jan',
  'Piet',
  'Kees',
  'Anna',
  'Sanne',
  'Lotte',
  'Daan',
  'Bram',
  'Emma',
  'Noah',
  'Lucas',
  'Julia',
  'Sophie',
  'Finn',
  'Mila',
  'Sem',
  'Tess',
  'Liam',
  'Zoë',
  'Ruben',
];
const LAST = [
  'de Vries',
  'Jansen',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
  'de Groot',
  'Bos',
  'Vos',
  'Peters',
  'Hendriks',
  'van Dijk',
  'Dekker',
  'Brouwer',
  'de Wit',
  'Dijkstra',
  'Smits',
  'de Graaf',
];
const SHIPS = [
  'Aurora',
  'Nordic Star',
  'Zuiderkruis',
  'Ocean Pearl',
  'Sea Breeze',
  'Koningsdam',
  'Rotterdam',
  'Amsterdam',
  'Eurodam',
  'Nieuw Statendam',
  'Grand Hotel',
  'Kurhaus',
  'Strandhotel',
  'Parkhotel',
  'Duinrust',
];
const AREA_NAMES = ['Hut', 'Suite', 'Lounge', 'Restaurant', 'Spa', 'Theater', 'Casino', 'Bibliotheek', 'Bar', 'Lobby'];
const TASK_NAMES = [
  'Tapijt leggen',
  'Hoofdbord monteren',
  'Verlichting aansluiten',
  'Gordijnen ophangen',
  'Kasten plaatsen',
  'Wandpanelen monteren',
  'Meubels plaatsen',
  'Schilderwerk',
  'Plafond afwerken',
  'Sanitair plaatsen',
];

/** ~200 varied queries of 3-6 characters: word parts of articles, projects, areas, tasks and people, and some that match nothing. */
export function queries(n: number): string[] {
  const words = [
    'stoel',
    'lamp',
    'tafel',
    'hoofd',
    'fineer',
    'bank',
    'kast',
    'tapijt',
    'paneel',
    'greep',
    'stof',
    'eiken',
    'noten',
    'teak',
    'scharn',
    'aurora',
    'nordic',
    'star',
    'pearl',
    'hotel',
    'dam',
    'breeze',
    'kurh',
    'suite',
    'lounge',
    'spa',
    'theat',
    'casino',
    'bar',
    'lobby',
    'monte',
    'leggen',
    'verl',
    'gordij',
    'schil',
    'sanit',
    'plafon',
    'jansen',
    'bakker',
    'visser',
    'smit',
    'de vr',
    'anna',
    'sanne',
    'lotte',
    'daan',
    'bram',
    'emma',
    'noah',
    'julia',
    'dijk',
    'groot',
    'vos',
    'bos',
    'xqz',
    'qqq',
    'zzyz',
    'wxv',
    'SKU',
    'bench',
  ];
  const out: string[] = [];
  let s = 42;
  const rnd = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  for (let i = 0; i < n; i++) {
    const w = words[i % words.length] as string;
    // 3 to 6 characters of the word, from its start or from inside it.
    const len = Math.min(w.length, 3 + Math.floor(rnd() * 4));
    const from = rnd() < 0.7 ? 0 : Math.floor(rnd() * Math.max(1, w.length - len + 1));
    out.push(w.slice(from, from + len));
  }
  return out;
}

/**
 * Projects with decks, areas, tasks, tickets and drawings; company products; the people rows. Every
 * statement is limited to the projects made here, so this composes with the other seeds on one
 * database (--production). Then VACUUM ANALYZE.
 */
export async function seedSearch(db: Database, shape: SearchShape = SEARCH_SHAPE): Promise<Record<string, number>> {
  const list = (a: string[]) => `ARRAY[${a.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;
  const decks = shape.projects * shape.decks;
  const areas = Math.max(0, shape.areaRows - decks);
  const perDeck = decks > 0 ? Math.floor(areas / decks) : 0;
  const extra = decks > 0 ? areas % decks : 0;
  const skip = shape.skipCompanyProducts?.length ? shape.skipCompanyProducts.join(',') : '0';
  const companies = Number((await db.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM companies'))[0]?.n ?? 100);
  await db.raw.exec(`
    INSERT INTO role_permissions (role_id, permission) SELECT id, 'companies.manage' FROM roles WHERE slug = 'bench' ON CONFLICT DO NOTHING;
    INSERT INTO projects (name, status, trimit_id)
      SELECT (${list(SHIPS)})[1 + g % ${SHIPS.length}] || ' refit ' || (2020 + g % 7) || ' #' || g,
             CASE WHEN g % 10 = 0 THEN 'inactive' ELSE 'active' END, 'TR-' || g
        FROM generate_series(1, ${shape.projects}) g;
  `);
  const range = (
    await db.raw.query<{ lo: number; hi: number }>(
      `SELECT coalesce(min(id), 0)::int AS lo, coalesce(max(id), -1)::int AS hi FROM projects WHERE trimit_id LIKE 'TR-%'`,
    )
  )[0] ?? { lo: 0, hi: -1 };
  const mine = (col: string) => `${col} BETWEEN ${range.lo} AND ${range.hi}`;
  await db.raw.exec(`
    INSERT INTO project_companies (project_id, company_id)
      SELECT p.id, (SELECT min(id) FROM companies) + p.id % ${companies} FROM projects p WHERE ${mine('p.id')};
    INSERT INTO project_areas (project_id, kind, number, name, sort_order)
      SELECT p.id, 'deck', d::text, 'Dek ' || d, d FROM projects p, generate_series(1, ${shape.decks}) d WHERE ${mine('p.id')};
    INSERT INTO project_areas (project_id, parent_id, kind, number, name, sort_order)
      SELECT d.project_id, d.id, 'area', d.number || lpad(a::text, 3, '0'),
             (${list(AREA_NAMES)})[1 + (a + d.id) % ${AREA_NAMES.length}] || ' ' || d.number || lpad(a::text, 3, '0'), a
        FROM (SELECT id, project_id, number, row_number() OVER (ORDER BY id) - 1 AS rn
                FROM project_areas WHERE kind = 'deck' AND ${mine('project_id')}) d,
             generate_series(1, ${perDeck} + CASE WHEN d.rn < ${extra} THEN 1 ELSE 0 END) a;
    INSERT INTO tasks (project_id, area_id, name, sort_order)
      SELECT a.project_id, a.id, (${list(TASK_NAMES)})[1 + (t + a.id) % ${TASK_NAMES.length}] || ' ' || a.number, t
        FROM project_areas a, generate_series(1, ${shape.tasksPerArea}) t WHERE a.kind = 'area' AND ${mine('a.project_id')};
    INSERT INTO tickets (project_id, task_id, description)
      SELECT t.project_id, t.id, 'Schade aan ' || lower(t.name) FROM tasks t WHERE t.id % 10 = 0 AND ${mine('t.project_id')};
    INSERT INTO drawings (project_id, company_id, name, drawing_date)
      SELECT pc.project_id, pc.company_id, 'Tekening ' || (${list(AREA_NAMES)})[1 + g % ${AREA_NAMES.length}] || ' v' || g, '2026-01-15'
        FROM project_companies pc, generate_series(1, 4) g WHERE ${mine('pc.project_id')};
    INSERT INTO company_products (company_id, product_id, reference)
      SELECT c.id, p.id, 'REF-' || p.id FROM companies c
        JOIN LATERAL (SELECT id FROM products ORDER BY (id * 7919 + c.id) % 5003 LIMIT 50) p ON true
       WHERE c.id <> ALL (ARRAY[${skip}]::int[]);
    -- People rows: employees and company users with their accounts (the seed's 1,000 + 1,000 included).
    INSERT INTO employees (first_name, last_name, function)
      SELECT (${list(FIRST)})[1 + g % ${FIRST.length}], (${list(LAST)})[1 + (g / 20) % ${LAST.length}] || ' ' || g, 'Monteur'
        FROM generate_series(1, ${Math.max(0, Math.floor(shape.people / 2) - EMPLOYEES)}) g;
    INSERT INTO accounts (email, guardable_type, employee_id, first_login, locale)
      SELECT 'person' || e.id || '@bench.test', 'employee', e.id, false, 'nl'
        FROM employees e WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.employee_id = e.id);
    INSERT INTO company_users (company_id, first_name, last_name, job_title)
      SELECT (SELECT min(id) FROM companies) + g % ${companies}, (${list(FIRST)})[1 + (g + 7) % ${FIRST.length}],
             (${list(LAST)})[1 + (g / 20 + 3) % ${LAST.length}] || ' ' || g, 'Inkoper'
        FROM generate_series(1, ${Math.max(0, Math.floor(shape.people / 2) - CLIENTS)}) g;
    INSERT INTO accounts (email, guardable_type, company_user_id, first_login, locale)
      SELECT 'cuser' || cu.id || '@bench.test', 'client', cu.id, false, 'en'
        FROM company_users cu WHERE NOT EXISTS (SELECT 1 FROM accounts a WHERE a.company_user_id = cu.id);
  `);
  await db.raw.exec('VACUUM ANALYZE');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
  const rows = await db.raw.query<Record<string, number>>(
    `SELECT (SELECT count(*) FROM articles)::int AS articles, (SELECT count(*) FROM products)::int AS products,
            (SELECT count(*) FROM projects)::int AS projects, (SELECT count(*) FROM project_areas)::int AS areas,
            (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM tickets)::int AS tickets,
            (SELECT count(*) FROM drawings)::int AS drawings, (SELECT count(*) FROM company_products)::int AS "companyProducts",
            (SELECT count(*) FROM employees)::int + (SELECT count(*) FROM company_users)::int AS people`,
  );
  return rows[0] ?? {};
}

/** Latency percentiles of one request at a time, as the search bench reports them. */
export interface SearchLatency {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  hitsPerQuery: number;
}

/**
 * Asks every query one at a time after a warm-up of the first 20 (plans, caches, the session
 * cache); ask returns the number of hits. Shared by this bench (app.inject) and --production (HTTP).
 */
export async function searchLatency(ask: (q: string) => Promise<number>, qs: string[]): Promise<SearchLatency> {
  for (const q of qs.slice(0, 20)) await ask(q);
  const times: number[] = [];
  let hits = 0;
  for (const q of qs) {
    const s = performance.now();
    hits += await ask(q);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  return {
    n: times.length,
    p50: pct(times, 50),
    p95: pct(times, 95),
    p99: pct(times, 99),
    max: times.at(-1) ?? 0,
    hitsPerQuery: hits / Math.max(1, times.length),
  };
}

/** The staff and the company user of search.ts: seed.ts's session 1 (an employee) and 1001 (a company user). */
export const SEARCH_SESSIONS: [string, number][] = [
  ['staff (every kind)', 1],
  ['portal (company user)', 1001],
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function main(): Promise<void> {
  const { values: opt } = parseArgs({
    options: {
      queries: { type: 'string', default: '200' },
      articles: { type: 'string', default: '100000' },
      keep: { type: 'boolean', default: false },
      reuse: { type: 'string' },
      search: { type: 'boolean', default: false },
    },
    strict: false,
  });
  const t0 = performance.now();
  // --reuse <url>: a database an earlier --keep run seeded (no seeding, never dropped).
  const reuse = typeof opt.reuse === 'string' ? opt.reuse : null;
  const bench = reuse ? { name: reuse, url: reuse, drop: async () => {} } : await createPgDatabase();
  const db = await openDatabase({ url: bench.url, poolSize: 10, applicationName: 'bench-search' });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'));
  try {
    if (!reuse) {
      await migrate(db);
      await seed(db);
      const cat = await seedCatalogue(db, Number(opt.articles));
      const counts = await seedSearch(db);
      log(`seeded ${bench.name} in ${fmt((performance.now() - t0) / 1000, 1)} s: ${JSON.stringify({ ...counts, ...cat })}`);
    }

    const config = loadConfig({
      NODE_ENV: 'production',
      APP_MODE: 'demo',
      SEED_DEMO: 'false',
      JOBS: 'false',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      APP_URL: 'http://127.0.0.1',
      COOKIE_SECURE: 'false',
      DATA_DIR: dataDir,
      ERP_SYNC_CRON: 'off',
    });
    const app = await buildApp({ config, db });
    await app.ready();
    try {
      // seed.ts: session g belongs to account (g - 1) % 2000; accounts 1-1000 are employees (the
      // bench role), 1001-2000 company users. Session 1: an employee; session 1001: a company user.
      const qs = queries(Number(opt.queries));
      const results: string[] = [];
      for (const [label, session] of SEARCH_SESSIONS) {
        const ask = async (q: string) => {
          const res = await app.inject({
            method: 'GET',
            url: `/api/search?q=${encodeURIComponent(q)}`,
            cookies: { [COOKIE_NAME]: sessionToken(session) },
          });
          if (res.statusCode !== 200) throw new Error(`${label} ${q}: ${res.statusCode} ${res.body}`);
          const body = res.json() as { data: { groups: { items: unknown[] }[] } };
          return body.data.groups.reduce((n, g) => n + g.items.length, 0);
        };
        const t = await searchLatency(ask, qs);
        const line = `${label.padEnd(24)} n=${t.n}  p50 ${fmt(t.p50, 1)} ms  p95 ${fmt(t.p95, 1)} ms  p99 ${fmt(t.p99, 1)} ms  max ${fmt(t.max, 1)} ms  (${fmt(t.hitsPerQuery, 1)} hits/query)`;
        results.push(line);
        log(line);
      }

      // EXPLAIN ANALYZE of one statement per view, to see the trigram indexes used.
      const staff = {
        kind: 'employee',
        permissions: new Set(['projects.view', 'articles.view', 'products.manage', 'companies.manage', 'hours.manage']),
        employeeId: 1,
        accountId: 1,
        locale: 'nl',
        selfService: { bookHours: true, overnights: true, planner: false },
      } as unknown as Actor;
      const client = {
        kind: 'client',
        companyId: (await db.raw.query<{ c: number }>('SELECT company_id AS c FROM company_users WHERE id = 1'))[0]?.c,
        locale: 'en',
        actingEmployee: null,
        accountId: 1001,
      } as unknown as Actor;
      for (const [label, actor] of [
        ['staff', staff],
        ['portal', client],
      ] as const) {
        const statement = searchSql(actor, { term: 'stoel', kinds: SEARCH_KINDS, limit: 5, locale: 'nl' });
        if (!statement) continue;
        const plan = (await db.orm.execute(
          sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${statement}`,
        )) as unknown as {
          rows: { 'QUERY PLAN': string }[];
        };
        const text = plan.rows.map((r) => r['QUERY PLAN']);
        const indexes = [
          ...new Set(
            text.flatMap((l) =>
              [...l.matchAll(/(?:Bitmap Index Scan on|Index (?:Only )?Scan(?: Backward)? using) (\w+)/g)].map((m) => m[1]),
            ),
          ),
        ];
        log(
          `EXPLAIN ${label} 'stoel': ${text.find((l) => l.startsWith('Execution Time')) ?? ''}; indexes: ${indexes.join(', ')}`,
        );
        if (process.env.BENCH_PLAN) console.log(text.join('\n'));
      }
      console.log(`\nsearch bench summary (goal: p95 < 100 ms)\n${results.join('\n')}`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (!opt.keep) await bench.drop();
    else log(`kept ${bench.url}`);
  }
}

if (isMain(import.meta.url)) await main();
