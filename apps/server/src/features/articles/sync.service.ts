import type { SyncRun } from '@app/shared/articles/articles';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { DbOrTx, RawClient } from '../../db/client';
import type { SyncCounts } from '../../db/schema';
import { audit } from '../../platform/audit';
import type { Ctx, Platform } from '../../platform/context';
import { AppError, pgCode, pgConstraint } from '../../platform/errors';
import { loggerOptions } from '../../platform/logger';
import { deadBefore, RUN_JOB_EXPIRE_SECONDS, RunLostError, withHeartbeat } from '../../platform/run-heartbeat';
import { type ErpArticle, ErpError, type ErpPage, listItems } from './erp-client';
import * as repo from './sync.repository';

/** The pg-boss queue of the ERP sync. */
export const SYNC_JOB = 'articles.sync';
/** Staged rows upserted per statement (G4: 1 000–5 000). */
export const APPLY_BATCH = 5000;
/** ERP rows written to staging per statement, gathered over pages (G4: 1 000–5 000). */
export const STAGE_BATCH = 5000;
/** A complete listing smaller than this share of the live articles is not trusted (D9). */
export const SHORT_FEED_RATIO = 0.9;

/** For a caller that already holds the ERP listing (the bench, G4). */
export interface SyncRunOptions {
  /** The listing, page by page, already parsed; default: read from the configured ERP. */
  pages?: AsyncIterable<ErpPage> | Iterable<ErpPage>;
  /** Called when the run succeeded: ms spent reading and staging the listing, and applying it. */
  onTimings?: (t: { stageMs: number; applyMs: number }) => void;
}

// Keyed by the app's job runner: a request's ctx is a copy of the platform, its services are not.
const loggers = new WeakMap<object, FastifyBaseLogger>();

/** The app's logger for sync work outside a request (the job, the demo start-up). */
export function setSyncLogger(p: Platform, log: FastifyBaseLogger): void {
  loggers.set(p.jobs, log);
}

function logOf(p: Platform): FastifyBaseLogger {
  let log = loggers.get(p.jobs);
  if (!log) {
    log = pino(loggerOptions(p.config) as pino.LoggerOptions) as unknown as FastifyBaseLogger;
    loggers.set(p.jobs, log);
  }
  return log;
}

