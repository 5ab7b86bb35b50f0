import type {
  ChangePasswordInput,
  CompanyBrand,
  CreatePasswordInput,
  CurrentUserResponse,
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
} from '@app/shared/auth/auth';
import { fullName } from '@app/shared/auth/auth';
import { DEFAULT_LOCALE, type Locale } from '@app/shared/platform/locale';
import { type ClientActor, type EmployeeActor, signedInAccountId } from '../../platform/actor';
import { MINUTE } from '../../platform/clock';
import type { Ctx, Platform } from '../../platform/context';
import { randomToken, sha256 } from '../../platform/crypto';
import { AppError, fieldError } from '../../platform/errors';
import { hashPassword, isCommonPassword, verifyPassword } from '../../platform/password';
import { invitationMail, passwordChangedMail, passwordResetMail } from './auth.mails';
import * as repo from './auth.repository';

export const JOB_RESET_MAIL = 'auth.reset-mail';
export const JOB_INVITE_MAIL = 'auth.invite-mail';
export const JOB_PASSWORD_CHANGED_MAIL = 'auth.password-changed-mail';

const LOGIN_WINDOW_MS = MINUTE;
const LOGIN_MAX_PER_WINDOW = 5;
const ACCOUNT_WINDOW_MS = 60 * MINUTE;
const ACCOUNT_MAX_PER_WINDOW = 100;
// Password spraying: one address trying many accounts. 50 failures per 15 minutes is far above
// what an office behind one NAT address makes (docs/decisions.md, A3b).
const IP_WINDOW_MS = 15 * MINUTE;
const IP_MAX_PER_WINDOW = 50;
const RESET_MAIL_INTERVAL_MS = MINUTE;

export interface IssuedSession {
  cookie: string;
  csrfToken: string;
}

const loginKeys = (email: string, ip: string) => ({
  pair: `login:${email.toLowerCase()}|${ip}`,
  account: `login-account:${email.toLowerCase()}`,
  ip: `login-ip:${ip}`,
});

function throttled(ctx: Ctx, resetAt: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  ctx.log.warn({ event: 'login.throttled' }, 'login throttled');
  return new AppError('LOGIN_THROTTLED', { headers: { 'retry-after': String(retryAfter) }, details: { retryAfter } });
}

/**
 * Signs a person in: throttled per client address, per (email, IP) and per account across all
 * processes (A3b, A2, A3), one generic failure for every reason (A1), a new session id on success (S2).
 * @throws LOGIN_THROTTLED, LOGIN_FAILED
 */
export async function login(ctx: Ctx, input: LoginInput): Promise<IssuedSession> {
  const now = ctx.clock();
  const keys = loginKeys(input.email, ctx.ip);
  // Each attempt is counted (one atomic upsert) before the password is checked, so parallel
  // requests cannot all pass a check made before any of them was counted. A success gives its
  // reservation back.
  const perIp = await ctx.limiter.hit(keys.ip, IP_WINDOW_MS, now);
  if (perIp.count > IP_MAX_PER_WINDOW) throw throttled(ctx, perIp.resetAt, now);
  const pair = await ctx.limiter.hit(keys.pair, LOGIN_WINDOW_MS, now);
  const perAccount = pair.count > LOGIN_MAX_PER_WINDOW ? null : await ctx.limiter.hit(keys.account, ACCOUNT_WINDOW_MS, now);
  if (!perAccount || perAccount.count > ACCOUNT_MAX_PER_WINDOW) {
    // Refused by a narrower limit before any password was checked: not a failure of the address,
    // so one person hammering their own account does not use up the office's budget.
    await ctx.limiter.release(keys.ip, now);
    throw perAccount ? throttled(ctx, perAccount.resetAt, now) : throttled(ctx, pair.resetAt, now);
  }

  const account = await repo.findAccountByEmail(ctx.db.orm, input.email);
  const passwordOk = await verifyPassword(account?.passwordHash, input.password);
  if (!account || !passwordOk || !account.usable) {
    ctx.log.info({ event: 'login.failed', accountId: account?.id ?? null }, 'login failed');
    throw new AppError('LOGIN_FAILED', { message: 'These credentials do not match our records' });
  }

  await Promise.all([ctx.limiter.clear(keys.pair), ctx.limiter.release(keys.account, now), ctx.limiter.release(keys.ip, now)]);
  const issued = await ctx.db.orm.transaction(async (tx) => {
    if (ctx.session) await ctx.sessions.destroy(tx, ctx.session.idHash);
    await repo.recordLogin(tx, account.id, now);
    return ctx.sessions.create(tx, { accountId: account.id, locale: null, ip: ctx.ip, userAgent: ctx.userAgent }, now);
  });
  const companyId = await repo.companyOfAccount(ctx.db.orm, account.id);
  ctx.analytics.push({
    createdAt: now,
    eventType: 'login',
    accountId: account.id,
    companyId,
    actingEmployeeAccountId: null,
    url: null,
    routeName: null,
    metadata: {},
  });
  ctx.log.info({ event: 'login.ok', accountId: account.id }, 'login');
  return issued;
}

