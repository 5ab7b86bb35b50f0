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
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './WeekGrid.module.css';
import {
  clampWeeks,
  dragMove,
  endOf,
  keyboardMove,
  movedBar,
  startOf,
  type WeekGridBar,
  type WeekGridMove,
  type WeekGridRow,
} from './week-grid-moves';

/** A week column's width in pixels (unless the grid is told otherwise): drags and resizes move in whole columns. */
export const COL_W = 76;
const LANE_H = 30;
const PAD = 5;
/** Key presses on a bar are sent together once the keys rest this long. */
export const KEY_COMMIT_MS = 600;

/** What the grid asks to save: the bar's first week, length and row after the move (all three, changed or not). */
export type WeekGridChange = Required<WeekGridMove>;

export interface WeekGridProps<B extends WeekGridBar> {
  /** The first week shown, `YYYY-Www`. */
  from: string;
  weeks: number;
  /** This week, `YYYY-Www`: marked when it is shown. */
  currentWeek: string;
  rows: readonly WeekGridRow[];
  /** Bars in rows that are not shown are left out. */
  bars: readonly B[];
  /** The grid's accessible name ("Tijdlijn per week"). */
  label: string;
  /** The heading over the row labels ("Ruimtes", "Mensen"). */
  rowsHeading: string;
  onOpen: (bar: B) => void;
  /** An empty cell was clicked: something new on that row, in that week. None: the grid is read-only there. */
  onCreate?: ((row: WeekGridRow, week: string) => void) | undefined;
  /** Saves a move or resize; the promise settles when the server has answered (or refused). */
  onMove: (bar: B, change: WeekGridChange) => Promise<unknown>;
  /** The bar as it looks after a move, before the server answers (default: `movedBar`). */
  preview?: ((bar: B, move: WeekGridMove) => B) | undefined;
  /**
   * For a bar that cannot leave its row: what to say when ↑/↓ or a drop asks it to (given the
   * bar's weeks in words). Null: the bar may go to another row.
   */
  rowFixedText?: ((bar: B, range: string) => string | null) | undefined;
  /** A bar's time in words for announcements (default: its weeks, "week 48 t/m 49 (2026)"). */
  rangeText?: ((bar: B) => string) | undefined;
  /** Read to screen readers on a bar: how to move it (default: the generic text). */
  keyboardHelp?: string | undefined;
  /** The live region's test id. */
  announcementTestId?: string | undefined;
  /** A week column's width in pixels (default COL_W); with `fill`, the narrowest it gets. */
  columnWidth?: number | undefined;
  /** Widen the columns to fill the width there is (a few weeks on a wide screen). */
  fill?: boolean | undefined;
}

/** The bar's weeks in words: "week 48 t/m 49 (2026)", "week 53 (2026) t/m 1 (2027)". */
export function useWeekRangeText() {
  const { t } = useTranslation();
  return (bar: Pick<WeekGridBar, 'startWeek' | 'weeks'>) => {
    const start = startOf(bar);
    const end = endOf(bar);
    return bar.weeks <= 1
      ? t('weekGrid.range.one', { week: start.week, year: start.year })
      : start.year === end.year
        ? t('weekGrid.range.sameYear', { from: start.week, to: end.week, year: start.year })
        : t('weekGrid.range.twoYears', { from: start.week, fromYear: start.year, to: end.week, toYear: end.year });
  };
}

/** Drags move in whole weeks: the bar snaps to the columns as it goes. */
const snapToWeeks =
  (colW: number): Modifier =>
  ({ transform }) => ({ ...transform, x: Math.round(transform.x / colW) * colW });

/**
 * The columns' width: `min`, or with `fill` as wide as the scroller leaves beside the row labels
 * (followed as it resizes).
 */
function useColumnWidth(
  scroller: RefObject<HTMLElement | null>,
  corner: RefObject<HTMLElement | null>,
  count: number,
  min: number,
  fill: boolean,
) {
  const [width, setWidth] = useState(min);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!fill || !el) {
      setWidth(min);
      return;
    }
    const measure = () => {
      // clientWidth leaves out the border; the label column is sticky and keeps its width.
      const free = el.clientWidth - (corner.current?.offsetWidth ?? 0);
      setWidth(Math.max(min, Math.floor(free / Math.max(1, count))));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [scroller, corner, count, min, fill]);
  return width;
}

/**
 * The week grid: weeks as columns (the ISO week number, with the month and year where they
 * change; this week marked), the rows' labels in a sticky first column, and bars over their
 * weeks, stacked in lanes where they overlap. A bar is dragged to another week or row, its right
 * edge dragged to make it longer or shorter; from the keyboard a focused bar moves with the arrow
 * keys and Shift+arrows resize it (each move is announced). Clicking an empty cell starts
 * something new there. The timeline and the planner's people-by-week view are adapters over it.
 */
