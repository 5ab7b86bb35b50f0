import type { Permission } from '@app/shared/platform/permissions';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee, createRole } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { startSecondApp } from '../../../test/helpers/second-app';
import { auditLog, employees, rolePermissions, roles } from '../../db/schema';

let tdb: TestDatabase;
let t: TestApp;
let t2: TestApp;
/** Holds only users.manage-roles, on a role of its own. */
let manager: Agent;
let managerAccountId: number;
let managerRoleId: number;
let noPerm: Agent;
let client: Agent;
let anon: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  t2 = await startSecondApp(tdb, t);
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['users.manage-roles'] }, noPerm: { permissions: ['projects.view', 'users.manage'] } },
    companies: { company: {} },
    clients: { client: {} },
    anon: true,
  });
  ({ manager, noPerm, client, anon } = cast);
  managerAccountId = cast.manager.fx.accountId;
  managerRoleId = cast.manager.fx.roleId ?? 0;
});
afterAll(async () => {
  await t2.close();
  await t.close();
  await tdb.drop();
});

const validInput = (slug: string, permissions: Permission[] = ['projects.view']) => ({
  slug,
  name: `Name ${slug}`,
  is_admin: false,
  dashboard_view: 'projects',
  permissions,
});

async function storedPermissions(roleId: number): Promise<string[]> {
  const rows = await tdb.db.orm
    .select({ p: rolePermissions.permission })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(rolePermissions.permission));
  return rows.map((r) => r.p);
}

async function storedRole(roleId: number) {
  const rows = await tdb.db.orm.select().from(roles).where(eq(roles.id, roleId));
  return rows[0] ?? null;
}

/** Every roles endpoint, with a body that would pass validation. */
function endpoints(roleId: number, version: number) {
  return [
    { method: 'GET', url: '/api/roles' },
    { method: 'GET', url: `/api/roles/${roleId}` },
    { method: 'POST', url: '/api/roles', body: validInput('access-probe') },
    { method: 'PATCH', url: `/api/roles/${roleId}`, body: { ...validInput('access-probe-2'), version } },
    { method: 'DELETE', url: `/api/roles/${roleId}?version=${version}` },
    { method: 'GET', url: '/api/permissions' },
    { method: 'PUT', url: '/api/permissions', body: { roles: [{ id: roleId, version, permissions: [] }] } },
  ];
}

describe('roles API access (Z1)', () => {
  it('answers 401 to an anonymous caller that has a valid CSRF token, on every endpoint', async () => {
    const r = await createRole(tdb.db);
    for (const e of endpoints(r.id, 1)) {
      const res = await anon.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    }
    expect(await storedRole(r.id)).toMatchObject({ version: 1 });
  });

  it('answers 403 to an employee without users.manage-roles and to a company user, and changes nothing', async () => {
    const r = await createRole(tdb.db, { permissions: ['projects.view'] });
    for (const who of [noPerm, client]) {
      for (const e of endpoints(r.id, 1)) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await storedRole(r.id)).toMatchObject({ version: 1 });
    expect(await storedPermissions(r.id)).toEqual(['projects.view']);
    expect(await tdb.db.orm.select().from(roles).where(eq(roles.slug, 'access-probe'))).toEqual([]);
  });

  it('logs the refusal as access.forbidden (L2)', async () => {
    await noPerm.get('/api/roles');
    expect(t.logs.some((l) => l.includes('"event":"access.forbidden"') && l.includes('/api/roles'))).toBe(true);
  });
});

