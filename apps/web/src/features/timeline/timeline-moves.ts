import { type IsoWeek, parseWeekKey, weekKey } from '@app/shared/platform/iso-week';
import type { Timeline, TimelineItem, TimelineRow } from '@app/shared/timeline/timeline';
import { endWeekOf } from '@app/shared/timeline/timeline.rules';

/**
 * The timeline's side of the week grid (components/week-grid): which row an item is drawn in, and
 * what a move does to an item and sends to the server. Moving by keys and drags is the grid's.
 */

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

/** A change to an item: another first week, another length, another row. */
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
