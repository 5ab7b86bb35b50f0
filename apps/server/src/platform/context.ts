import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Access } from './access';
import type { Actor } from './actor';
import type { AnalyticsBuffer } from './analytics-buffer';
import type { Clock } from './clock';
import type { Jobs } from './jobs';
import type { Mailer } from './mail';
import type { RateLimiter } from './rate-limit';
import type { LoadedSession, SessionStore } from './session-store';
import type { FileStorage } from './storage';
import type { Turns } from './turns';

/** The process-wide services every request can reach. */
export interface Platform {
  config: Config;
  db: Database;
  clock: Clock;
  sessions: SessionStore;
  mailer: Mailer;
  jobs: Jobs;
  analytics: AnalyticsBuffer;
  limiter: RateLimiter;
  storage: FileStorage;
  /** Writes that lock one person's row take turns here before they take a connection (turns.ts). */
  turns: Turns;
}

/** Built once per request: the platform plus who is asking (ctx = { db, actor, requestId, log }). */
export interface Ctx extends Platform {
  actor: Actor;
  requestId: string;
  log: FastifyBaseLogger;
  ip: string;
  userAgent: string | undefined;
  session: LoadedSession | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Accept a session this process loaded before and kept (SessionStore.loadCached: forgotten on
     * any session end or account change, in any process); high-volume routes that neither read
     * nor change anyone's data: the page-view beacon and GET /api/user/current.
     */
    sessionCache?: boolean;
    /** The route serves an image or file and takes the acting view's signed `view` parameter (view-link.ts). */
    viewLink?: boolean;
  }
  interface FastifyInstance {
    platform: Platform;
  }
  interface FastifyRequest {
    ctx: Ctx;
  }
}
