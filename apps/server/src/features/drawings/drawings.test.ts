import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { auditRows } from '../../../test/helpers/rows';
import {
  auditLog,
  drawingCommentFiles,
  drawingComments,
  drawings,
  drawingVersions,
  notifications,
  projectCompanies,
} from '../../db/schema';
import { drawingPdf } from '../../demo/drawings';
import { createFileRow, createProjectRow } from '../projects/projects.fixtures';
import { createDrawingRow } from './drawings.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccount: number;
let viewer: Agent;
let noPerm: Agent;
let anon: Agent;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
let clientA: Agent;
let clientAAccount: number;
let clientAEmail: string;
let clientA2Account: number;
let clientA2Email: string;
let clientB: Agent;
let clientBAccount: number;
let acting: Agent;
let actingAccount: number;
let responsible: { employeeId: number; accountId: number; email: string };
let pm: { employeeId: number; accountId: number; email: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  // Jobs deferred: a notification's mail stays owed (pending) until the test drains the jobs.
  t = await startTestApp({ db: tdb.db, jobs: 'deferred' });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'], firstName: 'Mila' },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['articles.view', 'companies.manage'] },
    },
    companies: { companyA: { name: 'Nordic A' }, companyB: { name: 'Company B' } },
    clients: { clientA: { company: 'companyA', firstLogin: false }, clientB: { company: 'companyB' } },
    acting: { acting: { permissions: ['companies.act-as-client'], firstName: 'Ahmed', company: 'companyA' } },
    anon: true,
  });
  ({ manager, viewer, noPerm, anon, clientA, clientB, acting } = cast);
  ({ companyA, companyB } = cast.companies);
  managerAccount = cast.manager.fx.accountId;
  clientAAccount = cast.clientA.fx.accountId;
  clientAEmail = cast.clientA.fx.email;
  clientBAccount = cast.clientB.fx.accountId;
  actingAccount = cast.acting.fx.accountId;
  // A second user of company A, in English, not signed in.
  const ca2 = await createClient(tdb.db, companyA.id, { locale: 'en' });
  clientA2Account = ca2.accountId;
  clientA2Email = ca2.email;
  const r = await createEmployee(tdb.db, { firstName: 'Rik', locale: 'en' });
  responsible = { employeeId: r.employeeId, accountId: r.accountId, email: r.email };
  const p = await createEmployee(tdb.db, { firstName: 'Pieter' });
  pm = { employeeId: p.employeeId, accountId: p.accountId, email: p.email };
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

// ---- helpers

/** A project attached to company A (and others), managed by pm. */
async function projectOfA(o: { companyIds?: number[]; deleted?: boolean } = {}) {
  return createProjectRow(tdb.db, {
    companyIds: o.companyIds ?? [companyA.id],
    managerIds: [pm.employeeId],
    ...(o.deleted ? { deleted: true } : {}),
  });
}

/** An upload of the account, not attached yet (what POST /api/files leaves). */
async function upload(accountId: number, name = 'plan.pdf') {
  return (await createFileRow(tdb.db, { storage: t.app.platform.storage, createdBy: accountId, name })).id;
}

const input = async (o: Record<string, unknown> = {}) => ({
  name: 'Hut 5001 wandopstelling',
  description: 'Wandpanelen en kast',
  companyId: companyA.id,
  drawingDate: '2026-11-20',
  employeeId: responsible.employeeId,
  fileId: await upload(managerAccount),
  notes: 'Eerste opzet',
  ...o,
});

type Json = Record<string, unknown> & { id: number; version: number };

