import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { sha256 } from '../../platform/crypto';

let tdb: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  tdb = await createTestDatabase();
  t = await startTestApp({ db: tdb.db });
});
afterAll(async () => {
  await t.close();
  await tdb.drop();
});

interface AccountRow {
  locale: string;
  first_login: boolean;
  password_hash: string | null;
  password_changed_at: Date | null;
}
const account = async (id: number) =>
  (
    await tdb.db.raw.query<AccountRow>(
      'SELECT locale, first_login, password_hash, password_changed_at FROM accounts WHERE id = $1',
      [id],
    )
  )[0];
const sessionLocale = async (a: Agent) =>
  (
    await tdb.db.raw.query<{ locale: string | null }>('SELECT locale FROM sessions WHERE id = $1', [
      sha256(a.cookies.get('sid') ?? ''),
    ])
  )[0]?.locale;
const sessionCount = async () => (await tdb.db.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]?.n;

async function signedIn(who: { email: string; password: string }, ip = '127.0.0.1'): Promise<Agent> {
  const a = t.agent({ ip });
  await a.login(who.email, who.password);
  return a;
}

const locale = async (a: Agent) => {
  const res = await a.get('/api/locale');
  expect(res.statusCode).toBe(200);
  return res.json().locale as string;
};

describe('GET and PATCH /api/locale', () => {
  it('answers nl for an anonymous visitor without starting a session', async () => {
    const before = await sessionCount();
    const a = t.agent();
    const res = await a.get('/api/locale');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locale: 'nl' });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await sessionCount()).toBe(before);
  });

  it('saves a guest choice on the session: the next GET returns it, and it survives a logout', async () => {
    const a = t.agent();
    await a.csrf();
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(204);
    expect(await sessionLocale(a)).toBe('en');
    expect(await locale(a)).toBe('en');
    // Another guest is not affected.
    const b = t.agent();
    await b.csrf();
    expect(await locale(b)).toBe('nl');
    expect((await a.post('/logout')).statusCode).toBe(204);
    expect(await locale(a)).toBe('en');
  });

  it("saves a signed-in person's choice on the account, so the next login starts in it", async () => {
    const emp = await createEmployee(tdb.db, { locale: 'nl' });
    const a = await signedIn(emp);
    expect(await locale(a)).toBe('nl');
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(204);
    expect((await account(emp.accountId))?.locale).toBe('en');
    expect(await locale(a)).toBe('en');
    expect((await a.get('/api/user/current')).json().data.locale).toBe('en');
    const later = await signedIn(emp, '10.20.0.2');
    expect(await locale(later)).toBe('en');
  });

  it('keeps the language on screen after signing out, also when it came from the account', async () => {
    const emp = await createEmployee(tdb.db, { locale: 'en' });
    const a = await signedIn(emp);
    expect(await locale(a)).toBe('en');
    expect((await a.post('/logout')).statusCode).toBe(204);
    expect(await locale(a)).toBe('en');
    expect(await sessionLocale(a)).toBe('en');
  });

  it("the saved language of the account wins over the guest's choice after login", async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id, { locale: 'nl' });
    const a = t.agent();
    await a.csrf();
    await a.patch('/api/locale', { locale: 'en' });
    await a.login(client.email, client.password);
    expect(await locale(a)).toBe('nl');
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(204);
    expect((await account(client.accountId))?.locale).toBe('en');
  });

  it('an employee acting as a company saves the choice on their own account', async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id, { locale: 'nl' });
    const emp = await createEmployee(tdb.db, { permissions: ['companies.act-as-client'], locale: 'nl' });
    const a = await signedIn(emp);
    a.actingAs = company.id;
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(204);
    expect((await account(emp.accountId))?.locale).toBe('en');
    expect((await account(client.accountId))?.locale).toBe('nl');
    expect(await locale(a)).toBe('en');
  });

  it('answers 400 with fieldErrors.locale for an unknown, missing or mistyped locale, and changes nothing', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await signedIn(emp);
    for (const [body, code] of [
      [{ locale: 'de' }, 'invalid_choice'],
      [{ locale: 'EN' }, 'invalid_choice'],
      [{ locale: 1 }, 'invalid_choice'],
      // A missing enum field should say 'required'; shared/validation.ts maps it to invalid_choice (reported).
      [{}, expect.any(String)],
    ] as const) {
      const res = await a.patch('/api/locale', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().fieldErrors.locale.code, JSON.stringify(body)).toEqual(code);
    }
    const extra = await a.patch('/api/locale', { locale: 'en', accountId: 1 });
    expect(extra.json().fieldErrors.accountId.code).toBe('unknown_field');
    expect((await a.patch('/api/locale?locale=en', { locale: 'en' })).statusCode).toBe(400);
    expect((await account(emp.accountId))?.locale).toBe('nl');
    expect(await locale(a)).toBe('nl');
  });

  it('answers 419 to a PATCH without a session (and starts none), and to one without the token', async () => {
    const before = await sessionCount();
    const stranger = t.agent();
    const res = await stranger.patch('/api/locale', { locale: 'en' });
    expect(res.statusCode).toBe(419);
    expect(stranger.cookies.size).toBe(0);
    expect(await sessionCount()).toBe(before);
    const guest = t.agent();
    await guest.csrf();
    expect((await guest.patch('/api/locale', { locale: 'en' }, { csrf: false })).statusCode).toBe(419);
    expect(await sessionLocale(guest)).toBeNull();
  });
});

