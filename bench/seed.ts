import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';
import { SESSIONS } from './common.ts';
import type { BenchIds } from './ids.ts';

/** Where the runner creates (and afterwards drops) its throw-away database. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const EMPLOYEES = 1_000;
export const CLIENTS = 1_000;
export const COMPANIES = 100;

/** The bench role's permissions (not admin, so the app goes through its permission cache). */
export const BENCH_PERMISSIONS = [
  'projects.view',
  'projects.manage',
  'planner.view',
  'planner.manage',
  'companies.act-as-client',
  'articles.view',
  'products.manage',
  'hours.manage',
  'leave.manage',
];

export interface PgBenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** CREATE DATABASE bench_<timestamp> on the admin URL; drop() removes it (WITH (FORCE): stray connections too). */
export async function createPgDatabase(adminUrl = PG_ADMIN_URL): Promise<PgBenchDatabase> {
  const name = `bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    name,
    url: withDatabase(adminUrl, name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface SeedSummary {
  roles: number;
  companies: number;
  accounts: number;
  sessions: number;
  /** The ids for the pickers (ids.ts): the companies in id order and the session layout. */
  ids: Pick<BenchIds, 'companyIds' | 'employees' | 'clients' | 'sessions'>;
}

/**
 * Seeds a migrated database with generate_series: one role with BENCH_PERMISSIONS, COMPANIES
 * companies (or opts.companies: 200 in --production), EMPLOYEES employees and CLIENTS company users with accounts, and SESSIONS signed-in
 * sessions: id = sha256('tokN'), csrf_token = 'csrfN', half of them employees', half clients'.
 * Also creates bench_events, a copy of analytics_events (same columns and indexes) that the
 * baseline routes write to, so that the app's analytics_events only ever holds the app's events.
 */
export async function seed(db: Database, opts: { companies?: number } = {}): Promise<SeedSummary> {
  const companies = opts.companies ?? COMPANIES;
  const perms = BENCH_PERMISSIONS.map((p) => `'${p}'`).join(',');
  await db.raw.exec(`
    INSERT INTO roles (slug, name, is_admin, dashboard_view) VALUES ('bench', 'Bench role', false, 'projects');
    INSERT INTO role_permissions (role_id, permission)
      SELECT r.id, p FROM roles r, unnest(ARRAY[${perms}]::text[]) p WHERE r.slug = 'bench';
    INSERT INTO companies (name, sector, city)
      SELECT 'Bench company ' || g, CASE WHEN g % 2 = 0 THEN 'cruise' ELSE 'leisure' END, 'Rotterdam'
        FROM generate_series(1, ${companies}) g;
    INSERT INTO employees (first_name, last_name, function, role_id)
      SELECT 'Employee', 'Bench ' || g, 'Project manager', (SELECT id FROM roles WHERE slug = 'bench')
        FROM generate_series(1, ${EMPLOYEES}) g;
    INSERT INTO accounts (email, password_hash, guardable_type, employee_id, first_login, locale)
      SELECT 'employee' || e.id || '@bench.test', NULL, 'employee', e.id, false, 'nl' FROM employees e;
    INSERT INTO company_users (company_id, first_name, last_name, job_title)
      SELECT (SELECT min(id) FROM companies) + g % ${companies}, 'Client', 'Bench ' || g, 'Buyer'
        FROM generate_series(1, ${CLIENTS}) g;
    INSERT INTO accounts (email, password_hash, guardable_type, company_user_id, first_login, locale)
      SELECT 'client' || cu.id || '@bench.test', NULL, 'client', cu.id, false, 'en' FROM company_users cu;
    WITH acc AS (
      SELECT id, row_number() OVER (ORDER BY id) - 1 AS rn, count(*) OVER () AS n FROM accounts
    )
    INSERT INTO sessions (id, account_id, csrf_token, locale, created_at, last_seen_at, expires_at, ip, user_agent)
      SELECT encode(sha256(convert_to('tok' || g, 'UTF8')), 'hex'), acc.id, 'csrf' || g, NULL,
             now(), now(), now() + interval '12 hours', '127.0.0.1', 'bench'
        FROM generate_series(1, ${SESSIONS}) g JOIN acc ON acc.rn = (g - 1) % acc.n;
    CREATE TABLE bench_events (LIKE analytics_events INCLUDING ALL);
  `);
  // Settle before measuring: visibility map and statistics, and no checkpoint of the seed mid-round.
  await db.raw.exec('VACUUM ANALYZE');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
  const rows = await db.raw.query<Omit<SeedSummary, 'ids'> & { company_ids: number[] }>(
    `SELECT (SELECT count(*) FROM roles)::int AS roles, (SELECT count(*) FROM companies)::int AS companies,
            (SELECT count(*) FROM accounts)::int AS accounts, (SELECT count(*) FROM sessions)::int AS sessions,
            (SELECT array_agg(id ORDER BY id) FROM companies) AS company_ids`,
  );
  const r = rows[0];
  if (!r || r.sessions !== SESSIONS) throw new Error(`seed produced ${r?.sessions ?? 0} sessions`);
  const { company_ids, ...summary } = r;
  return { ...summary, ids: { companyIds: company_ids, employees: EMPLOYEES, clients: CLIENTS, sessions: SESSIONS } };
}
