import type { FeedKind } from '@app/shared/projects/feed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClientFixture, createCompany, type EmployeeFixture } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { companyUsers, employees, projectEvents } from '../../db/schema';
import { createAreaRow, createProjectRow } from './projects.fixtures';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerFx: EmployeeFixture;
let viewer: Agent;
let noPerm: Agent;
let client: Agent;
let clientFx: ClientFixture;
let acting: Agent;
let actingFx: EmployeeFixture;
let anon: Agent;
let company: { id: number; name: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'], firstName: 'Jan' },
      viewer: { permissions: ['projects.view'] },
      noPerm: { permissions: ['products.manage'] },
    },
    companies: { company: { name: 'Seaways Cruises' } },
    clients: { client: {} },
    acting: { acting: { permissions: ['companies.act-as-client', 'projects.view'], firstName: 'Piet' } },
    anon: true,
  });
  ({ manager, viewer, noPerm, client, acting, anon } = cast);
  company = cast.companies.company;
  managerFx = cast.manager.fx;
  clientFx = cast.client.fx;
  actingFx = cast.acting.fx;
  await tdb.db.orm.update(employees).set({ insertion: 'van', lastName: 'Dijk' }).where(eq(employees.id, managerFx.employeeId));
  await tdb.db.orm
    .update(companyUsers)
    .set({ firstName: 'Els', insertion: null, lastName: 'de Boer' })
    .where(eq(companyUsers.id, clientFx.companyUserId));
  await tdb.db.orm.update(employees).set({ insertion: '', lastName: 'Smit' }).where(eq(employees.id, actingFx.employeeId));
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const feedUrl = (projectId: number, query = '') => `/api/projects/${projectId}/feed${query}`;

async function event(
  projectId: number,
  kind: FeedKind,
  o: { accountId?: number | null; actingEmployeeAccountId?: number | null; companyId?: number | null; name?: string } = {},
) {
  const [subjectType] = kind.split('.') as ['area' | 'task' | 'subtask' | 'ticket'];
  await tdb.db.orm.insert(projectEvents).values({
    projectId,
    kind,
    subjectType,
    subjectId: 1,
    subjectName: o.name ?? `${subjectType} name`,
    accountId: o.accountId ?? null,
    actingEmployeeAccountId: o.actingEmployeeAccountId ?? null,
    companyId: o.companyId ?? null,
    data: { n: 1 },
  });
}

describe('GET /api/projects/:projectId/feed', () => {
  it('answers 401 anonymous; 403 without a projects right, to a company user and to an employee acting as the company', async () => {
    const p = await createProjectRow(tdb.db, { companyIds: [company.id] });
    await event(p.id, 'area.completed');
    expect((await anon.get(feedUrl(p.id))).statusCode).toBe(401);
    for (const who of [noPerm, client, acting]) {
      const res = await who.get(feedUrl(p.id));
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    expect((await viewer.get(feedUrl(p.id))).statusCode).toBe(200);
  });

  it('answers 404 for a missing project, 400 for a bad filter or page', async () => {
    const missing = await viewer.get(feedUrl(2147483000));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('PROJECT_NOT_FOUND');
    const p = await createProjectRow(tdb.db);
    for (const query of ['?kind=area.completed', '?kind=drawing', '?perPage=0', '?perPage=101', '?page=0', '?who=Jan']) {
      const res = await viewer.get(feedUrl(p.id, query));
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
  });

  it('shows a completed area with who did it, newest first; names a company user, an acting employee and the company', async () => {
    const other = await createCompany(tdb.db);
    // Attached to another company: staff see it all the same.
    const p = await createProjectRow(tdb.db, { companyIds: [other.id] });
    const area = await createAreaRow(tdb.db, p.id, { kind: 'area', number: '5001', name: 'Cabin 5001' });
    expect((await manager.post(`/api/projects/${p.id}/areas/${area.id}/complete`, { version: 1 })).statusCode).toBe(200);
    await event(p.id, 'task.completed', { accountId: clientFx.accountId, companyId: company.id, name: 'Fit wardrobe' });
    await event(p.id, 'ticket.created', {
      accountId: actingFx.accountId,
      actingEmployeeAccountId: actingFx.accountId,
      companyId: company.id,
      name: 'Scratch on door',
    });
    await event(p.id, 'subtask.opened', { accountId: null, name: 'Hinges' });

    const res = await viewer.get(feedUrl(p.id));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 50, total: 4 });
    expect(body.data.map((e: { kind: string }) => e.kind)).toEqual([
      'subtask.opened',
      'ticket.created',
      'task.completed',
      'area.completed',
    ]);
    expect(body.data[3]).toEqual({
      id: expect.any(Number),
      kind: 'area.completed',
      subjectType: 'area',
      subjectId: area.id,
      subjectName: 'Cabin 5001',
      areaId: area.id,
      taskId: null,
      who: 'Jan van Dijk',
      actingFor: null,
      data: { kind: 'area', number: '5001' },
      createdAt: t.clock().toISOString(),
    });
    expect(body.data[2]).toMatchObject({ who: 'Els de Boer', actingFor: 'Seaways Cruises', subjectName: 'Fit wardrobe' });
    expect(body.data[1]).toMatchObject({ who: 'Piet Smit', actingFor: 'Seaways Cruises' });
    expect(body.data[0]).toMatchObject({ who: null, actingFor: null });

    // The filter is the first part of the kind.
    const tasks = (await viewer.get(feedUrl(p.id, '?kind=task'))).json();
    expect(tasks.data.map((e: { kind: string }) => e.kind)).toEqual(['task.completed']);
    expect(tasks.meta.total).toBe(1);
    const areas = (await viewer.get(feedUrl(p.id, '?kind=area'))).json();
    expect(areas.data.map((e: { kind: string }) => e.kind)).toEqual(['area.completed']);
    // Paging.
    const page2 = (await viewer.get(feedUrl(p.id, '?perPage=3&page=2'))).json();
    expect(page2.data.map((e: { kind: string }) => e.kind)).toEqual(['area.completed']);
    expect(page2.meta).toEqual({ current_page: 2, last_page: 2, per_page: 3, total: 4 });
    // Another project's feed does not show these.
    const q = await createProjectRow(tdb.db);
    expect((await viewer.get(feedUrl(q.id))).json()).toEqual({
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 50, total: 0 },
    });
  });

  it("keeps a deleted project's feed readable", async () => {
    const p = await createProjectRow(tdb.db, { deleted: true });
    await event(p.id, 'ticket.updated');
    const res = await viewer.get(feedUrl(p.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });

  it('runs the same number of statements for a page of 5 rows as for 50 (no N+1)', async () => {
    const small = await createProjectRow(tdb.db);
    const large = await createProjectRow(tdb.db);
    for (let i = 0; i < 5; i++) await event(small.id, 'task.opened', { accountId: managerFx.accountId });
    for (let i = 0; i < 50; i++) {
      await event(large.id, i % 2 ? 'task.opened' : 'ticket.created', {
        accountId: i % 3 ? managerFx.accountId : clientFx.accountId,
        companyId: i % 3 ? null : company.id,
      });
    }
    await viewer.get(feedUrl(small.id));
    const a = await countQueries(tdb.db, () => viewer.get(feedUrl(small.id)));
    const b = await countQueries(tdb.db, () => viewer.get(feedUrl(large.id)));
    expect(a.result.json().data).toHaveLength(5);
    expect(b.result.json().data).toHaveLength(50);
    expect(b.count).toBe(a.count);
    expect(a.count).toBeLessThanOrEqual(4); // the session, the project, the page, the total
  });
});