export function WeekGrid<B extends WeekGridBar>({
  from,
  weeks,
  currentWeek,
  rows,
  bars,
  label,
  rowsHeading,
  onOpen,
  onCreate,
  onMove,
  preview = movedBar,
  rowFixedText,
  rangeText,
  keyboardHelp,
  announcementTestId = 'week-grid-announcement',
  columnWidth = COL_W,
  fill = false,
}: WeekGridProps<B>) {
  const { t, i18n } = useTranslation();
  const weekRange = useWeekRangeText();
  const range = rangeText ?? weekRange;
  const columns = useMemo(() => weekColumns(startOf({ startWeek: from }), weeks), [from, weeks]);
  const current = columns.findIndex((c) => c.key === currentWeek);
  const rowsByKey = useMemo(() => new Map(rows.map((r) => [r.key, r])), [rows]);

  // Moves not yet answered by the server: shown at once, over the loaded bars.
  const [drafts, setDrafts] = useState<Record<number, B>>({});
  const draftsRef = useRef(drafts);
  draftsRef.current = drafts;
  const barsRef = useRef(bars);
  barsRef.current = bars;
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const inflight = useRef(new Map<number, Promise<unknown>>());
  const [announcement, setAnnouncement] = useState('');
  const [focusId, setFocusId] = useState<number | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const scrollerRef = useRef<HTMLElement>(null);
  const cornerRef = useRef<HTMLDivElement>(null);
  const colW = useColumnWidth(scrollerRef, cornerRef, columns.length, columnWidth, fill);
  const modifiers = useMemo(() => [snapToWeeks(colW)], [colW]);

  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const id of all.values()) clearTimeout(id);
    };
  }, []);

  const shown = useMemo(() => bars.map((b) => drafts[b.id] ?? b), [bars, drafts]);
  const byRow = useMemo(() => {
    const m = new Map<string, B[]>();
    for (const bar of shown) {
      if (!rowsByKey.has(bar.rowKey)) continue;
      const list = m.get(bar.rowKey) ?? [];
      list.push(bar);
      m.set(bar.rowKey, list);
    }
    return m;
  }, [shown, rowsByKey]);

  // A bar that moved to another row is a new element: give it the focus back.
  // biome-ignore lint/correctness/useExhaustiveDependencies: every move (a new `shown`) may have re-created the bar
  useEffect(() => {
    if (focusId === null) return;
    const el = gridRef.current?.querySelector<HTMLElement>(`[data-item-id="${focusId}"]`);
    if (el && document.activeElement !== el) el.focus();
  }, [focusId, shown]);

  const spoken = (bar: B) => bar.spokenLabel ?? bar.label;
  const placeOf = (bar: B) => bar.place ?? rowsByKey.get(bar.rowKey)?.label ?? '';

  /** Sends the draft of one bar (after the save before it, which gives the version). */
  const commit = (id: number) => {
    timers.current.delete(id);
    const draft = draftsRef.current[id];
    if (!draft) return;
    const run = async () => {
      const original = barsRef.current.find((b) => b.id === id);
      if (!original) return;
      try {
        await onMove(original, { startWeek: draft.startWeek, weeks: draft.weeks, rowKey: draft.rowKey });
      } catch {
        // The page says what went wrong; the grid shows the server's copy again.
      } finally {
        setDrafts((d) => {
          if (d[id] !== draft) return d;
          const { [id]: _gone, ...rest } = d;
          return rest as Record<number, B>;
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

  const show = (bar: B, move: WeekGridMove, delay: number) => {
    const next = preview(draftsRef.current[bar.id] ?? bar, move);
    draftsRef.current = { ...draftsRef.current, [bar.id]: next };
    setDrafts(draftsRef.current);
    const old = timers.current.get(bar.id);
    if (old) clearTimeout(old);
    if (delay === 0) commit(bar.id);
    else
      timers.current.set(
        bar.id,
        setTimeout(() => commit(bar.id), delay),
      );
    return next;
  };

  const announceMove = (next: B) =>
    setAnnouncement(t('weekGrid.announce.moved', { title: spoken(next), range: range(next), row: placeOf(next) }));
  const fixedText = (bar: B) => rowFixedText?.(bar, range(bar)) ?? null;

  const onKey = (bar: B, e: KeyboardEvent<HTMLElement>) => {
    const base = draftsRef.current[bar.id] ?? bar;
    const fixed = fixedText(base);
    const move = keyboardMove(base, e.key, e.shiftKey, rows, fixed !== null);
    if (!move) {
      if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && fixed !== null) {
        e.preventDefault();
        setAnnouncement(fixed);
      }
      return;
    }
    e.preventDefault();
    const next = show(bar, move, KEY_COMMIT_MS);
    setFocusId(bar.id);
    announceMove(next);
  };

  const onResize = (bar: B, weeks: number) => {
    const next = show(bar, { weeks }, 0);
    announceMove(next);
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const titleOf = (id: unknown) => {
    const bar = shown.find((b) => b.id === Number(id));
    return bar ? spoken(bar) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('weekGrid.announce.picked', { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('weekGrid.announce.over', { title: titleOf(active.id), row: rowsByKey.get(String(over.id))?.label ?? '' })
        : undefined,
    onDragEnd: ({ active }) => t('weekGrid.announce.dropped', { title: titleOf(active.id) }),
    onDragCancel: ({ active }) => t('weekGrid.announce.cancelled', { title: titleOf(active.id) }),
  };

  const onDragEnd = ({ active, delta, over }: DragEndEvent) => {
    const bar = shown.find((b) => b.id === Number(active.id));
    if (!bar) return;
    const overKey = over && rowsByKey.has(String(over.id)) ? String(over.id) : undefined;
    const fixed = fixedText(bar);
    const drop = dragMove(bar, Math.round(delta.x / colW), overKey, fixed !== null);
    if (!drop) return;
    const next = Object.keys(drop.move).length > 0 ? show(bar, drop.move, 0) : bar;
    if (drop.keptRow) setAnnouncement(fixedText(next) ?? '');
    else announceMove(next);
  };

  const width = columns.length * colW;
  return (
    <>
      <DndContext
        sensors={sensors}
        modifiers={modifiers}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: keyboardHelp ?? t('weekGrid.keyboardHelp') },
        }}
      >
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must be reachable from the keyboard */}
        <section ref={scrollerRef} className={classes.scroller} aria-label={label} tabIndex={0}>
          <div className={classes.grid} ref={gridRef} style={{ width: `calc(var(--label-w) + ${width}px)` }}>
            <div className={classes.header}>
              <div ref={cornerRef} className={classes.corner}>
                {rowsHeading}
              </div>
              {columns.map((c, i) => (
                <WeekHead key={c.key} column={c} current={i === current} locale={i18n.language} colW={colW} />
              ))}
            </div>
            {rows.map((row) => (
              <GridRow
                key={row.key}
                row={row}
                bars={byRow.get(row.key) ?? []}
                columns={columns}
                current={current}
                width={width}
                colW={colW}
                onCreate={onCreate}
                onOpen={onOpen}
                onKey={onKey}
                onResize={onResize}
                nameOf={(bar) => bar.name ?? `${spoken(bar)}: ${placeOf(bar)}, ${range(bar)}`}
              />
            ))}
          </div>
        </section>
      </DndContext>
      <div className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid={announcementTestId}>
        {announcement}
      </div>
    </>
  );
}

function WeekHead({ column, current, locale, colW }: { column: WeekColumn; current: boolean; locale: string; colW: number }) {
  const { t } = useTranslation();
  const month = new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' }).format(
    new Date(`${column.monday}T00:00:00Z`),
  );
  return (
    <div
      className={classes.week}
      style={{ width: colW }}
      data-current={current || undefined}
      aria-current={current ? 'date' : undefined}
      data-testid={`week-${column.key}`}
    >
      <div className={classes.weekMonth}>{column.yearStarts ? `${month} ${column.year}` : column.monthStarts ? month : ''}</div>
      <div className={classes.weekNumber}>{t('weekGrid.weekShort', { week: column.week })}</div>
      {current ? <span className="visually-hidden">{t('weekGrid.thisWeek')}</span> : null}
    </div>
  );
}

interface RowProps<B extends WeekGridBar> {
  row: WeekGridRow;
  bars: B[];
  columns: WeekColumn[];
  current: number;
  width: number;
  colW: number;
  onCreate: WeekGridProps<B>['onCreate'];
  onOpen: (bar: B) => void;
  onKey: (bar: B, e: KeyboardEvent<HTMLElement>) => void;
  onResize: (bar: B, weeks: number) => void;
  nameOf: (bar: B) => string;
}

function GridRow<B extends WeekGridBar>({
  row,
  bars,
  columns,
  current,
  width,
  colW,
  onCreate,
  onOpen,
  onKey,
  onResize,
  nameOf,
}: RowProps<B>) {
  const { setNodeRef, isOver } = useDroppable({ id: row.key });
  const from = { year: columns[0]?.year ?? 1970, week: columns[0]?.week ?? 1 };
  const lanes = assignLanes(bars.map((b) => ({ id: b.id, start: startOf(b), weeks: b.weeks })));
  const laneCount = Math.max(1, ...[...lanes.values()].map((l) => l + 1));
  const height = laneCount * LANE_H + PAD * 2;

  const createAt = (e: { clientX: number; currentTarget: HTMLElement; target: EventTarget }) => {
    if (!onCreate || e.target !== e.currentTarget) return;
    const col = Math.floor((e.clientX - e.currentTarget.getBoundingClientRect().left) / colW);
    const c = columns[Math.max(0, Math.min(columns.length - 1, col))];
    if (c) onCreate(row, c.key);
  };

  return (
    <div className={classes.row} data-over={isOver || undefined} data-testid={`row-${row.key}`}>
      <div className={classes.label} style={{ paddingLeft: 8 + (row.depth ?? 0) * 12 }}>
        {row.label}
        {row.sublabel ? <span className={classes.sublabel}>{row.sublabel}</span> : null}
      </div>
      {/* Clicking an empty cell starts something new there; the page's 'new' button does the same from the keyboard. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the keyboard has the page's 'new' button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: see above */}
      <div
        ref={setNodeRef}
        className={classes.track}
        style={{ width, minHeight: height, backgroundSize: `${colW}px 100%` }}
        data-readonly={onCreate ? undefined : true}
        onClick={createAt}
      >
        {current >= 0 ? <div className={classes.today} style={{ left: current * colW, width: colW }} /> : null}
        {bars.map((bar) => {
          const place = barPlacement(startOf(bar), bar.weeks, from, columns.length);
          if (!place) return null;
          return (
            <Bar
              key={bar.id}
              bar={bar}
              left={place.column * colW + 2}
              width={place.span * colW - 4}
              colW={colW}
              top={PAD + (lanes.get(bar.id) ?? 0) * LANE_H}
              name={nameOf(bar)}
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

interface BarProps<B extends WeekGridBar> {
  bar: B;
  left: number;
  width: number;
  top: number;
  name: string;
  colW: number;
  clippedEnd: boolean;
  onOpen: (bar: B) => void;
  onKey: (bar: B, e: KeyboardEvent<HTMLElement>) => void;
  onResize: (bar: B, weeks: number) => void;
}

function Bar<B extends WeekGridBar>({ bar, left, width, top, name, colW, clippedEnd, onOpen, onKey, onResize }: BarProps<B>) {
  const editable = bar.editable;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: bar.id, disabled: !editable });
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

  const weeks = clampWeeks(bar, bar.weeks + resizeBy);
  const onResizeDown = (e: PointerEvent<HTMLDivElement>) => {
    e.stopPropagation();
    e.preventDefault();
    resizeStart.current = e.clientX;
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onResizeMove = (e: PointerEvent<HTMLDivElement>) => {
    if (resizeStart.current === null) return;
    setResizeBy(Math.round((e.clientX - resizeStart.current) / colW));
  };
  const onResizeUp = (e: PointerEvent<HTMLDivElement>) => {
    if (resizeStart.current === null) return;
    resizeStart.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
    setResizeBy(0);
    if (weeks !== bar.weeks) onResize(bar, weeks);
  };

  const style: CSSProperties & Record<'--bar-color' | '--bar-text', string | undefined> = {
    left,
    top,
    height: LANE_H - 4,
    width: Math.max(colW - 4, width + (weeks - bar.weeks) * colW),
    transform: CSS.Translate.toString(transform),
    '--bar-color': bar.color,
    '--bar-text': bar.color ? (bar.textColor ?? '#fff') : bar.textColor,
  };
  return (
    <div ref={setNodeRef} className={classes.bar} data-dragging={isDragging || undefined} style={style}>
      <button
        type="button"
        {...(editable ? attributes : {})}
        {...(editable ? listeners : {})}
        className={classes.barButton}
        data-readonly={editable ? undefined : true}
        data-item-id={bar.id}
        aria-label={name}
        title={bar.title ?? name}
        onClick={() => {
          if (Date.now() - draggedAt.current > 300) onOpen(bar);
        }}
        onKeyDown={editable ? (e) => onKey(bar, e) : undefined}
      >
        {bar.label}
      </button>
      {editable && !clippedEnd ? (
        <div
          className={classes.resize}
          aria-hidden
          data-testid={`resize-${bar.id}`}
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
