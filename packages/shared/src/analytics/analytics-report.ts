import * as z from 'zod';
import { versionField } from '../platform/http';
import { isCalendarDate } from '../platform/iso-week';

/** The longest period the analytics page shows at once: a bit over a year. */
export const MAX_REPORT_DAYS = 400;
/** How long raw events are kept by default before only the daily figures remain. */
export const DEFAULT_RETENTION_DAYS = 400;

const day = z
  .string()
  .max(10)
  .refine((d) => /^\d{4}-\d{2}-\d{2}$/.test(d) && isCalendarDate(d), { message: 'date_invalid' });

/** A period of days, both ends included, and optionally one company. */
export const analyticsReportQuerySchema = z
  .strictObject({
    from: day.describe('First day, YYYY-MM-DD'),
    to: day.describe('Last day, included'),
    companyId: z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/)
      .transform(Number)
      .pipe(z.number().max(2_147_483_647))
      .optional()
      .describe('Only this company'),
  })
  .superRefine((q, ctx) => {
    if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return;
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', message: 'end_before_start', path: ['to'] });
    else if (days >= MAX_REPORT_DAYS) ctx.addIssue({ code: 'custom', message: 'span_too_long', path: ['to'] });
  });
export type AnalyticsReportQuery = z.infer<typeof analyticsReportQuerySchema>;

const figures = { pageViews: z.number().int(), logins: z.number().int() };

export const analyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  refreshedAt: z.string().nullable().describe('When the daily figures were last brought up to date'),
  totals: z.object(figures),
  days: z.array(z.object({ day: z.string(), ...figures })).describe('Every day of the period, also days without events'),
  companies: z
    .array(z.object({ id: z.number().int(), name: z.string(), ...figures }))
    .describe('Per company with events in the period, most page views first'),
  topPages: z.array(z.object({ routeName: z.string(), views: z.number().int() })).describe('The 10 most viewed screens'),
});
export type AnalyticsReport = z.infer<typeof analyticsReportSchema>;

export const analyticsSettingsSchema = z.object({
  retentionDays: z.number().int().describe('Raw events older than this are removed once folded into the daily figures'),
  version: z.number().int(),
});
export type AnalyticsSettings = z.infer<typeof analyticsSettingsSchema>;
export const analyticsSettingsUpdateSchema = z.strictObject({
  retentionDays: z.number().int().min(30).max(3650),
  version: versionField,
});
export type AnalyticsSettingsUpdate = z.input<typeof analyticsSettingsUpdateSchema>;