async function create(projectId: number, o: Record<string, unknown> = {}): Promise<Json & { versions: Json[] }> {
  const res = await manager.post(`/api/projects/${projectId}/drawings`, await input(o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const staffUrl = (projectId: number, drawingId: number, rest = '') => `/api/projects/${projectId}/drawings/${drawingId}${rest}`;
const clientUrl = (drawingId: number, rest = '') => `/api/client/drawings/${drawingId}${rest}`;

async function stored(id: number) {
  return (await tdb.db.orm.select().from(drawings).where(eq(drawings.id, id)))[0] ?? null;
}
async function versionsOf(id: number) {
  return tdb.db.orm.select().from(drawingVersions).where(eq(drawingVersions.drawingId, id)).orderBy(asc(drawingVersions.number));
}
async function commentsOf(id: number) {
  return tdb.db.orm.select().from(drawingComments).where(eq(drawingComments.drawingId, id)).orderBy(asc(drawingComments.id));
}
async function notificationsOf(accountIds: number[], kind?: string) {
  return tdb.db.orm
    .select()
    .from(notifications)
    .where(and(inArray(notifications.accountId, accountIds), kind ? eq(notifications.kind, kind) : undefined))
    .orderBy(asc(notifications.id));
}
async function clearNotifications() {
  await tdb.db.orm.delete(notifications);
  t.mailer.sent.length = 0;
}
async function count(table: typeof drawings | typeof drawingVersions | typeof drawingComments) {
  return (await tdb.db.orm.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n ?? 0;
}

// ---- access

describe('drawings API access (Z1)', () => {
  it('answers 401 anonymous, 403 without a projects right and to the portal view, 403 to writes with projects.view only', async () => {
    const p = await projectOfA();
    const d = await create(p.id);
    const v = d.versions[0]?.id as number;
    const before = await stored(d.id);
    const counts = [await count(drawings), await count(drawingVersions), await count(drawingComments)];
    const body = await input();
    const endpoints = [
      { method: 'GET', url: `/api/projects/${p.id}/drawings`, write: false },
      { method: 'POST', url: `/api/projects/${p.id}/drawings`, body, write: true },
      { method: 'GET', url: staffUrl(p.id, d.id), write: false },
      {
        method: 'PUT',
        url: staffUrl(p.id, d.id),
        body: { ...body, fileId: undefined, notes: undefined, version: 1 },
        write: true,
      },
      { method: 'DELETE', url: staffUrl(p.id, d.id, '?version=1'), write: true },
      { method: 'POST', url: staffUrl(p.id, d.id, '/versions'), body: { fileId: body.fileId }, write: true },
      { method: 'GET', url: staffUrl(p.id, d.id, `/versions/${v}`), write: false },
      { method: 'POST', url: staffUrl(p.id, d.id, `/versions/${v}/comments`), body: { body: 'x' }, write: true },
      { method: 'POST', url: staffUrl(p.id, d.id, `/versions/${v}/approve`), body: {}, write: true },
      { method: 'POST', url: staffUrl(p.id, d.id, `/versions/${v}/request-changes`), body: { body: 'x' }, write: true },
    ];
    for (const e of endpoints) {
      const label = `${e.method} ${e.url}`;
      expect((await anon.request(e.method, e.url, { body: e.body })).statusCode, label).toBe(401);
      for (const who of [noPerm, clientA, acting]) {
        const res = await who.request(e.method, e.url, { body: e.body });
        expect(res.statusCode, label).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
      expect((await viewer.request(e.method, e.url, { body: e.body })).statusCode, `viewer ${label}`).toBe(e.write ? 403 : 200);
      if (e.method !== 'GET') {
        expect((await manager.request(e.method, e.url, { body: e.body, csrf: false })).statusCode, label).toBe(419);
      }
    }
    // The portal's routes: not for staff outside the portal view, not for anonymous.
    const portal = [
      ['GET', '/api/client/drawings', undefined],
      ['GET', clientUrl(d.id), undefined],
      ['GET', clientUrl(d.id, `/versions/${v}`), undefined],
      ['POST', clientUrl(d.id, `/versions/${v}/comments`), { body: 'x' }],
      ['POST', clientUrl(d.id, `/versions/${v}/approve`), {}],
      ['POST', clientUrl(d.id, `/versions/${v}/request-changes`), { body: 'x' }],
    ] as const;
    for (const [method, url, b] of portal) {
      expect((await anon.request(method, url, { body: b })).statusCode, `${method} ${url}`).toBe(401);
      expect((await manager.request(method, url, { body: b })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await stored(d.id)).toEqual(before);
    expect([await count(drawings), await count(drawingVersions), await count(drawingComments)]).toEqual(counts);
    // What the viewer reads says it may not change the drawing, and why.
    const seen = (await viewer.get(staffUrl(p.id, d.id))).json().data;
    expect(seen.abilities).toEqual({
      canEdit: false,
      canDelete: false,
      canAddVersion: false,
      reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN', canAddVersion: 'FORBIDDEN' },
    });
  });

  it("shows the portal another company's drawing, a detached or deleted project's, and a deleted drawing as not found (the body of a missing id)", async () => {
    const own = await projectOfA();
    const foreignProject = await createProjectRow(tdb.db, { companyIds: [companyB.id] });
    const foreign = await createDrawingRow(tdb.db, { projectId: foreignProject.id, companyId: companyB.id });
    // Made for company B on a project A also sees: still not A's.
    const sharedProject = await projectOfA({ companyIds: [companyA.id, companyB.id] });
    const forB = await createDrawingRow(tdb.db, { projectId: sharedProject.id, companyId: companyB.id });
    // Made for A, but A was detached from the project since.
    const detachedProject = await projectOfA();
    const detached = await createDrawingRow(tdb.db, { projectId: detachedProject.id, companyId: companyA.id });
    await tdb.db.orm.delete(projectCompanies).where(eq(projectCompanies.projectId, detachedProject.id));
    const deletedProject = await projectOfA({ deleted: true });
    const onDeleted = await createDrawingRow(tdb.db, { projectId: deletedProject.id, companyId: companyA.id });
    const deleted = await createDrawingRow(tdb.db, { projectId: own.id, companyId: companyA.id, deleted: true });
    const mine = await createDrawingRow(tdb.db, { projectId: own.id, companyId: companyA.id });
    const missing = 2_147_483_000;
    const shape = (res: { statusCode: number; json(): Record<string, unknown> }) => {
      const { requestId: _r, ...rest } = res.json();
      return { status: res.statusCode, ...rest };
    };
    for (const agent of [clientA, acting]) {
      for (const d of [foreign, forB, detached, onDeleted, deleted]) {
        const v = d.versionIds[0] as number;
        for (const [method, rest, body] of [
          ['GET', '', undefined],
          ['GET', `/versions/${v}`, undefined],
          ['POST', `/versions/${v}/comments`, { body: 'x' }],
          ['POST', `/versions/${v}/approve`, {}],
          ['POST', `/versions/${v}/request-changes`, { body: 'x' }],
        ] as const) {
          const res = await agent.request(method, clientUrl(d.id, rest), { body });
          const gone = await agent.request(method, clientUrl(missing, rest), { body });
          expect(res.statusCode, `${method} ${rest}`).toBe(404);
          expect(shape(res)).toEqual(shape(gone));
          expect(res.json().code).toBe('DRAWING_NOT_FOUND');
        }
      }
      // A version of another drawing under one's own drawing: not found either.
      const res = await agent.get(clientUrl(mine.id, `/versions/${foreign.versionIds[0]}`));
      expect(res.statusCode).toBe(404);
      expect(shape(res)).toEqual(shape(await agent.get(clientUrl(mine.id, `/versions/${missing}`))));
      expect(res.json().code).toBe('DRAWING_VERSION_NOT_FOUND');
      expect((await agent.get(clientUrl(mine.id))).statusCode).toBe(200);
      // And none of them is listed.
      const ids = (await agent.get('/api/client/drawings?perPage=100')).json().data.map((x: { id: number }) => x.id);
      expect(ids).toContain(mine.id);
      for (const d of [foreign, forB, detached, onDeleted, deleted]) expect(ids).not.toContain(d.id);
    }
    expect((await stored(foreign.id))?.status).toBe('pending');
    expect(await commentsOf(foreign.id)).toEqual([]);
  });

  it('answers 404 on staff routes for a drawing of another project, a deleted drawing and a missing project', async () => {
    const p = await projectOfA();
    const other = await projectOfA();
    const d = await create(p.id);
    const v = d.versions[0]?.id as number;
    for (const [method, rest, body] of [
      ['GET', '', undefined],
      ['PUT', '', { ...(await input()), fileId: undefined, notes: undefined, version: 1 }],
      ['DELETE', '?version=1', undefined],
      ['POST', '/versions', { fileId: await upload(managerAccount) }],
      ['GET', `/versions/${v}`, undefined],
      ['POST', `/versions/${v}/comments`, { body: 'x' }],
      ['POST', `/versions/${v}/approve`, {}],
    ] as const) {
      const res = await manager.request(method, staffUrl(other.id, d.id, rest), { body });
      expect(res.statusCode, `${method} ${rest}: ${res.body}`).toBe(404);
      expect(res.json().code).toBe('DRAWING_NOT_FOUND');
    }
    const missing = await manager.get('/api/projects/2147483000/drawings');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PROJECT_NOT_FOUND');
    const post = await manager.post('/api/projects/2147483000/drawings', await input());
    expect(post.json().code).toBe('PROJECT_NOT_FOUND');
    expect((await stored(d.id))?.version).toBe(1);
  });
});

// ---- create, read, edit, delete

describe('creating a drawing', () => {
  it('stores the drawing with version 1 waiting for the client, audits it and tells every user of the company (mail owed)', async () => {
    await clearNotifications();
    const p = await projectOfA();
    const body = await input();
    const res = await manager.post(`/api/projects/${p.id}/drawings`, body);
    expect(res.statusCode, res.body).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({
      project: { id: p.id, name: p.name },
      company: { id: companyA.id, name: 'Nordic A' },
      name: 'Hut 5001 wandopstelling',
      description: 'Wandpanelen en kast',
      drawingDate: '2026-11-20',
      employee: { id: responsible.employeeId },
      status: 'pending',
      versionCount: 1,
      version: 1,
      approvedAt: null,
      createdBy: expect.stringContaining('Mila'),
      abilities: { canEdit: true, canDelete: true, canAddVersion: false, reasons: { canAddVersion: 'DRAWING_PENDING' } },
    });
    expect(d.versions).toHaveLength(1);
    expect(d.versions[0]).toMatchObject({
      number: 1,
      status: 'pending',
      notes: 'Eerste opzet',
      commentCount: 0,
      file: { id: body.fileId, originalName: 'plan.pdf', url: `/api/files/${body.fileId}` },
      decidedBy: null,
    });
    expect(d.latestVersion).toMatchObject({ id: d.versions[0].id, number: 1, status: 'pending' });
    const row = await stored(d.id);
    expect(row).toMatchObject({ status: 'pending', versionCount: 1, createdBy: managerAccount, deletedAt: null });
    expect(row?.waitingSince?.toISOString()).toBe(t.clock().toISOString());
    expect(await versionsOf(d.id)).toMatchObject([
      { number: 1, fileId: body.fileId, status: 'pending', createdBy: managerAccount },
    ]);
    expect(await auditRows(tdb.db, 'drawing.created', eq(auditLog.subjectId, String(d.id)))).toHaveLength(1);

    const told = await notificationsOf([clientAAccount, clientA2Account, clientBAccount, managerAccount]);
    expect(told.map((n) => n.accountId).sort()).toEqual([clientAAccount, clientA2Account].sort());
    for (const n of told) {
      expect(n).toMatchObject({
        kind: 'drawing.version_ready',
        data: { name: 'Hut 5001 wandopstelling', project: p.name, versionNumber: 1 },
        link: `/drawings/${d.id}/versions/${d.versions[0].id}`,
        mailState: 'pending',
      });
    }
    // The mails go in each recipient's language.
    await t.jobs?.drain();
    expect(t.mailer.to(clientAEmail).map((m) => m.subject)).toEqual(['Tekening ter goedkeuring: Hut 5001 wandopstelling']);
    expect(t.mailer.to(clientA2Email).map((m) => m.subject)).toEqual(['Drawing for approval: Hut 5001 wandopstelling']);
    expect((await notificationsOf([clientAAccount])).map((n) => n.mailState)).toEqual(['sent']);
  });

  it('refuses bad input field by field (400 with fieldErrors) and changes nothing', async () => {
    const p = await projectOfA();
    const before = [await count(drawings), await count(drawingVersions)];
    const notAttached = await createCompany(tdb.db);
    const someoneElses = await upload(clientBAccount);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'name', 'required'],
      [{ name: '   ' }, 'name', 'required'],
      [{ name: 'x'.repeat(201) }, 'name', 'too_long'],
      [{ drawingDate: '2026-02-30' }, 'drawingDate', 'date_invalid'],
      [{ drawingDate: 20261120 }, 'drawingDate', 'invalid_type'],
      [{ companyId: 'x' }, 'companyId', 'invalid_type'],
      [{ companyId: notAttached.id }, 'companyId', 'not_attached'],
      [{ employeeId: 2_147_483_000 }, 'employeeId', 'not_found'],
      [{ fileId: someoneElses }, 'fileId', 'not_found'],
      [{ fileId: 2_147_483_000 }, 'fileId', 'not_found'],
      [{ notes: 'x'.repeat(5001) }, 'notes', 'too_long'],
      [{ description: 5 }, 'description', 'invalid_type'],
    ];
    for (const [o, field, code] of cases) {
      const res = await manager.post(`/api/projects/${p.id}/drawings`, await input(o));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, `${field}: ${res.body}`).toBe(code);
    }
    const extra = await manager.post(`/api/projects/${p.id}/drawings`, { ...(await input()), status: 'approved' });
    expect(extra.statusCode).toBe(400);
    const missing = await manager.post(`/api/projects/${p.id}/drawings`, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors).sort()).toEqual(['companyId', 'drawingDate', 'fileId', 'name']);
    expect([await count(drawings), await count(drawingVersions)]).toEqual(before);
  });

  it('refuses a deleted project (409 PROJECT_DELETED)', async () => {
    const p = await projectOfA({ deleted: true });
    const res = await manager.post(`/api/projects/${p.id}/drawings`, await input());
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PROJECT_DELETED');
  });
});

describe('listing drawings', () => {
  it('pages a project’s drawings by tab, search and sort in a fixed number of statements', async () => {
    const p = await projectOfA();
    const names = ['Bar', 'Atrium', 'Casino'];
    const made = [];
    for (const name of names) made.push(await create(p.id, { name }));
    const approved = await createDrawingRow(tdb.db, {
      projectId: p.id,
      companyId: companyA.id,
      name: 'Dek',
      versions: ['approved'],
    });
    const open = await createDrawingRow(tdb.db, {
      projectId: p.id,
      companyId: companyA.id,
      name: 'Entree',
      versions: ['changes_requested'],
    });
    await createDrawingRow(tdb.db, { projectId: p.id, companyId: companyA.id, name: 'Weg', deleted: true });
    const url = `/api/projects/${p.id}/drawings`;
    const pending = (await manager.get(`${url}?sort=name`)).json();
    expect(pending.data.map((d: { name: string }) => d.name)).toEqual(['Atrium', 'Bar', 'Casino', 'Entree']);
    expect(pending.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 4 });
    const openItem = pending.data.find((d: { id: number }) => d.id === open.id);
    expect(openItem).toMatchObject({ status: 'open', latestVersion: { number: 1, status: 'changes_requested' } });
    const done = (await manager.get(`${url}?tab=approved`)).json();
    expect(done.data.map((d: { id: number }) => d.id)).toEqual([approved.id]);
    const found = (await manager.get(`${url}?q=casi`)).json();
    expect(found.data.map((d: { name: string }) => d.name)).toEqual(['Casino']);
    const paged = (await manager.get(`${url}?sort=name&perPage=2&page=2`)).json();
    expect(paged.data.map((d: { name: string }) => d.name)).toEqual(['Casino', 'Entree']);
    expect(paged.meta).toMatchObject({ current_page: 2, last_page: 2, total: 4 });
    const recent = (await manager.get(`${url}?sort=-updated`)).json();
    expect(recent.data).toHaveLength(4);
    expect((await manager.get(`${url}?tab=all`)).statusCode).toBe(400);
    expect((await manager.get(`${url}?sort=status`)).statusCode).toBe(400);
    expect((await manager.get(`${url}?perPage=101`)).statusCode).toBe(400);
    // No N+1: the same number of statements for 4 rows as for 1.
    await manager.get(url);
    const many = await countQueries(tdb.db, () => manager.get(url));
    const one = await countQueries(tdb.db, () => manager.get(`${url}?q=Bar`));
    expect(many.count).toBe(one.count);
    expect(many.count).toBeLessThanOrEqual(3);
    // An empty page of an existing project is an empty page.
    const empty = await projectOfA();
    expect((await manager.get(`/api/projects/${empty.id}/drawings`)).json()).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 },
    });
  });

  it("lists the portal's own drawings, filtered by project", async () => {
    const p1 = await projectOfA();
    const p2 = await projectOfA();
    const a = await createDrawingRow(tdb.db, { projectId: p1.id, companyId: companyA.id, name: 'Een' });
    const b = await createDrawingRow(tdb.db, { projectId: p2.id, companyId: companyA.id, name: 'Twee' });
    const res = await clientA.get(`/api/client/drawings?projectId=${p1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((d: { id: number }) => d.id)).toEqual([a.id]);
    expect(res.json().data[0]).toMatchObject({ project: { id: p1.id }, company: { id: companyA.id }, status: 'pending' });
    const all = (await acting.get('/api/client/drawings?perPage=100')).json().data.map((d: { id: number }) => d.id);
    expect(all).toEqual(expect.arrayContaining([a.id, b.id]));
    // A filter cannot widen the scope (Z4): company B's project lists nothing for A.
    const bProject = await createProjectRow(tdb.db, { companyIds: [companyB.id] });
    await createDrawingRow(tdb.db, { projectId: bProject.id, companyId: companyB.id });
    expect((await clientA.get(`/api/client/drawings?projectId=${bProject.id}`)).json().data).toEqual([]);
  });
});

describe('reading, editing and deleting a drawing', () => {
  it('reads a drawing with its versions newest first, the same for staff and the portal', async () => {
    const p = await projectOfA();
    const d = await createDrawingRow(tdb.db, {
      projectId: p.id,
      companyId: companyA.id,
      versions: ['changes_requested', 'changes_requested', 'pending'],
      storage: t.app.platform.storage,
    });
    const staff = (await manager.get(staffUrl(p.id, d.id))).json().data;
    expect(staff.versions.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    const portal = (await clientA.get(clientUrl(d.id))).json().data;
    expect(portal.versions.map((v: { id: number }) => v.id)).toEqual([...d.versionIds].reverse());
    expect(portal.abilities).toMatchObject({ canEdit: false, canDelete: false, canAddVersion: false });
    // The portal can download the version's file (scope.file covers drawing versions).
    expect((await clientA.get(`/api/files/${d.fileIds[0]}`)).statusCode).toBe(200);
    expect((await clientB.get(`/api/files/${d.fileIds[0]}`)).statusCode).toBe(404);
  });

  it('reads a drawing and a version in a fixed number of statements, however many versions and comments', async () => {
    const p = await projectOfA();
    const small = await createDrawingRow(tdb.db, { projectId: p.id, companyId: companyA.id });
    const big = await createDrawingRow(tdb.db, {
      projectId: p.id,
      companyId: companyA.id,
      versions: ['changes_requested', 'changes_requested', 'changes_requested', 'pending'],
      comments: Array.from({ length: 6 }, (_, i) => ({
        versionIndex: 3,
        body: `Opmerking ${i}`,
        authorAccountId: clientAAccount,
      })),
    });
    await manager.get(staffUrl(p.id, small.id));
    for (const [a, b] of [
      [staffUrl(p.id, small.id), staffUrl(p.id, big.id)],
      [staffUrl(p.id, small.id, `/versions/${small.versionIds[0]}`), staffUrl(p.id, big.id, `/versions/${big.versionIds[3]}`)],
    ] as const) {
      const one = await countQueries(tdb.db, () => manager.get(a));
      const many = await countQueries(tdb.db, () => manager.get(b));
      expect(many.result.statusCode).toBe(200);
      expect(many.count).toBe(one.count);
      // The drawing, its versions, their files and its named approvers (the version: its comments instead).
      expect(many.count).toBeLessThanOrEqual(5);
    }
    const v = (await clientA.get(clientUrl(big.id, `/versions/${big.versionIds[3]}`))).json().data;
    expect(v.comments).toHaveLength(6);
    expect(v.comments[0]).toMatchObject({ side: 'client', kind: 'note', body: 'Opmerking 0' });
    expect(v.previous).toEqual({ id: big.versionIds[2], number: 3 });
  });

  it('edits the details at the version it was based on (STALE_VERSION otherwise), audited', async () => {
    const p = await projectOfA();
    const other = await createCompany(tdb.db);
    await tdb.db.orm.insert(projectCompanies).values({ projectId: p.id, companyId: other.id });
    const d = await create(p.id);
    const change = {
      name: 'Nieuw',
      description: '',
      companyId: other.id,
      drawingDate: '2026-12-01',
      employeeId: null,
      version: 1,
    };
    const res = await manager.put(staffUrl(p.id, d.id), change);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Nieuw',
      company: { id: other.id },
      drawingDate: '2026-12-01',
      employee: null,
      version: 2,
      status: 'pending',
    });
    const stale = await manager.put(staffUrl(p.id, d.id), { ...change, name: 'Ouder' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const notAttached = await createCompany(tdb.db);
    const bad = await manager.put(staffUrl(p.id, d.id), { ...change, companyId: notAttached.id, version: 2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ companyId: { code: 'not_attached' } });
    expect((await manager.put(staffUrl(p.id, d.id), { ...change, version: 2, fileId: 3 })).statusCode).toBe(400);
    expect(await stored(d.id)).toMatchObject({ name: 'Nieuw', version: 2 });
    const audited = await auditRows(tdb.db, 'drawing.updated', eq(auditLog.subjectId, String(d.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.data).toMatchObject({
      changed: expect.arrayContaining(['name', 'companyId', 'drawingDate', 'employeeId']),
    });
  });

  it('deletes softly at the version (204); the drawing is then gone for everyone, its rows kept', async () => {
    const p = await projectOfA();
    const d = await create(p.id);
    const stale = await manager.delete(staffUrl(p.id, d.id, '?version=7'));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await manager.delete(staffUrl(p.id, d.id))).statusCode).toBe(400);
    const res = await manager.delete(staffUrl(p.id, d.id, '?version=1'));
    expect(res.statusCode, res.body).toBe(204);
    expect((await stored(d.id))?.deletedAt).not.toBeNull();
    expect((await manager.get(staffUrl(p.id, d.id))).statusCode).toBe(404);
    expect((await clientA.get(clientUrl(d.id))).statusCode).toBe(404);
    expect((await manager.delete(staffUrl(p.id, d.id, '?version=2'))).json().code).toBe('DRAWING_NOT_FOUND');
    expect(await auditRows(tdb.db, 'drawing.deleted', eq(auditLog.subjectId, String(d.id)))).toHaveLength(1);
  });
});

// ---- versions, comments and decisions

describe('the approval flow', () => {
  it('runs v1 → changes requested by the client → v2 → approved by the client, refusing what the rule forbids', async () => {
    await clearNotifications();
    const p = await projectOfA();
    const d = await create(p.id);
    const v1 = d.versions[0]?.id as number;

    // A new version while v1 waits: refused, nothing changed.
    const early = await manager.post(staffUrl(p.id, d.id, '/versions'), { fileId: await upload(managerAccount) });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DRAWING_PENDING');
    expect(await versionsOf(d.id)).toHaveLength(1);
    expect((await stored(d.id))?.versionCount).toBe(1);

    // The client asks for changes, with an attachment of their own.
    const attachment = await upload(clientAAccount, 'markup.png');
    await clearNotifications();
    const changes = await clientA.post(clientUrl(d.id, `/versions/${v1}/request-changes`), {
      body: 'Kast 10 cm smaller',
      fileIds: [attachment],
    });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json().data).toMatchObject({
      id: v1,
      status: 'changes_requested',
      decidedBy: expect.stringContaining('Client'),
      isLatest: true,
      drawing: { status: 'open', versionCount: 1 },
      abilities: { canApprove: false, reasons: { canApprove: 'DRAWING_VERSION_DECIDED' } },
    });
    expect(changes.json().data.comments).toMatchObject([
      { kind: 'request_changes', body: 'Kast 10 cm smaller', side: 'client', actingEmployee: null, files: [{ id: attachment }] },
    ]);
    expect(await stored(d.id)).toMatchObject({ status: 'open', waitingSince: null });
    // The staff side is told: the drawing's employee, not the project's managers.
    const told = await notificationsOf([responsible.accountId, pm.accountId, clientAAccount, clientA2Account]);
    expect(told).toMatchObject([
      {
        accountId: responsible.accountId,
        kind: 'drawing.decided',
        data: { name: d.name, versionNumber: 1, outcome: 'changes_requested', body: 'Kast 10 cm smaller' },
        link: `/projects/${p.id}/drawings/${d.id}/versions/${v1}`,
        mailState: 'pending',
      },
    ]);
    await t.jobs?.drain();
    expect(t.mailer.to(responsible.email).map((m) => m.subject)).toEqual([`Changes requested: ${d.name}`]);

    // Deciding again: refused with the reason.
    const twice = await clientA.post(clientUrl(d.id, `/versions/${v1}/approve`), {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DRAWING_VERSION_DECIDED');

    // Now v2 may come; it waits for the client.
    await clearNotifications();
    const file2 = await upload(managerAccount, 'plan-v2.pdf');
    const v2res = await manager.post(staffUrl(p.id, d.id, '/versions'), { fileId: file2, notes: 'Kast aangepast' });
    expect(v2res.statusCode, v2res.body).toBe(201);
    const v2 = v2res.json().data;
    expect(v2).toMatchObject({
      number: 2,
      status: 'pending',
      notes: 'Kast aangepast',
      isLatest: true,
      previous: { id: v1, number: 1 },
      drawing: { status: 'pending', versionCount: 2 },
      comments: [],
    });
    expect((await stored(d.id))?.waitingSince).not.toBeNull();
    expect((await notificationsOf([clientAAccount, clientA2Account], 'drawing.version_ready')).map((n) => n.data)).toEqual([
      { name: d.name, project: p.name, versionNumber: 2 },
      { name: d.name, project: p.name, versionNumber: 2 },
    ]);
    expect(await auditRows(tdb.db, 'drawing.version_created', eq(auditLog.subjectId, String(d.id)))).toHaveLength(1);

    // The old version is locked for decisions, but still readable and open to comments.
    const locked = await clientA.post(clientUrl(d.id, `/versions/${v1}/approve`), {});
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('DRAWING_VERSION_LOCKED');
    const oldView = (await clientA.get(clientUrl(d.id, `/versions/${v1}`))).json().data;
    expect(oldView).toMatchObject({
      isLatest: false,
      previous: null,
      abilities: { canComment: true, canApprove: false, reasons: { canApprove: 'DRAWING_VERSION_LOCKED' } },
    });

    // The client approves v2: the drawing is approved, final.
    await clearNotifications();
    const ok = await clientA.post(clientUrl(d.id, `/versions/${v2.id}/approve`), { body: '' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', drawing: { status: 'approved' } });
    expect(ok.json().data.comments).toMatchObject([{ kind: 'approve', body: '', side: 'client' }]);
    const row = await stored(d.id);
    expect(row).toMatchObject({ status: 'approved', waitingSince: null });
    expect(row?.approvedAt).not.toBeNull();
    expect(await notificationsOf([responsible.accountId])).toMatchObject([
      { kind: 'drawing.decided', data: { outcome: 'approved', versionNumber: 2 } },
    ]);
    expect((await notificationsOf([responsible.accountId]))[0]?.data).not.toHaveProperty('body');
    expect(await auditRows(tdb.db, 'drawing.approved', eq(auditLog.subjectId, String(d.id)))).toHaveLength(1);
    expect(await auditRows(tdb.db, 'drawing.changes_requested', eq(auditLog.subjectId, String(d.id)))).toHaveLength(1);

    // Approved is final: no new version, no second decision.
    const after = await manager.post(staffUrl(p.id, d.id, '/versions'), { fileId: await upload(managerAccount) });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('DRAWING_APPROVED');
    const again = await clientA.post(clientUrl(d.id, `/versions/${v2.id}/request-changes`), { body: 'toch niet' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DRAWING_APPROVED');
    const staffView = (await manager.get(staffUrl(p.id, d.id))).json().data;
    expect(staffView.abilities).toMatchObject({ canAddVersion: false, reasons: { canAddVersion: 'DRAWING_APPROVED' } });
    expect(staffView.versions.map((v: { status: string }) => v.status)).toEqual(['approved', 'changes_requested']);
    expect(await versionsOf(d.id)).toHaveLength(2);
  });

  it('lets staff record an approval and comment; the client side is told, never the one who acted', async () => {
    const p = await projectOfA();
    const d = await create(p.id, { employeeId: null });
    const v1 = d.versions[0]?.id as number;
    await clearNotifications();
    const c = await manager.post(staffUrl(p.id, d.id, `/versions/${v1}/comments`), { body: 'Graag voor vrijdag' });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().data).toMatchObject({
      kind: 'note',
      body: 'Graag voor vrijdag',
      side: 'staff',
      author: expect.stringContaining('Mila'),
      files: [],
    });
    expect(
      (await notificationsOf([clientAAccount, clientA2Account, managerAccount, pm.accountId])).map((n) => n.accountId).sort(),
    ).toEqual([clientAAccount, clientA2Account].sort());
    const n = (await notificationsOf([clientAAccount]))[0];
    expect(n).toMatchObject({
      kind: 'drawing.comment',
      data: { name: d.name, versionNumber: 1, author: expect.stringContaining('Mila'), body: 'Graag voor vrijdag' },
      link: `/drawings/${d.id}/versions/${v1}`,
    });
    const approved = await manager.post(staffUrl(p.id, d.id, `/versions/${v1}/approve`), { body: 'Akkoord per mail' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.comments.map((x: { kind: string }) => x.kind)).toEqual(['note', 'approve']);
    expect(approved.json().data.decidedBy).toContain('Mila');
    expect((await stored(d.id))?.status).toBe('approved');
    expect((await notificationsOf([clientAAccount], 'drawing.decided'))[0]?.data).toMatchObject({
      outcome: 'approved',
      by: expect.stringContaining('Mila'),
      body: 'Akkoord per mail',
    });
    // Staff with projects.view only read; they cannot decide or comment.
    const vw = (await viewer.get(staffUrl(p.id, d.id, `/versions/${v1}`))).json().data;
    expect(vw.abilities).toMatchObject({ canComment: false, canApprove: false, reasons: { canComment: 'FORBIDDEN' } });
  });

  it('writes as the client when an employee acts as the company; without an employee on the drawing the project managers are told', async () => {
    const p = await projectOfA();
    const d = await create(p.id, { employeeId: null });
    const v1 = d.versions[0]?.id as number;
    await clearNotifications();
    const own = await upload(actingAccount, 'foto.jpg');
    const res = await acting.post(clientUrl(d.id, `/versions/${v1}/comments`), { body: 'Namens de klant', fileIds: [own] });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      side: 'client',
      author: 'Nordic A',
      actingEmployee: expect.stringContaining('Ahmed'),
      files: [{ id: own }],
    });
    const stored1 = (await commentsOf(d.id))[0];
    expect(stored1).toMatchObject({ authorAccountId: actingAccount, kind: 'note' });
    expect(stored1?.actingEmployeeId).not.toBeNull();
    const files = await tdb.db.orm
      .select()
      .from(drawingCommentFiles)
      .where(eq(drawingCommentFiles.commentId, stored1?.id as number));
    expect(files.map((f) => f.fileId)).toEqual([own]);
    // Once attached, the company and staff may download it; another company may not (Z5).
    for (const who of [clientA, manager, viewer]) expect((await who.get(`/api/files/${own}`)).statusCode).toBe(200);
    expect((await clientB.get(`/api/files/${own}`)).statusCode).toBe(404);
    // The staff side: the project's managers, since no employee is responsible.
    const told = await notificationsOf([pm.accountId, actingAccount, clientAAccount, clientA2Account, managerAccount]);
    expect(told.map((x) => x.accountId)).toEqual([pm.accountId]);
    expect(told[0]).toMatchObject({
      kind: 'drawing.comment',
      data: { author: 'Nordic A', body: 'Namens de klant' },
      link: `/projects/${p.id}/drawings/${d.id}/versions/${v1}`,
    });
    // A company user's comment is theirs; the staff side reads their name with the company's.
    await clearNotifications();
    const byUser = await clientA.post(clientUrl(d.id, `/versions/${v1}/comments`), { body: 'Ik ook' });
    expect(byUser.json().data).toMatchObject({
      side: 'client',
      author: expect.stringMatching(/^Client User \S+$/),
      actingEmployee: null,
    });
    expect((await notificationsOf([pm.accountId]))[0]?.data).toMatchObject({
      author: expect.stringMatching(/^Client User \S+ \(Nordic A\)$/),
    });
    const version = (await clientA.get(clientUrl(d.id, `/versions/${v1}`))).json().data;
    expect(version.comments.map((x: { body: string }) => x.body)).toEqual(['Namens de klant', 'Ik ook']);
    expect(version.commentCount).toBe(2);
  });

  it('refuses bad comments and decisions (400) and attachments the caller cannot attach', async () => {
    const p = await projectOfA();
    const d = await create(p.id);
    const v1 = d.versions[0]?.id as number;
    const url = clientUrl(d.id, `/versions/${v1}`);
    const notMine = await upload(clientBAccount);
    const cases: [string, unknown, string, string][] = [
      ['/comments', { body: '' }, 'body', 'required'],
      ['/comments', { body: '   ' }, 'body', 'required'],
      ['/comments', { body: 'x'.repeat(5001) }, 'body', 'too_long'],
      ['/comments', { body: 'x', fileIds: [1, 1] }, 'fileIds', 'duplicate'],
      ['/comments', { body: 'x', fileIds: 'x' }, 'fileIds', 'invalid_type'],
      ['/comments', { body: 'x', fileIds: [notMine] }, 'fileIds', 'not_found'],
      ['/request-changes', { body: '' }, 'body', 'required'],
      ['/request-changes', { body: 'x', fileIds: [notMine] }, 'fileIds', 'not_found'],
      ['/approve', { body: 7 }, 'body', 'invalid_type'],
    ];
    for (const [rest, body, field, code] of cases) {
      const res = await clientA.post(`${url}${rest}`, body);
      expect(res.statusCode, `${rest} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, `${rest}: ${res.body}`).toBe(code);
    }
    expect((await clientA.post(`${url}/approve`, { body: '', extra: 1 })).statusCode).toBe(400);
    const badVersion = await manager.post(staffUrl(p.id, d.id, '/versions'), { fileId: 0 });
    expect(badVersion.statusCode).toBe(400);
    expect(await commentsOf(d.id)).toEqual([]);
    expect((await stored(d.id))?.status).toBe('pending');
    // A new version with a file the caller cannot attach: 400, and the drawing stays as it was.
    await clientA.post(`${url}/request-changes`, { body: 'anders' });
    const foreignFile = await manager.post(staffUrl(p.id, d.id, '/versions'), { fileId: notMine });
    expect(foreignFile.statusCode).toBe(400);
    expect(foreignFile.json().fieldErrors).toEqual({ fileId: { code: 'not_found' } });
    expect(await stored(d.id)).toMatchObject({ status: 'open', versionCount: 1 });
    expect(await versionsOf(d.id)).toHaveLength(1);
  });
});

