import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { accounts, drawings, drawingVersions, files, notifications, orders } from '../../db/schema';
import { query } from '../../platform/sql';
import { createProjectRow } from '../projects/projects.fixtures';
import { deliverOwedMails, remindWaitingApprovals } from './notification.jobs';
import { companyAccounts, staffAccountsWith } from './notifications.repository';
import { notify } from './notifications.service';

let tdb: TestDatabase;
let t: TestApp;
let companyId: number;
let client: { accountId: number; email: string };
let clientEn: { accountId: number; email: string };
let manager: { accountId: number; employeeId: number; email: string };
let outsider: { accountId: number; email: string };

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  companyId = (await createCompany(tdb.db, { name: 'Mail Co' })).id;
  client = await createClient(tdb.db, companyId, { locale: 'nl' });
  clientEn = await createClient(tdb.db, companyId, { locale: 'en' });
  manager = await createEmployee(tdb.db, { permissions: ['companies.manage'] });
  outsider = await createEmployee(tdb.db, { permissions: ['projects.view'] });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});
beforeEach(() => {
  t.mailer.sent.length = 0;
});

describe('the notification outbox', () => {
  it('mails each owed notification once, in the recipient’s language, and skips inactive accounts', async () => {
    const now = t.clock();
    await notify(
      tdb.db.orm,
      [client.accountId, clientEn.accountId],
      { kind: 'design.sent', data: { orderId: 1, title: 'Barkruk', versionNumber: 2 }, link: '/orders/1', mail: true },
      now,
    );
    // In the app only: no mail owed.
    await notify(tdb.db.orm, [client.accountId], { kind: 'post.published', data: { title: 'x' }, link: null }, now);
    const p = t.app.platform;
    expect(await deliverOwedMails(p)).toBe(2);
    const nl = t.mailer.to(client.email);
    const en = t.mailer.to(clientEn.email);
    expect(nl).toHaveLength(1);
    expect(nl[0]?.subject).toBe('Ontwerp ter goedkeuring: Barkruk');
    expect(nl[0]?.text).toContain('Versie 2');
    expect(nl[0]?.text).toContain(`${t.config.appUrl}/orders/1`);
    expect(en[0]?.subject).toBe('Design for approval: Barkruk');
    // Sent once: a second round finds nothing owed.
    expect(await deliverOwedMails(p)).toBe(0);
    const states = await tdb.db.orm
      .select({ state: notifications.mailState })
      .from(notifications)
      .where(eq(notifications.accountId, client.accountId));
    expect(states.map((s) => s.state).sort()).toEqual(['none', 'sent']);

    // A deactivated account is never mailed; its notification stops being owed.
    await tdb.db.orm.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, clientEn.accountId));
    await notify(
      tdb.db.orm,
      [clientEn.accountId],
      { kind: 'order.completed', data: { title: 'Stoel' }, link: '/orders/2', mail: true },
      now,
    );
    expect(await deliverOwedMails(p)).toBe(0);
    expect(t.mailer.to(clientEn.email)).toHaveLength(1);
    await tdb.db.orm.update(accounts).set({ status: 'active' }).where(eq(accounts.id, clientEn.accountId));
  });

  it('mails nobody who cannot sign in: a user never invited, or whose invitation is open, keeps the notification in the app', async () => {
    const elsewhere = (await createCompany(tdb.db, { name: 'Pending Co' })).id;
    const pending = await createClient(tdb.db, elsewhere, { locale: 'nl' });
    await tdb.db.orm.update(accounts).set({ passwordHash: null }).where(eq(accounts.id, pending.accountId));
    await notify(
      tdb.db.orm,
      [client.accountId, pending.accountId],
      {
        kind: 'drawing.version_ready',
        data: { drawingId: 1, name: 'Atrium', versionNumber: 1 },
        link: '/drawings/1',
        mail: true,
      },
      t.clock(),
    );
    expect(await deliverOwedMails(t.app.platform)).toBe(1);
    expect(t.mailer.to(client.email)).toHaveLength(1);
    expect(t.mailer.to(pending.email)).toHaveLength(0);
    const [row] = await tdb.db.orm
      .select({ state: notifications.mailState })
      .from(notifications)
      .where(eq(notifications.accountId, pending.accountId));
    expect(row?.state).toBe('none');
  });

  it('a stored name with a line break never shapes the mail (A13)', async () => {
    await notify(
      tdb.db.orm,
      [manager.accountId],
      {
        kind: 'request.received',
        data: { title: 'Lamp\r\nBcc: x@evil.test', company: 'Mail Co' },
        link: '/requests/3',
        mail: true,
      },
      t.clock(),
    );
    await deliverOwedMails(t.app.platform);
    const [m] = t.mailer.to(manager.email);
    expect(m?.subject).toBe('Nieuwe productaanvraag: Lamp Bcc: x@evil.test');
  });

  it('finds whom to tell: staff holding a right (admins too), and a company’s active users', async () => {
    const staff = await staffAccountsWith(tdb.db.orm, 'companies.manage');
    expect(staff).toContain(manager.accountId);
    expect(staff).not.toContain(outsider.accountId);
    expect(await companyAccounts(tdb.db.orm, companyId)).toEqual([client.accountId, clientEn.accountId].sort((a, b) => a - b));
  });
});

