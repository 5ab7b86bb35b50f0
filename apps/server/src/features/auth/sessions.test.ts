import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageView } from '../../../test/factories/analytics';
import { createClient, createCompany, createEmployee } from '../../../test/factories/identity';
import { Agent, startTestApp, type TestApp } from '../../../test/helpers/app';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/db';
import { countQueries } from '../../../test/helpers/query-count';
import { startSecondApp } from '../../../test/helpers/second-app';
import { openDatabase } from '../../db/client';
import { MINUTE } from '../../platform/clock';
import { sha256 } from '../../platform/crypto';
import { type LoadedSession, PermissionCache, SessionStore } from '../../platform/session-store';

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

interface SessionRow {
  id: string;
  account_id: number | null;
  last_seen_at: Date;
  expires_at: Date;
  created_at: Date;
}

const sessionRow = async (sid: string | undefined) =>
  (await tdb.db.raw.query<SessionRow>('SELECT * FROM sessions WHERE id = $1', [sha256(sid ?? '')]))[0] ?? null;
const sessionsOf = async (accountId: number) =>
  (await tdb.db.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE account_id = $1', [accountId]))[0]?.n;

/** A browser holding nothing but a given session cookie. */
const withSid = (sid: string | undefined, app: TestApp = t) => {
  const a = app.agent();
  a.cookies.set('sid', sid ?? '');
  return a;
};

const status = async (a: Agent) => (await a.get('/api/user/current')).statusCode;

/** Waits until cond holds, at most 3 s. */
const until = async (cond: () => boolean | Promise<boolean>) => {
  const end = Date.now() + 3_000;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('session ids (S1)', () => {
  it('S1: the session id is 256 random bits in base64url, stored only as its SHA-256, and never logged', async () => {
    const emp = await createEmployee(tdb.db);
    const sids = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const a = t.agent();
      await a.csrf();
      sids.add(a.cookies.get('sid') ?? '');
    }
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const sid = a.cookies.get('sid') ?? '';
    sids.add(sid);
    expect(sids.size).toBe(11);
    for (const s of sids) {
      expect(s).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(s, 'base64url').length).toBeGreaterThanOrEqual(16);
    }

    const row = await sessionRow(sid);
    expect(row?.account_id).toBe(emp.accountId);
    expect(row?.id).toBe(sha256(sid));
    expect(row?.id).toMatch(/^[0-9a-f]{64}$/);
    // No column of any session row holds a raw id.
    const dump = (await tdb.db.raw.query<{ j: string }>('SELECT row_to_json(s)::text AS j FROM sessions s')).map((r) => r.j);
    for (const s of sids) expect(dump.some((j) => j.includes(s))).toBe(false);

    expect((await a.get('/api/user/current')).statusCode).toBe(200);
    await a.post('/logout');
    const logs = t.logText();
    for (const s of sids) expect(logs).not.toContain(s);
  });

  it('S1: garbage, empty, oversized or unknown session cookies are just "no session", never 5xx', async () => {
    for (const value of ['', 'x', 'a'.repeat(129), 'a'.repeat(5000), '%E0%A4%A', '"quoted"', '../../etc/passwd', 'é✓']) {
      const a = t.agent();
      a.cookies.set('sid', encodeURIComponent(value));
      const me = await a.get('/api/user/current');
      expect(me.statusCode, value).toBe(401);
      const csrf = await a.get('/sanctum/csrf-cookie');
      expect(csrf.statusCode, value).toBe(204);
      // A new session was started in place of the unknown one.
      expect(a.cookies.get('sid')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});

describe('GET /sanctum/csrf-cookie', () => {
  it('starts one anonymous session whose stored CSRF token is the cookie, and keeps it on a second call', async () => {
    const a = t.agent();
    await a.csrf();
    const sid = a.cookies.get('sid');
    const row = await tdb.db.raw.query<{ account_id: number | null; csrf_token: string; expires_at: Date }>(
      'SELECT account_id, csrf_token, expires_at FROM sessions WHERE id = $1',
      [sha256(sid ?? '')],
    );
    expect(row[0]?.account_id).toBeNull();
    expect(row[0]?.csrf_token).toBe(a.xsrf);
    expect(a.xsrf).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await a.get('/sanctum/csrf-cookie');
    expect(again.statusCode).toBe(204);
    expect(a.cookies.get('sid')).toBe(sid);
    expect(row[0]?.csrf_token).toBe(a.xsrf);
    expect((await a.get('/sanctum/csrf-cookie?x=1')).statusCode).toBe(400);
  });
});

describe('rotation at login (S2)', () => {
  it('S2: the login destroys the anonymous session row and the old id gets 401 while the new one works', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.csrf();
    const before = a.cookies.get('sid');
    expect(await sessionRow(before)).not.toBeNull();
    await a.login(emp.email, emp.password);
    const after = a.cookies.get('sid');
    expect(after).not.toBe(before);
    expect(await sessionRow(before)).toBeNull();
    const login = await tdb.db.raw.query<{ last_login_at: Date }>('SELECT last_login_at FROM accounts WHERE id = $1', [
      emp.accountId,
    ]);
    expect(login[0]?.last_login_at.getTime()).toBe(t.clock().getTime());
    expect((await sessionRow(after))?.account_id).toBe(emp.accountId);
    expect(await status(withSid(before))).toBe(401);
    expect(await status(a)).toBe(200);
  });

  it('S2, S3: rotation and logout are seen at once by a second app instance on the same database', async () => {
    const t2 = await startSecondApp(tdb, t);
    try {
      const emp = await createEmployee(tdb.db);
      const a1 = t.agent();
      const a2 = a1.via(t2);
      await a1.csrf();
      const anonymous = a1.cookies.get('sid');
      // Log in through the second process with the cookie the first one handed out.
      const login = await a2.post('/login', { email: emp.email, password: emp.password });
      expect(login.statusCode).toBe(204);
      const signedIn = a1.cookies.get('sid');
      expect(signedIn).not.toBe(anonymous);
      expect(await status(withSid(anonymous, t))).toBe(401);
      expect(await status(withSid(anonymous, t2))).toBe(401);
      expect(await status(a1)).toBe(200);
      expect(await status(a2)).toBe(200);

      // Log out through the first process: the second one refuses the id as well, on every route
      // that reads data at once; its current user (session memory) as soon as the notification is in.
      expect((await a1.post('/logout')).statusCode).toBe(204);
      expect((await withSid(signedIn, t2).get('/api/notifications')).statusCode).toBe(401);
      expect(await status(withSid(signedIn, t))).toBe(401);
      await until(async () => (await status(withSid(signedIn, t2))) === 401);
      expect(await sessionsOf(emp.accountId)).toBe(0);
    } finally {
      await t2.close();
    }
  });
});

describe('logout (S3)', () => {
  it('S3: logout deletes the server-side row; replaying the old cookie gets 401 and a write with it 419', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const sid = a.cookies.get('sid');
    const xsrf = a.xsrf ?? '';
    expect(await sessionsOf(emp.accountId)).toBe(1);
    expect((await a.post('/logout')).statusCode).toBe(204);
    expect(await sessionRow(sid)).toBeNull();
    expect(await sessionsOf(emp.accountId)).toBe(0);
    // The fresh anonymous session the logout hands out is a different row.
    const fresh = await sessionRow(a.cookies.get('sid'));
    expect(fresh?.account_id).toBeNull();

    const replay = withSid(sid);
    replay.cookies.set('XSRF-TOKEN', xsrf);
    expect(await status(replay)).toBe(401);
    expect(
      (await replay.patch('/api/user/password', { current_password: 'x', password: 'y', password_confirmation: 'y' })).statusCode,
    ).toBe(419);
  });
});

describe('timeouts (S4)', () => {
  it('S4: a session idle for 29 minutes is kept, one idle for 31 minutes is refused', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    t.clock.advance(29 * MINUTE);
    expect(await status(a)).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect(await status(a)).toBe(200);
    t.clock.advance(31 * MINUTE);
    expect(await status(a)).toBe(401);
    // An unsafe request with the idle session is refused too, and changes nothing.
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(419);
  });

  it('S4: activity is recorded at most once a minute and written in batches, never on the request path', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const sid = a.cookies.get('sid');
    const start = (await sessionRow(sid))?.last_seen_at.getTime();
    t.clock.advance(30_000);
    expect(await status(a)).toBe(200);
    await t.app.platform.sessions.flushTouches();
    expect((await sessionRow(sid))?.last_seen_at.getTime()).toBe(start);
    t.clock.advance(31_000);
    expect(await status(a)).toBe(200);
    // The request itself wrote nothing; the periodic batch does.
    expect((await sessionRow(sid))?.last_seen_at.getTime()).toBe(start);
    await t.app.platform.sessions.flushTouches();
    expect((await sessionRow(sid))?.last_seen_at.getTime()).toBe(t.clock().getTime());
  });

  it('S4: recorded but unwritten activity still counts against the idle limit', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    t.clock.advance(20 * MINUTE);
    expect(await status(a)).toBe(200);
    t.clock.advance(20 * MINUTE);
    // 40 minutes after login but 20 after the last request: still signed in, batch written or not.
    expect(await status(a)).toBe(200);
    t.clock.advance(31 * MINUTE);
    expect(await status(a)).toBe(401);
  });

  it('S4: however active, a session ends 12 hours after the login', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    const loginAt = t.clock().getTime();
    await a.login(emp.email, emp.password);
    const row = await sessionRow(a.cookies.get('sid'));
    expect(row?.expires_at.getTime()).toBe(loginAt + 12 * 60 * MINUTE);
    for (let i = 0; i < 28; i++) {
      t.clock.advance(25 * MINUTE);
      expect(await status(a)).toBe(200);
    }
    t.clock.set(new Date(loginAt + 12 * 60 * MINUTE - MINUTE));
    expect(await status(a)).toBe(200);
    t.clock.set(new Date(loginAt + 12 * 60 * MINUTE + MINUTE));
    expect(await status(a)).toBe(401);
  });
});

