import type { MarkupAnchor } from '@app/shared/drawings/drawings';
import { type KeyboardEvent, type PointerEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveByKey, type PagePoint, type Placement, placementStyle, rectBetween, toFraction } from './markup-geometry';

export type MarkupTool = 'pin' | 'rect';

/** One thread's mark on the page: its number, where, and how it reads to a screen reader. */
export interface Mark {
  id: number;
  number: number;
  anchor: MarkupAnchor;
  label: string;
  resolved: boolean;
}

const PIN = 26;

function markColor(m: { resolved: boolean }, active: boolean): string {
  if (active) return 'var(--mantine-color-blue-7)';
  return m.resolved ? 'var(--mantine-color-gray-7)' : 'var(--mantine-color-orange-9)';
}

/**
 * The markup over one page (a PDF page or an image): the threads' pins and rectangles, placed in
 * percentages of the page box so they keep their place at any zoom; with a tool chosen, a surface
 * that places a pin (click) or a rectangle (drag), and by keyboard a crosshair that the arrow
 * keys move (Shift: bigger steps) and Enter places (a rectangle: Enter at two corners).
 */
export function MarkupLayer({
  page,
  marks,
  tool,
  draft,
  activeId,
  onPlace,
  onCancel,
  onSelect,
  onHover,
}: {
  page: number;
  marks: Mark[];
  tool: MarkupTool | null;
  draft: Placement | null;
  activeId: number | null;
  onPlace: (p: Placement) => void;
  onCancel: () => void;
  onSelect: (id: number) => void;
  onHover: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const surface = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<{ start: PagePoint; end: PagePoint } | null>(null);
  const [cursor, setCursor] = useState<PagePoint | null>(null);
  const [corner, setCorner] = useState<PagePoint | null>(null);
  const helpId = useId();

  // Choosing a tool puts the focus on the page, so the keyboard can place at once.
  useEffect(() => {
    setCorner(null);
    if (tool) surface.current?.focus();
  }, [tool]);

  const at = (e: PointerEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return toFraction(e.clientX, e.clientY, box);
  };

  const place = (start: PagePoint, end: PagePoint) => {
    if (tool === 'pin') onPlace({ page, x: end.x, y: end.y });
    else {
      const r = rectBetween(start, end);
      if (r) onPlace({ page, ...r });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const here = cursor ?? { x: 0.5, y: 0.5 };
    const moved = moveByKey(here, e.key, e.shiftKey);
    if (moved) setCursor(moved);
    else if (e.key === 'Enter' || e.key === ' ') {
      if (tool === 'rect' && !corner) setCorner(here);
      else {
        place(corner ?? here, here);
        setCorner(null);
      }
    } else if (e.key === 'Escape') {
      if (corner) setCorner(null);
      else onCancel();
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const dragRect = drag && tool === 'rect' ? rectBetween(drag.start, drag.end) : null;
  const kbRect = corner && cursor ? rectBetween(corner, cursor) : null;
  const draftHere = draft && draft.page === page ? draft : null;

  return (
    <div style={{ position: 'absolute', inset: 0 }} data-markup-page={page}>
      {tool ? (
        <div
          ref={surface}
          role="application"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the page takes the arrow keys and Enter to place markup
          tabIndex={0}
          aria-label={t(tool === 'pin' ? 'drawings.markup.surfacePin' : 'drawings.markup.surfaceRect', { page })}
          aria-describedby={helpId}
          data-testid="markup-surface"
          style={{ position: 'absolute', inset: 0, cursor: 'crosshair', touchAction: 'none', outlineOffset: -3 }}
          onFocus={() => setCursor((c) => c ?? { x: 0.5, y: 0.5 })}
          onBlur={() => setCorner(null)}
          onKeyDown={onKeyDown}
          onPointerDown={(e) => {
            if (e.button !== 0) return;
            e.currentTarget.setPointerCapture?.(e.pointerId);
            const p = at(e);
            setDrag({ start: p, end: p });
          }}
          onPointerMove={(e) => {
            if (!drag) return;
            const p = at(e);
            setDrag((d) => (d ? { ...d, end: p } : d));
          }}
          onPointerUp={(e) => {
            if (!drag) return;
            place(drag.start, at(e));
            setDrag(null);
          }}
        >
          <span id={helpId} className="visually-hidden">
            {t(tool === 'pin' ? 'drawings.markup.keysPin' : 'drawings.markup.keysRect')}
          </span>
          {cursor ? (
            <div
              aria-hidden
              data-testid="markup-crosshair"
              className="markup-crosshair"
              style={{ position: 'absolute', ...placementStyle(cursor), width: 0, height: 0, pointerEvents: 'none' }}
            >
              <div
                style={{
                  position: 'absolute',
                  left: -14,
                  top: -1,
                  width: 28,
                  height: 2,
                  background: 'var(--mantine-color-blue-7)',
                }}
              />
              <div
                style={{
                  position: 'absolute',
                  left: -1,
                  top: -14,
                  width: 2,
                  height: 28,
                  background: 'var(--mantine-color-blue-7)',
                }}
              />
            </div>
          ) : null}
          {dragRect || kbRect ? (
            <div
              aria-hidden
              style={{
                position: 'absolute',
                ...placementStyle((dragRect ?? kbRect) as PagePoint & { w: number; h: number }),
                border: '2px dashed var(--mantine-color-blue-7)',
                pointerEvents: 'none',
              }}
            />
          ) : null}
        </div>
      ) : null}
      {marks.map((m) => {
        const active = m.id === activeId;
        const color = markColor(m, active);
        const isRect = m.anchor.w !== null && m.anchor.h !== null;
        return (
          <div key={m.id}>
            {isRect ? (
              <div
                aria-hidden
                data-testid={`markup-rect-${m.id}`}
                style={{
                  position: 'absolute',
                  ...placementStyle(m.anchor),
                  border: `2px solid ${color}`,
                  background: active ? 'rgba(25, 113, 194, 0.12)' : 'rgba(232, 89, 12, 0.06)',
                  pointerEvents: 'none',
                }}
              />
            ) : null}
            <button
              type="button"
              aria-label={m.label}
              aria-pressed={active}
              data-testid={`markup-pin-${m.id}`}
              onClick={() => onSelect(m.id)}
              onMouseEnter={() => onHover(m.id)}
              onMouseLeave={() => onHover(null)}
              onFocus={() => onHover(m.id)}
              onBlur={() => onHover(null)}
              style={{
                position: 'absolute',
                ...placementStyle({ x: m.anchor.x, y: m.anchor.y }),
                transform: 'translate(-50%, -50%)',
                width: PIN,
                height: PIN,
                borderRadius: '50%',
                border: '2px solid #fff',
                background: color,
                color: '#fff',
                fontWeight: 700,
                fontSize: 12,
                lineHeight: 1,
                cursor: 'pointer',
                boxShadow: active ? '0 0 0 3px var(--mantine-color-blue-3)' : '0 1px 3px rgba(0,0,0,.4)',
                zIndex: active ? 3 : 2,
                padding: 0,
              }}
            >
              {m.number}
            </button>
          </div>
        );
      })}
      {draftHere ? (
        <div
          aria-hidden
          data-testid="markup-draft"
          style={{
            position: 'absolute',
            ...placementStyle(draftHere),
            ...(draftHere.w === undefined
              ? { width: 16, height: 16, transform: 'translate(-50%, -50%)', borderRadius: '50%' }
              : {}),
            border: '2px dashed var(--mantine-color-blue-7)',
            background: 'rgba(25, 113, 194, 0.15)',
            pointerEvents: 'none',
          }}
        />
      ) : null}
    </div>
  );
}
