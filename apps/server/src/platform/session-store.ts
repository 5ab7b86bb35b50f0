import type { CompanyBrand, DashboardView } from '@app/shared/auth/auth';
import { DEFAULT_LOCALE, type Locale } from '@app/shared/platform/locale';
import { isPermission, PERMISSIONS, type Permission } from '@app/shared/platform/permissions';
import { and, eq, ne } from 'drizzle-orm';
import type { Database, DbOrTx } from '../db/client';
import { sessions } from '../db/schema';
import type { Actor, ClientActor, EmployeeActor } from './actor';
import { isDashboardView } from './actor';
import { MINUTE } from './clock';
import { randomToken, sha256 } from './crypto';

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** What one request knows about its session after the single lookup query (G1). */
export interface LoadedSession {
  idHash: string;
  accountId: number | null;
  csrfToken: string;
  locale: Locale | null;
  lastSeenAt: Date;
  /** The end of the session's lifetime (S4), ms since the epoch. */
  expiresAt: number;
  actor: Actor;
  /** Set when the Acting-As header named a company that exists. */
  actingCompany: CompanyBrand | null;
  /** The signed-in account's own actor (never the acting view). */
  self: EmployeeActor | ClientActor | null;
}

interface SessionRow {
  account_id: number | null;
  csrf_token: string;
  session_locale: string | null;
  last_seen_at: Date;
  expires_ms: number;
  email: string | null;
  locale: string | null;
  first_login: boolean | null;
  guardable_type: string | null;
  employee_id: number | null;
  e_first_name: string | null;
  e_insertion: string | null;
  e_last_name: string | null;
  e_function: string | null;
  e_mobile_hours: boolean | null;
  e_mobile_overnights: boolean | null;
  e_mobile_planner: boolean | null;
  role_id: number | null;
  role_slug: string | null;
  role_name: string | null;
  role_is_admin: boolean | null;
  role_dashboard_view: string | null;
  role_version: number | null;
  client_id: number | null;
  company_id: number | null;
  c_first_name: string | null;
  c_insertion: string | null;
  c_last_name: string | null;
  c_job_title: string | null;
  company_name: string | null;
  company_logo: string | null;
  company_primary: string | null;
  company_secondary: string | null;
  company_sector: string | null;
  acting_id?: number | null;
  acting_name?: string | null;
  acting_logo?: string | null;
  acting_primary?: string | null;
  acting_secondary?: string | null;
  acting_sector?: string | null;
  /** auth_generation.n when the row was read, as text (migration 0028). */
  generation: string | null;
}

/** The session row alone, and the generation of everything else (the fast path of load()). */
interface SessionHeadRow {
  account_id: number | null;
  csrf_token: string;
  session_locale: string | null;
  /** last_seen_at in milliseconds since the epoch (int8: a number here), cheaper to read than a timestamp. */
  last_seen_ms: number;
  /** expires_at, the same way. */
  expires_ms: number;
  generation: string | null;
}

// One round trip: session, account, profile and role. The acting-as variant adds the company the
// Acting-As header names; without the header that join (and its columns) is left out.
const LOAD_COLUMNS = `
SELECT s.account_id, s.csrf_token, s.locale AS session_locale, s.last_seen_at,
       floor(date_part('epoch', s.expires_at) * 1000)::int8 AS expires_ms, a.email, a.locale, a.first_login, a.guardable_type,
       e.id AS employee_id, e.first_name AS e_first_name, e.insertion AS e_insertion,
       e.last_name AS e_last_name, e.function AS e_function, e.mobile_book_hours AS e_mobile_hours,
       e.mobile_overnights AS e_mobile_overnights, e.mobile_planner AS e_mobile_planner,
       r.id AS role_id, r.slug AS role_slug, r.name AS role_name, r.is_admin AS role_is_admin,
       r.dashboard_view AS role_dashboard_view, r.version AS role_version,
       cu.id AS client_id, cu.company_id, cu.first_name AS c_first_name, cu.insertion AS c_insertion,
       cu.last_name AS c_last_name, cu.job_title AS c_job_title,
       c.name AS company_name, c.logo_media_id AS company_logo, c.primary_color AS company_primary,
       c.secondary_color AS company_secondary, c.sector AS company_sector`;
