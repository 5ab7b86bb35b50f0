import { type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** A query's values as the builder sees them: the values themselves, or placeholders for them. */
export type Params<V> = { [K in keyof V]: V[K] | Placeholder<Extract<K, string>> };

/** What a Drizzle query builder offers: awaiting it runs it, prepare() names it. */
interface Buildable<R> extends PromiseLike<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}

/**
 * A hot read (PERFORMANCE.md G3) as a named statement. The builder writes the query once, with
 * the scope it is given ANDed in; the helper runs it one of two ways:
 *
 * - for an actor who sees every row of the aggregate (staff with its right: `inReach` is null),
 *   the query is built once per database and shape with placeholders, prepared under its name and
 *   executed with the values: no SQL is built per request, and PostgreSQL parses and plans it
 *   once per connection instead of on every call (about half the time of a 20-row list, measured
 *   in bench/ with `--projects`);
 * - for a portal view (a company user, an employee acting as one), whose scope carries its company,
 *   the query is built with the values and that scope, and run as any other.
 *
 * ```ts
 * const areaTasks = namedQuery('tasks_of_area', (db, v: Params<{ projectId: number; areaId: number }>, inReach) =>
 *   db.select(cols).from(tasks).where(and(eq(tasks.projectId, v.projectId), eq(tasks.areaId, v.areaId), inReach)));
 * const rows = await areaTasks.run(db, { projectId, areaId }, scope.seesAllProjects(actor) ? null : scope.area(actor, …));
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
