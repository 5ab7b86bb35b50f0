import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { pgCode } from './errors';
import { printableText } from './text-guard';

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
  /**
   * Each event as its JSON text, made when it arrives: a flat string is all a buffered event keeps
   * alive until the flush, where the event object with its metadata survived the young
   * generation's collections and was copied by each (G2).
   */
  private buffer: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  dropped = 0;
  /** Events the database refused because of their own values, dropped one by one (I10). */
  rejected = 0;

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
    this.buffer.push(JSON.stringify(e));
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
      // Parts of the batch still to write. A failing part is halved until the failing row stands
      // alone, so one value PostgreSQL refuses costs about 2·log2(BATCH) inserts, not the batch (I10).
      const parts: string[][] = [this.buffer.splice(0, BATCH)];
      try {
        while (parts.length > 0) {
          const part = parts[0] as string[];
          try {
            await this.insert(part);
            parts.shift();
          } catch (err) {
            if (part.length > 1) {
              const mid = part.length >> 1;
              parts.splice(0, 1, part.slice(0, mid), part.slice(mid));
            } else if (await this.isRowFault(err)) {
              parts.shift();
              this.reject(part[0] as string, err);
            } else {
              throw err;
            }
          }
        }
      } catch (err) {
        // The database itself failed: put back what is unwritten so a passing fault loses nothing.
        this.buffer.unshift(...parts.flat());
        throw err;
      }
    }
  }

  /**
   * Whether a lone row failed because of its own values rather than the database: a data or
   * constraint error (SQLSTATE class 22 or 23), or any error while the database still answers.
   */
  private async isRowFault(err: unknown): Promise<boolean> {
    const code = pgCode(err);
    if (code?.startsWith('22') || code?.startsWith('23')) return true;
    try {
      await this.db.raw.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  }

  private reject(text: string, err: unknown): void {
    this.rejected++;
    const e = JSON.parse(text) as { eventType: string; routeName: string | null };
    // Said once per row, without the values themselves: they are what could not be stored.
    this.log.error(
      {
        event: 'analytics.event-dropped',
        eventType: printable(e.eventType),
        routeName: e.routeName === null ? null : printable(e.routeName),
        code: pgCode(err) ?? null,
        reason: err instanceof Error ? err.message : String(err),
      },
      'analytics event dropped: the database refused its values',
    );
  }

  /**
   * One statement per part, the events as one JSON array read by json_to_recordset: the texts
   * joined, where eight arrays (the metadata stringified per event, then every element quoted and
   * escaped by the driver, dates formatted by hand) cost several microseconds per event (G2).
   * Dates are ISO text (an invalid one null, which the NOT NULL column refuses as a row fault); a
   * value PostgreSQL cannot store fails the statement as before (I10).
   */
  private async insert(batch: string[]): Promise<void> {
    await this.db.raw.query(
      `INSERT INTO analytics_events
         (created_at, event_type, account_id, company_id, acting_employee_account_id, url, route_name, metadata)
       SELECT x."createdAt", x."eventType", x."accountId", x."companyId", x."actingEmployeeAccountId", x.url, x."routeName", x.metadata
         FROM json_to_recordset($1::json) AS x("createdAt" timestamptz, "eventType" text, "accountId" int, "companyId" int,
              "actingEmployeeAccountId" int, url text, "routeName" text, metadata jsonb)`,
      [`[${batch.join(',')}]`],
      'analytics_insert_json',
    );
  }
}

/** A short version of a value that may hold the very characters that were refused, safe to log. */
function printable(s: string): string {
  return printableText(s).slice(0, 100);
}
