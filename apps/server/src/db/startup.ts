import type { Database } from './client';
import { migrate } from './migrate';

// Arbitrary constant that identifies "start-up" among the one-key advisory locks (727_001 is the
// migration lock, which migrate() still takes for callers that migrate on their own).
const STARTUP_LOCK = 727_002;

export interface PrepareOptions {
  /** Applies the migrations through this database instead (a more privileged role, O3). */
  migrator?: Database | undefined;
  /** Between the migrations and the seed; throws to stop a start-up that was told to stop. */
  checkpoint?: () => Promise<void>;
  /**
   * Loads demo data when it decides to, on the locked connection it is given; answers whether
   * it loaded anything.
   */
  seed?: (db: Database) => Promise<boolean>;
}

export interface Prepared {
  /** Migration tags this process applied. */
  applied: string[];
  /** Whether this process loaded the demo (only that one loads the rest of it). */
  seeded: boolean;
}

/**
 * Migrations and the demo seed of one starting process, under one advisory lock held on one
 * connection, so processes that start together on an empty database take turns: the first
 * migrates and seeds, the next finds both done. Everything runs on that connection, so a pool of
 * one is enough. On PGlite (one process per data folder) the lock is simply granted.
 */
export function prepareDatabase(db: Database, opts: PrepareOptions = {}): Promise<Prepared> {
  return db.withSession(async (session) => {
    await session.raw.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    let result: Prepared;
    try {
      // The app's connections give up on a lock after DATABASE_LOCK_TIMEOUT_MS; a migration on a
      // database in use may wait for its locks (set back when the connection returns to the pool).
      await session.raw.query('SET lock_timeout = 0');
      const applied = await migrate(opts.migrator ?? session);
      await opts.checkpoint?.();
      const seeded = opts.seed ? await opts.seed(session) : false;
      result = { applied, seeded };
    } catch (err) {
      // On PostgreSQL the failed connection is closed rather than pooled (client.ts), which drops
      // the lock anyway; the unlock matters on PGlite, whose one session lives on. An unlock that
      // fails too (the connection is gone) must not hide the error that stopped the start-up.
      await session.raw.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
      throw err;
    }
    await session.raw.query('RESET lock_timeout');
    await session.raw.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    return result;
  });
}
