import { randomUUID } from 'node:crypto';
import path from 'node:path';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { analyticsReportRoutes } from './features/analytics/analytics-report.routes';
import { purgeRawEvents, refreshRollup } from './features/analytics/analytics-rollup';
import { registerArticleJobs } from './features/articles/articles.jobs';
import { articlesRoutes } from './features/articles/articles.routes';
import { authRoutes } from './features/auth/auth.routes';
import { registerAuthJobs } from './features/auth/auth.service';
import { breadcrumbsRoutes } from './features/breadcrumbs/breadcrumbs.routes';
import { bulkRoutes } from './features/bulk/bulk.routes';
import { companiesRoutes } from './features/companies/companies.routes';
import { companyPermissionsRoutes } from './features/companies/company-permissions.routes';
import { companyPostsRoutes } from './features/companies/company-posts.routes';
import { notifyDuePosts, POSTS_NOTIFY_JOB } from './features/companies/company-posts.service';
import { companyProductsRoutes } from './features/companies/company-products.routes';
import { companyUsersRoutes } from './features/companies/company-users.routes';
import { declarationsRoutes } from './features/declarations/declarations.routes';
import { overnightsRoutes } from './features/declarations/overnights.routes';
import { clientDrawingsRoutes, drawingsRoutes } from './features/drawings/drawings.routes';
import { exportsRoutes } from './features/exports/exports.routes';
import { registerExportJobs } from './features/exports/exports.service';
import { filesRoutes } from './features/files/files.routes';
import { purgeUnattachedFiles } from './features/files/files.service';
import { healthRoutes } from './features/health/health.routes';
import { historyRoutes } from './features/history/history.routes';
import { hoursRoutes } from './features/hours/hours.routes';
import { schedulesRoutes } from './features/hours/schedules.routes';
import { contractsRoutes } from './features/hr-documents/contracts.routes';
import { documentsRoutes } from './features/hr-documents/documents.routes';
import { leaveCardRoutes } from './features/leave/card.routes';
import { collectiveLeaveRoutes } from './features/leave/collective.routes';
import { leaveSettingsRoutes } from './features/leave/leave-settings.routes';
import { leaveRequestsRoutes } from './features/leave/requests.routes';
import { sickRoutes } from './features/leave/sick.routes';
import { mediaRoutes } from './features/media/media.routes';
import { registerNotificationJobs } from './features/notifications/notification.jobs';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { clientOrdersRoutes, ordersRoutes } from './features/orders/orders.routes';
import { plannerRoutes } from './features/planner/planner.routes';
import { portalRoutes } from './features/portal/portal.routes';
import { portalProductsRoutes } from './features/portal/portal-products.routes';
import { productsRoutes } from './features/products/products.routes';
import { projectArticlesRoutes } from './features/project-articles/project-articles.routes';
import { areasRoutes } from './features/projects/areas.routes';
import { feedRoutes } from './features/projects/feed.routes';
import { projectsRoutes } from './features/projects/projects.routes';
import { tasksRoutes } from './features/projects/tasks.routes';
import { roboxRoutes } from './features/robox/robox.routes';
import { searchRoutes } from './features/search/search.routes';
import { taskListRoutes } from './features/task-list/task-list.routes';
import { templatesRoutes } from './features/templates/templates.routes';
import { registerTemplateJobs } from './features/templates/templates.service';
import { ticketsRoutes } from './features/tickets/tickets.routes';
import { timelineRoutes } from './features/timeline/timeline.routes';
import { employeesRoutes } from './features/users/employees.routes';
import { rolesRoutes } from './features/users/roles.routes';
import { usersRoutes } from './features/users/users.routes';
import { access } from './platform/access';
import { AnalyticsBuffer } from './platform/analytics-buffer';
import { registerBulkJobs } from './platform/bulk';
import { type Clock, systemClock } from './platform/clock';
import type { Platform } from './platform/context';
import { sendError, toAppError } from './platform/errors';
import { guardPlugin } from './platform/guard';
import { applySecurityHeaders, httpHooksPlugin } from './platform/http-hooks';
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
    // requests already on their way (issue 25).
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

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(rolesRoutes);
  await app.register(analyticsReportRoutes);
  await app.register(companiesRoutes);
  await app.register(companyUsersRoutes);
  await app.register(companyPermissionsRoutes);
  await app.register(portalRoutes);
  await app.register(portalProductsRoutes);
  await app.register(companyPostsRoutes);
  await app.register(companyProductsRoutes);
  await app.register(notificationsRoutes);
  await app.register(breadcrumbsRoutes);
  await app.register(searchRoutes);
  await app.register(historyRoutes);
  await app.register(bulkRoutes);
  await app.register(analyticsRoutes);
  await app.register(mediaRoutes);
  await app.register(articlesRoutes);
  await app.register(productsRoutes);
  await app.register(roboxRoutes);
  await app.register(employeesRoutes);
  await app.register(filesRoutes);
  await app.register(projectsRoutes);
  await app.register(areasRoutes);
  await app.register(tasksRoutes);
  await app.register(ticketsRoutes);
  await app.register(feedRoutes);
  await app.register(templatesRoutes);
  await app.register(projectArticlesRoutes);
  await app.register(timelineRoutes);
  await app.register(taskListRoutes);
  await app.register(plannerRoutes);
  await app.register(drawingsRoutes);
  await app.register(clientDrawingsRoutes);
  await app.register(ordersRoutes);
  await app.register(clientOrdersRoutes);
  await app.register(usersRoutes);
  await app.register(schedulesRoutes);
  await app.register(hoursRoutes);
  await app.register(declarationsRoutes);
  await app.register(overnightsRoutes);
  await app.register(leaveSettingsRoutes);
  await app.register(leaveRequestsRoutes);
  await app.register(collectiveLeaveRoutes);
  await app.register(sickRoutes);
  await app.register(leaveCardRoutes);
  await app.register(documentsRoutes);
  await app.register(contractsRoutes);
  await app.register(exportsRoutes);
  await app.register(webAppPlugin, { dist: config.webDist });

  registerAuthJobs(platform);
  registerArticleJobs(platform);
  registerTemplateJobs(platform, app.log);
  registerNotificationJobs(platform);
  registerExportJobs(platform, app.log);
  registerBulkJobs(platform, app.log);
  // The analytics page's daily figures, every five minutes; old raw events once a night.
  platform.jobs.register(
    'analytics.rollup',
    async () => {
      await refreshRollup(platform.db.orm, clock());
    },
    { cron: '*/5 * * * *' },
  );
  // Company news is told to the company's users once its publish time has come: every minute for
  // scheduled posts, and at once when a post is published now.
  platform.jobs.register(
    POSTS_NOTIFY_JOB,
    async () => {
      await notifyDuePosts(platform.db.orm, clock());
    },
    { cron: '* * * * *' },
  );
  platform.jobs.register(
    'analytics.purge',
    async () => {
      const removed = await purgeRawEvents(platform.db.orm, clock());
      if (removed) app.log.info({ event: 'analytics.purged', removed }, 'old analytics events removed');
    },
    { cron: '41 3 * * *' },
  );
  platform.jobs.register(
    'platform.purge',
    async () => {
      const now = clock();
      await platform.sessions.purge(now);
      await platform.limiter.purge(now);
      await purgeUnattachedFiles(platform, now);
    },
    { cron: '17 * * * *' },
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
