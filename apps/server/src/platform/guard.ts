import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Access } from './access';
import type { Actor, ClientActor } from './actor';
import { can } from './can';
import { sessionCookieName } from './cookies';
import { safeEqualDigest, sha256Digest } from './crypto';
import { AppError } from './errors';
import type { LoadedSession } from './session-store';
import { verifyViewToken, viewTokenCompany } from './view-link';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ANONYMOUS: Actor = { kind: 'anonymous' };

/**
 * The digest of each loaded session's CSRF token, kept with the session object: a session from
 * the session memory of the page-view beacon (G2) serves many requests, and each compared its
 * token's digest anew.
 */
const csrfDigests = new WeakMap<LoadedSession, Buffer>();

/** The request's token against the session's, in constant time (C1). */
function csrfMatches(token: string, session: LoadedSession): boolean {
  let digest = csrfDigests.get(session);
  if (digest === undefined) {
    digest = sha256Digest(session.csrfToken);
    csrfDigests.set(session, digest);
  }
  return safeEqualDigest(token, session.csrfToken, digest);
}

interface ActingHeader {
  present: boolean;
  id: number | null;
}

/** Acting-As must be a plain positive int4; anything else is remembered as present-but-invalid. */
export function parseActingAs(raw: string | string[] | undefined): ActingHeader {
  if (raw === undefined) return { present: false, id: null };
  if (typeof raw !== 'string' || !/^[1-9][0-9]{0,9}$/.test(raw)) return { present: true, id: null };
  const n = Number(raw);
  return { present: true, id: n <= 2_147_483_647 ? n : null };
}

function headerString(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
}

/** Allows or refuses the caller for a route's declared access. Fails closed (I7). */
export function enforceAccess(accessDecl: Access | undefined, actor: Actor): void {
  if (!accessDecl) throw new AppError('FORBIDDEN', { message: 'Route declares no access' });
  if (accessDecl.kind === 'public') return;
  if (actor.kind === 'anonymous') throw new AppError('UNAUTHENTICATED');
  switch (accessDecl.kind) {
    case 'signed-in':
      return;
    case 'portal':
      if (actor.kind !== 'client') throw new AppError('FORBIDDEN');
      return;
    case 'employee':
      if (actor.kind !== 'employee') throw new AppError('FORBIDDEN');
      if (accessDecl.anyOf.length > 0 && !can(actor, accessDecl.anyOf)) throw new AppError('FORBIDDEN');
      return;
    case 'employee-or-portal':
      if (actor.kind === 'client') return;
      if (accessDecl.anyOf.length > 0 && !can(actor, accessDecl.anyOf)) throw new AppError('FORBIDDEN');
      return;
  }
}

/**
 * Per request, in one place and before the body is read: load the session and the actor (one
 * query), refuse cross-site and token-less unsafe requests (C1, C8), resolve Acting-As (Z6) and
 * enforce the route's declared access (Z1).
 */
