import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { signedInAccountId } from './actor';
import { audit } from './audit';
import { scrubUrl } from './scrub';
import { isApiPath } from './web-app';

const AUTH_PAGES = /^\/auth\//;
const NO_AUDIT_ROUTES = new Set(['/api/science', '/api/acting-as']);

/**
 * Headers on every response, errors included (H1-H4, Z10), one access-log line per request with
 * who and which route (L1), and the audit of every write made while acting as a company (Z7).
 */
export const httpHooksPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const secure = opts.config.cookieSecure;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: secure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const url = req.url.split('?')[0] ?? '/';
    if (isApiPath(url)) reply.header('cache-control', 'no-store');
    if (AUTH_PAGES.test(url)) reply.header('referrer-policy', 'no-referrer');
    return payload;
  });

  app.addHook('onResponse', async (req, reply) => {
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
    if (acting && ctx && !['GET', 'HEAD', 'OPTIONS'].includes(req.method) && reply.statusCode < 400) {
      const route = req.routeOptions.url ?? '';
      if (!NO_AUDIT_ROUTES.has(route)) {
        await audit(ctx.db.orm, ctx, 'acting-as.write', null, { method: req.method, route, status: reply.statusCode }).catch(
          (err) => req.log.error({ err }, 'acting-as audit failed'),
        );
      }
    }
  });
});
