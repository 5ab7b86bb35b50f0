import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createCompany } from '../../../test/factories/identity';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import {
  drawingApprovers,
  drawingComments,
  drawings,
  drawingVersions,
  files,
  orderApprovers,
  orderEvents,
  orders,
  orderVersions,
} from '../../db/schema';
import { createProjectRow } from '../projects/projects.fixtures';
import { remindWaitingApprovals } from './notification.jobs';

// The daily reminder and due dates: overdue items are named first, marked with their due date, in
// the reader's language, however recently they began to wait; a drawing with named approvers
// reminds only the approvers who have not decided yet.

let tdb: TestDatabase;
let t: TestApp;
let companyId: number;
let nl: { accountId: number; email: string };
let en: { accountId: number; email: string };
let other: { accountId: number; email: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  companyId = (await createCompany(tdb.db, { name: 'Deadline Co' })).id;
  nl = await createClient(tdb.db, companyId, { locale: 'nl' });
  en = await createClient(tdb.db, companyId, { locale: 'en' });
  other = await createClient(tdb.db, companyId, { locale: 'nl' });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});
beforeEach(() => {
  t.mailer.sent.length = 0;
});

async function drawing(name: string, o: { dueDate?: string; since: Date; approvers?: number[] }) {
  const project = await createProjectRow(tdb.db, { companyIds: [companyId] });
  const [file] = await tdb.db.orm
    .insert(files)
    .values({ storageKey: `ab/cd/${name}`, originalName: 'plan.pdf', mime: 'application/pdf', size: 10 })
    .returning({ id: files.id });
  const [d] = await tdb.db.orm
    .insert(drawings)
    .values({
      projectId: project.id,
      companyId,
      name,
      drawingDate: '2026-11-01',
      status: 'pending',
      versionCount: 1,
      waitingSince: o.since,
      dueDate: o.dueDate ?? null,
      approvalRule: 'all',
    })
    .returning({ id: drawings.id });
  if (!d || !file) throw new Error('fixtures');
  const [v] = await tdb.db.orm
    .insert(drawingVersions)
    .values({ drawingId: d.id, number: 1, fileId: file.id })
    .returning({ id: drawingVersions.id });
  for (const a of o.approvers ?? []) await tdb.db.orm.insert(drawingApprovers).values({ drawingId: d.id, accountId: a });
  return { id: d.id, versionId: v?.id as number };
}

describe('the daily reminder and due dates', () => {
  it('names overdue items first with their due date, in both languages, to the approvers still deciding', async () => {
    // 07:00 UTC on 21 November is 08:00 in Amsterdam.
    const now = new Date('2026-11-21T07:00:00Z');
    const longAgo = new Date('2026-11-10T08:00:00Z');
    const yesterday = new Date('2026-11-20T08:00:00Z');
    await tdb.db.orm.insert(orders).values({
      companyId,
      title: 'Bank Lido',
      status: 'pending_approval',
      newProductTitle: 'Bank',
      waitingSince: longAgo,
      dueDate: '2026-12-01',
    });
    // Waiting one day only, but due yesterday: named all the same, and first.
    const late = await drawing('Plafond lounge', {
      dueDate: '2026-11-20',
      since: yesterday,
      approvers: [nl.accountId, en.accountId],
    });
    // Due today: not late yet, and too fresh to be named.
    await drawing('Wandkast hut', { dueDate: '2026-11-21', since: yesterday });
    // en approved already: only nl is reminded of the late drawing.
    await tdb.db.orm.insert(drawingComments).values({
      drawingId: late.id,
      versionId: late.versionId,
      kind: 'approve',
      body: '',
      authorAccountId: en.accountId,
    });

    await remindWaitingApprovals(t.app.platform, now, 3);
    const toNl = t.mailer.to(nl.email);
    expect(toNl).toHaveLength(1);
    const text = toNl[0]?.text ?? '';
    expect(text).toContain('TE LAAT (uiterlijk 20-11-2026): Plafond lounge: wacht al 0 dagen');
    expect(text).toContain('Bank Lido: wacht al 10 dagen, uiterlijk 01-12-2026');
    expect(text.indexOf('Plafond lounge')).toBeLessThan(text.indexOf('Bank Lido'));
    expect(text).not.toContain('Wandkast hut');
    // Not an approver of the late drawing: only the order (which goes to every user without a requester).
    expect(t.mailer.to(other.email)[0]?.text ?? '').not.toContain('Plafond lounge');
    const toEn = t.mailer.to(en.email)[0]?.text ?? '';
    expect(toEn).not.toContain('Plafond lounge');
    expect(toEn).toContain('Bank Lido: waiting 10 days, due 01-12-2026');
  });

  it('marks an overdue item in English', async () => {
    const now = new Date('2026-11-25T07:00:00Z');
    await drawing('Bar deck 7', { dueDate: '2026-11-24', since: new Date('2026-11-24T08:00:00Z'), approvers: [en.accountId] });
    await remindWaitingApprovals(t.app.platform, now, 3);
    expect(t.mailer.to(en.email)[0]?.text).toContain('OVERDUE (due 24-11-2026): Bar deck 7: waiting 0 days');
  });

  it('reminds of an order with named approvers only those who have not decided its design yet', async () => {
    const now = new Date('2026-11-28T07:00:00Z');
    const [o] = await tdb.db.orm
      .insert(orders)
      .values({
        companyId,
        title: 'Stoel Aurora',
        status: 'pending_approval',
        newProductTitle: 'Stoel',
        requestedBy: other.accountId,
        waitingSince: new Date('2026-11-20T08:00:00Z'),
        approvalRule: 'all',
      })
      .returning({ id: orders.id });
    if (!o) throw new Error('fixture');
    const [v] = await tdb.db.orm.insert(orderVersions).values({ orderId: o.id, number: 1 }).returning({ id: orderVersions.id });
    await tdb.db.orm.insert(orderApprovers).values([
      { orderId: o.id, accountId: nl.accountId },
      { orderId: o.id, accountId: en.accountId },
    ]);
    // en voted already.
    await tdb.db.orm
      .insert(orderEvents)
      .values({ orderId: o.id, kind: 'design_vote', versionId: v?.id ?? null, actorAccountId: en.accountId });
    await remindWaitingApprovals(t.app.platform, now, 3);
    expect(t.mailer.to(nl.email)[0]?.text ?? '').toContain('Stoel Aurora');
    expect(t.mailer.to(en.email)[0]?.text ?? '').not.toContain('Stoel Aurora');
    // The requester is not named: not reminded.
    expect(t.mailer.to(other.email)[0]?.text ?? '').not.toContain('Stoel Aurora');
  });
});