describe('activity not written yet (G1 batching)', () => {
  it('counts a last-seen time while its batched write is still running', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    await t.app.platform.sessions.flushTouches();
    t.clock.advance(25 * MINUTE);
    expect(await status(a)).toBe(200); // recorded, not written yet
    // Hold the batched UPDATE in flight while the next request loads the session.
    const raw = tdb.db.raw;
    const query = raw.query.bind(raw);
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    raw.query = (async (text: string, values?: unknown[], name?: string) => {
      if (name === 'session_touch_batch') await held;
      return query(text, values, name);
    }) as typeof raw.query;
    try {
      const writing = t.app.platform.sessions.flushTouches();
      // 50 minutes after the last write, 25 after the activity being written: still signed in.
      t.clock.advance(25 * MINUTE);
      expect(await status(a)).toBe(200);
      release();
      await writing;
    } finally {
      release();
      raw.query = query;
    }
  });
});

describe('activity written by several processes at once', () => {
  it.runIf(process.env.TEST_DB === 'pg')(
    'two processes writing the same sessions in opposite orders never deadlock',
    async () => {
      const ids = Array.from({ length: 300 }, (_, i) => `touch-${String(i).padStart(4, '0')}`);
      const old = new Date(t.clock().getTime() - 10 * MINUTE);
      await tdb.db.raw.query(
        `INSERT INTO sessions (id, csrf_token, created_at, last_seen_at, expires_at)
         SELECT id, 'x', $2, $2, $2::timestamptz + interval '1 hour' FROM unnest($1::text[]) AS id`,
        [ids, old],
      );
      const second = await openDatabase({ url: tdb.url ?? '', poolSize: 2 });
      const errors: unknown[] = [];
      const policy = { idleMinutes: 30, absoluteHours: 12 };
      const a = new SessionStore(tdb.db, policy, new PermissionCache(tdb.db), (e) => errors.push(e));
      const b = new SessionStore(second, policy, new PermissionCache(second), (e) => errors.push(e));
      try {
        for (let round = 1; round <= 15; round++) {
          const at = new Date(old.getTime() + round * MINUTE);
          const session = (id: string) => ({ idHash: id, lastSeenAt: new Date(0) }) as LoadedSession;
          for (const id of ids) a.touch(session(id), at);
          for (const id of [...ids].reverse()) b.touch(session(id), new Date(at.getTime() + 1));
          await Promise.all([a.flushTouches(), b.flushTouches()]);
        }
        const [row] = await tdb.db.raw.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM sessions WHERE id = ANY($1) AND last_seen_at = $2',
          [ids, new Date(old.getTime() + 15 * MINUTE + 1)],
        );
        expect(row?.n).toBe(ids.length);
        expect(errors).toEqual([]);
      } finally {
        await second.close();
        await tdb.db.raw.query('DELETE FROM sessions WHERE id = ANY($1)', [ids]);
      }
    },
  );
});

