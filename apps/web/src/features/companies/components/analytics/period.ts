import { MAX_REPORT_DAYS } from '@app/shared/analytics/analytics-report';
import { addDays, isCalendarDate } from '@app/shared/platform/iso-week';

/** The quick choices of the analytics page: the last 7, 30 or 90 days up to today. */
export const PERIOD_PRESETS = [7, 30, 90] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];
export const DEFAULT_PRESET: PeriodPreset = 30;

/** The period the page shows: a preset, or any from/to the person typed (both days included). */
export interface Period {
  preset: PeriodPreset | 'custom';
  from: string;
  to: string;
}

/** Why a typed period cannot be asked for, as the server's validation codes (translated the same way). */
export type PeriodProblem = { field: 'from' | 'to'; code: 'required' | 'date_invalid' | 'end_before_start' | 'span_too_long' };

const isPreset = (n: number): n is PeriodPreset => (PERIOD_PRESETS as readonly number[]).includes(n);

/** The last `days` days up to and including `today` (YYYY-MM-DD). */
export function presetPeriod(days: PeriodPreset, today: string): Period {
  return { preset: days, from: addDays(today, -(days - 1)), to: today };
}

/** Number of days in a period, both ends included. */
export function periodLength(from: string, to: string): number {
  return Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
}

/** What is wrong with a typed period, or null: the same rules as the server's query schema. */
export function checkPeriod(from: string, to: string): PeriodProblem | null {
  if (!from) return { field: 'from', code: 'required' };
  if (!isCalendarDate(from) || !/^\d{4}-\d{2}-\d{2}$/.test(from)) return { field: 'from', code: 'date_invalid' };
  if (!to) return { field: 'to', code: 'required' };
  if (!isCalendarDate(to) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return { field: 'to', code: 'date_invalid' };
  const days = periodLength(from, to);
  if (days < 1) return { field: 'to', code: 'end_before_start' };
  if (days > MAX_REPORT_DAYS) return { field: 'to', code: 'span_too_long' };
  return null;
}

/**
 * The period in the address: `?period=7|30|90`, or `?from=…&to=…` for a typed one. Anything else
 * (nothing, junk, a period the server would refuse) is the last 30 days.
 */
export function readPeriod(params: URLSearchParams, today: string): Period {
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && checkPeriod(from, to) === null) return { preset: 'custom', from, to };
  const days = Number(params.get('period'));
  return presetPeriod(isPreset(days) ? days : DEFAULT_PRESET, today);
}

/** The query-string changes that show this period (the default one leaves the address clean). */
export function periodParams(p: Period): Record<'period' | 'from' | 'to', string | null> {
  if (p.preset === 'custom') return { period: null, from: p.from, to: p.to };
  return { period: p.preset === DEFAULT_PRESET ? null : String(p.preset), from: null, to: null };
}