/** Ends the current session and hands out a fresh anonymous one with a new XSRF token (S3, C4). */
export async function logout(ctx: Ctx): Promise<IssuedSession> {
  const now = ctx.clock();
  return ctx.db.orm.transaction(async (tx) => {
    if (ctx.session) {
      await ctx.sessions.destroy(tx, ctx.session.idHash);
      if (ctx.session.accountId) ctx.log.info({ event: 'logout', accountId: ctx.session.accountId }, 'logout');
    }
    // The language on screen stays after signing out, also when it came from the account.
    const locale = ctx.session?.self?.locale ?? ctx.session?.locale ?? null;
    return ctx.sessions.create(tx, { accountId: null, locale, ip: ctx.ip, userAgent: ctx.userAgent }, now);
  });
}

/** For GET /sanctum/csrf-cookie: the current session's token, or a new anonymous session. */
export async function csrfSession(ctx: Ctx): Promise<IssuedSession | { csrfToken: string; cookie: null }> {
  if (ctx.session) return { csrfToken: ctx.session.csrfToken, cookie: null };
  return ctx.sessions.create(ctx.db.orm, { accountId: null, locale: null, ip: ctx.ip, userAgent: ctx.userAgent }, ctx.clock());
}

/**
 * Answers built per signed-in profile without an acting view. The session store hands out the same
 * profile object while nothing about the account changed (its auth generation), so the answer is
 * built once per profile rather than once per request (G1); a changed account is a new object.
 */
const currentUserAnswers = new WeakMap<object, CurrentUserResponse>();

/** GET /api/user/current, built from what the request's one session query already loaded. @throws UNAUTHENTICATED */
export function currentUser(ctx: Ctx): CurrentUserResponse {
  const self = ctx.session?.self;
  if (!self) throw new AppError('UNAUTHENTICATED');
  const actingAs = ctx.actor.kind === 'client' && ctx.actor.actingEmployee ? ctx.actor.company : null;
  if (actingAs !== null) return buildCurrentUser(self, actingAs);
  let answer = currentUserAnswers.get(self);
  if (!answer) {
    answer = buildCurrentUser(self, null);
    currentUserAnswers.set(self, answer);
  }
  return answer;
}

function buildCurrentUser(self: EmployeeActor | ClientActor, actingAs: CompanyBrand | null): CurrentUserResponse {
  if (self.kind === 'employee') {
    return {
      data: {
        id: self.accountId,
        email: self.email,
        name: fullName(self.profile),
        locale: self.locale,
        first_login: self.firstLogin,
        guardable_type: 'employee',
        guardable: { id: self.employeeId, ...self.profile, self_service: self.selfService },
        acting_as: actingAs,
      },
      permissions: [...self.permissions],
      role: self.role,
    };
  }
  const profile = self.profile ?? { first_name: '', insertion: null, last_name: '', job_title: null };
  return {
    data: {
      id: self.accountId ?? 0,
      email: self.email ?? '',
      name: fullName(profile),
      locale: self.locale,
      first_login: self.firstLogin,
      guardable_type: 'client',
      guardable: {
        id: self.companyUserId ?? 0,
        company_id: self.companyId,
        ...profile,
        company: self.company,
      },
      acting_as: null,
    },
    permissions: [],
    role: null,
  };
}

