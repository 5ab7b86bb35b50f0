// No zod here: the leave ledger's rules, shared by the server (which writes the lines
// and sums them in SQL by the same buckets) and the web app (which previews and explains them).
//
// Leave is counted in minutes (shown as h:mm). A person's card is a ledger:
// - stored lines: leave taken or planned (negative), the hours given back when approved leave is
//   cancelled (positive), corrections (either sign) and overtime from hour rules (positive);
// - derived lines: the entitlement of each contract in the year (pro rata), and the previous
//   year's closing balance carried over (the sum of every earlier year's lines).
// Every total on the card is the sum of its lines; nothing is stored as a bare number.

import {
  dayMinutes,
  type ScheduleDay,
  type ScheduleVersion,
  scheduleOn,
  timeToMinutes,
  weekParity,
} from '../hours/schedules.rules';
import { type Verdict, type Viewer, viewerCan } from '../platform/abilities';
import { addDays, isoWeekday } from '../platform/iso-week';
import type { Permission } from '../platform/permissions';
import { isOwnRecord } from '../users/people.rules';

// ---- permissions

/** Which permissions gate which part of leave (docs/decisions.md "Leave in hours"). */
export const LEAVE_RIGHTS = {
  /** Read another person's card and requests. */
  read: ['leave.manage', 'leave.approve'],
  /** Corrections, sick periods, requests on someone's behalf. */
  manage: ['leave.manage'],
  /** Approve or deny requests. */
  approve: ['leave.approve'],
  /** Leave types (all of them, inactive ones too). */
  typesIndex: ['leave-categories.index', 'leave-categories.manage'],
  /** Create, change and remove leave types; the leave policy. */
  typesManage: ['leave-categories.manage'],
  collective: ['collective-leave.manage'],
  hourRules: ['hour-rules.manage'],
} as const satisfies Record<string, readonly Permission[]>;

export type LeavePart = keyof typeof LEAVE_RIGHTS;

/** May the viewer read that person's leave card and requests: their own, or with the read rights. */
export function canReadLeave(viewer: Viewer, employeeId: number): boolean {
  return isOwnRecord(viewer, employeeId) || viewerCan(viewer, LEAVE_RIGHTS.read);
}

export function leaveVerdict(viewer: Viewer, part: LeavePart): Verdict {
  return viewerCan(viewer, LEAVE_RIGHTS[part]) ? true : 'FORBIDDEN';
}

// ---- the ledger

export const LEAVE_LINE_KINDS = ['leave', 'cancellation', 'correction', 'overtime'] as const;
export type LeaveLineKind = (typeof LEAVE_LINE_KINDS)[number];

/** The buckets of the card: every stored line falls in exactly one. */
export const LEAVE_BUCKETS = ['corrections', 'overtime', 'taken', 'planned'] as const;
export type LeaveBucket = (typeof LEAVE_BUCKETS)[number];

/**
 * The bucket of a stored line: leave and its cancellation by their day (up to and including today
 * taken, after today planned), corrections and overtime by kind. The server's SQL uses the same
 * CASE (leave.repository.ts `bucketSql`).
 */
export function lineBucket(kind: LeaveLineKind, date: string, today: string): LeaveBucket {
  if (kind === 'correction') return 'corrections';
  if (kind === 'overtime') return 'overtime';
  return date <= today ? 'taken' : 'planned';
}

export interface StoredLine {
  kind: LeaveLineKind;
  date: string;
  /** Signed: leave is negative, a cancellation or overtime positive, a correction either. */
  minutes: number;
  /** Counts against (or for) the balance; non-counting leave types and hour rules that do not feed the balance do not. */
  counts: boolean;
}

export interface LeavePolicy {
  /** A full-time week (e.g. 40:00 = 2400). */
  fullTimeWeekMinutes: number;
  /** The yearly entitlement of a full-time year (e.g. 200:00 = 12000). */
  yearlyMinutes: number;
}

export const DEFAULT_LEAVE_POLICY: LeavePolicy = { fullTimeWeekMinutes: 2400, yearlyMinutes: 12000 };

export interface ContractPeriod {
  id: number;
  startsOn: string;
  endsOn: string | null;
  minutesPerWeek: number;
}

