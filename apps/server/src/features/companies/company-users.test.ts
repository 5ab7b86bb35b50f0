import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { castOf } from '../../../test/helpers/cast';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { auditRows } from '../../../test/helpers/rows';
import { accounts, auditLog, companyUsers } from '../../db/schema';

let tdb: TestDatabase;
let t: TestApp;
let manager: Agent;
let actAsOnly: Agent;
let client: Agent;
let anon: Agent;
let companyId: number;
let otherCompanyId: number;

const uniq = () => Math.random().toString(36).slice(2, 8);
const PASSWORD = 'a long and unusual passphrase';

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
  const cast = await castOf(t, {
    staff: { manager: { permissions: ['companies.manage'] }, actAsOnly: { permissions: ['companies.act-as-client'] } },
    companies: { company: { name: 'Users Co' }, other: { name: 'Other Co' } },
    clients: { client: { company: 'company' } },
    anon: true,
  });
  ({ manager, actAsOnly, client, anon } = cast);
  companyId = cast.companies.company.id;
  otherCompanyId = cast.companies.other.id;
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

const url = (c: number, id?: number, tail = '') => `/api/companies/${c}/users${id === undefined ? '' : `/${id}`}${tail}`;
const input = (o: Record<string, unknown> = {}) => ({
  firstName: 'Emma',
  insertion: 'van',
  lastName: `Dijk ${uniq()}`,
  email: `Emma.${uniq()}@Client.test`,
  jobTitle: 'Hotel manager',
  phone: '+31 6 1234 5678',
  locale: 'en',
  ...o,
});
const linkIn = (text: string | undefined) => /#token=([A-Za-z0-9_-]+)/.exec(text ?? '')?.[1] ?? '';

describe('company users: access', () => {
  it('answers 401 anonymous and 403 without companies.manage, to a company user too; nothing changes', async () => {
    const u = await createClient(tdb.db, companyId);
    const list = [
      ['GET', url(companyId), undefined],
      ['POST', url(companyId), input()],
      ['GET', url(companyId, u.companyUserId), undefined],
      ['PUT', url(companyId, u.companyUserId), { ...input(), version: 1 }],
      ['POST', url(companyId, u.companyUserId, '/invitation'), {}],
      ['DELETE', url(companyId, u.companyUserId, '?version=1'), undefined],
    ] as const;
    for (const [method, u2, body] of list) {
      expect((await anon.request(method, u2, { body })).statusCode, `${method} ${u2}`).toBe(401);
      expect((await actAsOnly.request(method, u2, { body })).statusCode, `${method} ${u2}`).toBe(403);
      expect((await client.request(method, u2, { body })).statusCode, `${method} ${u2}`).toBe(403);
    }
    const [row] = await tdb.db.orm.select().from(companyUsers).where(eq(companyUsers.id, u.companyUserId));
    expect(row?.version).toBe(1);
  });

  it("answers 404 for another company's user (same body as a missing one) and for a missing company", async () => {
    const foreign = await createClient(tdb.db, otherCompanyId);
    const missing = await manager.get(url(companyId, 2147483000));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('COMPANY_USER_NOT_FOUND');
    for (const [method, path, body] of [
      ['GET', url(companyId, foreign.companyUserId), undefined],
      ['PUT', url(companyId, foreign.companyUserId), { ...input(), version: 1 }],
      ['POST', url(companyId, foreign.companyUserId, '/invitation'), {}],
      ['DELETE', url(companyId, foreign.companyUserId, '?version=1'), undefined],
    ] as const) {
      const res = await manager.request(method, path, { body });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      const { requestId: _a, ...answer } = res.json();
      const { requestId: _b, ...expected } = missing.json();
      expect(answer).toEqual(expected);
    }
    const noCompany = await manager.get(url(2147483000));
    expect(noCompany.statusCode).toBe(404);
    expect(noCompany.json().code).toBe('COMPANY_NOT_FOUND');
  });
});

