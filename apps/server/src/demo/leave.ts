import { holidaySet } from '@app/shared/leave/holidays';
import { collectiveDays, type PartOfDay, requestDays, scheduleDayOn } from '@app/shared/leave/leave.rules';
import { addDays, isoWeekday, localDateString } from '@app/shared/platform/iso-week';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { balanceOf } from '../features/leave/card.service';
import { insertLines, leaveDays, leaveLinesOf, scheduleVersions, syncBookingOvertime } from '../features/leave/ledger.repository';
import { query } from '../platform/sql';
import { DEMO_FITTER } from './people';

/** The demo's leave types: what counts against the balance and what needs approval. */
export const DEMO_LEAVE_TYPES = [
  { code: 'VAK', name: 'Vakantieverlof', nameEn: 'Holiday leave', color: '#2f9e44', counts: true, approval: true },
  { code: 'BV', name: 'Bijzonder verlof', nameEn: 'Special leave', color: '#1c7ed6', counts: false, approval: true },
  { code: 'OV', name: 'Onbetaald verlof', nameEn: 'Unpaid leave', color: '#868e96', counts: false, approval: true },
  { code: 'ADV', name: 'Compensatie-uren', nameEn: 'Time off in lieu', color: '#f08c00', counts: true, approval: false },
] as const;
type Code = (typeof DEMO_LEAVE_TYPES)[number]['code'];

export interface LeaveDemoResult {
  leaveTypes: number;
  requests: number;
  leaveLines: number;
  collectiveLeaves: number;
  hourRules: number;
  overtimeLines: number;
  sickPeriods: number;
  corrections: number;
  contracts: number;
}

/** The Monday on or after a date. */
const mondayFrom = (d: string) => addDays(d, (8 - isoWeekday(d)) % 7);

/**
 * Leave of the demo, after the people demo: leave types, the leave policy (40:00 a
 * week, 200:00 a year), contracts for the demo staff who have none, hour rules for evenings,
 * weekends and nights with the booked hours they turn into overtime lines (some bookings get a
 * start time: late shifts, a night shift, Saturday work), the Christmas closure booked for everyone
 * by their own schedule, a year of requests (approved in the past on the days nobody booked hours,
 * approved in the future, denied with a reason, pending, a part-day one), sick periods (one ended,
 * one open) and corrections. Every line is written by the ledger core
 * (features/leave/ledger.repository.ts) from the shared rules, exactly as the services write them.
 * Loaded once: when no leave type exists yet and the people demo is there.
 */
