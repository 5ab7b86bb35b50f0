import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createEmployee, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import {
  auditLog,
  companies,
  companyProjectAreas,
  employees,
  projectAreas,
  projectCompanies,
  projectManagers,
  projectMembers,
  projects,
} from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import { createMediaRow } from '../products/catalogue.fixtures';
import {
  createAreaRow,
  createFileRow,
  createProjectChain,
  createProjectRow,
  createSubtaskRow,
  createTaskRow,
  createTicketRow,
} from './projects.fixtures';
import * as repo from './projects.repository';
import { projectTitle } from './projects.service';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerFx: EmployeeFixture;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let actingAs: Agent;
let anon: Agent;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
let pm1: EmployeeFixture;
let pm2: EmployeeFixture;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['products.manage', 'companies.manage'] },
    },
    companies: { companyA: { name: 'Alpha Cruises' }, companyB: { name: 'Beta Resorts' } },
    clients: { client: { company: 'companyA' } },
    acting: { actingAs: { permissions: ['companies.act-as-client', 'projects.manage'], company: 'companyA' } },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, actingAs, anon } = cast);
  ({ companyA, companyB } = cast.companies);
  managerFx = cast.manager.fx;
  pm1 = await createEmployee(tdb.db, { firstName: 'Anna' });
  pm2 = await createEmployee(tdb.db, { firstName: 'Bram' });
  await tdb.db.orm.update(employees).set({ insertion: 'van', lastName: 'Dijk' }).where(eq(employees.id, pm2.employeeId));
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function stored(id: number) {
  return (await tdb.db.orm.select().from(projects).where(eq(projects.id, id)))[0] ?? null;
}
async function storedIds(table: typeof projectManagers | typeof projectMembers, id: number) {
  const rows = await tdb.db.orm.select({ e: table.employeeId }).from(table).where(eq(table.projectId, id));
  return rows.map((r) => r.e).sort((a, b) => a - b);
}
async function projectCount() {
  return (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(projects))[0]?.n ?? 0;
}

const input = (o: Record<string, unknown> = {}) => ({
  name: 'MS Voyager refit',
  managerIds: [pm1.employeeId],
  ...o,
});

