import {
  type AnalyticsReport,
  type AnalyticsReportQuery,
  type AnalyticsSettings,
  type AnalyticsSettingsUpdate,
  DEFAULT_RETENTION_DAYS,
} from '@app/shared/analytics/analytics-report';
import { addDays } from '@app/shared/platform/iso-week';
import { sql } from 'drizzle-orm';
import { audit } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { scope } from '../../platform/scope';
import { query } from '../../platform/sql';
import { RETENTION, readSetting, refreshedAt } from './analytics-rollup';

/**
 * The analytics page: page views and logins per day, per company and the top screens over a
 * period, read from the daily figures only (G5): three statements over at most 400 days × the
 * companies, whatever the number of raw events. Companies the caller may not see are left out
 * (scope.company); archived companies are still counted under their name.
 */
export async function report(ctx: Ctx, q: AnalyticsReportQuery): Promise<AnalyticsReport> {
  const db = ctx.db.orm;
  const inScope = scope.company(ctx.actor, sql.raw('c.id'));
  const company = q.companyId === undefined ? sql`` : sql`AND d.company_id = ${q.companyId}`;
  const range = sql`d.day BETWEEN ${q.from}::date AND ${q.to}::date ${company}`;
  const [days, companies, pages, refreshed] = await Promise.all([
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
    refreshedAt(db),
  ]);
  if (q.companyId !== undefined && companies.length === 0) {
    const known = await query<{ id: number }>(db, sql`SELECT c.id FROM companies c WHERE c.id = ${q.companyId} AND ${inScope}`);
    if (known.length === 0) throw new AppError('COMPANY_NOT_FOUND');
  }
  const totals = days.reduce((t, d) => ({ pageViews: t.pageViews + d.pageViews, logins: t.logins + d.logins }), {
    pageViews: 0,
    logins: 0,
  });
  return { from: q.from, to: q.to, refreshedAt: refreshed, totals, days, companies, topPages: pages };
}

export async function getSettings(ctx: Ctx): Promise<AnalyticsSettings> {
  const s = await readSetting<number>(ctx.db.orm, RETENTION);
  return { retentionDays: s?.value ?? DEFAULT_RETENTION_DAYS, version: s?.version ?? 1 };
}

/** Sets how long raw events are kept (30 days to 10 years), with the version. @throws STALE_VERSION */
export async function updateSettings(ctx: Ctx, input: AnalyticsSettingsUpdate): Promise<AnalyticsSettings> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await readSetting<number>(tx, RETENTION);
    if ((current?.version ?? 1) !== input.version) throw new AppError('STALE_VERSION');
    const rows = current
      ? await query(
          tx,
          sql`UPDATE app_settings SET value = ${JSON.stringify(input.retentionDays)}::jsonb, version = version + 1,
                     updated_at = ${now.toISOString()}::timestamptz
               WHERE key = ${RETENTION} AND version = ${input.version} RETURNING key`,
        )
      : await query(
          tx,
          sql`INSERT INTO app_settings (key, value, version, updated_at)
              VALUES (${RETENTION}, ${JSON.stringify(input.retentionDays)}::jsonb, 2, ${now.toISOString()}::timestamptz)
              ON CONFLICT (key) DO NOTHING RETURNING key`,
        );
    if (rows.length === 0) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'analytics.settings.updated', null, { retentionDays: input.retentionDays });
  });
  return getSettings(ctx);
}

/** The default period: the last 30 days up to today. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: addDays(today, -29), to: today };
}