describe('the daily approval reminder', () => {
  it('reminds each waiting side once a day of what waits longer than the set days', async () => {
    const now = new Date('2026-11-21T08:00:00Z');
    const longAgo = new Date('2026-11-15T08:00:00Z');
    const recent = new Date('2026-11-20T08:00:00Z');
    const [waiting] = await tdb.db.orm
      .insert(orders)
      .values({
        companyId,
        title: 'Bank Lido',
        status: 'pending_approval',
        productId: null,
        newProductTitle: 'Bank',
        requestedBy: client.accountId,
        waitingSince: longAgo,
      })
      .returning({ id: orders.id });
    await tdb.db.orm.insert(orders).values({
      companyId,
      title: 'Nieuw verzoek',
      status: 'requested',
      newProductTitle: 'Tafel',
      requestedBy: client.accountId,
      waitingSince: longAgo,
    });
    await tdb.db.orm.insert(orders).values({
      companyId,
      title: 'Te vers',
      status: 'pending_approval',
      newProductTitle: 'Kast',
      requestedBy: client.accountId,
      waitingSince: recent,
    });
    const project = await createProjectRow(tdb.db, { companyIds: [companyId] });
    const [file] = await tdb.db.orm
      .insert(files)
      .values({ storageKey: 'ab/cd/reminder-test', originalName: 'plan.pdf', mime: 'application/pdf', size: 10 })
      .returning({ id: files.id });
    const [drawing] = await tdb.db.orm
      .insert(drawings)
      .values({
        projectId: project.id,
        companyId,
        name: 'Plattegrond dek 5',
        drawingDate: '2026-11-01',
        status: 'pending',
        versionCount: 1,
        waitingSince: longAgo,
      })
      .returning({ id: drawings.id });
    if (!waiting || !file || !drawing) throw new Error('fixtures');
    await tdb.db.orm.insert(drawingVersions).values({ drawingId: drawing.id, number: 1, fileId: file.id });

    expect(await remindWaitingApprovals(t.app.platform, now, 3)).toBeGreaterThanOrEqual(2);
    const toClient = t.mailer.to(client.email);
    expect(toClient).toHaveLength(1);
    // The requester of the order and every user of the drawing's company; the fresh one waits.
    expect(toClient[0]?.subject).toBe('2 goedkeuring(en) wachten op je');
    expect(toClient[0]?.text).toContain('Bank Lido: wacht al 6 dagen');
    expect(toClient[0]?.text).toContain('Plattegrond dek 5');
    expect(toClient[0]?.text).not.toContain('Te vers');
    expect(t.mailer.to(clientEn.email)[0]?.subject).toBe('1 approval(s) waiting for you');
    // Staff who handle requests hear of the waiting request.
    expect(t.mailer.to(manager.email)[0]?.text).toContain('Nieuw verzoek');
    expect(t.mailer.to(outsider.email)).toHaveLength(0);

    // Once a day: the same morning again sends nothing; a day later it does.
    t.mailer.sent.length = 0;
    expect(await remindWaitingApprovals(t.app.platform, now, 3)).toBe(0);
    expect(await remindWaitingApprovals(t.app.platform, new Date('2026-11-22T08:00:00Z'), 3)).toBeGreaterThan(0);
    await query(tdb.db.orm, sql`DELETE FROM drawings`);
    await query(tdb.db.orm, sql`DELETE FROM orders`);
  });
});
