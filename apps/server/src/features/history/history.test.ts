import { HISTORY_SUBJECTS, type HistorySubject } from '@app/shared/history/history';
import { ATTRIBUTE_KINDS } from '@app/shared/products/attributes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { accounts, employees } from '../../db/schema';
import { HISTORY_READ_ROUTES } from './history.subjects';

let tdb: TestDatabase;
let t: TestApp;
let anon: Agent;
let admin: Agent;
let manager: Agent;
let managerFx: EmployeeFixture;
let plain: Agent;
let plainFx: EmployeeFixture;
let client: Agent;
let fitter: Agent;
const names = new Map<number, string>();
const nameOf = (fx: EmployeeFixture) => names.get(fx.employeeId);

const uniq = () => Math.random().toString(36).slice(2, 8);

interface Entry {
  op: string;
  source: string;
  changes: { field: string; old: unknown; new: unknown }[];
  actor: { name: string; actingAs: string | null } | null;
  event: string | null;
}

const change = (e: Entry, field: string) => e.changes.find((c) => c.field === field);

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      admin: { admin: true },
      manager: { permissions: ['companies.manage', 'companies.act-as-client', 'users.manage-roles'] },
      plain: { permissions: ['projects.view'] },
      fitter: {},
    },
    companies: { company: { name: `Client ${uniq()}` } },
    clients: { client: {} },
    anon: true,
  });
  ({ anon, admin, manager, plain, client, fitter } = cast);
  managerFx = cast.manager.fx;
  plainFx = cast.plain.fx;
  const rows = await tdb.db.orm
    .select({ id: employees.id, first: employees.firstName, last: employees.lastName })
    .from(employees);
  for (const r of rows) names.set(r.id, `${r.first} ${r.last}`);
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const companyBody = (name: string) => ({
  name,
  sector: 'cruise',
  primaryColor: '#0B3D91',
  secondaryColor: '#d4a017',
  contactPerson: 'Mara Dekker',
  email: 'info@aurora.test',
  phone: '+31 10 555 0101',
  country: 'Nederland',
  address: 'Wilhelminakade 1',
  zipcode: '3072 AP',
  city: 'Rotterdam',
});

