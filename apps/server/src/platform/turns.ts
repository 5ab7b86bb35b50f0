import { AppError } from './errors';

/**
 * Writes that lock the same row take turns in the process before they take a database
 * connection (docs/decisions.md, "a hot row").
 *
 * Without this, 200 hour bookings for one person at once each took a pool connection and waited
 * in PostgreSQL for that person's row lock: the pool was empty, and every other request of the
 * process waited for a connection. Here the writers of one key wait in memory, one at a time
 * per key and process, so a hot key holds at most one connection per process and unrelated
 * requests keep the rest of the pool. A writer that waits longer than `maxWaitMs` for its turn
 * answers 503 "busy, retry in a moment" with Retry-After: 1, the same answer as a lock wait past
 * lock_timeout in the database (which still bounds the wait across processes).
 */
export class Turns {
  /** The last turn queued per key; a key is removed when its last turn ends. */
  private readonly tails = new Map<string, Promise<void>>();
  private readonly waiting = new Map<string, number>();

  constructor(private readonly maxWaitMs: number) {}

  /** How many writers wait for or hold the key (0 when none). */
  pending(key: string): number {
    return this.waiting.get(key) ?? 0;
  }

  /**
   * Runs `work` when the key's earlier turns are done.
   * @throws SERVICE_UNAVAILABLE (Retry-After: 1) when the turn did not come within maxWaitMs
   */
  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The next writer waits for this one, whatever happens to it (done, failed or given up).
    const tail = before.then(() => mine);
    this.tails.set(key, tail);
    this.waiting.set(key, this.pending(key) + 1);
    const end = () => {
      release();
      const left = this.pending(key) - 1;
      if (left > 0) this.waiting.set(key, left);
      else this.waiting.delete(key);
      if (this.tails.get(key) === tail) this.tails.delete(key);
    };
    let timer: NodeJS.Timeout | undefined;
    const turn = await Promise.race([
      before.then(() => true),
      this.maxWaitMs > 0
        ? new Promise<false>((resolve) => {
            timer = setTimeout(() => resolve(false), this.maxWaitMs);
          })
        : new Promise<never>(() => {}),
    ]);
    clearTimeout(timer);
    if (!turn) {
      // Gives up its place: the writers after it wait only for the ones before it.
      before.then(end, end);
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: 'The record is busy; retry in a moment',
        headers: { 'retry-after': '1' },
        details: { retryAfter: 1 },
      });
    }
    try {
      return await work();
    } finally {
      end();
    }
  }
}
