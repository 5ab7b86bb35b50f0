import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Orm = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: repositories accept both. */
export type DbOrTx = Orm | Tx;

/** The driver underneath, for the few hot paths that run hand-written SQL as named statements. */
export interface RawClient {
  query<R = Record<string, unknown>>(text: string, values?: unknown[], name?: string): Promise<R[]>;
  /** Runs several statements without parameters (migrations, pg-boss DDL). */
  exec(text: string): Promise<void>;
}

export interface Database {
  driver: 'pg' | 'pglite';
  orm: Orm;
  raw: RawClient;
  /** A client that holds one connection for fn (advisory locks that must outlive a statement). */
  withConnection<T>(fn: (client: RawClient) => Promise<T>): Promise<T>;
  /**
   * The same database bound to one connection for fn: orm, raw and withConnection all run on it,
   * so a session-level advisory lock taken there covers everything fn does (start-up).
   */
  withSession<T>(fn: (db: Database) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Follows a notification channel (LISTEN) until the returned function is called. On PostgreSQL a
   * connection of its own listens, and is opened again after it is lost (a database restart);
   * `listening` says when notifications can arrive and when they may have been missed. A change
   * made through this database is heard before the statement that made it returns: on PGlite the
   * notification comes first, on PostgreSQL a trigger that notifies also raises the NOTICE
   * `notify:<channel>[:<payload>]` on the writing connection (NOTIFY itself reaches the listening
   * connection only after the commit, a moment later). The same change may so be told twice.
   */
  listen(channel: string, listener: ChannelListener): () => Promise<void>;
  /** The PGlite instance, when that is the driver (tests clone it). */
  pglite?: PGlite;
  pool?: pg.Pool;
}

// timestamptz and timestamp arrive as Date; int8 (counts) as number: our counts stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/** What listen() tells: every notification, and whether notifications arrive at all. */
export interface ChannelListener {
  notified(payload: string): void;
  /**
   * true once LISTEN is in place, and again after every reconnection; false as soon as the
   * connection that listens is lost (notifications sent meanwhile are lost with it).
   */
  listening(on: boolean): void;
}

const CHANNEL_NAME = /^[a-z_]{1,63}$/;
/** The NOTICE a notifying trigger raises on the writer's own connection (migration 0030). */
const NOTICE_PREFIX = 'notify:';
/** The listening connection's wait before it connects again: doubled per failure up to the maximum. */
const LISTEN_RETRY_MS = { first: 250, max: 10_000 };

/** Where a lost connection is reported; pino's and Fastify's loggers fit. */
export interface DatabaseLog {
  warn(obj: object, msg: string): void;
}

export interface DatabaseOptions {
  url?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** A PGlite to use as is (tests pass an in-memory clone). */
  pglite?: PGlite;
  applicationName?: string;
  /** Told once per connection that fails; without it such failures stay quiet. */
  log?: DatabaseLog;
  /**
   * How long a statement waits for a row or table lock before it fails (SQLSTATE 55P03, answered
   * 503 with Retry-After): one hot row must not hold every connection of the pool. 0 waits for
   * ever (the migrations' own connection). PostgreSQL only; PGlite is one session.
   */
  lockTimeoutMs?: number;
}

/** The lock wait of the app's connections unless told otherwise (DATABASE_LOCK_TIMEOUT_MS). */
export const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

/**
 * A PGlite with the extensions the migrations use (pg_trgm for article search). Everything that
 * makes a PGlite (the app, tests, benchmarks) goes through here.
 */
export function createPglite(dataDir?: string, opts: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), ...opts, extensions: { pg_trgm } });
}

