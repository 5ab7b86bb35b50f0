import { kindsFor } from '@app/shared/notifications/preferences';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ClientFixture, EmployeeFixture } from '../../../test/factories/identity';
import { createClient } from '../../../test/factories/identity';
import type { Agent, TestApp } from '../../../test/helpers/app';
import { startTestApp } from '../../../test/helpers/app';
import { type Actor, castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { accounts, auditLog, notificationPreferences, notifications } from '../../db/schema';
import { sendDigests } from './digest.job';
import { deliverOwedMails } from './notification.jobs';
import { notify } from './notifications.service';

let tdb: TestDatabase;
let t: TestApp;
let manager: Actor<EmployeeFixture>;
let client: Actor<ClientFixture>;
let clientEn: Actor<ClientFixture>;
let acting: Actor<EmployeeFixture>;
let anon: Agent;
let companyId: number;

const URL = '/api/user/notification-preferences';

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['companies.manage'], firstName: 'Mara' } },
    companies: { nordic: { name: 'Digest Co' } },
    clients: { client: { locale: 'nl' }, clientEn: { locale: 'en' } },
    acting: { acting: { permissions: ['companies.act-as-client'] } },
    anon: true,
  });
  ({ manager, client, clientEn, acting, anon } = cast);
  companyId = cast.companies.nordic.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});
beforeEach(() => {
  t.mailer.sent.length = 0;
});

const modes = (res: { json(): { data: { kind: string; mode: string }[] } }) =>
  Object.fromEntries(res.json().data.map((p) => [p.kind, p.mode]));

async function stateOf(accountId: number, kind: string): Promise<string[]> {
  const rows = await tdb.db.orm
    .select({ state: notifications.mailState })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), eq(notifications.kind, kind)));
  return rows.map((r) => r.state);
}

