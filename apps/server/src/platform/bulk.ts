import {
  BULK_INLINE_MAX,
  BULK_MAX,
  type BulkRun,
  type BulkSelection,
  type BulkSkip,
  bulkBodySchema,
  bulkRunEnvelope,
} from '@app/shared/bulk/bulk';
import { noQuery } from '@app/shared/platform/http';
import { toFieldErrors } from '@app/shared/platform/validation';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod';
import { bulkRuns } from '../db/schema';
import type { Access } from './access';
import { signedInAccountId } from './actor';
import type { Ctx, Platform } from './context';
import { AppError } from './errors';

/** The pg-boss queue that carries on a bulk action too big to run in its request. */
export const BULK_JOB = 'bulk.run';
/** Progress is written after every this many rows. */
const PROGRESS_EVERY = 25;
/** Rows asked of the list per page while reading "all matching". */
const LIST_PAGE = 1_000;

/** What a row's change came to: changed, or already as asked (neither changed nor skipped). */
export type BulkOutcome = 'changed' | 'unchanged';

export interface BulkAction<Q extends { page?: number; perPage?: number }, P> {
  /** e.g. 'products.publish': the run's name, and the web's label key. */
  action: string;
  /** e.g. '/api/products/bulk/publish'. */
  path: string;
  /** The list route's access (each row is checked again by the service it goes through). */
  access: Access;
  /** The list's own query schema: "all matching" is read with it. */
  listQuery: z.ZodType<Q>;
  /** The action's parameters (an attribute to add, an assignee); `noBulkParams` when none. */
  params: z.ZodType<P>;
  /** The list's own page: the same filter, scope and sort as the screen. */
  page: (ctx: Ctx, q: Q) => Promise<{ rows: readonly { id: number }[] }>;
  /** Changes one row through the service a single edit uses; an AppError skips the row with its code. */
  apply: (ctx: Ctx, id: number, params: P) => Promise<BulkOutcome>;
  /** Names for the skipped rows (their editor's title), read once at the end. */
  labels?: (ctx: Ctx, ids: readonly number[]) => Promise<Map<number, string>>;
  summary: string;
  tags: string[];
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds actions of every query and parameter type.
type AnyAction = BulkAction<any, any>;
const actions = new Map<string, AnyAction>();

type RunRow = typeof bulkRuns.$inferSelect;

function toRun(r: RunRow): BulkRun {
  return {
    id: r.id,
    action: r.action,
    status: r.status as BulkRun['status'],
    total: r.total,
    done: r.done,
    changed: r.changed,
    skipped: r.skipped as BulkSkip[],
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
  };
}

/** The ids of the selection: as ticked, or every row the list's query finds (page by page, in the list's order). */
async function selectionIds<Q extends { page?: number; perPage?: number }>(
  ctx: Ctx,
  def: BulkAction<Q, unknown>,
  selection: BulkSelection,
): Promise<number[]> {
  if ('ids' in selection) return [...new Set(selection.ids)];
  const { page: _page, perPage: _perPage, ...rest } = selection.query;
  const parsed = def.listQuery.safeParse(rest);
  if (!parsed.success) {
    const fieldErrors = toFieldErrors(parsed.error.issues as Parameters<typeof toFieldErrors>[0]);
    throw new AppError('VALIDATION_FAILED', {
      fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [`selection.query.${k}`, v])),
    });
  }
  const ids: number[] = [];
  const seen = new Set<number>();
  for (let page = 1; ; page++) {
    const { rows } = await def.page(ctx, { ...parsed.data, page, perPage: LIST_PAGE });
    for (const r of rows) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      ids.push(r.id);
    }
    if (ids.length > BULK_MAX) throw new AppError('BULK_TOO_MANY');
    if (rows.length < LIST_PAGE) return ids;
  }
}

async function saveProgress(db: Platform['db'], id: number, done: number, changed: number, skipped: BulkSkip[]) {
  await db.orm.update(bulkRuns).set({ done, changed, skipped }).where(eq(bulkRuns.id, id));
}

/**
 * Works through a run from where it stands (a job restarted after a crash goes on from `done`):
 * each row through the action's service in its own transaction, progress every few rows, then the
 * names of the skipped rows and the end.
 */
async function work(ctx: Ctx, run: RunRow): Promise<RunRow> {
  const def = actions.get(run.action);
  const ids = run.ids as number[];
  let { done, changed } = run;
  const skipped = [...(run.skipped as BulkSkip[])];
  if (!def) throw new Error(`unknown bulk action ${run.action}`);
  for (; done < ids.length; ) {
    const id = ids[done] as number;
    try {
      if ((await def.apply(ctx, id, run.params)) === 'changed') changed++;
    } catch (err) {
      if (!(err instanceof AppError)) ctx.log.error({ err, runId: run.id, id }, 'bulk action row failed');
      skipped.push({ id, label: null, code: err instanceof AppError ? err.code : 'INTERNAL' });
    }
    done++;
    if (done % PROGRESS_EVERY === 0 && done < ids.length) await saveProgress(ctx.db, run.id, done, changed, skipped);
  }
  if (def.labels && skipped.length > 0) {
    const names = await def
      .labels(
        ctx,
        skipped.map((s) => s.id),
      )
      .catch(() => new Map<number, string>());
    for (const s of skipped) s.label = names.get(s.id) ?? s.label;
  }
  const [end] = await ctx.db.orm
    .update(bulkRuns)
    .set({ done, changed, skipped, status: 'done', finishedAt: ctx.clock() })
    .where(eq(bulkRuns.id, run.id))
    .returning();
  return end ?? run;
}

