/**
 * CPU accounting from /proc (Linux), so that each scenario can say how much CPU the server and
 * its database backends spent per request, and how busy the machine was with processes outside
 * the benchmark. On a shared 2-core box these explain the req/s figures better than req/s alone.
 * Elsewhere every figure is NaN and the runner prints '-'.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

// USER_HZ: 100 on every mainstream Linux build.
const TICK_MS = 10;

/** user + system CPU of one process, ms; NaN when it is gone or /proc is missing. */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** Busy CPU of the whole machine (all cores), ms. */
export function machineBusyMs(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * TICK_MS;
  } catch {
    return Number.NaN;
  }
}

/** Processes whose executable name is exactly `name` (the PostgreSQL backends). */
export function pidsNamed(name: string): number[] {
  try {
    return readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .map(Number)
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

export const cores = (): number => os.availableParallelism?.() ?? os.cpus().length;

/** A snapshot of CPU counters; diff two of them with cpuBetween. */
export interface CpuSnapshot {
  at: number;
  machine: number;
  procs: Map<number, number>;
}

export function snapshot(pids: number[]): CpuSnapshot {
  const procs = new Map<number, number>();
  for (const pid of pids) procs.set(pid, processCpuMs(pid));
  return { at: performance.now(), machine: machineBusyMs(), procs };
}

/** CPU ms each pid used between a and b (a pid that appeared in between counts from 0). */
export function cpuBetween(a: CpuSnapshot, b: CpuSnapshot, pids: number[]): number {
  let sum = 0;
  for (const pid of pids) {
    const end = b.procs.get(pid);
    if (end === undefined || Number.isNaN(end)) continue;
    const start = a.procs.get(pid);
    sum += end - (start === undefined || Number.isNaN(start) ? 0 : start);
  }
  return sum;
}