const LOAD_JOINS = `
  FROM sessions s
  LEFT JOIN accounts a ON a.id = s.account_id AND a.status = 'active'
  LEFT JOIN employees e ON e.id = a.employee_id AND e.deleted_at IS NULL
  LEFT JOIN roles r ON r.id = e.role_id
  LEFT JOIN company_users cu ON cu.id = a.company_user_id
  LEFT JOIN companies c ON c.id = cu.company_id AND c.deleted_at IS NULL`;
// Every table these columns come from bumps auth_generation when it changes (migration 0028):
// a column added here from another table needs that table's triggers too.
const GENERATION = `(SELECT g.n::text FROM auth_generation g WHERE g.id = 1) AS generation`;
const LOAD_SQL = `${LOAD_COLUMNS}, ${GENERATION}${LOAD_JOINS}
 WHERE s.id = $1 AND s.expires_at > $2`;
const LOAD_ACTING_SQL = `${LOAD_COLUMNS}, ${GENERATION},
       ac.id AS acting_id, ac.name AS acting_name, ac.logo_media_id AS acting_logo,
       ac.primary_color AS acting_primary, ac.secondary_color AS acting_secondary, ac.sector AS acting_sector${LOAD_JOINS}
  LEFT JOIN companies ac ON ac.id = $3 AND ac.deleted_at IS NULL
 WHERE s.id = $1 AND s.expires_at > $2`;
/**
 * The session row and the generation: one primary-key read each (G1). The times arrive as numbers
 * of milliseconds (floor: what reading them as a Date keeps), from date_part's float rather than
 * extract's numeric, and the lifetime is compared here rather than with a time sent as a
 * parameter: the driver's parsing and formatting of dates cost more than the rest of the row, and
 * the database spends less on float than on numeric arithmetic (bench/README, G1).
 */
const HEAD_SQL = `SELECT s.account_id, s.csrf_token, s.locale AS session_locale,
       floor(date_part('epoch', s.last_seen_at) * 1000)::int8 AS last_seen_ms,
       floor(date_part('epoch', s.expires_at) * 1000)::int8 AS expires_ms, g.n::text AS generation
  FROM sessions s LEFT JOIN auth_generation g ON g.id = 1
 WHERE s.id = $1`;

/** What a session is made of besides its own row: the same for every session of an account. */
interface Profile {
  generation: string;
  self: EmployeeActor | ClientActor;
  actingCompany: CompanyBrand | null;
}
/** Profiles kept per process (account x acting company); the oldest goes first past this many. */
const PROFILE_CACHE_SIZE = 20_000;

/** The URL of a company's logo (a stored image the company's portal may see: scope.media), or null. */
export function logoUrl(logoMediaId: number | string | null): string | null {
  return logoMediaId === null || logoMediaId === undefined ? null : `/api/media/${Number(logoMediaId)}/thumb`;
}

function brand(
  id: number,
  name: string | null,
  logo: string | null,
  primary: string | null,
  secondary: string | null,
  sector: string | null,
): CompanyBrand {
  return {
    id,
    name: name ?? '',
    logo: logoUrl(logo),
    primaryColor: primary ?? '#1c3d5a',
    secondaryColor: secondary ?? '#c8a45c',
    sector: sector === 'leisure' ? 'leisure' : 'cruise',
  };
}

const asLocale = (v: string | null): Locale => (v === 'en' || v === 'nl' ? v : DEFAULT_LOCALE);
const profileKey = (accountId: number, actingCompanyId: number | null) => `${accountId}|${actingCompanyId ?? ''}`;
const ANONYMOUS_ACTOR: Actor = Object.freeze({ kind: 'anonymous' });

/**
 * Role permissions cached per process and checked against the role's version on every load, so
 * a change saved by any process is seen by all without a second query per request (G1).
 */
export class PermissionCache {
  private readonly cache = new Map<number, { version: number; permissions: ReadonlySet<Permission> }>();
  private static readonly all: ReadonlySet<Permission> = new Set(PERMISSIONS);

  constructor(private readonly db: Database) {}

