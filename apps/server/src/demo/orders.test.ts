import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { createProduct } from '../features/products/catalogue.fixtures';
import { query } from '../platform/sql';
import { seedOrdersDemo } from './orders';
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

describe('demo orders', () => {
  it('gives Emma a waiting request, a design to approve and a completed order; Thomas a declined request; once', async () => {
    await createProduct(tdb.db, { published: true, nameNl: 'Loungestoel' });
    await createProduct(tdb.db, { published: true, nameNl: 'Bartafel' });
    await seedOrdersDemo({ db: tdb.db, storage: t.app.platform.storage, now: new Date('2026-11-24T12:00:00Z') });
    await seedOrdersDemo({ db: tdb.db, storage: t.app.platform.storage });
    const n = await query<{ n: number }>(tdb.db.orm, sql`SELECT count(*)::int AS n FROM orders`);
    expect(n[0]?.n).toBe(4);

    const emma = await t.signIn(DEMO_ACCOUNTS.cruiseCustomer);
    const tab = async (name: string) => (await emma.get(`/api/client/orders?tab=${name}`)).json().data;
    const [requested, ongoing, completed] = [await tab('requested'), await tab('ongoing'), await tab('completed')];
    expect(requested.map((o: { status: string }) => o.status)).toEqual(['requested']);
    expect(requested[0].product).toMatchObject({ isNew: true, name: 'Zonnebed Lido teak' });
    expect(ongoing.map((o: { status: string }) => o.status)).toEqual(['pending_approval']);
    expect(completed.map((o: { status: string }) => o.status)).toEqual(['completed']);

    const pending = (await emma.get(`/api/client/orders/${ongoing[0].id}`)).json().data;
    expect(pending).toMatchObject({ versions: [{ number: 1, status: 'pending' }], abilities: { canApproveDesign: true } });
    const png = await emma.get(pending.versions[0].preview.url);
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    const done = (await emma.get(`/api/client/orders/${completed[0].id}`)).json().data;
    expect(done.finalFiles).toHaveLength(1);
    const pdf = await emma.get(done.finalFiles[0].url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Staff can act on the approval flow with the stored versions.
    const admin = await t.signIn(DEMO_ACCOUNTS.admin);
    expect((await admin.get(`/api/orders/${pending.id}`)).json().data.abilities).toMatchObject({
      canSendVersion: false,
      canComplete: false,
    });
    expect((await admin.get('/api/orders?tab=requested')).json().data).toHaveLength(1);

    const thomas = await t.signIn(DEMO_ACCOUNTS.leisureCustomer);
    const theirs = (await thomas.get('/api/client/orders?tab=requested')).json().data;
    expect(theirs.map((o: { status: string }) => o.status)).toEqual(['declined']);
    expect((await thomas.get(`/api/client/orders/${theirs[0].id}`)).json().data.declineReason).toMatch(/outside our range/);
  });
});
