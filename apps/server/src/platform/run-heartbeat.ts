import type { FastifyBaseLogger } from 'fastify';

// Background runs (the ERP sync, template applications, exports) are owned by the process that
// runs them. pg-boss 10 has no heartbeat of its own: its expiry is the only sign of a dead worker
// and defaults to 15 minutes. So the run rows carry the heartbeat, written on a timer by the owner,
// and a run whose heartbeat stopped is taken over or failed by whoever looks first (a trigger, a
// read, or every process's sweep).

/** How often the owner of a run writes its heartbeat, whatever the work is waiting on. */
export const HEARTBEAT_MS = 10_000;
/** A run whose heartbeat is older than this has no living worker (four heartbeats missed). */
export const DEAD_AFTER_MS = 45_000;
/** How often every process sweeps for dead runs: one is found within DEAD_AFTER_MS + SWEEP_MS = 60 s. */
export const SWEEP_MS = 15_000;
/**
 * pg-boss's expiry for the jobs of such runs. In pg-boss 10 it also limits a live handler (the
 * job is failed and retried while the handler goes on), which is harmless here: a retried job
 * only takes a run that is queued, or whose heartbeat stopped.
 */
export const RUN_JOB_EXPIRE_SECONDS = 5 * 60;

/** The heartbeat before which a run counts as dead. */
export function deadBefore(now: Date): Date {
  return new Date(now.getTime() - DEAD_AFTER_MS);
}

/** Thrown into a run's work when its run was taken from this worker (declared dead, or ended elsewhere). */
export class RunLostError extends Error {
  constructor() {
    super('the run is no longer this worker’s');
    this.name = 'RunLostError';
  }
}

/**
 * Runs `work` while writing the run's heartbeat every HEARTBEAT_MS from this process, so a stopped
 * heartbeat means a dead worker and never a slow page or a long transaction. `beat` answers false
 * when the run is no longer this worker's: the signal given to `work` is then aborted (with a
 * RunLostError), and the work stops at its next step instead of writing over whoever took over.
 */
export async function withHeartbeat<T>(
  beat: () => Promise<boolean>,
  work: (signal: AbortSignal) => Promise<T>,
  opts: { log: Pick<FastifyBaseLogger, 'warn'>; everyMs?: number },
): Promise<T> {
  const lost = new AbortController();
  let beating: Promise<void> | undefined;
  const timer = setInterval(() => {
    // One at a time: a heartbeat waiting for a lock or a connection is not stacked up.
    if (beating !== undefined) return;
    beating = beat()
      .then(
        (ours) => {
          if (!ours) lost.abort(new RunLostError());
        },
        // A missed heartbeat is not fatal: four in a row are.
        (err: unknown) => opts.log.warn({ err, event: 'run.heartbeat-failed' }, 'could not write a run heartbeat'),
      )
      .finally(() => {
        beating = undefined;
      });
  }, opts.everyMs ?? HEARTBEAT_MS);
  timer.unref();
  try {
    return await work(lost.signal);
  } finally {
    clearInterval(timer);
    await beating;
  }
}