export function toSyncRun(r: repo.SyncRunRow): SyncRun {
  return {
    id: r.id,
    trigger: r.trigger,
    triggeredBy: r.triggeredBy,
    status: r.status,
    phase: r.phase,
    fetched: r.fetched,
    expected: r.expected,
    created: r.created,
    updated: r.updated,
    unchanged: r.unchanged,
    deleted: r.deleted,
    error: r.error,
    errorDetail: r.errorDetail,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

/**
 * Fails the runs whose worker died (INTERRUPTED: their heartbeat stopped, run-heartbeat.ts) and
 * removes what they staged. A sync cannot resume: its listing is read again by the next run.
 * Called by every trigger and read, and by each process's sweep.
 */
export async function sweepSyncRuns(p: Platform, log: FastifyBaseLogger = logOf(p), db: DbOrTx = p.db.orm): Promise<number[]> {
  const now = p.clock();
  const interrupted = await repo.interruptStale(db, deadBefore(now), now);
  if (interrupted.length) {
    log.warn({ event: 'articles.sync-interrupted', runIds: interrupted }, 'sync run without heartbeat marked failed');
    await repo.cleanStaging(db);
  }
  return interrupted;
}

/**
 * Records a new queued run, first failing runs whose worker died. At most one run is queued or
 * running, whichever process asks (D8).
 * @throws ARTICLE_SYNC_RUNNING
 */
async function createRun(
  p: Platform,
  trigger: 'manual' | 'schedule',
  who: { accountId: number | null; auditCtx?: Parameters<typeof audit>[1] },
  log: FastifyBaseLogger = logOf(p),
): Promise<number> {
  const now = p.clock();
  try {
    return await p.db.orm.transaction(async (tx) => {
      await sweepSyncRuns(p, log, tx);
      const id = await repo.insertRun(tx, { trigger, triggeredBy: who.accountId }, now);
      if (who.auditCtx) await audit(tx, who.auditCtx, 'articles.sync-started', { type: 'sync_run', id }, { trigger });
      return id;
    });
  } catch (err) {
    if (pgCode(err) === '23505' && pgConstraint(err) === 'sync_runs_one_active_key') {
      const active = await repo.findActive(p.db.orm);
      throw new AppError('ARTICLE_SYNC_RUNNING', { details: active ? { runId: active.id } : {} });
    }
    throw err;
  }
}

/**
 * 'Sync Articles': queues a run of the ERP sync and answers at once; the web app follows its
 * progress. @throws ARTICLE_SYNC_RUNNING
 */
export async function startSync(ctx: Ctx): Promise<SyncRun> {
  const accountId = ctx.actor.kind === 'employee' ? ctx.actor.accountId : null;
  const id = await createRun(ctx, 'manual', { accountId, auditCtx: ctx }, ctx.log);
  ctx.log.info({ event: 'articles.sync-started', runId: id }, 'article sync queued');
  try {
    await ctx.jobs.send(SYNC_JOB, { runId: id }, { expireInSeconds: RUN_JOB_EXPIRE_SECONDS });
  } catch (err) {
    // Without a queued job the run would block every trigger until it goes stale.
    await repo.failQueued(ctx.db.orm, id, 'could not queue the job', ctx.clock());
    throw err;
  }
  return getSyncRun(ctx, id);
}

/** One sync run (a run whose worker died reads as failed, INTERRUPTED). @throws SYNC_RUN_NOT_FOUND */
export async function getSyncRun(ctx: Platform, id: number): Promise<SyncRun> {
  await sweepSyncRuns(ctx);
  const row = await repo.find(ctx.db.orm, id);
  if (!row) throw new AppError('SYNC_RUN_NOT_FOUND');
  return toSyncRun(row);
}

/** The sync history, newest first (a run whose worker died reads as failed, INTERRUPTED). */
export async function listSyncRuns(ctx: Ctx, q: { page: number; perPage: number }): Promise<Page<SyncRun>> {
  await sweepSyncRuns(ctx, ctx.log);
  const { rows, total } = await repo.list(ctx.db.orm, q.page, q.perPage);
  return { data: rows.map(toSyncRun), meta: pageMeta(q.page, q.perPage, total) };
}

/**
 * Runs one sync to its end in this process (the demo's first start): creates the run and
 * executes it without the queue. @throws ARTICLE_SYNC_RUNNING
 */
export async function runSyncNow(p: Platform, trigger: 'manual' | 'schedule', opts: SyncRunOptions = {}): Promise<SyncRun> {
  const id = await createRun(p, trigger, { accountId: null });
  await executeSyncRun(p, id, opts);
  return getSyncRun(p, id);
}

/**
 * The job: fetch every ERP page into staging (progress after each page, outside any long
 * transaction), check the listing is complete and not short (D9), then apply it in one
 * transaction that writes only ERP-owned columns (D10). Failures end the run with its reason and
 * leave the articles as they were (D11). Never throws for an ERP problem: the run records it.
 */
export async function executeSyncRun(p: Platform, runId: number, opts: SyncRunOptions = {}): Promise<void> {
  const { db } = p;
  const log = logOf(p);
  if (!(await repo.claim(db.orm, runId, p.clock()))) {
    // Not queued: a retried job (after a crash, or pg-boss's expiry of a live one), or a run
    // already finished. A dead one is closed here; a live one is its worker's.
    await sweepSyncRuns(p, log);
    log.info({ event: 'articles.sync-skipped', runId }, 'sync run not queued; nothing to do');
    return;
  }
  // The heartbeat goes on a timer from here, on a connection of its own: a slow ERP page or the
  // apply transaction never makes a live run look dead.
  await withHeartbeat(
    () => repo.heartbeat(db.raw, runId, p.clock()),
    (signal) => runClaimed(p, runId, log, signal, opts),
    { log },
  );
}

async function runClaimed(
  p: Platform,
  runId: number,
  log: FastifyBaseLogger,
  signal: AbortSignal,
  opts: SyncRunOptions,
): Promise<void> {
  const { db } = p;
  const started = Date.now();
  log.info({ event: 'articles.sync-running', runId }, 'article sync started');
  await repo.cleanStaging(db.orm);
  try {
    const stageStart = performance.now();
    const listing = await fetchListing(p, runId, log, signal, opts.pages);
    const stageMs = performance.now() - stageStart;
    const { staged, expected } = listing;
    const fetched = staged.size;
    const live = await repo.countLive(db.orm);
    const short =
      expected !== null && fetched < expected
        ? `the ERP announced ${expected} articles but listed ${fetched}`
        : live > 0 && fetched < live * SHORT_FEED_RATIO
          ? `the ERP listed ${fetched} articles, fewer than 90 % of the ${live} current ones`
          : null;
    if (short) {
      await repo.finish(db.orm, runId, { status: 'aborted', error: 'SHORT_FEED', errorDetail: short }, p.clock());
      log.warn({ event: 'articles.sync-aborted', runId, fetched, expected, live }, `article sync aborted: ${short}`);
      return;
    }
    await repo.progress(db.raw, runId, { fetched, expected, phase: 'applying' }, p.clock());
    const fetchMs = Date.now() - started;
    const applyStart = performance.now();
    const counts = await apply(p, runId, [...staged]);
    opts.onTimings?.({ stageMs, applyMs: performance.now() - applyStart });
    log.info(
      { event: 'articles.sync-succeeded', runId, fetched, ...counts, fetchMs, applyMs: Date.now() - started - fetchMs },
      'article sync finished',
    );
  } catch (err) {
    if (err instanceof RunLostError) {
      // Declared dead while it still ran (no heartbeat got through): the run says INTERRUPTED and
      // nothing was applied; the next run starts afresh.
      log.warn({ event: 'articles.sync-lost', runId }, 'article sync stopped: the run was marked interrupted');
    } else if (err instanceof ErpError) {
      await repo.finish(db.orm, runId, { status: 'failed', error: err.code, errorDetail: err.message }, p.clock());
      log.warn({ event: 'articles.sync-failed', runId, error: err.code, reason: err.message }, 'article sync failed');
    } else {
      log.error({ err, event: 'articles.sync-failed', runId }, 'article sync failed unexpectedly');
      await repo
        .finish(db.orm, runId, { status: 'failed', error: 'INTERNAL', errorDetail: null }, p.clock())
        .catch((e) => log.error({ err: e }, 'could not record the failed sync run'));
    }
  } finally {
    await repo.deleteStaging(db.orm, runId).catch((e) => log.error({ err: e, runId }, 'could not remove sync staging'));
  }
}

/**
 * Reads every ERP page into staging, one set-based statement per STAGE_BATCH rows, and records
 * progress after every page. On
 * PostgreSQL this runs on one connection with synchronous_commit off: staging and progress are
 * disposable (a crash ends the run anyway), and apply() checks that every staged row is there,
 * so the many small commits need not each wait for the disk.
 */
async function fetchListing(
  p: Platform,
  runId: number,
  log: FastifyBaseLogger,
  signal: AbortSignal,
  given?: SyncRunOptions['pages'],
): Promise<{ staged: Set<string>; expected: number | null }> {
  const erp = p.config.erp;
  const { url, token } = erp;
  if (!given && (!url || !token)) throw new ErpError('ERP_UNAVAILABLE', 'no ERP configured (ERP_URL, ERP_TOKEN)');
  const run = async (raw: RawClient) => {
    const staged = new Set<string>();
    let expected: number | null = null;
    const pages =
      given ??
      listItems({
        url: url as string,
        token: token as string,
        division: erp.division,
        timeoutMs: erp.timeoutMs,
        retries: erp.retries,
        retryBaseMs: erp.retryBaseMs,
        now: p.clock,
        onRetry: async ({ attempt, delayMs, error }) => {
          log.warn(
            { event: 'articles.sync-retry', runId, attempt, delayMs, reason: error.message },
            'ERP request failed; retrying',
          );
          await repo.heartbeat(raw, runId, p.clock());
        },
      });
    // Pages are gathered into statements of about STAGE_BATCH rows: Exact's own pages hold 60 items.
    let buffer: ErpArticle[] = [];
    const flush = async () => {
      if (buffer.length === 0) return;
      await repo.stage(raw, runId, buffer);
      buffer = [];
    };
    for await (const page of pages) {
      signal.throwIfAborted();
      for (const a of page.articles) {
        // An article listed twice (a page boundary moving while we read) is staged once.
        if (staged.has(a.erpId)) continue;
        staged.add(a.erpId);
        buffer.push(a);
      }
      if (buffer.length >= STAGE_BATCH) await flush();
      expected ??= page.total;
      await repo.progress(raw, runId, { fetched: staged.size, expected }, p.clock());
    }
    await flush();
    return { staged, expected };
  };
  if (p.db.driver !== 'pg') return run(p.db.raw);
  return p.db.withConnection(async (raw) => {
    await raw.exec('SET synchronous_commit TO off');
    try {
      return await run(raw);
    } finally {
      await raw.exec('RESET synchronous_commit').catch(() => {});
    }
  });
}

/**
 * Applies the staged listing in one transaction: upsert in batches, soft-delete what the listing
 * no longer holds, and record the outcome, so "articles applied" and "run succeeded" commit
 * together. Nothing else may touch the database from here until it commits (PGlite has one
 * connection and would wait on itself).
 */
async function apply(p: Platform, runId: number, erpIds: readonly string[]): Promise<SyncCounts> {
  const now = p.clock();
  return p.db.orm.transaction(async (tx) => {
    await repo.lockApply(tx);
    // New articles from the ERP are not written to the records' history (100,000 rows of "created"
    // on a first sync); what the ERP changes later is (record_change() in migration 0022).
    await repo.skipInsertHistory(tx);
    // Soft-deleting against a staging table that lost rows would delete real articles.
    const staged = await repo.countStaged(tx, runId);
    if (staged !== erpIds.length) throw new Error(`staging holds ${staged} of ${erpIds.length} articles`);
    const counts: SyncCounts = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
    for (let i = 0; i < erpIds.length; i += APPLY_BATCH) {
      const batch = erpIds.slice(i, i + APPLY_BATCH);
      const b = await repo.upsertBatch(tx, runId, batch, now);
      counts.created += b.created;
      counts.updated += b.updated;
      counts.unchanged += batch.length - b.created - b.updated;
    }
    counts.deleted = await repo.softDeleteMissing(tx, runId, now);
    // The run was declared dead meanwhile (its heartbeat did not get through): all or nothing, so
    // nothing is applied under a run that says INTERRUPTED.
    if (!(await repo.finish(tx, runId, { status: 'succeeded', counts }, now))) throw new RunLostError();
    return counts;
  });
}

/** For the scheduled job: starts a run unless one is in progress. */
export async function scheduledSync(p: Platform): Promise<void> {
  const log = logOf(p);
  let id: number;
  try {
    id = await createRun(p, 'schedule', { accountId: null });
  } catch (err) {
    if (err instanceof AppError && err.code === 'ARTICLE_SYNC_RUNNING') {
      log.info({ event: 'articles.sync-skipped' }, 'nightly sync skipped: a run is in progress');
      return;
    }
    throw err;
  }
  await executeSyncRun(p, id);
}
