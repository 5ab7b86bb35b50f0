/** Printing and judging, shared by the runner's sections (G1/G2, G3, G4, G6). */

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] ?? Number.NaN) : ((s[mid - 1] ?? Number.NaN) + (s[mid] ?? Number.NaN)) / 2;
};

export function fmt(v: number, digits = 2): string {
  if (!Number.isFinite(v)) return '-';
  return v.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function log(line = ''): void {
  console.log(line);
}

export function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  log(`  ${line(head)}`);
  log(`  ${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const r of rows) log(`  ${line(r)}`);
}

export interface Check {
  goal: string;
  target: string;
  values: number[];
  pass: (v: number) => boolean;
  show: (v: number) => string;
  /** Correctness rather than speed: any round that misses fails it. */
  strict?: boolean;
}

export function verdict(c: Check): string {
  const misses = c.values.filter((v) => !c.pass(v)).length;
  if (c.strict) return misses === 0 ? 'PASS' : `FAIL (${misses} of ${c.values.length} rounds)`;
  const medOk = c.pass(median(c.values));
  if (medOk && misses === 0) return 'PASS';
  // Section 3: fails only if the median misses and at least 2 of 3 rounds miss (all, with fewer rounds).
  if (medOk || misses < Math.min(2, c.values.length)) return `PASS (${misses} of ${c.values.length} rounds missed)`;
  return `FAIL (median misses, ${misses} of ${c.values.length} rounds miss)`;
}

export interface Verdict {
  goal: string;
  target: string;
  values: number[];
  median: number;
  verdict: string;
  /** The median as the goal shows it (ratio, ms). */
  shown?: string;
}

/** Prints the goals table and returns the verdicts. */
export function printChecks(checks: Check[], extra: string[][] = []): Verdict[] {
  const verdicts: Verdict[] = [];
  const rows = checks.map((c) => {
    const v = verdict(c);
    verdicts.push({
      goal: c.goal,
      target: c.target,
      values: c.values,
      median: median(c.values),
      verdict: v,
      shown: c.show(median(c.values)),
    });
    return [c.goal, c.target, c.values.map(c.show).join(' | '), c.show(median(c.values)), v];
  });
  table(['goal', 'target', 'rounds', 'median', 'verdict'], [...rows, ...extra]);
  return verdicts;
}

/** Prints informative ratios (no verdict). */
export function printInfo(info: Check[]): void {
  table(
    ['ratio', 'reference', 'rounds', 'median'],
    info.map((c) => [c.goal, c.target, c.values.map(c.show).join(' | '), c.show(median(c.values))]),
  );
}