/** The language to use: the account's when signed in, else the guest session's, else Dutch. */
export function currentLocale(ctx: Ctx): Locale {
  return ctx.session?.self?.locale ?? ctx.session?.locale ?? DEFAULT_LOCALE;
}

/** Saves the language on the session and, when signed in, on the account (the real employee when acting). */
export async function setLocale(ctx: Ctx, locale: Locale): Promise<void> {
  if (!ctx.session) throw new AppError('UNAUTHENTICATED');
  await ctx.sessions.setLocale(ctx.session.idHash, locale);
  const accountId = signedInAccountId(ctx.actor);
  if (accountId !== null) await repo.setAccountLocale(ctx.db.orm, accountId, locale);
}

/** Clears the first-login flag of a company user; an employee acting as the company changes nothing. */
export async function disableFirstLogin(ctx: Ctx): Promise<void> {
  if (ctx.actor.kind !== 'client' || ctx.actor.actingEmployee || ctx.actor.accountId === null) return;
  await repo.disableFirstLogin(ctx.db.orm, ctx.actor.accountId);
}

/**
 * Starts a password reset. Known and unknown addresses get the same answer in the same time (A8):
 * the request only queues a job; the job makes the token and sends the mail. At most one mail
 * per account per minute.
 */
export async function forgotPassword(ctx: Ctx, input: ForgotPasswordInput): Promise<void> {
  const now = ctx.clock();
  const account = await repo.findAccountByEmail(ctx.db.orm, input.email);
  ctx.log.info({ event: 'password-reset.requested', accountId: account?.id ?? null }, 'password reset requested');
  if (!account?.usable) return;
  const hit = await ctx.limiter.hit(`reset-mail:${account.id}`, RESET_MAIL_INTERVAL_MS, now);
  if (hit.count > 1) return;
  await ctx.jobs.send(JOB_RESET_MAIL, { accountId: account.id });
}

/**
 * Whether a reset or invitation token is live, and for whom: the page greets the person, in the
 * person's language (the mail that brought them was in it). @throws TOKEN_INVALID
 */
export async function checkToken(ctx: Ctx, token: string, kind: 'reset' | 'invite') {
  const live = await repo.findLiveToken(ctx.db.orm, sha256(token), kind, ctx.clock(), false);
  const who = live ? await repo.findRecipient(ctx.db.orm, live.accountId) : null;
  if (!live || !who) throw new AppError('TOKEN_INVALID');
  return { email: who.email, name: who.name, expires_at: live.expiresAt.toISOString(), locale: who.locale };
}

async function checkNewPassword(password: string, email?: string): Promise<void> {
  if (await isCommonPassword(password)) throw fieldError('password', 'password_common');
  if (email && password.toLowerCase() === email.toLowerCase()) throw fieldError('password', 'password_is_email');
}

/**
 * Sets a new password from a single-use token: every session of the account ends, no one is
 * signed in automatically, and a confirmation mail goes out (A9, A12).
 * @throws TOKEN_INVALID, VALIDATION_FAILED
 */
