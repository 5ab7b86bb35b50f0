import type { Timeline, TimelineItem, TimelineRow } from '@app/shared/timeline/timeline';
import { MAX_TIMELINE_WEEKS } from '@app/shared/timeline/timeline.rules';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COL_W, WeekGrid, type WeekGridChange } from '../../../components/week-grid/WeekGrid';
import type { WeekGridBar } from '../../../components/week-grid/week-grid-moves';
import { itemRowKey, type Move, rowKey, staysOnTask } from '../timeline-moves';

export { COL_W };

interface Props {
  timeline: Timeline;
  /** An empty cell was clicked: a new item on that row, in that week. */
  onCreate?: ((row: TimelineRow, week: string) => void) | undefined;
  onOpen: (item: TimelineItem) => void;
  /** Saves a move or resize; the promise settles when the server has answered (or refused). */
  onMove: (item: TimelineItem, move: Move) => Promise<unknown>;
}

/** A timeline item as a bar of the week grid (the item rides along for the callbacks). */
interface ItemBar extends WeekGridBar {
  item: TimelineItem;
}

/** The bar of an item in the rows shown; null when it has no row there (an item on an area in the tasks view). */
export function itemBar(item: TimelineItem, rowKind: Timeline['rowKind']): ItemBar | null {
  const key = itemRowKey(item, rowKind);
  if (key === null) return null;
  return {
    id: item.id,
    rowKey: key,
    startWeek: item.startWeek,
    weeks: item.weeks,
    label: item.title,
    // A bar on a task in the areas view is drawn in its area's row but says which task it is on.
    place: item.target.label,
    editable: item.abilities.canEdit,
    maxWeeks: MAX_TIMELINE_WEEKS,
    item,
  };
}

/**
 * The project's timeline on the week grid (components/week-grid): areas or tasks as rows, the
 * items as bars. A bar on a task in the areas view stays on its task's row (↑/↓ and a drop on
 * another row only say so); everything else is the grid's.
 */
export function TimelineGrid({ timeline, onCreate, onOpen, onMove }: Props) {
  const { t } = useTranslation();
  const rows = useMemo(() => timeline.rows.map((r) => ({ key: rowKey(r), label: r.label, depth: r.depth })), [timeline.rows]);
  const rowsByKey = useMemo(() => new Map(timeline.rows.map((r) => [rowKey(r), r])), [timeline.rows]);
  const bars = useMemo(
    () => timeline.items.flatMap((i) => itemBar(i, timeline.rowKind) ?? []),
    [timeline.items, timeline.rowKind],
  );

  const move = (bar: ItemBar, change: WeekGridChange) => {
    const row = change.rowKey !== bar.rowKey ? rowsByKey.get(change.rowKey) : undefined;
    return onMove(bar.item, { startWeek: change.startWeek, weeks: change.weeks, ...(row ? { row } : {}) });
  };

  return (
    <WeekGrid
      from={timeline.from}
      weeks={timeline.weeks}
      currentWeek={timeline.currentWeek}
      rows={rows}
      bars={bars}
      label={t('timeline.gridLabel')}
      rowsHeading={t(`timeline.rowKinds.${timeline.rowKind}`)}
      onOpen={(bar) => onOpen(bar.item)}
      onCreate={
        onCreate
          ? (row, week) => {
              const r = rowsByKey.get(row.key);
              if (r) onCreate(r, week);
            }
          : undefined
      }
      onMove={move}
      rowFixedText={(bar, range) =>
        staysOnTask(bar.item, timeline.rowKind)
          ? t('timeline.announce.staysOnTask', { title: bar.label, range, task: bar.item.target.label })
          : null
      }
      announcementTestId="timeline-announcement"
    />
  );
}
