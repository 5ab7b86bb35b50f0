/**
 * Bounded load: a fixed number of workers, each sending one request at a time (reads, and hour
 * bookings whose 201 is an acknowledged write), until stopped. Every answer is kept; every
 * acknowledged booking is checked in the database afterwards ("lost writes").
 */

import { ok, type Result, refused, type Session } from './client.ts';
import type { Cluster } from './cluster.ts';

export interface World {
  admin: [Session, Session];
  fitter: [Session, Session];
  /** A project one may book hours on. */
  projectId: number;
  /** The fitter's own employee id. */
  fitterEmployeeId: number;
  /** Employees the admin books for (employeeId; hours.manage). */
  employeeIds: number[];
  /** Unique per run: every booking's note starts with it. */
  tag: string;
}

export interface Ack {
  id: number;
  note: string;
  minutes: number;
  date: string;
  employeeId: number;
}

/** Acknowledged writes (201 with the booking's id) and their check against the database. */
export class Writes {
  readonly acked: Ack[] = [];
  private seq = 0;

  constructor(
    private readonly world: World,
    /** Days from 2080-01-01 this ledger books on (one scenario's writes never share a day with another's). */
    private readonly dayOffset: number,
  ) {}

  /** One minute on a day of its own range: at most 500 bookings a day, far below the 24 h a person may book. */
  next(): { date: string; note: string } {
    const n = this.seq++;
    const d = new Date(Date.UTC(2080, 0, 1 + this.dayOffset + Math.floor(n / 500)));
    return { date: d.toISOString().slice(0, 10), note: `${this.world.tag}:${this.dayOffset}:${n}` };
  }

  record(r: Result, employeeId: number, minutes: number, date: string, note: string): void {
    if (r.status !== 201) return;
    const id = (r.body as { data?: { id?: number } } | undefined)?.data?.id;
    if (typeof id === 'number') this.acked.push({ id, note, minutes, date, employeeId });
  }

  /** Acknowledged bookings missing (or changed) in the database, and notes stored more than once. */
  async verify(cluster: Cluster): Promise<{ lost: Ack[]; duplicates: number }> {
    const rows = await cluster.query<{ id: number; notes: string; employee_id: number; minutes: number; date: string }>(
      `SELECT id, notes, employee_id, minutes, date::text AS date FROM booked_hours WHERE notes LIKE $1`,
      [`${this.world.tag}:${this.dayOffset}:%`],
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const lost = this.acked.filter((a) => {
      const row = byId.get(a.id);
      return !row || row.notes !== a.note || row.employee_id !== a.employeeId || row.minutes !== a.minutes || row.date !== a.date;
    });
    const perNote = new Map<string, number>();
    for (const r of rows) perNote.set(r.notes, (perNote.get(r.notes) ?? 0) + 1);
    const duplicates = [...perNote.values()].filter((n) => n > 1).length;
    return { lost, duplicates };
  }
}

export type Op = (w: Writes) => Promise<Result>;

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;

/** The standard mix: reads of three kinds, and bookings by the fitter (own) and by the admin (for others). */
export function standardOps(world: World, writeShare = 0.35): Op {
  const reads: ((s: Session) => Promise<Result>)[] = [
    (s) => s.request('GET', '/api/projects?perPage=10', { kind: 'read' }),
    (s) => s.request('GET', '/api/user/current', { kind: 'read' }),
    (s) => s.request('GET', '/api/hours/week?week=2026-W10', { kind: 'read' }),
  ];
  return async (w) => {
    if (Math.random() >= writeShare) return pick(reads)(Math.random() < 0.5 ? pick(world.admin) : pick(world.fitter));
    const { date, note } = w.next();
    const own = Math.random() < 0.5;
    const employeeId = own ? world.fitterEmployeeId : pick(world.employeeIds);
    const body = {
      ...(own ? {} : { employeeId }),
      date,
      projectId: world.projectId,
      minutes: 1,
      activity: 'installation',
      notes: note,
    };
    const r = await (own ? pick(world.fitter) : pick(world.admin)).request('POST', '/api/hours', { body, kind: 'write' });
    w.record(r, employeeId, 1, date, note);
    return r;
  };
}

export class Load {
  readonly results: Result[] = [];
  private running = false;
  private workers: Promise<void>[] = [];

  constructor(
    private readonly writes: Writes,
    private readonly op: Op,
    private readonly concurrency: number,
    /** Pause after an answer; longer after a refusal or failure (a client backing off a little). */
    private readonly pauseMs = 5,
  ) {}

  start(): this {
    this.running = true;
    for (let i = 0; i < this.concurrency; i++) this.workers.push(this.worker());
    return this;
  }

  private async worker(): Promise<void> {
    while (this.running) {
      const r = await this.op(this.writes);
      this.results.push(r);
      await new Promise((res) => setTimeout(res, ok(r) ? this.pauseMs : refused(r) ? 50 : 50));
    }
  }

  /** Stops sending and waits for the requests in flight. */
  async stop(): Promise<Result[]> {
    this.running = false;
    await Promise.all(this.workers);
    this.workers = [];
    return this.results;
  }
}

/** Waits until pred holds or the time is up; true when it held. */
export async function waitFor(pred: () => boolean | Promise<boolean>, timeoutMs: number, stepMs = 50): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await pred()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function statusHistogram(rs: Result[]): string {
  const m = new Map<string, number>();
  for (const r of rs) {
    const k = r.status === 0 ? `net:${r.error ?? '?'}` : `${r.status}${r.code ? ` ${r.code}` : ''}`;
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return [...m]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k}×${n}`)
    .join(', ');
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
}