describe('projects API access (Z1)', () => {
  function endpoints(id: number) {
    return [
      { method: 'GET', url: '/api/projects', read: true },
      { method: 'POST', url: '/api/projects', body: input() },
      { method: 'GET', url: `/api/projects/${id}`, read: true },
      { method: 'PATCH', url: `/api/projects/${id}`, body: { ...input(), version: 1 } },
      { method: 'POST', url: `/api/projects/${id}/archive`, body: { version: 1 } },
      { method: 'POST', url: `/api/projects/${id}/restore`, body: { version: 1 } },
      { method: 'DELETE', url: `/api/projects/${id}?version=1` },
    ];
  }

  it('answers 401 anonymous, 403 without a projects right, to a company user and to an employee acting as one; viewers only read', async () => {
    const p = await createProjectRow(tdb.db, { companyIds: [companyA.id] });
    const before = await projectCount();
    for (const e of endpoints(p.id)) {
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, `${e.method} ${e.url}`).toBe(401);
      for (const who of [noPerm, client, actingAs]) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, `${e.method} ${e.url}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      const res = await viewer.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `viewer ${e.method} ${e.url}`).toBe(e.read ? 200 : 403);
    }
    expect(await stored(p.id)).toMatchObject({ version: 1, status: 'active', deletedAt: null });
    expect(await projectCount()).toBe(before);
  });

  it('answers 419 to unsafe calls without the CSRF token (C1)', async () => {
    const p = await createProjectRow(tdb.db);
    for (const e of endpoints(p.id).filter((x) => x.method !== 'GET')) {
      const res = await manager.request(e.method, e.url, { body: e.body, csrf: false });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(419);
    }
    expect(await stored(p.id)).toMatchObject({ version: 1 });
  });

  it('answers 404 PROJECT_NOT_FOUND with one body for a missing id on every item route', async () => {
    const bodies = new Set<string>();
    for (const e of endpoints(2147483000).filter((x) => x.url.includes('2147483000'))) {
      const res = await manager.request(e.method, e.url, { body: e.body });
      expect(res.statusCode, `${e.method} ${e.url}`).toBe(404);
      const { requestId: _r, ...body } = res.json();
      bodies.add(JSON.stringify(body));
    }
    expect([...bodies]).toEqual([JSON.stringify({ code: 'PROJECT_NOT_FOUND', message: 'Project not found' })]);
  });

  it("keeps another company's project out of the portal view's reach in the repository (scope in the WHERE)", async () => {
    const own = await createProjectRow(tdb.db, { companyIds: [companyA.id], name: 'Own ship' });
    const foreign = await createProjectRow(tdb.db, { companyIds: [companyB.id], name: 'Foreign ship' });
    const deletedOwn = await createProjectRow(tdb.db, { companyIds: [companyA.id], deleted: true });
    const portal = {
      kind: 'client',
      companyId: companyA.id,
      accountId: null,
      actingEmployee: null,
    } as unknown as Actor;
    const db = tdb.db.orm;
    expect((await repo.find(db, portal, own.id))?.name).toBe('Own ship');
    expect(await repo.find(db, portal, foreign.id)).toBeNull();
    expect(await repo.find(db, portal, deletedOwn.id)).toBeNull();
    const ctx = { db: tdb.db, actor: portal } as unknown as Ctx;
    expect(await projectTitle(ctx, foreign.id)).toBeNull();
    expect(await projectTitle(ctx, own.id)).toBe('Own ship');
    const page = await repo.listPage(db, portal, { tab: 'active', sort: 'name', page: 1, perPage: 100 });
    const ids = page.rows.map((r) => r.id);
    expect(ids).toContain(own.id);
    expect(ids).not.toContain(foreign.id);
    // The portal view of a project shows its own company among the attached ones, never another.
    await tdb.db.orm.insert(projectCompanies).values({ projectId: own.id, companyId: companyB.id });
    const agg = (await repo.aggregates(db, portal, [own.id])).get(own.id);
    expect(agg?.companies).toEqual([{ id: companyA.id, name: 'Alpha Cruises' }]);
  });
});

describe('create, read and update', () => {
  it('creates a project with every field, reads it back, and writes an audit row', async () => {
    const media = await createMediaRow(tdb.db);
    const upload = await createFileRow(tdb.db, { createdBy: managerFx.accountId, name: 'scope.pdf' });
    const body = input({
      name: '  Hotel Atlantic lobby  ',
      managerIds: [pm2.employeeId, pm1.employeeId, pm1.employeeId],
      memberIds: [managerFx.employeeId],
      companyIds: [companyB.id, companyA.id],
      status: 'active',
      type: 'preferred',
      trimitId: 'TR-1001',
      notes: 'Lobby and 40 suites',
      mapsLink: 'https://maps.google.com/?q=atlantic',
      color: ' #1C5D99 ',
      phone: '+31 10 123 4567',
      contact: 'J. de Vries',
      address: 'Kade 1, Rotterdam',
      featuredMediaId: media,
      attachmentIds: [upload.id],
    });
    const res = await manager.post('/api/projects', body);
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Hotel Atlantic lobby',
      status: 'active',
      type: 'preferred',
      trimitId: 'TR-1001',
      notes: 'Lobby and 40 suites',
      mapsLink: 'https://maps.google.com/?q=atlantic',
      color: '#1c5d99',
      phone: '+31 10 123 4567',
      contact: 'J. de Vries',
      address: 'Kade 1, Rotterdam',
      managers: [
        { id: pm1.employeeId, name: expect.stringMatching(/^Anna Employee /) },
        { id: pm2.employeeId, name: 'Bram van Dijk' },
      ],
      companies: [
        { id: companyA.id, name: 'Alpha Cruises' },
        { id: companyB.id, name: 'Beta Resorts' },
      ],
      members: [{ id: managerFx.employeeId, name: expect.any(String) }],
      featuredThumbUrl: `/api/media/${media}/thumb`,
      featuredImage: { id: media, thumbUrl: `/api/media/${media}/thumb` },
      attachments: [{ id: upload.id, originalName: 'scope.pdf', url: `/api/files/${upload.id}`, mime: 'application/pdf' }],
      areasCount: 0,
      openTicketsCount: 0,
      completion: { tasksDone: 0, tasksTotal: 0, subtasksDone: 0, subtasksTotal: 0 },
      version: 1,
      deletedAt: null,
      archivedAt: null,
      abilities: { canEdit: true, canArchive: true, canRestore: false, canDelete: true },
    });
    expect(p.abilities.reasons).toEqual({ canRestore: 'PROJECT_NOT_ARCHIVED' });
    expect(await stored(p.id)).toMatchObject({ name: 'Hotel Atlantic lobby', trimitId: 'TR-1001', featuredMediaId: media });
    expect(await storedIds(projectManagers, p.id)).toEqual([pm1.employeeId, pm2.employeeId].sort((a, b) => a - b));
    expect((await manager.get(`/api/projects/${p.id}`)).json().data).toEqual(p);
    // Viewers read it too, without the rights to change it.
    const seen = (await viewer.get(`/api/projects/${p.id}`)).json().data;
    expect(seen.abilities).toMatchObject({ canEdit: false, reasons: { canEdit: 'FORBIDDEN' } });
    const rows = await auditRows(tdb.db, 'project.created', eq(auditLog.subjectId, String(p.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.accountId).toBe(managerFx.accountId);
  });

  it('refuses bad input with field errors and stores nothing (400)', async () => {
    const gone = await createEmployee(tdb.db);
    await tdb.db.orm.update(employees).set({ deletedAt: new Date() }).where(eq(employees.id, gone.employeeId));
    const deletedCompany = await createCompany(tdb.db);
    await tdb.db.orm.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, deletedCompany.id));
    const someoneElses = await createFileRow(tdb.db, { createdBy: gone.accountId });
    const before = await projectCount();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ managerIds: [pm1.employeeId] }, { name: 'required' }],
      [{ name: '   ', managerIds: [pm1.employeeId] }, { name: 'required' }],
      [{ name: 'x', managerIds: [] }, { managerIds: 'too_few' }],
      [{ name: 'x' }, { managerIds: 'required' }],
      [input({ mapsLink: 'javascript:alert(1)' }), { mapsLink: 'url_invalid' }],
      [input({ color: 'red' }), { color: 'invalid_format' }],
      [input({ color: '#12345g' }), { color: 'invalid_format' }],
      [input({ status: 'gone' }), { status: 'invalid_choice' }],
      [input({ id: 3 }), { id: 'unknown_field' }],
      [input({ managerIds: [gone.employeeId] }), { managerIds: 'not_found' }],
      [input({ managerIds: [987654] }), { managerIds: 'not_found' }],
      [input({ memberIds: [987654] }), { memberIds: 'not_found' }],
      [input({ companyIds: [deletedCompany.id] }), { companyIds: 'not_found' }],
      [input({ featuredMediaId: 987654 }), { featuredMediaId: 'not_found' }],
      [input({ attachmentIds: [987654] }), { attachmentIds: 'not_found' }],
      // Someone else's upload, not attached anywhere: not visible, so not attachable by guessing its id.
      [input({ attachmentIds: [someoneElses.id] }), { attachmentIds: 'not_found' }],
    ];
    for (const [body, expected] of cases) {
      const res = await manager.post('/api/projects', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      for (const [field, code] of Object.entries(expected)) {
        expect(res.json().fieldErrors?.[field], `${JSON.stringify(body)} → ${field}`).toMatchObject({ code });
      }
    }
    expect(await projectCount()).toBe(before);
  });

  it('updates every field and replaces the sets, keeping the links that stay (with their portal settings)', async () => {
    const created = (
      await manager.post('/api/projects', input({ companyIds: [companyA.id, companyB.id], memberIds: [pm2.employeeId] }))
    ).json().data;
    const area = await createAreaRow(tdb.db, created.id);
    // Company A's portal is limited to one area (the company permissions screen); a save must not lose that.
    await tdb.db.orm
      .update(projectCompanies)
      .set({ allAreas: false })
      .where(sql`${projectCompanies.projectId} = ${created.id} AND ${projectCompanies.companyId} = ${companyA.id}`);
    await tdb.db.orm.insert(companyProjectAreas).values({ projectId: created.id, companyId: companyA.id, areaId: area.id });
    const f1 = await createFileRow(tdb.db, { createdBy: managerFx.accountId, name: 'one.pdf' });
    const f2 = await createFileRow(tdb.db, { createdBy: managerFx.accountId, name: 'two.pdf' });

    const res = await manager.patch(`/api/projects/${created.id}`, {
      ...input({
        name: 'MS Voyager refit 2027',
        managerIds: [pm2.employeeId],
        memberIds: [],
        companyIds: [companyA.id],
        attachmentIds: [f2.id, f1.id],
        notes: 'Phase 2',
      }),
      version: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'MS Voyager refit 2027',
      notes: 'Phase 2',
      version: 2,
      managers: [{ id: pm2.employeeId, name: 'Bram van Dijk' }],
      members: [],
      companies: [{ id: companyA.id, name: 'Alpha Cruises' }],
      attachments: [{ id: f2.id }, { id: f1.id }],
    });
    expect(await storedIds(projectMembers, created.id)).toEqual([]);
    const link = await tdb.db.orm.select().from(projectCompanies).where(eq(projectCompanies.projectId, created.id));
    expect(link).toEqual([expect.objectContaining({ companyId: companyA.id, allAreas: false })]);
    expect(await tdb.db.orm.select().from(companyProjectAreas).where(eq(companyProjectAreas.projectId, created.id))).toHaveLength(
      1,
    );

    // The order of attachments is the order sent.
    const again = await manager.patch(`/api/projects/${created.id}`, {
      ...input({ managerIds: [pm2.employeeId], companyIds: [companyA.id], attachmentIds: [f1.id, f2.id] }),
      version: 2,
    });
    expect(again.json().data.attachments.map((a: { id: number }) => a.id)).toEqual([f1.id, f2.id]);

    const stale = await manager.patch(`/api/projects/${created.id}`, { ...input({ name: 'Lost update' }), version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect(await stored(created.id)).toMatchObject({ name: 'MS Voyager refit', version: 3 });

    const bad = await manager.patch(`/api/projects/${created.id}`, { ...input({ managerIds: [987654] }), version: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.managerIds).toEqual({ code: 'not_found' });
    expect(await stored(created.id)).toMatchObject({ version: 3 });
    expect(await storedIds(projectManagers, created.id)).toEqual([pm2.employeeId]);
    expect(await auditRows(tdb.db, 'project.updated', eq(auditLog.subjectId, String(created.id)))).toHaveLength(2);
  });

  it('keeps archived_at in step with a status changed in the editor', async () => {
    const p = (await manager.post('/api/projects', input({ status: 'inactive' }))).json().data;
    expect(p.archivedAt).not.toBeNull();
    const active = (await manager.patch(`/api/projects/${p.id}`, { ...input({ status: 'active' }), version: 1 })).json().data;
    expect(active).toMatchObject({ status: 'active', archivedAt: null });
    t.clock.advance(60_000);
    const inactive = (await manager.patch(`/api/projects/${p.id}`, { ...input({ status: 'inactive' }), version: 2 })).json().data;
    expect(inactive).toMatchObject({ status: 'inactive', archivedAt: t.clock().toISOString() });
    t.clock.advance(60_000);
    const renamed = (
      await manager.patch(`/api/projects/${p.id}`, { ...input({ status: 'inactive', name: 'Renamed' }), version: 3 })
    ).json().data;
    expect(renamed).toMatchObject({ name: 'Renamed', archivedAt: inactive.archivedAt });
  });
});

describe('archive, delete and restore', () => {
  it('archives, restores, deletes and restores a project with its areas, checking versions and states', async () => {
    const created = (await manager.post('/api/projects', input({ name: 'Lifecycle ship' }))).json().data;
    const deck = await createAreaRow(tdb.db, created.id, { kind: 'deck' });
    const area = await createAreaRow(tdb.db, created.id, { parentId: deck.id });
    await createAreaRow(tdb.db, created.id, { kind: 'subarea', parentId: area.id });
    const task = await createTaskRow(tdb.db, created.id, area.id);
    await createSubtaskRow(tdb.db, created.id, task.id);

    const archived = await manager.post(`/api/projects/${created.id}/archive`, { version: 1 });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().data).toMatchObject({
      status: 'inactive',
      version: 2,
      archivedAt: expect.any(String),
      abilities: { canArchive: false, canRestore: true, reasons: { canArchive: 'PROJECT_ARCHIVED' } },
    });
    const twice = await manager.post(`/api/projects/${created.id}/archive`, { version: 2 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('PROJECT_ARCHIVED');
    expect((await manager.post(`/api/projects/${created.id}/archive`, { version: 1 })).json().code).toBe('STALE_VERSION');

    const restored = (await manager.post(`/api/projects/${created.id}/restore`, { version: 2 })).json().data;
    expect(restored).toMatchObject({ status: 'active', archivedAt: null, version: 3 });
    const notArchived = await manager.post(`/api/projects/${created.id}/restore`, { version: 3 });
    expect(notArchived.statusCode).toBe(409);
    expect(notArchived.json().code).toBe('PROJECT_NOT_ARCHIVED');

    expect((await manager.delete(`/api/projects/${created.id}?version=2`)).json().code).toBe('STALE_VERSION');
    expect((await manager.delete(`/api/projects/${created.id}?version=3`)).statusCode).toBe(204);
    expect(await stored(created.id)).toMatchObject({ deletedAt: expect.any(Date), version: 4 });
    // Deleted: on the deleted tab only, still readable by staff, not editable.
    const deleted = (await manager.get(`/api/projects/${created.id}`)).json().data;
    expect(deleted).toMatchObject({
      deletedAt: expect.any(String),
      areasCount: 2,
      abilities: { canEdit: false, canDelete: false, canArchive: false, canRestore: true },
    });
    expect(deleted.abilities.reasons).toMatchObject({ canEdit: 'PROJECT_DELETED', canDelete: 'PROJECT_DELETED' });
    const edit = await manager.patch(`/api/projects/${created.id}`, { ...input(), version: 4 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('PROJECT_DELETED');
    expect((await manager.delete(`/api/projects/${created.id}?version=4`)).json().code).toBe('PROJECT_DELETED');
    const tab = async (name: string) =>
      (await manager.get(`/api/projects?tab=${name}&q=Lifecycle&perPage=100`)).json().data.map((r: { id: number }) => r.id);
    expect(await tab('deleted')).toContain(created.id);
    expect(await tab('active')).not.toContain(created.id);

    const back = await manager.post(`/api/projects/${created.id}/restore`, { version: 4 });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({
      status: 'active',
      deletedAt: null,
      version: 5,
      areasCount: 2,
      completion: { tasksTotal: 1, subtasksTotal: 1 },
    });
    expect(await tdb.db.orm.select().from(projectAreas).where(eq(projectAreas.projectId, created.id))).toHaveLength(3);
    expect(await tab('active')).toContain(created.id);
    expect(await tab('deleted')).not.toContain(created.id);
    for (const ev of ['project.archived', 'project.restored', 'project.deleted']) {
      const rows = await auditRows(tdb.db, ev, eq(auditLog.subjectId, String(created.id)));
      expect(rows.length, ev).toBeGreaterThanOrEqual(1);
    }
  });

  it('restores a deleted archived project to the archived tab (undoing the delete), and from there to active', async () => {
    const p = await createProjectRow(tdb.db, { status: 'inactive', name: 'Undo ship' });
    expect((await manager.delete(`/api/projects/${p.id}?version=1`)).statusCode).toBe(204);
    const undone = (await manager.post(`/api/projects/${p.id}/restore`, { version: 2 })).json().data;
    expect(undone).toMatchObject({ status: 'inactive', deletedAt: null, abilities: { canRestore: true } });
    const active = (await manager.post(`/api/projects/${p.id}/restore`, { version: 3 })).json().data;
    expect(active).toMatchObject({ status: 'active', archivedAt: null });
  });

  it('validates the version in the body and the query (400)', async () => {
    const p = await createProjectRow(tdb.db);
    expect((await manager.post(`/api/projects/${p.id}/archive`, {})).statusCode).toBe(400);
    expect((await manager.post(`/api/projects/${p.id}/archive`, { version: 0 })).statusCode).toBe(400);
    expect((await manager.delete(`/api/projects/${p.id}`)).statusCode).toBe(400);
    expect((await manager.get('/api/projects/abc')).statusCode).toBe(400);
    expect(await stored(p.id)).toMatchObject({ version: 1, status: 'active', deletedAt: null });
  });
});

describe('GET /api/projects', () => {
  const tag = `lst${Date.now().toString(36)}`;
  let ids: { old: number; mid: number; fresh: number; archived: number; deleted: number };

  beforeAll(async () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const old = await createProjectRow(tdb.db, {
      name: `${tag} Charlie`,
      createdAt: day(1),
      updatedAt: day(20),
      managerIds: [pm2.employeeId, pm1.employeeId],
      companyIds: [companyB.id],
      trimitId: `TRM-${tag}`,
    });
    const mid = await createProjectRow(tdb.db, { name: `${tag} alpha`, createdAt: day(2), updatedAt: day(10) });
    const fresh = await createProjectRow(tdb.db, { name: `${tag} Bravo 50%`, createdAt: day(3), updatedAt: day(3) });
    const archived = await createProjectRow(tdb.db, { name: `${tag} Archived`, status: 'inactive' });
    const deleted = await createProjectRow(tdb.db, { name: `${tag} Deleted`, deleted: true });
    ids = { old: old.id, mid: mid.id, fresh: fresh.id, archived: archived.id, deleted: deleted.id };
    // Counts and completion on "old": decks are not counted as areas.
    const deck = await createAreaRow(tdb.db, old.id, { kind: 'deck' });
    const a1 = await createAreaRow(tdb.db, old.id, { parentId: deck.id });
    const a2 = await createAreaRow(tdb.db, old.id, { parentId: deck.id });
    await createAreaRow(tdb.db, old.id, { kind: 'subarea', parentId: a1.id });
    const t1 = await createTaskRow(tdb.db, old.id, a1.id, { status: 'completed' });
    const t2 = await createTaskRow(tdb.db, old.id, a2.id, { status: 'open_ticket' });
    await createTaskRow(tdb.db, old.id, a2.id);
    await createSubtaskRow(tdb.db, old.id, t1.id, { status: 'closed' });
    await createSubtaskRow(tdb.db, old.id, t2.id);
    await createTicketRow(tdb.db, old.id, { taskId: t2.id });
    await createTicketRow(tdb.db, old.id, { taskId: t2.id, status: 'closed' });
    await createTicketRow(tdb.db, old.id);
    const media = await createMediaRow(tdb.db);
    await tdb.db.orm.update(projects).set({ featuredMediaId: media }).where(eq(projects.id, old.id));
  });

  const list = async (query: string) => {
    const res = await manager.get(`/api/projects?q=${encodeURIComponent(tag)}&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { id: number; [k: string]: unknown }[]; meta: Record<string, number> };
  };

  it('lists the active tab by last updated, with people, counts, completion and the featured thumbnail', async () => {
    const res = await list('');
    expect(res.data.map((r) => r.id)).toEqual([ids.old, ids.mid, ids.fresh]);
    expect(res.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 3 });
    const old = res.data[0];
    expect(old).toMatchObject({
      managers: [
        { id: pm1.employeeId, name: expect.stringMatching(/^Anna /) },
        { id: pm2.employeeId, name: 'Bram van Dijk' },
      ],
      companies: [{ id: companyB.id, name: 'Beta Resorts' }],
      areasCount: 3,
      openTicketsCount: 2,
      completion: { tasksDone: 1, tasksTotal: 3, subtasksDone: 1, subtasksTotal: 2 },
      featuredThumbUrl: expect.stringMatching(/^\/api\/media\/\d+\/thumb$/),
      deletedAt: null,
      abilities: { canEdit: true, canArchive: true, canDelete: true, canRestore: false },
    });
    expect(res.data[1]).toMatchObject({ managers: [], companies: [], areasCount: 0, featuredThumbUrl: null });
  });

  it('has the archived and deleted tabs', async () => {
    expect((await list('tab=archived')).data.map((r) => r.id)).toEqual([ids.archived]);
    expect((await list('tab=deleted')).data.map((r) => r.id)).toEqual([ids.deleted]);
    expect((await list('tab=deleted')).data[0]).toMatchObject({ deletedAt: expect.any(String) });
    expect((await manager.get('/api/projects?tab=trash')).statusCode).toBe(400);
  });

  it('sorts by updated, created and name, both ways', async () => {
    const order = async (sort: string) => (await list(`sort=${sort}`)).data.map((r) => r.id);
    expect(await order('updated')).toEqual([ids.fresh, ids.mid, ids.old]);
    expect(await order('-created')).toEqual([ids.fresh, ids.mid, ids.old]);
    expect(await order('created')).toEqual([ids.old, ids.mid, ids.fresh]);
    expect(await order('name')).toEqual([ids.mid, ids.fresh, ids.old]);
    expect(await order('-name')).toEqual([ids.old, ids.fresh, ids.mid]);
    expect((await manager.get('/api/projects?sort=evil')).statusCode).toBe(400);
  });

  it('searches the name (case-insensitive, wildcards literal) and the trimitId', async () => {
    const search = async (q: string) =>
      (await manager.get(`/api/projects?q=${encodeURIComponent(q)}`)).json().data.map((r: { id: number }) => r.id);
    expect(await search(`${tag} ALPHA`)).toEqual([ids.mid]);
    expect(await search(`${tag} Bravo 50%`)).toEqual([ids.fresh]);
    expect(await search('50%')).toContain(ids.fresh);
    expect(await search('%')).not.toContain(ids.mid);
    expect(await search(`trm-${tag}`)).toEqual([ids.old]);
  });

  it('pages on the server', async () => {
    const p1 = await list('sort=name&perPage=2');
    const p2 = await list('sort=name&perPage=2&page=2');
    expect(p1.data.map((r) => r.id)).toEqual([ids.mid, ids.fresh]);
    expect(p2.data.map((r) => r.id)).toEqual([ids.old]);
    expect(p2.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 3 });
    expect((await manager.get('/api/projects?perPage=101')).statusCode).toBe(400);
  });

  it('costs the same number of statements for a page of 2 projects as for a page of 30 (no query per row)', async () => {
    const many = `qc${Date.now().toString(36)}`;
    for (let i = 0; i < 30; i++) {
      const chain = await createProjectChain(tdb.db, { companyIds: [companyA.id, companyB.id], name: `${many} ${i}` });
      await tdb.db.orm.insert(projectManagers).values({ projectId: chain.projectId, employeeId: pm1.employeeId });
    }
    const url = (n: number) => `/api/projects?q=${many}&perPage=${n}`;
    await manager.get(url(2)); // warm up: the first load of a session may write last_seen_at
    const small = await countQueries(tdb.db, () => manager.get(url(2)));
    const large = await countQueries(tdb.db, () => manager.get(url(30)));
    expect(small.result.json().data).toHaveLength(2);
    expect(large.result.json().data).toHaveLength(30);
    expect(large.result.json().data[0]).toMatchObject({ areasCount: 2, openTicketsCount: 1, companies: expect.any(Array) });
    expect(large.count, large.statements.join('\n')).toBe(small.count);
    expect(large.count).toBeLessThanOrEqual(5);
  });
});
