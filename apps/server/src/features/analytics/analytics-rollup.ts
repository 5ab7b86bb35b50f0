import { DEFAULT_RETENTION_DAYS } from '@app/shared/analytics/analytics-report';
import { addDays, localDateString } from '@app/shared/platform/iso-week';
import type { DbOrTx } from '../../db/client';
import { advisoryLock, LOCK_ANALYTICS_ROLLUP } from '../../platform/sql';
import { firstEventDay, purgeEventsBefore, readSetting, replaceDailyFrom, writeSetting } from './analytics.repository';

// The daily figures of the analytics page (G5). The raw events are read only here, by a job, in
// a range of days that starts at the watermark: never on the request path.

const WATERMARK = 'analytics.rolledUpFrom';
const REFRESHED = 'analytics.refreshedAt';
export const RETENTION = 'analytics.retentionDays';
/** Rows removed per statement when old raw events go, so no delete holds a long lock. */
const PURGE_BATCH = 20_000;

/**
 * Folds the raw events of the days from the watermark (first run: from the oldest event) up to
 * today into `analytics_daily` and `analytics_daily_pages`, replacing those days' rows, then moves
 * the watermark to yesterday: a late event of yesterday is still counted on the next run. Days
 * are Amsterdam days. Answers the first day it recomputed.
 */
export async function refreshRollup(db: DbOrTx, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    // One refresh at a time (two app processes, or the timer and a manual run).
    await advisoryLock(tx, LOCK_ANALYTICS_ROLLUP, 1);
    const mark = await readSetting<string>(tx, WATERMARK);
    const from = mark?.value || (await firstEventDay(tx));
    const today = localDateString(now);
    if (from) await replaceDailyFrom(tx, from);
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
    const n = await purgeEventsBefore(db, before, PURGE_BATCH);
    removed += n;
    if (n < PURGE_BATCH) return removed;
  }
}

export async function refreshedAt(db: DbOrTx): Promise<string | null> {
  return (await readSetting<string>(db, REFRESHED))?.value ?? null;
}
