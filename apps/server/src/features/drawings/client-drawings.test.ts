import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import type { Agent, TestApp } from '../../../test/helpers/app';
import { startTestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditLog, companyProjectAreas, drawings, drawingVersions, notifications, projectCompanies } from '../../db/schema';
import { claimWaitingApprovals } from '../notifications/notifications.repository';
import { createAreaRow, createFileRow, createProjectRow } from '../projects/projects.fixtures';
import { createDrawingRow } from './drawings.fixtures';

// The portal's own drawings: a company user creates a drawing (in one of the areas the company
// sees), edits and deletes it, uploads versions under the staff rule; staff decide the client's
// versions. A company that sees selected areas only sees only the drawings of those areas.

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let viewer: Agent;
let anon: Agent;
let clientA: Agent;
let clientN: Agent;
let clientB: Agent;
let acting: Agent;
let managerAccount: number;
let clientAAccount: number;
let clientA2Account: number;
let clientNAccount: number;
let actingAccount: number;
let companyA: { id: number; name: string };
let companyN: { id: number; name: string };
let companyB: { id: number; name: string };
let pm: { employeeId: number; accountId: number };
/** A project of A (all areas) and N (deck 1 only): deck 1 › area 1 › sub-area 1, deck 2 › area 2. */
let project: { id: number; name: string };
let deck1: number;
let area1: number;
let sub1: number;
let deck2: number;
let area2: number;
let otherProjectArea: number;
let bProject: { id: number };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db, jobs: 'deferred' });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'], firstName: 'Mila' },
      viewer: { permissions: ['projects.view'] },
    },
    companies: { companyA: { name: 'Nordic A' }, companyN: { name: 'Narrow N' }, companyB: { name: 'Company B' } },
    clients: {
      clientA: { company: 'companyA', firstLogin: false },
      clientA2: { company: 'companyA', firstLogin: false },
      clientN: { company: 'companyN', firstLogin: false },
      clientB: { company: 'companyB', firstLogin: false },
    },
    acting: { acting: { permissions: ['companies.act-as-client'], firstName: 'Ahmed', company: 'companyA' } },
    anon: true,
  });
  ({ manager, viewer, anon, clientA, clientN, clientB, acting } = cast);
  ({ companyA, companyN, companyB } = cast.companies);
  managerAccount = cast.manager.fx.accountId;
  clientAAccount = cast.clientA.fx.accountId;
  clientA2Account = cast.clientA2.fx.accountId;
  clientNAccount = cast.clientN.fx.accountId;
  actingAccount = cast.acting.fx.accountId;
  const p = await createEmployee(tdb.db, { firstName: 'Pieter' });
  pm = { employeeId: p.employeeId, accountId: p.accountId };

  project = await createProjectRow(tdb.db, { companyIds: [companyA.id], managerIds: [pm.employeeId], name: 'Nordic Star' });
  deck1 = (await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '1', name: 'Dek' })).id;
  area1 = (await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: deck1, number: '1001', name: 'Hut' })).id;
  sub1 = (await createAreaRow(tdb.db, project.id, { kind: 'subarea', parentId: area1, name: 'Badkamer' })).id;
  deck2 = (await createAreaRow(tdb.db, project.id, { kind: 'deck', number: '2', name: 'Dek' })).id;
  area2 = (await createAreaRow(tdb.db, project.id, { kind: 'area', parentId: deck2, number: '2001', name: 'Hut' })).id;
  await tdb.db.orm.insert(projectCompanies).values({ projectId: project.id, companyId: companyN.id, allAreas: false });
  await tdb.db.orm.insert(companyProjectAreas).values({ projectId: project.id, companyId: companyN.id, areaId: deck1 });
  const other = await createProjectRow(tdb.db, { companyIds: [companyA.id] });
  otherProjectArea = (await createAreaRow(tdb.db, other.id)).id;
  bProject = await createProjectRow(tdb.db, { companyIds: [companyB.id] });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function upload(accountId: number, name = 'plan.pdf') {
  return (await createFileRow(tdb.db, { storage: t.app.platform.storage, createdBy: accountId, name })).id;
}