describe('disabled accounts (S5)', () => {
  it('S5: disabling an account makes every one of its sessions answer 401 at once', async () => {
    const emp = await createEmployee(tdb.db, { permissions: ['projects.view'] });
    const a = t.agent();
    const b = t.agent({ ip: '10.5.0.2' });
    await a.login(emp.email, emp.password);
    await b.login(emp.email, emp.password);
    expect(await status(a)).toBe(200);
    await tdb.db.raw.query(`UPDATE accounts SET status = 'disabled' WHERE id = $1`, [emp.accountId]);
    expect(await status(a)).toBe(401);
    expect(await status(b)).toBe(401);
    expect((await a.patch('/api/locale', { locale: 'en' })).statusCode).toBe(419);
    const locale = await tdb.db.raw.query<{ locale: string }>('SELECT locale FROM accounts WHERE id = $1', [emp.accountId]);
    expect(locale[0]?.locale).toBe('nl');
  });

  it('S5: a session refused while its account was disabled stays ended after the account is enabled again', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const sid = a.cookies.get('sid');
    await tdb.db.raw.query(`UPDATE accounts SET status = 'disabled' WHERE id = $1`, [emp.accountId]);
    expect(await status(a)).toBe(401);
    expect(await sessionRow(sid)).toBeNull();
    await tdb.db.raw.query(`UPDATE accounts SET status = 'active' WHERE id = $1`, [emp.accountId]);
    expect(await status(withSid(sid))).toBe(401);
  });

  it('S5: removing the profile (a deleted employee, a deleted company) ends the sessions too', async () => {
    const emp = await createEmployee(tdb.db);
    const company = await createCompany(tdb.db);
    const client = await createClient(tdb.db, company.id);
    const e = t.agent();
    const c = t.agent();
    await e.login(emp.email, emp.password);
    await c.login(client.email, client.password);
    await tdb.db.raw.query('UPDATE employees SET deleted_at = now() WHERE id = $1', [emp.employeeId]);
    await tdb.db.raw.query('UPDATE companies SET deleted_at = now() WHERE id = $1', [company.id]);
    expect(await status(e)).toBe(401);
    expect(await status(c)).toBe(401);
  });
});