  async get(roleId: number, version: number, isAdmin: boolean): Promise<ReadonlySet<Permission>> {
    if (isAdmin) return PermissionCache.all;
    const hit = this.cache.get(roleId);
    if (hit && hit.version === version) return hit.permissions;
    const rows = await this.db.raw.query<{ permission: string; version: number }>(
      `SELECT rp.permission, r.version FROM roles r LEFT JOIN role_permissions rp ON rp.role_id = r.id WHERE r.id = $1`,
      [roleId],
    );
    const perms = new Set(rows.map((r) => r.permission).filter((p): p is Permission => !!p && isPermission(p)));
    const current = rows[0]?.version ?? version;
    this.cache.set(roleId, { version: current, permissions: perms });
    return perms;
  }
}

/**
 * How long a session kept for the routes that opt in (loadCached: the page-view beacon, the
 * current user) serves without a database read. Its end does not depend on this: every process
 * hears of a session's end and of any change to an account, role or company (the session_cache
 * channel, migrations 0029 and 0030) and forgets the sessions that ended or everything it kept,
 * and the session's own time limits are honoured exactly (the entry ends with them). This only
 * makes sure a kept session is read again now and then, whatever happens.
 */
const SESSION_CACHE_MS = 5 * MINUTE;
const SESSION_CACHE_SIZE = 20_000;
/** The channel the triggers of migration 0029 notify. */
export const SESSION_CACHE_CHANNEL = 'session_cache';

export class SessionStore {
  /** Copies of loaded sessions for the high-volume routes that opt in (see loadCached). */
  private readonly cache = new Map<string, { session: LoadedSession; until: number }>();
  /** Whether the session_cache channel is heard: nothing is kept while it is not. */
  private cacheOn = false;
  /** Bumped whenever everything kept is forgotten: a load that began before it is not kept. */
  private cacheEpoch = 0;
  private stopListening: (() => Promise<void>) | null = null;
  /** last_seen_at values not written yet: session id hash -> time (see touch). */
  private readonly pendingTouches = new Map<string, Date>();
  /** The batch being written: load() still counts it until the UPDATE is done. */
  private writingTouches = new Map<string, Date>();
  /**
   * The account part of loaded sessions, with the auth generation it was read at: reused while the
   * generation is unchanged, so a request reads only its session row and that number (G1). Any
   * change to an account, employee, company user, role, permission or company bumps the number in
   * the same commit (triggers), so nothing stale is ever used, in this process or another.
   */
  private readonly profiles = new Map<string, Profile>();
  private touchTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly policy: SessionPolicy,
    private readonly permissions: PermissionCache,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  private cutoffs(now: Date) {
    return { idle: new Date(this.idleCutoffMs(now)) };
  }

  /** The last activity at or before this time (ms) makes a session idle. */
  private idleCutoffMs(now: Date): number {
    return now.getTime() - this.policy.idleMinutes * MINUTE;
  }

  /** Loads a session by its cookie value; null when unknown, idle too long or past its lifetime. */
  load(cookieValue: string, actingCompanyId: number | null, now: Date): Promise<LoadedSession | null> {
    return this.loadByHash(sha256(cookieValue), actingCompanyId, now);
  }

  /** load() by the stored hash of the cookie: a job started by a request acts as that request's session, while it lasts. */
  async loadByHash(idHash: string, actingCompanyId: number | null, now: Date): Promise<LoadedSession | null> {
    const [head] = await this.db.raw.query<SessionHeadRow>(HEAD_SQL, [idHash], 'session_head');
    if (!head || Number(head.expires_ms) <= now.getTime()) return null;
    const lastSeenAt = this.lastSeen(idHash, new Date(Number(head.last_seen_ms)));
    if (lastSeenAt.getTime() <= this.idleCutoffMs(now)) return null;
    // Literals, not { ...base, actor }: a spread followed by more fields is slow on Node 20 (G1).
    const locale = head.session_locale === null ? null : asLocale(head.session_locale);
    if (head.account_id === null && actingCompanyId === null)
      return {
        idHash,
        accountId: null,
        csrfToken: head.csrf_token,
        locale,
        lastSeenAt,
        expiresAt: Number(head.expires_ms),
        actor: ANONYMOUS_ACTOR,
        self: null,
        actingCompany: null,
      };
    if (head.account_id !== null && head.generation !== null) {
      const known = this.profiles.get(profileKey(head.account_id, actingCompanyId));
      if (known && known.generation === head.generation) {
        return {
          idHash,
          accountId: head.account_id,
          csrfToken: head.csrf_token,
          locale,
          lastSeenAt,
          expiresAt: Number(head.expires_ms),
          actor: known.self,
          self: known.self,
          actingCompany: known.actingCompany,
        };
      }
    }
    return this.loadWhole(idHash, actingCompanyId, now);
  }

