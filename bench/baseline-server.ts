/**
 * The baseline routes of the performance goals (docs/requirements/performance.md): the least a
 * server can do for each job, on the same database as the app. Run alone (pg):
 *   DATABASE_URL=postgres://… node --import tsx bench/baseline-server.ts
 * or imported by app-server.ts (PGlite: one process, one instance, two ports).
 *
 *   GET  /b/bare      B-bare: a constant, no database
 *   GET  /b/pk        B-pk: one primary-key SELECT on sessions (named statement)
 *   GET  /b/current   B-current: session + account + profile in one named statement, permissions from a map
 *   POST /b/insert    B-insert: one INSERT per request
 *   POST /b/buffered  B-buffered: push to an array, one multi-row INSERT every 200 ms
 *   GET  /b/articles  B-list on articles (G3): 25 ids of live articles in the list's default order, then
 *                     those rows with their product, and the count; ?page=N, ?type=CODE (B-list-filter)
 *   GET  /b/areas, /b/area-tasks?area=N, /b/project-tasks?page=N   the project lists (bench/projects.ts)
 *   GET  /b/task-list?deck=N   the assembly list of one deck (bench/projects.ts)
 *   GET  /b/project-articles   the project's articles summed per area and in total (bench/projects.ts)
 *   GET  /b/company-products?company=N&page=N[&type=T]   the portal's company products (bench/portal.ts)
 *   GET  /b/hours-week?employee=N&week=W, /b/hours?page=N[&project=P]   booked hours (bench/hours.ts)
 *   GET  /b/leave-card?employee=N&year=Y, /b/leave-lines?employee=N&year=Y&bucket=B   the leave card (bench/leave-card.ts)
 *   GET  /b/count     row counts of analytics_events (the app's; ?since=ID: newer rows only) and bench_events (the baselines')
 */
import type { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { COOKIE_NAME, isMain, onStop, sha256Hex, tellParent } from './common.ts';
import { registerHoursBaselines } from './hours.ts';
import { registerLeaveBaselines } from './leave-card.ts';
import { registerPortalBaselines } from './portal.ts';
import { registerProjectArticlesBaseline, registerProjectBaselines, registerTaskListBaseline } from './projects.ts';

/** The database, bare: a named statement on pg, a plain extended-protocol query on PGlite. */
export interface BaselineSql {
  query<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

export function pgSql(url: string, poolSize = 10): BaselineSql {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, application_name: 'bench-baseline' });
  pool.on('error', () => {});
  return {
    async query<R>(name: string, text: string, values: unknown[]) {
      const res = await pool.query({ name, text, values });
      return res.rows as R[];
    },
    close: () => pool.end(),
  };
}

export function pgliteSql(lite: PGlite): BaselineSql {
  return {
    async query<R>(_name: string, text: string, values: unknown[]) {
      const res = await lite.query<R>(text, values);
      return res.rows;
    },
    // The instance belongs to the caller (the app shares it).
    close: async () => {},
  };
}

const FLUSH_MS = 200;
const COOKIE_RE = new RegExp(`(?:^|;\\s*)${COOKIE_NAME}=([^;]+)`);

const PK_SQL = 'SELECT account_id, csrf_token FROM sessions WHERE id = $1';

// B-current on this schema: the session, its account and profile in one statement.
const CURRENT_SQL = `
SELECT s.account_id, a.email, a.locale, a.guardable_type,
       e.id AS employee_id, e.first_name AS e_first, e.insertion AS e_ins, e.last_name AS e_last, e.role_id,
       cu.id AS client_id, cu.company_id, cu.first_name AS c_first, cu.insertion AS c_ins, cu.last_name AS c_last,
       c.name AS company_name
  FROM sessions s
  JOIN accounts a ON a.id = s.account_id AND a.status = 'active'
  LEFT JOIN employees e ON e.id = a.employee_id
  LEFT JOIN company_users cu ON cu.id = a.company_user_id
  LEFT JOIN companies c ON c.id = cu.company_id
 WHERE s.id = $1 AND s.expires_at > now()`;

