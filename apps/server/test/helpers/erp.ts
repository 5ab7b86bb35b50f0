import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { type ErpStandin, type ErpStandinSettings, startErpStandin } from '../../src/demo/erp-standin';
import { startTestApp, type TestApp, type TestClock } from './app';

/** The environment that points an app at a stand-in, with short timeouts and backoff for tests. */
export function erpEnv(s: ErpStandin, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ERP_URL: s.url,
    ERP_TOKEN: s.token,
    ERP_DIVISION: s.division,
    ERP_TIMEOUT_MS: '400',
    ERP_RETRY_BASE_MS: '5',
    ...extra,
  };
}

export async function startErpTestApp(opts: {
  db: Database;
  erp?: Partial<ErpStandinSettings>;
  env?: Record<string, string>;
  clock?: TestClock;
  jobs?: 'deferred';
}): Promise<{ t: TestApp; erp: ErpStandin; close(): Promise<void> }> {
  const erp = await startErpStandin({ size: 50, pageSize: 20, ...opts.erp });
  const t = await startTestApp({
    db: opts.db,
    env: erpEnv(erp, opts.env),
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.jobs ? { jobs: opts.jobs } : {}),
  });
  return {
    t,
    erp,
    async close() {
      await t.close();
      await erp.close();
    },
  };
}

async function query<T>(db: Database, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.orm.execute(q)) as unknown as { rows: T[] }).rows;
}

/** A digest of every article's ERP-owned columns and deleted flag, ordered by erp_id: equal tables, equal hashes. */
export async function erpColumnsHash(db: Database): Promise<{ hash: string; rows: number }> {
  const rows = await query<{ line: string }>(
    db,
    sql`SELECT concat_ws('|', erp_id, sku, name, description, type_code, type_name, unit, supplier_code, supplier_name,
                         status, length_mm, width_mm, height_mm, weight_kg, cost_price, erp_modified_at,
                         deleted_at IS NOT NULL) AS line
          FROM articles ORDER BY erp_id`,
  );
  const h = createHash('sha256');
  for (const r of rows) h.update(`${r.line}\n`);
  return { hash: h.digest('hex'), rows: rows.length };
}

/** Every article's row version (xmin) and updated_at by erp_id: a rewritten row gets a new xmin. */
export async function rowVersions(db: Database): Promise<Map<string, string>> {
  const rows = await query<{ erp_id: string; v: string }>(
    db,
    sql`SELECT erp_id, xmin::text || '/' || updated_at::text AS v FROM articles`,
  );
  return new Map(rows.map((r) => [r.erp_id, r.v]));
}

export async function articleCounts(db: Database): Promise<{ live: number; deleted: number; duplicates: number }> {
  const r = await query<{ live: number; deleted: number; duplicates: number }>(
    db,
    sql`SELECT count(*) FILTER (WHERE deleted_at IS NULL)::int AS live, count(*) FILTER (WHERE deleted_at IS NOT NULL)::int AS deleted,
               (count(*) - count(DISTINCT erp_id))::int AS duplicates
          FROM articles`,
  );
  return r[0] ?? { live: 0, deleted: 0, duplicates: 0 };
}

/**
 * Where the trigger-kept article_counts (migration 0005) differs from counting the articles
 * afresh: the groups with both figures. [] when the table is exact.
 */
export async function articleCountsDrift(db: Database): Promise<Record<string, unknown>[]> {
  return query<Record<string, unknown>>(
    db,
    sql`WITH kept AS (
          SELECT live, type_code, type_name, supplier_name, status, sum(n)::int AS n FROM article_counts GROUP BY 1, 2, 3, 4, 5
        ), fresh AS (
          SELECT deleted_at IS NULL AS live, type_code, type_name, supplier_name, status, count(*)::int AS n
            FROM articles GROUP BY 1, 2, 3, 4, 5
        )
        SELECT k.live AS kept_live, k.type_code AS kept_type, k.supplier_name AS kept_supplier, k.status AS kept_status,
               k.n AS kept, f.live, f.type_code, f.supplier_name, f.status, f.n AS fresh
          FROM kept k FULL JOIN fresh f
            ON k.live = f.live AND k.type_code IS NOT DISTINCT FROM f.type_code AND k.type_name IS NOT DISTINCT FROM f.type_name
           AND k.supplier_name IS NOT DISTINCT FROM f.supplier_name AND k.status = f.status
         WHERE coalesce(k.n, 0) <> coalesce(f.n, 0)`,
  );
}

export async function stagingCount(db: Database): Promise<number> {
  const r = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sync_staging`);
  return Number(r[0]?.n ?? 0);
}

export interface SeedArticle {
  erpId?: string;
  sku?: string;
  name?: string;
  typeCode?: string | null;
  typeName?: string | null;
  supplierName?: string | null;
  status?: 'active' | 'blocked' | 'discontinued';
  deleted?: boolean;
}

/** Inserts articles straight into the table (API tests that do not need a sync); returns their ids in order. */
export async function insertArticles(db: Database, list: SeedArticle[]): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, a] of list.entries()) {
    const tag = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${i}`;
    const r = await query<{ id: number }>(
      db,
      sql`INSERT INTO articles (erp_id, sku, name, type_code, type_name, supplier_name, status, cost_price, deleted_at)
          VALUES (${a.erpId ?? `seed-${tag}`}, ${a.sku ?? `SKU-${tag}`}, ${a.name ?? `Article ${tag}`},
                  ${a.typeCode ?? null}, ${a.typeName ?? null}, ${a.supplierName ?? null}, ${a.status ?? 'active'},
                  ${'12.5000'}, ${a.deleted ? sql`now()` : sql`NULL`})
          RETURNING id`,
    );
    ids.push(Number(r[0]?.id));
  }
  return ids;
}
