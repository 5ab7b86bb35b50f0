import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client';
import { signedInAccountId } from './actor';
import type { Clock } from './clock';
import { AppError } from './errors';

/** The header a client sends with a write it may have to repeat (the field app's queue). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** A key: 8 to 200 letters, digits and `-_.:` (a UUID fits; so does the table's CHECK). */
const KEY = /^[A-Za-z0-9_.:-]{8,200}$/;
/**
 * A first request that never stored its answer (its process died) blocks its key this long; after
 * that a repeat takes the key over and does the work. Well above any request's duration.
 */
export const ABANDONED_AFTER_MS = 10 * 60_000;
/** Answers are kept a week: a phone offline for days still gets its stored answer. The daily job removes older rows. */
export const KEEP_ANSWERS_MS = 7 * 24 * 3_600_000;
/** How soon a repeat that met a request still being handled should try again. */
const IN_PROGRESS_RETRY_SECONDS = 2;

interface StoredRow {
  method: string;
  path: string;
  status: number | null;
  body: unknown;
}

interface Claim {
  accountId: number;
  key: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route honours Idempotency-Key (platform/idempotency.ts): a repeat with the same key gets
     * the first answer again instead of doing the write twice.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency: Claim | null;
  }
}

/** The idempotency_keys table: one row per account and key, pending (status NULL) until the first answer is stored. */
export class IdempotencyStore {
  constructor(private readonly db: Database) {}

  /**
   * Claims the key for this request: true when this request is the first (a pending row is
   * written), or when it takes over a pending row of the same request that was abandoned.
   */
  async claim(c: Claim, method: string, path: string, now: Date): Promise<boolean> {
    const rows = await this.db.raw.query<{ key: string }>(
      `INSERT INTO idempotency_keys (account_id, key, method, path, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (account_id, key) DO UPDATE SET created_at = EXCLUDED.created_at
         WHERE idempotency_keys.status IS NULL AND idempotency_keys.created_at < $6
           AND idempotency_keys.method = EXCLUDED.method AND idempotency_keys.path = EXCLUDED.path
       RETURNING key`,
      [c.accountId, c.key, method, path, now, new Date(now.getTime() - ABANDONED_AFTER_MS)],
      'idempotency_claim',
    );
    return rows.length === 1;
  }

  async find(c: Claim): Promise<StoredRow | null> {
    const rows = await this.db.raw.query<StoredRow>(
      'SELECT method, path, status, body FROM idempotency_keys WHERE account_id = $1 AND key = $2',
      [c.accountId, c.key],
      'idempotency_find',
    );
    return rows[0] ?? null;
  }

  /** Stores the answer of the claimed request (the body as the JSON text that was sent). */
  async answer(c: Claim, status: number, body: string): Promise<void> {
    await this.db.raw.query(
      'UPDATE idempotency_keys SET status = $3, body = $4::jsonb WHERE account_id = $1 AND key = $2 AND status IS NULL',
      [c.accountId, c.key, status, body],
      'idempotency_answer',
    );
  }

  /** Gives the key back: the request did nothing lasting (a 5xx, a rate limit), so a repeat must do it. */
  async release(c: Claim): Promise<void> {
    await this.db.raw.query(
      'DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND status IS NULL',
      [c.accountId, c.key],
      'idempotency_release',
    );
  }

  /** Removes the rows older than KEEP_ANSWERS_MS (the daily job); returns how many. */
  async purge(now: Date): Promise<number> {
    const rows = await this.db.raw.query<{ n: number }>(
      'WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
      [new Date(now.getTime() - KEEP_ANSWERS_MS)],
    );
    return rows[0]?.n ?? 0;
  }
}

/**
 * An answer that must not be kept for a repeat: the server failed or was busy (5xx), the caller
 * was throttled (429), or the key itself was the problem. The repeat then does the work.
 */
const notKept = (status: number) => status >= 500 || status === 429;

/**
 * Idempotency-Key on the routes that declare `config.idempotent` (the field app's writes: booking
 * hours, an overnight stay, a declaration, an upload). Runs after the guard, so the key belongs to
 * the signed-in account (keys are per account) and a refused caller never writes a row:
 *
 * - the first request with a key writes a pending row (INSERT ... ON CONFLICT DO NOTHING), is
 *   handled, and its status and body are stored before the answer leaves;
 * - a repeat with the same key gets the stored answer (same status, same body, header
 *   `Idempotency-Replayed: true`) and nothing is done again;
 * - a repeat while the first is still being handled: 409 IDEMPOTENCY_IN_PROGRESS with Retry-After;
 * - the same key on another method or path: 422 IDEMPOTENCY_KEY_REUSED.
 *
 * Without the header a route behaves as before.
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, opts: { store: IdempotencyStore; clock: Clock }) => {
  const { store, clock } = opts;
  app.decorateRequest('idempotency', null);

  const claimKey = async (req: FastifyRequest, reply: FastifyReply) => {
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    if (typeof raw !== 'string' || !KEY.test(raw)) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'Idempotency-Key must be 8 to 200 letters, digits or -_.:',
        fieldErrors: { 'Idempotency-Key': { code: 'invalid_format' } },
      });
    }
    const accountId = signedInAccountId(req.ctx.actor);
    if (accountId === null) return;
    const claim = { accountId, key: raw };
    if (await store.claim(claim, req.method, req.url, clock())) {
      req.idempotency = claim;
      return;
    }
    const stored = await store.find(claim);
    if (stored && (stored.method !== req.method || stored.path !== req.url)) {
      throw new AppError('IDEMPOTENCY_KEY_REUSED', {
        message: `This Idempotency-Key was used for ${stored.method} ${stored.path}; send a new key`,
      });
    }
    if (!stored || stored.status === null) {
      throw new AppError('IDEMPOTENCY_IN_PROGRESS', {
        headers: { 'retry-after': String(IN_PROGRESS_RETRY_SECONDS) },
        details: { retryAfter: IN_PROGRESS_RETRY_SECONDS },
      });
    }
    req.log.info({ event: 'idempotency.replayed', status: stored.status }, 'repeat answered with the stored answer');
    return reply
      .code(stored.status)
      .header('idempotency-replayed', 'true')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(stored.body));
  };

  // The answer is stored before it leaves, so a client that got it and repeats gets it again.
  const storeAnswer = async (req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    try {
      if (notKept(reply.statusCode) || typeof payload !== 'string') await store.release(claim);
      else await store.answer(claim, reply.statusCode, payload === '' ? 'null' : payload);
    } catch (err) {
      // The key stays pending: a repeat gets 409 until ABANDONED_AFTER_MS, then does the work.
      req.log.error({ err, event: 'idempotency.store-failed' }, 'the answer of an idempotent request was not stored');
    }
    return payload;
  };

  // Only on the routes that declare it: every other request pays nothing for the feature. The
  // route's own hooks (if any) run after these, as they would after app-wide hooks.
  app.addHook('onRoute', (route) => {
    if ((route.config as { idempotent?: unknown } | undefined)?.idempotent !== true) return;
    const own = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
    route.preHandler = [claimKey, ...own(route.preHandler)];
    route.onSend = [storeAnswer, ...own(route.onSend)] as typeof route.onSend;
  });
});
