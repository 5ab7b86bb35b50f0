/** A y axis from 0 to a round number just above the largest value, with its grid lines. */
export interface NiceScale {
  max: number;
  step: number;
  ticks: number[];
}

/**
 * Rounds the top of a count axis up, in steps of 1, 2 or 5 times a power of ten nearest to a
 * `target`-th of the top: 0–87 becomes 0, 20, 40, 60, 80, 100. Counts are whole: a step is never below 1,
 * and an empty series still gets an axis of 0–1 (a flat line, not a division by zero).
 */
export function niceScale(maxValue: number, target = 4): NiceScale {
  const top = Number.isFinite(maxValue) && maxValue > 0 ? maxValue : 0;
  if (top === 0) return { max: 1, step: 1, ticks: [0, 1] };
  const raw = top / Math.max(1, target);
  const power = 10 ** Math.floor(Math.log10(raw));
  const norm = raw / power;
  const step = Math.max(1, (norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10) * power);
  const max = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= max + step / 2; v += step) ticks.push(v);
  return { max, step, ticks };
}

/** Where a value lands on a y axis drawn from `bottom` (value 0) up to `top` (value max), in pixels. */
export function yOf(value: number, scale: NiceScale, top: number, bottom: number): number {
  return bottom - (Math.max(0, value) / scale.max) * (bottom - top);
}

/** One band per day across `width` pixels: its left edge, its middle and the bar inside it. */
export interface Bands {
  band: number;
  bar: number;
  left: (i: number) => number;
  mid: (i: number) => number;
}

/** Splits `width` into `count` bands starting at `start`; a bar fills 70 % of its band, at most 28 px, at least 1. */
export function bands(count: number, start: number, width: number): Bands {
  const band = count > 0 ? Math.max(0, width) / count : 0;
  const bar = Math.max(1, Math.min(28, band * 0.7));
  return { band, bar, left: (i) => start + i * band, mid: (i) => start + i * band + band / 2 };
}

/**
 * Every how many days an x label is written so labels at least `minGap` pixels apart never
 * overlap: 1 for a week on a wide screen, 7 or more for 90 days on a phone.
 */
export function labelEvery(count: number, width: number, minGap = 52): number {
  if (count <= 0 || width <= 0) return 1;
  const room = Math.max(1, Math.floor(width / minGap));
  return Math.max(1, Math.ceil(count / room));
}