describe('GET/PUT /api/user/notification-preferences', () => {
  it('401 anonymous (both), and the body is checked', async () => {
    expect((await anon.get(URL)).statusCode).toBe(401);
    expect((await anon.put(URL, { preferences: [] })).statusCode).toBe(401);
  });

  it('lists the kinds of the caller’s side with their defaults: a portal user the portal’s, an employee the staff’s', async () => {
    const mine = await client.get(URL);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.map((p: { kind: string }) => p.kind)).toEqual(kindsFor('portal'));
    expect(modes(mine)).toMatchObject({
      'post.published': 'app',
      'design.sent': 'immediate',
      'order.info_answered': 'immediate',
    });
    expect(mine.json().data.find((p: { kind: string }) => p.kind === 'design.sent')).toEqual({
      kind: 'design.sent',
      group: 'orders',
      mode: 'immediate',
      defaultMode: 'immediate',
    });
    const staff = await manager.get(URL);
    expect(staff.json().data.map((p: { kind: string }) => p.kind)).toEqual(kindsFor('staff'));
    expect(modes(staff)).not.toHaveProperty('design.sent');
    // An employee acting as a company keeps their own (staff) preferences.
    expect((await acting.get(URL)).json().data.map((p: { kind: string }) => p.kind)).toEqual(kindsFor('staff'));
  });

  it('400 for an unknown kind, a kind of the other side, an unknown mode or a kind named twice; nothing stored', async () => {
    const bad = [
      { preferences: [{ kind: 'order.nonsense', mode: 'digest' }] },
      { preferences: [{ kind: 'design.sent', mode: 'weekly' }] },
      {
        preferences: [
          { kind: 'design.sent', mode: 'digest' },
          { kind: 'design.sent', mode: 'app' },
        ],
      },
      { preferences: [{ kind: 'design.sent', mode: 'digest', extra: true }] },
      {},
    ];
    for (const body of bad) expect((await client.put(URL, body)).statusCode, JSON.stringify(body)).toBe(400);
    // A staff kind for a portal user, a portal kind for an employee.
    const other = await client.put(URL, {
      preferences: [
        { kind: 'design.sent', mode: 'digest' },
        { kind: 'leave.requested', mode: 'app' },
      ],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fieldErrors).toEqual({ 'preferences.1.kind': { code: 'not_allowed' } });
    expect((await manager.put(URL, { preferences: [{ kind: 'design.sent', mode: 'app' }] })).statusCode).toBe(400);
    expect(await tdb.db.orm.select().from(notificationPreferences)).toHaveLength(0);
  });

  it('sets the kinds named, keeps the others, and a mode equal to the default removes the choice', async () => {
    const res = await clientEn.put(URL, {
      preferences: [
        { kind: 'design.sent', mode: 'digest' },
        { kind: 'post.published', mode: 'immediate' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(modes(res)).toMatchObject({ 'design.sent': 'digest', 'post.published': 'immediate', 'order.completed': 'immediate' });
    expect(modes(await clientEn.get(URL))).toMatchObject({ 'design.sent': 'digest', 'post.published': 'immediate' });
    await clientEn.put(URL, { preferences: [{ kind: 'post.published', mode: 'app' }] });
    const rows = await tdb.db.orm
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.accountId, clientEn.fx.accountId));
    expect(rows.map((r) => [r.kind, r.mode])).toEqual([['design.sent', 'digest']]);
    expect(
      await auditRows(tdb.db, 'notification_preferences.updated', eq(auditLog.subjectId, String(clientEn.fx.accountId))),
    ).toHaveLength(2);
    // Someone else's preferences are untouched.
    expect(modes(await client.get(URL))['design.sent']).toBe('immediate');
    await clientEn.put(URL, { preferences: [{ kind: 'design.sent', mode: 'immediate' }] });
  });
});

describe('the preference decides the mail a notification owes', () => {
  it('immediate: pending; digest: digest; app: none; no choice: the kind’s default as before', async () => {
    const a = await createClient(tdb.db, companyId);
    const b = await createClient(tdb.db, companyId);
    const c = await createClient(tdb.db, companyId);
    const d = await createClient(tdb.db, companyId);
    await tdb.db.orm.insert(notificationPreferences).values([
      { accountId: a.accountId, kind: 'order.completed', mode: 'immediate' },
      { accountId: b.accountId, kind: 'order.completed', mode: 'digest' },
      { accountId: c.accountId, kind: 'order.completed', mode: 'app' },
    ]);
    const ids = [a.accountId, b.accountId, c.accountId, d.accountId];
    await notify(
      tdb.db.orm,
      ids,
      { kind: 'order.completed', data: { title: 'Stoel' }, link: '/orders/1', mail: true },
      t.clock(),
    );
    expect(await stateOf(a.accountId, 'order.completed')).toEqual(['pending']);
    expect(await stateOf(b.accountId, 'order.completed')).toEqual(['digest']);
    expect(await stateOf(c.accountId, 'order.completed')).toEqual(['none']);
    expect(await stateOf(d.accountId, 'order.completed')).toEqual(['pending']);
    // A kind that is in the app only by default owes a mail to whoever asked for one.
    await notify(
      tdb.db.orm,
      [a.accountId, c.accountId],
      { kind: 'post.published', data: { title: 'Nieuws' }, link: '/news/1' },
      t.clock(),
    );
    expect(await stateOf(a.accountId, 'post.published')).toEqual(['none']);
  });

  it('never owes a mail to an account that cannot sign in (an open invitation, a disabled account), whatever it chose', async () => {
    const invited = await createClient(tdb.db, companyId, { passwordHash: null });
    const disabled = await createClient(tdb.db, companyId);
    await tdb.db.orm.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, disabled.accountId));
    await tdb.db.orm.insert(notificationPreferences).values([
      { accountId: invited.accountId, kind: 'design.sent', mode: 'digest' },
      { accountId: disabled.accountId, kind: 'design.sent', mode: 'immediate' },
    ]);
    await notify(
      tdb.db.orm,
      [invited.accountId, disabled.accountId],
      { kind: 'design.sent', data: { title: 'Lamp', versionNumber: 1 }, link: '/orders/2', mail: true },
      t.clock(),
    );
    expect(await stateOf(invited.accountId, 'design.sent')).toEqual(['none']);
    expect(await stateOf(disabled.accountId, 'design.sent')).toEqual(['none']);
  });
});