describe('what a session is made of, kept per process (G1)', () => {
  const generation = async () => (await tdb.db.raw.query<{ n: string }>('SELECT n::text AS n FROM auth_generation'))[0]?.n;
  const me = async (a: Agent) => (await a.get('/api/user/current')).json();

  it('reads only the session row once the account is known, and a sign-in does not make anyone load again', async () => {
    const emp = await createEmployee(tdb.db, { permissions: ['projects.view'] });
    const a = t.agent();
    await a.login(emp.email, emp.password);
    await me(a);
    // GET /api/locale: a route the session memory does not serve (the current user's is below).
    const { count, statements } = await countQueries(tdb.db, () => a.get('/api/locale'));
    expect(count, statements.join('\n')).toBe(1);
    expect(statements[0]).toMatch(/session_head|FROM sessions s LEFT JOIN auth_generation/);
    const before = await generation();
    await t.agent({ ip: '10.5.0.9' }).login(emp.email, emp.password);
    expect(await generation()).toBe(before);
  });

  it('a change to the employee, the role, the company user or the company, made anywhere, is in the next answer of every process', async () => {
    // The current user of the second process may come from its session memory: it follows as soon
    // as the notification is in. Every route that reads data reads the session: at once.
    const firstName = async (a: Agent) => (await me(a)).data.guardable.first_name as string;
    const companyName = async (a: Agent) => (await me(a)).data.guardable.company.name as string;
    const t2 = await startSecondApp(tdb, t);
    try {
      const emp = await createEmployee(tdb.db, { firstName: 'Anna', permissions: ['projects.view'] });
      const company = await createCompany(tdb.db, { name: 'Eerste Rederij' });
      const client = await createClient(tdb.db, company.id);
      const e1 = t.agent();
      const c1 = t.agent({ ip: '10.5.0.3' });
      await e1.login(emp.email, emp.password);
      await c1.login(client.email, client.password);
      const e2 = e1.via(t2);
      const c2 = c1.via(t2);
      for (const a of [e1, e2]) expect((await me(a)).data.guardable.first_name).toBe('Anna');
      for (const a of [c1, c2]) expect((await me(a)).data.guardable.company.name).toBe('Eerste Rederij');

      // Straight in the database, as another process or a migration would: no process is told.
      await tdb.db.raw.query(`UPDATE employees SET first_name = 'Bea' WHERE id = $1`, [emp.employeeId]);
      await tdb.db.raw.query(`UPDATE companies SET name = 'Tweede Rederij' WHERE id = $1`, [company.id]);
      expect(await firstName(e1)).toBe('Bea');
      expect(await companyName(c1)).toBe('Tweede Rederij');
      await until(async () => (await firstName(e2)) === 'Bea');
      await until(async () => (await companyName(c2)) === 'Tweede Rederij');

      // A permission taken from the role: the next request of either process is refused.
      expect((await e2.get('/api/projects')).statusCode).toBe(200);
      await tdb.db.raw.query(
        `WITH r AS (SELECT role_id FROM employees WHERE id = $1)
         DELETE FROM role_permissions rp USING r WHERE rp.role_id = r.role_id AND rp.permission = 'projects.view'`,
        [emp.employeeId],
      );
      await tdb.db.raw.query('UPDATE roles SET version = version + 1 WHERE id = (SELECT role_id FROM employees WHERE id = $1)', [
        emp.employeeId,
      ]);
      expect((await e1.get('/api/projects')).statusCode).toBe(403);
      expect((await e2.get('/api/projects')).statusCode).toBe(403);
    } finally {
      await t2.close();
    }
  });

  it('a write that is rolled back changes nothing, and the generation moves only at commit', async () => {
    const before = await generation();
    await tdb.db.orm
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE companies SET name = name || '!' WHERE id = (SELECT min(id) FROM companies)`);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await generation()).toBe(before);
  });
});

describe('the session memory of the page-view beacon and the current user (G1, G2)', () => {
  const beacon = (a: Agent, route = 'kept') => a.post('/api/science', pageView({ metadata: { route_name: route } }));
  const keeping = (app: TestApp) => until(() => app.app.platform.sessions.keeping);
  /**
   * Beacons until one is answered from memory: a process that did not make a change hears of it
   * a moment after the commit (the account just created empties every memory), so the first
   * beacons after it may read the row again.
   */
  const keptBy = (app: TestApp, a: Agent) =>
    until(async () => {
      expect((await beacon(a)).statusCode).toBe(204);
      return (await countQueries(app.db, () => beacon(a))).count === 0;
    });

  it('a kept session answers the next beacons without reading the database', async () => {
    await keeping(t);
    const emp = await createEmployee(tdb.db);
    const a = await t.signIn(emp);
    await keptBy(t, a);
  });

  it('GET /api/user/current answers a kept session without reading the database, and its own changes at once', async () => {
    await keeping(t);
    const emp = await createEmployee(tdb.db);
    const a = await t.signIn(emp);
    await until(async () => (await countQueries(t.db, () => a.get('/api/user/current'))).count === 0);
    // A change this process makes is answered by its very next request, no wait (pg: the NOTICE).
    await tdb.db.raw.query(`UPDATE employees SET first_name = 'Kept' WHERE id = $1`, [emp.employeeId]);
    expect((await a.get('/api/user/current')).json().data.guardable.first_name).toBe('Kept');
    await tdb.db.raw.query(`UPDATE accounts SET status = 'disabled' WHERE id = $1`, [emp.accountId]);
    expect(await status(a)).toBe(401);
  });

  it('a change made through the database is heard before the statement that made it returns', async () => {
    let heard = 0;
    let on = false;
    const payloads: string[] = [];
    const stop = tdb.db.listen('session_cache', {
      notified: (payload) => {
        heard++;
        payloads.push(payload);
      },
      listening: (v) => {
        on = v;
      },
    });
    try {
      await until(() => on);
      // A statement that changes a session's language: it notifies even when it matches no row.
      await tdb.db.raw.query('UPDATE sessions SET locale = locale WHERE false');
      expect(heard).toBeGreaterThan(0);
      if (tdb.db.driver === 'pg') {
        // The NOTICE came with the statement; the NOTIFY follows after the commit.
        await until(() => heard === 2);
        // Inside a transaction nothing is committed, so no NOTIFY can have arrived: only the NOTICE.
        await tdb.db.withConnection(async (c) => {
          await c.exec('BEGIN');
          try {
            const before = heard;
            await c.query('UPDATE sessions SET locale = locale WHERE false');
            expect(heard).toBe(before + 1);
          } finally {
            await c.exec('ROLLBACK');
          }
        });
      }

      // Sessions that end are named (up to 100 at once; more, or any other change, name none).
      const make = (ids: string[]) =>
        tdb.db.raw.query(
          `INSERT INTO sessions (id, csrf_token, created_at, last_seen_at, expires_at)
           SELECT id, 'x', now(), now(), now() + interval '1 hour' FROM unnest($1::text[]) AS id`,
          [ids],
        );
      /**
       * What the deleting statement was told by the time it returned, each payload once (pg: the
       * NOTICE, and the NOTIFY when it overtook the statement's completion; it is awaited too).
       */
      const deleting = async (ids: string[]) => {
        payloads.length = 0;
        await tdb.db.raw.query('DELETE FROM sessions WHERE id = ANY($1)', [ids]);
        const told = [...new Set(payloads)];
        if (tdb.db.driver === 'pg' && told.length > 0) await until(() => payloads.length === 2);
        return told;
      };
      const few = ['ended-a', 'ended-b'];
      const many = Array.from({ length: 101 }, (_, i) => `ended-${i}`);
      await make(few);
      expect((await deleting(few)).map((p) => p.split(',').sort())).toEqual([few]);
      await make(many);
      expect(await deleting(many)).toEqual(['']);
      expect(await deleting(['no-such-session'])).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('a session that ends is forgotten alone: signing in and out leaves the other kept sessions kept', async () => {
    await keeping(t);
    const sessions = t.app.platform.sessions;
    const emp = await createEmployee(tdb.db);
    const a = await t.signIn(emp);
    const sid = a.cookies.get('sid') ?? '';
    // The account just made empties every memory, here at once and again when its NOTIFY arrives
    // (pg, a moment later): let that pass before the memory is looked at.
    await keptBy(t, a);
    await new Promise((r) => setTimeout(r, 200));
    await keptBy(t, a);
    // Another person signs in (their anonymous session is deleted) and out, here: this process is
    // told before each statement returns, and forgets only the session that ended.
    const other = t.agent({ ip: '10.5.0.23' });
    await other.csrf();
    const anonymous = other.cookies.get('sid') ?? '';
    // A load that a notification overtakes is not kept: ask until one is.
    const keptAfter = (cookie: string, status: number) =>
      until(async () => {
        expect((await other.get('/api/user/current')).statusCode).toBe(status);
        return sessions.remembered(cookie, null, t.clock()) !== undefined;
      });
    await keptAfter(anonymous, 401);
    await other.login(emp.email, emp.password);
    expect(sessions.remembered(anonymous, null, t.clock())).toBeUndefined();
    const signedIn = other.cookies.get('sid') ?? '';
    await keptAfter(signedIn, 200);
    expect((await other.post('/logout')).statusCode).toBe(204);
    expect(sessions.remembered(signedIn, null, t.clock())).toBeUndefined();
    // The NOTIFY of each statement arrives too (pg): it names the same sessions.
    await new Promise((r) => setTimeout(r, 100));
    expect(sessions.remembered(sid, null, t.clock())).toBeDefined();
    expect((await countQueries(t.db, () => a.get('/api/user/current'))).count).toBe(0);
  });

  it('a sign-out in another process, or a session deleted straight in SQL, ends the kept session in every process at once', async () => {
    const t2 = await startSecondApp(tdb, t);
    try {
      await keeping(t2);
      const emp = await createEmployee(tdb.db);
      const a1 = await t.signIn(emp);
      const a2 = a1.via(t2);
      const b1 = await t.signIn(emp, { ip: '10.5.0.21' });
      const b2 = b1.via(t2);
      // Both sessions are kept by the second process.
      for (const a of [a2, b2]) await keptBy(t2, a);
      const signedOut = a1.cookies.get('sid');
      const xsrf = a1.xsrf ?? '';
      expect((await a1.post('/logout')).statusCode).toBe(204);
      const replay = withSid(signedOut, t2);
      replay.cookies.set('XSRF-TOKEN', xsrf);
      // Refused as soon as the notification is in (not after the 5 minutes the memory would keep it).
      await until(async () => (await beacon(replay, 'after-logout')).statusCode === 419);

      // Refused for good: the row is gone, not only the memory.
      expect((await beacon(replay, 'after-logout')).statusCode).toBe(419);

      await keptBy(t2, b2);
      await tdb.db.raw.query('DELETE FROM sessions WHERE id = $1', [sha256(b1.cookies.get('sid') ?? '')]);
      await until(async () => (await beacon(b2, 'after-delete')).statusCode === 419);
    } finally {
      await t2.close();
    }
  });

  it('an account changed anywhere (here: moved to another company) is read again before the next beacon is stored', async () => {
    const t2 = await startSecondApp(tdb, t);
    try {
      await keeping(t2);
      const first = await createCompany(tdb.db);
      const second = await createCompany(tdb.db);
      const client = await createClient(tdb.db, first.id);
      const a = (await t.signIn(client)).via(t2);
      await keptBy(t2, a);
      expect((await beacon(a, 'moved-before')).statusCode).toBe(204);
      await tdb.db.raw.query('UPDATE company_users SET company_id = $2 WHERE id = $1', [client.companyUserId, second.id]);
      await until(() => t2.app.platform.sessions.remembered(a.cookies.get('sid') ?? '', null, t.clock()) === undefined);
      expect((await beacon(a, 'moved-after')).statusCode).toBe(204);
      await t2.app.platform.analytics.flush();
      const rows = await tdb.db.raw.query<{ route_name: string; company_id: number }>(
        `SELECT route_name, company_id FROM analytics_events WHERE route_name IN ('moved-before', 'moved-after') ORDER BY id`,
      );
      expect(rows).toEqual([
        { route_name: 'moved-before', company_id: first.id },
        { route_name: 'moved-after', company_id: second.id },
      ]);
    } finally {
      await t2.close();
    }
  });

  it('a kept session records its activity once a minute too, not on every beacon (S4)', async () => {
    await keeping(t);
    const emp = await createEmployee(tdb.db);
    const a = await t.signIn(emp);
    const sid = a.cookies.get('sid');
    t.clock.advance(59_000);
    expect((await beacon(a)).statusCode).toBe(204);
    t.clock.advance(2_000);
    const active = t.clock().getTime();
    expect((await beacon(a)).statusCode).toBe(204);
    await t.app.platform.sessions.flushTouches();
    expect((await sessionRow(sid))?.last_seen_at.getTime()).toBe(active);
    // The same kept session 10 s later: nothing new to write.
    t.clock.advance(10_000);
    expect((await beacon(a)).statusCode).toBe(204);
    await t.app.platform.sessions.flushTouches();
    expect((await sessionRow(sid))?.last_seen_at.getTime()).toBe(active);
  });

  it('a kept session still ends at its own idle and absolute limits (S4)', async () => {
    await keeping(t);
    const emp = await createEmployee(tdb.db);
    const idle = await t.signIn(emp);
    expect((await beacon(idle)).statusCode).toBe(204);
    t.clock.advance(31 * MINUTE);
    expect((await beacon(idle)).statusCode).toBe(419);

    const busy = await t.signIn(emp, { ip: '10.5.0.22' });
    const end = (await sessionRow(busy.cookies.get('sid')))?.expires_at.getTime() ?? 0;
    t.clock.set(new Date(end - 30_000));
    // Read and kept just before the end (activity within the idle limit is pending, not written).
    await tdb.db.raw.query('UPDATE sessions SET last_seen_at = $2 WHERE id = $1', [
      sha256(busy.cookies.get('sid') ?? ''),
      t.clock(),
    ]);
    expect((await beacon(busy)).statusCode).toBe(204);
    t.clock.set(new Date(end + 1_000));
    expect((await beacon(busy)).statusCode).toBe(419);
  });

  it.runIf(process.env.TEST_DB === 'pg')(
    'while the connection that listens is lost nothing is kept, and keeping starts again once it is back',
    async () => {
      const t2 = await startSecondApp(tdb, t);
      try {
        await keeping(t2);
        const emp = await createEmployee(tdb.db);
        const a = (await t.signIn(emp)).via(t2);
        expect((await beacon(a)).statusCode).toBe(204);
        // End every listening connection of this database (both processes'), as a restart would.
        await tdb.db.raw.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
            WHERE datname = current_database() AND application_name LIKE '%-listen'`,
        );
        await until(() => !t2.app.platform.sessions.keeping);
        // Not heard: a session deleted now would go unnoticed, so every beacon reads the database.
        const { count } = await countQueries(t2.db, () => beacon(a));
        expect(count).toBe(1);
        await tdb.db.raw.query('DELETE FROM sessions WHERE id = $1', [sha256(a.cookies.get('sid') ?? '')]);
        expect((await beacon(a)).statusCode).toBe(419);
        await keeping(t2);
        const b = (await t.signIn(emp, { ip: '10.5.0.23' })).via(t2);
        await keptBy(t2, b);
      } finally {
        await t2.close();
      }
    },
  );
});

