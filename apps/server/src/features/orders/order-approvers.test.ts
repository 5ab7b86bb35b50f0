import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { auditLog, notifications, orderApprovers, orders } from '../../db/schema';
import { createOrderRow, createUploadRow } from './orders.fixtures';

// Named approvers of an order's design: who may be named (on sending a design and on edit), who
// decides under rule any and rule all, the partial vote told to staff, two last votes at once, and
// the portal's "waiting for you".

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
let clientBAccount: number;
let invitedA: number;
let acting: Agent;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db, jobs: 'deferred' });
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['companies.manage'] }, viewer: { permissions: ['projects.manage'] } },
    companies: { companyA: { name: 'Vote Co A' }, companyB: { name: 'Vote Co B' } },
    clients: {
      clientA: { company: 'companyA', firstLogin: false },
      clientA2: { company: 'companyA', firstLogin: false },
      clientA3: { company: 'companyA', firstLogin: false },
      clientB: { company: 'companyB' },
    },
    acting: { acting: { permissions: ['companies.act-as-client'], company: 'companyA' } },
    anon: true,
  });
  ({ manager, viewer, anon, clientA, clientA2, clientA3, acting } = cast);
  ({ companyA, companyB } = cast.companies);
  managerAccount = cast.manager.fx.accountId;
  clientAAccount = cast.clientA.fx.accountId;
  clientA2Account = cast.clientA2.fx.accountId;
  clientBAccount = cast.clientB.fx.accountId;
  // Invited but never signed in: cannot be named.
  invitedA = (await createClient(tdb.db, companyA.id, { passwordHash: null })).accountId;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

/** An order in progress of company A with a design sent naming these approvers. */
async function sent(o: Record<string, unknown> = {}) {
  const order = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress' });
  const previewFileId = await createUploadRow(tdb.db, managerAccount);
  const res = await manager.post(`/api/orders/${order.id}/versions`, { version: 1, comment: 'Ontwerp', previewFileId, ...o });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    version: number;
    approvalRule: string;
    approvers: { id: number; name: string; state: string }[];
  };
}

const approve = (agent: Agent, o: { id: number; version: number }) =>
  agent.post(`/api/client/orders/${o.id}/approve-design`, { version: o.version });
const deny = (agent: Agent, o: { id: number; version: number }) =>
  agent.post(`/api/client/orders/${o.id}/deny-design`, { version: o.version, comment: 'Andere kleur' });

async function statusOf(id: number) {
  return (await tdb.db.orm.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
}

describe('GET /api/orders/:orderId/approvers', () => {
  it("lists the order's company users who can sign in, to staff with companies.manage only", async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress' });
    const url = `/api/orders/${o.id}/approvers`;
    expect((await anon.get(url)).statusCode).toBe(401);
    expect((await viewer.get(url)).statusCode).toBe(403);
    expect((await clientA.get(url)).statusCode).toBe(403);
    const res = await manager.get(url);
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().data.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([clientAAccount, clientA2Account]));
    expect(ids).not.toContain(invitedA);
    expect(ids).not.toContain(clientBAccount);
    const ofB = await createOrderRow(tdb.db, { companyId: companyB.id, status: 'in_progress' });
    expect((await manager.get(`/api/orders/${ofB.id}/approvers`)).json().data.map((c: { id: number }) => c.id)).toEqual([
      clientBAccount,
    ]);
  });

  it('answers 404 for an unknown order and 400 for a bad id', async () => {
    expect((await manager.get('/api/orders/999999/approvers')).statusCode).toBe(404);
    expect((await manager.get('/api/orders/x/approvers')).statusCode).toBe(400);
  });
});