// ---- concurrency (D3); meaningful on PostgreSQL, where the requests really overlap

describe('simultaneous requests', () => {
  it('ten simultaneous new versions of an open drawing: exactly one 201, nine 409', async () => {
    const p = await projectOfA();
    const d = await createDrawingRow(tdb.db, { projectId: p.id, companyId: companyA.id, versions: ['changes_requested'] });
    const fileIds = await Promise.all(Array.from({ length: 10 }, () => upload(managerAccount)));
    const results = await Promise.all(fileIds.map((fileId) => manager.post(staffUrl(p.id, d.id, '/versions'), { fileId })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('DRAWING_PENDING');
    expect(await versionsOf(d.id)).toHaveLength(2);
    expect(await stored(d.id)).toMatchObject({ status: 'pending', versionCount: 2 });
  });

  it('an approval and a request for changes at once: exactly one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const p = await projectOfA();
      const d = await createDrawingRow(tdb.db, { projectId: p.id, companyId: companyA.id });
      const v = d.versionIds[0] as number;
      const [a, b] = await Promise.all([
        clientA.post(clientUrl(d.id, `/versions/${v}/approve`), {}),
        manager.post(staffUrl(p.id, d.id, `/versions/${v}/request-changes`), { body: 'Nee' }),
      ]);
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses, `${a.body}\n${b.body}`).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(['DRAWING_APPROVED', 'DRAWING_VERSION_DECIDED']).toContain(loser.json().code);
      const row = await stored(d.id);
      const [version] = await versionsOf(d.id);
      const decisions = (await commentsOf(d.id)).filter((c) => c.kind !== 'note');
      expect(decisions).toHaveLength(1);
      if (a.statusCode === 200) {
        expect(row?.status).toBe('approved');
        expect(version?.status).toBe('approved');
      } else {
        expect(row?.status).toBe('open');
        expect(version?.status).toBe('changes_requested');
      }
    }
  });
});

