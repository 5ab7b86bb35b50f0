import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { FEATURES } from './features';
import { catalogueScreen } from './features/products/public-catalogue.service';
import { access } from './platform/access';
import { AnalyticsBuffer } from './platform/analytics-buffer';
import { type Clock, systemClock } from './platform/clock';
import type { Platform } from './platform/context';
import { sendError, toAppError } from './platform/errors';
import { guardPlugin } from './platform/guard';
import { applySecurityHeaders, httpHooksPlugin } from './platform/http-hooks';
import { IdempotencyStore, idempotencyPlugin } from './platform/idempotency';
import { InlineJobs, type Jobs, PgBossJobs } from './platform/jobs';
import { loggerOptions } from './platform/logger';
import { createMailer, type Mailer } from './platform/mail';
import { RateLimiter } from './platform/rate-limit';
import { serializerCompiler } from './platform/serializer';
import { PermissionCache, SessionStore } from './platform/session-store';
import { createDiskStorage, type FileStorage } from './platform/storage';
import { createS3Storage } from './platform/storage-s3';
import { textGuardPlugin } from './platform/text-guard';
import { Turns } from './platform/turns';
import { validatorCompiler } from './platform/validator';
import { webAppPlugin } from './platform/web-app';

export interface RouteRecord {
  method: string;
  url: string;
  config: Record<string, unknown> | undefined;
  schema: Record<string, unknown> | undefined;
}

export interface BuildOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  mailer?: Mailer;
  /** 'inline' runs jobs in the request that sends them (tests); default: pg-boss when config.jobs. */
  jobs?: 'inline' | Jobs;
  logger?: FastifyServerOptions['logger'] | FastifyServerOptions['loggerInstance'];
  /** Where files live; default: what config.storage says (tests pass an S3 storage with its own credentials). */
  storage?: FileStorage;
}

/** The file storage config.storage names: disk under DATA_DIR/files, or an S3-compatible bucket. */
export function createStorage(config: Config): FileStorage {
  const s = config.storage;
  if (s.kind === 's3') {
    return createS3Storage({ bucket: s.bucket, region: s.region, endpoint: s.endpoint, forcePathStyle: s.forcePathStyle });
  }
  return createDiskStorage(path.join(config.dataDir, 'files'));
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteRecord[];
  }
}

/** Builds the whole application without listening: plugins, platform services and every feature's routes. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  const loggerOpt: Pick<FastifyServerOptions, 'logger'> =
    opts.logger && typeof (opts.logger as { info?: unknown }).info === 'function'
      ? ({ loggerInstance: opts.logger } as Pick<FastifyServerOptions, 'logger'>)
      : { logger: (opts.logger as FastifyServerOptions['logger']) ?? loggerOptions(config) };
  const app = Fastify({
    ...loggerOpt,
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: 1024 * 1024,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // http-hooks answers requests that arrive while closing with a 503 in the usual shape and headers,
    // and platform/drain.ts decides when the kept-alive connections close: not at once, which reset
    // requests already on their way.
    return503OnClosing: false,
    forceCloseConnections: false,
    // A URL that does not decode never reaches the hooks: give it the same headers and error body (H1, I6, I9).
    frameworkErrors: (err, req, reply) => {
      applySecurityHeaders(reply, config.cookieSecure, req.url);
      return sendError(req, reply, toAppError(err));
    },
    routerOptions: { maxParamLength: 200 },
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON (and, per upload route, multipart) is accepted: text/plain bodies cross origins without a preflight (C6).
  app.removeContentTypeParser(['text/plain']);

  const jobs: Jobs =
    opts.jobs === 'inline' || (!opts.jobs && !config.jobs)
      ? new InlineJobs(app.log)
      : typeof opts.jobs === 'object'
        ? opts.jobs
        : new PgBossJobs(db, { databaseUrl: config.databaseUrl, log: app.log });
  const permissionCache = new PermissionCache(db);
  const platform: Platform = {
    config,
    db,
    clock,
    sessions: new SessionStore(db, config.session, permissionCache, (err) =>
      app.log.error({ err }, 'session activity write failed'),
    ),
    mailer:
      opts.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log }),
    jobs,
    analytics: new AnalyticsBuffer(db, app.log, config.analyticsFlushMs),
    limiter: new RateLimiter(db),
    storage: opts.storage ?? createStorage(config),
    turns: new Turns(config.databaseLockTimeoutMs),
  };
  app.decorate('platform', platform);

  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const method of methods) {
      // Getters: later onRoute hooks (the API docs) may still replace config.
      routeTable.push({
        method,
        url: r.url,
        get config() {
          return r.config as Record<string, unknown> | undefined;
        },
        get schema() {
          return r.schema as Record<string, unknown> | undefined;
        },
      });
    }
  });

  app.setErrorHandler((err, req, reply) => {
    const e = toAppError(err);
    if (e.code === 'INTERNAL') req.log.error({ err }, 'unexpected error');
    return sendError(req, reply, e);
  });

  await app.register(cookie);
  await app.register(httpHooksPlugin, { config });
  // Before the guard: a header or cookie PostgreSQL cannot store never reaches the session insert (I10).
  await app.register(textGuardPlugin);
  await app.register(guardPlugin);
  // After the guard: a key belongs to the signed-in account, and a refused caller never claims one.
  const idempotency = new IdempotencyStore(db);
  await app.register(idempotencyPlugin, { store: idempotency, clock });

  if (config.mode !== 'production' && config.env !== 'production') {
    await app.register(swagger, {
      openapi: { info: { title: 'Outfitting back office and portal API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    app.addHook('onRoute', (r) => {
      if (r.url.startsWith('/api/docs')) r.config = { ...(r.config ?? {}), access: access.public };
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs' });
  }

  for (const feature of FEATURES) await app.register(feature);
  await app.register(webAppPlugin, { dist: config.webDist, catalogue: catalogueScreen });

  // The platform's own housekeeping: expired sessions and rate-limit windows, hourly.
  platform.jobs.register(
    'platform.purge',
    async () => {
      const now = clock();
      await platform.sessions.purge(now);
      await platform.limiter.purge(now);
    },
    { cron: '17 * * * *' },
  );
  // Stored answers to Idempotency-Key requests, kept a week (platform/idempotency.ts), daily.
  platform.jobs.register(
    'platform.idempotency-purge',
    async () => {
      await idempotency.purge(clock());
    },
    { cron: '43 3 * * *' },
  );

  platform.analytics.start();
  platform.sessions.start();
  app.addHook('onClose', async () => {
    await platform.analytics.stop();
    await platform.sessions.stop();
    await platform.jobs.stop();
    if (!opts.storage) platform.storage.close?.();
  });
  return app;
}
