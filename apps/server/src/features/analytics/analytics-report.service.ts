import {
  type AnalyticsReport,
  type AnalyticsReportQuery,
  type AnalyticsSettings,
  type AnalyticsSettingsUpdate,
  DEFAULT_RETENTION_DAYS,
} from '@app/shared/analytics/analytics-report';
import { addDays } from '@app/shared/platform/iso-week';
import { audit } from '../../platform/audit';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import * as repo from './analytics.repository';
import { RETENTION, refreshedAt } from './analytics-rollup';

/**
 * The analytics page: page views and logins per day, per company and the top screens over a
 * period, read from the daily figures only (G5): three statements over at most 400 days × the
 * companies, whatever the number of raw events. Companies the caller may not see are left out
 * (scope.company); archived companies are still counted under their name.
 */
export async function report(ctx: Ctx, q: AnalyticsReportQuery): Promise<AnalyticsReport> {
  const db = ctx.db.orm;
  const [{ days, companies, pages }, refreshed] = await Promise.all([repo.reportFigures(db, ctx.actor, q), refreshedAt(db)]);
  if (q.companyId !== undefined && companies.length === 0 && !(await repo.companyInReach(db, ctx.actor, q.companyId))) {
    throw new AppError('COMPANY_NOT_FOUND');
  }
  const totals = days.reduce((t, d) => ({ pageViews: t.pageViews + d.pageViews, logins: t.logins + d.logins }), {
    pageViews: 0,
    logins: 0,
  });
  return { from: q.from, to: q.to, refreshedAt: refreshed, totals, days, companies, topPages: pages };
}

export async function getSettings(ctx: Ctx): Promise<AnalyticsSettings> {
  const s = await repo.readSetting<number>(ctx.db.orm, RETENTION);
  return { retentionDays: s?.value ?? DEFAULT_RETENTION_DAYS, version: s?.version ?? 1 };
}

/** Sets how long raw events are kept (30 days to 10 years), with the version. @throws STALE_VERSION */
export async function updateSettings(ctx: Ctx, input: AnalyticsSettingsUpdate): Promise<AnalyticsSettings> {
  const now = ctx.clock();
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.readSetting<number>(tx, RETENTION);
    if ((current?.version ?? 1) !== input.version) throw new AppError('STALE_VERSION');
    const saved = await repo.saveSetting(tx, RETENTION, input.retentionDays, input.version, current !== undefined, now);
    if (!saved) throw new AppError('STALE_VERSION');
    await audit(tx, ctx, 'analytics.settings.updated', null, { retentionDays: input.retentionDays });
  });
  return getSettings(ctx);
}

/** The default period: the last 30 days up to today. */
export function defaultPeriod(today: string): { from: string; to: string } {
  return { from: addDays(today, -29), to: today };
}
