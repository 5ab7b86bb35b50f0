import type { Timeline, TimelineItem } from '@app/shared/timeline/timeline';

/** Test data for the timeline's web tests. */
export const timelineItem = (over: Partial<TimelineItem> = {}): TimelineItem => ({
  id: 11,
  projectId: 3,
  title: 'Plafonds',
  notes: '',
  target: { kind: 'area', id: 21, label: '5001 · Hut' },
  areaId: 21,
  startWeek: '2026-W52',
  endWeek: '2026-W53',
  startYear: 2026,
  startWeekNumber: 52,
  endYear: 2026,
  endWeekNumber: 53,
  weeks: 2,
  version: 4,
  updatedAt: '2026-11-20T10:00:00.000Z',
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

export const timeline = (over: Partial<Timeline> = {}): Timeline => ({
  from: '2026-W51',
  weeks: 4,
  currentWeek: '2026-W52',
  rowKind: 'areas',
  rows: [
    { kind: 'area', id: 20, label: '5 · Dek 5', depth: 0 },
    { kind: 'area', id: 21, label: '5001 · Hut', depth: 1 },
    { kind: 'area', id: 22, label: '5002 · Hut', depth: 1 },
  ],
  items: [timelineItem()],
  abilities: { canCreate: true, reasons: {} },
  ...over,
});
