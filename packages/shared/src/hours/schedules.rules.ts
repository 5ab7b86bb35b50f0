// No zod here: pure rules for schedules, shared by the server, the web app and the leave ledger.
import { addDays, isEvenWeek, isoWeekday } from '../platform/iso-week';

/** Even or odd ISO week (by the week number: 2026-W53 is odd, 2027-W01 odd, 2027-W02 even). */
export type Parity = 'even' | 'odd';

/** One working day of a schedule: `HH:MM` start and end on the same day, and the minutes of break. */
export interface ScheduleDay {
  /** Monday 1 to Sunday 7. */
  weekday: number;
  start: string;
  end: string;
  breakMinutes: number;
}

/** The days of the even and the odd week; a weekday that is absent is a day off. */
export interface ScheduleDays {
  even: ScheduleDay[];
  odd: ScheduleDay[];
}

/** One version of a person's schedule, in force from `effectiveFrom` until the next version's date. */
export interface ScheduleVersion {
  effectiveFrom: string;
  days: ScheduleDays;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of `HH:MM`; NaN when it is not a time of day. */
export function timeToMinutes(time: string): number {
  const m = TIME.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : Number.NaN;
}

/** The minutes a day counts: end minus start minus the break (never below 0). */
export function dayMinutes(day: Pick<ScheduleDay, 'start' | 'end' | 'breakMinutes'>): number {
  const span = timeToMinutes(day.end) - timeToMinutes(day.start);
  return Number.isNaN(span) ? 0 : Math.max(0, span - day.breakMinutes);
}

/** Even or odd week of a `YYYY-MM-DD` date. */
export function weekParity(date: string): Parity {
  return isEvenWeek(date) ? 'even' : 'odd';
}

/** The minutes of one week of the schedule (the even or the odd one). */
export function weekMinutes(days: ScheduleDays, parity: Parity): number {
  return days[parity].reduce((sum, d) => sum + dayMinutes(d), 0);
}

/** The version in force on the date: the latest `effectiveFrom` on or before it; null before the first. */
export function scheduleOn<V extends ScheduleVersion>(versions: readonly V[], date: string): V | null {
  let best: V | null = null;
  for (const v of versions) {
    if (v.effectiveFrom <= date && (best === null || v.effectiveFrom > best.effectiveFrom)) best = v;
  }
  return best;
}

/** The scheduled minutes of one day: by the version in force, the week's parity and the weekday. */
export function scheduledMinutesOn(versions: readonly ScheduleVersion[], date: string): number {
  const v = scheduleOn(versions, date);
  if (!v) return 0;
  const weekday = isoWeekday(date);
  const day = v.days[weekParity(date)].find((d) => d.weekday === weekday);
  return day ? dayMinutes(day) : 0;
}

/** The scheduled minutes of each day from `from` to `to` (both included), in order. */
export function scheduledDays(
  versions: readonly ScheduleVersion[],
  from: string,
  to: string,
): { date: string; minutes: number }[] {
  const out: { date: string; minutes: number }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push({ date: d, minutes: scheduledMinutesOn(versions, d) });
  return out;
}

/** The scheduled minutes from `from` to `to` (both included); a schedule change in the period applies from its date. */
export function scheduledMinutes(versions: readonly ScheduleVersion[], from: string, to: string): number {
  return scheduledDays(versions, from, to).reduce((sum, d) => sum + d.minutes, 0);
}

/** Booked against scheduled: the difference is positive when more was booked than scheduled. */
export function againstSchedule(
  bookedMinutes: number,
  scheduled: number,
): { booked: number; scheduled: number; difference: number } {
  return { booked: bookedMinutes, scheduled, difference: bookedMinutes - scheduled };
}

/** 450 -> "7:30"; -90 -> "-1:30". The app shows hours as h:mm everywhere. */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * Reads what a person types for a duration: "7:30", "7,5", "7.5" or "8"; null when it is not one
 * (or not a whole number of minutes above 0 and at most 24 hours).
 */
export function parseDuration(text: string): number | null {
  const s = text.trim();
  let minutes: number;
  const hm = /^(\d{1,2}):([0-5]\d)$/.exec(s);
  if (hm) minutes = Number(hm[1]) * 60 + Number(hm[2]);
  else if (/^\d{1,2}([.,]\d{1,2})?$/.test(s)) minutes = Math.round(Number(s.replace(',', '.')) * 60);
  else return null;
  return minutes > 0 && minutes <= 1440 ? minutes : null;
}