describe('PATCH /api/client/disable-first-login', () => {
  it('answers 401 to an anonymous session and 419 without the token', async () => {
    const a = t.agent();
    await a.csrf();
    expect((await a.patch('/api/client/disable-first-login')).statusCode).toBe(401);
    expect((await a.patch('/api/client/disable-first-login', undefined, { csrf: false })).statusCode).toBe(419);
  });

  it('answers 403 to an employee who is not acting as a company', async () => {
    const emp = await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] });
    const a = await signedIn(emp);
    const res = await a.patch('/api/client/disable-first-login');
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('clears first_login for a company user (204), and it stays cleared', async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id, { firstLogin: true });
    const other = await createClient(tdb.db, company.id, { firstLogin: true });
    const a = await signedIn(client);
    expect((await a.get('/api/user/current')).json().data.first_login).toBe(true);
    const res = await a.patch('/api/client/disable-first-login');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await account(client.accountId))?.first_login).toBe(false);
    expect((await account(other.accountId))?.first_login).toBe(true);
    expect((await a.get('/api/user/current')).json().data.first_login).toBe(false);
    expect((await a.patch('/api/client/disable-first-login')).statusCode).toBe(204);
  });

  it('lets an employee acting as the company through (204) without changing any account', async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id, { firstLogin: true });
    const emp = await createEmployee(tdb.db, { permissions: ['companies.act-as-client'] });
    await tdb.db.raw.query('UPDATE accounts SET first_login = true WHERE id = $1', [emp.accountId]);
    const a = await signedIn(emp);
    a.actingAs = company.id;
    expect((await a.patch('/api/client/disable-first-login')).statusCode).toBe(204);
    expect((await account(client.accountId))?.first_login).toBe(true);
    expect((await account(emp.accountId))?.first_login).toBe(true);
  });

  it('refuses Acting-As from an employee without the act-as permission with 403', async () => {
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id, { firstLogin: true });
    const emp = await createEmployee(tdb.db, { permissions: ['projects.view'] });
    const a = await signedIn(emp);
    a.actingAs = company.id;
    expect((await a.patch('/api/client/disable-first-login')).statusCode).toBe(403);
    expect((await account(client.accountId))?.first_login).toBe(true);
  });
});

