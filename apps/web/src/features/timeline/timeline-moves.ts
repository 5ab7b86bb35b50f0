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

/**
 * In the areas view a bar on a task sits on its task's area row, and its task decides that row:
 * there it moves only in time (↑/↓ and a drop on another row leave the target alone; turning it
 * into an item on an area is done in the item's form).
 */
export function staysOnTask(item: Pick<TimelineItem, 'target'>, rowKind: Timeline['rowKind']): boolean {
  return rowKind === 'areas' && item.target.kind === 'task';
}

/** True when the move's row would give the item another target of the same kind (a move never changes the kind). */
function retargets(item: TimelineItem, row: TimelineRow | undefined): row is TimelineRow {
  return !!row && row.kind === item.target.kind && row.id !== item.target.id;
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
    ...(retargets(item, row)
      ? { target: { kind: row.kind, id: row.id, label: row.label }, ...(row.kind === 'area' ? { areaId: row.id } : {}) }
      : {}),
  };
}

/** What the server is sent for a move (only what changed). */
export function moveBody(item: TimelineItem, move: Move) {
  return {
    ...(move.startWeek && move.startWeek !== item.startWeek ? { startWeek: move.startWeek } : {}),
    ...(move.weeks !== undefined && move.weeks !== item.weeks ? { weeks: move.weeks } : {}),
    ...(retargets(item, move.row) ? { target: { kind: move.row.kind, id: move.row.id } } : {}),
  };
}

/**
 * A key press on a focused bar: ← and → move it a week, Shift+← and Shift+→ make it a week
 * shorter or longer (1 to 104 weeks), ↑ and ↓ move it to the row above or below. Null for any
 * other key, or a move that cannot be made (the first row, one week long, ↑ or ↓ for a bar that
 * stays on its task: see `staysOnTask`).
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
    if (staysOnTask(item, rowKind)) return null;
    const current = itemRowKey(item, rowKind);
    const index = rows.findIndex((r) => rowKey(r) === current);
    const next = rows[index + (key === 'ArrowUp' ? -1 : 1)];
    return index === -1 || !next ? null : { row: next };
  }
  return null;
}

/**
 * A drop: `dWeeks` columns sideways, over `row` (none: outside the rows). Null when nothing
 * changes; `keptRow` when it was dropped on another row that it cannot go to (a bar that stays
 * on its task), so only the weeks (if any) change.
 */
export function dragMove(
  item: TimelineItem,
  dWeeks: number,
  row: TimelineRow | undefined,
  rowKind: Timeline['rowKind'],
): { move: Move; keptRow: boolean } | null {
  const otherRow = !!row && rowKey(row) !== itemRowKey(item, rowKind);
  const keptRow = otherRow && staysOnTask(item, rowKind);
  const move: Move = {
    ...(dWeeks !== 0 ? { startWeek: weekKey(addWeeks(startOf(item), dWeeks)) } : {}),
    ...(otherRow && !keptRow && row ? { row } : {}),
  };
  return Object.keys(move).length === 0 && !keptRow ? null : { move, keptRow };
}
