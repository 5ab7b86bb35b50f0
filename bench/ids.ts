/**
 * The ids the seeds made, for the random pickers of the scenarios (bench/run.ts) and the baseline
 * routes. Every seed returns the ids it created (or takes the ids it should use); the runner puts
 * them here (pg: it seeds in its own process; PGlite: the server child seeds and sends them over
 * IPC), so the seeds compose on one database (`--production`) as well as alone (`--hours`, …).
 */

export interface BenchIds {
  /** seed.ts: companies in id order; company user cu (1-based) belongs to companyIds[cu % companyIds.length]. */
  companyIds: number[];
  /** seed.ts: employees and company users with accounts, and sessions tok1..tokN (common.ts). */
  employees: number;
  clients: number;
  sessions: number;
  /** projects.ts: the big project, its decks and its areas (kind 'area'). */
  project: { id: number; deckIds: number[]; areaIds: number[] };
  /** portal.ts: the companies with products, and their offsets in companyIds (for their users' sessions). */
  portal: { companyIds: number[]; offsets: number[] };
  /** hours.ts: the people with bookings and the filtered list's project. */
  hours: { employeeIds: number[]; filterProjectId: number };
  /** leave-card.ts: the people with leave. */
  leave: { employeeIds: number[] };
}

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

/** What a fresh database gets from a per-area run (the figures the pickers used to hard-code). */
export const benchIds: BenchIds = {
  companyIds: range(1, 100),
  employees: 1_000,
  clients: 1_000,
  sessions: 10_000,
  project: { id: 1, deckIds: range(1, 10), areaIds: range(11, 200) },
  portal: { companyIds: range(2, 20), offsets: range(1, 20) },
  hours: { employeeIds: range(1, 50), filterProjectId: 7 },
  leave: { employeeIds: range(1, 51) },
};

/** Replaces the parts a seed reported. */
export function useIds(ids: Partial<BenchIds>): void {
  Object.assign(benchIds, ids);
}

/** A uniformly random element of a non-empty list. */
export function pick<T>(xs: readonly T[]): T {
  const x = xs[Math.floor(Math.random() * xs.length)];
  if (x === undefined) throw new Error('pick from an empty list: was the part seeded?');
  return x;
}