describe('PATCH /api/user/password', () => {
  const NEW = 'an-entirely-new-passphrase';
  const change = (a: Agent, current: string, password: string, confirmation = password, o?: { csrf?: boolean }) =>
    a.patch('/api/user/password', { current_password: current, password, password_confirmation: confirmation }, o);
  const canLogin = async (email: string, password: string) => {
    const a = t.agent({ ip: `10.21.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
    await a.csrf();
    return (await a.post('/login', { email, password })).statusCode === 204;
  };

  it('answers 401 to an anonymous session and 419 without the token', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.csrf();
    expect((await change(a, emp.password, NEW)).statusCode).toBe(401);
    const b = await signedIn(emp);
    expect((await change(b, emp.password, NEW, NEW, { csrf: false })).statusCode).toBe(419);
    expect(await canLogin(emp.email, emp.password)).toBe(true);
  });

  it('answers 400 password_incorrect for a wrong current password, and keeps the password', async () => {
    const emp = await createEmployee(tdb.db);
    const before = (await account(emp.accountId))?.password_hash;
    const a = await signedIn(emp);
    const res = await change(a, 'not-my-current-password', NEW);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ current_password: { code: 'password_incorrect' } });
    expect((await account(emp.accountId))?.password_hash).toBe(before);
  });

  it('answers 400 with fieldErrors for a bad new password (A5), and keeps the old one', async () => {
    const emp = await createEmployee(tdb.db);
    const before = (await account(emp.accountId))?.password_hash;
    const a = await signedIn(emp);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { current_password: emp.password, password: NEW, password_confirmation: `${NEW}x` },
        'password_confirmation',
        'password_mismatch',
      ],
      [{ current_password: emp.password, password: 'seven77', password_confirmation: 'seven77' }, 'password', 'too_short'],
      [
        { current_password: emp.password, password: 'password123', password_confirmation: 'password123' },
        'password',
        'password_common',
      ],
      [
        { current_password: emp.password, password: 'iloveyou', password_confirmation: 'iloveyou' },
        'password',
        'password_common',
      ],
      [
        { current_password: emp.password, password: emp.email, password_confirmation: emp.email },
        'password',
        'password_is_email',
      ],
      [
        { current_password: emp.password, password: 'y'.repeat(129), password_confirmation: 'y'.repeat(129) },
        'password',
        'too_long',
      ],
      [{ current_password: '', password: NEW, password_confirmation: NEW }, 'current_password', 'required'],
      [{ current_password: emp.password, password: NEW }, 'password_confirmation', 'required'],
      [{ current_password: emp.password, password: NEW, password_confirmation: NEW, email: 'x@y.z' }, 'email', 'unknown_field'],
    ];
    for (const [body, field, code] of cases) {
      const res = await a.patch('/api/user/password', body);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().fieldErrors[field]?.code, `${field} ${code}`).toBe(code);
    }
    expect((await account(emp.accountId))?.password_hash).toBe(before);
    expect(t.mailer.to(emp.email)).toHaveLength(0);
  });

  it('changes the password (argon2id, A6), keeps this session, ends the others (S6) and mails a confirmation', async () => {
    const emp = await createEmployee(tdb.db, { locale: 'en' });
    const here = await signedIn(emp);
    const there = await signedIn(emp, '10.21.0.2');
    const changedAt = t.clock();
    const res = await change(here, emp.password, NEW);
    expect(res.statusCode).toBe(204);
    const row = await account(emp.accountId);
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_changed_at?.getTime()).toBe(changedAt.getTime());
    expect((await here.get('/api/user/current')).statusCode).toBe(200);
    expect((await there.get('/api/user/current')).statusCode).toBe(401);
    expect(await canLogin(emp.email, NEW)).toBe(true);
    expect(await canLogin(emp.email, emp.password)).toBe(false);
    expect(t.mailer.to(emp.email).map((m) => m.subject)).toEqual(['Your password was changed']);
  });

  it('A5: accepts long passwords (64 and 128 characters) without truncating or trimming them', async () => {
    const emp = await createEmployee(tdb.db);
    const a = await signedIn(emp);
    const p64 = 'abcdefgh'.repeat(8);
    expect((await change(a, emp.password, p64)).statusCode).toBe(204);
    const p128 = `${'0123456789abcdef'.repeat(7)}${'Z'.repeat(16)}`;
    expect(p128).toHaveLength(128);
    expect((await change(a, p64, p128)).statusCode).toBe(204);
    expect(await canLogin(emp.email, p128)).toBe(true);
    // bcrypt would cut at 72 bytes: a password equal in its first 72 characters must not work.
    expect(await canLogin(emp.email, p128.slice(0, 72))).toBe(false);
    expect(await canLogin(emp.email, `${p128.slice(0, 127)}Y`)).toBe(false);

    const spaced = '  spaces around this one  ';
    expect((await change(a, p128, spaced)).statusCode).toBe(204);
    expect(await canLogin(emp.email, spaced)).toBe(true);
    expect(await canLogin(emp.email, spaced.trim())).toBe(false);
    // No composition rules: all lower case is fine, and so is a non-Latin passphrase.
    expect((await change(a, spaced, 'onlylowercaselettershere')).statusCode).toBe(204);
    expect((await change(a, 'onlylowercaselettershere', 'ħéłłø wörłð ✓ 密码密码')).statusCode).toBe(204);
    expect(await canLogin(emp.email, 'ħéłłø wörłð ✓ 密码密码')).toBe(true);
  });

  it('A6: every stored hash (factory, change, reset) is argon2id with m=19456, t=2, p=1', async () => {
    const rows = await tdb.db.raw.query<{ h: string }>('SELECT password_hash AS h FROM accounts WHERE password_hash IS NOT NULL');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
  });
});
