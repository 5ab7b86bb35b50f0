import type { SyncError, SyncPhase, SyncStatus } from '@app/shared/articles/articles';
import { sql } from 'drizzle-orm';
import type { DbOrTx, RawClient } from '../../db/client';
import type { SyncCounts } from '../../db/schema';
import { personNameSql } from '../../platform/names';
import type { ErpArticle } from './erp-client';

export interface SyncRunRow {
  id: number;
  trigger: 'manual' | 'schedule';
  triggeredBy: string | null;
  status: SyncStatus;
  phase: SyncPhase;
  fetched: number;
  expected: number | null;
  created: number;
  updated: number;
  unchanged: number;
  deleted: number;
  error: SyncError | null;
  errorDetail: string | null;
  startedAt: Date;
  heartbeatAt: Date;
  finishedAt: Date | null;
}

/** Any pg-advisory key will do as long as nothing else uses it: "ARTS". */
export const SYNC_LOCK_KEY = 0x41525453;

async function rows<T>(db: DbOrTx, q: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(q)) as unknown as { rows: T[] };
  return res.rows;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

const runColumns = sql`
  r.id, r.trigger, r.status, r.phase, r.fetched, r.expected, r.created, r.updated, r.unchanged, r.deleted,
  r.error, r.error_detail AS "errorDetail", r.started_at AS "startedAt", r.heartbeat_at AS "heartbeatAt",
  r.finished_at AS "finishedAt",
  (SELECT ${personNameSql('e')}
     FROM accounts ac JOIN employees e ON e.id = ac.employee_id WHERE ac.id = r.triggered_by) AS "triggeredBy"`;

// Drivers hand timestamps back as Date (pg) or Date (PGlite); counts as numbers.
function toRow(r: Record<string, unknown>): SyncRunRow {
  const d = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    id: Number(r.id),
    trigger: r.trigger as SyncRunRow['trigger'],
    triggeredBy: (r.triggeredBy as string | null) || null,
    status: r.status as SyncStatus,
    phase: r.phase as SyncPhase,
    fetched: Number(r.fetched),
    expected: r.expected === null ? null : Number(r.expected),
    created: Number(r.created),
    updated: Number(r.updated),
    unchanged: Number(r.unchanged),
    deleted: Number(r.deleted),
    error: (r.error as SyncError | null) ?? null,
    errorDetail: (r.errorDetail as string | null) ?? null,
    startedAt: d(r.startedAt) as Date,
    heartbeatAt: d(r.heartbeatAt) as Date,
    finishedAt: d(r.finishedAt),
  };
}

export async function find(db: DbOrTx, id: number): Promise<SyncRunRow | null> {
  const r = await rows<Record<string, unknown>>(db, sql`SELECT ${runColumns} FROM sync_runs r WHERE r.id = ${id}`);
  return r[0] ? toRow(r[0]) : null;
}

