// No zod here: the Dutch public holidays, computed.
//
// Source: Algemene termijnenwet, artikel 3 lid 1 (wetten.overheid.nl, BWBR0002448): "Nieuwjaarsdag,
// de Christelijke tweede Paas- en Pinksterdag, de beide Kerstdagen, de Hemelvaartsdag, de dag
// waarop de verjaardag van de Koning wordt gevierd en de vijfde mei". Easter and Whit Sunday are
// Sundays and added for the calendar. Whether 5 May is a day off is left to the collective
// agreement; most give it every fifth year (2025, 2030, ...), and so does this app (`dayOff`). King's Day is 27 April, or 26 April when the 27th is a Sunday
// (Wet van 2013 over de viering van Koningsdag). Good Friday is not a legal public holiday and is
// not listed. Every year is computed, so no data file goes out of date; the tests pin the dates of
// 2024 to 2027 against the government's published lists (rijksoverheid.nl, "Officiële feestdagen").
import { addDays, isoWeekday } from '../platform/iso-week';

export type HolidayKey =
  | 'newYear'
  | 'easterSunday'
  | 'easterMonday'
  | 'kingsDay'
  | 'liberationDay'
  | 'ascension'
  | 'whitSunday'
  | 'whitMonday'
  | 'christmas'
  | 'boxingDay';

export interface PublicHoliday {
  date: string;
  key: HolidayKey;
  /** A day off: leave is not taken on it, and collective leave skips it. */
  dayOff: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The public holidays of a year, by date. */
export function publicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const kings = isoWeekday(`${year}-04-27`) === 7 ? `${year}-04-26` : `${year}-04-27`;
  const list: PublicHoliday[] = [
    { date: `${year}-01-01`, key: 'newYear', dayOff: true },
    { date: easter, key: 'easterSunday', dayOff: true },
    { date: addDays(easter, 1), key: 'easterMonday', dayOff: true },
    { date: kings, key: 'kingsDay', dayOff: true },
    { date: `${year}-05-05`, key: 'liberationDay', dayOff: year % 5 === 0 },
    { date: addDays(easter, 39), key: 'ascension', dayOff: true },
    { date: addDays(easter, 49), key: 'whitSunday', dayOff: true },
    { date: addDays(easter, 50), key: 'whitMonday', dayOff: true },
    { date: `${year}-12-25`, key: 'christmas', dayOff: true },
    { date: `${year}-12-26`, key: 'boxingDay', dayOff: true },
  ];
  return list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

/** The public holidays that are days off from `from` to `to` (both included), as a set of dates. */
export function holidaySet(from: string, to: string): Set<string> {
  const out = new Set<string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(to.slice(0, 4)); y++) {
    for (const h of publicHolidays(y)) if (h.dayOff && h.date >= from && h.date <= to) out.add(h.date);
  }
  return out;
}
