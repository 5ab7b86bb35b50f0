import path from 'node:path';
import * as z from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const positiveInt = (def: number) => z.coerce.number().int().positive().default(def);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: positiveInt(10),
  // How long a statement waits for a lock before it answers 503 (0: for ever). See db/client.ts.
  DATABASE_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Outfitting <no-reply@localhost>'),
  APP_URL: z.url().optional(),
  SESSION_IDLE_MINUTES: positiveInt(30),
  SESSION_ABSOLUTE_HOURS: positiveInt(12),
  INVITE_EXPIRY_HOURS: z.coerce.number().int().min(1).max(72).default(72),
  APPROVAL_REMINDER_DAYS: z.coerce.number().int().min(1).max(60).default(3),
  RESET_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(60).default(60),
  COOKIE_SECURE: z.enum(['auto', 'true', 'false']).default('auto'),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ANALYTICS_FLUSH_MS: z.coerce.number().int().min(10).max(1000).default(200),
  // From SIGTERM or SIGINT to the exit, at most (shutdown.ts): the time a download in flight gets to
  // finish. 10 s is O1's limit and Docker's default stop timeout; longer needs the supervisor's too.
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(10_000),
  WEB_DIST: z.string().optional(),
  SEED_DEMO: bool.optional(),
  JOBS: bool.default(true),
  // The ERP connection (docs/erp.md). Without ERP_URL the demo runs its own stand-in ERP.
  ERP_URL: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, 'must be an http(s) URL without query or fragment')
    .optional(),
  ERP_TOKEN: z.string().min(1).max(8192).optional(),
  ERP_DIVISION: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'must be the numeric division')
    .optional(),
  ERP_SYNC_CRON: z
    .string()
    .trim()
    .regex(/^(off|(\S+\s+){4}\S+)$/, "must be a 5-field cron expression or 'off'")
    .default('0 2 * * *'),
  ERP_TIMEOUT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  ERP_RETRIES: z.coerce.number().int().min(0).max(3).default(3),
  ERP_RETRY_BASE_MS: z.coerce.number().int().min(1).max(60_000).default(500),
  ERP_STANDIN_SIZE: z.coerce.number().int().min(0).max(100_000).default(2500),
  ERP_STANDIN_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  // Where uploaded files live (README "File storage"): local disk under DATA_DIR/files, or an
  // S3-compatible bucket; S3 credentials come from the AWS SDK's default chain (AWS_ACCESS_KEY_ID, …).
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/, 'must be an http(s) URL such as http://127.0.0.1:9000')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region such as us-east-1')
    .default('us-east-1'),
  S3_FORCE_PATH_STYLE: bool.optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  mode: Env['APP_MODE'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  migrationDatabaseUrl: string | undefined;
  databasePoolSize: number;
  databaseLockTimeoutMs: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  appOrigin: string;
  session: { idleMinutes: number; absoluteHours: number };
  inviteExpiryHours: number;
  resetExpiryMinutes: number;
  /** Approvals waiting longer than this many days are in the daily reminder mail. */
  approvalReminderDays: number;
  cookieSecure: boolean;
  trustProxy: boolean | string | number;
  logLevel: Env['LOG_LEVEL'];
  analyticsFlushMs: number;
  /** From the first SIGTERM or SIGINT to the exit, at most: the drain's deadline (O1). */
  shutdownGraceMs: number;
  webDist: string;
  seedDemo: boolean;
  jobs: boolean;
  erp: ErpConfig;
  storage: StorageConfig;
}

/** Where uploaded files live (platform/storage.ts). */
export type StorageConfig =
  | { kind: 'disk' }
  | { kind: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };

/** How to reach the ERP (Exact Online's REST API or the stand-in); docs/erp.md. */
export interface ErpConfig {
  /** Origin of the ERP API, e.g. https://start.exactonline.nl; undefined: not configured. */
  url: string | undefined;
  /** Bearer token (an Exact Online OAuth access token); never logged. */
  token: string | undefined;
  division: string;
  /** pg-boss cron for the nightly sync (Europe/Amsterdam); null: no nightly sync. */
  syncCron: string | null;
  timeoutMs: number;
  /** Retries per request after the first attempt (at most 3, D11). */
  retries: number;
  retryBaseMs: number;
  standinSize: number;
  standinPort: number;
}

