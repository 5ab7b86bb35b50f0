import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, drawingApprovers, drawings, notifications } from '../../db/schema';
import { createFileRow, createProjectRow } from '../projects/projects.fixtures';

// Deadlines and named approvers of drawings: who may be named, who decides under rule any and
// rule all, two last approvals at once, and "overdue" on the Amsterdam day.

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let managerAccount: number;
let viewer: Agent;
let anon: Agent;
let companyA: { id: number; name: string };
let companyB: { id: number; name: string };
let clientA: Agent;
let clientAAccount: number;
let clientA2: Agent;
let clientA2Account: number;
let clientA3: Agent;
let clientA3Account: number;
let clientBAccount: number;
let invitedA: number;
let acting: Agent;
let responsible: Agent & { fx: { accountId: number; employeeId: number } };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db, jobs: 'deferred' });
  const cast = await castOf(t, {
    staff: {
      manager: { permissions: ['projects.manage'] },
      viewer: { permissions: ['projects.view'] },
      responsible: { permissions: ['projects.manage'], firstName: 'Rik' },
    },
    companies: { companyA: { name: 'Nordic A' }, companyB: { name: 'Company B' } },
    clients: {
      clientA: { company: 'companyA', firstLogin: false },
      clientA2: { company: 'companyA', firstLogin: false },
      clientA3: { company: 'companyA', firstLogin: false },
      clientB: { company: 'companyB' },
    },
    acting: { acting: { permissions: ['companies.act-as-client'], company: 'companyA' } },
    anon: true,
  });
  ({ manager, viewer, anon, clientA, clientA2, clientA3, acting, responsible } = cast);
  ({ companyA, companyB } = cast.companies);
  managerAccount = cast.manager.fx.accountId;
  clientAAccount = cast.clientA.fx.accountId;
  clientA2Account = cast.clientA2.fx.accountId;
  clientA3Account = cast.clientA3.fx.accountId;
  clientBAccount = cast.clientB.fx.accountId;
  // Invited but never signed in: cannot be named.
  invitedA = (await createClient(tdb.db, companyA.id, { passwordHash: null })).accountId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

async function project() {
  return createProjectRow(tdb.db, { companyIds: [companyA.id] });
}