export async function resetPassword(
  ctx: Ctx,
  input: ResetPasswordInput | CreatePasswordInput,
  kind: 'reset' | 'invite',
): Promise<void> {
  const now = ctx.clock();
  const tokenHash = sha256(input.token);
  const probe = await repo.findLiveToken(ctx.db.orm, tokenHash, kind, now, false);
  if (!probe) throw new AppError('TOKEN_INVALID');
  const who = await repo.findRecipient(ctx.db.orm, probe.accountId);
  await checkNewPassword(input.password, who?.email);
  const hash = await hashPassword(input.password);
  const accountId = await ctx.db.orm.transaction(async (tx) => {
    // Locked re-read: of two requests with the same token only one gets here with a live token.
    const live = await repo.findLiveToken(tx, tokenHash, kind, now, true);
    if (!live) throw new AppError('TOKEN_INVALID');
    await repo.markTokenUsed(tx, live.id, now);
    await repo.setPassword(tx, live.accountId, hash, now);
    await ctx.sessions.destroyAllFor(tx, live.accountId);
    return live.accountId;
  });
  ctx.log.info({ event: kind === 'reset' ? 'password-reset.used' : 'invitation.used', accountId }, 'password set from token');
  if (kind === 'reset') await ctx.jobs.send(JOB_PASSWORD_CHANGED_MAIL, { accountId });
}

/**
 * Changes the signed-in person's password after checking the current one; every other session of
 * the account ends (S6). @throws VALIDATION_FAILED
 */
export async function changePassword(ctx: Ctx, input: ChangePasswordInput): Promise<void> {
  const accountId = signedInAccountId(ctx.actor);
  if (accountId === null || !ctx.session) throw new AppError('UNAUTHENTICATED');
  const current = await repo.getPasswordHash(ctx.db.orm, accountId);
  if (!(await verifyPassword(current, input.current_password))) throw fieldError('current_password', 'password_incorrect');
  const who = await repo.findRecipient(ctx.db.orm, accountId);
  await checkNewPassword(input.password, who?.email);
  const hash = await hashPassword(input.password);
  const now = ctx.clock();
  const keep = ctx.session.idHash;
  await ctx.db.orm.transaction(async (tx) => {
    await repo.setPassword(tx, accountId, hash, now);
    await ctx.sessions.destroyAllFor(tx, accountId, keep);
  });
  ctx.log.info({ event: 'password.changed', accountId }, 'password changed');
  await ctx.jobs.send(JOB_PASSWORD_CHANGED_MAIL, { accountId });
}

/** Queues the invitation mail for a new account (used when users are created, and to re-send). */
export async function sendInvitation(p: Pick<Platform, 'jobs'>, accountId: number): Promise<void> {
  await p.jobs.send(JOB_INVITE_MAIL, { accountId });
}

async function issueToken(p: Platform, accountId: number, kind: 'reset' | 'invite', ttlMs: number): Promise<string> {
  const token = randomToken(32);
  const now = p.clock();
  await repo.insertToken(p.db.orm, {
    accountId,
    kind,
    tokenHash: sha256(token),
    expiresAt: new Date(now.getTime() + ttlMs),
    now,
  });
  return token;
}

/** The jobs behind the auth mails. The raw token exists only inside the job that mails it. */
export function registerAuthJobs(p: Platform): void {
  p.jobs.register<{ accountId: number }>(JOB_RESET_MAIL, async ({ accountId }) => {
    const who = await repo.findRecipient(p.db.orm, accountId);
    if (!who) return;
    const token = await issueToken(p, accountId, 'reset', p.config.resetExpiryMinutes * MINUTE);
    await p.mailer.send(
      passwordResetMail(who, `${p.config.appUrl}/auth/new-password#token=${token}`, p.config.resetExpiryMinutes),
    );
  });
  p.jobs.register<{ accountId: number }>(JOB_INVITE_MAIL, async ({ accountId }) => {
    const who = await repo.findRecipient(p.db.orm, accountId);
    if (!who) return;
    const token = await issueToken(p, accountId, 'invite', p.config.inviteExpiryHours * 60 * MINUTE);
    await p.mailer.send(
      invitationMail(who, `${p.config.appUrl}/auth/create-password#token=${token}`, p.config.inviteExpiryHours),
    );
  });
  p.jobs.register<{ accountId: number }>(JOB_PASSWORD_CHANGED_MAIL, async ({ accountId }) => {
    const who = await repo.findRecipient(p.db.orm, accountId);
    if (who) await p.mailer.send(passwordChangedMail(who, `${p.config.appUrl}/auth/login`));
  });
}
