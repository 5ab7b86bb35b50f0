import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { signedInAccountId } from './actor';
import { audit } from './audit';
import { Drain } from './drain';
import { AppError } from './errors';
import { scrubUrl } from './scrub';
import { actingCompanyOf, viewToken, withViewLinks } from './view-link';
import { isApiPath } from './web-app';

const AUTH_PAGES = /^\/auth\//;
const NO_AUDIT_ROUTES = new Set(['/api/science', '/api/acting-as']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Retry-After of the 503 a request gets while the process stops. */
const SHUTDOWN_RETRY_AFTER_SECONDS = 5;
const TEXTUAL_WITHOUT_CHARSET = /^(text\/[a-z0-9.+-]+|image\/svg\+xml|application\/(manifest\+json|xml|json|javascript))$/i;

function cspDirectives(secure: boolean) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    // The field app's service worker and manifest (issue 28): from this origin only.
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    ...(secure ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The CSP of an API answer: data, never a page the app runs in, so nothing is allowed beyond the
 * directives H1 requires (stricter than a page's: no inline style, no data: images or fonts).
 */
function apiCsp(secure: boolean): string {
  const directives = [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ];
  if (secure) directives.push('upgrade-insecure-requests');
  return directives.join(';');
}

/**
 * The headers of H1-H4. A page (the web app, its files, a downloaded file) gets helmet's whole
 * set. An API answer gets what applies to data: the CSP, nosniff, framing refused, the referrer
 * policy, the resource policy that keeps other sites from loading it, and HSTS; the headers that
 * only govern a page (opener, agent cluster, DNS prefetch, the old IE and Flash switches) are left
 * off. Every request writes and its client parses these (G1, G2: about 12 us for the whole set).
 * Also for the few answers Fastify gives before any hook runs (a URL that does not decode, an
 * over-long path parameter): helmet's onRequest hook never sees those requests.
 */
export function securityHeaders(secure: boolean, answer: 'page' | 'api' = 'page'): Record<string, string> {
  const headers: Record<string, string> = {};
  if (answer === 'api') {
    headers['content-security-policy'] = apiCsp(secure);
    headers['cross-origin-resource-policy'] = 'same-origin';
    headers['referrer-policy'] = 'strict-origin-when-cross-origin';
    if (secure) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
    headers['x-content-type-options'] = 'nosniff';
    headers['x-frame-options'] = 'DENY';
    return headers;
  }
  const sink = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
  } as unknown as ServerResponse;
  helmet.contentSecurityPolicy({ useDefaults: false, directives: cspDirectives(secure) })({} as IncomingMessage, sink, () => {});
  headers['cross-origin-opener-policy'] = 'same-origin';
  headers['cross-origin-resource-policy'] = 'same-origin';
  headers['origin-agent-cluster'] = '?1';
  headers['referrer-policy'] = 'strict-origin-when-cross-origin';
  if (secure) headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  headers['x-content-type-options'] = 'nosniff';
  headers['x-dns-prefetch-control'] = 'off';
  headers['x-download-options'] = 'noopen';
  headers['x-frame-options'] = 'DENY';
  headers['x-permitted-cross-domain-policies'] = 'none';
  headers['x-xss-protection'] = '0';
  return headers;
}

/** Sets securityHeaders() and, for API paths, no-store on a reply that bypassed the hooks. */
export function applySecurityHeaders(reply: FastifyReply, secure: boolean, url: string): void {
  const api = isApiPath(url.split('?')[0] ?? '/');
  reply.headers(securityHeaders(secure, api ? 'api' : 'page'));
  if (api) reply.header('cache-control', 'no-store');
}

/**
 * Headers on every response, errors included (H1-H4, Z10), one access-log line per request with
 * who and which route (L1), and the audit of every write made while acting as a company (Z7).
 */
export const httpHooksPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  // helmet's header set, computed once: building it per request (as @fastify/helmet does) cost
  // about a quarter of the server time of the hottest routes (bench, G1/G2).
  const pageHeaders = securityHeaders(opts.config.cookieSecure, 'page');
  const apiHeaders = securityHeaders(opts.config.cookieSecure, 'api');

  // While the server drains (O1, drain.ts), new requests get a 503 in the usual error shape, with
  // these headers; Fastify's own 503 (return503OnClosing, switched off in app.ts) carries neither.
  // Retry-After: the balancer's other processes answer at once, a lone process is back in seconds.
  const drain = new Drain(app.server);
  app.addHook('preClose', async () => {
    await drain.begin();
    app.log.info({ requestsInFlight: drain.requestsInFlight }, 'refusing new requests; answering the ones in flight');
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiPath(req.url) ? apiHeaders : pageHeaders);
    if (drain.isClosing) {
      done(
        new AppError('SERVICE_UNAVAILABLE', {
          message: 'The server is shutting down; retry shortly',
          headers: { 'retry-after': String(SHUTDOWN_RETRY_AFTER_SECONDS) },
          details: { retryAfter: SHUTDOWN_RETRY_AFTER_SECONDS },
        }),
      );
    } else done();
  });

  // The acting view's answers carry image and file addresses that keep the view (view-link.ts).
  // A callback, not an async function: it runs on every answer and almost always does nothing.
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    const ctx = req.ctx as typeof req.ctx | null;
    const companyId = ctx ? actingCompanyOf(ctx.actor) : null;
    if (companyId === null || !ctx?.session) {
      done(null, payload);
      return;
    }
    done(null, withViewLinks(payload, viewToken(ctx.session.csrfToken, companyId, ctx.clock())));
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    // A request that was in flight when the drain began is answered, then its connection closes:
    // a kept-alive socket would otherwise hold server.close() open until the keep-alive timeout
    // (72 s), past the shutdown grace period and before the analytics buffer is flushed (O1).
    if (drain.isClosing) reply.header('connection', 'close');
    const q = req.url.indexOf('?');
    const url = q === -1 ? req.url : req.url.slice(0, q);
    // API answers are never cached, unless a route decided otherwise (public catalogue images).
    if (isApiPath(url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    // Text that leaves without a charset (SVG, manifests from the static files) gets one (I9).
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && TEXTUAL_WITHOUT_CHARSET.test(type)) reply.header('content-type', `${type}; charset=utf-8`);
    if (AUTH_PAGES.test(url)) reply.header('referrer-policy', 'no-referrer');
    // Audited before the answer leaves, so a client that sees success can rely on the row (Z7).
    const ctx = req.ctx as typeof req.ctx | null;
    const actor = ctx?.actor;
    const acting = actor?.kind === 'client' ? actor.actingEmployee : null;
    // req.routeOptions is a new object on every read: only an acting write needs the route.
    const route = acting && ctx && !SAFE_METHODS.has(req.method) && reply.statusCode < 400 ? (req.routeOptions.url ?? '') : null;
    if (acting && ctx && route !== null && !NO_AUDIT_ROUTES.has(route)) {
      audit(ctx.db.orm, ctx, 'acting-as.write', null, { method: req.method, route, status: reply.statusCode })
        .catch((err) => req.log.error({ err }, 'acting-as audit failed'))
        .finally(() => done(null, payload));
      return;
    }
    done(null, payload);
  });

  app.addHook('onResponse', (req, reply, done) => {
    if ((req.log as { isLevelEnabled?: (level: string) => boolean }).isLevelEnabled?.('info') ?? true) {
      const ctx = req.ctx as typeof req.ctx | null;
      const actor = ctx?.actor;
      const acting = actor?.kind === 'client' ? actor.actingEmployee : null;
      req.log.info(
        {
          method: req.method,
          url: scrubUrl(req.url),
          route: req.routeOptions.url ?? null,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          accountId: actor ? signedInAccountId(actor) : null,
          companyId: actor?.kind === 'client' ? actor.companyId : null,
          actingEmployeeAccountId: acting?.accountId ?? null,
        },
        'request completed',
      );
    }
    done();
  });
});