/**
 * Registers POST `path`: the selection (ticked ids, or all rows the list's filter finds) is read
 * first, then up to BULK_INLINE_MAX rows are changed in the request (200, the finished run) and more
 * go on as a job (202, the run to poll at GET /api/bulk-runs/:runId). Rows are changed one by one
 * through `apply`, so each keeps the checks, audit and history of a single edit.
 */
export function registerBulkAction<Q extends { page?: number; perPage?: number }, P>(
  app: FastifyInstance,
  def: BulkAction<Q, P>,
): void {
  // One registry for every app in the process (tests start several): the same action, the same definition.
  actions.set(def.action, def as AnyAction);
  app.withTypeProvider<ZodTypeProvider>().post(
    def.path,
    {
      config: { access: def.access },
      schema: {
        tags: def.tags,
        summary: def.summary,
        description:
          `The selection is the ticked ids (at most 1,000) or all rows the list's query finds (at most ${BULK_MAX}). ` +
          `Up to ${BULK_INLINE_MAX} rows answer 200 with the finished run; more answer 202 and run as a job (poll GET /api/bulk-runs/:runId). ` +
          'Each row goes through the same checks as a single edit; refused rows are listed in `skipped` with their error code.',
        querystring: noQuery,
        body: bulkBodySchema(def.params),
        response: { 200: bulkRunEnvelope, 202: bulkRunEnvelope },
      },
    },
    async (req, reply) => {
      const ctx = req.ctx;
      const accountId = signedInAccountId(ctx.actor);
      if (accountId === null) throw new AppError('UNAUTHENTICATED');
      const body = req.body as { selection: BulkSelection; params: P };
      const ids = await selectionIds(ctx, def as BulkAction<Q, unknown>, body.selection);
      const [run] = await ctx.db.orm
        .insert(bulkRuns)
        .values({
          action: def.action,
          params: (body.params ?? {}) as object,
          ids,
          total: ids.length,
          createdBy: accountId,
          sessionHash: ctx.session?.idHash ?? null,
        })
        .returning();
      if (!run) throw new AppError('INTERNAL');
      if (ids.length <= BULK_INLINE_MAX) return reply.status(200).send({ data: toRun(await work(ctx, run)) });
      await ctx.jobs.send(BULK_JOB, { runId: run.id });
      return reply.status(202).send({ data: toRun(run) });
    },
  );
}

/** GET /api/bulk-runs/:runId: one's own run (another person's is a 404). */
export async function getBulkRun(ctx: Ctx, runId: number): Promise<BulkRun> {
  const accountId = signedInAccountId(ctx.actor);
  const [row] = await ctx.db.orm
    .select()
    .from(bulkRuns)
    .where(and(eq(bulkRuns.id, runId), eq(bulkRuns.createdBy, accountId ?? -1)));
  if (!row) throw new AppError('BULK_RUN_NOT_FOUND');
  return toRun(row);
}

/**
 * The job for big runs: it acts as the session that started the run (so the same person, with the
 * permissions they have now), and stops, marked failed, when that session has ended.
 */
export function registerBulkJobs(p: Platform, log: FastifyBaseLogger): void {
  p.jobs.register<{ runId?: unknown }>(BULK_JOB, async (data) => {
    const runId = Number(data?.runId);
    if (!Number.isInteger(runId) || runId <= 0) return;
    const [run] = await p.db.orm.select().from(bulkRuns).where(eq(bulkRuns.id, runId));
    if (run?.status !== 'running') return;
    const session = run.sessionHash ? await p.sessions.loadByHash(run.sessionHash, null, p.clock()) : null;
    if (session?.actor.kind !== 'employee' || session.accountId !== run.createdBy) {
      await p.db.orm.update(bulkRuns).set({ status: 'failed', finishedAt: p.clock() }).where(eq(bulkRuns.id, runId));
      return;
    }
    const ctx: Ctx = {
      ...p,
      actor: session.actor,
      requestId: `bulk-${runId}`,
      log: log.child({ bulkRun: runId }),
      ip: '',
      userAgent: undefined,
      session,
    };
    try {
      await work(ctx, run);
    } catch (err) {
      log.error({ err, runId }, 'bulk run failed');
      await p.db.orm
        .update(bulkRuns)
        .set({ status: 'failed', finishedAt: p.clock() })
        .where(and(eq(bulkRuns.id, runId), sql`${bulkRuns.status} = 'running'`));
    }
  });
}
