import { describe, expect, it } from 'vitest';
import { itemBar } from './components/TimelineGrid';
import { timelineItem } from './timeline-fixtures';
import { itemRowKey, moveBody, movedItem, staysOnTask } from './timeline-moves';

// Moving by keys and drags is the week grid's (components/week-grid/week-grid-moves.test.ts);
// these are the timeline's own rules: rows, targets and what is sent.

const rows = [
  { kind: 'area' as const, id: 20, label: '5 · Dek 5', depth: 0 },
  { kind: 'area' as const, id: 21, label: '5001 · Hut', depth: 1 },
  { kind: 'area' as const, id: 22, label: '5002 · Hut', depth: 1 },
];
const areaRow = (i: number) => {
  const row = rows[i];
  if (!row) throw new Error('no row');
  return row;
};

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
    expect(moveBody(item, { row: areaRow(2) })).toEqual({ target: { kind: 'area', id: 22 } });
    expect(movedItem(item, { row: areaRow(2) })).toMatchObject({
      areaId: 22,
      target: { kind: 'area', id: 22, label: '5002 · Hut' },
    });
  });

  it('an item on a task sits on its area in the areas view, on its task in the tasks view', () => {
    const onTask = timelineItem({ target: { kind: 'task', id: 7, label: 'Bed (5001 · Hut)' }, areaId: 21 });
    expect(itemRowKey(onTask, 'areas')).toBe('area:21');
    expect(itemRowKey(onTask, 'tasks')).toBe('task:7');
    expect(itemRowKey(timelineItem(), 'tasks')).toBeNull();
  });
});

describe('an item as a bar of the week grid', () => {
  it('is drawn in its row with its weeks, names its target, follows its abilities, and has no row for an area in the tasks view', () => {
    const onTask = timelineItem({ target: { kind: 'task', id: 7, label: 'Bed (5001 · Hut)' }, areaId: 21 });
    expect(itemBar(onTask, 'areas')).toMatchObject({
      id: 11,
      rowKey: 'area:21',
      startWeek: '2026-W52',
      weeks: 2,
      label: 'Plafonds',
      place: 'Bed (5001 · Hut)',
      editable: true,
      maxWeeks: 104,
    });
    expect(itemBar(onTask, 'tasks')).toMatchObject({ rowKey: 'task:7' });
    expect(itemBar(timelineItem(), 'tasks')).toBeNull();
    const readOnly = timelineItem({ abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN' } } });
    expect(itemBar(readOnly, 'areas')?.editable).toBe(false);
  });
});

describe('a bar on a task in the areas view', () => {
  const onTask = timelineItem({
    startWeek: '2026-W52',
    weeks: 2,
    target: { kind: 'task', id: 7, label: 'Bed (5001 · Hut)' },
    areaId: 21,
  });

  it('stays on its task: only there, and only in the areas view', () => {
    expect(staysOnTask(onTask, 'areas')).toBe(true);
    expect(staysOnTask(onTask, 'tasks')).toBe(false);
    expect(staysOnTask(timelineItem(), 'areas')).toBe(false);
  });

  it('an area row never turns it into an item on an area, not even back on its own area row', () => {
    for (const i of [0, 1, 2]) {
      const move = { row: areaRow(i), startWeek: '2026-W53' };
      expect(moveBody(onTask, move)).toEqual({ startWeek: '2026-W53' });
      expect(movedItem(onTask, move)).toMatchObject({ target: onTask.target, areaId: 21, startWeek: '2026-W53' });
    }
  });
});
