import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';

// The analytics page's figures (`analytics_daily`, `analytics_daily_pages`), the job that folds the
// raw events into them, and the settings both keep in `app_settings`.

/** A setting's value, or undefined. */
export async function readSetting<T>(db: DbOrTx, key: string): Promise<{ value: T; version: number } | undefined> {
  const rows = await query<{ value: T; version: number }>(db, sql`SELECT value, version FROM app_settings WHERE key = ${key}`);
  return rows[0];
}

/** Writes a setting whatever its version (a job's own bookkeeping). */
export async function writeSetting(db: DbOrTx, key: string, value: unknown, now: Date): Promise<void> {
  await query(
    db,
    sql`INSERT INTO app_settings (key, value, updated_at) VALUES (${key}, ${JSON.stringify(value)}::jsonb, ${now.toISOString()}::timestamptz)
        ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = app_settings.version + 1, updated_at = EXCLUDED.updated_at`,
  );
}

/**
 * Saves a setting an administrator edits, if it is still at `version` (a setting never saved is
 * at version 1 and is stored at 2). False when someone saved it first.
 */
export async function saveSetting(
  db: DbOrTx,
  key: string,
  value: unknown,
  version: number,
  exists: boolean,
  now: Date,
): Promise<boolean> {
  const rows = exists
    ? await query(
        db,
        sql`UPDATE app_settings SET value = ${JSON.stringify(value)}::jsonb, version = version + 1,
                   updated_at = ${now.toISOString()}::timestamptz
             WHERE key = ${key} AND version = ${version} RETURNING key`,
      )
    : await query(
        db,
        sql`INSERT INTO app_settings (key, value, version, updated_at)
            VALUES (${key}, ${JSON.stringify(value)}::jsonb, 2, ${now.toISOString()}::timestamptz)
            ON CONFLICT (key) DO NOTHING RETURNING key`,
      );
  return rows.length > 0;
}

/** The Amsterdam day of the oldest raw event, or null when there is none. */
export async function firstEventDay(db: DbOrTx): Promise<string | null> {
  const rows = await query<{ d: string | null }>(
    db,
    sql`SELECT to_char(min(created_at) AT TIME ZONE 'Europe/Amsterdam', 'YYYY-MM-DD') AS d FROM analytics_events`,
  );
  return rows[0]?.d ?? null;
}

/** Recomputes the daily figures of every Amsterdam day from `from` on out of the raw events, replacing those days' rows. */
export async function replaceDailyFrom(db: DbOrTx, from: string): Promise<void> {
  const start = sql`(${from}::date::timestamp AT TIME ZONE 'Europe/Amsterdam')`;
  const dayOf = sql`(e.created_at AT TIME ZONE 'Europe/Amsterdam')::date`;
  await query(db, sql`DELETE FROM analytics_daily WHERE day >= ${from}::date`);
  await query(db, sql`DELETE FROM analytics_daily_pages WHERE day >= ${from}::date`);
  await query(
    db,
    sql`INSERT INTO analytics_daily (company_id, day, page_views, logins)
        SELECT e.company_id, ${dayOf}, count(*) FILTER (WHERE e.event_type = 'page_view'), count(*) FILTER (WHERE e.event_type = 'login')
          FROM analytics_events e
         WHERE e.created_at >= ${start} AND e.company_id IS NOT NULL
         GROUP BY 1, 2`,
  );
  await query(
    db,
    sql`INSERT INTO analytics_daily_pages (company_id, day, route_name, views)
        SELECT e.company_id, ${dayOf}, e.route_name, count(*)
          FROM analytics_events e
         WHERE e.created_at >= ${start} AND e.company_id IS NOT NULL AND e.event_type = 'page_view' AND e.route_name IS NOT NULL
         GROUP BY 1, 2, 3`,
  );
}

/** Removes at most `limit` raw events from before the Amsterdam day `before`; answers how many went. */
export async function purgeEventsBefore(db: DbOrTx, before: string, limit: number): Promise<number> {
  const rows = await query<{ n: number }>(
    db,
    sql`WITH gone AS (
          DELETE FROM analytics_events WHERE id IN (
            SELECT id FROM analytics_events
             WHERE created_at < (${before}::date::timestamp AT TIME ZONE 'Europe/Amsterdam') LIMIT ${limit})
          RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
  );
  return rows[0]?.n ?? 0;
}

export interface ReportFilter {
  from: string;
  to: string;
  companyId?: number | undefined;
}

/**
 * The report's three lists over the daily figures: every day of the period (zero when nothing
 * happened), the companies by page views and the ten most viewed screens. Companies outside the
 * actor's reach are left out (scope.company).
 */
export async function reportFigures(db: DbOrTx, actor: Actor, q: ReportFilter) {
  const inScope = scope.company(actor, sql.raw('c.id'));
  const company = q.companyId === undefined ? sql`` : sql`AND d.company_id = ${q.companyId}`;
  const range = sql`d.day BETWEEN ${q.from}::date AND ${q.to}::date ${company}`;
  const [days, companies, pages] = await Promise.all([
    query<{ day: string; pageViews: number; logins: number }>(
      db,
      sql`SELECT to_char(g.day, 'YYYY-MM-DD') AS day, coalesce(sum(d.page_views), 0)::int AS "pageViews",
                 coalesce(sum(d.logins), 0)::int AS logins
            FROM generate_series(${q.from}::date, ${q.to}::date, interval '1 day') AS g(day)
            LEFT JOIN (analytics_daily d JOIN companies c ON c.id = d.company_id AND ${inScope})
                   ON d.day = g.day::date ${company}
           GROUP BY g.day ORDER BY g.day`,
    ),
    query<{ id: number; name: string; pageViews: number; logins: number }>(
      db,
      sql`SELECT c.id, c.name, sum(d.page_views)::int AS "pageViews", sum(d.logins)::int AS logins
            FROM analytics_daily d JOIN companies c ON c.id = d.company_id AND ${inScope}
           WHERE ${range}
           GROUP BY c.id, c.name ORDER BY 3 DESC, 4 DESC, lower(c.name), c.id`,
    ),
    query<{ routeName: string; views: number }>(
      db,
      sql`SELECT d.route_name AS "routeName", sum(d.views)::int AS views
            FROM analytics_daily_pages d JOIN companies c ON c.id = d.company_id AND ${inScope}
           WHERE ${range}
           GROUP BY d.route_name ORDER BY 2 DESC, 1 LIMIT 10`,
    ),
  ]);
  return { days, companies, pages };
}

/** Whether the actor may see this company (the report's filter names one). */
export async function companyInReach(db: DbOrTx, actor: Actor, companyId: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT c.id FROM companies c WHERE c.id = ${companyId} AND ${scope.company(actor, sql.raw('c.id'))}`,
  );
  return rows.length > 0;
}