  /** Activity this process saw but has not written yet counts. */
  private lastSeen(idHash: string, stored: Date): Date {
    let lastSeenAt = stored;
    const pending = this.pendingTouches.size > 0 ? this.pendingTouches.get(idHash) : undefined;
    if (pending && pending > lastSeenAt) lastSeenAt = pending;
    const writing = this.writingTouches.size > 0 ? this.writingTouches.get(idHash) : undefined;
    if (writing && writing > lastSeenAt) lastSeenAt = writing;
    return lastSeenAt;
  }

  /** The session with its account, profile, role and company in one statement; the profile is kept for the next request. */
  private async loadWhole(idHash: string, actingCompanyId: number | null, now: Date): Promise<LoadedSession | null> {
    const rows =
      actingCompanyId === null
        ? await this.db.raw.query<SessionRow>(LOAD_SQL, [idHash, now], 'session_load')
        : await this.db.raw.query<SessionRow>(LOAD_ACTING_SQL, [idHash, now, actingCompanyId], 'session_load_acting');
    const r = rows[0];
    if (!r) return null;
    // Idle check here rather than in SQL: activity this process saw but has not written yet counts.
    const lastSeenAt = this.lastSeen(idHash, r.last_seen_at);
    if (lastSeenAt <= this.cutoffs(now).idle) return null;
    let self: EmployeeActor | ClientActor | null = null;
    if (r.account_id !== null) {
      if (r.guardable_type === 'employee' && r.employee_id !== null) {
        const role =
          r.role_id !== null
            ? {
                id: r.role_id,
                slug: r.role_slug ?? '',
                name: r.role_name ?? '',
                is_admin: r.role_is_admin === true,
                dashboard_view: isDashboardView(r.role_dashboard_view ?? '')
                  ? (r.role_dashboard_view as DashboardView)
                  : 'general',
              }
            : null;
        const permissions =
          r.role_id !== null
            ? await this.permissions.get(r.role_id, r.role_version ?? 0, r.role_is_admin === true)
            : new Set<Permission>();
        self = {
          kind: 'employee',
          accountId: r.account_id,
          employeeId: r.employee_id,
          email: r.email ?? '',
          locale: asLocale(r.locale),
          firstLogin: r.first_login === true,
          profile: {
            first_name: r.e_first_name ?? '',
            insertion: r.e_insertion,
            last_name: r.e_last_name ?? '',
            function: r.e_function,
          },
          role,
          permissions,
          selfService: {
            bookHours: r.e_mobile_hours !== false,
            overnights: r.e_mobile_overnights !== false,
            planner: r.e_mobile_planner === true,
          },
        };
      } else if (r.guardable_type === 'client' && r.client_id !== null && r.company_id !== null && r.company_name !== null) {
        self = {
          kind: 'client',
          companyId: r.company_id,
          company: brand(r.company_id, r.company_name, r.company_logo, r.company_primary, r.company_secondary, r.company_sector),
          accountId: r.account_id,
          companyUserId: r.client_id,
          email: r.email,
          locale: asLocale(r.locale),
          firstLogin: r.first_login === true,
          profile: {
            first_name: r.c_first_name ?? '',
            insertion: r.c_insertion,
            last_name: r.c_last_name ?? '',
            job_title: r.c_job_title,
          },
          actingEmployee: null,
        };
      } else {
        // The account was disabled or its profile removed: the session ends here for good, so
        // enabling the account again does not bring it back (S5).
        await this.db.raw.query('DELETE FROM sessions WHERE id = $1', [idHash], 'session_end');
        return null;
      }
    }
    const actingCompany =
      r.acting_id !== null && r.acting_id !== undefined
        ? brand(
            r.acting_id,
            r.acting_name ?? null,
            r.acting_logo ?? null,
            r.acting_primary ?? null,
            r.acting_secondary ?? null,
            r.acting_sector ?? null,
          )
        : null;
    if (self && r.account_id !== null && r.generation !== null) {
      const key = profileKey(r.account_id, actingCompanyId);
      if (!this.profiles.has(key) && this.profiles.size >= PROFILE_CACHE_SIZE) {
        this.profiles.delete(this.profiles.keys().next().value as string);
      }
      this.profiles.set(key, { generation: r.generation, self, actingCompany });
    }
    return {
      idHash,
      accountId: r.account_id,
      csrfToken: r.csrf_token,
      locale: r.session_locale === null ? null : asLocale(r.session_locale),
      lastSeenAt,
      expiresAt: Number(r.expires_ms),
      actor: self ?? ANONYMOUS_ACTOR,
      self,
      actingCompany,
    };
  }