/** Opens PostgreSQL when a URL is given, else PGlite under dataDir (or in memory for 'memory://'). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url)
    return openPg(
      opts.url,
      opts.poolSize ?? 10,
      opts.applicationName ?? 'outfitting',
      opts.log,
      opts.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
    );
  let lite = opts.pglite;
  if (!lite) {
    const dir = opts.dataDir ?? 'memory://';
    if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
    lite = await createPglite(dir);
  }
  return wrapPglite(lite);
}

const rowsOf = (res: pg.QueryResult) => res.rows;

function openPg(
  url: string,
  poolSize: number,
  applicationName: string,
  log: DatabaseLog | undefined,
  lockTimeoutMs: number,
): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    application_name: applicationName,
    // Set on every connection when it opens (a startup parameter, no extra round trip).
    ...(lockTimeoutMs > 0 ? { options: `-c lock_timeout=${Math.round(lockTimeoutMs)}` } : {}),
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A dropped connection must not crash the process; the next query gets a fresh one (O5). The
  // pool only listens on idle clients: a client that is checked out (a transaction between its
  // statements, withConnection) emits 'error' on itself, and an EventEmitter 'error' without a
  // listener ends the process. So every client gets a listener of its own for its whole life.
  // The query in flight is rejected by the driver anyway, and pg-pool drops a client that is no
  // longer queryable when it is released, so nothing else is needed to recover.
  const reported = new WeakSet<object>();
  const onError = (err: Error, client: object | undefined) => {
    // One termination arrives as up to three events (the FATAL message, the socket's end, the
    // pool's idle listener): one warning per connection is enough.
    if (client) {
      if (reported.has(client)) return;
      reported.add(client);
    }
    const code = (err as { code?: unknown }).code;
    log?.warn(
      { event: 'db.connection-lost', code: typeof code === 'string' ? code : undefined, error: err.message },
      'a database connection failed; the pool opens a new one for the next query',
    );
  };
  // Listeners by channel, told of a NOTICE from a notifying trigger on any pooled connection.
  const noticed = new Map<string, Set<ChannelListener>>();
  const onNotice = (msg: { message?: string }) => {
    const text = msg.message;
    if (text === undefined || !text.startsWith(NOTICE_PREFIX)) return;
    // notify:<channel> or notify:<channel>:<payload>
    const rest = text.slice(NOTICE_PREFIX.length);
    const colon = rest.indexOf(':');
    const channel = colon === -1 ? rest : rest.slice(0, colon);
    const payload = colon === -1 ? '' : rest.slice(colon + 1);
    const listeners = noticed.get(channel);
    if (listeners) for (const l of listeners) l.notified(payload);
  };
  pool.on('connect', (client) => {
    client.on('error', (err) => onError(err, client));
    client.on('notice', onNotice);
  });
  pool.on('error', (err, client) => onError(err, client));
  const wrap = (c: pg.Pool | pg.PoolClient): RawClient => ({
    // A then() rather than an async function: one promise less on every request's session read (G1).
    query<R>(text: string, values?: unknown[], name?: string): Promise<R[]> {
      return c.query(name ? { name, text, values: values ?? [] } : { text, values: values ?? [] }).then(rowsOf) as Promise<R[]>;
    },
    async exec(text) {
      await c.query(text);
    },
  });
  // A client whose work failed is closed rather than pooled: a lost connection must not be handed
  // out again, and one whose session state is unknown (an advisory lock an aborted fn never
  // released) must not leak it to the next borrower.
  const withClient = async <T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    let failure: Error | undefined;
    try {
      return await fn(client);
    } catch (err) {
      failure = err instanceof Error ? err : new Error(String(err));
      throw err;
    } finally {
      client.release(failure);
    }
  };
  const db: Database = {
    driver: 'pg',
    orm: transactionsThrough(drizzlePg(pool, { schema }), withClient) as unknown as Orm,
    raw: wrap(pool),
    withConnection: (fn) => withClient((client) => fn(wrap(client))),
    withSession: (fn) =>
      withClient((client) => {
        const raw = wrap(client);
        const session: Database = {
          driver: 'pg',
          orm: drizzlePg(client, { schema }) as unknown as Orm,
          raw,
          // Already on one connection: nested calls stay on it (advisory locks are re-entrant per session).
          withConnection: (inner) => inner(raw),
          withSession: (inner) => inner(session),
          close: () => Promise.reject(new Error('close the database, not a session of it')),
          listen: (channel, listener) => db.listen(channel, listener),
          pool,
        };
        return fn(session);
      }),
    close: () => closePool(pool, log),
    listen: (channel, listener) => {
      const stop = listenPg(url, applicationName, channel, listener, log);
      let set = noticed.get(channel);
      if (!set) {
        set = new Set();
        noticed.set(channel, set);
      }
      set.add(listener);
      return () => {
        noticed.get(channel)?.delete(listener);
        return stop();
      };
    },
    pool,
  };
  return db;
}

/**
 * LISTEN on a client outside the pool (a pooled connection would be handed to other work). A lost
 * connection says listening(false) at once and is replaced with a growing pause; a failed attempt
 * is reported like a pool connection's, once per connection.
 */
