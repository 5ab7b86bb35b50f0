import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface SendOptions {
  singletonKey?: string;
  /** pg-boss's expiry of the job (default 15 minutes); in pg-boss 10 also a time limit on its handler. */
  expireInSeconds?: number;
}

/** Background work that survives restarts: pg-boss on the same database (ERP sync, mail, clean-up). */
export interface Jobs {
  /** Registers a handler; call before start(). */
  register<T extends object>(name: string, handler: JobHandler<T>, opts?: { cron?: string }): void;
  /**
   * Runs `task` every `ms` in this process from start() to stop(), each process on its own (the
   * sweep for runs whose worker died: a cron job fires once a minute at best, and only on one process).
   */
  every(name: string, ms: number, task: () => Promise<void>): void;
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The tasks of Jobs.every: one timer each, a tick skipped while the previous one still runs, failures logged. */
class Repeaters {
  private readonly tasks: { name: string; ms: number; task: () => Promise<void> }[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}
  add(name: string, ms: number, task: () => Promise<void>): void {
    this.tasks.push({ name, ms, task });
  }
  start(): void {
    for (const { name, ms, task } of this.tasks) {
      let current: Promise<void> | null = null;
      const timer = setInterval(() => {
        if (current) return;
        const run = task()
          .catch((err: unknown) => this.log.error({ err, job: name }, 'repeated task failed'))
          .finally(() => {
            current = null;
            this.running.delete(run);
          });
        current = run;
        this.running.add(run);
      }, ms);
      timer.unref();
      this.timers.push(timer);
    }
  }
  async stop(): Promise<void> {
    for (const t of this.timers.splice(0)) clearInterval(t);
    await Promise.all([...this.running]);
  }
}

interface Registration {
  name: string;
  handler: JobHandler<object>;
  cron: string | undefined;
}

/** pg-boss, on PostgreSQL directly and on PGlite through its executeSql adapter. */
export class PgBossJobs implements Jobs {
  private boss: PgBoss | null = null;
  private readonly registrations: Registration[] = [];
  private readonly repeaters: Repeaters;

  constructor(
    private readonly db: Database,
    private readonly opts: { databaseUrl?: string | undefined; log: FastifyBaseLogger; pollingSeconds?: number },
  ) {
    this.repeaters = new Repeaters(opts.log);
  }

  register<T extends object>(name: string, handler: JobHandler<T>, opts: { cron?: string } = {}): void {
    this.registrations.push({ name, handler: handler as JobHandler<object>, cron: opts.cron });
  }

  every(name: string, ms: number, task: () => Promise<void>): void {
    this.repeaters.add(name, ms, task);
  }

  async start(): Promise<void> {
    const { log } = this.opts;
    const boss = this.opts.databaseUrl
      ? new PgBoss({ connectionString: this.opts.databaseUrl, max: 3, application_name: 'outfitting-jobs' })
      : new PgBoss({ db: { executeSql: pgliteExecutor(this.db) } });
    boss.on('error', (err) => log.error({ err }, 'job engine error'));
    await boss.start();
    this.boss = boss;
    for (const r of this.registrations) {
      await boss.createQueue(r.name);
      await boss.work(r.name, { pollingIntervalSeconds: this.opts.pollingSeconds ?? 2 }, async (jobs) => {
        for (const job of jobs) {
          try {
            await r.handler(job.data as object);
          } catch (err) {
            log.error({ err, job: r.name }, 'job failed');
            throw err;
          }
        }
      });
      if (r.cron) await boss.schedule(r.name, r.cron, {}, { tz: 'Europe/Amsterdam' });
    }
    this.repeaters.start();
  }

  async send<T extends object>(name: string, data: T, opts: SendOptions = {}): Promise<void> {
    if (!this.boss) throw new Error('jobs not started');
    await this.boss.send(name, data, { retryLimit: 3, retryDelay: 30, retryBackoff: true, ...opts });
  }

  async stop(): Promise<void> {
    await this.repeaters.stop();
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, timeout: 5_000, wait: true });
  }
}

function pgliteExecutor(db: Database) {
  return async (text: string, values?: unknown[]) => {
    if (values && values.length > 0) return { rows: await db.raw.query(text, values) };
    // pg-boss sends its DDL as one multi-statement string; PGlite runs those through exec.
    const lite = db.pglite;
    if (!lite) throw new Error('PGlite executor without PGlite');
    const results = await lite.exec(text);
    return { rows: results.at(-1)?.rows ?? [] };
  };
}

/**
 * Runs jobs in-process without a queue (tests, and JOBS=false). By default every job runs at once
 * inside send(). With `defer` send() only queues it and drain() (or stop()) runs what is queued, so
 * a test decides when. With `background` send() starts the job after the current turn and returns
 * at once, so a request never waits on a mail (A8); drain() and stop() wait for those still running.
 * Failures are logged and swallowed so that, as with a queue, the sender never sees them.
 */
export class InlineJobs implements Jobs {
  private readonly handlers = new Map<string, JobHandler<object>>();
  private readonly queued: { name: string; data: object }[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly repeaters: Repeaters;
  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly opts: { defer?: boolean; background?: boolean } = {},
  ) {
    this.repeaters = new Repeaters(log);
  }
  register<T extends object>(name: string, handler: JobHandler<T>): void {
    this.handlers.set(name, handler as JobHandler<object>);
  }
  /** Only after start() (JOBS=false in a real process); tests never start them and call the task themselves. */
  every(name: string, ms: number, task: () => Promise<void>): void {
    this.repeaters.add(name, ms, task);
  }
  async send<T extends object>(name: string, data: T): Promise<void> {
    if (!this.handlers.has(name)) throw new Error(`no handler for job ${name}`);
    if (this.opts.defer) {
      this.queued.push({ name, data });
      return;
    }
    if (this.opts.background) {
      const job = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.run(name, data));
      this.running.add(job);
      void job.finally(() => this.running.delete(job));
      return;
    }
    await this.run(name, data);
  }
  /** Jobs sent but not yet run (defer) or still running (background). */
  get pending(): number {
    return this.queued.length + this.running.size;
  }
  /** Runs every queued job, including jobs those jobs send, and waits for background ones. */
  async drain(): Promise<void> {
    while (this.queued.length > 0 || this.running.size > 0) {
      const job = this.queued.shift();
      if (job) await this.run(job.name, job.data);
      else await Promise.all([...this.running]);
    }
  }
  private async run(name: string, data: object): Promise<void> {
    const h = this.handlers.get(name);
    if (!h) throw new Error(`no handler for job ${name}`);
    try {
      await h(data);
    } catch (err) {
      this.log.error({ err, job: name }, 'job failed');
    }
  }
  async start(): Promise<void> {
    this.repeaters.start();
  }
  async stop(): Promise<void> {
    await this.repeaters.stop();
    await this.drain();
  }
}
