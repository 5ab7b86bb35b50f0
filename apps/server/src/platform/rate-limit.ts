import type { Database } from '../db/client';

export interface Hit {
  count: number;
  resetAt: Date;
}

/**
 * Fixed-window counters in PostgreSQL, so every app process shares them (A2, D12). A window
 * starts with the first hit and lasts windowMs.
 */
export class RateLimiter {
  constructor(private readonly db: Database) {}

  /** Adds one hit and returns the window's count. */
  async hit(key: string, windowMs: number, now: Date): Promise<Hit> {
    const rows = await this.db.raw.query<{ count: number; reset_at: Date }>(
      `INSERT INTO rate_limits (key, count, reset_at) VALUES ($1, 1, $3)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN rate_limits.reset_at <= $2 THEN 1 ELSE rate_limits.count + 1 END,
         reset_at = CASE WHEN rate_limits.reset_at <= $2 THEN $3 ELSE rate_limits.reset_at END
       RETURNING count, reset_at`,
      [key, now, new Date(now.getTime() + windowMs)],
      'rate_hit',
    );
    const r = rows[0];
    return { count: r?.count ?? 1, resetAt: r?.reset_at ?? now };
  }

  /** The live window for a key, or null. */
  async peek(key: string, now: Date): Promise<Hit | null> {
    const rows = await this.db.raw.query<{ count: number; reset_at: Date }>(
      'SELECT count, reset_at FROM rate_limits WHERE key = $1 AND reset_at > $2',
      [key, now],
      'rate_peek',
    );
    const r = rows[0];
    return r ? { count: r.count, resetAt: r.reset_at } : null;
  }

  /** Gives back one hit of a live window (an attempt reserved with hit() that turned out not to count). */
  async release(key: string, now: Date): Promise<void> {
    await this.db.raw.query('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND reset_at > $2 AND count > 0', [
      key,
      now,
    ]);
  }

  async clear(key: string): Promise<void> {
    await this.db.raw.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }

  async purge(now: Date): Promise<void> {
    await this.db.raw.query('DELETE FROM rate_limits WHERE reset_at <= $1', [now]);
  }
}
