// The database half of a backup and its drill (README "Backups"): pg_dump in the custom format,
// pg_restore into a new database, and a fingerprint per table (rows and a checksum) to compare the
// two. The programs come from PATH, or from PG_BIN when set (they must be at least the server's
// major version).
import { createRequire } from 'node:module';
import path from 'node:path';
import { run } from './run.mjs';

const root = path.resolve(import.meta.dirname, '../..');
// The server's own PostgreSQL client: these scripts have no dependencies of their own.
const pg = createRequire(path.join(root, 'apps/server/package.json'))('pg');

/** A PostgreSQL program: from PG_BIN when set, else from PATH. */
const pgProgram = (name) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

/** The database a postgres:// URL names. */
export function databaseName(url) {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

/** The same server and credentials, another database. */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

const quoteIdent = (name) => `"${name.replaceAll('"', '""')}"`;

/** pg_dump's and pg_restore's --dbname without the password, which goes in their environment (not in `ps`). */
function programConnection(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: `--dbname=${u.toString()}`, env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

async function connect(url) {
  const client = new pg.Client({ connectionString: url, application_name: 'backup-drill' });
  await client.connect();
  return client;
}

// Every table, the app's and pg-boss's (the job queue is part of the state), not the catalogues.
const TABLES = `
  SELECT n.nspname AS schema, c.relname AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
    AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
  ORDER BY 1, 2`;

/**
 * Rows and a checksum per table, as `schema.table` → { rows, checksum }. The checksum is the sum of
 * each row's md5 (as two 64-bit halves): it does not depend on the order the rows come in, and it
 * needs no memory per row, where an md5 of all rows sorted and joined is capped at 1 GB of text.
 */
export async function fingerprint(client) {
  const result = new Map();
  const { rows: tables } = await client.query(TABLES);
  for (const t of tables) {
    const table = `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
    const { rows } = await client.query(
      `SELECT count(*)::text AS rows,
              coalesce(sum(('x' || left(h, 16))::bit(64)::bigint::numeric), 0)::text || ':' ||
              coalesce(sum(('x' || right(h, 16))::bit(64)::bigint::numeric), 0)::text AS checksum
       FROM (SELECT md5(ROW(r.*)::text) AS h FROM ${table} r) s`,
    );
    result.set(`${t.schema}.${t.name}`, { rows: Number(rows[0].rows), checksum: rows[0].checksum });
  }
  return result;
}

/**
 * pg_dump -Fc of the database at `url` into `file`, and the fingerprint of exactly what was dumped:
 * both read one exported snapshot, so writes the app makes meanwhile are in neither.
 */
export async function dumpDatabase(url, file) {
  const client = await connect(url);
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query('SELECT pg_export_snapshot() AS snapshot');
    const { dbname, env } = programConnection(url);
    const dumping = run(pgProgram('pg_dump'), ['--format=custom', `--snapshot=${rows[0].snapshot}`, `--file=${file}`, dbname], {
      env,
    });
    // The snapshot lives as long as this transaction: it ends after pg_dump has finished.
    const [tables] = await Promise.all([fingerprint(client), dumping]);
    await client.query('COMMIT');
    return tables;
  } finally {
    await client.end();
  }
}

/**
 * Creates the database `name` on the server of `url` and restores `file` into it; answers its URL.
 * Objects are owned by the role that restores (--no-owner), so any role that may create databases
 * can run the drill.
 */
export async function restoreDatabase(url, file, name) {
  const admin = await connect(url);
  try {
    // template0: an empty database, without what template1 may have been given.
    await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE template0`);
  } finally {
    await admin.end();
  }
  const copy = withDatabase(url, name);
  const { dbname, env } = programConnection(copy);
  await run(pgProgram('pg_restore'), ['--exit-on-error', '--no-owner', dbname, file], { env });
  return copy;
}

/** The fingerprint of the database at `url`. */
export async function fingerprintDatabase(url) {
  const client = await connect(url);
  try {
    return await fingerprint(client);
  } finally {
    await client.end();
  }
}

/** Drops the database `name` on the server of `url`, closing its connections. */
export async function dropDatabase(url, name) {
  const admin = await connect(url);
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Table by table: the rows on each side and whether rows and checksum are equal. */
export function compareFingerprints(source, copy) {
  const names = [...new Set([...source.keys(), ...copy.keys()])].sort();
  const tables = names.map((table) => {
    const s = source.get(table);
    const c = copy.get(table);
    return {
      table,
      sourceRows: s?.rows ?? null,
      copyRows: c?.rows ?? null,
      equal: s !== undefined && c !== undefined && s.rows === c.rows && s.checksum === c.checksum,
    };
  });
  return { tables, ok: tables.every((t) => t.equal) };
}

/**
 * Every storage key the database at `url` refers to (the `storage_key` columns: files, images,
 * exports), as `schema.table` → keys: what the stored files must hold for the restore to be whole.
 */
export async function storageKeys(url) {
  const client = await connect(url);
  try {
    const { rows: columns } = await client.query(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.columns
       WHERE column_name = 'storage_key' AND table_schema NOT IN ('pg_catalog', 'information_schema')
       ORDER BY 1, 2`,
    );
    const result = new Map();
    for (const c of columns) {
      const { rows } = await client.query(
        `SELECT DISTINCT storage_key AS key FROM ${quoteIdent(c.schema)}.${quoteIdent(c.name)} WHERE storage_key IS NOT NULL`,
      );
      result.set(
        `${c.schema}.${c.name}`,
        rows.map((r) => r.key),
      );
    }
    return result;
  } finally {
    await client.end();
  }
}