  /**
   * load() with an in-process memory, for routes where volume is high and a session is all they
   * need (the page-view beacon G2, the current user G1). A kept session is forgotten when any
   * process ends a session or changes an account, role or company (notified on session_cache after
   * the commit), when its idle or absolute limit comes, and after SESSION_CACHE_MS. The process that
   * made the change forgets before its statement returns (db/client.ts, listen). While the channel
   * is not heard (not yet listening, or its connection lost) nothing is kept and every request reads
   * the database. The one window left is the notification's travel to the other processes after
   * the commit, a few milliseconds.
   */
  async loadCached(cookieValue: string, actingCompanyId: number | null, now: Date): Promise<LoadedSession | null> {
    const hit = this.remembered(cookieValue, actingCompanyId, now);
    if (hit !== undefined) return hit;
    const key = `${cookieValue}|${actingCompanyId ?? ''}`;
    // A notification that arrives while this load runs may concern what it reads: then it is not kept.
    const epoch = this.cacheEpoch;
    const session = await this.load(cookieValue, actingCompanyId, now);
    if (session && this.cacheOn && epoch === this.cacheEpoch) {
      if (this.cache.size >= SESSION_CACHE_SIZE) this.cache.delete(this.cache.keys().next().value as string);
      const until = Math.min(
        now.getTime() + SESSION_CACHE_MS,
        session.expiresAt,
        session.lastSeenAt.getTime() + this.policy.idleMinutes * MINUTE,
      );
      this.cache.set(key, { session, until });
    } else {
      this.cache.delete(key);
    }
    return session;
  }

  /** Whether loadCached() keeps sessions now: the session_cache channel is heard. */
  get keeping(): boolean {
    return this.cacheOn;
  }

  /** What loadCached() would answer from its memory, without a promise; undefined when it would load. */
  remembered(cookieValue: string, actingCompanyId: number | null, now: Date): LoadedSession | undefined {
    const hit = this.cache.get(`${cookieValue}|${actingCompanyId ?? ''}`);
    return hit && hit.until > now.getTime() ? hit.session : undefined;
  }

  private forget(match: (s: LoadedSession) => boolean): void {
    for (const [key, entry] of this.cache) if (match(entry.session)) this.cache.delete(key);
  }

  /** Forgets every kept session (a notification, or the channel lost or found again). */
  private forgetAll(): void {
    this.cacheEpoch++;
    this.cache.clear();
  }

  /**
   * A notification on session_cache: the ids (hashes) of sessions that ended, comma-separated, or
   * empty for anything else (an account, role or company changed; a session changed; many ended),
   * which forgets everything. A sign-in, which ends the anonymous session it replaces, so no longer
   * makes every process load every session again. A load in flight is not kept either way.
   */
  private forgetNotified(payload: string): void {
    if (payload === '') {
      this.forgetAll();
      return;
    }
    this.cacheEpoch++;
    const ended = new Set(payload.split(','));
    this.forget((s) => ended.has(s.idHash));
  }

