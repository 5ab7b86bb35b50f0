import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany } from '../../test/factories/identity';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/db';
import { companyPosts, companyProducts, orderLines } from '../db/schema';
import { createProduct } from '../features/products/catalogue.fixtures';
import { createAreaRow, createProjectRow, createSubtaskRow, createTaskRow } from '../features/projects/projects.fixtures';
import { seedCompaniesDemo } from './companies';

let tdb: TestDatabase;

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(async () => {
  await tdb.drop();
});

const count = async (q: ReturnType<typeof sql>) =>
  ((await tdb.db.orm.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;

describe('demo companies', () => {
  it('assigns the order lines’ products, writes news and three months of use folded into the daily figures, once', async () => {
    const c = await createCompany(tdb.db, { name: 'Nordic Star Cruises' });
    await createClient(tdb.db, c.id);
    const p = await createProjectRow(tdb.db, { companyIds: [c.id] });
    const area = await createAreaRow(tdb.db, p.id, { kind: 'area', number: '5001', name: 'Hut' });
    const task = await createTaskRow(tdb.db, p.id, area.id);
    const sub = await createSubtaskRow(tdb.db, p.id, task.id);
    const product = await createProduct(tdb.db, { nameNl: 'Bed', published: true });
    await tdb.db.orm.insert(orderLines).values([
      { subtaskId: sub.id, projectId: p.id, productId: product.id, quantity: 2 },
      { subtaskId: sub.id, projectId: p.id, productId: product.id, quantity: 1 },
    ]);
    const now = new Date('2026-11-24T12:00:00Z');
    await seedCompaniesDemo({ db: tdb.db, now });
    const assigned = await tdb.db.orm.select().from(companyProducts).where(eq(companyProducts.projectId, p.id));
    expect(assigned).toHaveLength(1);
    expect(assigned[0]?.reference).toBe('NOR-001');
    const posts = await tdb.db.orm.select().from(companyPosts).where(eq(companyPosts.companyId, c.id));
    expect(posts.map((x) => x.status).sort()).toEqual(['draft', 'published', 'published', 'published']);
    expect(posts.every((x) => !/<script/i.test(x.bodyHtml))).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM company_users WHERE company_id = ${c.id}`)).toBe(3);
    const days = await count(sql`SELECT count(*)::int AS n FROM analytics_daily WHERE company_id = ${c.id}`);
    expect(days).toBeGreaterThan(40);
    expect(await count(sql`SELECT sum(logins)::int AS n FROM analytics_daily WHERE company_id = ${c.id}`)).toBeGreaterThan(20);
    const events = await count(sql`SELECT count(*)::int AS n FROM analytics_events`);
    await seedCompaniesDemo({ db: tdb.db, now });
    expect(await count(sql`SELECT count(*)::int AS n FROM analytics_events`)).toBe(events);
    expect(await tdb.db.orm.select().from(companyPosts).where(eq(companyPosts.companyId, c.id))).toHaveLength(4);
  });
});
