import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee, createRole } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { companies } from '../../db/schema';

let tdb: TestDatabase;
let t: TestApp;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
let role: { id: number; slug: string };

async function signedIn(fx: { email: string; password: string }): Promise<Agent> {
  const a = t.agent();
  await a.login(fx.email, fx.password);
  return a;
}

const slugs = async (a: Agent, query: string) => {
  const res = await a.get(`/api/breadcrumbs/slugs?${query}`);
  expect(res.statusCode, query).toBe(200);
  return res.json().data.slugs;
};

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  companyA = await createCompany(tdb.db, { name: 'Alpha Cruises' });
  companyB = await createCompany(tdb.db, { name: 'Beta Resorts' });
  role = await createRole(tdb.db, { slug: 'crumb-role', name: 'Crumb Role' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

describe('GET /api/breadcrumbs/slugs', () => {
  it('answers titles to an employee allowed to see them', async () => {
    const a = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.manage', 'users.manage-roles'] }));
    expect(await slugs(a, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({
      companyId: 'Alpha Cruises',
      roleId: 'Crumb Role',
    });
    const admin = await signedIn(await createEmployee(tdb.db, { admin: true }));
    expect(await slugs(admin, `companyId=${companyB.id}&roleId=${role.id}`)).toEqual({
      companyId: 'Beta Resorts',
      roleId: 'Crumb Role',
    });
  });

  it('answers null for what the employee may not see', async () => {
    const none = await signedIn(await createEmployee(tdb.db, { permissions: ['projects.view'] }));
    expect(await slugs(none, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({ companyId: null, roleId: null });
    const actOnly = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
    expect(await slugs(actOnly, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({
      companyId: 'Alpha Cruises',
      roleId: null,
    });
  });

  it("gives a company user its own company's name and null for another company's id, exactly as for a missing id (Z2)", async () => {
    const user = await signedIn(await createClient(tdb.db, companyA.id));
    expect(await slugs(user, `companyId=${companyA.id}`)).toEqual({ companyId: 'Alpha Cruises' });
    const foreign = await user.get(`/api/breadcrumbs/slugs?companyId=${companyB.id}`);
    const missing = await user.get('/api/breadcrumbs/slugs?companyId=987654');
    expect(foreign.json()).toEqual({ data: { slugs: { companyId: null } } });
    expect(foreign.body).toBe(missing.body);
    expect(foreign.body).not.toContain('Beta');
    expect(await slugs(user, `roleId=${role.id}`)).toEqual({ roleId: null });
  });

  it('scopes an employee acting as a company to that company', async () => {
    const a = await signedIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client', 'users.manage-roles'] }));
    a.actingAs = companyA.id;
    expect(await slugs(a, `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({ companyId: 'Alpha Cruises', roleId: null });
    expect(await slugs(a, `companyId=${companyB.id}`)).toEqual({ companyId: null });
  });

  it('answers nulls to an anonymous caller', async () => {
    expect(await slugs(t.agent(), `companyId=${companyA.id}&roleId=${role.id}`)).toEqual({ companyId: null, roleId: null });
  });

  it('answers null for a deleted company and an empty map without params', async () => {
    const gone = await createCompany(tdb.db, { name: 'Gone Ltd' });
    await tdb.db.orm.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, gone.id));
    const admin = await signedIn(await createEmployee(tdb.db, { admin: true }));
    expect(await slugs(admin, `companyId=${gone.id}`)).toEqual({ companyId: null });
    expect(await slugs(admin, '')).toEqual({});
  });

  it('answers 400 for an unknown slug name, a bad id or a repeated parameter (I1, I4)', async () => {
    const admin = await signedIn(await createEmployee(tdb.db, { admin: true }));
    const bad = [
      'projectId=1',
      '__proto__=1',
      'companyId=x',
      'companyId=-1',
      'companyId=1e9',
      'companyId=0x10',
      'companyId=0',
      'companyId=99999999999',
      'companyId=',
      `companyId=${companyA.id}&companyId=${companyB.id}`,
    ];
    for (const q of bad) {
      const res = await admin.get(`/api/breadcrumbs/slugs?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.body).not.toContain('Alpha');
    }
  });
});
