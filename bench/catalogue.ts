/**
 * The catalogue data of G3 and G4 (PERFORMANCE.md 3, 4.2): Exact-shaped ERP items from the
 * stand-in's generator, parsed by the app's own parser; the app's sync path from "payload
 * parsed" to "committed" (the staging and apply of sync.service / sync.repository, step by step);
 * and the B-upsert baseline with its articles-like table.
 */
import { performance } from 'node:perf_hooks';
import type { Database, RawClient } from '../apps/server/src/db/client.ts';
import type { SyncCounts } from '../apps/server/src/db/schema/index.ts';
import { standinItem } from '../apps/server/src/demo/erp-standin.ts';
import { type ErpArticle, parsePage } from '../apps/server/src/features/articles/erp-client.ts';
import * as repo from '../apps/server/src/features/articles/sync.repository.ts';
import { APPLY_BATCH, SHORT_FEED_RATIO, STAGE_BATCH, STALE_AFTER_MS } from '../apps/server/src/features/articles/sync.service.ts';
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
 * over pages of pageSize items. This is the input of the timed sync path, and is not timed.
 */
export function parsedPages(size: number, pageSize: number, changed = false, now = new Date()): ErpArticle[][] {
  const items = exactItems(size, changed);
  const pages: ErpArticle[][] = [];
  for (let i = 0; i < items.length; i += pageSize) {
    const body = { d: { results: items.slice(i, i + pageSize), __count: String(size) } };
    pages.push(parsePage(body, now).page.articles);
  }
  return pages;
}

export interface SyncPass {
  /** Wall time of the whole pass (run bookkeeping, staging, checks, apply transaction, staging removal), ms. */
  ms: number;
  /** Of which staging (one connection, synchronous_commit off on pg), ms. */
  stageMs: number;
  /** Of which the apply transaction, ms. */
  applyMs: number;
  rows: number;
  counts: SyncCounts;
}

/**
 * The app's sync for an already parsed listing, statement for statement what executeSyncRun does
 * around its ERP fetch (sync.service.ts: createRun, claim, cleanStaging, fetchListing's staging
 * in STAGE_BATCH statements with progress after every page, the D9 checks, apply() in one
 * transaction, deleteStaging), with the app's exported repository functions and constants. The
 * app does not export apply() or fetchListing(); if they change, change this with them (the
 * end-to-end runSyncNow measurement in g4.ts is the cross-check).
 */
export async function appSyncPass(db: Database, pages: readonly ErpArticle[][], clock = () => new Date()): Promise<SyncPass> {
  const t0 = performance.now();
  // createRun
  const created = clock();
  const runId = await db.orm.transaction(async (tx) => {
    await repo.interruptStale(tx, new Date(created.getTime() - STALE_AFTER_MS), created);
    return repo.insertRun(tx, { trigger: 'manual', triggeredBy: null }, created);
  });
  // executeSyncRun
  if (!(await repo.claim(db.orm, runId, clock()))) throw new Error(`run ${runId} could not be claimed`);
  await repo.cleanStaging(db.orm);
  let stageMs = 0;
  let applyMs = 0;
  let counts: SyncCounts = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  let staged = new Set<string>();
  try {
    // fetchListing, after each page has been fetched and parsed
    const ts = performance.now();
    const expected = pages.length ? pages.reduce((n, p) => n + p.length, 0) : 0;
    const stageAll = async (raw: RawClient) => {
      const seen = new Set<string>();
      let buffer: ErpArticle[] = [];
      const flush = async () => {
        if (buffer.length === 0) return;
        await repo.stage(raw, runId, buffer);
        buffer = [];
      };
      for (const page of pages) {
        for (const a of page) {
          if (seen.has(a.erpId)) continue;
          seen.add(a.erpId);
          buffer.push(a);
        }
        if (buffer.length >= STAGE_BATCH) await flush();
        await repo.progress(raw, runId, { fetched: seen.size, expected }, clock());
      }
      await flush();
      return seen;
    };
    staged =
      db.driver !== 'pg'
        ? await stageAll(db.raw)
        : await db.withConnection(async (raw) => {
            await raw.exec('SET synchronous_commit TO off');
            try {
              return await stageAll(raw);
            } finally {
              await raw.exec('RESET synchronous_commit').catch(() => {});
            }
          });
    stageMs = performance.now() - ts;
    // the D9 checks
    const fetched = staged.size;
    const live = await repo.countLive(db.orm);
    if (fetched < expected || (live > 0 && fetched < live * SHORT_FEED_RATIO)) throw new Error('short feed');
    await repo.progress(db.raw, runId, { fetched, expected, phase: 'applying' }, clock());
    // apply()
    const ta = performance.now();
    const erpIds = [...staged];
    const now = clock();
    counts = await db.orm.transaction(async (tx) => {
      await repo.lockApply(tx);
      const n = await repo.countStaged(tx, runId);
      if (n !== erpIds.length) throw new Error(`staging holds ${n} of ${erpIds.length} articles`);
      const c: SyncCounts = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
      for (let i = 0; i < erpIds.length; i += APPLY_BATCH) {
        const batch = erpIds.slice(i, i + APPLY_BATCH);
        const b = await repo.upsertBatch(tx, runId, batch, now);
        c.created += b.created;
        c.updated += b.updated;
        c.unchanged += batch.length - b.created - b.updated;
      }
      c.deleted = await repo.softDeleteMissing(tx, runId, now);
      await repo.finish(tx, runId, { status: 'succeeded', counts: c }, now);
      return c;
    });
    applyMs = performance.now() - ta;
  } finally {
    await repo.deleteStaging(db.orm, runId);
  }
  return { ms: performance.now() - t0, stageMs, applyMs, rows: staged.size, counts };
}

/** Empties the catalogue and the sync history (G4 starts every round from an empty articles table). */
export async function truncateCatalogue(db: Database): Promise<void> {
  await db.raw.exec(
    'TRUNCATE sync_staging, sync_runs, article_media, product_media, product_attributes, product_relations, product_category_order, product_robox_materials, products, articles RESTART IDENTITY CASCADE',
  );
}

/**
 * G3's data set: size articles through the app's own sync path (the stand-in's catalogue,
 * parsed by the app and staged and applied as a sync does), then a product for every 20th
 * article (published for every 100th, so the public catalogue has something to show), then
 * VACUUM ANALYZE.
 */
export async function seedCatalogue(
  db: Database,
  size: number,
  pageSize = 1000,
): Promise<{ articles: number; products: number }> {
  const pass = await appSyncPass(db, parsedPages(size, pageSize));
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
// B-upsert (PERFORMANCE.md 4.2)

/** The baseline's articles-like table: what 4.2's B-upsert statement writes. */
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
export function articleUpsertBatches(pages: readonly ErpArticle[][], batch: number): unknown[][] {
  const all = pages.flat();
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