describe('the daily digest', () => {
  it('sends each person ONE mail listing their digest notifications, in their language, and never again', async () => {
    const nl = await createClient(tdb.db, companyId, { locale: 'nl' });
    const en = await createClient(tdb.db, companyId, { locale: 'en' });
    for (const x of [nl, en]) {
      await tdb.db.orm.insert(notificationPreferences).values([
        { accountId: x.accountId, kind: 'design.sent', mode: 'digest' },
        { accountId: x.accountId, kind: 'order.completed', mode: 'digest' },
      ]);
    }
    const now = t.clock();
    const both = [nl.accountId, en.accountId];
    await notify(
      tdb.db.orm,
      both,
      { kind: 'design.sent', data: { title: 'Barkruk', versionNumber: 2 }, link: '/orders/11', mail: true },
      now,
    );
    await notify(tdb.db.orm, both, { kind: 'order.completed', data: { title: 'Stoel' }, link: '/orders/12', mail: true }, now);
    // The outbox leaves them alone: they wait for the digest.
    await deliverOwedMails(t.app.platform);
    expect(t.mailer.to(nl.email)).toHaveLength(0);

    expect(await sendDigests(t.app.platform)).toBeGreaterThanOrEqual(2);
    const [mNl] = t.mailer.to(nl.email);
    const [mEn] = t.mailer.to(en.email);
    expect(t.mailer.to(nl.email)).toHaveLength(1);
    expect(mNl?.subject).toBe('Je dagelijkse overzicht: 2 meldingen');
    expect(mNl?.text).toContain('Ontwerp ter goedkeuring: Barkruk');
    expect(mNl?.text).toContain('Bestelling afgerond: Stoel');
    expect(mNl?.text).toContain(`${t.config.appUrl}/orders/11`);
    expect(mEn?.subject).toBe('Your daily overview: 2 updates');
    expect(mEn?.text).toContain('Design for approval: Barkruk');
    expect(await stateOf(nl.accountId, 'design.sent')).toEqual(['sent']);

    // A second run sends nothing.
    expect(await sendDigests(t.app.platform)).toBe(0);
    expect(t.mailer.to(nl.email)).toHaveLength(1);
  });

  it('two runs at once send each digest once', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => createClient(tdb.db, companyId)));
    await tdb.db.orm
      .insert(notificationPreferences)
      .values(people.map((p) => ({ accountId: p.accountId, kind: 'order.completed', mode: 'digest' })));
    for (let i = 0; i < 3; i++) {
      await notify(
        tdb.db.orm,
        people.map((p) => p.accountId),
        { kind: 'order.completed', data: { title: `Kast ${i}` }, link: `/orders/${i}`, mail: true },
        t.clock(),
      );
    }
    const [x, y] = await Promise.all([sendDigests(t.app.platform), sendDigests(t.app.platform)]);
    expect(x + y).toBe(people.length);
    for (const p of people) {
      const mails = t.mailer.to(p.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('Je dagelijkse overzicht: 3 meldingen');
    }
  });

  it('a person who can no longer sign in gets no digest; the rows are owed nothing any more', async () => {
    const gone = await createClient(tdb.db, companyId);
    await tdb.db.orm
      .insert(notificationPreferences)
      .values({ accountId: gone.accountId, kind: 'order.completed', mode: 'digest' });
    await notify(
      tdb.db.orm,
      [gone.accountId],
      { kind: 'order.completed', data: { title: 'Bank' }, link: '/orders/3', mail: true },
      t.clock(),
    );
    await tdb.db.orm.update(accounts).set({ status: 'disabled' }).where(eq(accounts.id, gone.accountId));
    expect(await sendDigests(t.app.platform)).toBe(0);
    expect(t.mailer.to(gone.email)).toHaveLength(0);
    expect(await stateOf(gone.accountId, 'order.completed')).toEqual(['none']);
  });
});