export class ConfigError extends Error {}

function parseTrustProxy(v: string | undefined): boolean | string | number {
  if (v === undefined || v === '' || v === 'false') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

/** Reads and checks the environment; the only reader of process.env. @throws ConfigError naming the variable */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${describeIssue(i)} (got ${show(env, i.path)})`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const origin = new URL(appUrl).origin;
  const secure = e.COOKIE_SECURE === 'auto' ? appUrl.startsWith('https://') : e.COOKIE_SECURE === 'true';
  if (e.APP_MODE === 'production' && !appUrl.startsWith('https://') && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  APP_URL: must be https:// in production mode');
  }
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is required with STORAGE=s3');
  }
  const erpProblems = erpConfigProblems(e);
  if (erpProblems.length) throw new ConfigError(`Invalid configuration:\n${erpProblems.map((p) => `  ${p}`).join('\n')}`);
  return {
    env: e.NODE_ENV,
    mode: e.APP_MODE,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    migrationDatabaseUrl: e.MIGRATION_DATABASE_URL ?? e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseLockTimeoutMs: e.DATABASE_LOCK_TIMEOUT_MS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl,
    appOrigin: origin,
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    inviteExpiryHours: e.INVITE_EXPIRY_HOURS,
    resetExpiryMinutes: e.RESET_EXPIRY_MINUTES,
    approvalReminderDays: e.APPROVAL_REMINDER_DAYS,
    cookieSecure: secure,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    analyticsFlushMs: e.ANALYTICS_FLUSH_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webDist: path.resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    // Production mode never loads demo accounts, whatever SEED_DEMO says (A7).
    seedDemo: e.APP_MODE === 'demo' && (e.SEED_DEMO ?? true),
    jobs: e.JOBS,
    erp: {
      url: e.ERP_URL?.replace(/\/$/, ''),
      token: e.ERP_TOKEN,
      division: e.ERP_DIVISION ?? '1',
      syncCron: e.ERP_SYNC_CRON === 'off' ? null : e.ERP_SYNC_CRON,
      timeoutMs: e.ERP_TIMEOUT_MS,
      retries: e.ERP_RETRIES,
      retryBaseMs: e.ERP_RETRY_BASE_MS,
      standinSize: e.ERP_STANDIN_SIZE,
      standinPort: e.ERP_STANDIN_PORT,
    },
    storage:
      e.STORAGE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
            // Path style (http://host/bucket/key) by default for a self-hosted server: MinIO-like servers need it.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
          }
        : { kind: 'disk' },
  };
}

/** A real ERP needs its token and division; the token never crosses the network in clear text outside this machine. */
function erpConfigProblems(e: Env): string[] {
  if (!e.ERP_URL) return [];
  const problems: string[] = [];
  if (!e.ERP_TOKEN) problems.push('ERP_TOKEN: is required with ERP_URL');
  if (!e.ERP_DIVISION) problems.push('ERP_DIVISION: is required with ERP_URL');
  const host = new URL(e.ERP_URL).hostname;
  const loopback = host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
  if (e.APP_MODE === 'production' && e.ERP_URL.startsWith('http://') && !loopback) {
    problems.push('ERP_URL: must be https:// in production mode');
  }
  return problems;
}

function describeIssue(i: z.core.$ZodIssue): string {
  switch (i.code) {
    case 'invalid_value':
      return `must be one of ${i.values.join(', ')}`;
    case 'too_small':
      return `must be at least ${String(i.minimum)}`;
    case 'too_big':
      return `must be at most ${String(i.maximum)}`;
    case 'invalid_type':
      return `must be a ${i.expected}`;
    case 'invalid_format':
      return i.format === 'regex' ? 'has the wrong format' : `must be a valid ${i.format}`;
    default:
      return 'is invalid';
  }
}

function show(env: NodeJS.ProcessEnv, p: PropertyKey[]): string {
  const key = String(p[0]);
  const v = env[key];
  if (v === undefined) return 'nothing';
  // Never echo secrets such as passwords in URLs, or tokens, back into logs.
  if (/(URL|TOKEN)$/.test(key)) return 'a value';
  return JSON.stringify(v);
}
