import { describe, expect, it } from 'vitest';
import { bands, labelEvery, niceScale, yOf } from './chart-scale';

describe('niceScale', () => {
  it.each([
    [87, 100, 20],
    [100, 100, 20],
    [3, 3, 1],
    [1, 1, 1],
    [12, 15, 5],
    [412, 500, 100],
    [1234, 1500, 500],
  ])('rounds %i up to %i in steps of %i', (value, max, step) => {
    const s = niceScale(value);
    expect(s.max).toBe(max);
    expect(s.step).toBe(step);
    expect(s.ticks[0]).toBe(0);
    expect(s.ticks.at(-1)).toBe(max);
    expect(s.max).toBeGreaterThanOrEqual(value);
  });

  it('gives an empty or broken series an axis of 0–1', () => {
    for (const v of [0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(niceScale(v)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
  });

  it('never makes a step below one (counts are whole)', () => {
    expect(niceScale(2, 10).step).toBe(1);
  });
});

describe('yOf', () => {
  const s = niceScale(100);
  it('puts 0 on the bottom, the maximum on the top and halves in between', () => {
    expect(yOf(0, s, 10, 210)).toBe(210);
    expect(yOf(100, s, 10, 210)).toBe(10);
    expect(yOf(50, s, 10, 210)).toBe(110);
    expect(yOf(-3, s, 10, 210)).toBe(210);
  });
});

describe('bands', () => {
  it('splits the width into equal bands with a bar inside each', () => {
    const b = bands(10, 40, 500);
    expect(b.band).toBe(50);
    expect(b.bar).toBe(28);
    expect(b.left(0)).toBe(40);
    expect(b.mid(9)).toBe(40 + 9 * 50 + 25);
  });

  it('keeps a bar visible on a narrow screen with many days', () => {
    expect(bands(90, 0, 300).bar).toBe(Math.max(1, (300 / 90) * 0.7));
    expect(bands(400, 0, 200).bar).toBe(1);
    expect(bands(0, 0, 200).band).toBe(0);
  });
});

describe('labelEvery', () => {
  it.each([
    [7, 1200, 1],
    [30, 1200, 2],
    [90, 1200, 4],
    [90, 330, 15],
    [7, 330, 2],
    [0, 300, 1],
  ])('%i days on %i px: a label every %i days', (count, width, every) => {
    expect(labelEvery(count, width)).toBe(every);
  });
});