export const guardPlugin = fp(async (app: FastifyInstance) => {
  const p = app.platform;
  const cookieName = sessionCookieName(p.config);

  app.decorateRequest('ctx', null as never);

  // A callback, not an async function: a session from the beacon's session memory (G2) is admitted
  // without a promise, and a loaded one with a single then().
  app.addHook('onRequest', (req, _reply, done) => {
    const now = p.clock();
    // Read once: Fastify builds a new object on every read of req.routeOptions.
    const route = req.routeOptions;
    // An image or a download link opened while acting carries the acting view in `view`
    // (view-link.ts): it stands for the Acting-As header, which such a request cannot send.
    const viewLink =
      route.config?.viewLink === true && SAFE_METHODS.has(req.method) && req.headers['acting-as'] === undefined
        ? (req.query as Record<string, unknown> | undefined)?.view
        : undefined;
    const acting =
      viewLink === undefined ? parseActingAs(req.headers['acting-as']) : { present: true, id: viewTokenCompany(viewLink) };
    const sid = req.cookies[cookieName];
    if (!sid || sid.length > 128) {
      settle(req, route, null, acting, viewLink, now, done);
      return;
    }
    let loading: Promise<LoadedSession | null>;
    if (route.config?.sessionCache === true) {
      const remembered = p.sessions.remembered(sid, acting.id, now);
      if (remembered !== undefined) {
        settle(req, route, remembered, acting, viewLink, now, done);
        return;
      }
      loading = p.sessions.loadCached(sid, acting.id, now);
    } else {
      loading = p.sessions.load(sid, acting.id, now);
    }
    loading.then((session) => settle(req, route, session, acting, viewLink, now, done), done);
  });

  /**
   * Who is asking and whether they may: admits the request with its session (done()) or refuses it
   * (done(err) with the refusal thrown below); calls done once either way.
   */
  function settle(
    req: FastifyRequest,
    route: FastifyRequest['routeOptions'],
    session: LoadedSession | null,
    acting: ActingHeader,
    viewLink: unknown,
    now: Date,
    done: (err?: Error) => void,
  ): void {
    try {
      let actor: Actor = session?.actor ?? ANONYMOUS;
      // The platform's fields one by one: an object spread followed by more fields cost about 5 us
      // per request on Node 20 (G1, G2). TypeScript keeps this list complete (Ctx extends Platform).
      req.ctx = {
        config: p.config,
        db: p.db,
        clock: p.clock,
        sessions: p.sessions,
        mailer: p.mailer,
        jobs: p.jobs,
        analytics: p.analytics,
        limiter: p.limiter,
        storage: p.storage,
        turns: p.turns,
        actor,
        requestId: String(req.id),
        log: req.log,
        ip: req.ip,
        userAgent: headerString(req, 'user-agent'),
        session,
      };

      if (!SAFE_METHODS.has(req.method)) {
        if (headerString(req, 'sec-fetch-site') === 'cross-site') {
          req.log.warn({ event: 'csrf.cross-site' }, 'cross-site unsafe request refused');
          throw new AppError('CROSS_SITE_REQUEST');
        }
        const token = headerString(req, 'x-xsrf-token') ?? headerString(req, 'x-csrf-token');
        if (!session || token === undefined || !csrfMatches(token, session)) {
          req.log.warn({ event: 'csrf.mismatch', hasSession: !!session, hasToken: token !== undefined }, 'CSRF token mismatch');
          throw new AppError('CSRF_TOKEN_MISMATCH');
        }
      }

      if (viewLink !== undefined) {
        const valid =
          acting.id !== null &&
          session !== null &&
          typeof viewLink === 'string' &&
          verifyViewToken(viewLink, session.csrfToken, acting.id, now);
        if (!valid) {
          req.log.warn({ event: 'view-link.refused', hasSession: session !== null }, 'view link refused');
          throw new AppError('FORBIDDEN', { message: 'This link belongs to another session or has expired: reload the page' });
        }
      }

      if (acting.present && actor.kind !== 'anonymous') {
        if (actor.kind !== 'employee' || !can(actor, 'companies.act-as-client')) {
          req.log.warn({ event: 'acting-as.forbidden', accountId: session?.accountId }, 'Acting-As refused');
          throw new AppError('FORBIDDEN', { message: 'Acting-As is not allowed for this account' });
        }
        if (acting.id === null) throw new AppError('ACTING_AS_INVALID');
        if (!session?.actingCompany) {
          req.log.warn({ event: 'acting-as.unknown-company', companyId: acting.id }, 'Acting-As names no company');
          throw new AppError('COMPANY_NOT_FOUND');
        }
        const view: ClientActor = {
          kind: 'client',
          companyId: session.actingCompany.id,
          company: session.actingCompany,
          accountId: null,
          companyUserId: null,
          email: null,
          locale: actor.locale,
          firstLogin: false,
          profile: null,
          actingEmployee: actor,
        };
        actor = view;
        req.ctx.actor = view;
      }

      // Unknown paths have no route options; the not-found handler answers them.
      if (route.url !== undefined) {
        try {
          enforceAccess(route.config.access, actor);
        } catch (err) {
          if (err instanceof AppError && err.code === 'FORBIDDEN') {
            req.log.warn({ event: 'access.forbidden', route: route.url }, 'forbidden');
          }
          throw err;
        }
      }
      if (session) p.sessions.touch(session, now);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  }

  // A route that declares no body takes none: anything sent is refused rather than ignored (I1).
  app.addHook('preValidation', (req, _reply, done) => {
    const body = req.body as unknown;
    if (body === undefined || body === null) {
      done();
      return;
    }
    const empty = typeof body === 'object' && Object.keys(body).length === 0;
    if (!empty && !req.routeOptions.schema?.body) {
      done(
        new AppError('VALIDATION_FAILED', { message: 'This route takes no body', fieldErrors: { _: { code: 'unknown_field' } } }),
      );
      return;
    }
    done();
  });
});