export interface EntitlementLine {
  contractId: number;
  /** The first and last day of the contract within the year. */
  from: string;
  till: string;
  days: number;
  daysInYear: number;
  minutesPerWeek: number;
  /** yearly × (minutesPerWeek / fullTimeWeek) × (days / daysInYear), rounded to whole minutes. */
  minutes: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export function daysInYear(year: number): number {
  return daysBetween(`${year}-01-01`, `${year}-12-31`);
}

/**
 * The entitlement of a year: one line per contract in force in it, pro rata for the hours a week
 * (part-time) and for the days of the year it covers (joining or leaving mid-year).
 */
export function entitlementLines(contracts: readonly ContractPeriod[], year: number, policy: LeavePolicy): EntitlementLine[] {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const inYear = daysInYear(year);
  const out: EntitlementLine[] = [];
  for (const c of [...contracts].sort((a, b) => (a.startsOn < b.startsOn ? -1 : a.startsOn > b.startsOn ? 1 : a.id - b.id))) {
    const from = c.startsOn > first ? c.startsOn : first;
    const till = c.endsOn !== null && c.endsOn < last ? c.endsOn : last;
    if (from > till) continue;
    const days = daysBetween(from, till);
    const minutes = Math.round(
      (policy.yearlyMinutes * c.minutesPerWeek * days) / (Math.max(1, policy.fullTimeWeekMinutes) * inYear),
    );
    out.push({ contractId: c.id, from, till, days, daysInYear: inYear, minutesPerWeek: c.minutesPerWeek, minutes });
  }
  return out;
}

export interface YearTotals {
  year: number;
  entitlement: number;
  corrections: number;
  overtime: number;
  taken: number;
  planned: number;
}

export interface CardTotals extends YearTotals {
  previousYear: number;
  balance: number;
}

/** The sums of a year's stored lines by bucket (counting lines only), plus its entitlement. */
export function yearTotals(year: number, lines: readonly StoredLine[], entitlement: number, today: string): YearTotals {
  const t: YearTotals = { year, entitlement, corrections: 0, overtime: 0, taken: 0, planned: 0 };
  for (const l of lines) {
    if (!l.counts || Number(l.date.slice(0, 4)) !== year) continue;
    const b = lineBucket(l.kind, l.date, today);
    // Taken and planned are shown as positive hours used: leave lines are negative.
    if (b === 'taken' || b === 'planned') t[b] -= l.minutes;
    else t[b] += l.minutes;
  }
  return t;
}

/** entitlement + previous year + corrections + overtime - taken - planned. */
export function closingBalance(t: YearTotals, previousYear: number): number {
  return previousYear + t.entitlement + t.corrections + t.overtime - t.taken - t.planned;
}

/**
 * Chains the years from `firstYear` to `year`: each year's previous-year line is the closing
 * balance of the year before (so a late correction in an old year flows through and nothing is
 * overwritten). `totalsOf` gives a year's own totals (from lines here, from SQL sums on the server).
 */
export function chainYears(
  firstYear: number,
  year: number,
  totalsOf: (y: number) => YearTotals,
): CardTotals & { years: CardTotals[] } {
  const years: CardTotals[] = [];
  let carry = 0;
  for (let y = Math.min(firstYear, year); y <= year; y++) {
    const t = totalsOf(y);
    const card = { ...t, previousYear: carry, balance: closingBalance(t, carry) };
    years.push(card);
    carry = card.balance;
  }
  const current = years[years.length - 1] as CardTotals;
  return { ...current, years };
}

/** The card of `year` from stored lines, contracts and the policy (the reference the server's SQL sums are tested against). */
export function leaveCard(input: {
  year: number;
  firstYear: number;
  today: string;
  lines: readonly StoredLine[];
  contracts: readonly ContractPeriod[];
  policy: LeavePolicy;
}): CardTotals & { years: CardTotals[] } {
  return chainYears(input.firstYear, input.year, (y) =>
    yearTotals(
      y,
      input.lines,
      entitlementLines(input.contracts, y, input.policy).reduce((s, l) => s + l.minutes, 0),
      input.today,
    ),
  );
}

/** The first year of a person's card: their first contract or their first line, whichever is earlier. */
export function firstCardYear(contracts: readonly ContractPeriod[], firstLineDate: string | null, fallback: number): number {
  const years = contracts.map((c) => Number(c.startsOn.slice(0, 4)));
  if (firstLineDate) years.push(Number(firstLineDate.slice(0, 4)));
  return years.length ? Math.min(...years) : fallback;
}

// ---- leave request hours

export interface DayHours {
  date: string;
  /** The minutes this day takes from the balance (0 when excluded or not scheduled). */
  minutes: number;
  /** Why the day takes nothing: a public holiday, a collective leave day, or no hours scheduled. */
  excluded: 'holiday' | 'collective' | 'not_scheduled' | null;
}

/** The schedule's day on a date (the version in force, the week's parity, the weekday), or null. */
export function scheduleDayOn(versions: readonly ScheduleVersion[], date: string): ScheduleDay | null {
  const v = scheduleOn(versions, date);
  if (!v) return null;
  const weekday = isoWeekday(date);
  return v.days[weekParity(date)].find((d) => d.weekday === weekday) ?? null;
}

export interface PartOfDay {
  start: string;
  end: string;
}

/**
 * The minutes of a part-day request: the overlap of the requested window with the scheduled
 * working time that day, at most the day's scheduled minutes (the break is taken from the day, not
 * from the window: 12:00-16:30 of 08:00-16:30 with 30 minutes break is 4:30; 08:00-16:30 is 8:00).
 */
export function partDayMinutes(day: ScheduleDay, part: PartOfDay): number {
  const from = Math.max(timeToMinutes(day.start), timeToMinutes(part.start));
  const till = Math.min(timeToMinutes(day.end), timeToMinutes(part.end));
  return Math.max(0, Math.min(till - from, dayMinutes(day)));
}

/**
 * The hours of a request, day by day, from the person's schedule (the version in force each day,
 * even/odd week aware): public holidays and days of collective leave take nothing. A part-day
 * request (`part`) is one day.
 */
export function requestDays(input: {
  versions: readonly ScheduleVersion[];
  from: string;
  till: string;
  part?: PartOfDay | null | undefined;
  holidays: ReadonlySet<string>;
  collective: ReadonlySet<string>;
}): DayHours[] {
  const out: DayHours[] = [];
  for (let d = input.from; d <= input.till; d = addDays(d, 1)) {
    const day = scheduleDayOn(input.versions, d);
    let excluded: DayHours['excluded'] = null;
    if (input.holidays.has(d)) excluded = 'holiday';
    else if (input.collective.has(d)) excluded = 'collective';
    else if (!day) excluded = 'not_scheduled';
    let minutes = 0;
    if (!excluded && day) minutes = input.part ? partDayMinutes(day, input.part) : dayMinutes(day);
    if (!excluded && minutes === 0) excluded = 'not_scheduled';
    out.push({ date: d, minutes, excluded });
  }
  return out;
}

/**
 * The hours collective leave takes from one person: their scheduled minutes each day (or the
 * fixed hours per day, but never on a day they are not scheduled), public holidays and days they
 * already have leave on excluded.
 */
export function collectiveDays(input: {
  versions: readonly ScheduleVersion[];
  from: string;
  till: string;
  minutesPerDay: number | null;
  holidays: ReadonlySet<string>;
  alreadyOnLeave: ReadonlySet<string>;
}): DayHours[] {
  return requestDays({
    versions: input.versions,
    from: input.from,
    till: input.till,
    holidays: input.holidays,
    collective: input.alreadyOnLeave,
  }).map((d) => (d.excluded || input.minutesPerDay === null ? d : { ...d, minutes: input.minutesPerDay }));
}

/** The person's average working day on a date (a week's minutes / its working days, even and odd averaged), for corrections in days. */
export function averageDayMinutes(versions: readonly ScheduleVersion[], date: string): number {
  const v = scheduleOn(versions, date);
  if (!v) return 0;
  const days = v.days.even.length + v.days.odd.length;
  if (days === 0) return 0;
  const minutes = [...v.days.even, ...v.days.odd].reduce((s, d) => s + dayMinutes(d), 0);
  return Math.round(minutes / days);
}

// ---- hour rules and overtime

export interface HourRule {
  id: number;
  /** ISO weekdays it applies to (Monday 1 to Sunday 7): the day its window starts. */
  weekdays: readonly number[];
  /** `HH:MM`; an end at or before the start runs past midnight into the next day; 00:00-00:00 is the whole day. */
  start: string;
  end: string;
  effectiveFrom: string;
  kind: 'multiplier' | 'allowance';
  /** Multiplier in percent (150 = the hours count 1.5 times). */
  percent: number | null;
  /** A fixed allowance in minutes, once per booking that falls in the window. */
  allowanceMinutes: number | null;
  feedsOvertime: boolean;
  active: boolean;
}

export interface BookingSpan {
  date: string;
  /** `HH:MM` the work started, or null when not known: then only whole-day windows apply. */
  startTime: string | null;
  minutes: number;
}

export interface OvertimeLine {
  hourRuleId: number;
  /** The minutes of the booking in the rule's window (for a multiplier: the ones it won). */
  matchedMinutes: number;
  /** What goes on the card: matched × percent / 100, or the allowance. */
  minutes: number;
  counts: boolean;
}

const wholeDay = (r: HourRule) => r.start === r.end;

/** The rule's windows around a booking date, in minutes from that date's midnight. */
function windows(rule: HourRule, date: string): [number, number][] {
  const out: [number, number][] = [];
  const s = timeToMinutes(rule.start);
  let e = timeToMinutes(rule.end);
  if (e <= s) e += 1440;
  for (const k of [-1, 0, 1]) {
    const day = addDays(date, k);
    if (day < rule.effectiveFrom || !rule.weekdays.includes(isoWeekday(day))) continue;
    out.push([k * 1440 + s, k * 1440 + e]);
  }
  return out;
}

function overlap(a: [number, number], b: [number, number]): number {
  return Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));
}