function listenPg(
  url: string,
  applicationName: string,
  channel: string,
  listener: ChannelListener,
  log: DatabaseLog | undefined,
): () => Promise<void> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let wait = LISTEN_RETRY_MS.first;
  const lost = (client: pg.Client, err?: Error) => {
    if (current !== client) return;
    current = null;
    listener.listening(false);
    client.end().catch(() => {});
    if (stopped) return;
    if (err) {
      log?.warn(
        { event: 'db.listen-lost', channel, error: err.message },
        `the connection listening on ${channel} failed; connecting again in ${wait} ms`,
      );
    }
    timer = setTimeout(connect, wait);
    timer.unref();
    wait = Math.min(wait * 2, LISTEN_RETRY_MS.max);
  };
  const connect = () => {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url, application_name: `${applicationName}-listen` });
    current = client;
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client, new Error('connection ended')));
    client.on('notification', (n) => {
      if (current === client && n.channel === channel) listener.notified(n.payload ?? '');
    });
    client
      .connect()
      .then(() => client.query(`LISTEN ${channel}`))
      .then(() => {
        if (current !== client) return;
        wait = LISTEN_RETRY_MS.first;
        listener.listening(true);
      })
      .catch((err: Error) => lost(client, err));
  };
  connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = null;
    if (client) {
      listener.listening(false);
      await client.end().catch(() => {});
    }
  };
}

type PoolOrm = ReturnType<typeof drizzlePg<typeof schema>>;

/**
 * The pool's Drizzle instance, with its transactions run on a connection from withClient.
 * Drizzle's own transaction on a pool sends BEGIN before its try block, so a connection that
 * was cut while idle in the pool (a database restart) failed on BEGIN and was never given back:
 * after a few restarts the pool had fewer connections, and closing it waited for ever (found by
 * the fault suite). Here the connection is always released, and closed when the work failed.
 */
function transactionsThrough(orm: PoolOrm, withClient: <T>(fn: (client: pg.PoolClient) => Promise<T>) => Promise<T>): PoolOrm {
  const internals = orm as unknown as { dialect: ConstructorParameters<typeof NodePgSession>[1] };
  const relational = { fullSchema: orm._.fullSchema, schema: orm._.schema, tableNamesMap: orm._.tableNamesMap };
  const transaction: PoolOrm['transaction'] = (work, config) =>
    withClient((client) =>
      // On one client (not a pool) Drizzle's session runs BEGIN ... COMMIT on that client.
      new NodePgSession(client, internals.dialect, relational as never, {}).transaction(work as never, config),
    );
  return Object.assign(orm, { transaction });
}

/** How long closing the pool waits for connections still checked out (the shutdown has its own deadline). */
const CLOSE_WAIT_MS = 2_000;

/**
 * Ends the pool: waits for the connections still in use, at most CLOSE_WAIT_MS, then says which
 * were still out and returns (the process is exiting; their sockets close with it). pool.end()
 * alone waits for ever for a connection that is never given back.
 */