describe('naming approvers', () => {
  it('stores the rule and the approvers when a design is sent, and shows them both sides', async () => {
    const o = await sent({ approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    expect(o.approvalRule).toBe('all');
    expect(o.approvers.map((a) => [a.id, a.state]).sort()).toEqual(
      [
        [clientAAccount, 'waiting'],
        [clientA2Account, 'waiting'],
      ].sort(),
    );
    const portal = (await clientA.get(`/api/client/orders/${o.id}`)).json().data;
    expect(portal.approvers).toHaveLength(2);
    expect(portal.waitingForYou).toBe(true);
    expect((await clientA3.get(`/api/client/orders/${o.id}`)).json().data.waitingForYou).toBe(false);
  });

  it('refuses an approver of another company, one who cannot sign in, or an employee (400, nothing stored)', async () => {
    for (const approverIds of [[clientBAccount], [invitedA], [managerAccount]]) {
      const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress' });
      const previewFileId = await createUploadRow(tdb.db, managerAccount);
      const res = await manager.post(`/api/orders/${o.id}/versions`, { version: 1, previewFileId, approverIds });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().fieldErrors.approverIds.code).toBe('not_approver');
      expect(await statusOf(o.id)).toBe('in_progress');
      const edit = await manager.put(`/api/orders/${o.id}`, { title: 'Bank', approverIds, version: 1 });
      expect(edit.statusCode).toBe(400);
      expect(edit.json().fieldErrors.approverIds.code).toBe('not_approver');
      expect(await tdb.db.orm.select().from(orderApprovers).where(eq(orderApprovers.orderId, o.id))).toEqual([]);
    }
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress' });
    const bad = await manager.put(`/api/orders/${o.id}`, {
      title: 'Bank',
      approvalRule: 'some',
      approverIds: [clientAAccount, clientAAccount],
      version: 1,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fieldErrors)).toEqual(expect.arrayContaining(['approvalRule', 'approverIds']));
  });

  it('staff change and clear them on edit; left out they stay; the portal cannot change them', async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyA.id, status: 'in_progress' });
    const named = await manager.put(`/api/orders/${o.id}`, {
      title: 'Bank',
      approvalRule: 'all',
      approverIds: [clientAAccount],
      version: 1,
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.approvers.map((a: { id: number }) => a.id)).toEqual([clientAAccount]);
    expect(named.json().data.approvalRule).toBe('all');
    const kept = await manager.put(`/api/orders/${o.id}`, { title: 'Bank 2', version: 2 });
    expect(kept.json().data.approvers.map((a: { id: number }) => a.id)).toEqual([clientAAccount]);
    const byClient = await clientA.put(`/api/client/orders/${o.id}`, {
      title: 'Bank 3',
      approvalRule: 'any',
      approverIds: [],
      version: 3,
    });
    expect(byClient.statusCode, byClient.body).toBe(200);
    expect(byClient.json().data.approvers).toHaveLength(1);
    expect(byClient.json().data.approvalRule).toBe('all');
    const cleared = await manager.put(`/api/orders/${o.id}`, { title: 'Bank', approverIds: [], version: 4 });
    expect(cleared.json().data.approvers).toEqual([]);
  });

  it("another company's order is not found", async () => {
    const o = await createOrderRow(tdb.db, { companyId: companyB.id, status: 'in_progress' });
    const res = await clientA.put(`/api/client/orders/${o.id}`, { title: 'X', approverIds: [clientAAccount], version: 1 });
    expect(res.statusCode).toBe(404);
  });
});

