import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Verdict, type Viewer } from '../platform/abilities';
import {
  addWeeks,
  type IsoWeek,
  isIsoWeek,
  MAX_WEEK_YEAR,
  mondayOfWeek,
  parseWeekKey,
  weekKey,
  weeksBetween,
} from '../platform/iso-week';

/** The longest bar: two years of weeks (the table's CHECK says the same). */
export const MAX_TIMELINE_WEEKS = 104;
/** The most weeks one GET shows. */
export const MAX_WINDOW_WEEKS = 52;

export const TIMELINE_ABILITIES = ['canEdit', 'canDelete'] as const;
export type TimelineAbilities = Abilities<(typeof TIMELINE_ABILITIES)[number]>;

/**
 * Timeline items are planned by those who manage projects; a deleted project's timeline is
 * read-only (as its tasks are). The same rule says whether a new item may be added.
 */
export function timelineAbilities(item: { projectDeleted: boolean }, viewer: Viewer): TimelineAbilities {
  const manage = (): Verdict => permissionVerdict(viewer, 'projects.manage');
  const editable = (): Verdict => (item.projectDeleted ? 'PROJECT_DELETED' : true);
  return toAbilities({
    canEdit: firstDenied(manage, editable),
    canDelete: firstDenied(manage, editable),
  });
}

/** The last week of a bar that starts in `start` and spans `weeks` weeks. */
export function endWeekOf(start: IsoWeek, weeks: number): IsoWeek {
  return addWeeks(start, weeks - 1);
}

/**
 * True when `weeks` weeks (1 to MAX_TIMELINE_WEEKS) from `start` stay within the weeks the app
 * accepts: a bar's or a window's last week must be a valid week key too.
 */
export function spanFits(start: IsoWeek, weeks: number): boolean {
  if (!isIsoWeek(start.year, start.week)) return false;
  if (!Number.isInteger(weeks) || weeks < 1 || weeks > MAX_TIMELINE_WEEKS) return false;
  return endWeekOf(start, weeks).year <= MAX_WEEK_YEAR;
}

/** One column of the grid. */
export interface WeekColumn {
  key: string;
  year: number;
  week: number;
  /** The Monday, YYYY-MM-DD. */
  monday: string;
  /** True for the first column and where the ISO year changes: the header shows the year there. */
  yearStarts: boolean;
  /** True for the first column and where the Monday's month differs from the column before. */
  monthStarts: boolean;
}

/** `n` consecutive ISO weeks from `from`, with where the header shows a year or month. */
export function weekColumns(from: IsoWeek, n: number): WeekColumn[] {
  const out: WeekColumn[] = [];
  for (let i = 0; i < n; i++) {
    const w = addWeeks(from, i);
    const monday = mondayOfWeek(w.year, w.week);
    const prev = out[i - 1];
    out.push({
      key: weekKey(w),
      year: w.year,
      week: w.week,
      monday,
      yearStarts: !prev || prev.year !== w.year,
      monthStarts: !prev || prev.monday.slice(0, 7) !== monday.slice(0, 7),
    });
  }
  return out;
}

/** Where a bar sits in a window of `columns` weeks from `from`: first column and span, clipped; null when outside. */
export function barPlacement(
  start: IsoWeek,
  weeks: number,
  from: IsoWeek,
  columns: number,
): { column: number; span: number; clippedStart: boolean; clippedEnd: boolean } | null {
  const offset = weeksBetween(from, start);
  const first = Math.max(0, offset);
  const last = Math.min(columns - 1, offset + weeks - 1);
  if (last < first) return null;
  return { column: first, span: last - first + 1, clippedStart: offset < 0, clippedEnd: offset + weeks > columns };
}

/**
 * Lanes within one row, so bars that overlap in time stack instead of covering each other: each
 * bar (in the order given) takes the first lane whose last bar ends before it starts.
 */
export function assignLanes<T extends { id: number; start: IsoWeek; weeks: number }>(items: readonly T[]): Map<number, number> {
  const sorted = [...items].sort((a, b) => weeksBetween(b.start, a.start) || a.id - b.id);
  const laneEnds: IsoWeek[] = [];
  const lanes = new Map<number, number>();
  for (const it of sorted) {
    const end = endWeekOf(it.start, it.weeks);
    let lane = laneEnds.findIndex((e) => weeksBetween(e, it.start) > 0);
    if (lane === -1) {
      lane = laneEnds.length;
      laneEnds.push(end);
    } else laneEnds[lane] = end;
    lanes.set(it.id, lane);
  }
  return lanes;
}

/** Reads a week key, throwing for one that does not exist (for values that passed the schema). */
export function weekOfKey(key: string): IsoWeek {
  const w = parseWeekKey(key);
  if (!w) throw new RangeError(`not an ISO week: ${key}`);
  return w;
}