describe('GET /api/roles', () => {
  it('pages, searches and sorts, with users_count of live employees', async () => {
    const tag = `list${Date.now().toString(36)}`;
    const a = await createRole(tdb.db, { slug: `${tag}-a`, name: `${tag} Alpha`, permissions: ['hours.manage'] });
    await createRole(tdb.db, { slug: `${tag}-b`, name: `${tag} Beta` });
    await createRole(tdb.db, { slug: `${tag}-c`, name: `${tag} Gamma` });
    await createEmployee(tdb.db, { roleId: a.id });
    await createEmployee(tdb.db, { roleId: a.id });
    const gone = await createEmployee(tdb.db, { roleId: a.id });
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.employeeId));

    const p1 = await manager.get(`/api/roles?q=${tag}&perPage=2&sort=-name`);
    expect(p1.statusCode).toBe(200);
    const b1 = p1.json();
    expect(b1.meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    expect(b1.data.map((r: { name: string }) => r.name)).toEqual([`${tag} Gamma`, `${tag} Beta`]);
    const p2 = (await manager.get(`/api/roles?q=${tag}&perPage=2&page=2&sort=-name`)).json();
    expect(p2.data.map((r: { slug: string }) => r.slug)).toEqual([`${tag}-a`]);
    expect(p2.data[0]).toMatchObject({ users_count: 2, permissions: ['hours.manage'], version: 1, is_admin: false });
    expect(Object.keys(p2.data[0]).sort()).toEqual(
      [
        'abilities',
        'dashboard_view',
        'id',
        'is_admin',
        'name',
        'permissions',
        'slug',
        'updated_at',
        'users_count',
        'version',
      ].sort(),
    );
    // In use by two people: the list says so instead of offering a delete that would fail.
    expect(p2.data[0].abilities).toEqual({ canEdit: true, canDelete: false, reasons: { canDelete: 'ROLE_IN_USE' } });
  });

  it('treats LIKE wildcards in q as text', async () => {
    await createRole(tdb.db, { slug: 'percent-role', name: '100% Sales' });
    await createRole(tdb.db, { slug: 'plain-role', name: '100 Sales' });
    const body = (await manager.get(`/api/roles?q=${encodeURIComponent('100%')}`)).json();
    expect(body.data.map((r: { slug: string }) => r.slug)).toEqual(['percent-role']);
  });

  it('answers 400 for an unknown sort, perPage over 100, page 0 and an unknown query parameter (I1)', async () => {
    for (const q of ['sort=evil', 'perPage=101', 'page=0', 'role_id=1', `q=${'x'.repeat(201)}`]) {
      const res = await manager.get(`/api/roles?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.json().fieldErrors)[0]).toMatch(/^querystring\./);
    }
  });
});

describe('GET /api/roles/:roleId', () => {
  it('answers the role', async () => {
    const r = await createRole(tdb.db, { slug: 'one-role', permissions: ['planner.view', 'articles.view'] });
    const res = await manager.get(`/api/roles/${r.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: r.id, slug: 'one-role', permissions: ['articles.view', 'planner.view'] });
  });

  it('answers 404 ROLE_NOT_FOUND for an unknown id', async () => {
    const res = await manager.get('/api/roles/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROLE_NOT_FOUND');
  });

  it("answers 400 for ids that are not plain positive int4 digits: 'x', '-1', '1e9', '0x10', '0', '99999999999'", async () => {
    const r = await createRole(tdb.db);
    for (const id of ['x', '-1', '1e9', '0x10', '0', '01', '99999999999', '2147483648', '1.5']) {
      for (const [method, url, body] of [
        ['GET', `/api/roles/${id}`, undefined],
        ['PATCH', `/api/roles/${id}`, { ...validInput('bad-id'), version: 1 }],
        ['DELETE', `/api/roles/${id}?version=1`, undefined],
      ] as const) {
        const res = await manager.request(method, url, { body });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().fieldErrors).toHaveProperty('params.roleId');
      }
    }
    expect(await storedRole(r.id)).toMatchObject({ version: 1 });
  });
});

