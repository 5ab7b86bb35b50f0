import { addWeeks, type IsoWeek, parseWeekKey, weekKey } from '@app/shared/platform/iso-week';
import { endWeekOf } from '@app/shared/timeline/timeline.rules';

/** A row of the week grid: a person, an area, a task. */
export interface WeekGridRow {
  /** Unique within the grid: `area:12`, `person:7`. */
  key: string;
  label: string;
  /** A second, smaller line under the label (a person's function). */
  sublabel?: string | null | undefined;
  /** Indent level (an area under its deck). */
  depth?: number | undefined;
}

/** A bar over one or more weeks in one row. */
export interface WeekGridBar {
  id: number;
  rowKey: string;
  /** The first week, `YYYY-Www`. */
  startWeek: string;
  /** How many weeks it spans (1 or more). */
  weeks: number;
  /** The text on the bar. */
  label: string;
  /** How announcements and the default accessible name call the bar, when not by its label. */
  spokenLabel?: string | undefined;
  /** Background colour; the text on it is white unless `textColor` says otherwise. */
  color?: string | undefined;
  textColor?: string | undefined;
  /** Where the bar is, in words, when that is not its row's label (an item on a task drawn in its area's row). */
  place?: string | undefined;
  /** The bar's accessible name; default "label: place, weeks". */
  name?: string | undefined;
  /** The tooltip; default the accessible name. */
  title?: string | undefined;
  /** May be dragged, resized and moved with the keys. */
  editable: boolean;
  /** Shortest and longest the right edge and Shift+arrows may make it (default 1 and 104). */
  minWeeks?: number | undefined;
  maxWeeks?: number | undefined;
}

/** A change the grid makes to a bar: another first week, another length, another row. */
export interface WeekGridMove {
  startWeek?: string;
  weeks?: number;
  rowKey?: string;
}

/** The longest bar when a bar says nothing (the timeline's two years). */
export const DEFAULT_MAX_WEEKS = 104;

export const startOf = (bar: Pick<WeekGridBar, 'startWeek'>): IsoWeek => parseWeekKey(bar.startWeek) ?? { year: 1970, week: 1 };

/** The bar's last week. */
export const endOf = (bar: Pick<WeekGridBar, 'startWeek' | 'weeks'>): IsoWeek => endWeekOf(startOf(bar), bar.weeks);

const minOf = (bar: WeekGridBar) => Math.max(1, bar.minWeeks ?? 1);
const maxOf = (bar: WeekGridBar) => Math.max(minOf(bar), bar.maxWeeks ?? DEFAULT_MAX_WEEKS);

/** The length a resize asks for, kept between the bar's shortest and longest. */
export function clampWeeks(bar: WeekGridBar, weeks: number): number {
  return Math.min(maxOf(bar), Math.max(minOf(bar), weeks));
}

/** The bar as it looks after the move (shown at once, before the server answers). */
export function movedBar<B extends WeekGridBar>(bar: B, move: WeekGridMove): B {
  const start = move.startWeek ? (parseWeekKey(move.startWeek) ?? startOf(bar)) : startOf(bar);
  const otherRow = move.rowKey !== undefined && move.rowKey !== bar.rowKey;
  return {
    ...bar,
    startWeek: weekKey(start),
    weeks: move.weeks ?? bar.weeks,
    // In another row the bar is where that row is: its own words for the old place no longer hold.
    ...(otherRow ? { rowKey: move.rowKey, place: undefined } : {}),
  };
}

/**
 * A key press on a focused bar: ← and → move it a week, Shift+← and Shift+→ make it a week
 * shorter or longer (within its shortest and longest), ↑ and ↓ move it to the row above or
 * below. Null for any other key, or a move that cannot be made (the first row, the shortest
 * length, ↑ or ↓ for a bar whose row is fixed).
 */
export function keyboardMove(
  bar: WeekGridBar,
  key: string,
  shift: boolean,
  rows: readonly WeekGridRow[],
  rowFixed = false,
): WeekGridMove | null {
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const step = key === 'ArrowLeft' ? -1 : 1;
    if (shift) {
      const weeks = bar.weeks + step;
      return weeks < minOf(bar) || weeks > maxOf(bar) ? null : { weeks };
    }
    return { startWeek: weekKey(addWeeks(startOf(bar), step)) };
  }
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    if (rowFixed) return null;
    const index = rows.findIndex((r) => r.key === bar.rowKey);
    const next = rows[index + (key === 'ArrowUp' ? -1 : 1)];
    return index === -1 || !next ? null : { rowKey: next.key };
  }
  return null;
}

/**
 * A drop: `dWeeks` columns sideways, over the row `overRowKey` (none: outside the rows). Null
 * when nothing changes; `keptRow` when it was dropped on another row that it cannot go to (its
 * row is fixed), so only the weeks (if any) change.
 */
export function dragMove(
  bar: WeekGridBar,
  dWeeks: number,
  overRowKey: string | undefined,
  rowFixed = false,
): { move: WeekGridMove; keptRow: boolean } | null {
  const otherRow = overRowKey !== undefined && overRowKey !== bar.rowKey;
  const keptRow = otherRow && rowFixed;
  const move: WeekGridMove = {
    ...(dWeeks !== 0 ? { startWeek: weekKey(addWeeks(startOf(bar), dWeeks)) } : {}),
    ...(otherRow && !keptRow ? { rowKey: overRowKey } : {}),
  };
  return Object.keys(move).length === 0 && !keptRow ? null : { move, keptRow };
}