describe('company users: inviting and keeping them', () => {
  it('creates a user, mails the invitation in their language; after they set a password it says accepted and cannot be resent', async () => {
    const body = input();
    const res = await manager.post(url(companyId), body);
    expect(res.statusCode, res.body).toBe(201);
    const u = res.json().data;
    expect(u).toMatchObject({
      companyId,
      firstName: 'Emma',
      insertion: 'van',
      name: `Emma van ${body.lastName}`,
      email: body.email.toLowerCase(),
      locale: 'en',
      invitation: 'pending',
      invitedAt: expect.any(String),
      lastLoginAt: null,
      version: 1,
      abilities: { canEdit: true, canDelete: true, canInvite: true },
    });
    const mail = t.mailer.to(u.email).at(-1);
    expect(mail?.subject).toBe('Your account is ready');
    const token = linkIn(mail?.text);
    const a = t.agent();
    await a.csrf();
    const created = await a.post('/api/auth/create-password', { token, password: PASSWORD, password_confirmation: PASSWORD });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const after = (await manager.get(url(companyId, u.id))).json().data;
    expect(after).toMatchObject({
      invitation: 'accepted',
      abilities: { canInvite: false, reasons: { canInvite: 'INVITATION_ACCEPTED' } },
    });
    const again = await manager.post(url(companyId, u.id, '/invitation'), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('INVITATION_ACCEPTED');
    expect(await auditRows(tdb.db, 'company_user.created', eq(auditLog.subjectId, String(u.id)))).toHaveLength(1);
  });

  it('creates without mailing when asked, and mails on "resend"', async () => {
    const u = (await manager.post(url(companyId), input({ sendInvitation: false, locale: 'nl' }))).json().data;
    expect(u).toMatchObject({ invitation: 'none', invitedAt: null });
    expect(t.mailer.to(u.email)).toHaveLength(0);
    const sent = await manager.post(url(companyId, u.id, '/invitation'), {});
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ invitation: 'pending', invitedAt: expect.any(String) });
    expect(t.mailer.to(u.email)).toHaveLength(1);
    expect(t.mailer.to(u.email)[0]?.subject).not.toBe('Your account is ready'); // Dutch
  });

  it('refuses bad input and an address in use with field errors; nothing is stored', async () => {
    const taken = await createEmployee(tdb.db, { permissions: [] });
    const before = (await tdb.db.orm.select({ id: companyUsers.id }).from(companyUsers)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [input({ firstName: ' ' }), 'firstName', 'required'],
      [input({ lastName: '' }), 'lastName', 'required'],
      [input({ email: 'no-at-sign' }), 'email', 'invalid_email'],
      [input({ email: taken.email.toUpperCase() }), 'email', 'email_taken'],
      [input({ locale: 'de' }), 'locale', 'invalid_choice'],
      [{ ...input(), companyId: otherCompanyId }, 'companyId', 'unknown_field'],
    ];
    for (const [b, field, code] of cases) {
      const res = await manager.post(url(companyId), b);
      expect(res.statusCode, JSON.stringify(b)).toBe(400);
      expect(res.json().fieldErrors?.[field]?.code, field).toBe(code);
    }
    expect((await tdb.db.orm.select({ id: companyUsers.id }).from(companyUsers)).length).toBe(before);
  });

  it('edits with the version (e-mail and language on the account); stale is 409; a taken address is a field error', async () => {
    const u = (await manager.post(url(companyId), input({ sendInvitation: false }))).json().data;
    const other = (await manager.post(url(companyId), input({ sendInvitation: false }))).json().data;
    const email = `new.${uniq()}@client.test`;
    const saved = await manager.put(url(companyId, u.id), { ...input({ email, locale: 'nl', jobTitle: '' }), version: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ email, locale: 'nl', jobTitle: null, version: 2 });
    const [acc] = await tdb.db.orm.select().from(accounts).where(eq(accounts.email, email));
    expect(acc?.locale).toBe('nl');
    expect((await manager.put(url(companyId, u.id), { ...input(), version: 1 })).statusCode).toBe(409);
    const clash = await manager.put(url(companyId, u.id), { ...input({ email: other.email }), version: 2 });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().fieldErrors.email.code).toBe('email_taken');
  });

  it('lists, searches and sorts the company’s users only, paged', async () => {
    const c = await createCompany(tdb.db, { name: `List ${uniq()}` });
    for (const [first, last] of [
      ['Anna', 'Zwart'],
      ['Bram', 'Adema'],
      ['Cees', 'Mulder'],
    ]) {
      await manager.post(url(c.id), input({ firstName: first, lastName: last, insertion: '', sendInvitation: false }));
    }
    await createClient(tdb.db, otherCompanyId);
    const page = await manager.get(`${url(c.id)}?perPage=2`);
    expect(page.json().data.map((u: { lastName: string }) => u.lastName)).toEqual(['Adema', 'Mulder']);
    expect(page.json().meta).toEqual({ current_page: 1, last_page: 2, per_page: 2, total: 3 });
    const desc = await manager.get(`${url(c.id)}?sort=-name`);
    expect(desc.json().data.map((u: { lastName: string }) => u.lastName)).toEqual(['Zwart', 'Mulder', 'Adema']);
    const found = await manager.get(`${url(c.id)}?q=bram`);
    expect(found.json().data.map((u: { firstName: string }) => u.firstName)).toEqual(['Bram']);
    const past = await manager.get(`${url(c.id)}?page=5`);
    expect(past.json()).toMatchObject({ data: [], meta: { total: 3 } });
    expect((await manager.get(`${url(c.id)}?sort=age`)).statusCode).toBe(400);
  });

  it('removing a user ends their sessions at once and they cannot sign in', async () => {
    const u = await createClient(tdb.db, companyId);
    const portal = t.agent();
    await portal.login(u.email, u.password);
    expect((await manager.delete(url(companyId, u.companyUserId, '?version=2'))).statusCode).toBe(409);
    expect((await manager.delete(url(companyId, u.companyUserId, '?version=1'))).statusCode).toBe(204);
    expect((await portal.get('/api/user/current')).statusCode).toBe(401);
    const [acc] = await tdb.db.orm.select().from(accounts).where(eq(accounts.id, u.accountId));
    expect(acc).toBeUndefined();
    expect(await auditRows(tdb.db, 'company_user.deleted', eq(auditLog.subjectId, String(u.companyUserId)))).toHaveLength(1);
  });
});

