import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../../src/db/client';

/**
 * Counts the SQL statements sent to a test database, for "no N+1" tests: a list answers with
 * the same number of statements for 5 rows as for 50.
 *
 * ```ts
 * await manager.get(url); // warm up: the session's first load may write last_seen_at
 * const { count, statements } = await countQueries(tdb.db, () => manager.get(url));
 * ```
 *
 * Every statement the application sends is counted, on both drivers alike: the guard's session
 * load, BEGIN and COMMIT (or ROLLBACK) of a transaction, each drizzle query. On PGlite the
 * instance's `query`, `exec` and `transaction` are wrapped (a transaction's own statements never
 * pass through the instance's `query`); on PostgreSQL every pooled client's `query`, which
 * `pool.query` also goes through. The wrappers stay installed (a few function calls); they only
 * record while a count runs. Work that is not the request's (an analytics flush, a job) is
 * counted too if it runs meanwhile, so tests measure requests that start none; only the session
 * store's timed last-seen write and the analytics buffer's timed insert are left out, as no test
 * can keep them from running.
 */
export async function countQueries<T>(
  db: Database,
  fn: () => Promise<T>,
): Promise<{ result: T; count: number; statements: string[] }> {
  const listeners = tap(db);
  const statements: string[] = [];
  const listener = (text: string) => {
    if (!isBackgroundTouch(text)) statements.push(text);
  };
  listeners.add(listener);
  try {
    const result = await fn();
    return { result, count: statements.length, statements };
  } finally {
    listeners.delete(listener);
  }
}

/**
 * Writes that timers send whatever request is running, never a request's own statement, so not
 * counted: the session store's batched last-seen write (every 5 s, session-store.ts
 * flushTouches) and the analytics buffer's batched insert (every 200 ms: the login event of a
 * sign-in just before the counted request lands in its window on a slow machine).
 */
function isBackgroundTouch(text: string): boolean {
  const t = text.trimStart();
  // On PGlite the named statements arrive as EXECUTE of what was prepared (db/client.ts).
  return (
    (t.startsWith('WITH x AS (SELECT * FROM unnest') && t.includes('UPDATE sessions s SET last_seen_at = x.t')) ||
    t.startsWith('INSERT INTO analytics_events') ||
    t.startsWith('EXECUTE session_touch_batch') ||
    t.startsWith('EXECUTE analytics_insert_json')
  );
}

type Listener = (text: string) => void;
const taps = new WeakMap<Database, Set<Listener>>();

/** Installs the wrappers once per database; answers the set of listeners they report to. */
function tap(db: Database): Set<Listener> {
  let listeners = taps.get(db);
  if (listeners) return listeners;
  const set = new Set<Listener>();
  listeners = set;
  taps.set(db, set);
  const report = (text: string) => {
    for (const l of set) l(text);
  };
  if (db.pglite) tapPglite(db.pglite, report);
  else if (db.pool) tapPool(db.pool, report);
  else throw new Error('countQueries: the database has neither a PGlite nor a pool');
  return set;
}

function tapPglite(lite: PGlite, report: Listener): void {
  const query = lite.query.bind(lite);
  const exec = lite.exec.bind(lite);
  const transaction = lite.transaction.bind(lite);
  lite.query = reporting(report, query) as typeof lite.query;
  lite.exec = reporting(report, exec) as typeof lite.exec;
  lite.transaction = (<R>(fn: (tx: Transaction) => Promise<R>) => {
    report('BEGIN');
    return transaction(async (tx) => {
      const counted: Transaction = Object.create(tx, {
        query: { value: reporting(report, tx.query) },
        exec: { value: reporting(report, tx.exec) },
      });
      try {
        const r = await fn(counted);
        report('COMMIT');
        return r;
      } catch (err) {
        report('ROLLBACK');
        throw err;
      }
    });
  }) as typeof lite.transaction;
}

/** fn, reporting its first argument (the SQL text) before each call. */
function reporting(report: Listener, fn: (...a: never[]) => unknown): (text: string, ...rest: unknown[]) => unknown {
  const call = fn as (...a: unknown[]) => unknown;
  return (text, ...rest) => {
    report(text);
    return call(text, ...rest);
  };
}

const tappedClients = new WeakSet<pg.PoolClient>();

function tapPool(pool: pg.Pool, report: Listener): void {
  // pool.query checks a client out and calls its query, so wrapping clients counts both paths once.
  pool.on('acquire', (client: pg.PoolClient) => {
    if (tappedClients.has(client)) return;
    tappedClients.add(client);
    const query = client.query.bind(client) as (...a: unknown[]) => unknown;
    (client as { query: unknown }).query = (arg: unknown, ...rest: unknown[]) => {
      report(typeof arg === 'string' ? arg : String((arg as { text?: unknown } | null)?.text ?? arg));
      return query(arg, ...rest);
    };
  });
}