async function create(projectId: number, o: Record<string, unknown> = {}) {
  const fileId = (await createFileRow(tdb.db, { storage: t.app.platform.storage, createdBy: managerAccount })).id;
  const res = await manager.post(`/api/projects/${projectId}/drawings`, {
    name: 'Hut 5001 wandopstelling',
    companyId: companyA.id,
    drawingDate: '2026-11-20',
    fileId,
    ...o,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: number;
    version: number;
    versions: { id: number }[];
    approvers: { id: number; state: string }[];
    dueDate: string | null;
    overdue: boolean;
    approvalRule: string;
  };
}

const approve = (agent: Agent, d: { id: number; versions: { id: number }[] }) =>
  agent.post(`/api/client/drawings/${d.id}/versions/${d.versions[0]?.id}/approve`, { body: '' });
const requestChanges = (agent: Agent, d: { id: number; versions: { id: number }[] }) =>
  agent.post(`/api/client/drawings/${d.id}/versions/${d.versions[0]?.id}/request-changes`, { body: 'Deur links' });

async function statusOf(id: number) {
  return (await tdb.db.orm.select({ status: drawings.status }).from(drawings).where(eq(drawings.id, id)))[0]?.status;
}

describe('GET /api/projects/:projectId/drawing-approvers', () => {
  it('lists the company users who can sign in, to staff with projects.manage only', async () => {
    const p = await project();
    const url = `/api/projects/${p.id}/drawing-approvers?companyId=${companyA.id}`;
    expect((await anon.get(url)).statusCode).toBe(401);
    expect((await viewer.get(url)).statusCode).toBe(403);
    expect((await clientA.get(url)).statusCode).toBe(403);
    const res = await manager.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([clientAAccount, clientA2Account]));
    expect(ids).not.toContain(invitedA);
    expect(ids).not.toContain(clientBAccount);
  });

  it('refuses a company that is not attached (400) and an unknown project (404)', async () => {
    const p = await project();
    const res = await manager.get(`/api/projects/${p.id}/drawing-approvers?companyId=${companyB.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.companyId.code).toBe('not_attached');
    expect((await manager.get(`/api/projects/999999/drawing-approvers?companyId=${companyA.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/projects/${p.id}/drawing-approvers?companyId=x`)).statusCode).toBe(400);
  });
});

describe('due date and approvers on create and edit', () => {
  it('stores the due date, the rule and the approvers, and shows them both sides', async () => {
    const p = await project();
    const d = await create(p.id, { dueDate: '2026-12-01', approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    expect(d.dueDate).toBe('2026-12-01');
    expect(d.approvalRule).toBe('all');
    expect(d.approvers.map((a) => [a.id, a.state]).sort()).toEqual(
      [
        [clientAAccount, 'waiting'],
        [clientA2Account, 'waiting'],
      ].sort(),
    );
    const portal = (await clientA.get(`/api/client/drawings/${d.id}`)).json().data;
    expect(portal.approvers).toHaveLength(2);
    expect(portal.waitingForYou).toBe(true);
    expect((await clientA3.get(`/api/client/drawings/${d.id}`)).json().data.waitingForYou).toBe(false);
  });

  it('refuses an approver of another company or one who cannot sign in (400, nothing stored)', async () => {
    const p = await project();
    for (const approverIds of [[clientBAccount], [invitedA], [managerAccount]]) {
      const fileId = (await createFileRow(tdb.db, { storage: t.app.platform.storage, createdBy: managerAccount })).id;
      const res = await manager.post(`/api/projects/${p.id}/drawings`, {
        name: 'Refused',
        companyId: companyA.id,
        drawingDate: '2026-11-20',
        fileId,
        approverIds,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.approverIds.code).toBe('not_approver');
    }
    const bad = await manager.post(`/api/projects/${p.id}/drawings`, {
      name: 'Bad',
      companyId: companyA.id,
      drawingDate: '2026-11-20',
      fileId: 1,
      dueDate: '2026-02-30',
      approvalRule: 'some',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['dueDate', 'approvalRule']));
  });

  it('changes and clears them on edit', async () => {
    const p = await project();
    const d = await create(p.id, { approverIds: [clientAAccount] });
    const res = await manager.put(`/api/projects/${p.id}/drawings/${d.id}`, {
      name: 'Hut 5001 wandopstelling',
      companyId: companyA.id,
      drawingDate: '2026-11-20',
      dueDate: '2026-11-30',
      approvalRule: 'all',
      approverIds: [clientA2Account],
      version: d.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.approvers.map((a: { id: number }) => a.id)).toEqual([clientA2Account]);
    expect(res.json().data.dueDate).toBe('2026-11-30');
    const rows = await tdb.db.orm.select().from(drawingApprovers).where(eq(drawingApprovers.drawingId, d.id));
    expect(rows.map((r) => r.accountId)).toEqual([clientA2Account]);
  });
});

describe('deciding with named approvers', () => {
  it('none named: any company user decides, as before', async () => {
    const d = await create((await project()).id);
    expect((await approve(clientA3, d)).statusCode).toBe(200);
    expect(await statusOf(d.id)).toBe('approved');
  });

  it('rule any: only a named approver decides, others may still comment; the first decision counts', async () => {
    const d = await create((await project()).id, { approverIds: [clientAAccount, clientA2Account] });
    const version = (await clientA3.get(`/api/client/drawings/${d.id}/versions/${d.versions[0]?.id}`)).json().data;
    expect(version.abilities.canApprove).toBe(false);
    expect(version.abilities.reasons.canApprove).toBe('DRAWING_NOT_APPROVER');
    expect(version.abilities.canComment).toBe(true);
    const refused = await approve(clientA3, d);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('DRAWING_NOT_APPROVER');
    expect((await requestChanges(clientA3, d)).statusCode).toBe(403);
    // An employee acting as the company is not a named approver either.
    expect((await approve(acting, d)).json().code).toBe('DRAWING_NOT_APPROVER');
    const comment = await clientA3.post(`/api/client/drawings/${d.id}/versions/${d.versions[0]?.id}/comments`, { body: 'Mooi' });
    expect(comment.statusCode).toBe(201);
    expect((await approve(clientA2, d)).statusCode).toBe(200);
    expect(await statusOf(d.id)).toBe('approved');
    expect((await approve(clientA, d)).statusCode).toBe(409);
  });

  it('rule all: each approval is a vote; the last one approves; a request for changes decides at once', async () => {
    const d = await create((await project()).id, { approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    const first = await approve(clientA, d);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('pending');
    expect(first.json().data.abilities.reasons.canApprove).toBe('DRAWING_ALREADY_APPROVED_BY_YOU');
    expect(await statusOf(d.id)).toBe('pending');
    expect((await approve(clientA, d)).json().code).toBe('DRAWING_ALREADY_APPROVED_BY_YOU');
    const portal = (await clientA2.get(`/api/client/drawings/${d.id}`)).json().data;
    expect(portal.approvers.find((a: { id: number }) => a.id === clientAAccount).state).toBe('approved');
    expect(portal.waitingForYou).toBe(true);
    expect((await clientA.get(`/api/client/drawings/${d.id}`)).json().data.waitingForYou).toBe(false);
    const last = await approve(clientA2, d);
    expect(last.statusCode).toBe(200);
    expect(last.json().data.status).toBe('approved');
    expect(await statusOf(d.id)).toBe('approved');

    const d2 = await create((await project()).id, { approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    expect((await approve(clientA, d2)).statusCode).toBe(200);
    expect((await requestChanges(clientA2, d2)).statusCode).toBe(200);
    expect(await statusOf(d2.id)).toBe('open');
  });

  it('rule all: each approval short of the last tells the drawing’s employee once, who approved and who is still to', async () => {
    const d = await create((await project()).id, {
      approvalRule: 'all',
      approverIds: [clientAAccount, clientA2Account, clientA3Account],
      employeeId: responsible.fx.employeeId,
    });
    const names = Object.fromEntries(
      ((await clientA.get(`/api/client/drawings/${d.id}`)).json().data.approvers as { id: number; name: string }[]).map((a) => [
        a.id,
        a.name,
      ]),
    );
    // The employee wants these by mail at once; by default they stay in the app.
    const pref = await responsible.put('/api/user/notification-preferences', {
      preferences: [{ kind: 'drawing.partially_approved', mode: 'immediate' }],
    });
    expect(pref.statusCode, pref.body).toBe(200);
    const everyone = [managerAccount, responsible.fx.accountId, clientAAccount, clientA2Account, clientA3Account];
    const told = async () =>
      tdb.db.orm
        .select()
        .from(notifications)
        .where(
          and(
            inArray(notifications.accountId, everyone),
            eq(notifications.kind, 'drawing.partially_approved'),
            like(notifications.link, `%/drawings/${d.id}/versions/%`),
          ),
        )
        .orderBy(asc(notifications.id));

    expect((await approve(clientA, d)).statusCode).toBe(200);
    const first = await told();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      accountId: responsible.fx.accountId,
      data: { name: 'Hut 5001 wandopstelling', versionNumber: 1 },
      link: expect.stringMatching(new RegExp(`/drawings/${d.id}/versions/${d.versions[0]?.id}$`)),
      mailState: 'pending',
    });
    const data = first[0]?.data as { by: string; waitingFor: string[] };
    expect(data.by).toContain(names[clientAAccount]);
    expect([...data.waitingFor].sort()).toEqual([names[clientA2Account], names[clientA3Account]].sort());
    // A second approval by the same person is refused and tells no one.
    expect((await approve(clientA, d)).statusCode).toBe(409);
    expect(await told()).toHaveLength(1);
    expect((await approve(clientA2, d)).statusCode).toBe(200);
    const second = await told();
    expect(second).toHaveLength(2);
    expect(second[1]).toMatchObject({ accountId: responsible.fx.accountId, data: { waitingFor: [names[clientA3Account]] } });
    // The last vote approves: that is the decision, told as before, not one more partial approval.
    expect((await approve(clientA3, d)).statusCode).toBe(200);
    expect(await told()).toHaveLength(2);
    const decided = await tdb.db.orm
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.accountId, responsible.fx.accountId),
          eq(notifications.kind, 'drawing.decided'),
          like(notifications.link, `%/drawings/${d.id}/versions/%`),
        ),
      );
    expect(decided).toHaveLength(1);
  });

  it('rule all: a partial approval stays in the app unless one chose mail, and goes to projects.manage staff when no one else is named', async () => {
    const p = await project();
    const d = await create(p.id, { approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    await tdb.db.orm.delete(notifications).where(eq(notifications.kind, 'drawing.partially_approved'));
    expect((await approve(clientA, d)).statusCode).toBe(200);
    const rows = await tdb.db.orm.select().from(notifications).where(eq(notifications.kind, 'drawing.partially_approved'));
    const state = new Map(rows.map((r) => [r.accountId, r.mailState]));
    // No project managers either: everyone with projects.manage; the one who chose mail gets one.
    expect(state.get(managerAccount)).toBe('none');
    expect(state.get(responsible.fx.accountId)).toBe('pending');
    expect(rows).toHaveLength(state.size);
    for (const c of [clientAAccount, clientA2Account, clientA3Account]) expect(state.has(c)).toBe(false);
  });

  it('rule all: two last approvals at once give one approved outcome', async () => {
    const d = await create((await project()).id, {
      approvalRule: 'all',
      approverIds: [clientAAccount, clientA2Account],
    });
    const [a, b] = await Promise.all([approve(clientA, d), approve(clientA2, d)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await statusOf(d.id)).toBe('approved');
    expect(await auditRows(tdb.db, 'drawing.approved', eq(auditLog.subjectId, String(d.id)))).toHaveLength(1);
    expect(await auditRows(tdb.db, 'drawing.approval_recorded', eq(auditLog.subjectId, String(d.id)))).toHaveLength(1);
  });

  it('staff with projects.manage still record a decision for the company', async () => {
    const p = await project();
    const d = await create(p.id, { approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    const res = await manager.post(`/api/projects/${p.id}/drawings/${d.id}/versions/${d.versions[0]?.id}/approve`, { body: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(d.id)).toBe('approved');
  });
});

describe('overdue and waiting for you', () => {
  it('is overdue from the day after the due date in Amsterdam, while a version waits', async () => {
    const p = await project();
    // The test clock stands at 2026-11-21 09:00 UTC.
    const late = await create(p.id, { dueDate: '2026-11-20' });
    const today = await create(p.id, { dueDate: '2026-11-21' });
    expect(late.overdue).toBe(true);
    expect(today.overdue).toBe(false);
    // 23:30 UTC on the 20th is already the 21st in Amsterdam: the due day of the 20th has passed
    // there, though not yet in UTC.
    t.clock.set(new Date('2026-11-20T23:30:00Z'));
    try {
      expect((await clientA.get(`/api/client/drawings/${late.id}`)).json().data.overdue).toBe(true);
      t.clock.set(new Date('2026-11-20T22:30:00Z'));
      expect((await clientA.get(`/api/client/drawings/${late.id}`)).json().data.overdue).toBe(false);
    } finally {
      t.clock.set(new Date('2026-11-21T09:00:00Z'));
    }
    expect((await approve(clientA, late)).statusCode).toBe(200);
    expect((await manager.get(`/api/projects/${p.id}/drawings/${late.id}`)).json().data.overdue).toBe(false);
  });

  it('the portal filter "waiting for you" lists what the signed-in user still decides', async () => {
    const p = await project();
    const mine = await create(p.id, { name: 'Voor A', approverIds: [clientAAccount] });
    const other = await create(p.id, { name: 'Voor A2', approverIds: [clientA2Account] });
    const anyone = await create(p.id, { name: 'Voor iedereen' });
    const list = async (agent: Agent) =>
      (await agent.get(`/api/client/drawings?waiting=me&projectId=${p.id}`)).json().data.map((d: { id: number }) => d.id);
    expect((await list(clientA)).sort()).toEqual([mine.id, anyone.id].sort());
    expect((await list(clientA2)).sort()).toEqual([other.id, anyone.id].sort());
    expect((await clientA.get('/api/client/drawings?waiting=you')).statusCode).toBe(400);
  });
});
