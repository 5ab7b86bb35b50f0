/**
 * Recognises "the database is not there right now": a restart, a terminated backend, a refused
 * or timed-out connect. Such a failure says nothing about the request, so it answers 503 with
 * Retry-After instead of 500, and the pool replaces the connection on the next checkout.
 * Pure (no driver import) so platform/errors.ts can use it without loading the database client.
 */

/** Seconds a client is asked to wait before retrying after the database was unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

// 57P01 admin_shutdown (also pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now.
const PG_SHUTDOWN_CODES = new Set(['57P01', '57P02', '57P03']);

// Socket failures Node reports while connecting to or talking with the server.
const NODE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

// node-postgres and pg-pool report these as plain Errors without a code.
const DRIVER_MESSAGES = [
  'connection terminated',
  'timeout exceeded when trying to connect',
  'client has encountered a connection error and is not queryable',
  'client was closed and is not queryable',
];

/**
 * True when err (or an error it wraps: drizzle's DrizzleQueryError keeps the driver's error as
 * `cause`; a connect to several addresses fails with an AggregateError) is a lost or refused
 * database connection.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 4 || !err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    // SQLSTATE class 08 is "connection exception".
    if (/^08[0-9A-Z]{3}$/.test(e.code) || PG_SHUTDOWN_CODES.has(e.code) || NODE_CODES.has(e.code)) return true;
  }
  if (typeof e.message === 'string') {
    const m = e.message.toLowerCase();
    if (DRIVER_MESSAGES.some((d) => m.startsWith(d))) return true;
  }
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