describe('breadcrumbs', () => {
  it("names a drawing and its version ('v2') only for those who may see them", async () => {
    const p = await projectOfA();
    const d = await createDrawingRow(tdb.db, {
      projectId: p.id,
      companyId: companyA.id,
      name: 'Atrium plafond',
      versions: ['changes_requested', 'pending'],
    });
    const q = `drawingId=${d.id}&versionId=${d.versionIds[1]}`;
    const named = { drawingId: 'Atrium plafond', versionId: 'v2' };
    for (const who of [manager, viewer, clientA, acting]) {
      expect((await who.get(`/api/breadcrumbs/slugs?${q}`)).json().data.slugs).toEqual(named);
    }
    for (const who of [clientB, noPerm]) {
      expect((await who.get(`/api/breadcrumbs/slugs?${q}`)).json().data.slugs).toEqual({ drawingId: null, versionId: null });
    }
  });
});

describe('with real uploads', () => {
  /** POST /api/files as a browser's FormData sends it (field "files"). */
  async function send(a: Agent, name: string, type: string, data: Buffer, purpose?: 'drawing') {
    const boundary = `----drawings${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await a.request('POST', `/api/files${purpose ? `?purpose=${purpose}` : ''}`, {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data[0]?.id as number;
    expect(id, res.body).toBeTypeOf('number');
    return id;
  }

  it('creates a drawing from a drawing upload; the client sends it back with an uploaded picture and downloads both', async () => {
    const p = await projectOfA();
    const pdf = drawingPdf('Lounge', 'v1');
    const fileId = await send(manager, 'lounge.pdf', 'application/pdf', pdf, 'drawing');
    const d = await create(p.id, { fileId });
    const v1 = d.versions[0]?.id as number;
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const picture = await send(clientA, 'markup.png', 'image/png', png);
    const res = await clientA.post(clientUrl(d.id, `/versions/${v1}/request-changes`), { body: 'Zie foto', fileIds: [picture] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.comments[0].files).toMatchObject([{ id: picture, originalName: 'markup.png', mime: 'image/png' }]);
    const download = await clientA.get(`/api/files/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await manager.get(`/api/files/${picture}`)).statusCode).toBe(200);
    expect((await clientB.get(`/api/files/${picture}`)).statusCode).toBe(404);
  });
});
