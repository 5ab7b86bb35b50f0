import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Verdict, type Viewer } from '../platform/abilities';
import { addDays, isCalendarDate, MAX_WEEK_YEAR, MIN_WEEK_YEAR } from '../platform/iso-week';

/**
 * The planner's wall-clock times: `YYYY-MM-DDTHH:mm`, no time zone. A crew starts at 08:00 where
 * the ship lies, and a summer-time change never moves an entry (docs/decisions.md). `end` is
 * exclusive: an all-day entry from Monday to Wednesday ends on Thursday at 00:00.
 */
const WALL_CLOCK = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** The longest entry: a year and a day (the table's CHECK says the same). */
export const MAX_ENTRY_DAYS = 366;
/** The widest window one GET shows: half a year of weeks (the people-by-week view's 26 weeks). */
export const MAX_WINDOW_DAYS = 26 * 7;
/** The most entries one GET sends; a narrower filter shows the rest (the answer says `truncated`). */
export const MAX_LIST_ENTRIES = 5_000;

export const PLANNER_ABILITIES = ['canEdit', 'canDelete'] as const;
export type PlannerAbilities = Abilities<(typeof PLANNER_ABILITIES)[number]>;

/** Entries are made, moved and removed by those who plan (planner.manage); everyone else only reads. */
export function plannerAbilities(viewer: Viewer): PlannerAbilities {
  const manage = (): Verdict => permissionVerdict(viewer, 'planner.manage');
  return toAbilities({ canEdit: firstDenied(manage), canDelete: firstDenied(manage) });
}

/** True for a real wall-clock time `YYYY-MM-DDTHH:mm` within the years the app accepts. */
export function isWallClock(value: string): boolean {
  const m = WALL_CLOCK.exec(value);
  if (!m?.[1] || !isCalendarDate(m[1])) return false;
  const year = Number(m[1].slice(0, 4));
  return year >= MIN_WEEK_YEAR && year <= MAX_WEEK_YEAR;
}

/** Minutes since 1970-01-01 00:00 of a wall-clock time (for comparing and measuring spans). */
export function wallClockMinutes(value: string): number {
  const [day = '', time = '00:00'] = value.split('T');
  const [h = 0, m = 0] = time.split(':').map(Number);
  return Date.parse(`${day}T00:00:00Z`) / 60_000 + h * 60 + m;
}

/** The day of a wall-clock time, `YYYY-MM-DD`. */
export const dayOf = (value: string): string => value.slice(0, 10);

/** True when the time is a midnight (an all-day entry's start and end). */
export const isMidnight = (value: string): boolean => value.endsWith('T00:00');

export type SpanProblem = 'end_before_start' | 'span_too_long' | 'not_whole_days';

/**
 * What is wrong with an entry's span, or null: the end must come after the start, within
 * MAX_ENTRY_DAYS, and an all-day entry runs from midnight to midnight. Both times must already be
 * valid wall-clock times.
 */
export function spanProblem(start: string, end: string, allDay: boolean): SpanProblem | null {
  const minutes = wallClockMinutes(end) - wallClockMinutes(start);
  if (minutes <= 0) return 'end_before_start';
  if (minutes > MAX_ENTRY_DAYS * 24 * 60) return 'span_too_long';
  if (allDay && !(isMidnight(start) && isMidnight(end))) return 'not_whole_days';
  return null;
}

/** The days an entry touches (all-day or not), first and last inclusive, `YYYY-MM-DD`. */
export function entryDays(start: string, end: string): { first: string; last: string } {
  const first = dayOf(start);
  // An end at midnight belongs to the day before; any later time to its own day.
  const last = isMidnight(end) ? addDays(dayOf(end), -1) : dayOf(end);
  return { first, last: last < first ? first : last };
}

/** Moves a wall-clock time by whole days (a drag in the people-by-week view moves by weeks). */
export function shiftDays(value: string, days: number): string {
  return `${addDays(dayOf(value), days)}${value.slice(10)}`;
}

/**
 * The colours a project gets on the planner when it has none of its own: twelve darker tones
 * that white text reads on (contrast 4.5:1 or more, WCAG AA), picked by the project's id.
 */
export const PROJECT_PALETTE = [
  '#1c5d99',
  '#2f7d32',
  '#a23b72',
  '#8a5a00',
  '#5e35b1',
  '#00695c',
  '#b23c17',
  '#37474f',
  '#6d4c41',
  '#0b7285',
  '#7b2cbf',
  '#9c2f2f',
] as const;

/** The project's colour on the planner: its own, or one from the palette by id. */
export function projectColor(project: { id: number; color: string }): string {
  return project.color || (PROJECT_PALETTE[project.id % PROJECT_PALETTE.length] ?? PROJECT_PALETTE[0]);
}
