import { describe, expect, it } from 'vitest';
import { clampWeeks, dragMove, keyboardMove, movedBar, type WeekGridBar } from './week-grid-moves';

const rows = [
  { key: 'area:20', label: '5 · Dek 5', depth: 0 },
  { key: 'area:21', label: '5001 · Hut', depth: 1 },
  { key: 'area:22', label: '5002 · Hut', depth: 1 },
];
const bar = (over: Partial<WeekGridBar> = {}): WeekGridBar => ({
  id: 11,
  rowKey: 'area:21',
  startWeek: '2026-W53',
  weeks: 2,
  label: 'Plafonds',
  editable: true,
  ...over,
});

describe('keyboardMove', () => {
  it('moves a week with the arrow keys, across New Year both ways', () => {
    expect(keyboardMove(bar(), 'ArrowRight', false, rows)).toEqual({ startWeek: '2027-W01' });
    expect(keyboardMove(bar({ startWeek: '2027-W01' }), 'ArrowLeft', false, rows)).toEqual({ startWeek: '2026-W53' });
    expect(keyboardMove(bar({ startWeek: '2025-W01' }), 'ArrowLeft', false, rows)).toEqual({ startWeek: '2024-W52' });
  });

  it('resizes with Shift and the arrow keys, from 1 to 104 weeks or within what the bar says', () => {
    expect(keyboardMove(bar(), 'ArrowRight', true, rows)).toEqual({ weeks: 3 });
    expect(keyboardMove(bar(), 'ArrowLeft', true, rows)).toEqual({ weeks: 1 });
    expect(keyboardMove(bar({ weeks: 1 }), 'ArrowLeft', true, rows)).toBeNull();
    expect(keyboardMove(bar({ weeks: 104 }), 'ArrowRight', true, rows)).toBeNull();
    expect(keyboardMove(bar({ weeks: 2, minWeeks: 2 }), 'ArrowLeft', true, rows)).toBeNull();
    expect(keyboardMove(bar({ weeks: 3, maxWeeks: 3 }), 'ArrowRight', true, rows)).toBeNull();
  });

  it('moves to the row above or below; not past the first or last, not when its row is fixed', () => {
    expect(keyboardMove(bar(), 'ArrowUp', false, rows)).toEqual({ rowKey: 'area:20' });
    expect(keyboardMove(bar(), 'ArrowDown', false, rows)).toEqual({ rowKey: 'area:22' });
    expect(keyboardMove(bar({ rowKey: 'area:22' }), 'ArrowDown', false, rows)).toBeNull();
    expect(keyboardMove(bar({ rowKey: 'area:20' }), 'ArrowUp', false, rows)).toBeNull();
    expect(keyboardMove(bar(), 'ArrowUp', false, rows, true)).toBeNull();
    expect(keyboardMove(bar(), 'ArrowDown', false, rows, true)).toBeNull();
    // A fixed row still moves in time.
    expect(keyboardMove(bar(), 'ArrowRight', false, rows, true)).toEqual({ startWeek: '2027-W01' });
    expect(keyboardMove(bar(), 'ArrowRight', true, rows, true)).toEqual({ weeks: 3 });
    expect(keyboardMove(bar(), 'Enter', false, rows)).toBeNull();
  });
});

describe('dragMove', () => {
  it('moves in whole weeks and to the row it is dropped on; nothing when nothing changes', () => {
    expect(dragMove(bar(), 2, 'area:21')).toEqual({ move: { startWeek: '2027-W02' }, keptRow: false });
    expect(dragMove(bar(), -1, 'area:22')).toEqual({ move: { startWeek: '2026-W52', rowKey: 'area:22' }, keptRow: false });
    expect(dragMove(bar(), 0, 'area:22')).toEqual({ move: { rowKey: 'area:22' }, keptRow: false });
    expect(dragMove(bar(), 0, 'area:21')).toBeNull();
    expect(dragMove(bar(), 0, undefined)).toBeNull();
  });

  it('a bar whose row is fixed moves only in time on another row, and says the row was kept', () => {
    expect(dragMove(bar(), 0, 'area:22', true)).toEqual({ move: {}, keptRow: true });
    expect(dragMove(bar(), 1, 'area:20', true)).toEqual({ move: { startWeek: '2027-W01' }, keptRow: true });
    expect(dragMove(bar(), 1, 'area:21', true)).toEqual({ move: { startWeek: '2027-W01' }, keptRow: false });
    expect(dragMove(bar(), 0, 'area:21', true)).toBeNull();
  });
});

describe('movedBar and clampWeeks', () => {
  it('takes the new weeks and row; in another row it is where that row is', () => {
    const b = bar({ place: 'Bed (5001 · Hut)' });
    expect(movedBar(b, { startWeek: '2027-W01', weeks: 3 })).toMatchObject({
      startWeek: '2027-W01',
      weeks: 3,
      rowKey: 'area:21',
      place: 'Bed (5001 · Hut)',
    });
    const moved = movedBar(b, { rowKey: 'area:22' });
    expect(moved).toMatchObject({ rowKey: 'area:22', startWeek: '2026-W53', weeks: 2 });
    expect(moved.place).toBeUndefined();
  });

  it('keeps a resize between the shortest and longest', () => {
    expect(clampWeeks(bar(), 0)).toBe(1);
    expect(clampWeeks(bar(), 200)).toBe(104);
    expect(clampWeeks(bar({ minWeeks: 2, maxWeeks: 5 }), 1)).toBe(2);
    expect(clampWeeks(bar({ minWeeks: 2, maxWeeks: 5 }), 9)).toBe(5);
  });
});
