import type { HourRule } from '@app/shared/leave/leave.rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { query } from '../../platform/sql';

/**
 * The leave settings: leave types, the leave policy and the hour rules. Company-wide
 * settings, the same for everyone, so no employee scope: who may read or change them is the
 * route's access and the service's rules (LEAVE_RIGHTS).
 */

// ---- leave types

export interface LeaveTypeRow {
  id: number;
  name: string;
  nameEn: string;
  code: string;
  color: string;
  countsAgainstBalance: boolean;
  needsApproval: boolean;
  active: boolean;
  inUse: boolean;
  version: number;
}

export interface LeaveTypeFields {
  name: string;
  nameEn: string;
  code: string;
  color: string;
  countsAgainstBalance: boolean;
  needsApproval: boolean;
  active: boolean;
}

/** Used: a request, a ledger line or a collective leave names it (each has an index on leave_type_id). */
const typeInUse = sql`(EXISTS (SELECT 1 FROM leave_requests r WHERE r.leave_type_id = t.id)
                    OR EXISTS (SELECT 1 FROM leave_lines l WHERE l.leave_type_id = t.id)
                    OR EXISTS (SELECT 1 FROM collective_leaves c WHERE c.leave_type_id = t.id))`;

const typeColumns = sql`t.id, t.name, t.name_en AS "nameEn", t.code, t.color, t.counts_against_balance AS "countsAgainstBalance",
  t.needs_approval AS "needsApproval", t.active, ${typeInUse} AS "inUse", t.version`;

/** The leave types by name: the active ones, or with `all` every one. */
export function listTypes(db: DbOrTx, all: boolean): Promise<LeaveTypeRow[]> {
  return query<LeaveTypeRow>(
    db,
    sql`SELECT ${typeColumns} FROM leave_types t ${all ? sql`` : sql`WHERE t.active`} ORDER BY lower(t.name), t.id`,
  );
}

/** One leave type; `lock` takes its row FOR UPDATE (a change or delete waits for another). */
export async function findType(db: DbOrTx, id: number, lock = false): Promise<LeaveTypeRow | null> {
  const rows = await query<LeaveTypeRow>(
    db,
    sql`SELECT ${typeColumns} FROM leave_types t WHERE t.id = ${id} ${lock ? sql`FOR UPDATE OF t` : sql``}`,
  );
  return rows[0] ?? null;
}

/** True when another leave type has this code (case does not count: the unique index is on lower(code)). */
export async function codeTaken(db: DbOrTx, code: string, exceptId: number | null): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`SELECT t.id FROM leave_types t WHERE lower(t.code) = lower(${code}) ${exceptId === null ? sql`` : sql`AND t.id <> ${exceptId}`}`,
  );
  return rows.length > 0;
}

export async function insertType(db: DbOrTx, f: LeaveTypeFields, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO leave_types (name, name_en, code, color, counts_against_balance, needs_approval, active, created_at, updated_at)
        VALUES (${f.name}, ${f.nameEn}, ${f.code}, ${f.color}, ${f.countsAgainstBalance}, ${f.needsApproval}, ${f.active},
                ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned nothing');
  return id;
}

/** Changes a leave type of that version; false when none matched. */
export async function updateType(db: DbOrTx, id: number, version: number, f: LeaveTypeFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE leave_types t
           SET name = ${f.name}, name_en = ${f.nameEn}, code = ${f.code}, color = ${f.color}, counts_against_balance = ${f.countsAgainstBalance},
               needs_approval = ${f.needsApproval}, active = ${f.active}, version = t.version + 1,
               updated_at = ${now.toISOString()}::timestamptz
         WHERE t.id = ${id} AND t.version = ${version}
     RETURNING t.id`,
  );
  return rows.length > 0;
}

/** Deletes an unused leave type of that version; false when none matched. */
export async function deleteType(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM leave_types t WHERE t.id = ${id} AND t.version = ${version} AND NOT ${typeInUse} RETURNING t.id`,
  );
  return rows.length > 0;
}

// ---- the leave policy (one row, id 1, made by the migration)

export interface PolicyFields {
  fullTimeWeekMinutes: number;
  yearlyMinutes: number;
}