/**
 * The overtime lines of one booking. The booking runs from its start for its minutes, across
 * midnight into the next day when it must (its weekday changes there). Per minute, of the
 * multiplier rules whose window holds it the highest percent wins (the lower id on a tie); an
 * allowance applies once per rule when any minute falls in its window. A booking without a start
 * time is placed from midnight and only matched by whole-day windows.
 */
export function overtimeLines(booking: BookingSpan, rules: readonly HourRule[]): OvertimeLine[] {
  const known = booking.startTime !== null;
  const s = known ? timeToMinutes(booking.startTime as string) : 0;
  const span: [number, number] = [s, s + booking.minutes];
  const active = rules.filter((r) => r.active && (known || wholeDay(r)));
  const multipliers = active
    .filter((r) => r.kind === 'multiplier' && (r.percent ?? 0) > 0)
    .sort((a, b) => (b.percent ?? 0) - (a.percent ?? 0) || a.id - b.id);
  // Elementary segments between every window edge inside the span.
  const cuts = new Set<number>([span[0], span[1]]);
  const ruleWindows = new Map<number, [number, number][]>();
  for (const r of active) {
    const ws = windows(r, booking.date);
    ruleWindows.set(r.id, ws);
    for (const w of ws) for (const x of w) if (x > span[0] && x < span[1]) cuts.add(x);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const won = new Map<number, number>();
  for (let i = 0; i + 1 < points.length; i++) {
    const seg: [number, number] = [points[i] as number, points[i + 1] as number];
    const mid = (seg[0] + seg[1]) / 2;
    const winner = multipliers.find((r) => (ruleWindows.get(r.id) ?? []).some((w) => w[0] <= mid && mid < w[1]));
    if (winner) won.set(winner.id, (won.get(winner.id) ?? 0) + (seg[1] - seg[0]));
  }
  const out: OvertimeLine[] = [];
  for (const r of active) {
    if (r.kind === 'multiplier') {
      const m = won.get(r.id) ?? 0;
      if (m > 0)
        out.push({
          hourRuleId: r.id,
          matchedMinutes: m,
          minutes: Math.round((m * (r.percent ?? 0)) / 100),
          counts: r.feedsOvertime,
        });
    } else {
      const m = (ruleWindows.get(r.id) ?? []).reduce((sum, w) => sum + overlap(w, span), 0);
      if (m > 0 && (r.allowanceMinutes ?? 0) > 0) {
        out.push({ hourRuleId: r.id, matchedMinutes: m, minutes: r.allowanceMinutes ?? 0, counts: r.feedsOvertime });
      }
    }
  }
  return out.sort((a, b) => a.hourRuleId - b.hourRuleId);
}

// ---- requests

export const LEAVE_REQUEST_STATUSES = ['pending', 'approved', 'denied', 'cancelled'] as const;
export type LeaveRequestStatus = (typeof LEAVE_REQUEST_STATUSES)[number];

export const LEAVE_REQUEST_ABILITIES = ['canApprove', 'canDeny', 'canCancel'] as const;

/** At most this many days in one request (a year and a day, so a whole year fits). */
export const MAX_REQUEST_DAYS = 366;

/**
 * May the request be cancelled: the requester (or leave.manage) withdraws a pending one any time;
 * approved leave only while all of it lies in the future (its first day after today): the hours
 * come back as cancellation lines, one per day.
 */
export function cancelVerdict(
  viewer: Viewer,
  r: { employeeId: number; status: LeaveRequestStatus; startsOn: string },
  today: string,
): Verdict {
  if (!isOwnRecord(viewer, r.employeeId) && !viewerCan(viewer, LEAVE_RIGHTS.manage)) return 'FORBIDDEN';
  if (r.status === 'pending') return true;
  if (r.status !== 'approved') return 'LEAVE_REQUEST_DECIDED';
  return r.startsOn > today ? true : 'LEAVE_IN_PAST';
}

/** May the viewer decide: leave.approve, a pending request, and never one's own. */
export function decideVerdict(viewer: Viewer, r: { employeeId: number; status: LeaveRequestStatus }): Verdict {
  if (!viewerCan(viewer, LEAVE_RIGHTS.approve)) return 'FORBIDDEN';
  if (isOwnRecord(viewer, r.employeeId)) return 'FORBIDDEN';
  return r.status === 'pending' ? true : 'LEAVE_REQUEST_DECIDED';
}

/** A request of a type that counts against the balance may not take more than what is left. */
export function fitsBalance(balance: number, requested: number, countsAgainstBalance: boolean): boolean {
  return !countsAgainstBalance || requested <= balance;
}
