import { addWeeks, type IsoWeek, parseWeekKey, weekKey } from '@app/shared/platform/iso-week';
import type { Timeline, TimelineItem, TimelineRow } from '@app/shared/timeline/timeline';
import { endWeekOf, MAX_TIMELINE_WEEKS } from '@app/shared/timeline/timeline.rules';

/** A row's key in the grid: `area:12`, `task:7`. */
export const rowKey = (r: Pick<TimelineRow, 'kind' | 'id'>) => `${r.kind}:${r.id}`;

/**
 * The row an item is drawn in: in the areas view the area it is planned on (a task's item sits
 * on the task's area); in the tasks view its task (an item on an area has no row there).
 */
export function itemRowKey(item: TimelineItem, rowKind: Timeline['rowKind']): string | null {
  if (rowKind === 'areas') return `area:${item.areaId}`;
  return item.target.kind === 'task' ? `task:${item.target.id}` : null;
}

export const startOf = (item: Pick<TimelineItem, 'startWeek'>): IsoWeek =>
  parseWeekKey(item.startWeek) ?? { year: 1970, week: 1 };

/** A change the grid makes: another first week, another length, another row. */
export interface Move {
  startWeek?: string;
  weeks?: number;
  row?: TimelineRow;
}

/** The item as it looks after the move (shown at once, before the server answers). */
export function movedItem(item: TimelineItem, move: Move): TimelineItem {
  const start = move.startWeek ? (parseWeekKey(move.startWeek) ?? startOf(item)) : startOf(item);
  const weeks = move.weeks ?? item.weeks;
  const end = endWeekOf(start, weeks);
  const row = move.row;
  return {
    ...item,
    startWeek: weekKey(start),
    endWeek: weekKey(end),
    startYear: start.year,
    startWeekNumber: start.week,
    endYear: end.year,
    endWeekNumber: end.week,
    weeks,
    ...(row && (row.kind !== item.target.kind || row.id !== item.target.id)
      ? { target: { kind: row.kind, id: row.id, label: row.label }, ...(row.kind === 'area' ? { areaId: row.id } : {}) }
      : {}),
  };
}

/** What the server is sent for a move (only what changed). */
export function moveBody(item: TimelineItem, move: Move) {
  return {
    ...(move.startWeek && move.startWeek !== item.startWeek ? { startWeek: move.startWeek } : {}),
    ...(move.weeks !== undefined && move.weeks !== item.weeks ? { weeks: move.weeks } : {}),
    ...(move.row && (move.row.kind !== item.target.kind || move.row.id !== item.target.id)
      ? { target: { kind: move.row.kind, id: move.row.id } }
      : {}),
  };
}

/**
 * A key press on a focused bar: ← and → move it a week, Shift+← and Shift+→ make it a week
 * shorter or longer (1 to 104 weeks), ↑ and ↓ move it to the row above or below. Null for any
 * other key, or a move that cannot be made (the first row, one week long).
 */
export function keyboardMove(
  item: TimelineItem,
  key: string,
  shift: boolean,
  rows: readonly TimelineRow[],
  rowKind: Timeline['rowKind'],
): Move | null {
  const start = startOf(item);
  if (key === 'ArrowLeft' || key === 'ArrowRight') {
    const step = key === 'ArrowLeft' ? -1 : 1;
    if (shift) {
      const weeks = item.weeks + step;
      return weeks < 1 || weeks > MAX_TIMELINE_WEEKS ? null : { weeks };
    }
    return { startWeek: weekKey(addWeeks(start, step)) };
  }
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const current = itemRowKey(item, rowKind);
    const index = rows.findIndex((r) => rowKey(r) === current);
    const next = rows[index + (key === 'ArrowUp' ? -1 : 1)];
    return index === -1 || !next ? null : { row: next };
  }
  return null;
}
