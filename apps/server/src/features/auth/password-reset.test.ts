import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../../test/factories/identity';
import { type Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { HOUR, MINUTE } from '../../platform/clock';
import { sha256 } from '../../platform/crypto';
import { createMailer, headerSafe, type MailMessage } from '../../platform/mail';
import { sendInvitation } from './auth.service';

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

const NEW_PASSWORD = 'fresh-and-long-passphrase';

async function anonymous(app: TestApp = t, o: Parameters<TestApp['agent']>[0] = {}): Promise<Agent> {
  const a = app.agent(o);
  await a.csrf();
  return a;
}

const forgot = async (email: string, app: TestApp = t) => (await anonymous(app)).post('/api/auth/forgot-password', { email });

/** The raw token from the link in a mail, and the link itself. */
function linkIn(m: MailMessage | undefined): { url: string; token: string } {
  const match = /(\S+)#token=([A-Za-z0-9_-]+)/.exec(m?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no link in mail: ${m?.text}`);
  return { url: `${match[1]}#token=${match[2]}`, token: match[2] };
}

async function resetToken(email: string): Promise<string> {
  expect((await forgot(email)).statusCode).toBe(202);
  return linkIn(t.mailer.to(email).at(-1)).token;
}

const tokenRows = (accountId: number) =>
  tdb.db.raw.query<{ token_hash: string; kind: string; expires_at: Date; used_at: Date | null; created_at: Date }>(
    'SELECT token_hash, kind, expires_at, used_at, created_at FROM auth_tokens WHERE account_id = $1 ORDER BY id',
    [accountId],
  );
const hashOf = async (accountId: number) =>
  (await tdb.db.raw.query<{ h: string | null }>('SELECT password_hash AS h FROM accounts WHERE id = $1', [accountId]))[0]?.h;
const sessionsOf = async (accountId: number) =>
  (await tdb.db.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE account_id = $1', [accountId]))[0]?.n;

const reset = (a: Agent, token: string, password = NEW_PASSWORD, confirmation = password) =>
  a.post('/api/auth/reset-password', { token, password, password_confirmation: confirmation });

const canLogin = async (email: string, password: string) => {
  const a = await anonymous(t, { ip: `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });
  return (await a.post('/login', { email, password })).statusCode === 204;
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? 0) : ((s[mid - 1] ?? 0) + (s[mid] ?? 0)) / 2;
};

describe('forgot password (A8)', () => {
  it('A8: a known, an unknown and a disabled address get the same status and body; only the known one gets a mail', async () => {
    const known = await createEmployee(tdb.db);
    const disabled = await createEmployee(tdb.db, { status: 'disabled' });
    const bodies: unknown[] = [];
    for (const email of [known.email, 'nobody-here@example.test', disabled.email]) {
      const res = await forgot(email);
      expect(res.statusCode).toBe(202);
      // Error bodies carry a requestId that differs per request; this answer must not differ at all.
      const { requestId: _r, ...rest } = res.json();
      bodies.push(rest);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    }
    expect(bodies[0]).toEqual({ data: { status: 'sent' } });
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(t.mailer.to(known.email)).toHaveLength(1);
    expect(t.mailer.to('nobody-here@example.test')).toHaveLength(0);
    expect(t.mailer.to(disabled.email)).toHaveLength(0);
    expect(await tokenRows(disabled.accountId)).toHaveLength(0);
  });

  it('A8: two requests within 60 s send one mail; after 60 s a new mail comes and the earlier link stops working', async () => {
    const emp = await createEmployee(tdb.db);
    expect((await forgot(emp.email)).statusCode).toBe(202);
    t.clock.advance(30_000);
    expect((await forgot(emp.email.toUpperCase())).statusCode).toBe(202);
    expect(t.mailer.to(emp.email)).toHaveLength(1);
    expect(await tokenRows(emp.accountId)).toHaveLength(1);
    const first = linkIn(t.mailer.to(emp.email)[0]).token;

    t.clock.advance(31_000);
    expect((await forgot(emp.email)).statusCode).toBe(202);
    expect(t.mailer.to(emp.email)).toHaveLength(2);
    const second = linkIn(t.mailer.to(emp.email)[1]).token;
    expect(second).not.toBe(first);
    const a = await anonymous();
    expect((await a.post('/api/auth/check-token', { token: first, kind: 'reset' })).statusCode).toBe(400);
    expect((await a.post('/api/auth/check-token', { token: second, kind: 'reset' })).statusCode).toBe(200);
  });

  it('A8: 400 with fieldErrors for a malformed address; 419 without the token', async () => {
    const a = await anonymous();
    const bad = await a.post('/api/auth/forgot-password', { email: 'not an address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.email.code).toBe('invalid_email');
    const extra = await a.post('/api/auth/forgot-password', { email: 'a@example.test', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().fieldErrors.admin.code).toBe('unknown_field');
    expect((await a.post('/api/auth/forgot-password', { email: 'a@example.test' }, { csrf: false })).statusCode).toBe(419);
  });

  it('A8: the answer takes as long for a known address as for an unknown one (medians within 20 ms)', async () => {
    // Deferred jobs: the request only queues the mail job, as with the real queue.
    const td = await startTestApp({ db: tdb.db, clock: t.clock, jobs: 'deferred' });
    try {
      const jobs = td.jobs;
      if (!jobs) throw new Error('deferred jobs expected');
      const SAMPLES = 15;
      const known = [];
      for (let i = 0; i < SAMPLES + 3; i++) known.push(await createEmployee(tdb.db));
      const a = await anonymous(td, { ip: '10.8.200.1' });
      const b = await anonymous(td, { ip: '10.8.200.2' });
      const time = async (agent: Agent, email: string) => {
        const start = performance.now();
        const res = await agent.post('/api/auth/forgot-password', { email });
        const ms = performance.now() - start;
        expect(res.statusCode).toBe(202);
        return ms;
      };

      // The request does not run the mail job itself.
      const probe = known.pop();
      if (!probe) throw new Error('no account');
      await time(a, probe.email);
      expect(jobs.pending).toBe(1);
      expect(td.mailer.to(probe.email)).toHaveLength(0);
      await jobs.drain();
      expect(td.mailer.to(probe.email)).toHaveLength(1);

      const knownMs: number[] = [];
      const unknownMs: number[] = [];
      for (let i = 0; i < known.length; i++) {
        const emp = known[i];
        if (!emp) continue;
        const unknown = `nobody-${i}-${Date.now()}@example.test`;
        // Alternate the order, so drift on the machine affects both sides alike.
        if (i % 2) {
          knownMs.push(await time(a, emp.email));
          unknownMs.push(await time(b, unknown));
        } else {
          unknownMs.push(await time(b, unknown));
          knownMs.push(await time(a, emp.email));
        }
        await jobs.drain();
        if (i < 2) {
          knownMs.pop(); // warm-up rounds
          unknownMs.pop();
        }
      }
      expect(knownMs.length).toBe(SAMPLES);
      const diff = Math.abs(median(knownMs) - median(unknownMs));
      expect(diff, `known ${median(knownMs).toFixed(2)} ms, unknown ${median(unknownMs).toFixed(2)} ms`).toBeLessThan(20);
      for (const emp of known) expect(td.mailer.to(emp.email)).toHaveLength(1);
    } finally {
      await td.close();
    }
  });
});

describe('reset tokens (A9)', () => {
  it('A9: the link carries a 256-bit token in the fragment; the database holds only its SHA-256; the token works once', async () => {
    const emp = await createEmployee(tdb.db, { firstName: 'Ilse' });
    const requestedAt = t.clock().getTime();
    expect((await forgot(emp.email)).statusCode).toBe(202);
    const mail = t.mailer.to(emp.email)[0];
    const { url, token } = linkIn(mail);
    expect(url).toBe(`${t.config.appUrl}/auth/new-password#token=${token}`);
    expect(mail?.text).not.toContain('?token=');
    expect(mail?.html).toContain(`#token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);

    const rows = await tokenRows(emp.accountId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).toBe(sha256(token));
    expect(rows[0]?.kind).toBe('reset');
    expect(rows[0]?.expires_at.getTime()).toBe(requestedAt + 60 * MINUTE);
    const dump = await tdb.db.raw.query<{ j: string }>('SELECT row_to_json(x)::text AS j FROM auth_tokens x');
    expect(dump.some((r) => r.j.includes(token))).toBe(false);

    const a = await anonymous();
    const check = await a.post('/api/auth/check-token', { token, kind: 'reset' });
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toEqual({
      email: emp.email,
      name: expect.stringMatching(/^Ilse Employee /),
      expires_at: new Date(requestedAt + 60 * MINUTE).toISOString(),
      locale: 'nl',
    });

    const oldHash = await hashOf(emp.accountId);
    expect((await reset(a, token)).statusCode).toBe(204);
    expect(await hashOf(emp.accountId)).not.toBe(oldHash);
    expect((await tokenRows(emp.accountId))[0]?.used_at).not.toBeNull();
    expect(await canLogin(emp.email, NEW_PASSWORD)).toBe(true);
    expect(await canLogin(emp.email, emp.password)).toBe(false);

    const again = await reset(a, token, 'yet-another-passphrase');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('TOKEN_INVALID');
    expect((await a.post('/api/auth/check-token', { token, kind: 'reset' })).json().code).toBe('TOKEN_INVALID');
    expect(await canLogin(emp.email, NEW_PASSWORD)).toBe(true);
  });

  it('A9: a reset token expires after 60 minutes', async () => {
    const emp = await createEmployee(tdb.db);
    const token = await resetToken(emp.email);
    t.clock.advance(60 * MINUTE - 1000);
    const a = await anonymous();
    expect((await a.post('/api/auth/check-token', { token, kind: 'reset' })).statusCode).toBe(200);
    t.clock.advance(2000);
    const check = await a.post('/api/auth/check-token', { token, kind: 'reset' });
    expect(check.statusCode).toBe(400);
    expect(check.json().code).toBe('TOKEN_INVALID');
    const before = await hashOf(emp.accountId);
    expect((await reset(a, token)).statusCode).toBe(400);
    expect(await hashOf(emp.accountId)).toBe(before);
  });

  it('A9: unknown, malformed and wrong-kind tokens are refused', async () => {
    const emp = await createEmployee(tdb.db);
    const token = await resetToken(emp.email);
    const a = await anonymous();
    expect((await a.post('/api/auth/check-token', { token: 'A'.repeat(43), kind: 'reset' })).json().code).toBe('TOKEN_INVALID');
    expect((await a.post('/api/auth/check-token', { token, kind: 'invite' })).statusCode).toBe(400);
    const created = await a.post('/api/auth/create-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().code).toBe('TOKEN_INVALID');
    for (const bad of ['short', `${token}!`, `${token}==`, 'a'.repeat(201)]) {
      const res = await a.post('/api/auth/check-token', { token: bad, kind: 'reset' });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fieldErrors.token).toBeDefined();
    }
    const kind = await a.post('/api/auth/check-token', { token, kind: 'admin' });
    expect(kind.json().fieldErrors.kind.code).toBe('invalid_choice');
    // None of this used the token up.
    expect((await a.post('/api/auth/check-token', { token, kind: 'reset' })).statusCode).toBe(200);
  });

  it('A5, A9: a new password is checked (length, confirmation, common list, not the address) without using the token up', async () => {
    const emp = await createEmployee(tdb.db);
    const token = await resetToken(emp.email);
    const a = await anonymous();
    const cases: [string, string, string, string][] = [
      ['short', 'short', 'password', 'too_short'],
      [NEW_PASSWORD, 'something-else-entirely', 'password_confirmation', 'password_mismatch'],
      ['password123', 'password123', 'password', 'password_common'],
      ['Password123', 'Password123', 'password', 'password_common'],
      [emp.email, emp.email, 'password', 'password_is_email'],
      ['x'.repeat(129), 'x'.repeat(129), 'password', 'too_long'],
    ];
    for (const [password, confirmation, field, code] of cases) {
      const res = await reset(a, token, password, confirmation);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().fieldErrors[field]?.code, code).toBe(code);
    }
    const extra = await a.post('/api/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
      email: 'x@y.z',
    });
    expect(extra.json().fieldErrors.email.code).toBe('unknown_field');
    expect((await reset(a, token)).statusCode).toBe(204);
  });

  it('A9: two simultaneous uses of one token: exactly one succeeds', async () => {
    const emp = await createEmployee(tdb.db);
    const token = await resetToken(emp.email);
    const a = await anonymous();
    const results = await Promise.all([reset(a, token, 'first-of-two-passwords'), reset(a, token, 'second-of-two-passwords')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    const winner = results[0]?.statusCode === 204 ? 'first-of-two-passwords' : 'second-of-two-passwords';
    expect(await canLogin(emp.email, winner)).toBe(true);
  });
});

describe('invitations (A9)', () => {
  it('A9: an invited account without a password gets a create-password link, sets a password once and can then sign in', async () => {
    const emp = await createEmployee(tdb.db, { passwordHash: null, locale: 'en', firstName: 'Nora' });
    expect(await canLogin(emp.email, 'any-password-at-all')).toBe(false);
    const sentAt = t.clock().getTime();
    await sendInvitation(t.app.platform, emp.accountId);
    const mail = t.mailer.to(emp.email)[0];
    expect(mail?.subject).toBe('Your account is ready');
    expect(mail?.text).toContain('Hello Nora,');
    const { url, token } = linkIn(mail);
    expect(url).toBe(`${t.config.appUrl}/auth/create-password#token=${token}`);
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await tokenRows(emp.accountId);
    expect(rows[0]).toMatchObject({ kind: 'invite', token_hash: sha256(token) });
    expect(rows[0]?.expires_at.getTime()).toBe(sentAt + 72 * HOUR);

    const a = await anonymous();
    expect((await a.post('/api/auth/check-token', { token, kind: 'invite' })).statusCode).toBe(200);
    expect((await a.post('/api/auth/check-token', { token, kind: 'reset' })).statusCode).toBe(400);
    expect((await reset(a, token)).statusCode).toBe(400);
    const create = (password: string, confirmation: string, o?: { csrf?: boolean }) =>
      a.post('/api/auth/create-password', { token, password, password_confirmation: confirmation }, o);
    expect((await create(NEW_PASSWORD, 'not-the-same-one')).json().fieldErrors.password_confirmation.code).toBe(
      'password_mismatch',
    );
    expect((await create('password123', 'password123')).json().fieldErrors.password.code).toBe('password_common');
    expect((await create(NEW_PASSWORD, NEW_PASSWORD, { csrf: false })).statusCode).toBe(419);
    expect(await hashOf(emp.accountId)).toBeNull();
    const created = await a.post('/api/auth/create-password', {
      token,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(created.statusCode).toBe(204);
    expect(await hashOf(emp.accountId)).toMatch(/^\$argon2id\$/);
    expect((await a.get('/api/user/current')).statusCode).toBe(401);
    expect(await canLogin(emp.email, NEW_PASSWORD)).toBe(true);
    const twice = await a.post('/api/auth/create-password', {
      token,
      password: 'other-long-passphrase',
      password_confirmation: 'other-long-passphrase',
    });
    expect(twice.statusCode).toBe(400);
    expect(await canLogin(emp.email, NEW_PASSWORD)).toBe(true);
  });

  it('A9: an invitation expires after 72 hours, and a re-sent one replaces the earlier link', async () => {
    const emp = await createEmployee(tdb.db, { passwordHash: null });
    await sendInvitation(t.app.platform, emp.accountId);
    const first = linkIn(t.mailer.to(emp.email)[0]).token;
    await sendInvitation(t.app.platform, emp.accountId);
    const second = linkIn(t.mailer.to(emp.email)[1]).token;
    const a = await anonymous();
    expect((await a.post('/api/auth/check-token', { token: first, kind: 'invite' })).statusCode).toBe(400);
    t.clock.advance(72 * HOUR - MINUTE);
    await a.csrf();
    expect((await a.post('/api/auth/check-token', { token: second, kind: 'invite' })).statusCode).toBe(200);
    t.clock.advance(2 * MINUTE);
    expect((await a.post('/api/auth/check-token', { token: second, kind: 'invite' })).statusCode).toBe(400);
    const late = await a.post('/api/auth/create-password', {
      token: second,
      password: NEW_PASSWORD,
      password_confirmation: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(400);
    expect(await hashOf(emp.accountId)).toBeNull();
  });
});

describe('link origin (A10)', () => {
  it('A10: with Host and X-Forwarded-Host set to evil.test the link still uses the configured APP_URL', async () => {
    const proxied = await startTestApp({
      db: tdb.db,
      clock: t.clock,
      env: { TRUST_PROXY: 'true', APP_URL: 'https://portal.example.test' },
    });
    try {
      for (const app of [t, proxied]) {
        const emp = await createEmployee(tdb.db);
        const evil = {
          host: 'evil.test',
          'x-forwarded-host': 'evil.test',
          'x-forwarded-proto': 'http',
          origin: 'http://evil.test',
        };
        const a = app.agent({ headers: evil });
        await a.csrf();
        expect((await a.post('/api/auth/forgot-password', { email: emp.email })).statusCode).toBe(202);
        const mail = app.mailer.to(emp.email)[0];
        const { url } = linkIn(mail);
        expect(url.startsWith(`${app.config.appUrl}/auth/new-password#token=`)).toBe(true);
        expect(mail?.text).not.toContain('evil.test');
        expect(mail?.html).not.toContain('evil.test');
      }
    } finally {
      await proxied.close();
    }
  });
});

describe('token secrecy (A11)', () => {
  it('A11: the reset and invitation tokens never appear in a log line', async () => {
    const emp = await createEmployee(tdb.db);
    const invited = await createEmployee(tdb.db, { passwordHash: null });
    const token = await resetToken(emp.email);
    await sendInvitation(t.app.platform, invited.accountId);
    const invite = linkIn(t.mailer.to(invited.email)[0]).token;
    const a = await anonymous();
    await a.post('/api/auth/check-token', { token, kind: 'reset' });
    await reset(a, token, 'short');
    await reset(a, token);
    await reset(a, token);
    await a.post('/api/auth/create-password', {
      token: invite,
      password: NEW_PASSWORD,
      password_confirmation: 'mismatch-here-x',
    });
    await a.post('/api/auth/create-password', { token: invite, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD });
    // A token that strays into a query string is scrubbed from the access log too.
    await a.get(`/api/locale?token=${token}`);
    await a.get(`/auth/new-password?token=${invite}`);
    const logs = t.logText();
    expect(logs).toContain('password-reset.used');
    expect(logs).toContain('invitation.used');
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(invite);
  });

  it('A11: the reset and create-password pages are sent with Referrer-Policy: no-referrer', async () => {
    for (const page of ['/auth/new-password', '/auth/create-password', '/auth/reset-password']) {
      const res = await t.agent().get(page);
      expect(res.statusCode, page).toBe(200);
      expect(res.headers['referrer-policy'], page).toBe('no-referrer');
    }
    expect((await t.agent().get('/')).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});

describe('after a reset (A12)', () => {
  it('A12: every session of the account ends, nobody is signed in automatically, and a confirmation mail is sent', async () => {
    const emp = await createEmployee(tdb.db, { locale: 'nl' });
    const laptop = t.agent();
    const phone = t.agent({ ip: '10.12.0.2' });
    await laptop.login(emp.email, emp.password);
    await phone.login(emp.email, emp.password);
    expect(await sessionsOf(emp.accountId)).toBe(2);

    const token = await resetToken(emp.email);
    const resetter = await anonymous();
    const res = await reset(resetter, token);
    expect(res.statusCode).toBe(204);
    const setCookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
    expect(setCookies).toHaveLength(0);
    expect((await resetter.get('/api/user/current')).statusCode).toBe(401);

    expect((await laptop.get('/api/user/current')).statusCode).toBe(401);
    expect((await phone.get('/api/user/current')).statusCode).toBe(401);
    expect(await sessionsOf(emp.accountId)).toBe(0);

    const mails = t.mailer.to(emp.email);
    expect(mails.map((m) => m.subject)).toEqual(['Wachtwoord herstellen', 'Je wachtwoord is gewijzigd']);
    expect(mails[1]?.text).toContain(`${t.config.appUrl}/auth/login`);
    expect(mails[1]?.text).not.toContain('#token=');
  });
});

describe('mail headers (A13)', () => {
  it('A13: a name with CR/LF in a mail adds no header to the message that is written', async () => {
    const emp = await createEmployee(tdb.db, { firstName: 'Eve\r\nBcc: x@evil.test\r\nSubject: pwned' });
    expect((await forgot(emp.email)).statusCode).toBe(202);
    const captured = t.mailer.to(emp.email)[0];
    if (!captured) throw new Error('no mail');
    // The name is put in the mail as one line.
    expect(captured.text).toContain('Hallo Eve Bcc: x@evil.test Subject: pwned,');
    expect(captured.text).not.toMatch(/\r|\nBcc:/);

    // Render it with the real mailer (nodemailer's stream transport, as without SMTP_URL).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-mail-'));
    const logs: string[] = [];
    const log = pino({ level: 'info' }, { write: (s: string) => logs.push(s) });
    const mailer = createMailer({ from: t.config.mailFrom, dataDir, log });
    await mailer.send(captured);
    const files = fs.readdirSync(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dataDir, 'mail', files[0] ?? ''), 'utf8');
    const [head = ''] = eml.split(/\r?\n\r?\n/);
    const names = head
      .split(/\r?\n/)
      .filter((l) => !/^\s/.test(l))
      .map((l) => l.slice(0, l.indexOf(':')).toLowerCase());
    expect(names).not.toContain('bcc');
    expect(names.filter((n) => n === 'subject')).toHaveLength(1);
    expect(names.filter((n) => n === 'to')).toHaveLength(1);
    expect(head).toContain(`To: ${emp.email}`);
    expect(head).toContain('Subject: Wachtwoord herstellen');
    expect(head).not.toContain('evil.test');
    // The file's log line names the subject, never the body with its token.
    expect(logs.join('')).not.toContain(linkIn(captured).token);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('A13: the mailer refuses a recipient that is not one plain address, and strips control characters from the subject', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outfit-mail-'));
    const mailer = createMailer({ from: t.config.mailFrom, dataDir, log: pino({ level: 'silent' }) });
    for (const to of [
      'eve@example.test\r\nBcc: x@evil.test',
      'eve@example.test, x@evil.test',
      'Eve <x@evil.test>',
      'eve@example.test\nx@evil.test',
    ]) {
      await expect(mailer.send({ to, subject: 'Hi', text: 'body' }), JSON.stringify(to)).rejects.toThrow(/recipient/);
    }
    expect(fs.existsSync(path.join(dataDir, 'mail'))).toBe(false);
    await mailer.send({ to: "o'brien+tag@example.test", subject: 'Hello\r\nBcc: x@evil.test', text: 'body' });
    const [file = ''] = fs.readdirSync(path.join(dataDir, 'mail'));
    const head = fs.readFileSync(path.join(dataDir, 'mail', file), 'utf8').split(/\r?\n\r?\n/)[0] ?? '';
    expect(head).toMatch(/^To: o'brien\+tag@example\.test$/m);
    expect(head).not.toMatch(/^bcc:/im);
    expect(head).toMatch(/^Subject: Hello Bcc: x@evil.test$/m);
    expect(headerSafe('a\r\nb\u0000c\u007f\td')).toBe('a b c d');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
