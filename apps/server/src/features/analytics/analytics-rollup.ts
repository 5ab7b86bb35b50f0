import { DEFAULT_RETENTION_DAYS } from '@app/shared/analytics/analytics-report';
import { addDays, localDateString } from '@app/shared/platform/iso-week';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { query } from '../../platform/sql';

// The daily figures of the analytics page (G5). The raw events are read only here, by a job, in
// a range of days that starts at the watermark: never on the request path.

const WATERMARK = 'analytics.rolledUpFrom';
const REFRESHED = 'analytics.refreshedAt';
export const RETENTION = 'analytics.retentionDays';
/** Rows removed per statement when old raw events go, so no delete holds a long lock. */
const PURGE_BATCH = 20_000;

/** A setting's value, or undefined. */
export async function readSetting<T>(db: DbOrTx, key: string): Promise<{ value: T; version: number } | undefined> {
  const rows = await query<{ value: T; version: number }>(db, sql`SELECT value, version FROM app_settings WHERE key = ${key}`);
  return rows[0];
}

async function writeSetting(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  await query(
    db,
    sql`INSERT INTO app_settings (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, ${now.toISOString()}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = app_settings.version + 1, updated_at = EXCLUDED.updated_at`,
  );
}

/**
 * Folds the raw events of the days from the watermark (first run: from the oldest event) up to
 * today into `analytics_daily` and `analytics_daily_pages`, replacing those days' rows, then moves
 * the watermark to yesterday: a late event of yesterday is still counted on the next run. Days
 * are Amsterdam days. Answers the first day it recomputed.
 */
export async function refreshRollup(db: DbOrTx, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    // One refresh at a time (two app processes, or the timer and a manual run).
    await query(tx, sql`SELECT pg_advisory_xact_lock(3301, 1)`);
    const mark = await readSetting<string>(tx, WATERMARK);
    let from = mark?.value ?? null;
    if (!from) {
      const first = await query<{ d: string | null }>(
        tx,
        sql`SELECT to_char(min(created_at) AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD') AS d FROM analytics_events`,
      );
      from = first[0]?.d ?? null;
    }
    const today = localDateString(now);
    if (from) {
      const start = sql`(${from}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')`;
      const dayOf = sql`(e.created_at AT TIME ZONE 'Europe/Amsterdam')::date`;
      await query(tx, sql`DELETE FROM analytics_daily WHERE day >= ${from}::date`);
      await query(tx, sql`DELETE FROM analytics_daily_pages WHERE day >= ${from}::date`);
      await query(
        tx,
        sql`INSERT INTO analytics_daily (company_id, day, page_views, logins)
            SELECT e.company_id, ${dayOf}, count(*) FILTER (WHERE e.event_type = 'page_view'), count(*) FILTER (WHERE e.event_type = 'login')
              FROM analytics_events e
             WHERE e.created_at >= ${start} AND e.company_id IS NOT NULL
             GROUP BY 1, 2`,
      );
      await query(
        tx,
        sql`INSERT INTO analytics_daily_pages (company_id, day, route_name, views)
            SELECT e.company_id, ${dayOf}, e.route_name, count(*)
              FROM analytics_events e
             WHERE e.created_at >= ${start} AND e.company_id IS NOT NULL AND e.event_type = 'page_view' AND e.route_name IS NOT NULL
             GROUP BY 1, 2, 3`,
      );
    }
    const next = from && from > addDays(today, -1) ? from : addDays(today, -1);
    await writeSetting(tx, WATERMARK, next, now);
    await writeSetting(tx, REFRESHED, now.toISOString(), now);
    return from;
  });
}

/**
 * Removes raw events older than the retention, but never one the daily figures do not hold yet
 * (before the watermark), in batches. Answers how many went.
 */
export async function purgeRawEvents(db: DbOrTx, now: Date): Promise<number> {
  const retention = (await readSetting<number>(db, RETENTION))?.value ?? DEFAULT_RETENTION_DAYS;
  const mark = (await readSetting<string>(db, WATERMARK))?.value;
  if (!mark) return 0;
  const byAge = addDays(localDateString(now), -retention);
  const before = byAge < mark ? byAge : mark;
  let removed = 0;
  for (;;) {
    const rows = await query<{ n: number }>(
      db,
      sql`WITH gone AS (
            DELETE FROM analytics_events WHERE id IN (
              SELECT id FROM analytics_events
               WHERE created_at < (${before}::date::timestamp AT TIME ZONE 'Europe/Amsterdam') LIMIT ${PURGE_BATCH})
            RETURNING 1)
          SELECT count(*)::int AS n FROM gone`,
    );
    const n = rows[0]?.n ?? 0;
    removed += n;
    if (n < PURGE_BATCH) return removed;
  }
}

export async function refreshedAt(db: DbOrTx): Promise<string | null> {
  return (await readSetting<string>(db, REFRESHED))?.value ?? null;
}
