/**
 * The catalogue data of G3 and G4: Exact-shaped ERP items from the stand-in's generator, parsed by
 * the app's own parser; the app's own sync (runSyncNow of sync.service, with the parsed listing
 * handed in) from "payload parsed" to "committed"; and the B-upsert baseline with its
 * articles-like table.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import type { SyncCounts } from '../apps/server/src/db/schema/index.ts';
import { type ErpStandin, standinItem } from '../apps/server/src/demo/erp-standin.ts';
import { type ErpArticle, type ErpPage, parsePage } from '../apps/server/src/features/articles/erp-client.ts';
import { runSyncNow } from '../apps/server/src/features/articles/sync.service.ts';
import type { Platform } from '../apps/server/src/platform/context.ts';
import type { BaselineSql } from './baseline-server.ts';

const DAY = 86_400_000;

/**
 * Every row changed: what a second listing says about article i. Name, price and Modified differ
 * from the first listing (standinItem(i)), so the sync's IS DISTINCT FROM lets every row through.
 */
export function changedFields(i: number): Record<string, unknown> {
  const base = standinItem(i);
  const modified = /^\/Date\((\d+)\)\/$/.exec(String(base.Modified));
  return {
    Description: `${String(base.Description)} (herzien)`,
    CostPriceStandard: Math.round((Number(base.CostPriceStandard) + 2.5) * 100) / 100,
    Modified: `/Date(${Number(modified?.[1] ?? 0) + DAY})/`,
  };
}

/** Exact Items 0 … size-1 as the stand-in lists them (changed: every row changed, changedFields). */
export function exactItems(size: number, changed = false): Record<string, unknown>[] {
  return Array.from({ length: size }, (_, i) => standinItem(i, 0, changed ? changedFields(i) : {}));
}

/**
 * The ERP listing after the payload is parsed: the app's parsePage (zod validation and mapItem)
 * over pages of pageSize items, each with the listing's total (__count) as Exact sends it. This is
 * the input of the timed sync, and is not timed.
 */
export function parsedPages(size: number, pageSize: number, changed = false, now = new Date()): ErpPage[] {
  const items = exactItems(size, changed);
  const pages: ErpPage[] = [];
  for (let i = 0; i < items.length; i += pageSize) {
    const body = { d: { results: items.slice(i, i + pageSize), __count: String(size) } };
    pages.push(parsePage(body, now).page);
  }
  return pages;
}

/** The real app (buildApp: jobs inline, never listening) on the bench's database, for its sync service. */
export interface BenchApp {
  platform: Platform;
  close(): Promise<void>;
}

/**
 * buildApp on db with NODE_ENV=production, APP_MODE=demo (no seeding), JOBS=false and, when erp is
 * given, that stand-in as its ERP (G4's end-to-end passes). The sync passes hand the listing in
 * and need no ERP.
 */
