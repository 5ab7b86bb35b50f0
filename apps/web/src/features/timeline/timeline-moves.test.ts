import { describe, expect, it } from 'vitest';
import { timelineItem } from './timeline-fixtures';
import { dragMove, itemRowKey, keyboardMove, moveBody, movedItem, staysOnTask } from './timeline-moves';

const rows = [
  { kind: 'area' as const, id: 20, label: '5 · Dek 5', depth: 0 },
  { kind: 'area' as const, id: 21, label: '5001 · Hut', depth: 1 },
  { kind: 'area' as const, id: 22, label: '5002 · Hut', depth: 1 },
];

describe('keyboardMove', () => {
  const item = timelineItem({ startWeek: '2026-W53', weeks: 2 });

  it('moves a week with the arrow keys, across New Year both ways', () => {
    expect(keyboardMove(item, 'ArrowRight', false, rows, 'areas')).toEqual({ startWeek: '2027-W01' });
    expect(keyboardMove(timelineItem({ startWeek: '2027-W01' }), 'ArrowLeft', false, rows, 'areas')).toEqual({
      startWeek: '2026-W53',
    });
    expect(keyboardMove(timelineItem({ startWeek: '2025-W01' }), 'ArrowLeft', false, rows, 'areas')).toEqual({
      startWeek: '2024-W52',
    });
  });

  it('resizes with Shift and the arrow keys, from 1 to 104 weeks', () => {
    expect(keyboardMove(item, 'ArrowRight', true, rows, 'areas')).toEqual({ weeks: 3 });
    expect(keyboardMove(item, 'ArrowLeft', true, rows, 'areas')).toEqual({ weeks: 1 });
    expect(keyboardMove(timelineItem({ weeks: 1 }), 'ArrowLeft', true, rows, 'areas')).toBeNull();
    expect(keyboardMove(timelineItem({ weeks: 104 }), 'ArrowRight', true, rows, 'areas')).toBeNull();
  });

  it('moves to the row above or below; not past the first or last', () => {
    expect(keyboardMove(item, 'ArrowUp', false, rows, 'areas')).toEqual({ row: rows[0] });
    expect(keyboardMove(item, 'ArrowDown', false, rows, 'areas')).toEqual({ row: rows[2] });
    expect(
      keyboardMove(timelineItem({ areaId: 22, target: { kind: 'area', id: 22, label: '' } }), 'ArrowDown', false, rows, 'areas'),
    ).toBeNull();
    expect(keyboardMove(item, 'Enter', false, rows, 'areas')).toBeNull();
  });
});

describe('movedItem and moveBody', () => {
  it('shows the new weeks (week 53, then week 1 of the next year) and sends only what changed', () => {
    const item = timelineItem({ startWeek: '2026-W52', weeks: 2 });
    const next = movedItem(item, { startWeek: '2026-W53' });
    expect(next).toMatchObject({
      startWeek: '2026-W53',
      endWeek: '2027-W01',
      startYear: 2026,
      startWeekNumber: 53,
      endYear: 2027,
      endWeekNumber: 1,
      weeks: 2,
    });
    expect(moveBody(item, { startWeek: '2026-W53', weeks: 2 })).toEqual({ startWeek: '2026-W53' });
    const row = rows[2];
    if (!row) throw new Error('no row');
    expect(moveBody(item, { row })).toEqual({ target: { kind: 'area', id: 22 } });
    expect(movedItem(item, { row })).toMatchObject({ areaId: 22, target: { kind: 'area', id: 22, label: '5002 · Hut' } });
  });

  it('an item on a task sits on its area in the areas view, on its task in the tasks view', () => {
    const onTask = timelineItem({ target: { kind: 'task', id: 7, label: 'Bed (5001 · Hut)' }, areaId: 21 });
    expect(itemRowKey(onTask, 'areas')).toBe('area:21');
    expect(itemRowKey(onTask, 'tasks')).toBe('task:7');
    expect(itemRowKey(timelineItem(), 'tasks')).toBeNull();
  });
});

describe('a bar on a task in the areas view', () => {
  const onTask = timelineItem({
    startWeek: '2026-W52',
    weeks: 2,
    target: { kind: 'task', id: 7, label: 'Bed (5001 · Hut)' },
    areaId: 21,
  });
  const areaRow = (i: number) => {
    const row = rows[i];
    if (!row) throw new Error('no row');
    return row;
  };

  it('stays on its task: only there, and only in the areas view', () => {
    expect(staysOnTask(onTask, 'areas')).toBe(true);
    expect(staysOnTask(onTask, 'tasks')).toBe(false);
    expect(staysOnTask(timelineItem(), 'areas')).toBe(false);
  });

  it('↑ and ↓ do nothing; ← → and Shift still move it in time', () => {
    expect(keyboardMove(onTask, 'ArrowUp', false, rows, 'areas')).toBeNull();
    expect(keyboardMove(onTask, 'ArrowDown', false, rows, 'areas')).toBeNull();
    expect(keyboardMove(onTask, 'ArrowRight', false, rows, 'areas')).toEqual({ startWeek: '2026-W53' });
    expect(keyboardMove(onTask, 'ArrowRight', true, rows, 'areas')).toEqual({ weeks: 3 });
    // In the tasks view its row is its task, and ↑/↓ go to the next task.
    const taskRows = [
      { kind: 'task' as const, id: 7, label: 'Bed (5001 · Hut)', depth: 0 },
      { kind: 'task' as const, id: 8, label: 'Kast (5001 · Hut)', depth: 0 },
    ];
    expect(keyboardMove(onTask, 'ArrowDown', false, taskRows, 'tasks')).toEqual({ row: taskRows[1] });
  });

  it('a drop on another area row moves it only in time, and says the row was kept', () => {
    expect(dragMove(onTask, 0, areaRow(2), 'areas')).toEqual({ move: {}, keptRow: true });
    expect(dragMove(onTask, 1, areaRow(0), 'areas')).toEqual({ move: { startWeek: '2026-W53' }, keptRow: true });
    expect(dragMove(onTask, 1, areaRow(1), 'areas')).toEqual({ move: { startWeek: '2026-W53' }, keptRow: false });
    expect(dragMove(onTask, 0, areaRow(1), 'areas')).toBeNull();
    expect(dragMove(onTask, 0, undefined, 'areas')).toBeNull();
    // A bar on an area still moves to another area.
    expect(dragMove(timelineItem(), 0, areaRow(2), 'areas')).toEqual({ move: { row: areaRow(2) }, keptRow: false });
  });

  it('an area row never turns it into an item on an area, not even back on its own area row', () => {
    for (const i of [0, 1, 2]) {
      const move = { row: areaRow(i), startWeek: '2026-W53' };
      expect(moveBody(onTask, move)).toEqual({ startWeek: '2026-W53' });
      expect(movedItem(onTask, move)).toMatchObject({ target: onTask.target, areaId: 21, startWeek: '2026-W53' });
    }
  });
});