describe('POST /api/roles', () => {
  it('creates the role with its permissions and an audit row (role.created)', async () => {
    const res = await manager.post('/api/roles', validInput('site-lead', ['projects.view', 'planner.manage']));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      slug: 'site-lead',
      name: 'Name site-lead',
      dashboard_view: 'projects',
      version: 1,
      users_count: 0,
    });
    const row = await storedRole(data.id);
    expect(row).toMatchObject({ slug: 'site-lead', isAdmin: false, dashboardView: 'projects', version: 1 });
    expect(await storedPermissions(data.id)).toEqual(['planner.manage', 'projects.view']);
    const audits = await auditRows(tdb.db, 'role.created', eq(auditLog.subjectId, String(data.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ accountId: managerAccountId, subjectType: 'role', companyId: null });
    expect(audits[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('stores a permission once when it is listed twice', async () => {
    const res = await manager.post('/api/roles', validInput('dup-perms', ['hours.manage', 'hours.manage']));
    expect(res.statusCode).toBe(201);
    expect(await storedPermissions(res.json().data.id)).toEqual(['hours.manage']);
  });

  it('answers 400 with fieldErrors for a bad slug, an unknown permission and an empty name', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...validInput('x'), slug: 'Bad Slug' }, 'slug', 'invalid_format'],
      [{ ...validInput('x'), slug: '-lead' }, 'slug', 'invalid_format'],
      [{ ...validInput('x'), slug: 'a' }, 'slug', 'too_short'],
      [{ ...validInput('ok-slug'), permissions: ['projects.view', 'root.everything'] }, 'permissions.1', 'invalid_choice'],
      [{ ...validInput('ok-slug'), name: '   ' }, 'name', 'required'],
      [{ ...validInput('ok-slug'), dashboard_view: 'admin' }, 'dashboard_view', 'invalid_choice'],
      [{ ...validInput('ok-slug'), is_admin: 'true' }, 'is_admin', 'invalid_type'],
    ];
    for (const [body, field, code] of cases) {
      const res = await manager.post('/api/roles', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().fieldErrors[field], field).toMatchObject({ code });
    }
    expect(await tdb.db.orm.select().from(roles).where(eq(roles.slug, 'ok-slug'))).toEqual([]);
  });

  it('rejects fields outside the allowlist as unknown_field (Z8)', async () => {
    for (const extra of ['id', 'version', 'users_count', 'company_id', 'guardable_type']) {
      const res = await manager.post('/api/roles', { ...validInput('mass-assign'), [extra]: 1 });
      expect(res.statusCode, extra).toBe(400);
      expect(res.json().fieldErrors[extra]).toEqual({ code: 'unknown_field' });
    }
    expect(await tdb.db.orm.select().from(roles).where(eq(roles.slug, 'mass-assign'))).toEqual([]);
  });

  it("answers 400 fieldErrors.slug 'slug_taken' for a slug in use (D7)", async () => {
    await createRole(tdb.db, { slug: 'taken-slug' });
    const res = await manager.post('/api/roles', validInput('taken-slug'));
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ slug: { code: 'slug_taken' } });
  });

  it('gives slug_taken to the loser when two creates race for one slug', async () => {
    const results = await Promise.all([
      manager.post('/api/roles', validInput('race-slug')),
      manager.via(t2).post('/api/roles', validInput('race-slug')),
      manager.post('/api/roles', validInput('race-slug')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of results.filter((x) => x.statusCode === 400)) expect(r.json().fieldErrors.slug.code).toBe('slug_taken');
    expect(await tdb.db.orm.select().from(roles).where(eq(roles.slug, 'race-slug'))).toHaveLength(1);
  });
});