export async function seedLeaveDemo(o: { db: Database; log?: FastifyBaseLogger; now?: Date }): Promise<LeaveDemoResult | null> {
  const started = Date.now();
  const db = o.db.orm;
  const existing = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM leave_types`);
  if (Number(existing[0]?.n ?? 0) > 0) return null;
  const people = await query<{ id: number; email: string; accountId: number; name: string }>(
    db,
    sql`SELECT e.id, a.email, a.id AS "accountId", e.first_name AS name
          FROM employees e JOIN accounts a ON a.employee_id = e.id
         WHERE e.deleted_at IS NULL AND EXISTS (SELECT 1 FROM schedules s WHERE s.employee_id = e.id)
         ORDER BY e.id`,
  );
  const byEmail = (email: string) => people.find((p) => p.email === email);
  const fitter = byEmail(DEMO_FITTER.email);
  const hr = people.find((p) => p.email === 'ilse.de.graaf@outfitting.test');
  if (!fitter || !hr) {
    o.log?.info({ event: 'demo.leave.skipped' }, 'demo leave not loaded: the demo people are missing');
    return null;
  }
  const today = localDateString(o.now ?? new Date());
  const year = Number(today.slice(0, 4));
  const yearAgo = addDays(today, -364);
  const hrAccount = Number(hr.accountId);
  const person = (first: string) => people.find((p) => p.name === first);

  const result = await db.transaction(async (tx) => {
    // ---- leave types and the policy
    const types = new Map<Code, { id: number; counts: boolean; approval: boolean }>();
    for (const t of DEMO_LEAVE_TYPES) {
      const rows = await query<{ id: number }>(
        tx,
        sql`INSERT INTO leave_types (name, name_en, code, color, counts_against_balance, needs_approval)
            VALUES (${t.name}, ${t.nameEn}, ${t.code}, ${t.color}, ${t.counts}, ${t.approval}) RETURNING id`,
      );
      types.set(t.code, { id: Number(rows[0]?.id), counts: t.counts, approval: t.approval });
    }
    const type = (code: Code) => types.get(code) as { id: number; counts: boolean; approval: boolean };
    await tx.execute(
      sql`INSERT INTO leave_policy (id, full_time_week_minutes, yearly_minutes) VALUES (1, 2400, 12000)
          ON CONFLICT (id) DO UPDATE SET full_time_week_minutes = 2400, yearly_minutes = 12000`,
    );

    // ---- contracts for the people with a schedule and none (the admin and the project leader)
    const contractless = await query<{ id: number }>(
      tx,
      sql`SELECT e.id FROM employees e
           WHERE e.deleted_at IS NULL AND EXISTS (SELECT 1 FROM schedules s WHERE s.employee_id = e.id)
             AND NOT EXISTS (SELECT 1 FROM employee_contracts c WHERE c.employee_id = e.id) ORDER BY e.id`,
    );
    for (const [n, c] of contractless.entries()) {
      await tx.execute(
        sql`INSERT INTO employee_contracts (employee_id, starts_on, ends_on, minutes_per_week, notes, created_by)
            VALUES (${Number(c.id)}, ${addDays(today, -Math.round((6 + n * 3) * 365.25))}::date, NULL, 2400, 'Vast contract', ${hrAccount})`,
      );
    }

    // ---- hour rules, from the Monday before the year of hours
    const rulesFrom = addDays(yearAgo, -isoWeekday(yearAgo) + 1 - 28);
    const rule = async (
      name: string,
      weekdays: number[],
      start: string,
      end: string,
      kind: string,
      value: number,
      feeds: boolean,
    ) => {
      const rows = await query<{ id: number }>(
        tx,
        sql`INSERT INTO hour_rules (name, weekdays, start_time, end_time, effective_from, kind, percent, allowance_minutes, feeds_overtime)
            VALUES (${name}, ${JSON.stringify(weekdays)}::jsonb, ${start}, ${end}, ${rulesFrom}::date, ${kind},
                    ${kind === 'multiplier' ? value : null}::int, ${kind === 'allowance' ? value : null}::int, ${feeds})
            RETURNING id`,
      );
      return Number(rows[0]?.id);
    };
    await rule('Avond', [1, 2, 3, 4, 5], '18:00', '00:00', 'multiplier', 125, true);
    await rule('Weekend', [6, 7], '00:00', '00:00', 'multiplier', 150, true);
    await rule('Nachttoeslag', [1, 2, 3, 4, 5, 6, 7], '00:00', '06:00', 'allowance', 30, false);

    // ---- start times for some bookings: late shifts on long days, a night shift, Saturday work
    const touched: number[] = [];
    const fitters = await query<{ id: number; accountId: number }>(
      tx,
      sql`SELECT e.id, a.id AS "accountId" FROM employees e JOIN accounts a ON a.employee_id = e.id
           WHERE e.function = 'Monteur' AND EXISTS (SELECT 1 FROM schedules s WHERE s.employee_id = e.id) ORDER BY e.id`,
    );
    const fitterIds = `{${fitters.map((f) => Number(f.id)).join(',')}}`;
    // Long days (a booking of 9:30 or more) started at 09:00 on board: they run into the evening.
    const late = await query<{ id: number }>(
      tx,
      sql`UPDATE booked_hours SET start_time = '09:00'
           WHERE employee_id = ANY(${fitterIds}::int[]) AND minutes >= 570 AND date < ${today}::date RETURNING id`,
    );
    touched.push(...late.map((r) => Number(r.id)));
    // The demo fitter's single bookings of the last weeks start at 07:30; one of them was a night shift.
    const recent = await query<{ id: number; date: string }>(
      tx,
      sql`SELECT b.id, b.date::text AS date FROM booked_hours b
           WHERE b.employee_id = ${fitter.id} AND b.start_time IS NULL AND b.date >= ${addDays(today, -42)}::date
             AND NOT EXISTS (SELECT 1 FROM booked_hours x WHERE x.employee_id = b.employee_id AND x.date = b.date AND x.id <> b.id)
           ORDER BY b.date`,
    );
    const night = recent.find((r) => isoWeekday(r.date) === 3);
    for (const r of recent) {
      const isNight = r.id === night?.id;
      await tx.execute(
        sql`UPDATE booked_hours SET start_time = ${isNight ? '20:00' : '07:30'},
                   notes = CASE WHEN ${isNight} THEN 'Nachtdienst: de werf werkt door' ELSE notes END
             WHERE id = ${Number(r.id)}`,
      );
      touched.push(Number(r.id));
    }
    // Saturday work for two fitters in the last weeks: the delivery of a ship.
    const lastProject = await query<{ projectId: number }>(
      tx,
      sql`SELECT project_id AS "projectId" FROM booked_hours WHERE employee_id = ${fitter.id} ORDER BY date DESC, id DESC LIMIT 1`,
    );
    const projectId = lastProject[0]?.projectId;
    if (projectId !== undefined) {
      const saturdays: string[] = [];
      for (let d = addDays(today, -1); saturdays.length < 3; d = addDays(d, -1)) if (isoWeekday(d) === 6) saturdays.push(d);
      for (const [n, f] of fitters.slice(0, 2).entries()) {
        for (const d of saturdays.slice(n)) {
          const rows = await query<{ id: number }>(
            tx,
            sql`INSERT INTO booked_hours (employee_id, date, project_id, minutes, activity, notes, start_time, created_by)
                VALUES (${Number(f.id)}, ${d}::date, ${Number(projectId)}, 300, 'installation', 'Zaterdagwerk: oplevering', '08:00',
                        ${Number(f.accountId)})
                RETURNING id`,
          );
          touched.push(Number(rows[0]?.id));
        }
      }
    }
    // The overtime lines of every booking with a start time or on a weekend, as the hours service writes them.
    for (const id of touched) await syncBookingOvertime(tx, id);

    // ---- the Christmas closure for everyone (except whose contract has ended by then), each by their own schedule
    const xmasYear = today > `${year}-12-20` ? year + 1 : year;
    const xmasFrom = `${xmasYear}-12-28`;
    const xmasTill = `${xmasYear + 1}-01-01`;
    const closure = await query<{ id: number }>(
      tx,
      sql`INSERT INTO collective_leaves (name, leave_type_id, starts_on, ends_on, minutes_per_day, applies_to, created_by)
          VALUES ('Kerstsluiting', ${type('VAK').id}, ${xmasFrom}::date, ${xmasTill}::date, NULL, 'all', ${hrAccount}) RETURNING id`,
    );
    const closureId = Number(closure[0]?.id);
    const everyone = await query<{ id: number; employed: boolean }>(
      tx,
      sql`SELECT e.id, EXISTS (SELECT 1 FROM employee_contracts c WHERE c.employee_id = e.id
                                  AND c.starts_on <= ${xmasTill}::date AND (c.ends_on IS NULL OR c.ends_on >= ${xmasFrom}::date)) AS employed
            FROM employees e WHERE e.deleted_at IS NULL AND EXISTS (SELECT 1 FROM schedules s WHERE s.employee_id = e.id) ORDER BY e.id`,
    );
    const holidaysXmas = holidaySet(xmasFrom, xmasTill);
    let leaveLineCount = 0;
    for (const e of everyone) {
      if (!e.employed) {
        await tx.execute(
          sql`INSERT INTO collective_leave_employees (collective_leave_id, employee_id, role) VALUES (${closureId}, ${Number(e.id)}, 'exclude')`,
        );
        continue;
      }
      const versions = await scheduleVersions(tx, Number(e.id), xmasFrom, xmasTill);
      const already = await leaveDays(tx, Number(e.id), xmasFrom, xmasTill, { exceptCollective: closureId });
      const days = collectiveDays({
        versions,
        from: xmasFrom,
        till: xmasTill,
        minutesPerDay: null,
        holidays: holidaysXmas,
        alreadyOnLeave: already,
      });
      const lines = leaveLinesOf(days, {
        leaveTypeId: type('VAK').id,
        counts: type('VAK').counts,
        description: 'Kerstsluiting',
        collectiveLeaveId: closureId,
      });
      leaveLineCount += (await insertLines(tx, Number(e.id), lines, hrAccount)).length;
    }

    // ---- requests
    let requests = 0;
    const at = (date: string, time = '09:00') => `${date}T${time}:00Z`;
    const request = async (
      who: { id: number; accountId: number } | undefined,
      code: Code,
      from: string,
      till: string,
      status: 'approved' | 'denied' | 'pending',
      opts: { note?: string; reason?: string; part?: PartOfDay; askedDaysBefore?: number } = {},
    ) => {
      if (!who) return;
      const t = type(code);
      const employeeId = Number(who.id);
      const versions = await scheduleVersions(tx, employeeId, from, till);
      const collective = await leaveDays(tx, employeeId, from, till, { source: 'collective' });
      const days = requestDays({ versions, from, till, part: opts.part ?? null, holidays: holidaySet(from, till), collective });
      const minutes = days.reduce((s, d) => s + d.minutes, 0);
      if (minutes === 0) return;
      // Asked some weeks before (or, for leave long past, some weeks before it started); decided two days later.
      const asked = addDays(from < today ? from : today, -(opts.askedDaysBefore ?? 21));
      const decided = status === 'pending' ? null : t.approval ? addDays(asked, 2) : asked;
      const rows = await query<{ id: number }>(
        tx,
        sql`INSERT INTO leave_requests (employee_id, leave_type_id, starts_on, ends_on, part_start, part_end, minutes, note, status,
                                        decision_reason, decided_by, decided_at, created_by, created_at, updated_at)
            VALUES (${employeeId}, ${t.id}, ${from}::date, ${till}::date, ${opts.part?.start ?? null}, ${opts.part?.end ?? null},
                    ${minutes}, ${opts.note ?? ''}, ${status}, ${opts.reason ?? null},
                    ${decided && t.approval ? hrAccount : null}::int, ${decided ? at(decided, '10:30') : null}::timestamptz,
                    ${Number(who.accountId)}, ${at(asked)}::timestamptz, ${at(decided ?? asked, decided ? '10:30' : '09:00')}::timestamptz)
            RETURNING id`,
      );
      requests++;
      if (status !== 'approved') return;
      const lines = leaveLinesOf(days, {
        leaveTypeId: t.id,
        counts: t.counts,
        description: opts.note ?? '',
        requestId: Number(rows[0]?.id),
      });
      leaveLineCount += (await insertLines(tx, employeeId, lines, t.approval ? hrAccount : Number(who.accountId))).length;
    };

    // The days without booked hours in the past year, per person: the longest run was their summer
    // holiday (approved leave); single ones a day off or ill.
    const gaps = async (employeeId: number) => {
      const versions = await scheduleVersions(tx, employeeId, yearAgo, today);
      const booked = new Set(
        (
          await query<{ date: string }>(
            tx,
            sql`SELECT DISTINCT date::text AS date FROM booked_hours WHERE employee_id = ${employeeId} AND date >= ${yearAgo}::date`,
          )
        ).map((r) => r.date),
      );
      const holidays = holidaySet(yearAgo, today);
      const runs: string[][] = [];
      let run: string[] = [];
      for (let d = yearAgo; d < today; d = addDays(d, 1)) {
        const scheduled = scheduleDayOn(versions, d) !== null && !holidays.has(d);
        if (!scheduled) continue;
        if (booked.has(d)) {
          if (run.length) runs.push(run);
          run = [];
        } else run.push(d);
      }
      if (run.length) runs.push(run);
      const longest = runs.reduce<string[]>((best, r) => (r.length > best.length ? r : best), []);
      return { summer: longest.length >= 5 ? longest : null, single: runs.filter((r) => r !== longest && r.length <= 2) };
    };

    const sick: { who: number; from: string; till: string | null; notes: string }[] = [];
    const workshop = people.filter((p) => !['Ilse', 'Sanne', 'Daan'].includes(p.name));
    for (const [n, p] of workshop.entries()) {
      const g = await gaps(Number(p.id));
      if (g.summer) {
        await request(p, 'VAK', g.summer[0] as string, g.summer[g.summer.length - 1] as string, 'approved', {
          note: n % 2 ? 'Zomervakantie' : 'Vakantie met het gezin',
          askedDaysBefore: 60,
        });
      }
      // A single day off this year: bijzonder verlof for the fitter; another one ill (the fitter and every third person).
      const thisYear = g.single.filter((r) => (r[0] as string) >= `${year}-01-01`);
      const first = thisYear[0];
      if (first && p.id === fitter.id) {
        await request(p, 'BV', first[0] as string, first[0] as string, 'approved', { note: 'Verhuizing', askedDaysBefore: 14 });
      }
      const ill = p.id === fitter.id ? thisYear[1] : n % 3 === 1 ? thisYear[0] : undefined;
      if (ill) sick.push({ who: Number(p.id), from: ill[0] as string, till: ill[ill.length - 1] as string, notes: 'Griep' });
    }

    // The future and the decisions, around today.
    const nextMonday = mondayFrom(addDays(today, 1));
    const ski = mondayFrom(addDays(today, 80));
    await request(fitter, 'VAK', ski, addDays(ski, 4), 'approved', { note: 'Wintersport', askedDaysBefore: 10 });
    await request(fitter, 'ADV', addDays(nextMonday, 11), addDays(nextMonday, 11), 'approved', {
      note: 'Compensatie zaterdagwerk',
      askedDaysBefore: 2,
    });
    await request(fitter, 'VAK', addDays(nextMonday, 14), addDays(nextMonday, 18), 'denied', {
      note: 'Weekje weg',
      reason: 'In die week wordt de Noordam opgeleverd; de hele ploeg is nodig. Kan het een week later?',
      askedDaysBefore: 5,
    });
    await request(fitter, 'VAK', addDays(nextMonday, 3), addDays(nextMonday, 3), 'pending', {
      note: 'Tandarts en ouderavond',
      part: { start: '12:30', end: '16:30' },
      askedDaysBefore: 1,
    });
    await request(fitter, 'VAK', mondayFrom(addDays(today, 150)), addDays(mondayFrom(addDays(today, 150)), 11), 'pending', {
      note: 'Meivakantie',
      askedDaysBefore: 1,
    });
    const anouk = person('Anouk');
    const spring = mondayFrom(addDays(today, 60));
    await request(anouk, 'VAK', spring, addDays(spring, 11), 'approved', {
      note: 'Twee weken naar Portugal',
      askedDaysBefore: 20,
    });
    await request(anouk, 'BV', addDays(nextMonday, 7), addDays(nextMonday, 7), 'pending', { note: 'Bruiloft van mijn zus' });
    const sophie = person('Sophie');
    await request(sophie, 'VAK', addDays(nextMonday, 7), addDays(nextMonday, 9), 'denied', {
      note: 'Lang weekend',
      reason: 'Te veel collega’s tegelijk vrij in die week.',
      askedDaysBefore: 8,
    });
    await request(sophie, 'VAK', addDays(nextMonday, 21), addDays(nextMonday, 22), 'pending', { note: 'Verlengd weekend' });
    await request(person('Tim'), 'ADV', addDays(nextMonday, 4), addDays(nextMonday, 4), 'approved', {
      note: 'Compensatie-uren',
      askedDaysBefore: 3,
    });
    await request(
      person('Pieter'),
      'OV',
      mondayFrom(addDays(today, 100)),
      addDays(mondayFrom(addDays(today, 100)), 2),
      'approved',
      {
        note: 'Sabbatical-voorbereiding',
        askedDaysBefore: 30,
      },
    );
    await request(
      person('Jeroen'),
      'VAK',
      mondayFrom(addDays(today, 45)),
      addDays(mondayFrom(addDays(today, 45)), 4),
      'pending',
      {
        note: 'Carnaval',
      },
    );

    // ---- sick periods: ended ones on days without hours, one open since today
    const lars = person('Lars');
    if (lars) sick.push({ who: Number(lars.id), from: today, till: null, notes: 'Rugklachten, ziekgemeld bij HR' });
    for (const s of sick) {
      await tx.execute(
        sql`INSERT INTO sick_periods (employee_id, starts_on, ends_on, notes, created_by, created_at)
            VALUES (${s.who}, ${s.from}::date, ${s.till}::date, ${s.notes}, ${hrAccount}, ${at(s.from, '08:15')}::timestamptz)`,
      );
    }

    // ---- corrections
    let corrections = 0;
    const correction = async (
      who: { id: number } | undefined,
      date: string,
      minutes: number,
      days: number | null,
      description: string,
    ) => {
      if (!who) return;
      corrections += (
        await insertLines(tx, Number(who.id), [{ date, kind: 'correction', minutes, counts: true, days, description }], hrAccount)
      ).length;
    };
    if (lars) {
      const joined = await query<{ d: string }>(
        tx,
        sql`SELECT min(starts_on)::text AS d FROM employee_contracts WHERE employee_id = ${lars.id}`,
      );
      await correction(lars, joined[0]?.d ?? yearAgo, 24 * 60, 3, 'Overgenomen saldo vorige werkgever');
    }
    await correction(person('Pieter'), addDays(today, -60), -16 * 60, null, 'Uitbetaling verlofuren (op verzoek)');
    await correction(fitter, addDays(today, -120), 4 * 60, 0.5, 'Jubileumdag: 5 jaar in dienst (halve dag)');
    // The leave of the years before the year of hours was kept elsewhere: for whoever was employed
    // then, a correction per earlier year (and one on the day before the ledger starts) books the
    // leave taken there, so each of those years closes on what the old records said was left (a few
    // days, pro rata) and the card carries over a realistic balance, not years of untaken entitlement.
    const cutover = addDays(yearAgo, -1);
    const cutoverYear = Number(cutover.slice(0, 4));
    const veterans = await query<{ id: number; minutesPerWeek: number; since: string }>(
      tx,
      sql`SELECT c.employee_id AS id, c.minutes_per_week AS "minutesPerWeek",
                 (SELECT min(x.starts_on)::text FROM employee_contracts x WHERE x.employee_id = c.employee_id) AS since
            FROM employee_contracts c
           WHERE c.starts_on <= ${addDays(yearAgo, -30)}::date AND (c.ends_on IS NULL OR c.ends_on >= ${cutover}::date)
             AND c.starts_on = (SELECT max(x.starts_on) FROM employee_contracts x WHERE x.employee_id = c.employee_id AND x.starts_on <= ${cutover}::date)
           ORDER BY c.employee_id`,
    );
    for (const [n, v] of veterans.entries()) {
      const left = Math.round(((24 + (n % 5) * 8) * Number(v.minutesPerWeek)) / 2400) * 60;
      for (let y = Number(v.since.slice(0, 4)); y <= cutoverYear; y++) {
        const last = y === cutoverYear;
        // In the year of the cut-over, the ledger's own lines after it stay on top of what was left.
        const after = last
          ? await query<{ m: number }>(
              tx,
              sql`SELECT coalesce(sum(minutes) FILTER (WHERE counts), 0)::int AS m FROM leave_lines
                   WHERE employee_id = ${v.id} AND date > ${cutover}::date AND date <= ${`${y}-12-31`}::date`,
            )
          : [];
        const closing = (await balanceOf(tx, Number(v.id), y, today)) - Number(after[0]?.m ?? 0);
        await correction(
          v,
          last ? cutover : `${y}-12-31`,
          left - closing,
          null,
          last
            ? 'Opgenomen verlof tot de overgang (vorige verlofadministratie)'
            : `Opgenomen verlof ${y} (vorige verlofadministratie)`,
        );
      }
    }

    const overtime = await query<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM leave_lines WHERE kind = 'overtime'`);
    return {
      leaveTypes: DEMO_LEAVE_TYPES.length,
      requests,
      leaveLines: leaveLineCount,
      collectiveLeaves: 1,
      hourRules: 3,
      overtimeLines: Number(overtime[0]?.n ?? 0),
      sickPeriods: sick.length,
      corrections,
      contracts: contractless.length,
    };
  });
  o.log?.info({ event: 'demo.leave', ms: Date.now() - started, ...result }, 'demo leave loaded');
  return result;
}