/** The run in progress (queued or running), if any. */
export async function findActive(db: DbOrTx): Promise<SyncRunRow | null> {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${runColumns} FROM sync_runs r WHERE r.status IN ('queued','running') LIMIT 1`,
  );
  return r[0] ? toRow(r[0]) : null;
}

/** Newest first. */
export async function list(db: DbOrTx, page: number, perPage: number): Promise<{ rows: SyncRunRow[]; total: number }> {
  const [r, c] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`SELECT ${runColumns} FROM sync_runs r ORDER BY r.id DESC LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM sync_runs`),
  ]);
  return { rows: r.map(toRow), total: Number(c[0]?.n ?? 0) };
}

/** Inserts a queued run; the partial unique index refuses a second active one (23505). */
export async function insertRun(
  db: DbOrTx,
  input: { trigger: 'manual' | 'schedule'; triggeredBy: number | null },
  now: Date,
): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`INSERT INTO sync_runs (trigger, triggered_by, status, phase, started_at, heartbeat_at)
        VALUES (${input.trigger}, ${input.triggeredBy}, 'queued', 'queued', ${ts(now)}, ${ts(now)})
        RETURNING id`,
  );
  const id = r[0]?.id;
  if (id === undefined) throw new Error('sync run insert returned no id');
  return Number(id);
}

/** Runs in progress whose heartbeat stopped before cutoff lost their worker: they become failed, INTERRUPTED. */
export async function interruptStale(db: DbOrTx, cutoff: Date, now: Date): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`UPDATE sync_runs SET status = 'failed', phase = 'done', error = 'INTERRUPTED',
               error_detail = 'the server running it stopped: no heartbeat since ' || to_char(heartbeat_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
               finished_at = ${ts(now)}
         WHERE status IN ('queued','running') AND heartbeat_at < ${ts(cutoff)}
        RETURNING id`,
  );
  return r.map((x) => Number(x.id));
}

/** Takes a queued run for this process; false when it is not queued (already taken, or handled). */
export async function claim(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`UPDATE sync_runs SET status = 'running', phase = 'fetching', heartbeat_at = ${ts(now)}
         WHERE id = ${id} AND status = 'queued' RETURNING id`,
  );
  return r.length > 0;
}

/** Progress after a page: a short statement of its own, never inside a long transaction. */
export async function progress(
  raw: RawClient,
  id: number,
  p: { fetched: number; expected: number | null; phase?: SyncPhase },
  now: Date,
): Promise<void> {
  await raw.query(
    `UPDATE sync_runs SET fetched = $2, expected = $3, heartbeat_at = $4, phase = coalesce($5::text, phase)
      WHERE id = $1 AND status = 'running'`,
    [id, p.fetched, p.expected, now.toISOString(), p.phase ?? null],
  );
}

/** The worker's heartbeat; false when the run is no longer running (declared dead, or finished). */
export async function heartbeat(raw: RawClient, id: number, now: Date): Promise<boolean> {
  const r = await raw.query(`UPDATE sync_runs SET heartbeat_at = $2 WHERE id = $1 AND status = 'running' RETURNING id`, [
    id,
    now.toISOString(),
  ]);
  return r.length > 0;
}

/** Ends a running run; false when it was no longer running (declared dead meanwhile). */
export async function finish(
  db: DbOrTx,
  id: number,
  outcome: {
    status: 'succeeded' | 'failed' | 'aborted';
    error?: SyncError | null;
    errorDetail?: string | null;
    counts?: SyncCounts;
  },
  now: Date,
): Promise<boolean> {
  const c = outcome.counts ?? { created: 0, updated: 0, unchanged: 0, deleted: 0 };
  const r = await rows<{ id: number }>(
    db,
    sql`UPDATE sync_runs SET status = ${outcome.status}, phase = 'done', error = ${outcome.error ?? null},
               error_detail = ${outcome.errorDetail?.slice(0, 500) ?? null},
               created = ${c.created}, updated = ${c.updated}, unchanged = ${c.unchanged}, deleted = ${c.deleted},
               heartbeat_at = ${ts(now)}, finished_at = ${ts(now)}
         WHERE id = ${id} AND status = 'running'
        RETURNING id`,
  );
  return r.length > 0;
}

/** Ends a run that never started (its job could not be queued). */
export async function failQueued(db: DbOrTx, id: number, detail: string, now: Date): Promise<void> {
  await db.execute(
    sql`UPDATE sync_runs SET status = 'failed', phase = 'done', error = 'INTERNAL', error_detail = ${detail},
               finished_at = ${ts(now)}
         WHERE id = ${id} AND status = 'queued'`,
  );
}

/** Staged rows of runs no longer running: a killed run leaves them behind. */
export async function cleanStaging(db: DbOrTx): Promise<void> {
  await db.execute(sql`DELETE FROM sync_staging WHERE run_id IN (SELECT id FROM sync_runs WHERE status <> 'running')`);
}

export async function deleteStaging(db: DbOrTx, runId: number): Promise<void> {
  await db.execute(sql`DELETE FROM sync_staging WHERE run_id = ${runId}`);
}

const STAGE_SQL = `
  WITH ins AS (
    INSERT INTO sync_staging (run_id, erp_id, sku, name, description, type_code, type_name, unit, supplier_code,
                              supplier_name, status, length_mm, width_mm, height_mm, weight_kg, cost_price, erp_modified_at)
    SELECT $1::int, u.* FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                                    $9::text[], $10::text[], $11::text[], $12::float8[], $13::float8[], $14::float8[],
                                    $15::float8[], $16::numeric[], $17::timestamptz[]) AS u
    ON CONFLICT (run_id, erp_id) DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::int AS n FROM ins`;

/**
 * Stages one ERP page with one set-based statement (G4: never a statement per row). An erp_id
 * listed twice is staged once. Returns how many new rows were staged.
 */
export async function stage(raw: RawClient, runId: number, page: readonly ErpArticle[]): Promise<number> {
  if (page.length === 0) return 0;
  const col = <K extends keyof ErpArticle>(k: K) => page.map((a) => a[k]);
  const r = await raw.query<{ n: number }>(STAGE_SQL, [
    runId,
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
    page.map((a) => (a.erpModifiedAt ? a.erpModifiedAt.toISOString() : null)),
  ]);
  return Number(r[0]?.n ?? 0);
}

/** Live articles, from the trigger-kept article_counts (migration 0005). */
export async function countLive(db: DbOrTx): Promise<number> {
  const r = await rows<{ n: number }>(db, sql`SELECT coalesce(sum(n), 0)::int AS n FROM article_counts WHERE live`);
  return Number(r[0]?.n ?? 0);
}

/** Serialises appliers across processes for the transaction (D8), on top of the one-active-run index. */
export async function lockApply(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
}

export async function countStaged(tx: DbOrTx, runId: number): Promise<number> {
  const r = await rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM sync_staging WHERE run_id = ${runId}`);
  return Number(r[0]?.n ?? 0);
}

