import {
  addDays,
  addWeeks,
  isoWeekOf,
  localDateString,
  mondayOfWeek,
  parseWeekKey,
  weekKey,
} from '@app/shared/platform/iso-week';

/** Today on the wall clock in the Netherlands, `YYYY-MM-DD`. */
export const today = (): string => localDateString(new Date());

/** The ISO week key (`2026-W48`) of a date. */
export const weekOfDate = (date: string): string => weekKey(isoWeekOf(date));

/** A week key from the address, or this week when it is missing or not a real week. */
export function weekFromParam(param: string | null, fallbackDate = today()): string {
  const w = param ? parseWeekKey(param) : null;
  return w ? weekKey(w) : weekOfDate(fallbackDate);
}

/** The week `n` weeks after (or before) `key`. */
export function shiftWeek(key: string, n: number): string {
  const w = parseWeekKey(key);
  return w ? weekKey(addWeeks(w, n)) : key;
}

/** The week's number (48 of 2026-W48). */
export const weekNumber = (key: string): number => parseWeekKey(key)?.week ?? 0;

/** Monday and Sunday of the week. */
export function weekSpan(key: string): { monday: string; sunday: string } {
  const w = parseWeekKey(key);
  const monday = w ? mondayOfWeek(w.year, w.week) : today();
  return { monday, sunday: addDays(monday, 6) };
}

/** First and last day of the month `offset` months from the one holding `date`. */
export function monthSpan(date: string, offset = 0): { from: string; to: string } {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 + offset;
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(y, m + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
