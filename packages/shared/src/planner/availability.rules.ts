// No zod here: who is free on the planner. Pure rules shared by the server (the conflicts it
// answers before a save) and the web app (the views' strips, the week totals, "Wie is vrij").

import { dayMinutes, type ScheduleVersion, scheduleOn, timeToMinutes, weekParity } from '../hours/schedules.rules';
import { type HolidayKey, holidaySet, publicHolidays } from '../leave/holidays';
import { addDays, isoWeekday } from '../platform/iso-week';
import { entryDays, wallClockMinutes } from './planner.rules';

/** Leave (a request: approved, or pending and marked so), collective leave (the days it took) or sick leave. */
export interface AvailabilityAbsence {
  kind: 'leave' | 'collective' | 'sick';
  status: 'approved' | 'pending';
  /** First and last day (inclusive), `YYYY-MM-DD`. */
  from: string;
  till: string;
  /** The leave type's name ('' for sick leave: the web app words it). */
  label: string;
  code: string;
  color: string;
  /** The hours of a part-day leave request (`HH:MM`, on its one day); null: the whole day(s). */
  part: { start: string; end: string } | null;
}

/** One person's availability in a window: the schedule versions in force and the absences. */
export interface PersonAvailability {
  employee: { id: number; name: string };
  /** Versions of the even/odd-week schedule that apply in the window (none: the person has no schedule). */
  schedules: ScheduleVersion[];
  absences: AvailabilityAbsence[];
}

/** A public holiday that is a day off. */
export interface Holiday {
  date: string;
  key: HolidayKey;
}

/** The public holidays that are days off in `[from, to)`. */
export function holidaysIn(from: string, to: string): Holiday[] {
  const last = addDays(to, -1);
  if (last < from) return [];
  const days = holidaySet(from, last);
  const out: Holiday[] = [];
  for (let y = Number(from.slice(0, 4)); y <= Number(last.slice(0, 4)); y++) {
    for (const h of publicHolidays(y)) if (days.has(h.date)) out.push({ date: h.date, key: h.key });
  }
  return out;
}

/** A person's day: the schedule's hours (none: a day off) and what keeps them away. */
export interface DayAvailability {
  date: string;
  /** Scheduled minutes (after the break); 0 on a day off. */
  minutes: number;
  /** The schedule's start and end, `HH:MM`; null on a day off. */
  start: string | null;
  end: string | null;
  holiday: HolidayKey | null;
  absences: AvailabilityAbsence[];
}

/** The person's day by their schedule (the version in force, the week's parity), absences and the holidays. */
export function personDay(person: PersonAvailability, holidays: readonly Holiday[], date: string): DayAvailability {
  const version = scheduleOn(person.schedules, date);
  const weekday = isoWeekday(date);
  const day = version?.days[weekParity(date)].find((d) => d.weekday === weekday);
  return {
    date,
    minutes: day ? dayMinutes(day) : 0,
    start: day?.start ?? null,
    end: day?.end ?? null,
    holiday: holidays.find((h) => h.date === date)?.key ?? null,
    absences: person.absences.filter((a) => a.from <= date && a.till >= date),
  };
}

/** True when the person is away the whole day: a holiday, or leave of any status or sick leave that is not for part of the day. */
export const isAway = (day: DayAvailability): boolean => day.holiday !== null || day.absences.some((a) => a.part === null);

/** The minutes two `HH:MM` spans share. */
function overlapMinutes(a: { start: string; end: string }, b: { start: string; end: string }): number {
  return Math.max(
    0,
    Math.min(timeToMinutes(a.end), timeToMinutes(b.end)) - Math.max(timeToMinutes(a.start), timeToMinutes(b.start)),
  );
}

/**
 * The scheduled minutes an absence takes from the day: all of them when the person is away the
 * whole day; otherwise what part-day leave overlaps of the scheduled hours (never more than the day).
 */
export function absentMinutes(day: DayAvailability): number {
  if (day.minutes === 0) return 0;
  if (isAway(day)) return day.minutes;
  if (day.start === null || day.end === null) return 0;
  const hours = { start: day.start, end: day.end };
  const away = day.absences.reduce((sum, a) => sum + (a.part ? overlapMinutes(a.part, hours) : 0), 0);
  return Math.min(day.minutes, away);
}

/** The entries' fields the rules read. */
export interface PlannedSpan {
  start: string;
  end: string;
  allDay: boolean;
}

const DAY = 24 * 60;

/**
 * The minutes an entry plans on a day: a timed entry its minutes within that day; an all-day entry
 * the day's scheduled minutes (it means "works that day", so a day off inside it counts nothing).
 */
export function plannedMinutesOn(entry: PlannedSpan, date: string, scheduled: number): number {
  const dayStart = wallClockMinutes(`${date}T00:00`);
  const from = Math.max(dayStart, wallClockMinutes(entry.start));
  const to = Math.min(dayStart + DAY, wallClockMinutes(entry.end));
  if (to <= from) return 0;
  return entry.allDay ? scheduled : to - from;
}

/** A person's figures over some days: scheduled, available (scheduled on days not away), planned, free. */
export interface Totals {
  scheduled: number;
  available: number;
  planned: number;
  /** Available minutes not planned, day by day (never below 0 on a day). */
  free: number;
}

