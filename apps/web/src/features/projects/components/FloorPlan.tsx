import type { Media } from '@app/shared/media/media';
import type { PlanMarker } from '@app/shared/projects/areas';
import { ActionIcon, Alert, Box, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import classes from './FloorPlan.module.css';
import {
  clampZoom,
  fitSize,
  fraction,
  KEY_STEP,
  KEY_STEP_LARGE,
  MAX_ZOOM,
  MIN_ZOOM,
  nextZoomStep,
  toPixels,
} from './floor-plan-geometry';

/** Where a marker was dropped: fractions of the plan, and pixels of the plan as rendered with that size. */
export interface MarkerDrop {
  x: number;
  y: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface FloorPlanProps {
  /** The plan image (its 1600 px `largeUrl`) and its size, which gives the proportions before it loads. */
  plan: Pick<Media, 'largeUrl' | 'width' | 'height'>;
  markers: readonly PlanMarker[];
  /** The plan's accessible name ("Plattegrond van Dek 5"). */
  title: string;
  /** The person may place markers (the area's `canEdit`); otherwise markers only open. */
  canMove: boolean;
  /** Saves a drop; resolves with the place the server stored, rejects to put the marker back. */
  onMove: (marker: PlanMarker, drop: MarkerDrop) => Promise<{ x: number; y: number }>;
  /** A click (or Enter) on a marker: open the area or the task. */
  onOpen: (marker: PlanMarker) => void;
  /** Buttons at the end of the toolbar (replace the plan, …). */
  actions?: ReactNode;
}

type Point = { x: number; y: number };
const keyOf = (m: Pick<PlanMarker, 'type' | 'id'>) => `${m.type}-${m.id}`;

/** A marker's colour by its status: open areas blue, pending tasks orange, done green, an open ticket red. */
export const MARKER_COLORS: Record<string, string> = {
  open: 'blue',
  pending: 'orange',
  completed: 'green',
  open_ticket: 'red',
};

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

/** The width the plan may use, measured on a box that never scrolls (so scrollbars cannot feed back into it). */
function useAvailableWidth(ref: RefObject<HTMLDivElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return width;
}

/** At 100 % a plan is at most 70 % of the window high (a portrait plan on a wide screen is fitted to the height). */
const readMaxHeight = () => Math.max(240, Math.round(window.innerHeight * 0.7));

function useMaxHeight(): number {
  const [h, setH] = useState(readMaxHeight);
  useEffect(() => {
    const onResize = () => setH(readMaxHeight());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return h;
}

const pct = (v: number) => Math.round(v * 100);

/** About how wide a marker's label is drawn (12 px semibold, 8 px padding each side), capped as the CSS caps it; labels that only touch are fine. */
const labelWidth = (label: string) => Math.min(150, label.length * 7 + 16);

/**
 * Whether the plan is too crowded for labels at this size: more than a quarter of the markers (and
 * at least three) would overlap another's label. Then the markers are drawn as dots (their names
 * stay in their accessible names and tooltips) until the plan is zoomed in. Two markers dropped on
 * the same spot do not turn the whole plan into dots.
 */
export function labelsCollide(items: readonly { at: Point; label: string }[], width: number, height: number): boolean {
  const boxes = items.map((i) => ({ x: i.at.x * width, y: i.at.y * height, w: labelWidth(i.label) })).sort((a, b) => a.x - b.x);
  const hit = new Set<number>();
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i] as (typeof boxes)[number];
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j] as (typeof boxes)[number];
      if (b.x - a.x >= 150) break; // sorted by x: nothing further can reach a (two of the widest labels, halved)
      if (Math.abs(b.x - a.x) < (a.w + b.w) / 2 - 6 && Math.abs(b.y - a.y) < 20) {
        hit.add(i);
        hit.add(j);
      }
    }
  }
  return hit.size > Math.max(2, boxes.length / 4);
}

/**
 * A floor plan with its markers. The plan is scaled to the width; markers sit at fractions of it
 * (left = x × width, top = y × height), so they stay right at any size and zoom, and keep their
 * own size while zooming. Markers not placed yet wait in a tray below. Markers are dragged with a
 * mouse or a finger (from the tray onto the plan too), or moved from the keyboard: arrows 1 %,
 * Shift+arrows 5 %, Enter or Space drops and saves, Escape cancels. A drop is saved at once and put
 * back when the server refuses. Zoom 50 %–400 % with the buttons, Ctrl/⌘ + wheel, a pinch or the
 * + and − keys on the plan; pan by dragging the background or by scrolling.
 */
