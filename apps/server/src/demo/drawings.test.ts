import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { createProjectRow } from '../features/projects/projects.fixtures';
import { query } from '../platform/sql';
import { seedDrawingsDemo } from './drawings';
import { DEMO_ACCOUNTS, seedDemo } from './seed';

let tdb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  tdb = await createTestDatabase();
  await seedDemo(tdb.db);
  t = await startTestApp({ db: tdb.db });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('demo drawings', () => {
  it("gives Nordic Star's project a waiting, an approved and an open drawing, with PDFs and comments; once", async () => {
    expect(await seedDrawingsDemo({ db: tdb.db, storage: t.app.platform.storage })).toBe(0); // no project yet
    const [nordic] = await query<{ id: number }>(tdb.db.orm, sql`SELECT id FROM companies WHERE name = 'Nordic Star Cruises'`);
    const project = await createProjectRow(tdb.db, { companyIds: [Number(nordic?.id)], name: 'Noordam refit' });
    expect(await seedDrawingsDemo({ db: tdb.db, storage: t.app.platform.storage })).toBe(3);
    expect(await seedDrawingsDemo({ db: tdb.db, storage: t.app.platform.storage })).toBe(0);

    const emma = await t.signIn(DEMO_ACCOUNTS.cruiseCustomer);
    const pending = (await emma.get('/api/client/drawings?sort=name')).json().data;
    expect(pending.map((d: { status: string }) => d.status).sort()).toEqual(['open', 'pending']);
    const approved = (await emma.get('/api/client/drawings?tab=approved')).json().data;
    expect(approved).toHaveLength(1);
    const atrium = (await emma.get(`/api/client/drawings/${approved[0].id}`)).json().data;
    expect(atrium).toMatchObject({ project: { id: project.id }, status: 'approved', versionCount: 2 });
    expect(atrium.versions.map((v: { status: string }) => v.status)).toEqual(['approved', 'changes_requested']);
    const v1 = (await emma.get(`/api/client/drawings/${atrium.id}/versions/${atrium.versions[1].id}`)).json().data;
    expect(v1.comments.map((c: { kind: string; side: string }) => `${c.kind}/${c.side}`)).toEqual([
      'note/client',
      'note/staff',
      'request_changes/client',
    ]);
    const pdf = await emma.get(atrium.versions[0].file.url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The waiting one can be decided by Emma; the project leader may not add a version to it yet.
    const waiting = pending.find((d: { status: string }) => d.status === 'pending');
    const waitingVersion = (await emma.get(`/api/client/drawings/${waiting.id}/versions/${waiting.latestVersion.id}`)).json()
      .data;
    expect(waitingVersion.abilities).toMatchObject({ canApprove: true, canRequestChanges: true });
    const pm = await t.signIn(DEMO_ACCOUNTS.projectManager);
    const staffView = (await pm.get(`/api/projects/${project.id}/drawings/${waiting.id}`)).json().data;
    expect(staffView.abilities).toMatchObject({ canAddVersion: false, reasons: { canAddVersion: 'DRAWING_PENDING' } });
    expect(staffView.employee.name).toBe('Daan van Leeuwen');
  });
});
