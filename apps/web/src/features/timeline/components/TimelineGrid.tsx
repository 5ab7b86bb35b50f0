import type { Timeline, TimelineItem, TimelineRow } from '@app/shared/timeline/timeline';
import { assignLanes, barPlacement, type WeekColumn, weekColumns } from '@app/shared/timeline/timeline.rules';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type Modifier,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dragMove, itemRowKey, keyboardMove, type Move, movedItem, rowKey, startOf, staysOnTask } from '../timeline-moves';
import classes from './TimelineGrid.module.css';

/** A week column's width in pixels: drags and resizes move in whole columns. */
export const COL_W = 76;
const LANE_H = 30;
const PAD = 5;
/** Key presses on a bar are sent together once the keys rest this long. */
const KEY_COMMIT_MS = 600;

interface Props {
  timeline: Timeline;
  /** An empty cell was clicked: a new item on that row, in that week. */
  onCreate?: ((row: TimelineRow, week: string) => void) | undefined;
  onOpen: (item: TimelineItem) => void;
  /** Saves a move or resize; the promise settles when the server has answered (or refused). */
  onMove: (item: TimelineItem, move: Move) => Promise<unknown>;
}

/** The item's weeks in words: "week 48 to 49 (2026)", "week 53 (2026) to 1 (2027)". */
function useRangeText() {
  const { t } = useTranslation();
  return (i: Pick<TimelineItem, 'startYear' | 'startWeekNumber' | 'endYear' | 'endWeekNumber' | 'weeks'>) =>
    i.weeks === 1
      ? t('timeline.range.one', { week: i.startWeekNumber, year: i.startYear })
      : i.startYear === i.endYear
        ? t('timeline.range.sameYear', { from: i.startWeekNumber, to: i.endWeekNumber, year: i.startYear })
        : t('timeline.range.twoYears', {
            from: i.startWeekNumber,
            fromYear: i.startYear,
            to: i.endWeekNumber,
            toYear: i.endYear,
          });
}

/** Drags move in whole weeks: the bar snaps to the columns as it goes. */
const snapToWeeks: Modifier = ({ transform }) => ({ ...transform, x: Math.round(transform.x / COL_W) * COL_W });

/**
 * The week grid: weeks as columns (the ISO week number, with the month and year where they
 * change; this week marked), the rows' labels in a sticky first column, and the items as bars
 * over their weeks, stacked in lanes where they overlap. A bar is dragged to another week or row,
 * its right edge dragged to make it longer or shorter; from the keyboard a focused bar moves with
 * the arrow keys and Shift+arrows resize it (each move is announced). Clicking an empty cell
 * starts a new item there.
 */