async function closePool(pool: pg.Pool, log: DatabaseLog | undefined): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    pool.end().then(() => true),
    new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSE_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  if (ended) return;
  const clients = (
    pool as unknown as {
      _clients: { _queryable?: boolean; _ending?: boolean; _connected?: boolean; activeQuery?: { text?: string } | null }[];
    }
  )._clients;
  log?.warn(
    {
      event: 'db.close-timeout',
      total: pool.totalCount,
      idle: pool.idleCount,
      clients: clients.map((c) => ({
        queryable: c._queryable,
        ending: c._ending,
        connected: c._connected,
        query: c.activeQuery?.text?.slice(0, 80) ?? null,
      })),
    },
    `connections still in use after ${CLOSE_WAIT_MS} ms; closing without them`,
  );
}

/**
 * A SQL literal for EXECUTE on PGlite, which cannot bind parameters to EXECUTE. Only plain values
 * are accepted, and strings are quoted the standard way (quotes doubled; standard_conforming_strings
 * is on, checked before this path is used), so a value can never end the literal early.
 */
export function sqlLiteral(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new Error('not a finite number');
    return String(v);
  }
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (typeof v === 'string') return quote(v);
  if (Array.isArray(v)) return quote(`{${v.map(arrayElement).join(',')}}`);
  throw new Error(`no literal for ${typeof v}`);
}

function quote(s: string): string {
  if (s.includes('\0')) throw new Error('NUL in a string');
  return `'${s.replaceAll("'", "''")}'`;
}

function arrayElement(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  const text =
    v instanceof Date
      ? v.toISOString()
      : typeof v === 'string'
        ? v
        : typeof v === 'number' && Number.isFinite(v)
          ? String(v)
          : null;
  if (text === null) throw new Error('unsupported array element');
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

function wrapPglite(lite: PGlite): Database {
  // PGlite has no named statements in its API; a hot query given a name is PREPAREd once and then
  // EXECUTEd with literal arguments (EXECUTE takes no bind parameters), which saves the parse and
  // plan in WebAssembly on every call. A statement that cannot be prepared runs as a plain query.
  const prepared = new Map<string, Promise<boolean>>();
  let canPrepare: Promise<boolean> | null = null;
  const prepare = (name: string, text: string): Promise<boolean> => {
    canPrepare ??= lite
      .query<{ standard_conforming_strings: string }>('SHOW standard_conforming_strings')
      .then((r) => r.rows[0]?.standard_conforming_strings === 'on')
      .catch(() => false);
    let p = prepared.get(name);
    if (!p) {
      p = canPrepare.then((ok) =>
        ok
          ? lite.exec(`PREPARE ${name} AS ${text}`).then(
              () => true,
              () => false,
            )
          : false,
      );
      prepared.set(name, p);
    }
    return p;
  };
  const raw: RawClient = {
    async query(text, values, name) {
      const params = values ?? [];
      if (name && /^[a-z_]+$/.test(name) && (await prepare(name, text))) {
        const args = params.length ? `(${params.map(sqlLiteral).join(', ')})` : '';
        const res = await lite.query(`EXECUTE ${name}${args}`);
        return res.rows as never[];
      }
      const res = await lite.query(text, params);
      return res.rows as never[];
    },
    async exec(text) {
      await lite.exec(text);
    },
  };
  const db: Database = {
    driver: 'pglite',
    orm: drizzlePglite(lite, { schema }) as unknown as Orm,
    raw,
    withConnection: (fn) => fn(raw),
    // PGlite is one session already.
    withSession: (fn) => fn(db),
    close: () => lite.close(),
    listen: (channel, listener) => listenPglite(lite, channel, listener),
    pglite: lite,
  };
  return db;
}

/** PGlite is this process: a notification arrives as soon as its transaction commits, and never goes missing. */
function listenPglite(lite: PGlite, channel: string, listener: ChannelListener): () => Promise<void> {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  const unlisten = lite
    .listen(channel, (payload) => {
      if (!stopped) listener.notified(payload);
    })
    .then((stop) => {
      if (!stopped) listener.listening(true);
      return stop;
    });
  return async () => {
    if (stopped) return;
    stopped = true;
    listener.listening(false);
    const stop = await unlisten.catch(() => null);
    if (stop && !lite.closed) await stop().catch(() => {});
  };
}