  /** Starts a session; returns the cookie value (only ever sent to the browser) and its CSRF token. */
  async create(
    db: DbOrTx,
    input: { accountId: number | null; locale: Locale | null; ip: string; userAgent: string | undefined },
    now: Date,
  ): Promise<{ cookie: string; csrfToken: string }> {
    const cookie = randomToken(32);
    const csrfToken = randomToken(32);
    await db.insert(sessions).values({
      id: sha256(cookie),
      accountId: input.accountId,
      csrfToken,
      locale: input.locale,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.policy.absoluteHours * 60 * MINUTE),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    });
    return { cookie, csrfToken };
  }

  async destroy(db: DbOrTx, idHash: string): Promise<void> {
    // The memory forgets it when the DELETE's trigger tells this process (migration 0030).
    await db.delete(sessions).where(eq(sessions.id, idHash));
  }

  /** Ends every session of an account, optionally keeping one (password change on this device) (S5, S6). */
  async destroyAllFor(db: DbOrTx, accountId: number, exceptIdHash?: string): Promise<void> {
    await db
      .delete(sessions)
      .where(and(eq(sessions.accountId, accountId), exceptIdHash ? ne(sessions.id, exceptIdHash) : undefined));
  }

  /**
   * Records activity at most once a minute per session, and writes it in one batched UPDATE every
   * few seconds instead of on the request path (G1). Until then load() counts the pending time, so
   * the idle limit is exact within this process and late by at most the flush interval elsewhere.
   */
  touch(session: LoadedSession, now: Date): void {
    if (now.getTime() - session.lastSeenAt.getTime() < MINUTE) return;
    // A kept session (loadCached) serves many requests with this object: it carries the time from
    // now on, or each of them would record it again and every batch would rewrite the row.
    session.lastSeenAt = now;
    const pending = this.pendingTouches.get(session.idHash);
    if (!pending || pending < now) this.pendingTouches.set(session.idHash, now);
  }

  /** Starts the periodic write of recorded activity, and listening for ended and changed sessions (loadCached). */
  start(intervalMs = 5_000): void {
    this.stopListening ??= this.db.listen(SESSION_CACHE_CHANNEL, {
      notified: (payload) => this.forgetNotified(payload),
      listening: (on) => {
        this.forgetAll();
        this.cacheOn = on;
      },
    });
    if (this.touchTimer) return;
    this.touchTimer = setInterval(() => {
      this.flushTouches().catch(this.onError);
    }, intervalMs);
    this.touchTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.touchTimer) clearInterval(this.touchTimer);
    this.touchTimer = null;
    const stopListening = this.stopListening;
    this.stopListening = null;
    await stopListening?.();
    await this.flushTouches();
  }

  /** Writes all recorded activity; a later time never goes backwards. */
  async flushTouches(): Promise<void> {
    while (this.flushing !== null) await this.flushing;
    if (this.pendingTouches.size === 0) return;
    const batch = [...this.pendingTouches];
    // A load() racing the UPDATE below reads the old time from the table: it finds this one here.
    this.writingTouches = new Map(batch);
    this.pendingTouches.clear();
    this.flushing = this.db.raw
      .query(
        // The rows are locked in id order before the update: two processes writing overlapping
        // batches (a balancer spreads one person's requests) in different orders each waited for
        // a row the other held, and PostgreSQL broke the deadlock after a second by failing one.
        `WITH x AS (SELECT * FROM unnest($1::text[], $2::timestamptz[]) AS x(id, t)),
              locked AS (SELECT s.id FROM sessions s JOIN x ON x.id = s.id
                          WHERE s.last_seen_at < x.t ORDER BY s.id FOR UPDATE OF s)
         UPDATE sessions s SET last_seen_at = x.t
           FROM x JOIN locked l ON l.id = x.id
          WHERE s.id = x.id AND s.last_seen_at < x.t`,
        [batch.map(([id]) => id), batch.map(([, t]) => t)],
        'session_touch_batch',
      )
      .then(() => undefined)
      .catch((err) => {
        // Keep what could not be written for the next round, unless something newer came in.
        for (const [id, t] of batch) {
          const newer = this.pendingTouches.get(id);
          if (!newer || newer < t) this.pendingTouches.set(id, t);
        }
        throw err;
      })
      .finally(() => {
        this.writingTouches = new Map();
        this.flushing = null;
      });
    await this.flushing;
  }

  async setLocale(idHash: string, locale: Locale): Promise<void> {
    await this.db.raw.query('UPDATE sessions SET locale = $2 WHERE id = $1', [idHash, locale]);
  }

  /** Removes expired and idle sessions; run by a scheduled job. @returns rows removed */
  async purge(now: Date): Promise<number> {
    await this.flushTouches();
    const rows = await this.db.raw.query<{ n: number }>(
      `WITH d AS (DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2 RETURNING 1) SELECT count(*)::int AS n FROM d`,
      [now, this.cutoffs(now).idle],
    );
    return rows[0]?.n ?? 0;
  }
}