describe("a company user's own profile (the portal's settings)", () => {
  const profile = '/api/client/profile';
  const mine = (o: Record<string, unknown> = {}) => ({
    firstName: 'Lotte',
    insertion: 'de',
    lastName: 'Vries',
    jobTitle: 'Inkoper',
    phone: '+31 20 123 4567',
    ...o,
  });

  it('answers 401 anonymous, 403 for staff and for an employee acting as the company; nothing changes', async () => {
    const acting = await t.signIn(await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] }));
    acting.actingAs = companyId;
    expect((await anon.get(profile)).statusCode).toBe(401);
    expect((await anon.put(profile, { ...mine(), version: 1 })).statusCode).toBe(401);
    for (const who of [manager, acting]) {
      expect((await who.get(profile)).statusCode).toBe(403);
      expect((await who.put(profile, { ...mine(), version: 1 })).statusCode).toBe(403);
    }
    const rows = await tdb.db.orm.select().from(companyUsers).where(eq(companyUsers.firstName, 'Lotte'));
    expect(rows).toHaveLength(0);
  });

  it('shows and saves the own name, job title and phone; the e-mail address stays read only', async () => {
    const c = await createClient(tdb.db, companyId);
    const me = await t.signIn(c);
    const shown = await me.get(profile);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ firstName: 'Client', email: c.email, version: 1 });
    const saved = await me.put(profile, { ...mine(), version: 1 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      firstName: 'Lotte',
      insertion: 'de',
      lastName: 'Vries',
      jobTitle: 'Inkoper',
      phone: '+31 20 123 4567',
      email: c.email,
      version: 2,
    });
    const [row] = await tdb.db.orm.select().from(companyUsers).where(eq(companyUsers.id, c.companyUserId));
    expect(row).toMatchObject({ firstName: 'Lotte', insertion: 'de', lastName: 'Vries', companyId });
    expect((await auditRows(tdb.db, 'company_user.profile_updated')).length).toBeGreaterThan(0);
    // The current user shows the new name at once.
    expect((await me.get('/api/user/current')).json().data.guardable.first_name).toBe('Lotte');
  });

  it('refuses bad input (400, with field errors) and an old version (409); nothing changes', async () => {
    const c = await createClient(tdb.db, companyId);
    const me = await t.signIn(c);
    for (const body of [
      { ...mine({ firstName: '' }), version: 1 },
      { ...mine({ lastName: 'x'.repeat(121) }), version: 1 },
      { ...mine(), email: 'other@example.test', version: 1 },
      { ...mine({ firstName: 12 }), version: 1 },
      mine(),
    ]) {
      const res = await me.put(profile, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await me.put(profile, { ...mine({ firstName: '' }), version: 1 })).json().fieldErrors).toHaveProperty('firstName');
    const stale = await me.put(profile, { ...mine(), version: 7 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('STALE_VERSION');
    const [row] = await tdb.db.orm.select().from(companyUsers).where(eq(companyUsers.id, c.companyUserId));
    expect(row).toMatchObject({ firstName: 'Client', version: 1 });
  });
});
