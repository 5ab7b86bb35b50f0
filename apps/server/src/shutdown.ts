/**
 * Graceful shutdown of the server process (O1): on SIGTERM or SIGINT, or after an
 * uncaught error, the resources registered with onStop() are closed, last opened first, and the
 * process exits: 0 after a signal, 1 after an error or when closing took longer than the deadline.
 *
 * A signal that arrives while the process is already stopping is logged and otherwise ignored.
 * One Ctrl-C or `kill -TERM -<pgid>` reaches the server more than once: from the kernel, since the
 * server is in the signalled process group, and again from every parent that forwards signals
 * to its child (npm does). Treating the repeat as "force exit now" would skip the drain and the
 * analytics flush; the deadline is what bounds a stop that hangs (and SIGKILL still works).
 */

/** The logger calls this module makes; pino's and Fastify's loggers fit. */
export interface ShutdownLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ShutdownOptions {
  log: ShutdownLog;
  /** From the first signal to the exit, at most (O1; SHUTDOWN_GRACE_MS, 10 s by default). */
  deadlineMs: number;
  /** Ends the process; replaced in unit tests. */
  exit?: (code: number) => void;
  /** Where signals and uncaught errors are announced: the process; an emitter in unit tests. */
  events?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
}

interface Step {
  name: string;
  /** Logged when the step is done, e.g. "requests drained". */
  done: string;
  close: () => Promise<void>;
}

const SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

export class Shutdown {
  /** Swapped for the app's logger once the app exists. */
  log: ShutdownLog;
  private readonly steps: Step[] = [];
  private readonly exit: (code: number) => void;
  private readonly events: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  private readonly deadlineMs: number;
  private running = false;
  private cause: { signal: NodeJS.Signals | null; error: unknown } | null = null;
  private stopping: Promise<void> | null = null;
  private exitCode = 0;
  private deadline: NodeJS.Timeout | null = null;
  private readonly onSignal = (signal: NodeJS.Signals) => this.request({ signal, error: null });
  private readonly onError = (error: unknown) => this.fail(error);

  constructor(opts: ShutdownOptions) {
    this.log = opts.log;
    this.deadlineMs = opts.deadlineMs;
    this.exit = opts.exit ?? ((code) => process.exit(code));
    this.events = opts.events ?? process;
    for (const s of SIGNALS) this.events.on(s, this.onSignal);
    this.events.on('uncaughtException', this.onError);
    this.events.on('unhandledRejection', this.onError);
  }

  /** Removes the handlers (unit tests). */
  uninstall(): void {
    for (const s of SIGNALS) this.events.off(s, this.onSignal);
    this.events.off('uncaughtException', this.onError);
    this.events.off('unhandledRejection', this.onError);
  }

  /** Registers what to close on the way out; the steps run in the reverse order of their registration. */
  onStop(name: string, done: string, close: () => Promise<void>): void {
    this.steps.unshift({ name, done, close });
  }

  /** True once a signal or an uncaught error asked the process to stop. */
  get requested(): boolean {
    return this.cause !== null;
  }

  /**
   * Between the steps of the start-up: when a stop was asked for during the last step, stops now
   * (the promise never settles, the process exits). Start-up steps are not interrupted half-way.
   */
  async checkpoint(): Promise<void> {
    if (this.cause) await this.stop();
  }

  /** The start-up is over: from now on a signal stops the process at once. */
  async started(): Promise<void> {
    this.running = true;
    await this.checkpoint();
  }

  /** Stops after an error (exit code 1): what an uncaught exception or a failed start-up does. */
  fail(error: unknown): void {
    this.request({ signal: null, error: error ?? new Error('unknown error') });
  }

  private request(cause: { signal: NodeJS.Signals | null; error: unknown }): void {
    const first = this.cause === null;
    if (cause.error !== null) {
      this.exitCode = 1;
      this.log.error({ err: cause.error }, first ? 'shutting down after an error' : 'error while shutting down');
    } else if (!first) {
      this.log.info({ signal: cause.signal }, `already shutting down; the repeated ${cause.signal} is ignored`);
    }
    if (first) {
      this.cause = cause;
      if (cause.signal) {
        this.log.info({ signal: cause.signal, deadlineMs: this.deadlineMs, starting: !this.running }, 'shutting down');
      }
      // From the first request on, whether or not the start-up has finished its current step.
      // Not unref'd: it keeps the process alive until the stop ends, so a stop that hangs on
      // nothing at all still ends with this message and exit code 1, not silently.
      this.deadline = setTimeout(() => {
        this.log.error({ deadlineMs: this.deadlineMs }, `did not stop within ${this.deadlineMs} ms; exiting now`);
        this.exit(1);
      }, this.deadlineMs);
    }
    // A signal during the start-up waits for the next checkpoint; an error stops at once.
    if (this.running || cause.error !== null) void this.stop();
  }

  private stop(): Promise<void> {
    this.stopping ??= (async () => {
      const started = Date.now();
      for (const step of this.steps) {
        const t0 = Date.now();
        try {
          await step.close();
          this.log.info({ step: step.name, ms: Date.now() - t0 }, step.done);
        } catch (err) {
          this.exitCode = 1;
          this.log.error({ err, step: step.name }, `${step.name}: closing failed`);
        }
      }
      if (this.deadline) clearTimeout(this.deadline);
      this.log.info({ signal: this.cause?.signal ?? null, ms: Date.now() - started, exitCode: this.exitCode }, 'stopped');
      this.exit(this.exitCode);
      // process.exit does not return; a replaced exit() (unit tests) leaves the promise pending.
      await new Promise<never>(() => {});
    })();
    return this.stopping;
  }
}
