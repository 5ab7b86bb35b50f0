/**
 * Test data for the leave tests: contracts, leave types, hour rules and ledger lines,
 * made directly as rows. Not used by the application.
 */
import type { Database } from '../../db/client';
import { employeeContracts, hourRules, leaveTypes } from '../../db/schema';
import { insertLines, type LineToWrite } from './ledger.repository';

async function first<T>(q: Promise<T[]>): Promise<T> {
  const rows = await q;
  if (!rows[0]) throw new Error('fixture insert returned nothing');
  return rows[0];
}

/** An employment contract (default: full time, 40 hours a week, from 2025-01-01, open-ended). */
export function createContractRow(
  db: Database,
  o: { employeeId: number; startsOn?: string; endsOn?: string | null; minutesPerWeek?: number },
): Promise<{ id: number }> {
  return first(
    db.orm
      .insert(employeeContracts)
      .values({
        employeeId: o.employeeId,
        startsOn: o.startsOn ?? '2025-01-01',
        endsOn: o.endsOn ?? null,
        minutesPerWeek: o.minutesPerWeek ?? 2400,
      })
      .returning({ id: employeeContracts.id }),
  );
}

let typeSeq = 0;
/** A leave type (default: counts against the balance and needs approval). */
export function createLeaveTypeRow(
  db: Database,
  o: {
    name?: string;
    code?: string;
    color?: string;
    countsAgainstBalance?: boolean;
    needsApproval?: boolean;
    active?: boolean;
  } = {},
): Promise<{ id: number; version: number }> {
  typeSeq += 1;
  return first(
    db.orm
      .insert(leaveTypes)
      .values({
        name: o.name ?? `Verlof ${typeSeq}`,
        code: o.code ?? `T${typeSeq}${Math.random().toString(36).slice(2, 6)}`,
        color: o.color ?? '#228be6',
        countsAgainstBalance: o.countsAgainstBalance ?? true,
        needsApproval: o.needsApproval ?? true,
        active: o.active ?? true,
      })
      .returning({ id: leaveTypes.id, version: leaveTypes.version }),
  );
}

/** An hour rule (default: the weekend, Saturday and Sunday all day at 150 %, feeding the overtime balance). */
export function createHourRuleRow(
  db: Database,
  o: {
    name?: string;
    weekdays?: number[];
    start?: string;
    end?: string;
    effectiveFrom?: string;
    kind?: 'multiplier' | 'allowance';
    percent?: number | null;
    allowanceMinutes?: number | null;
    feedsOvertime?: boolean;
  } = {},
): Promise<{ id: number; version: number }> {
  return first(
    db.orm
      .insert(hourRules)
      .values({
        name: o.name ?? 'Weekend',
        weekdays: o.weekdays ?? [6, 7],
        startTime: o.start ?? '00:00',
        endTime: o.end ?? '00:00',
        effectiveFrom: o.effectiveFrom ?? '2025-01-01',
        kind: o.kind ?? 'multiplier',
        percent: o.percent === undefined ? 150 : o.percent,
        allowanceMinutes: o.allowanceMinutes ?? null,
        feedsOvertime: o.feedsOvertime ?? true,
      })
      .returning({ id: hourRules.id, version: hourRules.version }),
  );
}

/** Ledger lines of one person, written as the services write them. */
export async function createLeaveLines(db: Database, employeeId: number, lines: LineToWrite[]): Promise<number[]> {
  return db.orm.transaction((tx) => insertLines(tx, employeeId, lines, null));
}