describe('GET /api/history/:subject/:id', () => {
  it('shows a company created, changed and archived through the API, field by field, newest first, with who did it', async () => {
    const created = await manager.post('/api/companies', companyBody(`Aurora ${uniq()}`));
    expect(created.statusCode, created.body).toBe(201);
    const co = created.json().data;
    const renamed = `Borealis ${uniq()}`;
    const put = await manager.put(`/api/companies/${co.id}`, {
      ...companyBody(renamed),
      city: 'Vlissingen',
      version: co.version,
    });
    expect(put.statusCode, put.body).toBe(200);
    const archived = await manager.post(`/api/companies/${co.id}/archive`, { version: put.json().data.version });
    expect(archived.statusCode, archived.body).toBe(200);

    const res = await manager.get(`/api/history/company/${co.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const entries: Entry[] = res.json().data;
    expect(entries.map((e) => [e.op, e.event])).toEqual([
      ['updated', 'company.archived'],
      ['updated', 'company.updated'],
      ['created', 'company.created'],
    ]);
    const [archive, update, create] = entries as [Entry, Entry, Entry];
    expect(change(update, 'name')).toEqual({ field: 'name', old: co.name, new: renamed });
    expect(change(update, 'city')).toEqual({ field: 'city', old: 'Rotterdam', new: 'Vlissingen' });
    // Unchanged fields and bookkeeping (version, updated_at) are not listed.
    expect(update.changes.map((c) => c.field).sort()).toEqual(['city', 'name']);
    expect(change(archive, 'deleted_at')?.old).toBeNull();
    expect(change(archive, 'deleted_at')?.new).toEqual(expect.any(String));
    expect(change(create, 'name')).toEqual({ field: 'name', old: null, new: co.name });
    for (const e of entries) expect(e.actor).toEqual({ name: nameOf(managerFx), actingAs: null });
    expect(res.json().meta).toMatchObject({ total: 3, current_page: 1 });

    // Paged: one per page, the second page is the update; a page past the end is empty with the total.
    const second = (await manager.get(`/api/history/company/${co.id}?perPage=1&page=2`)).json();
    expect(second.data.map((e: Entry) => e.event)).toEqual(['company.updated']);
    expect(second.meta).toMatchObject({ total: 3, last_page: 3 });
    const past = (await manager.get(`/api/history/company/${co.id}?perPage=1&page=9`)).json();
    expect(past).toMatchObject({ data: [], meta: { total: 3 } });
  });

  it("shows a role's permissions added and removed as changes of its parts (rows created and deleted)", async () => {
    const slug = `r-${uniq()}`;
    const made = await manager.post('/api/roles', {
      slug,
      name: 'Planner',
      is_admin: false,
      dashboard_view: 'general',
      permissions: ['projects.view'],
    });
    expect(made.statusCode, made.body).toBe(201);
    const role = made.json().data;
    const patched = await manager.patch(`/api/roles/${role.id}`, {
      slug,
      name: 'Planner',
      is_admin: false,
      dashboard_view: 'general',
      permissions: ['projects.manage'],
      version: role.version,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    // Saved again with one more: the kept permission is no change, even if the role's rows are written anew.
    const again = await manager.patch(`/api/roles/${role.id}`, {
      slug,
      name: 'Planner',
      is_admin: false,
      dashboard_view: 'general',
      permissions: ['projects.manage', 'companies.manage'],
      version: patched.json().data.version,
    });
    expect(again.statusCode, again.body).toBe(200);
    const entries: Entry[] = (await manager.get(`/api/history/role/${role.id}`)).json().data;
    const parts = entries.filter((e) => e.source === 'role_permissions');
    const moves = parts.map((e) => `${e.op} ${String(change(e, 'permission')?.old ?? change(e, 'permission')?.new)}`);
    expect(moves.sort()).toEqual([
      'created companies.manage',
      'created projects.manage',
      'created projects.view',
      'deleted projects.view',
    ]);
  });

  it('names the employee and the company for a change made while acting as the company', async () => {
    const company = await createCompany(tdb.db, { name: `Acted ${uniq()}` });
    const acting = t.agent();
    await acting.login(managerFx.email, managerFx.password);
    acting.actingAs = company.id;
    const req = await acting.post('/api/client/orders', { title: 'Bar stools', newProductTitle: 'Bar stool, oak' });
    expect(req.statusCode, req.body).toBe(201);
    const orderId = req.json().data.id;
    // While acting, the employee is the company's portal view: no staff tools.
    expect((await acting.get(`/api/history/order/${orderId}`)).statusCode).toBe(403);

    const res = await manager.get(`/api/history/order/${orderId}`);
    expect(res.statusCode, res.body).toBe(200);
    const created = (res.json().data as Entry[]).find((e) => e.op === 'created' && e.source === 'orders');
    expect(created?.actor).toEqual({ name: nameOf(managerFx), actingAs: company.name });
    expect(created?.event).toBe('order.requested');
  });

  it('never records a password hash; a change nobody signed in made has no actor', async () => {
    await tdb.db.orm
      .update(accounts)
      .set({ passwordHash: 'scrypt$new-hash', locale: 'en' })
      .where(eq(accounts.email, plainFx.email));
    const leaked = await tdb.db.raw.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM record_changes WHERE changes ? 'password_hash' OR changes::text LIKE '%scrypt$new-hash%'",
    );
    expect(Number(leaked[0]?.n)).toBe(0);
    // The same query finds a recorded value (so the check above can fail).
    const seen = await tdb.db.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM record_changes WHERE changes::text LIKE \'%"en"%\'',
    );
    expect(Number(seen[0]?.n)).toBeGreaterThan(0);
    const res = await plain.get(`/api/history/employee/${plainFx.employeeId}`);
    expect(res.statusCode, res.body).toBe(200);
    const locale = (res.json().data as Entry[]).find((e) => e.source === 'accounts' && change(e, 'locale'));
    expect(locale).toMatchObject({ op: 'updated', actor: null, changes: [{ field: 'locale', old: 'nl', new: 'en' }] });
  });

  it('answers 401 anonymous, 403 for the portal, 404 for a record out of reach or missing, 400 for a bad subject or id', async () => {
    expect((await anon.get(`/api/history/employee/${plainFx.employeeId}`)).statusCode).toBe(401);
    expect((await client.get(`/api/history/employee/${plainFx.employeeId}`)).statusCode).toBe(403);
    // Another person's record without the right to see people: the same 404 as a missing one.
    const other = await plain.get(`/api/history/employee/${managerFx.employeeId}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('EMPLOYEE_NOT_FOUND');
    // A company without a company right: refused like the company itself.
    const company = await createCompany(tdb.db, { name: `Hidden ${uniq()}` });
    expect([403, 404]).toContain((await plain.get(`/api/history/company/${company.id}`)).statusCode);
    for (const url of [
      '/api/history/nope/1',
      '/api/history/company/0',
      '/api/history/company/1e3',
      '/api/history/company/1?page=0',
      '/api/history/company/1?x=1',
    ]) {
      expect((await admin.get(url)).statusCode, url).toBe(400);
    }
  });

  it("answers 403 for every kind exactly when the record's own read route does (the fitter could read role and catalogue histories)", async () => {
    const missing = 2147483000;
    const readUrl = (subject: HistorySubject) =>
      HISTORY_READ_ROUTES[subject]
        .replace(/^GET /, '')
        .replace(':kind', ATTRIBUTE_KINDS[0])
        .replace(/:[A-Za-z]+/g, String(missing));
    const refused: Record<string, string[]> = {};
    for (const [name, who] of Object.entries({ plain, manager, fitter })) {
      for (const subject of HISTORY_SUBJECTS) {
        const record = await who.get(readUrl(subject));
        const history = await who.get(`/api/history/${subject}/${missing}`);
        expect(record.statusCode, `${name} ${readUrl(subject)}: ${record.body}`).not.toBe(500);
        expect(
          history.statusCode === 403,
          `${name} ${subject}: the record ${record.statusCode}, its history ${history.statusCode}`,
        ).toBe(record.statusCode === 403);
        if (history.statusCode === 403) refused[name] = [...(refused[name] ?? []), subject];
      }
    }
    // Someone with no rights at all reads the history of nothing that needs a right.
    expect(refused.fitter).toEqual(
      expect.arrayContaining(['role', 'product', 'article', 'attribute', 'robox_material', 'robox_category']),
    );
  });

  it('every kind names a read route that exists and declares its access', () => {
    for (const subject of HISTORY_SUBJECTS) {
      const [method, read = ''] = HISTORY_READ_ROUTES[subject].split(' ');
      const url = read.split('?')[0];
      const route = t.app.routeTable.find((r) => r.method === method && r.url === url);
      expect(route, `${subject}: ${HISTORY_READ_ROUTES[subject]}`).toBeDefined();
      expect(route?.config?.access, subject).toBeDefined();
    }
  });

  it('answers 404 (never 500) for a missing record of every kind', async () => {
    for (const subject of HISTORY_SUBJECTS) {
      const res = await admin.get(`/api/history/${subject}/2147483000`);
      expect(res.statusCode, `${subject}: ${res.body}`).toBe(404);
    }
  });

  it('records every kind of record: each subject has a trigger on its own table', async () => {
    const triggers = await tdb.db.raw.query<{ tbl: string; args: string }>(
      `SELECT c.relname AS tbl, encode(t.tgargs, 'escape') AS args
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname LIKE '%_record_change' AND NOT t.tgisinternal`,
    );
    const own = new Set(
      triggers
        .map((t) => t.args.split('\\000'))
        .filter(([, column]) => column === 'id')
        .map(([subject]) => subject),
    );
    expect(HISTORY_SUBJECTS.filter((s) => !own.has(s))).toEqual([]);
    // Tables of secrets have none.
    expect(triggers.filter((t) => ['sessions', 'auth_tokens'].includes(t.tbl))).toEqual([]);
  });
});