export function FloorPlan({ plan, markers, title, canMove, onMove, onOpen, actions }: FloorPlanProps) {
  const { t } = useTranslation();
  const ids = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<HTMLDivElement>(null);
  const markerEls = useRef(new Map<string, HTMLElement>());
  // The viewport's border (1 px each side) is not room for the plan.
  const available = Math.max(0, useAvailableWidth(wrapRef) - 2);
  const maxHeight = useMaxHeight();
  const [natural, setNatural] = useState<{ w: number; h: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const aspect = plan.width && plan.height ? plan.height / plan.width : natural ? natural.h / natural.w : 0.75;
  const fit = fitSize(available, aspect, maxHeight);
  const [zoom, setZoom] = useState(1);
  const zoomRef = useRef(1);
  const stageW = fit.width * zoom;
  const stageH = fit.height * zoom;

  // Drops being saved or just saved, shown until the markers from the server catch up.
  const [placed, setPlaced] = useState<Record<string, Point>>({});
  const saving = useRef(new Set<string>());
  // A pointer drag: the session in a ref (events come fast), what to draw in state.
  const dragRef = useRef<{ m: PlanMarker; pointerId: number; start: Point; started: boolean; fromTray: boolean } | null>(null);
  const [drag, setDrag] = useState<{ key: string; at: Point; over: boolean; client: Point; fromTray: boolean } | null>(null);
  const swallowClick = useRef(false);
  // A keyboard move not yet dropped: where the marker is now and where it came from.
  const [kbd, setKbd] = useState<{ key: string; at: Point; fromTray: boolean } | null>(null);
  const spaceDropped = useRef(false);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const panRef = useRef<{ pointerId: number; x: number; y: number; left: number; top: number } | null>(null);
  const [panning, setPanning] = useState(false);
  const anchorRef = useRef<{ fx: number; fy: number; cx: number; cy: number } | null>(null);

  // New markers from the server: forget the drops that are no longer being saved.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new markers list settles the drops
  useEffect(() => {
    setPlaced((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => saving.current.has(k))));
  }, [markers]);

  useEffect(() => {
    if (!focusKey) return;
    markerEls.current.get(focusKey)?.focus();
    setFocusKey(null);
  }, [focusKey]);

  const statusText = (m: PlanMarker) => t(`areas.plan.status.${m.status}`, { defaultValue: m.status });
  const committed = (m: PlanMarker): Point | null => {
    const k = keyOf(m);
    if (placed[k]) return placed[k];
    return m.x !== null && m.y !== null ? { x: m.x, y: m.y } : null;
  };
  const shown = (m: PlanMarker): Point | null => {
    const k = keyOf(m);
    if (drag?.key === k && drag.over) return drag.at;
    if (kbd?.key === k) return kbd.at;
    return committed(m);
  };

  /** Fractions of the plan under a point of the window, and whether the point is on the plan. */
  const fractionAt = (clientX: number, clientY: number): { at: Point; inside: boolean } => {
    const r = stageRef.current?.getBoundingClientRect();
    if (!r || r.width === 0 || r.height === 0) return { at: { x: 0.5, y: 0.5 }, inside: false };
    const x = (clientX - r.left) / r.width;
    const y = (clientY - r.top) / r.height;
    return { at: { x: fraction(x), y: fraction(y) }, inside: x >= 0 && x <= 1 && y >= 0 && y <= 1 };
  };

  const commit = (m: PlanMarker, at: Point) => {
    const k = keyOf(m);
    const x = fraction(at.x);
    const y = fraction(at.y);
    const drop: MarkerDrop = { x, y, ...toPixels(x, y, stageW, stageH) };
    saving.current.add(k);
    setPlaced((p) => ({ ...p, [k]: { x, y } }));
    setAnnouncement(t('areas.plan.dropped', { label: m.label, x: pct(x), y: pct(y) }));
    onMove(m, drop).then(
      (stored) => {
        saving.current.delete(k);
        setPlaced((p) => ({ ...p, [k]: stored }));
      },
      () => {
        saving.current.delete(k);
        setPlaced(({ [k]: _gone, ...rest }) => rest);
        setAnnouncement(t('areas.plan.moveFailed', { label: m.label }));
      },
    );
  };

  // Pointer drags of markers (on the plan and from the tray)

  const onMarkerPointerDown = (e: PointerEvent<HTMLElement>, m: PlanMarker, fromTray: boolean) => {
    swallowClick.current = false;
    if (!canMove || e.button !== 0) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    dragRef.current = { m, pointerId: e.pointerId, start: { x: e.clientX, y: e.clientY }, started: false, fromTray };
  };

  const onMarkerPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    if (!d.started) {
      if (Math.hypot(e.clientX - d.start.x, e.clientY - d.start.y) < 4) return;
      d.started = true;
      setKbd(null);
    }
    const { at, inside } = fractionAt(e.clientX, e.clientY);
    setDrag({
      key: keyOf(d.m),
      at,
      over: d.fromTray ? inside : true,
      client: { x: e.clientX, y: e.clientY },
      fromTray: d.fromTray,
    });
  };

  const onMarkerPointerUp = (e: PointerEvent<HTMLElement>) => {
    const d = dragRef.current;
    if (!d || d.pointerId !== e.pointerId) return;
    dragRef.current = null;
    if (!d.started) return; // a click: onClick opens the marker
    // The click the browser sends right after this drop is not a click on the marker. It may never
    // come (the tray chip is gone once placed), so the flag lasts only until this event is over.
    swallowClick.current = true;
    setTimeout(() => {
      swallowClick.current = false;
    }, 0);
    setDrag(null);
    const { at, inside } = fractionAt(e.clientX, e.clientY);
    if (d.fromTray && !inside) {
      setAnnouncement(t('areas.plan.cancelled', { label: d.m.label }));
      return;
    }
    commit(d.m, at);
  };

  const onMarkerPointerCancel = () => {
    dragRef.current = null;
    setDrag(null);
  };

  // Keyboard moves

  const cancelKeyboardMove = (m: PlanMarker) => {
    const wasTray = kbd?.fromTray;
    setKbd(null);
    setAnnouncement(t('areas.plan.cancelled', { label: m.label }));
    if (wasTray) setFocusKey(`tray-${keyOf(m)}`);
  };

  const onMarkerKeyDown = (e: KeyboardEvent<HTMLElement>, m: PlanMarker) => {
    const k = keyOf(m);
    const arrow = ARROWS[e.key];
    const moving = kbd?.key === k ? kbd : null;
    if (arrow && canMove) {
      e.preventDefault();
      const step = e.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
      const from = moving?.at ?? committed(m) ?? { x: 0.5, y: 0.5 };
      const at = { x: fraction(from.x + arrow.x * step), y: fraction(from.y + arrow.y * step) };
      setKbd({ key: k, at, fromTray: moving?.fromTray ?? false });
      setAnnouncement(t('areas.plan.moving', { label: m.label, x: pct(at.x), y: pct(at.y) }));
      markerEls.current.get(k)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      return;
    }
    if (moving && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      if (e.key === ' ') spaceDropped.current = true;
      setKbd(null);
      commit(m, moving.at);
      return;
    }
    if (moving && e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      cancelKeyboardMove(m);
    }
  };

  const onMarkerKeyUp = (e: KeyboardEvent<HTMLElement>) => {
    // A button is pressed by Space on key up: the Space that dropped a marker must not also open it.
    if (e.key === ' ' && spaceDropped.current) {
      e.preventDefault();
      spaceDropped.current = false;
    }
  };

  const onMarkerClick = (m: PlanMarker) => {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    if (spaceDropped.current || kbd?.key === keyOf(m)) return;
    onOpen(m);
  };

  /** A tray marker onto the plan from the keyboard (or a click): in the middle of what is visible, then arrows. */
  const pickUp = (m: PlanMarker) => {
    const vp = viewportRef.current?.getBoundingClientRect();
    const middle = vp ? fractionAt(vp.left + vp.width / 2, vp.top + vp.height / 2) : null;
    const at = middle?.inside ? middle.at : { x: 0.5, y: 0.5 };
    setKbd({ key: keyOf(m), at, fromTray: true });
    setFocusKey(keyOf(m));
    setAnnouncement(t('areas.plan.pickedUp', { label: m.label, x: pct(at.x), y: pct(at.y) }));
  };

  const onTrayClick = (m: PlanMarker) => {
    if (swallowClick.current) {
      swallowClick.current = false;
      return;
    }
    if (canMove) pickUp(m);
    else onOpen(m);
  };

  // Zoom and pan

  const zoomTo = (wanted: number, around?: Point) => {
    const next = clampZoom(wanted);
    if (Math.abs(next - zoomRef.current) < 0.0001) return;
    const stage = stageRef.current?.getBoundingClientRect();
    const vp = viewportRef.current?.getBoundingClientRect();
    if (stage && vp && stage.width > 0 && stage.height > 0) {
      const cx = around?.x ?? vp.left + vp.width / 2;
      const cy = around?.y ?? vp.top + vp.height / 2;
      anchorRef.current = { fx: (cx - stage.left) / stage.width, fy: (cy - stage.top) / stage.height, cx, cy };
    }
    zoomRef.current = next;
    setZoom(next);
  };
  const zoomToRef = useRef(zoomTo);
  zoomToRef.current = zoomTo;

  // After a zoom the point that was under the pointer (or the middle) stays where it was.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new zoom
  useLayoutEffect(() => {
    const a = anchorRef.current;
    anchorRef.current = null;
    const stage = stageRef.current;
    const vp = viewportRef.current;
    if (!a || !stage || !vp) return;
    const r = stage.getBoundingClientRect();
    vp.scrollLeft += r.left + a.fx * r.width - a.cx;
    vp.scrollTop += r.top + a.fy * r.height - a.cy;
  }, [zoom]);

  // Ctrl/⌘ + wheel (and a trackpad pinch, which browsers send as one) zooms; two fingers pinch on a touch screen.
  useEffect(() => {
    const vp = viewportRef.current;
    if (!vp) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      zoomToRef.current(zoomRef.current * Math.exp(-e.deltaY * 0.002), { x: e.clientX, y: e.clientY });
    };
    let pinch: { distance: number; zoom: number } | null = null;
    const spread = (e: TouchEvent) => {
      const [a, b] = [e.touches[0], e.touches[1]];
      if (!a || !b) return null;
      return {
        distance: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY),
        middle: { x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 },
      };
    };
    const onTouchStart = (e: TouchEvent) => {
      const s = e.touches.length === 2 ? spread(e) : null;
      pinch = s && s.distance > 0 ? { distance: s.distance, zoom: zoomRef.current } : null;
    };
    const onTouchMove = (e: TouchEvent) => {
      const s = pinch && e.touches.length === 2 ? spread(e) : null;
      if (!pinch || !s) return;
      e.preventDefault();
      zoomToRef.current((pinch.zoom * s.distance) / pinch.distance, s.middle);
    };
    const onTouchEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) pinch = null;
    };
    vp.addEventListener('wheel', onWheel, { passive: false });
    vp.addEventListener('touchstart', onTouchStart, { passive: true });
    vp.addEventListener('touchmove', onTouchMove, { passive: false });
    vp.addEventListener('touchend', onTouchEnd);
    vp.addEventListener('touchcancel', onTouchEnd);
    return () => {
      vp.removeEventListener('wheel', onWheel);
      vp.removeEventListener('touchstart', onTouchStart);
      vp.removeEventListener('touchmove', onTouchMove);
      vp.removeEventListener('touchend', onTouchEnd);
      vp.removeEventListener('touchcancel', onTouchEnd);
    };
  }, []);

  // Dragging the background with a mouse pans (a finger scrolls natively).
  const onViewportPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.pointerType !== 'mouse' || e.button !== 0) return;
    if ((e.target as HTMLElement).closest('[data-marker]')) return;
    const vp = e.currentTarget;
    if (vp.scrollWidth <= vp.clientWidth && vp.scrollHeight <= vp.clientHeight) return;
    e.preventDefault();
    vp.setPointerCapture?.(e.pointerId);
    panRef.current = { pointerId: e.pointerId, x: e.clientX, y: e.clientY, left: vp.scrollLeft, top: vp.scrollTop };
    setPanning(true);
  };
  const onViewportPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const p = panRef.current;
    if (!p || p.pointerId !== e.pointerId) return;
    e.currentTarget.scrollLeft = p.left - (e.clientX - p.x);
    e.currentTarget.scrollTop = p.top - (e.clientY - p.y);
  };
  const endPan = () => {
    panRef.current = null;
    setPanning(false);
  };
  const onViewportKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === '+' || e.key === '=') zoomTo(nextZoomStep(zoomRef.current, 1));
    else if (e.key === '-' || e.key === '_') zoomTo(nextZoomStep(zoomRef.current, -1));
    else if (e.key === '0') zoomTo(1);
    else return;
    e.preventDefault();
  };

  const tray = markers.filter((m) => committed(m) === null && kbd?.key !== keyOf(m));
  const onPlan = markers.filter((m) => shown(m) !== null);
  const ghost = drag?.fromTray && !drag.over ? markers.find((m) => keyOf(m) === drag.key) : undefined;
  const instructionsId = `${ids}-instructions`;
  const trayInstructionsId = `${ids}-tray-instructions`;
  const measured = fit.width > 0;
  // On a touch screen the hint speaks of fingers, not of Ctrl + wheel.
  const touch = useMediaQuery('(pointer: coarse)', false, { getInitialValueInEffect: false });
  // Labels that would cover each other (many cabins on a phone-sized plan) become dots until zoomed in.
  const compact = labelsCollide(
    onPlan.map((m) => ({ at: shown(m) as Point, label: m.label })),
    stageW,
    stageH,
  );

  const colour = (m: PlanMarker): CSSProperties => ({
    backgroundColor: `var(--mantine-color-${MARKER_COLORS[m.status] ?? 'gray'}-filled)`,
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap" role="group" aria-label={t('areas.plan.zoom')}>
          <Tooltip label={t('areas.plan.zoomOut')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => zoomTo(nextZoomStep(zoomRef.current, -1))}
              disabled={zoom <= MIN_ZOOM + 0.001}
              aria-label={t('areas.plan.zoomOut')}
            >
              <IconZoomOut size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('areas.plan.zoomReset')}>
            <Button
              variant="default"
              size="compact-md"
              h={34}
              miw={64}
              onClick={() => zoomTo(1)}
              aria-label={t('areas.plan.zoomResetNow', { zoom: Math.round(zoom * 100) })}
            >
              {Math.round(zoom * 100)}%
            </Button>
          </Tooltip>
          <Tooltip label={t('areas.plan.zoomIn')}>
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => zoomTo(nextZoomStep(zoomRef.current, 1))}
              disabled={zoom >= MAX_ZOOM - 0.001}
              aria-label={t('areas.plan.zoomIn')}
            >
              <IconZoomIn size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      <Text size="xs" c="dimmed">
        {t(`areas.plan.${canMove ? 'hintMove' : 'hintView'}${touch ? 'Touch' : ''}`)}
        {compact ? ` ${t('areas.plan.hintCompact')}` : null}
      </Text>

      <div ref={wrapRef} data-testid="floor-plan" style={{ width: '100%', minWidth: 0 }}>
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            {t('areas.plan.loadFailed')}
          </Alert>
        ) : (
          // biome-ignore lint/a11y/useSemanticElements: a scrollable region is focusable and named, as axe asks; a fieldset would be wrong here
          <div
            ref={viewportRef}
            role="group"
            aria-label={title}
            aria-describedby={`${ids}-zoom-hint`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (arrows scroll, + and − zoom)
            tabIndex={0}
            data-testid="floor-plan-viewport"
            onPointerDown={onViewportPointerDown}
            onPointerMove={onViewportPointerMove}
            onPointerUp={endPan}
            onPointerCancel={endPan}
            onKeyDown={onViewportKeyDown}
            className={classes.viewport}
            style={{
              height: measured ? fit.height + 2 : undefined,
              aspectRatio: measured ? undefined : `${1 / aspect}`,
              cursor: panning ? 'grabbing' : zoom > 1 ? 'grab' : undefined,
            }}
          >
            <span id={`${ids}-zoom-hint`} className="visually-hidden">
              {t('areas.plan.viewportHint')}
            </span>
            {measured ? (
              <div
                ref={stageRef}
                data-testid="floor-plan-stage"
                className={classes.stage}
                style={{ width: stageW, height: stageH }}
              >
                <img
                  src={plan.largeUrl}
                  alt=""
                  draggable={false}
                  onLoad={(e) => setNatural({ w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })}
                  onError={() => setFailed(true)}
                  className={classes.plan}
                />
                {onPlan.map((m) => {
                  const k = keyOf(m);
                  const at = shown(m) as Point;
                  const active = drag?.key === k || kbd?.key === k;
                  return (
                    <button
                      key={k}
                      type="button"
                      data-marker={k}
                      ref={(el) => {
                        if (el) markerEls.current.set(k, el);
                        else markerEls.current.delete(k);
                      }}
                      aria-label={t('areas.plan.markerName', {
                        label: m.label,
                        status: statusText(m),
                        x: pct(at.x),
                        y: pct(at.y),
                      })}
                      aria-describedby={canMove ? instructionsId : undefined}
                      title={m.label}
                      className={`${classes.marker} ${classes.onPlan} ${active ? classes.active : ''} ${compact && !active ? classes.dot : ''}`}
                      onPointerDown={(e) => onMarkerPointerDown(e, m, false)}
                      onPointerMove={onMarkerPointerMove}
                      onPointerUp={onMarkerPointerUp}
                      onPointerCancel={onMarkerPointerCancel}
                      onKeyDown={(e) => onMarkerKeyDown(e, m)}
                      onKeyUp={onMarkerKeyUp}
                      onBlur={() => {
                        if (kbd?.key === k) cancelKeyboardMove(m);
                      }}
                      onClick={() => onMarkerClick(m)}
                      style={{
                        ...colour(m),
                        left: at.x * stageW,
                        top: at.y * stageH,
                        cursor: canMove ? (drag?.key === k ? 'grabbing' : 'grab') : 'pointer',
                        touchAction: canMove ? 'none' : undefined,
                      }}
                    >
                      {compact && !active ? null : m.label}
                    </button>
                  );
                })}
              </div>
            ) : null}
          </div>
        )}
      </div>

      {tray.length > 0 ? (
        <Box>
          <Text size="sm" fw={600} mb={6} id={`${ids}-tray`}>
            {t('areas.plan.tray', { count: tray.length })}
          </Text>
          {canMove ? (
            <Text size="xs" c="dimmed" mb={6}>
              {t('areas.plan.trayHint')}
            </Text>
          ) : null}
          <ul aria-labelledby={`${ids}-tray`} className={classes.tray}>
            {tray.map((m) => {
              const k = keyOf(m);
              const dragging = drag?.key === k;
              return (
                <li key={k}>
                  <button
                    type="button"
                    data-marker={k}
                    ref={(el) => {
                      if (el) markerEls.current.set(`tray-${k}`, el);
                      else markerEls.current.delete(`tray-${k}`);
                    }}
                    aria-label={t('areas.plan.markerUnplaced', { label: m.label, status: statusText(m) })}
                    aria-describedby={canMove ? trayInstructionsId : undefined}
                    title={m.label}
                    onPointerDown={(e) => onMarkerPointerDown(e, m, true)}
                    onPointerMove={onMarkerPointerMove}
                    onPointerUp={onMarkerPointerUp}
                    onPointerCancel={onMarkerPointerCancel}
                    onClick={() => onTrayClick(m)}
                    className={classes.marker}
                    style={{
                      ...colour(m),
                      opacity: dragging ? 0.4 : 1,
                      cursor: canMove ? 'grab' : 'pointer',
                      touchAction: canMove ? 'none' : undefined,
                    }}
                  >
                    {m.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </Box>
      ) : null}

      {ghost && drag ? (
        <div
          aria-hidden
          className={`${classes.marker} ${classes.active} ${classes.ghost}`}
          style={{ ...colour(ghost), left: drag.client.x, top: drag.client.y }}
        >
          {ghost.label}
        </div>
      ) : null}

      <span id={instructionsId} className="visually-hidden">
        {t('areas.plan.instructions')}
      </span>
      <span id={trayInstructionsId} className="visually-hidden">
        {t('areas.plan.trayInstructions')}
      </span>
      <div aria-live="polite" aria-atomic className="visually-hidden" data-testid="floor-plan-status">
        {announcement}
      </div>
    </Stack>
  );
}
