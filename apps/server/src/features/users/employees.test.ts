import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { employees } from '../../db/schema';

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

const signIn = async (fx: { email: string; password: string }) => {
  const a = t.agent();
  await a.login(fx.email, fx.password);
  return a;
};

describe('GET /api/employees/options', () => {
  it('lists every employee with an enabled account who is not deleted, by name, with insertion and function', async () => {
    const tag = `Opt${Date.now().toString(36)}`;
    const zoe = await createEmployee(tdb.db, { firstName: `${tag} Zoë` });
    const bram = await createEmployee(tdb.db, { firstName: `${tag} Bram` });
    await tdb.db.orm
      .update(employees)
      .set({ insertion: 'van der', lastName: 'Berg', function: 'Projectleider' })
      .where(eq(employees.id, bram.employeeId));
    const anna = await createEmployee(tdb.db, { firstName: `${tag} anna` });
    const disabled = await createEmployee(tdb.db, { firstName: `${tag} Disabled`, status: 'disabled' });
    const gone = await createEmployee(tdb.db, { firstName: `${tag} Gone` });
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.employeeId));

    // Any employee may ask, whatever their rights.
    const a = await signIn(await createEmployee(tdb.db, { permissions: [] }));
    const res = await a.get('/api/employees/options');
    expect(res.statusCode).toBe(200);
    const mine = (res.json().data as { id: number; name: string; function: string | null }[]).filter((o) =>
      o.name.startsWith(tag),
    );
    expect(mine.map((o) => o.id)).toEqual([anna.employeeId, bram.employeeId, zoe.employeeId]);
    expect(mine[1]).toEqual({ id: bram.employeeId, name: `${tag} Bram van der Berg`, function: 'Projectleider' });
    expect(mine[0]).toMatchObject({
      name: expect.stringMatching(new RegExp(`^${tag} anna Employee [0-9a-f]+$`)),
      function: null,
    });
    const ids = mine.map((o) => o.id);
    expect(ids).not.toContain(disabled.employeeId);
    expect(ids).not.toContain(gone.employeeId);
    // Sorted by name for everyone: the whole list is in order.
    const names = (res.json().data as { name: string }[]).map((o) => o.name.toLowerCase());
    expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it('answers in one statement whatever the number of employees', async () => {
    const a = await signIn(await createEmployee(tdb.db, { permissions: ['projects.view'] }));
    await a.get('/api/employees/options');
    const before = await countQueries(tdb.db, () => a.get('/api/employees/options'));
    for (let i = 0; i < 10; i++) await createEmployee(tdb.db);
    // New people change the auth generation: the first request after them loads the session whole.
    await a.get('/api/employees/options');
    const after = await countQueries(tdb.db, () => a.get('/api/employees/options'));
    expect(after.count).toBe(before.count);
  });

  it('answers 401 anonymous, 403 to a company user and to an employee acting as a company, 400 to a query', async () => {
    const anon = t.agent();
    await anon.csrf();
    expect((await anon.get('/api/employees/options')).statusCode).toBe(401);
    const company = await createCompany(tdb.db);
    const client = await signIn(await createClient(tdb.db, company.id));
    expect((await client.get('/api/employees/options')).statusCode).toBe(403);
    const acting = await signIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
    acting.actingAs = company.id;
    expect((await acting.get('/api/employees/options')).statusCode).toBe(403);
    const e = await signIn(await createEmployee(tdb.db));
    expect((await e.get('/api/employees/options?q=x')).statusCode).toBe(400);
  });
});
