import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database, RawClient } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Arbitrary constant that identifies "schema migration" among advisory locks.
const MIGRATION_LOCK = 727_001;

interface JournalEntry {
  idx: number;
  tag: string;
}

export interface Migration {
  tag: string;
  hash: string;
  statements: string[];
}

/** Reads the committed SQL migrations in journal order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map((e) => {
      const sql = fs.readFileSync(path.join(dir, `${e.tag}.sql`), 'utf8');
      return {
        tag: e.tag,
        hash: createHash('sha256').update(sql).digest('hex'),
        statements: sql
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean),
      };
    });
}

// Calls on one Database queue here first: PGlite has a single session, where the advisory lock is
// re-entrant and two callers would interleave their BEGINs on the same connection.
const running = new WeakMap<Database, Promise<unknown>>();

/**
 * Applies pending migrations, forward only, each in its own transaction, serialised across
 * processes by an advisory lock (O2): two processes starting together apply each migration once.
 * @returns the tags applied by this call
 * @throws when an applied migration's file was changed afterwards
 */
export async function migrate(db: Database, migrations = readMigrations()): Promise<string[]> {
  const before = running.get(db) ?? Promise.resolve();
  const run = before.catch(() => {}).then(() => migrateLocked(db, migrations));
  running.set(db, run);
  try {
    return await run;
  } finally {
    if (running.get(db) === run) running.delete(db);
  }
}

async function migrateLocked(db: Database, migrations: Migration[]): Promise<string[]> {
  return db.withConnection(async (c) => {
    await c.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await c.exec(`CREATE TABLE IF NOT EXISTS app_migrations (
        tag text PRIMARY KEY,
        hash text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
      const done = new Map(
        (await c.query<{ tag: string; hash: string }>('SELECT tag, hash FROM app_migrations')).map((r) => [r.tag, r.hash]),
      );
      const applied: string[] = [];
      for (const m of migrations) {
        const prior = done.get(m.tag);
        if (prior) {
          if (prior !== m.hash) throw new Error(`Migration ${m.tag} was changed after it was applied`);
          continue;
        }
        await inTransaction(c, async () => {
          for (const s of m.statements) await c.exec(s);
          await c.query('INSERT INTO app_migrations (tag, hash) VALUES ($1, $2)', [m.tag, m.hash]);
        });
        applied.push(m.tag);
      }
      return applied;
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  });
}

async function inTransaction(c: RawClient, fn: () => Promise<void>): Promise<void> {
  await c.exec('BEGIN');
  try {
    await fn();
    await c.exec('COMMIT');
  } catch (err) {
    await c.exec('ROLLBACK');
    throw err;
  }
}
