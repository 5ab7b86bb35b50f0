// Pure geometry of markup on a page: fractions of the page box (0..1 from the top left), so a pin
// or a rectangle stays in its place at any zoom and window size. No React here (unit-tested).

export interface PagePoint {
  x: number;
  y: number;
}

export interface Placement {
  page: number;
  x: number;
  y: number;
  w?: number;
  h?: number;
}

/** A rectangle smaller than this (a fraction of the page) is a slip of the mouse, not a rectangle. */
export const MIN_RECT = 0.01;
/** An arrow key moves the crosshair this far; with Shift ten times as far. */
export const KEY_STEP = 0.01;

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
/** Four decimals: a tenth of a millimetre on an A0 sheet, and no float noise in the stored anchor. */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** Where a pointer is on the page box, as fractions, clamped to the page. */
export function toFraction(clientX: number, clientY: number, box: { left: number; top: number; width: number; height: number }) {
  if (box.width <= 0 || box.height <= 0) return { x: 0, y: 0 };
  return { x: round(clamp01((clientX - box.left) / box.width)), y: round(clamp01((clientY - box.top) / box.height)) };
}

/** The rectangle between two corners (dragged in any direction), or null when it is too small. */
export function rectBetween(a: PagePoint, b: PagePoint): { x: number; y: number; w: number; h: number } | null {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  const w = round(Math.min(Math.abs(a.x - b.x), 1 - x));
  const h = round(Math.min(Math.abs(a.y - b.y), 1 - y));
  if (w < MIN_RECT || h < MIN_RECT) return null;
  return { x: round(x), y: round(y), w, h };
}

/** The crosshair after an arrow key (Shift: a bigger step), or null for another key. */
export function moveByKey(p: PagePoint, key: string, shift: boolean): PagePoint | null {
  const step = shift ? KEY_STEP * 10 : KEY_STEP;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  };
  const m = moves[key];
  if (!m) return null;
  return { x: round(clamp01(p.x + m[0])), y: round(clamp01(p.y + m[1])) };
}

/** CSS for a pin (its point) or a rectangle (its box) in percentages of the page box. */
export function placementStyle(a: { x: number; y: number; w?: number | null; h?: number | null }) {
  const pct = (v: number) => `${round(v * 100)}%`;
  return a.w != null && a.h != null
    ? { left: pct(a.x), top: pct(a.y), width: pct(a.w), height: pct(a.h) }
    : { left: pct(a.x), top: pct(a.y) };
}

/** The first words of a comment, for a pin's accessible name. */
export function firstWords(body: string, words = 6): string {
  const all = body.trim().split(/\s+/);
  return all.length > words ? `${all.slice(0, words).join(' ')}…` : all.join(' ');
}