describe('password change (S6)', () => {
  it('S6: changing the password ends the other sessions of the account and keeps the current one', async () => {
    const emp = await createEmployee(tdb.db);
    const other = await createEmployee(tdb.db);
    const here = t.agent();
    const there = t.agent({ ip: '10.6.0.2' });
    const bystander = t.agent();
    await here.login(emp.email, emp.password);
    await there.login(emp.email, emp.password);
    await bystander.login(other.email, other.password);
    const res = await here.patch('/api/user/password', {
      current_password: emp.password,
      password: 'a-brand-new-passphrase',
      password_confirmation: 'a-brand-new-passphrase',
    });
    expect(res.statusCode).toBe(204);
    expect(await status(here)).toBe(200);
    expect(await status(there)).toBe(401);
    expect(await status(bystander)).toBe(200);
    expect(await sessionsOf(emp.accountId)).toBe(1);
    expect(await sessionRow(here.cookies.get('sid'))).not.toBeNull();
  });
});

describe('cookie attributes (S8, S9)', () => {
  interface RawCookie {
    name: string;
    value: string;
    attrs: Map<string, string | true>;
  }
  const parse = (header: string | string[] | number | undefined): RawCookie[] =>
    (Array.isArray(header) ? header : header === undefined ? [] : [String(header)]).map((line) => {
      const [pair = '', ...rest] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const attrs = new Map<string, string | true>();
      for (const a of rest) {
        const i = a.indexOf('=');
        if (i === -1) attrs.set(a.toLowerCase(), true);
        else attrs.set(a.slice(0, i).toLowerCase(), a.slice(i + 1));
      }
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attrs };
    });

  const expectSecureCookies = (cookies: RawCookie[]) => {
    const sid = cookies.find((c) => c.name === '__Host-sid');
    const xsrf = cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookies.some((c) => c.name === 'sid')).toBe(false);
    expect(sid).toBeDefined();
    expect(xsrf).toBeDefined();
    for (const c of [sid, xsrf]) {
      expect(c?.attrs.get('secure')).toBe(true);
      expect(c?.attrs.get('samesite')).toBe('Lax');
      expect(c?.attrs.get('path')).toBe('/');
      expect(c?.attrs.has('domain')).toBe(false);
      // Both cookies share one lifetime (Sanctum: XSRF-TOKEN matches the session cookie).
      expect(c?.attrs.get('max-age')).toBe(String(12 * 3600));
    }
    expect(sid?.attrs.get('httponly')).toBe(true);
    expect(xsrf?.attrs.has('httponly')).toBe(false);
  };

  const secureEnvs: Record<string, string>[] = [{ COOKIE_SECURE: 'true' }, { APP_URL: 'https://portal.example.test' }];
  for (const env of secureEnvs) {
    it(`S8, S9: with ${JSON.stringify(env)} the session cookie is __Host-sid, Secure, HttpOnly, Lax, Path=/, no Domain; XSRF-TOKEN is readable`, async () => {
      const secure = await startTestApp({ db: tdb.db, clock: t.clock, env });
      try {
        const emp = await createEmployee(tdb.db);
        const a = secure.agent();
        const csrf = await a.get('/sanctum/csrf-cookie');
        expectSecureCookies(parse(csrf.headers['set-cookie']));
        const login = await a.post('/login', { email: emp.email, password: emp.password });
        expect(login.statusCode).toBe(204);
        expectSecureCookies(parse(login.headers['set-cookie']));
        expect((await a.get('/api/user/current')).statusCode).toBe(200);
        const logout = await a.post('/logout');
        expectSecureCookies(parse(logout.headers['set-cookie']));
      } finally {
        await secure.close();
      }
    });
  }

  it('S8: in secure mode a plain "sid" cookie (tossed from a sibling host) is ignored', async () => {
    const secure = await startTestApp({ db: tdb.db, clock: t.clock, env: { COOKIE_SECURE: 'true' } });
    try {
      const emp = await createEmployee(tdb.db);
      const a = secure.agent();
      await a.login(emp.email, emp.password);
      const value = a.cookies.get('__Host-sid') ?? '';
      const tossed = secure.agent();
      tossed.cookies.set('sid', value);
      expect((await tossed.get('/api/user/current')).statusCode).toBe(401);
    } finally {
      await secure.close();
    }
  });

  it('S9: the XSRF token alone (without the session cookie) is worthless', async () => {
    const emp = await createEmployee(tdb.db);
    const a = t.agent();
    await a.login(emp.email, emp.password);
    const b = new Agent(t.app);
    b.cookies.set('XSRF-TOKEN', a.xsrf ?? '');
    expect((await b.post('/logout')).statusCode).toBe(419);
    expect((await b.patch('/api/locale', { locale: 'en' })).statusCode).toBe(419);
    expect(await status(a)).toBe(200);
  });
});
