/**
 * ISO-8601 weeks, as Dutch planning counts them (R1): weeks start on Monday, and
 * week 1 is the week with the year's first Thursday (so 4 January is always in it). A year has
 * 52 or 53 weeks; 2026 has 53, and 2027-W01 starts on Monday 4 January 2027.
 *
 * Dates are calendar days written `YYYY-MM-DD`, computed in UTC, so the time zone of the server
 * or the browser never moves a day. One module for the server, the timeline, the planner and the
 * schedules' even and odd weeks.
 */

export interface IsoWeek {
  /** The ISO week-numbering year (can differ from the calendar year around New Year). */
  year: number;
  /** 1 to 52 or 53. */
  week: number;
}

const DAY_MS = 86_400_000;

/**
 * The ISO years the app accepts in a week key (`isIsoWeek`, `parseWeekKey`): far enough for any
 * planning, and far from where dates stop being four-digit `YYYY-MM-DD` days.
 */
export const MIN_WEEK_YEAR = 1900;
export const MAX_WEEK_YEAR = 2999;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const WEEK_KEY = /^(\d{4})-W(\d{2})$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` date; NaN when it is not a real calendar day. */
function dayNumber(date: string): number {
  const m = DATE.exec(date);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0 to 99 as 1900 to 1999.
  const back = new Date(0);
  back.setUTCFullYear(y, mo - 1, d);
  const ms = back.getTime();
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return Number.NaN;
  return ms / DAY_MS;
}

function fromDayNumber(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/** True for a real calendar day written `YYYY-MM-DD`. */
export function isCalendarDate(date: string): boolean {
  return !Number.isNaN(dayNumber(date));
}

/** The calendar day of a Date in UTC, `YYYY-MM-DD`. */
export function toDateString(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The calendar day of a Date as the clock on the wall in the given time zone shows it. */
export function localDateString(d: Date, timeZone = 'Europe/Amsterdam'): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** Day of the week, Monday 1 to Sunday 7. */
export function isoWeekday(date: string): number {
  const n = dayNumber(date);
  // 1970-01-01 was a Thursday (4).
  return ((((n + 3) % 7) + 7) % 7) + 1;
}

/** Adds whole days to a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}

/** The Monday that starts the week of the date. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** The ISO week (and its year) that holds the date. */
export function isoWeekOf(date: string): IsoWeek {
  const n = dayNumber(date);
  if (Number.isNaN(n)) throw new RangeError(`not a calendar date: ${date}`);
  // The week's Thursday decides the year.
  const thursday = fromDayNumber(n + 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((dayNumber(thursday) - dayNumber(`${thursday.slice(0, 4)}-01-01`)) / 7) + 1;
  return { year, week };
}

/** 52 or 53. */
export function weeksInYear(year: number): number {
  // The year has 53 weeks when 28 December (always in its last week) is in week 53.
  return isoWeekOf(`${String(year).padStart(4, '0')}-12-28`).week;
}

/** The Monday of ISO week `week` of `year`; RangeError for a week the year does not have. */
export function mondayOfWeek(year: number, week: number): string {
  if (!Number.isInteger(year) || year < 1 || year > 9999) throw new RangeError(`year out of range: ${year}`);
  if (!Number.isInteger(week) || week < 1 || week > weeksInYear(year)) {
    throw new RangeError(`${year} has no week ${week}`);
  }
  // 4 January is always in week 1.
  return addDays(mondayOf(`${String(year).padStart(4, '0')}-01-04`), (week - 1) * 7);
}

/** True when `year` has that week and is one the app accepts (MIN_WEEK_YEAR to MAX_WEEK_YEAR). */
export function isIsoWeek(year: number, week: number): boolean {
  return (
    Number.isInteger(year) &&
    year >= MIN_WEEK_YEAR &&
    year <= MAX_WEEK_YEAR &&
    Number.isInteger(week) &&
    week >= 1 &&
    week <= weeksInYear(year)
  );
}

/** The week `n` weeks after (or before, when negative) the given one. */
export function addWeeks(w: IsoWeek, n: number): IsoWeek {
  return isoWeekOf(addDays(mondayOfWeek(w.year, w.week), n * 7));
}

/** Whole weeks from `a` to `b` (negative when `b` is earlier). */
export function weeksBetween(a: IsoWeek, b: IsoWeek): number {
  return (dayNumber(mondayOfWeek(b.year, b.week)) - dayNumber(mondayOfWeek(a.year, a.week))) / 7;
}

/** `2026-W05`: the ISO notation, sortable as text. */
export function weekKey(w: IsoWeek): string {
  return `${String(w.year).padStart(4, '0')}-W${String(w.week).padStart(2, '0')}`;
}

/** Reads `2026-W05`; null when it is not a week that exists, or its year is outside MIN_WEEK_YEAR to MAX_WEEK_YEAR. */
export function parseWeekKey(key: string): IsoWeek | null {
  const m = WEEK_KEY.exec(key);
  if (!m) return null;
  const w = { year: Number(m[1]), week: Number(m[2]) };
  return isIsoWeek(w.year, w.week) ? w : null;
}

/** Even or odd week, for schedules that alternate (by the ISO week number). */
export function isEvenWeek(date: string): boolean {
  return isoWeekOf(date).week % 2 === 0;
}
