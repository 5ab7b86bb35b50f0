import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { projectAreas, projectTemplates, templateApplications, templateAreas } from '../db/schema';
import { createProjectRow } from '../features/projects/projects.fixtures';
import { runApplication } from '../features/templates/templates.service';
import { seedTemplatesDemo } from './templates';

let tdb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('demo templates', () => {
  it('loads a cabin deck and a hotel floor once, with their counts, and the cabin deck applies cleanly', async () => {
    await seedTemplatesDemo({ db: tdb.db });
    await seedTemplatesDemo({ db: tdb.db });
    const rows = await tdb.db.orm.select().from(projectTemplates).orderBy(asc(projectTemplates.id));
    expect(rows.map((r) => [r.title, r.areaCount])).toEqual([
      ['Hutdek cruiseschip (40 hutten)', 1 + 42 + 80],
      ['Hotelverdieping (24 kamers, 2 suites)', 1 + 28 + 28],
    ]);
    const cabin = rows[0];
    if (!cabin) throw new Error('no template');
    // The template's order is its tree: a cabin, then its bathroom and balcony.
    const order = await tdb.db.orm
      .select({ label: sql<string>`coalesce(nullif(number, ''), name)` })
      .from(templateAreas)
      .where(eq(templateAreas.templateId, cabin.id))
      .orderBy(asc(templateAreas.sortOrder), asc(templateAreas.id))
      .limit(5);
    expect(order.map((r) => r.label)).toEqual(['9', '9001', 'Badkamer', 'Balkon', '9002']);
    const p = await createProjectRow(tdb.db);
    const [app] = await tdb.db.orm
      .insert(templateApplications)
      .values({ templateId: cabin.id, projectId: p.id, total: cabin.areaCount })
      .returning();
    if (!app) throw new Error('no application');
    await runApplication(t.app.platform, app.id);
    const [done] = await tdb.db.orm.select().from(templateApplications).where(eq(templateApplications.id, app.id));
    expect(done).toMatchObject({ status: 'done', created: 123, skipped: 0 });
    const counts = await tdb.db.orm
      .select({ kind: projectAreas.kind, n: sql<number>`count(*)::int` })
      .from(projectAreas)
      .where(eq(projectAreas.projectId, p.id))
      .groupBy(projectAreas.kind)
      .orderBy(projectAreas.kind);
    expect(counts).toEqual([
      { kind: 'area', n: 42 },
      { kind: 'deck', n: 1 },
      { kind: 'subarea', n: 80 },
    ]);
  });
});