/** Changes the policy of that version; false when the version did not match. */
export async function updatePolicy(db: DbOrTx, version: number, f: PolicyFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE leave_policy p
           SET full_time_week_minutes = ${f.fullTimeWeekMinutes}, yearly_minutes = ${f.yearlyMinutes},
               version = p.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE p.id = 1 AND p.version = ${version}
     RETURNING p.id`,
  );
  return rows.length > 0;
}

// ---- hour rules

export interface HourRuleRow extends HourRule {
  name: string;
  version: number;
}

export type HourRuleFields = Omit<HourRuleRow, 'id' | 'version'>;

const ruleColumns = sql`r.id, r.name, r.weekdays, r.start_time AS start, r.end_time AS "end",
  r.effective_from::text AS "effectiveFrom", r.kind, r.percent, r.allowance_minutes AS "allowanceMinutes",
  r.feeds_overtime AS "feedsOvertime", r.active, r.version`;

/** Every hour rule, by name. */
export function listRules(db: DbOrTx): Promise<HourRuleRow[]> {
  return query<HourRuleRow>(db, sql`SELECT ${ruleColumns} FROM hour_rules r ORDER BY lower(r.name), r.id`);
}

/** One hour rule; `lock` takes its row FOR UPDATE. */
export async function findRule(db: DbOrTx, id: number, lock = false): Promise<HourRuleRow | null> {
  const rows = await query<HourRuleRow>(
    db,
    sql`SELECT ${ruleColumns} FROM hour_rules r WHERE r.id = ${id} ${lock ? sql`FOR UPDATE OF r` : sql``}`,
  );
  return rows[0] ?? null;
}

const weekdaysJson = (f: HourRuleFields) => JSON.stringify([...f.weekdays].sort((a, b) => a - b));

export async function insertRule(db: DbOrTx, f: HourRuleFields, now: Date): Promise<number> {
  const at = now.toISOString();
  const rows = await query<{ id: number }>(
    db,
    sql`INSERT INTO hour_rules (name, weekdays, start_time, end_time, effective_from, kind, percent, allowance_minutes,
                                feeds_overtime, active, created_at, updated_at)
        VALUES (${f.name}, ${weekdaysJson(f)}::jsonb, ${f.start}, ${f.end}, ${f.effectiveFrom}::date, ${f.kind},
                ${f.percent}::int, ${f.allowanceMinutes}::int, ${f.feedsOvertime}, ${f.active},
                ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id`,
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned nothing');
  return id;
}

/** Changes an hour rule of that version; false when none matched. */
export async function updateRule(db: DbOrTx, id: number, version: number, f: HourRuleFields, now: Date): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE hour_rules r
           SET name = ${f.name}, weekdays = ${weekdaysJson(f)}::jsonb, start_time = ${f.start}, end_time = ${f.end},
               effective_from = ${f.effectiveFrom}::date, kind = ${f.kind}, percent = ${f.percent}::int,
               allowance_minutes = ${f.allowanceMinutes}::int, feeds_overtime = ${f.feedsOvertime}, active = ${f.active},
               version = r.version + 1, updated_at = ${now.toISOString()}::timestamptz
         WHERE r.id = ${id} AND r.version = ${version}
     RETURNING r.id`,
  );
  return rows.length > 0;
}

/**
 * Before a rule goes: its overtime lines on days payroll has locked stay (they were paid), no
 * longer tied to the rule but named after it. The later ones go with the rule (ON DELETE CASCADE)
 * and are rewritten by resyncOvertime.
 */
export async function keepLockedOvertime(db: DbOrTx, id: number, name: string, lockedThrough: string | null): Promise<number> {
  if (lockedThrough === null) return 0;
  const rows = await query<{ id: number }>(
    db,
    sql`UPDATE leave_lines l SET hour_rule_id = NULL, description = ${name}
         WHERE l.hour_rule_id = ${id} AND l.date <= ${lockedThrough}::date
     RETURNING l.id`,
  );
  return rows.length;
}

/** Deletes the rule of that version; false when none matched. */
export async function deleteRule(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await query<{ id: number }>(
    db,
    sql`DELETE FROM hour_rules r WHERE r.id = ${id} AND r.version = ${version} RETURNING r.id`,
  );
  return rows.length > 0;
}