export async function startBenchApp(db: Database, erp?: ErpStandin): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
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
    ...(erp ? { ERP_URL: erp.url, ERP_TOKEN: erp.token, ERP_DIVISION: erp.division } : {}),
  });
  const app = await buildApp({ config, db });
  await app.ready();
  return {
    platform: app.platform,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SyncPass {
  /** Wall time of the whole run (runSyncNow: bookkeeping, staging, checks, apply transaction, staging removal), ms. */
  ms: number;
  /** Of which reading and staging the listing (one connection, synchronous_commit off on pg), ms. */
  stageMs: number;
  /** Of which the apply transaction, ms. */
  applyMs: number;
  rows: number;
  counts: SyncCounts;
}

/**
 * One run of the app's own sync (sync.service runSyncNow, the code path of the job and of the
 * demo's first start) over an already parsed listing: only fetching and parsing, which no
 * baseline does either, are left out. The stage and apply times are the service's own
 * (onTimings). @throws when the run does not succeed
 */
export async function appSyncPass(app: BenchApp, pages: readonly ErpPage[]): Promise<SyncPass> {
  let timings = { stageMs: Number.NaN, applyMs: Number.NaN };
  const t0 = performance.now();
  const run = await runSyncNow(app.platform, 'manual', {
    pages,
    onTimings: (t) => {
      timings = t;
    },
  });
  const ms = performance.now() - t0;
  if (run.status !== 'succeeded') throw new Error(`sync ${run.status}: ${run.error} ${run.errorDetail ?? ''}`);
  return {
    ms,
    ...timings,
    rows: run.fetched,
    counts: { created: run.created, updated: run.updated, unchanged: run.unchanged, deleted: run.deleted },
  };
}

/** Empties the catalogue and the sync history (G4 starts every round from an empty articles table). */
export async function truncateCatalogue(db: Database): Promise<void> {
  await db.raw.exec(
    'TRUNCATE sync_staging, sync_runs, article_media, product_media, product_attributes, product_relations, product_category_order, product_robox_materials, products, articles RESTART IDENTITY CASCADE',
  );
}

/**
 * G3's data set: size articles through the app's own sync (the stand-in's catalogue, parsed by
 * the app, then runSyncNow), then a product for every 20th article (published for every 100th,
 * so the public catalogue has something to show), then VACUUM ANALYZE.
 */
export async function seedCatalogue(
  db: Database,
  size: number,
  pageSize = 1000,
): Promise<{ articles: number; products: number }> {
  const app = await startBenchApp(db);
  let pass: SyncPass;
  try {
    pass = await appSyncPass(app, parsedPages(size, pageSize));
  } finally {
    await app.close();
  }
  if (pass.counts.created !== size) throw new Error(`catalogue seed created ${pass.counts.created} of ${size} articles`);
  await db.raw.exec(`
    INSERT INTO products (article_id, slug, name_nl, name_en, published, published_at, sort_order)
      SELECT a.id, 'bench-' || a.id, a.name, a.name, a.id % 100 = 0, CASE WHEN a.id % 100 = 0 THEN now() END, a.id
        FROM articles a WHERE a.id % 20 = 0`);
  await db.raw.exec('VACUUM ANALYZE');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
  const r = await db.raw.query<{ a: number; p: number }>(
    'SELECT (SELECT count(*) FROM articles)::int AS a, (SELECT count(*) FROM products)::int AS p',
  );
  return { articles: Number(r[0]?.a ?? 0), products: Number(r[0]?.p ?? 0) };
}

// ---------------------------------------------------------------------------------------------
// B-upsert (bench/README.md)

/** The baseline's articles-like table: what the B-upsert statement writes. */
export const UPSERT_TABLE_SQL = `
  CREATE TABLE IF NOT EXISTS bench_upsert_articles (
    id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    code text NOT NULL UNIQUE,
    name text NOT NULL,
    article_type_id integer NOT NULL,
    price numeric(12, 2) NOT NULL,
    stock integer NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`;

export const B_UPSERT_SQL = `
  INSERT INTO bench_upsert_articles (code, name, article_type_id, price, stock)
  SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::numeric[], $5::int[])
  ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, article_type_id = EXCLUDED.article_type_id,
    price = EXCLUDED.price, stock = EXCLUDED.stock, updated_at = now()`;

/** One batch of B-upsert's parameters: the unnest arrays. */
export type UpsertBatch = [string[], string[], number[], string[], number[]];

/** 50 000 generated rows in batches; pass 2 changes every row (name, type, price, stock). */
export function upsertRows(size: number, batch: number, changed = false): UpsertBatch[] {
  const out: UpsertBatch[] = [];
  for (let s = 0; s < size; s += batch) {
    const n = Math.min(batch, size - s);
    const b: UpsertBatch = [[], [], [], [], []];
    for (let k = 0; k < n; k++) {
      const i = s + k;
      b[0].push(`ART-${String(i).padStart(6, '0')}`);
      b[1].push(`Article ${i}${changed ? ' (herzien)' : ''}`);
      b[2].push(1 + ((i + (changed ? 1 : 0)) % 50));
      b[3].push(((i % 10_000) / 10 + (changed ? 2.5 : 0)).toFixed(2));
      b[4].push((i % 500) + (changed ? 1 : 0));
    }
    out.push(b);
  }
  return out;
}

/** One B-upsert pass: the batches in one transaction, each as one named statement (a plain query on PGlite). */
export async function bUpsertPass(sql: BaselineSql, batches: readonly UpsertBatch[]): Promise<number> {
  const t0 = performance.now();
  await sql.query('b_begin', 'BEGIN', []);
  try {
    for (const b of batches) await sql.query('b_upsert', B_UPSERT_SQL, b);
    await sql.query('b_commit', 'COMMIT', []);
  } catch (err) {
    await sql.query('b_rollback', 'ROLLBACK', []).catch(() => {});
    throw err;
  }
  return performance.now() - t0;
}

/**
 * B-upsert's statement shape (unnest, ON CONFLICT DO UPDATE, no staging, no change check) into the
 * app's own articles table with all its indexes: what the schema alone costs, so G4's gap can be
 * split into the table's indexes (this over B-upsert) and the sync's own work (app over this).
 */
export const B_UPSERT_ARTICLES_SQL = `
  INSERT INTO articles AS a (erp_id, sku, name, description, type_code, type_name, unit, supplier_code, supplier_name,
                             status, length_mm, width_mm, height_mm, weight_kg, cost_price, erp_modified_at,
                             synced_at, created_at, updated_at)
  SELECT u.*, now(), now(), now()
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                $9::text[], $10::text[], $11::float8[], $12::float8[], $13::float8[], $14::float8[], $15::numeric[],
                $16::timestamptz[]) AS u
  ON CONFLICT (erp_id) DO UPDATE SET
    sku = EXCLUDED.sku, name = EXCLUDED.name, description = EXCLUDED.description, type_code = EXCLUDED.type_code,
    type_name = EXCLUDED.type_name, unit = EXCLUDED.unit, supplier_code = EXCLUDED.supplier_code,
    supplier_name = EXCLUDED.supplier_name, status = EXCLUDED.status, length_mm = EXCLUDED.length_mm,
    width_mm = EXCLUDED.width_mm, height_mm = EXCLUDED.height_mm, weight_kg = EXCLUDED.weight_kg,
    cost_price = EXCLUDED.cost_price, erp_modified_at = EXCLUDED.erp_modified_at, updated_at = now()`;

/** The parsed listing as B_UPSERT_ARTICLES_SQL's parameters, batch rows a statement. */
export function articleUpsertBatches(pages: readonly ErpPage[], batch: number): unknown[][] {
  const all: ErpArticle[] = pages.flatMap((p) => p.articles);
  const out: unknown[][] = [];
  for (let i = 0; i < all.length; i += batch) {
    const b = all.slice(i, i + batch);
    const col = <K extends keyof ErpArticle>(k: K) => b.map((a) => a[k]);
    out.push([
      col('erpId'),
      col('sku'),
      col('name'),
      col('description'),
      col('typeCode'),
      col('typeName'),
      col('unit'),
      col('supplierCode'),
      col('supplierName'),
      col('status'),
      col('lengthMm'),
      col('widthMm'),
      col('heightMm'),
      col('weightKg'),
      col('costPrice'),
      b.map((a) => (a.erpModifiedAt ? a.erpModifiedAt.toISOString() : null)),
    ]);
  }
  return out;
}

/** One pass of B_UPSERT_ARTICLES_SQL in one transaction. */
export async function bUpsertArticlesPass(sql: BaselineSql, batches: readonly unknown[][]): Promise<number> {
  const t0 = performance.now();
  await sql.query('b_begin', 'BEGIN', []);
  try {
    for (const b of batches) await sql.query('b_upsert_articles', B_UPSERT_ARTICLES_SQL, b);
    await sql.query('b_commit', 'COMMIT', []);
  } catch (err) {
    await sql.query('b_rollback', 'ROLLBACK', []).catch(() => {});
    throw err;
  }
  return performance.now() - t0;
}
