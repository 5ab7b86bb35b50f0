import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { timelineTasks } from '../db/schema';
import { createAreaRow, createProjectRow, createTaskRow } from '../features/projects/projects.fixtures';
import { seedTimelineDemo } from './timeline';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.drop();
});

describe('demo timeline', () => {
  it('plans the active projects over the coming weeks (Mondays, across New Year), once', async () => {
    const p = await createProjectRow(tdb.db);
    await createProjectRow(tdb.db, { deleted: true });
    const deck = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Dek 5' });
    const cabin = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck.id, number: '5001', name: 'Hut' });
    await createTaskRow(tdb.db, p.id, cabin.id, { name: 'Bed plaatsen' });
    // Thursday 24 December 2026: week 52; the weeks after are 2026-W53 and 2027-W01.
    const n = await seedTimelineDemo({ db: tdb.db, now: new Date('2026-12-24T12:00:00Z') });
    expect(n).toBe(3 + 1 + 1);
    expect(await seedTimelineDemo({ db: tdb.db })).toBe(0);
    const rows = await tdb.db.orm
      .select()
      .from(timelineTasks)
      .where(eq(timelineTasks.projectId, p.id))
      .orderBy(asc(timelineTasks.startWeek), asc(timelineTasks.id));
    expect(rows.map((r) => [r.title, r.startWeek, r.weeks])).toEqual([
      ['Demontage', '2026-12-14', 1],
      ['Plafonds en wanden', '2026-12-21', 2],
      ['Bed plaatsen', '2026-12-28', 2],
      ['Meubilair plaatsen', '2027-01-04', 1],
      ['Oplevering', '2027-02-22', 1],
    ]);
  });
});
