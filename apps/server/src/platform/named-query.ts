import { createHash } from 'node:crypto';
import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../db/client';

/** A query's values as the builder sees them: the values themselves, or placeholders for them. */
export type Params<V> = { [K in keyof V]: V[K] | Placeholder<Extract<K, string>> };

/** What a Drizzle query builder offers: awaiting it runs it, prepare() names it. */
interface Buildable<R> extends PromiseLike<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/**
 * A hot read (G3) as a named statement. The builder writes the query once, with
 * the scope it is given ANDed in; the helper runs it one of two ways:
 *
 * - for an actor who sees every row of the aggregate (staff with its right: `inReach` is null),
 *   the query is built once per database and shape with placeholders, prepared under its name and
 *   executed with the values: no SQL is built per request, and PostgreSQL parses and plans it
 *   once per connection instead of on every call (about half the time of a 20-row list, measured
 *   in bench/ with `--projects`);
 * - for a portal view (a company user, an employee acting as one), whose scope carries its company,
 *   the query is built with the values and that scope, and run as any other (a portal list that
 *   is hot is written for namedSql below instead).
 *
 * ```ts
 * const areaTasks = namedQuery('tasks_of_area', (db, v: Params<{ projectId: number; areaId: number }>, inReach) =>
 *   db.select(cols).from(tasks).where(and(eq(tasks.projectId, v.projectId), eq(tasks.areaId, v.areaId), inReach)));
 * const rows = await areaTasks.run(db, { projectId, areaId }, scope.areaOrAll(actor, tasks.projectId, tasks.areaId));
 * ```
 *
 * A builder whose text depends on the request (a filter that is there or not, a sort) passes that
 * as `shape`; `shapeKey` turns it into a stable suffix of the statement's name, so each shape is
 * its own statement. Keep shapes few: every one is a statement on every connection.
 */
export function namedQuery<V extends object, R, S = undefined>(
  name: string,
  build: (db: DbOrTx, values: Params<V>, inReach: SQL, shape: S) => Buildable<R>,
  shapeKey: (shape: S) => string = () => '',
) {
  const prepared = new WeakMap<DbOrTx, Map<string, ReturnType<Buildable<R>['prepare']>>>();
  const placeholders = new Proxy({} as Params<V>, { get: (_, key) => sql.placeholder(String(key)) });
  const everything = sql`true`;
  return {
    /** inReach: the actor's scope, or null when the actor sees every row (then it runs by name). */
    run(db: DbOrTx, values: V, inReach: SQL | null, ...[shape]: S extends undefined ? [] : [S]): Promise<R> {
      if (inReach) return Promise.resolve(build(db, values, inReach, shape as S));
      const key = shapeKey(shape as S);
      let forDb = prepared.get(db);
      if (!forDb) {
        forDb = new Map();
        prepared.set(db, forDb);
      }
      let statement = forDb.get(key);
      if (!statement) {
        statement = build(db, placeholders, everything, shape as S).prepare(key ? `${name}_${key}` : name);
        forDb.set(key, statement);
      }
      return statement.execute(values as Record<string, unknown>);
    },
  };
}

const dialect = new PgDialect();
const statementNames = new Map<string, string>();

/**
 * A hand-written hot read whose scope carries the caller's company (a portal list), run as a
 * named statement: PostgreSQL (and PGlite) parse and plan it once per connection instead of on
 * every call. The scope's long EXISTS/IN text took longer to plan than to run (about 1 ms of
 * planning against 0.2-0.8 ms of execution for the portal's company products, measured with
 * EXPLAIN on bench/portal.ts's data). The statement's name is `name` plus a digest of its text, so
 * every shape of the query (a filter there or not) is its own statement; keep shapes few, and
 * keep values in parameters (intArray, JSON), never in the text. A paged statement writes its
 * page size as text and its offset as `OFFSET (SELECT $n::int)`: otherwise its generic plan looks
 * dearer than the custom ones and PostgreSQL goes on planning it on every call.
 */
export function namedSql<T>(db: Database, name: string, q: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(q);
  let full = statementNames.get(text);
  if (!full) {
    // Letters only: PGlite's PREPARE names are checked against /^[a-z_]+$/.
    const digest = [...createHash('sha256').update(text).digest().subarray(0, 6)]
      .map((b) => String.fromCharCode(97 + (b % 26)))
      .join('');
    full = `${name}_${digest}`;
    statementNames.set(text, full);
  }
  return db.raw.query<T>(text, params, full);
}
