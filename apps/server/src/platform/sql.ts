// Generic SQL helpers every repository may use: hand-written statements, array parameters,
// LIKE escaping, advisory locks and retries on serialization failures.
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { pgCode } from './errors';

/** Runs a hand-written statement and answers its rows (node-postgres and PGlite both put them in `rows`). */
export async function query<T>(db: DbOrTx, q: SQL): Promise<T[]> {
  const res = await db.execute(q);
  return (res as unknown as { rows: T[] }).rows;
}

/**
 * An int[] parameter. Drizzle's sql template spreads a JS array into a list of parameters, so the
 * ids travel as one array literal instead: still a bound parameter, and only integers reach it.
 */
export function intArray(ids: readonly number[]): SQL {
  const safe = ids.map((n) => {
    if (!Number.isInteger(n)) throw new Error('not an integer id');
    return n;
  });
  return sql`${`{${safe.join(',')}}`}::int[]`;
}

/**
 * Advisory lock classes (the first key of the two-int form; the second key is the scope), kept in
 * one list so two features never pick the same class.
 */
export const LOCK_PRODUCT_ORDER = 3_101;
export const LOCK_PRODUCT_SLUG = 3_102;
/** One template application at a time per project (key: the project id). */
export const LOCK_TEMPLATE_APPLY = 3_201;
/** One refresh of the analytics figures at a time (key: 1). */
export const LOCK_ANALYTICS_ROLLUP = 3_301;
/** One planner save per person at a time, so a double booking is always seen (key: the employee id). */
export const LOCK_PLANNER_PERSON = 3_401;

/**
 * Takes a transaction-scoped advisory lock. Callers take them in one global order (overall order,
 * slugs, categories by id) and before any row lock, so two transactions never wait on each other
 * in a circle.
 */
export async function advisoryLock(db: DbOrTx, cls: number, key: number): Promise<void> {
  await db.execute(sql`SELECT pg_advisory_xact_lock(${cls}::int, ${key}::int)`);
}

const RETRYABLE = new Set(['40001', '40P01']);

/** Runs fn again (at most 3 times in all) when PostgreSQL gives up on it for a serialization failure or a deadlock. */
export async function withRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const code = pgCode(err);
      if (attempt >= 3 || !code || !RETRYABLE.has(code)) throw err;
    }
  }
}

/** Escapes LIKE wildcards so a search for "50%" looks for the text "50%". */
export function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
