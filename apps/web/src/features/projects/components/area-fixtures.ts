// Test data for the area screens' tests (never imported by the app).
import type { Area, AreaList, AreaSummary } from '@app/shared/projects/areas';

const allowed = {
  canEdit: true,
  canDelete: true,
  canComplete: true,
  canReopen: false,
  reasons: { canReopen: 'AREA_OPEN' },
} as const;

/** An area row as the list shows it; a deck, area or sub-area by `kind`. */
export function summary(over: Partial<AreaSummary> = {}): AreaSummary {
  return {
    id: 11,
    projectId: 3,
    parentId: 2,
    kind: 'area',
    number: '5001',
    name: 'Hut 5001',
    areaType: 'Hut',
    status: 'open',
    thumbUrl: null,
    hasPlan: false,
    planX: null,
    planY: null,
    childrenCount: 0,
    completion: { tasksDone: 1, tasksTotal: 4, subtasksDone: 2, subtasksTotal: 6 },
    version: 4,
    updatedAt: '2026-03-01T10:00:00.000Z',
    abilities: { ...allowed, reasons: { ...allowed.reasons } },
    ...over,
  };
}

export const deck5 = summary({
  id: 2,
  parentId: null,
  kind: 'deck',
  number: '5',
  name: 'Dek 5',
  areaType: '',
  childrenCount: 2,
  hasPlan: true,
});

/** The areas page's answer: deck 5 with two cabins, and one area without a deck. */
export function areaList(over: Partial<AreaList> = {}): AreaList {
  return {
    decks: [deck5],
    areas: [
      summary(),
      summary({ id: 12, number: '5002', name: 'Hut 5002', status: 'completed', childrenCount: 2 }),
      summary({ id: 40, parentId: null, number: '', name: 'Lobby', areaType: 'Lobby' }),
    ],
    ...over,
  };
}

/** One area as its page loads it. */
export function area(over: Partial<Area> = {}): Area {
  return {
    ...summary(),
    thumbnail: null,
    plan: null,
    parent: { id: 2, name: 'Dek 5', kind: 'deck' },
    markers: [],
    ...over,
  };
}