export function TimelineGrid({ timeline, onCreate, onOpen, onMove }: Props) {
  const { t, i18n } = useTranslation();
  const range = useRangeText();
  const columns = useMemo(
    () => weekColumns(startOf({ startWeek: timeline.from }), timeline.weeks),
    [timeline.from, timeline.weeks],
  );
  const current = columns.findIndex((c) => c.key === timeline.currentWeek);
  const rowsByKey = useMemo(() => new Map(timeline.rows.map((r) => [rowKey(r), r])), [timeline.rows]);

  // Moves not yet answered by the server: shown at once, over the loaded items.
  const [drafts, setDrafts] = useState<Record<number, TimelineItem>>({});
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const itemsRef = useRef(timeline.items);
  itemsRef.current = timeline.items;
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const inflight = useRef(new Map<number, Promise<unknown>>());
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const id of all.values()) clearTimeout(id);
    };
  }, []);

  const shown = useMemo(() => timeline.items.map((i) => drafts[i.id] ?? i), [timeline.items, drafts]);
  const byRow = useMemo(() => {
    const m = new Map<string, TimelineItem[]>();
    for (const it of shown) {
      const key = itemRowKey(it, timeline.rowKind);
      if (key === null || !rowsByKey.has(key)) continue;
      const list = m.get(key) ?? [];
      list.push(it);
      m.set(key, list);
    }
    return m;
  }, [shown, timeline.rowKind, rowsByKey]);

  // A bar that moved to another row is a new element: give it the focus back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: every move (a new `shown`) may have re-created the bar
  useEffect(() => {
    if (focusId === null) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-item-id="${focusId}"]`);
    if (el && document.activeElement !== el) el.focus();
  }, [focusId, shown]);

  /** Sends the draft of one item (after the save before it, which gives the version). */
  const commit = (id: number) => {
    timers.current.delete(id);
    const draft = draftsRef.current[id];
    if (!draft) return;
    const run = async () => {
      const original = itemsRef.current.find((i) => i.id === id);
      if (!original) return;
      const row = rowsByKey.get(`${draft.target.kind}:${draft.target.id}`);
      const move: Move = { startWeek: draft.startWeek, weeks: draft.weeks, ...(row ? { row } : {}) };
      try {
        await onMove(original, move);
      } catch {
        // The page says what went wrong; the grid shows the server's copy again.
      } finally {
        setDrafts((d) => {
          if (d[id] !== draft) return d;
          const { [id]: _gone, ...rest } = d;
          return rest;
        });
      }
    };
    const before = inflight.current.get(id) ?? Promise.resolve();
    const p = before.then(run);
    inflight.current.set(id, p);
    void p.finally(() => {
      if (inflight.current.get(id) === p) inflight.current.delete(id);
    });
  };

  const show = (item: TimelineItem, move: Move, delay: number) => {
    const next = movedItem(draftsRef.current[item.id] ?? item, move);
    draftsRef.current = { ...draftsRef.current, [item.id]: next };
    setDrafts(draftsRef.current);
    const old = timers.current.get(item.id);
    if (old) clearTimeout(old);
    if (delay === 0) commit(item.id);
    else
      timers.current.set(
        item.id,
        setTimeout(() => commit(item.id), delay),
      );
    return next;
  };

  const announceMove = (next: TimelineItem) =>
    setAnnouncement(t('timeline.announce.moved', { title: next.title, range: range(next), row: next.target.label }));

  /** A bar on a task, in the areas view, asked to go to another row: it stays on its task. */
  const announceStaysOnTask = (next: TimelineItem) =>
    setAnnouncement(t('timeline.announce.staysOnTask', { title: next.title, range: range(next), task: next.target.label }));

  const onKey = (item: TimelineItem, e: KeyboardEvent<HTMLElement>) => {
    const base = draftsRef.current[item.id] ?? item;
    const move = keyboardMove(base, e.key, e.shiftKey, timeline.rows, timeline.rowKind);
    if (!move) {
      if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && staysOnTask(base, timeline.rowKind)) {
        e.preventDefault();
        announceStaysOnTask(base);
      }
      return;
    }
    e.preventDefault();
    const next = show(item, move, KEY_COMMIT_MS);
    setFocusId(item.id);
    announceMove(next);
  };

  const onResize = (item: TimelineItem, weeks: number) => {
    const next = show(item, { weeks }, 0);
    announceMove(next);
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const titleOf = (id: unknown) => shown.find((i) => i.id === Number(id))?.title ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('timeline.announce.picked', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('timeline.announce.over', { title: titleOf(active.id), row: rowsByKey.get(String(over.id))?.label ?? '' })
        : undefined,
    onDragEnd: ({ active }) => t('timeline.announce.dropped', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('timeline.announce.cancelled', { title: titleOf(active.id) }),
  };

  const onDragEnd = ({ active, delta, over }: DragEndEvent) => {
    const item = shown.find((i) => i.id === Number(active.id));
    if (!item) return;
    const row = over ? rowsByKey.get(String(over.id)) : undefined;
    const drop = dragMove(item, Math.round(delta.x / COL_W), row, timeline.rowKind);
    if (!drop) return;
    const next = Object.keys(drop.move).length > 0 ? show(item, drop.move, 0) : item;
    if (drop.keptRow) announceStaysOnTask(next);
    else announceMove(next);
  };

  const width = columns.length * COL_W;
  return (
    <>
      <DndContext
        sensors={sensors}
        modifiers={[snapToWeeks]}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('timeline.keyboardHelp') } }}
      >
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable from the keyboard */}
        <section className={classes.scroller} aria-label={t('timeline.gridLabel')} tabIndex={0}>
          <div className={classes.grid} ref={gridRef} style={{ width: `calc(var(--label-w) + ${width}px)` }}>
            <div className={classes.header}>
              <div className={classes.corner}>{t(`timeline.rowKinds.${timeline.rowKind}`)}</div>
              {columns.map((c, i) => (
                <WeekHead key={c.key} column={c} current={i === current} locale={i18n.language} />
              ))}
            </div>
            {timeline.rows.map((row) => (
              <GridRow
                key={rowKey(row)}
                row={row}
                items={byRow.get(rowKey(row)) ?? []}
                columns={columns}
                current={current}
                width={width}
                onCreate={onCreate}
                onOpen={onOpen}
                onKey={onKey}
                onResize={onResize}
                rangeText={range}
              />
            ))}
          </div>
        </section>
      </DndContext>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="timeline-announcement">
        {announcement}
      </div>
    </>
  );
}

function WeekHead({ column, current, locale }: { column: WeekColumn; current: boolean; locale: string }) {
  const { t } = useTranslation();
  const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(
    new Date(`${column.monday}T00:00:00Z`),
  );
  return (
    <div
      className={classes.week}
      style={{ width: COL_W }}
      data-current={current || undefined}
      aria-current={current ? 'date' : undefined}
      data-testid={`week-${column.key}`}
    >
      <div className={classes.weekMonth}>{column.yearStarts ? `${month} ${column.year}` : column.monthStarts ? month : ''}</div>
      <div className={classes.weekNumber}>{t('timeline.weekShort', { week: column.week })}</div>
      {current ? <span className="visually-hidden">{t('timeline.thisWeek')}</span> : null}
    </div>
  );
}

interface RowProps {
  row: TimelineRow;
  items: TimelineItem[];
  columns: WeekColumn[];
  current: number;
  width: number;
  onCreate: Props['onCreate'];
  onOpen: (item: TimelineItem) => void;
  onKey: (item: TimelineItem, e: KeyboardEvent<HTMLElement>) => void;
  onResize: (item: TimelineItem, weeks: number) => void;
  rangeText: (i: TimelineItem) => string;
}

function GridRow({ row, items, columns, current, width, onCreate, onOpen, onKey, onResize, rangeText }: RowProps) {
  const { setNodeRef, isOver } = useDroppable({ id: rowKey(row) });
  const from = { year: columns[0]?.year ?? 1970, week: columns[0]?.week ?? 1 };
  const lanes = assignLanes(items.map((i) => ({ id: i.id, start: startOf(i), weeks: i.weeks })));
  const laneCount = Math.max(1, ...[...lanes.values()].map((l) => l + 1));
  const height = laneCount * LANE_H + PAD * 2;

  const createAt = (e: { clientX: number; currentTarget: HTMLElement; target: EventTarget }) => {
    if (!onCreate || e.target !== e.currentTarget) return;
    const col = Math.floor((e.clientX - e.currentTarget.getBoundingClientRect().left) / COL_W);
    const c = columns[Math.max(0, Math.min(columns.length - 1, col))];
    if (c) onCreate(row, c.key);
  };

  return (
    <div className={classes.row} data-over={isOver || undefined} data-testid={`row-${rowKey(row)}`}>
      <div className={classes.label} style={{ paddingLeft: 8 + row.depth * 12 }}>
        {row.label}
      </div>
      {/* Clicking an empty cell starts a new item there; the 'Nieuw item' button does the same from the keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the keyboard has the 'Nieuw item' button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <div
        ref={setNodeRef}
        className={classes.track}
        style={{ width, minHeight: height, backgroundSize: `${COL_W}px 100%` }}
        data-readonly={onCreate ? undefined : true}
        onClick={createAt}
      >
        {current >= 0 ? <div className={classes.today} style={{ left: current * COL_W, width: COL_W }} /> : null}
        {items.map((item) => {
          const place = barPlacement(startOf(item), item.weeks, from, columns.length);
          if (!place) return null;
          return (
            <Bar
              key={item.id}
              item={item}
              left={place.column * COL_W + 2}
              width={place.span * COL_W - 4}
              top={PAD + (lanes.get(item.id) ?? 0) * LANE_H}
              label={`${item.title}: ${item.target.label}, ${rangeText(item)}`}
              onOpen={onOpen}
              onKey={onKey}
              onResize={onResize}
              clippedEnd={place.clippedEnd}
            />
          );
        })}
      </div>
    </div>
  );
}

interface BarProps {
  item: TimelineItem;
  left: number;
  width: number;
  top: number;
  label: string;
  clippedEnd: boolean;
  onOpen: (item: TimelineItem) => void;
  onKey: (item: TimelineItem, e: KeyboardEvent<HTMLElement>) => void;
  onResize: (item: TimelineItem, weeks: number) => void;
}

function Bar({ item, left, width, top, label, clippedEnd, onOpen, onKey, onResize }: BarProps) {
  const editable = item.abilities.canEdit;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: item.id, disabled: !editable });
  const [resizeBy, setResizeBy] = useState(0);
  const resizeStart = useRef<number | null>(null);
  // The click that ends a drag is not an "open".
  const draggedAt = useRef(0);
  useEffect(() => {
    if (!isDragging) return;
    return () => {
      draggedAt.current = Date.now();
    };
  }, [isDragging]);

  const weeks = Math.max(1, item.weeks + resizeBy);
  const onResizeDown = (e: PointerEvent<HTMLDivElement>) => {
    e.stopPropagation();
    e.preventDefault();
    resizeStart.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onResizeMove = (e: PointerEvent<HTMLDivElement>) => {
    if (resizeStart.current === null) return;
    setResizeBy(Math.round((e.clientX - resizeStart.current) / COL_W));
  };
  const onResizeUp = (e: PointerEvent<HTMLDivElement>) => {
    if (resizeStart.current === null) return;
    resizeStart.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
    setResizeBy(0);
    if (weeks !== item.weeks) onResize(item, Math.min(104, weeks));
  };

  return (
    <div
      ref={setNodeRef}
      className={classes.bar}
      data-dragging={isDragging || undefined}
      style={{
        left,
        top,
        height: LANE_H - 4,
        width: Math.max(COL_W - 4, width + resizeBy * COL_W),
        transform: CSS.Translate.toString(transform),
      }}
    >
      <button
        type="button"
        {...(editable ? attributes : {})}
        {...(editable ? listeners : {})}
        className={classes.barButton}
        data-readonly={editable ? undefined : true}
        data-item-id={item.id}
        aria-label={label}
        title={label}
        onClick={() => {
          if (Date.now() - draggedAt.current > 300) onOpen(item);
        }}
        onKeyDown={editable ? (e) => onKey(item, e) : undefined}
      >
        {item.title}
      </button>
      {editable && !clippedEnd ? (
        <div
          className={classes.resize}
          aria-hidden
          data-testid={`resize-${item.id}`}
          onPointerDown={onResizeDown}
          onPointerMove={onResizeMove}
          onPointerUp={onResizeUp}
          onPointerCancel={() => {
            resizeStart.current = null;
            setResizeBy(0);
          }}
        />
      ) : null}
    </div>
  );
}