interface CurrentRow {
  account_id: number;
  email: string;
  locale: string;
  guardable_type: string;
  employee_id: number | null;
  e_first: string | null;
  e_ins: string | null;
  e_last: string | null;
  role_id: number | null;
  client_id: number | null;
  company_id: number | null;
  c_first: string | null;
  c_ins: string | null;
  c_last: string | null;
  company_name: string | null;
}

const INSERT_SQL = `INSERT INTO bench_events (created_at, event_type, url, route_name, metadata) VALUES ($1, $2, $3, $4, $5)`;
const BATCH_SQL = `INSERT INTO bench_events (created_at, event_type, url, route_name, metadata)
  SELECT c, t, u, r, m::jsonb FROM unnest($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[]) AS x(c, t, u, r, m)`;

// B-list on the articles list: a deferred join (pick 25 ids in the list's
// default order, name then id, then join their rows and products) and a count without joins.
const LIST_COLUMNS = `a.id, a.erp_id AS "erpId", a.sku, a.name, a.type_code AS "typeCode", a.type_name AS "typeName",
       a.supplier_name AS "supplierName", a.status, a.unit, a.impression_media_id AS "mediaId", p.id AS "productId",
       a.deleted_at AS "deletedAt", a.synced_at AS "syncedAt"`;
const LIST_SQL = `
SELECT ${LIST_COLUMNS}
  FROM (SELECT id FROM articles WHERE deleted_at IS NULL ORDER BY lower(name), id LIMIT 25 OFFSET $1) x
  JOIN articles a ON a.id = x.id LEFT JOIN products p ON p.article_id = a.id
 ORDER BY lower(a.name), a.id`;
const LIST_COUNT_SQL = 'SELECT count(*)::int AS n FROM articles WHERE deleted_at IS NULL';
const LIST_FILTER_SQL = `
SELECT ${LIST_COLUMNS}
  FROM (SELECT id FROM articles WHERE deleted_at IS NULL AND type_code = $2 ORDER BY lower(name), id LIMIT 25 OFFSET $1) x
  JOIN articles a ON a.id = x.id LEFT JOIN products p ON p.article_id = a.id
 ORDER BY lower(a.name), a.id`;
const LIST_FILTER_COUNT_SQL = 'SELECT count(*)::int AS n FROM articles WHERE deleted_at IS NULL AND type_code = $1';

interface ListRow {
  id: number;
  erpId: string;
  sku: string;
  name: string;
  typeCode: string | null;
  typeName: string | null;
  supplierName: string | null;
  status: string;
  unit: string | null;
  mediaId: number | null;
  productId: number | null;
  deletedAt: Date | null;
  syncedAt: Date;
}

interface EventBody {
  event_type?: string;
  url?: string;
  metadata?: { route_name?: string | null };
}

interface Ev {
  at: Date;
  type: string;
  url: string | null;
  route: string | null;
  meta: string;
}

const toEvent = (b: EventBody): Ev => ({
  at: new Date(),
  type: b.event_type ?? 'page_view',
  url: b.url ?? null,
  route: b.metadata?.route_name ?? null,
  meta: JSON.stringify(b.metadata ?? {}),
});

const sessionId = (cookieHeader: string | undefined): string | null => {
  const m = cookieHeader ? COOKIE_RE.exec(cookieHeader) : null;
  return m?.[1] ? sha256Hex(m[1]) : null;
};

const fullName = (first: string | null, ins: string | null, last: string | null) => [first, ins, last].filter((p) => p).join(' ');

export interface Baseline {
  port: number;
  close(): Promise<void>;
}

/**
 * Builds the baseline routes on sql and listens on 127.0.0.1:port (0: any free port). projectId:
 * the big project of bench/projects.ts (its id as seedProject reported it; 1 on a fresh database).
 */