describe('deciding a design with named approvers', () => {
  it('none named: any company user decides, as before', async () => {
    const o = await sent();
    expect((await approve(clientA3, o)).statusCode).toBe(200);
    expect(await statusOf(o.id)).toBe('approved');
  });

  it('rule any: only a named approver decides; others and an acting employee get 403; the first decision counts', async () => {
    const o = await sent({ approverIds: [clientAAccount, clientA2Account] });
    const seen = (await clientA3.get(`/api/client/orders/${o.id}`)).json().data;
    expect(seen.abilities.canApproveDesign).toBe(false);
    expect(seen.abilities.reasons.canApproveDesign).toBe('ORDER_NOT_APPROVER');
    expect(seen.abilities.reasons.canDenyDesign).toBe('ORDER_NOT_APPROVER');
    expect(seen.abilities.canAskInfo).toBe(true);
    const refused = await approve(clientA3, o);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ORDER_NOT_APPROVER');
    expect((await deny(clientA3, o)).statusCode).toBe(403);
    // An employee acting as the company is never a named approver.
    const byActing = await approve(acting, o);
    expect(byActing.statusCode).toBe(403);
    expect(byActing.json().code).toBe('ORDER_NOT_APPROVER');
    expect(await statusOf(o.id)).toBe('pending_approval');
    expect((await approve(clientA2, o)).statusCode).toBe(200);
    expect(await statusOf(o.id)).toBe('approved');
    expect((await approve(clientA, o)).statusCode).toBe(409);
  });

  it('rule all: each approval is a vote; staff are told who approved and who is awaited; the last one approves', async () => {
    const o = await sent({ approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    const first = await approve(clientA, o);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.status).toBe('pending_approval');
    expect(first.json().data.version).toBe(o.version);
    expect(first.json().data.abilities.reasons.canApproveDesign).toBe('ORDER_ALREADY_APPROVED_BY_YOU');
    expect(first.json().data.events.at(-1).kind).toBe('design_vote');
    const again = await approve(clientA, o);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_ALREADY_APPROVED_BY_YOU');
    const told = await tdb.db.orm
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, managerAccount), eq(notifications.kind, 'design.vote')));
    expect(told).toHaveLength(1);
    expect(told[0]?.data).toMatchObject({ orderId: o.id, versionNumber: 1, by: expect.any(String) });
    expect(String((told[0]?.data as Record<string, unknown> | undefined)?.waiting ?? '')).not.toBe('');
    // In the app by default: no mail owed.
    expect(told[0]?.mailState).toBe('none');
    const portal = (await clientA2.get(`/api/client/orders/${o.id}`)).json().data;
    expect(portal.approvers.find((a: { id: number }) => a.id === clientAAccount).state).toBe('approved');
    expect(portal.waitingForYou).toBe(true);
    expect((await clientA.get(`/api/client/orders/${o.id}`)).json().data.waitingForYou).toBe(false);
    const last = await approve(clientA2, o);
    expect(last.statusCode).toBe(200);
    expect(last.json().data.status).toBe('approved');
    expect(last.json().data.approvers.every((a: { state: string }) => a.state === 'approved')).toBe(true);
  });

  it('rule all: one denial denies at once', async () => {
    const o = await sent({ approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    expect((await approve(clientA, o)).statusCode).toBe(200);
    expect((await deny(clientA2, o)).statusCode).toBe(200);
    expect(await statusOf(o.id)).toBe('in_progress');
  });

  it('rule all: two last approvals at once give one approved outcome', async () => {
    const o = await sent({ approvalRule: 'all', approverIds: [clientAAccount, clientA2Account] });
    const [a, b] = await Promise.all([approve(clientA, o), approve(clientA2, o)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await statusOf(o.id)).toBe('approved');
    expect(await auditRows(tdb.db, 'order.design_approved', eq(auditLog.subjectId, String(o.id)))).toHaveLength(1);
    expect(await auditRows(tdb.db, 'order.design_vote', eq(auditLog.subjectId, String(o.id)))).toHaveLength(1);
  });
});

describe('waiting for you', () => {
  it('the portal filter lists the orders whose design waits for the signed-in user', async () => {
    const mine = await sent({ approverIds: [clientAAccount] });
    const other = await sent({ approverIds: [clientA2Account] });
    const anyone = await sent();
    const list = async (agent: Agent) => {
      const res = await agent.get('/api/client/orders?waiting=me&perPage=100');
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((o: { id: number; waitingForYou: boolean }) => {
        expect(o.waitingForYou).toBe(true);
        return o.id;
      });
    };
    const forA = await list(clientA);
    expect(forA).toEqual(expect.arrayContaining([mine.id, anyone.id]));
    expect(forA).not.toContain(other.id);
    const forA2 = await list(clientA2);
    expect(forA2).toEqual(expect.arrayContaining([other.id, anyone.id]));
    expect(forA2).not.toContain(mine.id);
    // An employee acting as the company waits for nothing that names approvers.
    expect(await list(acting)).not.toContain(mine.id);
    expect((await clientA.get('/api/client/orders?waiting=you')).statusCode).toBe(400);
  });
});
