import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, companyProjectAreas, projectCompanies } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { createAreaRow, createProjectRow } from '../projects/projects.fixtures';
import { listAreaRows } from '../timeline/timeline.repository';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let pm: Agent;
let client: Agent;
let anon: Agent;
let companyId: number;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['companies.manage'] },
      pm: { permissions: ['projects.manage', 'companies.act-as-client'] },
    },
    companies: { company: { name: 'Access Co' } },
    clients: { client: {} },
    anon: true,
  });
  ({ manager, pm, client, anon } = cast);
  companyId = cast.companies.company.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** A project attached to the company: deck 5 with cabin 5001 (and its bathroom), deck 6 with cabin 6001. */
async function ship(o: { companyIds?: number[]; name?: string } = {}) {
  const p = await createProjectRow(tdb.db, { companyIds: o.companyIds ?? [companyId], name: o.name ?? 'Ship' });
  const deck5 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '5', name: 'Dek 5' });
  const cabin = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck5.id, number: '5001', name: 'Hut' });
  const bath = await createAreaRow(tdb.db, p.id, { kind: 'subarea', parentId: cabin.id, name: 'Badkamer' });
  const deck6 = await createAreaRow(tdb.db, p.id, { kind: 'deck', number: '6', name: 'Dek 6' });
  const cabin6 = await createAreaRow(tdb.db, p.id, { kind: 'area', parentId: deck6.id, number: '6001', name: 'Hut' });
  return { projectId: p.id, deck5: deck5.id, cabin: cabin.id, bath: bath.id, deck6: deck6.id, cabin6: cabin6.id };
}
const url = (c: number, p?: number) => `/api/companies/${c}/permissions${p === undefined ? '' : `/${p}`}`;
const portalView = (company: number): Actor => ({ kind: 'client', companyId: company, actingEmployee: null }) as unknown as Actor;
const visibleAreas = async (projectId: number) =>
  (await listAreaRows(tdb.db.orm, portalView(companyId), projectId)).map((a) => a.id);

describe('company permissions: access', () => {
  it('answers 401 anonymous and 403 without companies.manage (a project manager, a company user); nothing changes', async () => {
    const s = await ship();
    for (const [method, u, body] of [
      ['GET', url(companyId), undefined],
      ['GET', url(companyId, s.projectId), undefined],
      ['PUT', url(companyId, s.projectId), { allAreas: false, areaIds: [s.cabin], version: 1 }],
    ] as const) {
      expect((await anon.request(method, u, { body })).statusCode).toBe(401);
      expect((await pm.request(method, u, { body })).statusCode).toBe(403);
      expect((await client.request(method, u, { body })).statusCode).toBe(403);
    }
    expect(await visibleAreas(s.projectId)).toHaveLength(5);
  });

  it('answers 404 for a project the company is not attached to, and for a missing company', async () => {
    const other = await ship({ companyIds: [] });
    const res = await manager.get(url(companyId, other.projectId));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PROJECT_NOT_FOUND');
    const put = await manager.put(url(companyId, other.projectId), { allAreas: true, version: 1 });
    expect(put.statusCode).toBe(404);
    expect((await manager.get(url(2147483000))).json().code).toBe('COMPANY_NOT_FOUND');
  });
});

describe('company permissions: all areas or selected areas', () => {
  it('lists the attached projects and shows one with its tree', async () => {
    const c = await createCompany(tdb.db, { name: 'Listed Co' });
    const a = await ship({ companyIds: [c.id], name: 'Aurora refit' });
    await ship({ companyIds: [c.id], name: 'Baltic refit' });
    const list = (await manager.get(url(c.id))).json().data;
    expect(list.map((x: { projectName: string }) => x.projectName)).toEqual(['Aurora refit', 'Baltic refit']);
    expect(list[0]).toEqual({
      projectId: a.projectId,
      projectName: 'Aurora refit',
      projectStatus: 'active',
      allAreas: true,
      areaIds: [],
      version: 1,
    });
    const one = (await manager.get(url(c.id, a.projectId))).json().data;
    expect(one.areas.map((x: { id: number }) => x.id)).toEqual([a.deck5, a.cabin, a.bath, a.deck6, a.cabin6]);
    expect(one.areas[2]).toEqual({ id: a.bath, kind: 'subarea', number: '', name: 'Badkamer', parentId: a.cabin });
    expect((await manager.get(url((await createCompany(tdb.db)).id))).json().data).toEqual([]);
  });

  it('limits every portal query to the selection: a deck with everything under it, an area with its sub-areas', async () => {
    const s = await ship();
    const deck = await manager.put(url(companyId, s.projectId), { allAreas: false, areaIds: [s.deck5], version: 1 });
    expect(deck.statusCode, deck.body).toBe(200);
    expect(deck.json().data).toMatchObject({ allAreas: false, areaIds: [s.deck5], version: 2 });
    expect(await visibleAreas(s.projectId)).toEqual([s.deck5, s.cabin, s.bath]);
    await manager.put(url(companyId, s.projectId), { allAreas: false, areaIds: [s.cabin6, s.cabin6], version: 2 });
    expect(await visibleAreas(s.projectId)).toEqual([s.cabin6]);
    const all = await manager.put(url(companyId, s.projectId), { allAreas: true, areaIds: [s.cabin], version: 3 });
    expect(all.json().data).toMatchObject({ allAreas: true, areaIds: [], version: 4 });
    expect(await visibleAreas(s.projectId)).toHaveLength(5);
    const rows = await tdb.db.orm
      .select()
      .from(companyProjectAreas)
      .where(and(eq(companyProjectAreas.companyId, companyId), eq(companyProjectAreas.projectId, s.projectId)));
    expect(rows).toEqual([]);
    expect(await auditRows(tdb.db, 'company.permissions.updated', eq(auditLog.subjectId, String(companyId)))).not.toHaveLength(0);
  });

  it("refuses an empty selection, another project's area and a stale version; nothing changes", async () => {
    const s = await ship();
    const other = await ship({ companyIds: [] });
    const empty = await manager.put(url(companyId, s.projectId), { allAreas: false, areaIds: [], version: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.areaIds.code).toBe('too_few');
    const foreign = await manager.put(url(companyId, s.projectId), { allAreas: false, areaIds: [other.cabin], version: 1 });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fieldErrors.areaIds.code).toBe('not_found');
    await manager.put(url(companyId, s.projectId), { allAreas: false, areaIds: [s.cabin], version: 1 });
    const stale = await manager.put(url(companyId, s.projectId), { allAreas: true, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const [link] = await tdb.db.orm
      .select()
      .from(projectCompanies)
      .where(and(eq(projectCompanies.companyId, companyId), eq(projectCompanies.projectId, s.projectId)));
    expect(link).toMatchObject({ allAreas: false, version: 2 });
    expect(await visibleAreas(s.projectId)).toEqual([s.cabin, s.bath]);
  });
});