/**
 * Upserts one batch of staged rows, named by erp_id (an index probe each, whatever the planner
 * knows about the freshly filled staging table). Only ERP-owned columns are written (D10), and
 * only when one of them differs, so an unchanged article is not rewritten (G4).
 */
export async function upsertBatch(
  tx: DbOrTx,
  runId: number,
  erpIds: readonly string[],
  now: Date,
): Promise<{ created: number; updated: number }> {
  const r = await rows<{ created: number; updated: number }>(
    tx,
    sql`WITH up AS (
          INSERT INTO articles AS a (erp_id, sku, name, description, type_code, type_name, unit, supplier_code, supplier_name,
                                     status, length_mm, width_mm, height_mm, weight_kg, cost_price, erp_modified_at,
                                     synced_at, created_at, updated_at)
          SELECT b.erp_id, b.sku, b.name, b.description, b.type_code, b.type_name, b.unit, b.supplier_code, b.supplier_name,
                 b.status, b.length_mm, b.width_mm, b.height_mm, b.weight_kg, b.cost_price, b.erp_modified_at,
                 ${ts(now)}, ${ts(now)}, ${ts(now)}
            FROM sync_staging b
           WHERE b.run_id = ${runId} AND b.erp_id = ANY(${sql.param(erpIds)}::text[])
          ON CONFLICT (erp_id) DO UPDATE SET
            sku = EXCLUDED.sku, name = EXCLUDED.name, description = EXCLUDED.description,
            type_code = EXCLUDED.type_code, type_name = EXCLUDED.type_name, unit = EXCLUDED.unit,
            supplier_code = EXCLUDED.supplier_code, supplier_name = EXCLUDED.supplier_name, status = EXCLUDED.status,
            length_mm = EXCLUDED.length_mm, width_mm = EXCLUDED.width_mm, height_mm = EXCLUDED.height_mm,
            weight_kg = EXCLUDED.weight_kg, cost_price = EXCLUDED.cost_price, erp_modified_at = EXCLUDED.erp_modified_at,
            deleted_at = NULL, synced_at = EXCLUDED.synced_at, updated_at = EXCLUDED.updated_at
          WHERE (a.sku, a.name, a.description, a.type_code, a.type_name, a.unit, a.supplier_code, a.supplier_name, a.status,
                 a.length_mm, a.width_mm, a.height_mm, a.weight_kg, a.cost_price, a.erp_modified_at, a.deleted_at)
                IS DISTINCT FROM
                (EXCLUDED.sku, EXCLUDED.name, EXCLUDED.description, EXCLUDED.type_code, EXCLUDED.type_name, EXCLUDED.unit,
                 EXCLUDED.supplier_code, EXCLUDED.supplier_name, EXCLUDED.status, EXCLUDED.length_mm, EXCLUDED.width_mm,
                 EXCLUDED.height_mm, EXCLUDED.weight_kg, EXCLUDED.cost_price, EXCLUDED.erp_modified_at, NULL::timestamptz)
          RETURNING (xmax = 0) AS created
        )
        SELECT (count(*) FILTER (WHERE created))::int AS created, (count(*) FILTER (WHERE NOT created))::int AS updated
          FROM up`,
  );
  return { created: Number(r[0]?.created ?? 0), updated: Number(r[0]?.updated ?? 0) };
}

/** For the rest of the transaction, rows inserted are not written to record_changes (updates and deletes still are). */
export async function skipInsertHistory(tx: DbOrTx): Promise<void> {
  await rows(tx, sql`SELECT set_config('app.record_inserts', 'off', true)`);
}

/** Soft-deletes live articles the complete listing no longer holds (D9). */
export async function softDeleteMissing(tx: DbOrTx, runId: number, now: Date): Promise<number> {
  const r = await rows<{ n: number }>(
    tx,
    sql`WITH gone AS (
          UPDATE articles a SET deleted_at = ${ts(now)}, updated_at = ${ts(now)}
           WHERE a.deleted_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM sync_staging s WHERE s.run_id = ${runId} AND s.erp_id = a.erp_id)
          RETURNING 1
        )
        SELECT count(*)::int AS n FROM gone`,
  );
  return Number(r[0]?.n ?? 0);
}
