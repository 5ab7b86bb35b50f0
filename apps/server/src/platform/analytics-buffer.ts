import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';

export interface StoredEvent {
  createdAt: Date;
  eventType: string;
  accountId: number | null;
  companyId: number | null;
  actingEmployeeAccountId: number | null;
  url: string | null;
  routeName: string | null;
  metadata: Record<string, unknown>;
}

const MAX_BUFFERED = 50_000;
const BATCH = 2_000;

/**
 * Collects analytics events in memory and writes them in multi-row inserts every flushMs (G2, N4).
 * At most flushMs of events is at risk if the process crashes; a graceful stop flushes (O1).
 */
export class AnalyticsBuffer {
  private buffer: StoredEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  dropped = 0;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs: number,
  ) {}

  push(e: StoredEvent): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      // The database is not keeping up or is gone: keep memory bounded, say so once per batch.
      this.buffer.shift();
      this.dropped++;
      if (this.dropped % 1000 === 1) this.log.warn({ dropped: this.dropped }, 'analytics buffer full, dropping oldest events');
    }
    this.buffer.push(e);
  }

  get pending(): number {
    return this.buffer.length;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch((err) => this.log.error({ err }, 'analytics flush failed'));
    }, this.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Writes everything buffered so far; concurrent callers share one flush. */
  async flush(): Promise<void> {
    while (await this.flushing) await this.flushing;
    if (this.buffer.length === 0) return;
    this.flushing = this.write().finally(() => {
      this.flushing = null;
    });
    await this.flushing;
  }

  private async write(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, BATCH);
      try {
        await this.db.raw.query(
          `INSERT INTO analytics_events
             (created_at, event_type, account_id, company_id, acting_employee_account_id, url, route_name, metadata)
           SELECT c, t, a, co, ae, u, r, m::jsonb
             FROM unnest($1::timestamptz[], $2::text[], $3::int[], $4::int[], $5::int[], $6::text[], $7::text[], $8::text[])
               AS x(c, t, a, co, ae, u, r, m)`,
          [
            batch.map((e) => e.createdAt),
            batch.map((e) => e.eventType),
            batch.map((e) => e.accountId),
            batch.map((e) => e.companyId),
            batch.map((e) => e.actingEmployeeAccountId),
            batch.map((e) => e.url),
            batch.map((e) => e.routeName),
            batch.map((e) => JSON.stringify(e.metadata)),
          ],
          'analytics_insert',
        );
      } catch (err) {
        // Put the batch back so a passing database fault loses nothing; the next tick retries.
        this.buffer.unshift(...batch);
        throw err;
      }
    }
  }
}