const input = async (accountId: number, o: Record<string, unknown> = {}) => ({
  name: 'Wandopstelling hut 1001',
  description: 'Onze eigen schets',
  projectId: project.id,
  areaId: area1,
  drawingDate: '2026-11-20',
  fileId: await upload(accountId),
  notes: 'Zo willen we het',
  ...o,
});

type Json = Record<string, unknown> & { id: number; version: number; versions: { id: number }[] };

async function createAs(agent: Agent, accountId: number, o: Record<string, unknown> = {}): Promise<Json> {
  const res = await agent.post('/api/client/drawings', await input(accountId, o));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

const clientUrl = (drawingId: number, rest = '') => `/api/client/drawings/${drawingId}${rest}`;
const staffUrl = (drawingId: number, rest = '') => `/api/projects/${project.id}/drawings/${drawingId}${rest}`;

async function notificationsOf(accountIds: number[], kind: string) {
  return tdb.db.orm
    .select()
    .from(notifications)
    .where(and(inArray(notifications.accountId, accountIds), eq(notifications.kind, kind)))
    .orderBy(asc(notifications.id));
}
async function drawingCount() {
  return (await tdb.db.orm.select({ id: drawings.id }).from(drawings)).length;
}

describe('access to the portal drawing routes', () => {
  it('answers 401 anonymous, 403 to staff on portal routes and to the portal on staff routes', async () => {
    const d = await createAs(clientA, clientAAccount);
    const portalWrites: [string, string, unknown][] = [
      ['POST', '/api/client/drawings', await input(managerAccount)],
      ['PUT', clientUrl(d.id), { name: 'x', drawingDate: '2026-11-20', version: d.version }],
      ['DELETE', clientUrl(d.id, `?version=${d.version}`), undefined],
      ['POST', clientUrl(d.id, '/versions'), { fileId: await upload(managerAccount) }],
      ['GET', `/api/client/projects/${project.id}/drawing-areas`, undefined],
    ];
    for (const [method, url, body] of portalWrites) {
      expect((await anon.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(401);
      expect((await manager.request(method, url, { body })).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await clientA.post(`/api/projects/${project.id}/drawings`, {})).statusCode).toBe(403);
    expect((await clientA.get(`/api/projects/${project.id}/drawing-areas`)).statusCode).toBe(403);
    expect((await anon.get(`/api/projects/${project.id}/drawing-areas`)).statusCode).toBe(401);
  });
});

describe('a company creates a drawing', () => {
  it('stores it with version 1 from the client, waiting for staff; the project managers are told with a link', async () => {
    const before = t.mailer.sent.length;
    const d = await createAs(clientA, clientAAccount);
    expect(d).toMatchObject({
      name: 'Wandopstelling hut 1001',
      project: { id: project.id, name: 'Nordic Star' },
      company: { id: companyA.id },
      area: { id: area1, name: '1001 Hut' },
      status: 'pending',
      origin: 'client',
      waitingFor: 'staff',
      employee: null,
      versions: [{ number: 1, side: 'client', status: 'pending', notes: 'Zo willen we het' }],
      abilities: { canEdit: true, canDelete: true, canAddVersion: false, reasons: { canAddVersion: 'DRAWING_PENDING' } },
    });
    const v = (await clientA.get(clientUrl(d.id, `/versions/${d.versions[0]?.id}`))).json().data;
    expect(v.abilities).toMatchObject({ canComment: true, canApprove: false, reasons: { canApprove: 'DRAWING_AWAITS_STAFF' } });
    const told = await notificationsOf([pm.accountId], 'drawing.version_ready');
    expect(told.at(-1)).toMatchObject({
      link: `/projects/${project.id}/drawings/${d.id}/versions/${d.versions[0]?.id}`,
      data: { name: 'Wandopstelling hut 1001', versionNumber: 1, company: 'Nordic A' },
    });
    expect(await notificationsOf([clientAAccount, clientA2Account], 'drawing.version_ready')).toEqual([]);
    const audits = await tdb.db.orm
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, String(d.id)));
    expect(audits.find((a) => a.event === 'drawing.created')).toMatchObject({ companyId: companyA.id });
    expect(t.mailer.sent.length).toBe(before); // jobs deferred: owed, not sent in the request

    // Staff see it waiting for them and decide it.
    const staffView = (await manager.get(staffUrl(d.id))).json().data;
    expect(staffView).toMatchObject({ waitingFor: 'staff', origin: 'client', area: { id: area1 } });
    const staffVersion = (await manager.get(staffUrl(d.id, `/versions/${d.versions[0]?.id}`))).json().data;
    expect(staffVersion.abilities).toMatchObject({ canApprove: true, canRequestChanges: true });
  });

  it('refuses bad input field by field (400) and changes nothing', async () => {
    const n = await drawingCount();
    const bad = await clientA.post('/api/client/drawings', { name: '', drawingDate: '2026-02-30', projectId: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['name', 'drawingDate', 'projectId', 'fileId']));
    const cases: [Record<string, unknown>, string, string][] = [
      [{ projectId: bProject.id }, 'projectId', 'not_found'],
      [{ areaId: otherProjectArea }, 'areaId', 'not_found'],
      [{ fileId: await upload(managerAccount) }, 'fileId', 'not_found'],
    ];
    for (const [o, field, code] of cases) {
      const res = await clientA.post('/api/client/drawings', await input(clientAAccount, o));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors[field]).toMatchObject({ code });
    }
    expect(await drawingCount()).toBe(n);
  });

  it('asks a company that sees selected areas for one of its areas', async () => {
    for (const areaId of [null, area2]) {
      const res = await clientN.post('/api/client/drawings', await input(clientNAccount, { areaId }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.areaId).toEqual({ code: 'area_not_visible' });
    }
    const inSub = await createAs(clientN, clientNAccount, { areaId: sub1 });
    expect(inSub.area).toMatchObject({ id: sub1 });
    // A company with all areas may leave the area out: the drawing is for the whole project.
    const whole = await createAs(clientA, clientAAccount, { areaId: null });
    expect(whole.area).toBeNull();
  });

  it("offers the areas the company sees, and all of them to staff; another company's project is not found", async () => {
    const names = async (agent: Agent, url: string) =>
      (await agent.get(url)).json().data.map((a: { id: number; name: string; kind: string }) => a.id);
    expect(await names(clientN, `/api/client/projects/${project.id}/drawing-areas`)).toEqual([deck1, area1, sub1]);
    expect(await names(clientA, `/api/client/projects/${project.id}/drawing-areas`)).toEqual([deck1, area1, sub1, deck2, area2]);
    expect(await names(viewer, `/api/projects/${project.id}/drawing-areas`)).toEqual([deck1, area1, sub1, deck2, area2]);
    const nope = await clientA.get(`/api/client/projects/${bProject.id}/drawing-areas`);
    expect(nope.statusCode).toBe(404);
    expect(nope.json().code).toBe('PROJECT_NOT_FOUND');
  });
});

describe('staff and the area', () => {
  it('takes an area of the project that the client sees (400 otherwise) and shows it in the list', async () => {
    const base = {
      name: 'Plafond',
      companyId: companyN.id,
      drawingDate: '2026-11-21',
      employeeId: null,
      notes: '',
    };
    const refused: [number | null, string][] = [
      [otherProjectArea, 'not_found'],
      [area2, 'area_not_visible'],
      [null, 'area_not_visible'],
    ];
    for (const [areaId, code] of refused) {
      const res = await manager.post(`/api/projects/${project.id}/drawings`, {
        ...base,
        areaId,
        fileId: await upload(managerAccount),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.areaId).toEqual({ code });
    }
    const ok = await manager.post(`/api/projects/${project.id}/drawings`, {
      ...base,
      areaId: area1,
      fileId: await upload(managerAccount),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const d = ok.json().data;
    expect(d).toMatchObject({ area: { id: area1, name: '1001 Hut' }, origin: 'staff', waitingFor: 'client' });
    const list = (await manager.get(`/api/projects/${project.id}/drawings?perPage=100`)).json().data;
    expect(list.find((x: { id: number }) => x.id === d.id)).toMatchObject({ area: { id: area1 }, waitingFor: 'client' });
    // Moving it to an area the company does not see is refused too.
    const moved = await manager.put(`/api/projects/${project.id}/drawings/${d.id}`, {
      name: 'Plafond',
      description: '',
      companyId: companyN.id,
      drawingDate: '2026-11-21',
      employeeId: null,
      areaId: deck2,
      version: d.version,
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fieldErrors.areaId).toEqual({ code: 'area_not_visible' });
  });
});

describe('a company that sees selected areas', () => {
  it('never reaches a drawing outside its areas: list, detail, version, comments, decisions, files and edits are 404', async () => {
    const hidden = await createDrawingRow(tdb.db, {
      projectId: project.id,
      companyId: companyN.id,
      areaId: area2,
      storage: t.app.platform.storage,
    });
    const whole = await createDrawingRow(tdb.db, { projectId: project.id, companyId: companyN.id, areaId: null });
    const seen = await createDrawingRow(tdb.db, { projectId: project.id, companyId: companyN.id, areaId: sub1 });
    const ids = (await clientN.get('/api/client/drawings?perPage=100')).json().data.map((d: { id: number }) => d.id);
    expect(ids).toContain(seen.id);
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain(whole.id);
    for (const d of [hidden, whole]) {
      const v = d.versionIds[0];
      const calls: [string, string, unknown][] = [
        ['GET', clientUrl(d.id), undefined],
        ['GET', clientUrl(d.id, `/versions/${v}`), undefined],
        ['POST', clientUrl(d.id, `/versions/${v}/comments`), { body: 'Hallo' }],
        ['POST', clientUrl(d.id, `/versions/${v}/approve`), {}],
        ['POST', clientUrl(d.id, `/versions/${v}/request-changes`), { body: 'Nee' }],
        ['PUT', clientUrl(d.id), { name: 'x', drawingDate: '2026-11-20', areaId: sub1, version: 1 }],
        ['DELETE', clientUrl(d.id, '?version=1'), undefined],
        ['POST', clientUrl(d.id, '/versions'), { fileId: await upload(clientNAccount) }],
      ];
      for (const [method, url, body] of calls) {
        const res = await clientN.request(method, url, { body });
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBe(404);
        expect(res.json().code).toBe('DRAWING_NOT_FOUND');
      }
    }
    expect((await clientN.get(`/api/files/${hidden.fileIds[0]}`)).statusCode).toBe(404);
    expect((await clientN.get(clientUrl(seen.id))).statusCode).toBe(200);
    expect((await clientN.get(`/api/search?q=${encodeURIComponent(hidden.name)}`)).body).not.toContain(hidden.name);
  });

  it("answers another company's drawing as not found on every new route", async () => {
    const theirs = await createDrawingRow(tdb.db, {
      projectId: bProject.id,
      companyId: companyB.id,
      versions: ['changes_requested'],
    });
    expect((await clientA.put(clientUrl(theirs.id), { name: 'x', drawingDate: '2026-11-20', version: 1 })).statusCode).toBe(404);
    expect((await clientA.delete(clientUrl(theirs.id, '?version=1'))).statusCode).toBe(404);
    const v = await clientA.post(clientUrl(theirs.id, '/versions'), { fileId: await upload(clientAAccount) });
    expect(v.statusCode).toBe(404);
    expect(v.json().code).toBe('DRAWING_NOT_FOUND');
    expect((await clientB.get(clientUrl(theirs.id))).statusCode).toBe(200);
  });
});

describe('versions and decisions between the sides', () => {
  it('client v1 → staff ask for changes (the uploader is told) → client v2 → staff approve; the rule refuses new versions meanwhile', async () => {
    const d = await createAs(clientA, clientAAccount);
    const v1 = d.versions[0]?.id as number;
    // The client cannot decide its own version, nor add another while it waits.
    const own = await clientA.post(clientUrl(d.id, `/versions/${v1}/approve`), {});
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('DRAWING_AWAITS_STAFF');
    const early = await clientA.post(clientUrl(d.id, '/versions'), { fileId: await upload(clientAAccount) });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('DRAWING_PENDING');
    const staffEarly = await manager.post(staffUrl(d.id, '/versions'), { fileId: await upload(managerAccount) });
    expect(staffEarly.json().code).toBe('DRAWING_PENDING');

    const changes = await manager.post(staffUrl(d.id, `/versions/${v1}/request-changes`), { body: 'Kast 10 cm smaller' });
    expect(changes.statusCode, changes.body).toBe(200);
    const decided = await notificationsOf([clientAAccount, clientA2Account], 'drawing.decided');
    expect(decided.map((n) => n.accountId)).toEqual([clientAAccount]);
    expect(decided[0]).toMatchObject({ link: `/drawings/${d.id}/versions/${v1}`, data: { outcome: 'changes_requested' } });

    const v2 = await clientA.post(clientUrl(d.id, '/versions'), { fileId: await upload(clientAAccount), notes: 'Smaller' });
    expect(v2.statusCode, v2.body).toBe(201);
    const v2Data = v2.json().data;
    expect(v2Data).toMatchObject({ number: 2, side: 'client', status: 'pending', abilities: { canApprove: false } });
    const told = await notificationsOf([pm.accountId], 'drawing.version_ready');
    expect(told.at(-1)).toMatchObject({ link: `/projects/${project.id}/drawings/${d.id}/versions/${v2Data.id}` });

    const ok = await manager.post(staffUrl(d.id, `/versions/${v2Data.id}/approve`), {});
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await clientA.get(clientUrl(d.id))).json().data;
    expect(after).toMatchObject({ status: 'approved', waitingFor: null, abilities: { canAddVersion: false } });
    const late = await clientA.post(clientUrl(d.id, '/versions'), { fileId: await upload(clientAAccount) });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('DRAWING_APPROVED');
  });

  it('a staff version still waits for the client, who may add the next one after asking for changes', async () => {
    const d = await createDrawingRow(tdb.db, { projectId: project.id, companyId: companyA.id, createdBy: managerAccount });
    const v1 = d.versionIds[0] as number;
    const read = (await clientA.get(clientUrl(d.id))).json().data;
    expect(read).toMatchObject({ origin: 'staff', waitingFor: 'client', abilities: { canEdit: false, canDelete: false } });
    expect((await clientA.put(clientUrl(d.id), { name: 'x', drawingDate: '2026-11-20', version: 1 })).json().code).toBe(
      'FORBIDDEN',
    );
    expect((await clientA.post(clientUrl(d.id, `/versions/${v1}/request-changes`), { body: 'Anders' })).statusCode).toBe(200);
    const v2 = await clientA.post(clientUrl(d.id, '/versions'), { fileId: await upload(clientAAccount) });
    expect(v2.statusCode, v2.body).toBe(201);
    expect(v2.json().data.side).toBe('client');
  });

  it('a version uploaded by an employee acting as the company is the client side: staff decide it', async () => {
    acting.actingAs = companyA.id;
    const d = await createAs(acting, actingAccount);
    acting.actingAs = null;
    expect(d).toMatchObject({ origin: 'client', waitingFor: 'staff', versions: [{ side: 'client' }] });
    const v = (await manager.get(staffUrl(d.id, `/versions/${d.versions[0]?.id}`))).json().data;
    expect(v.side).toBe('client');
  });

  it('two staff decisions on a client version at once: exactly one outcome', async () => {
    for (let round = 0; round < 3; round++) {
      const d = await createAs(clientA, clientAAccount);
      const v = d.versions[0]?.id as number;
      const [a, b] = await Promise.all([
        manager.post(staffUrl(d.id, `/versions/${v}/approve`), {}),
        manager.post(staffUrl(d.id, `/versions/${v}/request-changes`), { body: 'Nee' }),
      ]);
      expect([a.statusCode, b.statusCode].sort(), `${a.body}\n${b.body}`).toEqual([200, 409]);
      const [row] = await tdb.db.orm.select().from(drawings).where(eq(drawings.id, d.id));
      const [version] = await tdb.db.orm.select().from(drawingVersions).where(eq(drawingVersions.id, v));
      expect(row?.status).toBe(a.statusCode === 200 ? 'approved' : 'open');
      expect(version?.status).toBe(a.statusCode === 200 ? 'approved' : 'changes_requested');
    }
  });
});

describe('editing and deleting a drawing the company made', () => {
  it('edits the details and the area at the version it was based on', async () => {
    const d = await createAs(clientN, clientNAccount, { areaId: area1 });
    const body = { name: 'Nieuwe naam', description: 'Anders', drawingDate: '2026-12-01', areaId: sub1, version: d.version };
    const bad = await clientN.put(clientUrl(d.id), { ...body, name: ' ', areaId: area2 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.name).toBeDefined();
    const hidden = await clientN.put(clientUrl(d.id), { ...body, areaId: area2 });
    expect(hidden.json().fieldErrors.areaId).toEqual({ code: 'area_not_visible' });
    const ok = await clientN.put(clientUrl(d.id), body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Nieuwe naam', area: { id: sub1 }, drawingDate: '2026-12-01' });
    const stale = await clientN.put(clientUrl(d.id), body);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await manager.put(clientUrl(d.id), body)).statusCode).toBe(403);
  });

  it('deletes it while nothing was decided (204); after a decision 409 DRAWING_HAS_DECISIONS', async () => {
    const d = await createAs(clientA, clientAAccount);
    const decidedOne = await createAs(clientA, clientAAccount);
    await manager.post(staffUrl(decidedOne.id, `/versions/${decidedOne.versions[0]?.id}/request-changes`), { body: 'Nee' });
    const refused = await clientA.delete(clientUrl(decidedOne.id, `?version=${decidedOne.version}`));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('DRAWING_HAS_DECISIONS');
    const stale = await clientA.delete(clientUrl(d.id, `?version=${d.version + 1}`));
    expect(stale.json().code).toBe('STALE_VERSION');
    expect((await clientA.delete(clientUrl(d.id, `?version=${d.version}`))).statusCode).toBe(204);
    expect((await clientA.get(clientUrl(d.id))).statusCode).toBe(404);
    expect((await manager.get(staffUrl(d.id))).statusCode).toBe(404);
  });
});

describe('the daily reminder', () => {
  it("reminds the client only of staff's versions on drawings the company sees", async () => {
    const own = await createAs(clientA, clientAAccount);
    const staffs = await createDrawingRow(tdb.db, { projectId: project.id, companyId: companyA.id, createdBy: managerAccount });
    const hidden = await createDrawingRow(tdb.db, { projectId: project.id, companyId: companyN.id, areaId: area2 });
    const shown = await createDrawingRow(tdb.db, { projectId: project.id, companyId: companyN.id, areaId: area1 });
    const later = new Date(Date.now() + 60_000);
    // Today's Amsterdam day far back: no due date makes anything overdue here.
    const due = await claimWaitingApprovals(tdb.db.orm, later, later, later, '2000-01-01');
    const links = new Set(due.map((r) => r.link));
    expect(links.has(`/drawings/${staffs.id}`)).toBe(true);
    expect(links.has(`/drawings/${shown.id}`)).toBe(true);
    expect(links.has(`/drawings/${own.id}`)).toBe(false);
    expect(links.has(`/drawings/${hidden.id}`)).toBe(false);
    expect(due.filter((r) => r.link === `/drawings/${shown.id}`).map((r) => r.accountId)).toEqual([clientNAccount]);
  });
});