/** The totals of `[from, to)` for one person and their entries. */
export function totalsOf(
  person: PersonAvailability,
  holidays: readonly Holiday[],
  entries: readonly PlannedSpan[],
  from: string,
  to: string,
): Totals {
  const totals: Totals = { scheduled: 0, available: 0, planned: 0, free: 0 };
  for (let d = from; d < to; d = addDays(d, 1)) {
    const day = personDay(person, holidays, d);
    const planned = entries.reduce((sum, e) => sum + plannedMinutesOn(e, d, day.minutes), 0);
    const available = day.minutes - absentMinutes(day);
    totals.scheduled += day.minutes;
    totals.planned += planned;
    totals.available += available;
    if (available > 0) totals.free += Math.max(0, available - planned);
  }
  return totals;
}

/** Planned against available: over, under, even, or none (nothing available and nothing planned). */
export function planningState(t: Pick<Totals, 'available' | 'planned'>): 'over' | 'under' | 'even' | 'none' {
  if (t.available === 0 && t.planned === 0) return 'none';
  if (t.planned > t.available) return 'over';
  return t.planned < t.available ? 'under' : 'even';
}

/** Why planning someone then is questionable; the user may still confirm it. */
export type ConflictReason =
  | { code: 'leave'; status: 'approved' | 'pending'; from: string; till: string; label: string }
  | { code: 'collective'; from: string; till: string; label: string }
  | { code: 'sick'; from: string; till: string }
  | { code: 'holiday'; date: string; key: HolidayKey }
  | { code: 'day_off'; from: string; till: string }
  | { code: 'outside_hours'; date: string; start: string; end: string }
  | { code: 'overlap'; entryId: number; project: string; start: string; end: string };

export const CONFLICT_CODES = ['leave', 'collective', 'sick', 'holiday', 'day_off', 'outside_hours', 'overlap'] as const;

export interface OtherEntry extends PlannedSpan {
  id: number;
  project: { name: string };
}

/** Whether a timed span covers any of a part-day absence's hours on its day. */
function touchesPart(span: PlannedSpan, date: string, part: { start: string; end: string }): boolean {
  const dayStart = wallClockMinutes(`${date}T00:00`);
  const from = wallClockMinutes(span.start) - dayStart;
  const to = wallClockMinutes(span.end) - dayStart;
  return Math.min(to, timeToMinutes(part.end)) > Math.max(from, timeToMinutes(part.start));
}

/**
 * The conflicts of planning a person for a span: leave (approved or pending), collective leave and
 * sick leave on the days it touches (part-day leave only when a timed span reaches its hours), public
 * holidays, and against the schedule (when the person has
 * one): a timed entry on a day off or outside the day's hours; an all-day entry only when it covers
 * no scheduled day at all (it means the working days within it). And any other entry of the person
 * it overlaps. Each absence once, clipped to the entry's days; in a fixed order.
 */
export function entryConflicts(
  span: PlannedSpan,
  person: PersonAvailability,
  holidays: readonly Holiday[],
  others: readonly OtherEntry[],
): ConflictReason[] {
  const out: ConflictReason[] = [];
  const { first, last } = entryDays(span.start, span.end);
  const clip = (a: AvailabilityAbsence) => ({ from: a.from < first ? first : a.from, till: a.till > last ? last : a.till });
  for (const a of person.absences) {
    if (a.till < first || a.from > last) continue;
    if (a.part && !span.allDay && !touchesPart(span, a.from, a.part)) continue;
    if (a.kind === 'sick') out.push({ code: 'sick', ...clip(a) });
    else if (a.kind === 'collective') out.push({ code: 'collective', ...clip(a), label: a.label });
    else out.push({ code: 'leave', status: a.status, ...clip(a), label: a.label });
  }
  for (const h of holidays) if (h.date >= first && h.date <= last) out.push({ code: 'holiday', date: h.date, key: h.key });
  if (person.schedules.length > 0) {
    const days: DayAvailability[] = [];
    for (let d = first; d <= last; d = addDays(d, 1)) days.push(personDay(person, holidays, d));
    if (span.allDay) {
      if (days.every((d) => d.minutes === 0)) out.push({ code: 'day_off', from: first, till: last });
    } else {
      for (const d of days) {
        if (d.minutes === 0 || d.start === null || d.end === null) {
          const prev = out.at(-1);
          if (prev?.code === 'day_off' && addDays(prev.till, 1) === d.date) prev.till = d.date;
          else out.push({ code: 'day_off', from: d.date, till: d.date });
          continue;
        }
        const dayStart = wallClockMinutes(`${d.date}T00:00`);
        const from = Math.max(dayStart, wallClockMinutes(span.start)) - dayStart;
        const to = Math.min(dayStart + DAY, wallClockMinutes(span.end)) - dayStart;
        if (from < timeToMinutes(d.start) || to > timeToMinutes(d.end)) {
          out.push({ code: 'outside_hours', date: d.date, start: d.start, end: d.end });
        }
      }
    }
  }
  const a = wallClockMinutes(span.start);
  const b = wallClockMinutes(span.end);
  for (const o of others) {
    if (wallClockMinutes(o.start) < b && wallClockMinutes(o.end) > a) {
      out.push({ code: 'overlap', entryId: o.id, project: o.project.name, start: o.start, end: o.end });
    }
  }
  return out;
}
