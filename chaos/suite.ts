/**
 * What every scenario works with: the private cluster, the two app processes, the balancer
 * process, the signed-in sessions, and the result rows.
 */
import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type { AppProcess } from './apps.ts';
import type { BalancerMessage, BalancerStats } from './balancer.ts';
import type { Client } from './client.ts';
import type { Cluster } from './cluster.ts';
import type { World } from './load.ts';

export interface Options {
  full: boolean;
  only: string[] | null;
  /** Database restarts and terminations in fault 6 (each). */
  restarts: number;
  concurrency: number;
  /** How long fault 7 waits for the take-over. */
  takeoverWaitMs: number;
  keep: boolean;
}

export interface Row {
  scenario: string;
  sent: number;
  failed: number;
  refused: number;
  lost: number | null;
  exits: number;
  recovery: string;
  /** Goals missed, in words; empty: passed. */
  missed: string[];
  notes: string[];
  /** Log lines of the app processes (warnings and errors) during the scenario, for the report. */
  evidence: string[];
}

export class Balancer {
  readonly events: { backend: number; up: boolean; at: number; reason: string }[] = [];
  private readonly up = new Map<number, boolean>();
  private statsWaiter: ((s: BalancerStats) => void) | null = null;

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static start(port: number, backends: number[]): Promise<Balancer> {
    const child = fork(path.join(import.meta.dirname, 'balancer.ts'), [], {
      env: { ...process.env, BALANCER_PORT: String(port), BACKENDS: backends.join(',') },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      detached: true,
    });
    const b = new Balancer(child, port);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the balancer did not start within 20 s')), 20_000);
      child.on('message', (m: BalancerMessage) => {
        if (m.type === 'ready') {
          clearTimeout(timer);
          resolve(b);
        } else if (m.type === 'state') {
          b.up.set(m.backend, m.up);
          b.events.push({ backend: m.backend, up: m.up, at: m.at, reason: m.reason });
        } else if (m.type === 'stats') {
          b.statsWaiter?.(m.stats);
          b.statsWaiter = null;
        }
      });
      child.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`the balancer exited (${code})`));
      });
    });
  }

  isUp(port: number): boolean {
    return this.up.get(port) === true;
  }

  stats(): Promise<BalancerStats> {
    return new Promise((resolve) => {
      this.statsWaiter = resolve;
      this.child.send({ type: 'stats' });
    });
  }

  /** Transitions in a window, e.g. "3102 down +1.2s (HTTP 503), 3102 up +9.8s". */
  describe(from: number, to: number, t0 = from): string {
    return this.events
      .filter((e) => e.at >= from && e.at <= to)
      .map((e) => `${e.backend} ${e.up ? 'up' : 'down'} ${((e.at - t0) / 1000).toFixed(1)}s${e.up ? '' : ` (${e.reason})`}`)
      .join(', ');
  }

  stop(): void {
    if (this.child.exitCode === null && this.child.pid) {
      try {
        process.kill(this.child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  }
}

export interface Suite {
  opts: Options;
  cluster: Cluster;
  apps: AppProcess[];
  balancer: Balancer;
  client: Client;
  world: World;
  rows: Row[];
  /** For Writes: a fresh range of days per scenario. */
  nextDayOffset(): number;
}

export function secs(ms: number): string {
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}