export async function startBaseline(sql: BaselineSql, port = 0, opts: { projectId?: number } = {}): Promise<Baseline> {
  const projectId = opts.projectId ?? 1;
  const app = Fastify({ logger: false });

  // Role → permissions, loaded once: the "in-process map" of B-current.
  const permissions = new Map<number, string[]>();
  for (const r of await sql.query<{ role_id: number; permission: string }>(
    'b_perms',
    'SELECT role_id, permission FROM role_permissions',
    [],
  )) {
    const list = permissions.get(r.role_id) ?? [];
    list.push(r.permission);
    permissions.set(r.role_id, list);
  }

  let buffer: Ev[] = [];
  let flushing: Promise<void> = Promise.resolve();
  const flush = async (): Promise<void> => {
    await flushing;
    if (buffer.length === 0) return;
    const batch = buffer;
    buffer = [];
    flushing = sql
      .query('b_batch', BATCH_SQL, [
        batch.map((e) => e.at),
        batch.map((e) => e.type),
        batch.map((e) => e.url),
        batch.map((e) => e.route),
        batch.map((e) => e.meta),
      ])
      .then(() => {});
    await flushing;
  };
  const timer = setInterval(() => {
    flush().catch((err: unknown) => console.error('baseline flush failed', err));
  }, FLUSH_MS);
  timer.unref();

  const errorSchema = { type: 'object', properties: { error: { type: 'string' } } };
  const okSchema = { response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } } };
  app.get('/b/bare', { schema: okSchema }, async () => ({ ok: true }));

  app.get(
    '/b/pk',
    {
      schema: {
        response: { 200: { type: 'object', properties: { account_id: { type: 'integer', nullable: true } } }, 401: errorSchema },
      },
    },
    async (req, reply) => {
      const id = sessionId(req.headers.cookie);
      const row = id ? (await sql.query<{ account_id: number | null }>('b_pk', PK_SQL, [id]))[0] : undefined;
      if (!row) return reply.code(401).send({ error: 'unauthenticated' });
      return { account_id: row.account_id };
    },
  );

  const currentSchema = {
    response: {
      200: {
        type: 'object',
        properties: {
          data: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              email: { type: 'string' },
              name: { type: 'string' },
              locale: { type: 'string' },
              guardable_type: { type: 'string' },
              guardable: {
                type: 'object',
                properties: {
                  id: { type: 'integer' },
                  company_id: { type: 'integer', nullable: true },
                  company_name: { type: 'string', nullable: true },
                },
              },
            },
          },
          permissions: { type: 'array', items: { type: 'string' } },
        },
      },
      401: errorSchema,
    },
  };
  app.get('/b/current', { schema: currentSchema }, async (req, reply) => {
    const id = sessionId(req.headers.cookie);
    const r = id ? (await sql.query<CurrentRow>('b_current', CURRENT_SQL, [id]))[0] : undefined;
    if (!r) return reply.code(401).send({ error: 'unauthenticated' });
    const employee = r.guardable_type === 'employee';
    return {
      data: {
        id: r.account_id,
        email: r.email,
        name: employee ? fullName(r.e_first, r.e_ins, r.e_last) : fullName(r.c_first, r.c_ins, r.c_last),
        locale: r.locale,
        guardable_type: r.guardable_type,
        guardable: employee
          ? { id: r.employee_id, company_id: null, company_name: null }
          : { id: r.client_id, company_id: r.company_id, company_name: r.company_name },
      },
      permissions: employee && r.role_id !== null ? (permissions.get(r.role_id) ?? []) : [],
    };
  });

  const nullableString = { type: 'string', nullable: true };
  const listSchema = {
    querystring: {
      type: 'object',
      properties: { page: { type: 'integer', minimum: 1, default: 1 }, type: { type: 'string', minLength: 1 } },
    },
    response: {
      200: {
        type: 'object',
        properties: {
          data: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                erpId: { type: 'string' },
                sku: { type: 'string' },
                name: { type: 'string' },
                typeCode: nullableString,
                typeName: nullableString,
                supplierName: nullableString,
                status: { type: 'string' },
                unit: nullableString,
                thumbUrl: nullableString,
                productId: { type: 'integer', nullable: true },
                deletedAt: nullableString,
                syncedAt: { type: 'string' },
              },
            },
          },
          meta: {
            type: 'object',
            properties: {
              current_page: { type: 'integer' },
              last_page: { type: 'integer' },
              per_page: { type: 'integer' },
              total: { type: 'integer' },
            },
          },
        },
      },
    },
  };
  app.get('/b/articles', { schema: listSchema }, async (req) => {
    const q = req.query as { page: number; type?: string };
    const offset = (q.page - 1) * 25;
    const [rows, count] = await Promise.all(
      q.type
        ? [
            sql.query<ListRow>('b_list_f', LIST_FILTER_SQL, [offset, q.type]),
            sql.query<{ n: number }>('b_list_fc', LIST_FILTER_COUNT_SQL, [q.type]),
          ]
        : [sql.query<ListRow>('b_list', LIST_SQL, [offset]), sql.query<{ n: number }>('b_list_c', LIST_COUNT_SQL, [])],
    );
    const total = Number(count[0]?.n ?? 0);
    return {
      data: rows.map((r) => ({
        ...r,
        thumbUrl: r.mediaId ? `/api/media/${r.mediaId}/thumb` : null,
        deletedAt: r.deletedAt ? r.deletedAt.toISOString() : null,
        syncedAt: r.syncedAt.toISOString(),
      })),
      meta: { current_page: q.page, last_page: Math.max(1, Math.ceil(total / 25)), per_page: 25, total },
    };
  });

  // The project lists, on the project bench/projects.ts seeds with --projects.
  registerProjectBaselines(app, sql, projectId);
  // The assembly list: one deck of that project.
  registerTaskListBaseline(app, sql, projectId);
  // Project articles: the project's items summed per area and in total.
  registerProjectArticlesBaseline(app, sql, projectId);
  // The portal's company products, on what bench/portal.ts seeds with --portal.
  registerPortalBaselines(app, sql);
  // Booked hours, on what bench/hours.ts seeds with --hours.
  registerHoursBaselines(app, sql);
  // The leave card, on what bench/leave-card.ts seeds with --leave.
  registerLeaveBaselines(app, sql);

  app.post('/b/insert', async (req, reply) => {
    const e = toEvent(req.body as EventBody);
    await sql.query('b_insert', INSERT_SQL, [e.at, e.type, e.url, e.route, e.meta]);
    return reply.code(204).send();
  });

  app.post('/b/buffered', async (req, reply) => {
    buffer.push(toEvent(req.body as EventBody));
    return reply.code(204).send();
  });

  // ?since=N counts only the rows with a larger id (and reports the largest id): with the
  // production data set's millions of events a full count(*) would take longer than the test.
  app.get('/b/count', async (req) => {
    await flush();
    const since = Number((req.query as { since?: string }).since ?? 0);
    const rows = await sql.query<{ app: number; bench: number; max: number }>(
      'b_count',
      `SELECT (SELECT count(*) FROM analytics_events WHERE id > $1)::int AS app, (SELECT count(*) FROM bench_events)::int AS bench,
              (SELECT coalesce(max(id), 0) FROM analytics_events)::float8 AS max`,
      [since],
    );
    return rows[0];
  });

  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    async close() {
      clearInterval(timer);
      await app.close();
      await flush();
    },
  };
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (the PGlite baseline runs inside app-server.ts --pglite)');
  const sql = pgSql(url, Number(process.env.DATABASE_POOL_SIZE ?? 10));
  const baseline = await startBaseline(sql, Number(process.env.PORT ?? 0), {
    projectId: Number(process.env.BENCH_PROJECT_ID ?? 1),
  });
  onStop(async () => {
    await baseline.close();
    await sql.close();
  });
  tellParent({ type: 'ready', ports: { baseline: baseline.port } });
}

if (isMain(import.meta.url)) {
  main().catch((err: unknown) => {
    tellParent({ type: 'error', message: String(err) });
    console.error(err);
    process.exit(1);
  });
}