describe('PATCH /api/roles/:roleId', () => {
  it('updates the role, replaces its permissions, bumps the version and audits role.updated', async () => {
    const r = await createRole(tdb.db, { slug: 'to-edit', permissions: ['hours.manage', 'leave.manage'] });
    const res = await manager.patch(`/api/roles/${r.id}`, {
      ...validInput('edited', ['leave.approve']),
      dashboard_view: 'hr',
      version: 1,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: r.id, slug: 'edited', dashboard_view: 'hr', version: 2 });
    expect(await storedRole(r.id)).toMatchObject({ slug: 'edited', dashboardView: 'hr', version: 2 });
    expect(await storedPermissions(r.id)).toEqual(['leave.approve']);
    const audits = await auditRows(tdb.db, 'role.updated', eq(auditLog.subjectId, String(r.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.accountId).toBe(managerAccountId);
  });

  it('answers 409 STALE_VERSION for a stale version and keeps the stored role (D1)', async () => {
    const r = await createRole(tdb.db, { slug: 'stale-one', permissions: ['hours.manage'] });
    expect((await manager.patch(`/api/roles/${r.id}`, { ...validInput('stale-one'), version: 1 })).statusCode).toBe(200);
    const res = await manager.patch(`/api/roles/${r.id}`, { ...validInput('stale-two', []), version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('STALE_VERSION');
    expect(await storedRole(r.id)).toMatchObject({ slug: 'stale-one', version: 2 });
    expect(await storedPermissions(r.id)).toEqual(['projects.view']);
  });

  it('answers 400 when the version is missing or not a positive integer (D1)', async () => {
    const r = await createRole(tdb.db);
    for (const version of [undefined, 0, -1, 1.5, '1', null]) {
      const res = await manager.patch(`/api/roles/${r.id}`, { ...validInput('no-version'), version });
      expect(res.statusCode, String(version)).toBe(400);
      expect(res.json().fieldErrors).toHaveProperty('version');
    }
    expect(await storedRole(r.id)).toMatchObject({ version: 1 });
  });

  it('answers 404 ROLE_NOT_FOUND for an unknown id', async () => {
    const res = await manager.patch('/api/roles/987654', { ...validInput('ghost'), version: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROLE_NOT_FOUND');
  });

  it("answers slug_taken when renaming to another role's slug, but allows keeping its own", async () => {
    await createRole(tdb.db, { slug: 'occupied' });
    const r = await createRole(tdb.db, { slug: 'mine' });
    const taken = await manager.patch(`/api/roles/${r.id}`, { ...validInput('occupied'), version: 1 });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().fieldErrors.slug.code).toBe('slug_taken');
    const same = await manager.patch(`/api/roles/${r.id}`, { ...validInput('mine'), version: 1 });
    expect(same.statusCode).toBe(200);
  });

  it('refuses ROLE_SELF_LOCKOUT when someone removes users.manage-roles from their own role', async () => {
    const before = await storedRole(managerRoleId);
    const res = await manager.patch(`/api/roles/${managerRoleId}`, {
      slug: before?.slug,
      name: before?.name,
      is_admin: false,
      dashboard_view: 'general',
      permissions: ['projects.view'],
      version: before?.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROLE_SELF_LOCKOUT');
    expect(await storedRole(managerRoleId)).toMatchObject({ version: before?.version });
    expect(await storedPermissions(managerRoleId)).toEqual(['users.manage-roles']);
    expect((await manager.get('/api/roles')).statusCode).toBe(200);
  });

  it('lets 1 of 20 parallel PATCHes with the same version win, on two app instances; the rest get 409 (D1)', async () => {
    const r = await createRole(tdb.db, { slug: 'contended' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? manager : manager.via(t2)).patch(`/api/roles/${r.id}`, {
          ...validInput(`contended-${i}`, i % 2 === 0 ? ['hours.manage'] : ['leave.manage']),
          version: 1,
        }),
      ),
    );
    const ok = results.filter((x) => x.statusCode === 200);
    const stale = results.filter((x) => x.statusCode === 409);
    expect(ok).toHaveLength(1);
    expect(stale).toHaveLength(19);
    for (const s of stale) expect(s.json().code).toBe('STALE_VERSION');
    const winner = ok[0]?.json().data;
    const row = await storedRole(r.id);
    expect(row).toMatchObject({ slug: winner.slug, version: 2 });
    expect(await storedPermissions(r.id)).toEqual(winner.permissions);
    expect(await auditRows(tdb.db, 'role.updated', eq(auditLog.subjectId, String(r.id)))).toHaveLength(1);
  });
});

describe('DELETE /api/roles/:roleId', () => {
  it('deletes the role and its permission rows, and audits role.deleted', async () => {
    const r = await createRole(tdb.db, { permissions: ['hours.manage'] });
    const res = await manager.delete(`/api/roles/${r.id}?version=1`);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await storedRole(r.id)).toBeNull();
    expect(await storedPermissions(r.id)).toEqual([]);
    const audits = await auditRows(tdb.db, 'role.deleted', eq(auditLog.subjectId, String(r.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.accountId).toBe(managerAccountId);
  });

  it('refuses ROLE_IN_USE while an employee holds the role', async () => {
    const r = await createRole(tdb.db);
    await createEmployee(tdb.db, { roleId: r.id });
    const res = await manager.delete(`/api/roles/${r.id}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ROLE_IN_USE', details: { users: 1 } });
    expect(await storedRole(r.id)).not.toBeNull();
  });

  it('answers 409 STALE_VERSION for a stale version, 400 without one, 404 for an unknown id', async () => {
    const r = await createRole(tdb.db);
    const stale = await manager.delete(`/api/roles/${r.id}?version=2`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const missing = await manager.delete(`/api/roles/${r.id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fieldErrors).toHaveProperty(['querystring.version']);
    const repeated = await manager.delete(`/api/roles/${r.id}?version=1&version=1`);
    expect(repeated.statusCode).toBe(400);
    expect(await storedRole(r.id)).not.toBeNull();
    const unknown = await manager.delete('/api/roles/987654?version=1');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('ROLE_NOT_FOUND');
  });

  it('refuses ROLE_SELF_LOCKOUT for the caller’s own role', async () => {
    const res = await manager.delete(`/api/roles/${managerRoleId}?version=1`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROLE_SELF_LOCKOUT');
    expect(await storedRole(managerRoleId)).not.toBeNull();
  });
});

describe('/api/permissions', () => {
  it('GET answers every role with its permissions and version', async () => {
    const r = await createRole(tdb.db, { slug: 'matrix-role', permissions: ['exact.manage'] });
    const res = await manager.get('/api/permissions');
    expect(res.statusCode).toBe(200);
    const row = res.json().data.roles.find((x: { id: number }) => x.id === r.id);
    expect(row).toEqual({
      id: r.id,
      slug: 'matrix-role',
      name: 'Role matrix-role',
      is_admin: false,
      permissions: ['exact.manage'],
      version: 1,
    });
  });

  it('PUT saves every role in one go, bumps versions and audits each role', async () => {
    const a = await createRole(tdb.db, { permissions: ['hours.manage'] });
    const b = await createRole(tdb.db, { permissions: [] });
    const res = await manager.put('/api/permissions', {
      roles: [
        { id: a.id, version: 1, permissions: ['hours.export'] },
        { id: b.id, version: 1, permissions: ['leave.approve', 'leave.manage'] },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(await storedPermissions(a.id)).toEqual(['hours.export']);
    expect(await storedPermissions(b.id)).toEqual(['leave.approve', 'leave.manage']);
    expect(await storedRole(a.id)).toMatchObject({ version: 2 });
    expect(await storedRole(b.id)).toMatchObject({ version: 2 });
    const audits = await auditRows(tdb.db, 'role.permissions-updated');
    expect(audits.filter((x) => x.subjectId === String(a.id) || x.subjectId === String(b.id))).toHaveLength(2);
  });

  it('PUT is all-or-nothing: one stale role fails the whole save with 409 and nothing changes (D1, D2)', async () => {
    const a = await createRole(tdb.db, { permissions: ['hours.manage'] });
    const b = await createRole(tdb.db, { permissions: ['planner.view'] });
    await tdb.db.orm.update(roles).set({ version: 5 }).where(eq(roles.id, b.id));
    const res = await manager.put('/api/permissions', {
      roles: [
        { id: a.id, version: 1, permissions: [] },
        { id: b.id, version: 1, permissions: [] },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STALE_VERSION', details: { roleId: b.id } });
    expect(await storedPermissions(a.id)).toEqual(['hours.manage']);
    expect(await storedPermissions(b.id)).toEqual(['planner.view']);
    expect(await storedRole(a.id)).toMatchObject({ version: 1 });
  });

  it('PUT answers 404 ROLE_NOT_FOUND for an unknown role and rolls back the others', async () => {
    const a = await createRole(tdb.db, { permissions: ['hours.manage'] });
    const res = await manager.put('/api/permissions', {
      roles: [
        { id: a.id, version: 1, permissions: [] },
        { id: 987654, version: 1, permissions: [] },
      ],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROLE_NOT_FOUND');
    expect(await storedPermissions(a.id)).toEqual(['hours.manage']);
  });

  it('PUT answers 400 for a role listed twice, an unknown permission, an empty list or extra fields', async () => {
    const a = await createRole(tdb.db, { permissions: ['hours.manage'] });
    const bodies = [
      {
        roles: [
          { id: a.id, version: 1, permissions: [] },
          { id: a.id, version: 1, permissions: ['leave.manage'] },
        ],
      },
      { roles: [{ id: a.id, version: 1, permissions: ['god.mode'] }] },
      { roles: [] },
      { roles: [{ id: a.id, version: 1, permissions: [], is_admin: true }] },
      { roles: [{ id: a.id, permissions: [] }] },
    ];
    for (const body of bodies) {
      const res = await manager.put('/api/permissions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect(await storedPermissions(a.id)).toEqual(['hours.manage']);
    expect(await storedRole(a.id)).toMatchObject({ version: 1, isAdmin: false });
  });

  it('PUT refuses ROLE_SELF_LOCKOUT when the matrix takes users.manage-roles from the caller’s role', async () => {
    const res = await manager.put('/api/permissions', {
      roles: [{ id: managerRoleId, version: (await storedRole(managerRoleId))?.version ?? 1, permissions: ['projects.view'] }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ROLE_SELF_LOCKOUT');
    expect(await storedPermissions(managerRoleId)).toEqual(['users.manage-roles']);
  });
});

describe('permission changes take effect at once (Z1)', () => {
  it('a role losing a permission through the API makes the next request 403, on both app instances', async () => {
    const r = await createRole(tdb.db, { slug: 'fading', permissions: ['companies.manage'] });
    const e = await createEmployee(tdb.db, { roleId: r.id });
    const emp = t.agent();
    await emp.login(e.email, e.password);
    const emp2 = emp.via(t2);
    // Warm both processes' permission caches.
    expect((await emp.get('/api/companies')).statusCode).toBe(200);
    expect((await emp2.get('/api/companies')).statusCode).toBe(200);

    const saved = await manager.patch(`/api/roles/${r.id}`, { ...validInput('fading', ['projects.view']), version: 1 });
    expect(saved.statusCode).toBe(200);
    expect((await emp.get('/api/companies')).statusCode).toBe(403);
    expect((await emp2.get('/api/companies')).statusCode).toBe(403);
    expect((await emp.get('/api/user/current')).json().permissions).toEqual(['projects.view']);

    const matrix = await manager.via(t2).put('/api/permissions', {
      roles: [{ id: r.id, version: 2, permissions: ['companies.act-as-client'] }],
    });
    expect(matrix.statusCode).toBe(200);
    expect((await emp.get('/api/companies')).statusCode).toBe(200);
    expect((await emp2.get('/api/companies')).statusCode).toBe(200);
  });

  it('an employee moved off an admin role loses access on the next request', async () => {
    const admin = await createEmployee(tdb.db, { admin: true });
    const a = t.agent();
    await a.login(admin.email, admin.password);
    expect((await a.get('/api/roles')).statusCode).toBe(200);
    const plain = await createRole(tdb.db, { permissions: ['projects.view'] });
    await tdb.db.orm.update(employees).set({ roleId: plain.id }).where(eq(employees.id, admin.employeeId));
    expect((await a.get('/api/roles')).statusCode).toBe(403);
    expect((await a.via(t2).get('/api/roles')).statusCode).toBe(403);
  });
});
