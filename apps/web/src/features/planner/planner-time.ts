// The planner's days and times on the web: the views' windows, stepping through them, and the
// bridge between the API's wall-clock strings and FullCalendar.
//
// FullCalendar runs with timeZone 'UTC' and is fed `YYYY-MM-DDTHH:mm:00`: the Dates it hands back
// then carry the wall-clock time in their UTC parts, so neither the browser's zone nor a
// summer-time change ever moves an entry (see planner.rules: times have no zone).
import type { PlannerEntry, PlannerUpdate } from '@app/shared/planner/planner';
import { dayOf, isWallClock, shiftDays, wallClockMinutes } from '@app/shared/planner/planner.rules';
import { addDays, isCalendarDate, isoWeekOf, localDateString, mondayOf, weekKey } from '@app/shared/platform/iso-week';

export const PLANNER_VIEWS = ['month', 'week', 'day', 'people'] as const;
export type PlannerView = (typeof PLANNER_VIEWS)[number];

/** FullCalendar's view per planner view (the people view is the week grid, not FullCalendar). */
export const CALENDAR_VIEW = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay' } as const;
export type CalendarView = keyof typeof CALENDAR_VIEW;

/** How far Eerder/Later step in the people view (the grid shows 8 weeks on a desktop, 4 on a phone). */
export const PEOPLE_STEP_WEEKS = 4;

export const parseView = (v: string | null): PlannerView | null =>
  (PLANNER_VIEWS as readonly string[]).includes(v ?? '') ? (v as PlannerView) : null;

/** A `YYYY-MM-DD` the planner accepts (a real day in the years the app plans), else null. */
export const parseDay = (v: string | null): string | null =>
  v && /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v) && isWallClock(`${v}T00:00`) ? v : null;

/** The URL's comma-separated ids (`employees=1,2`): the valid ones, each once, in order. */
export function parseIds(v: string | null): number[] {
  if (!v) return [];
  const ids = v
    .split(',')
    .filter((s) => /^[1-9]\d{0,9}$/.test(s))
    .map(Number)
    .filter((n) => n <= 2_147_483_647);
  return [...new Set(ids)].slice(0, 50);
}

/** Today where the company works (Europe/Amsterdam), `YYYY-MM-DD`. */
export const today = (now = new Date()): string => localDateString(now);

/** This ISO week, `YYYY-Www`. */
export const thisWeek = (now = new Date()): string => weekKey(isoWeekOf(today(now)));

/** The wall clock in Amsterdam as FullCalendar's 'now' (its zone is UTC: see the top of this file). */
export function nowWallClock(now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Amsterdam',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(now);
  return `${today(now)}T${parts}`;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The same day n months on (the last day of the month when it has fewer days). */
export function addMonths(day: string, n: number): string {
  const [y = 0, m = 1, d = 1] = day.split('-').map(Number);
  const index = y * 12 + (m - 1) + n;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const dd = Math.min(d, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(dd).padStart(2, '0')}`;
}

/** The days a view shows around a day, `[from, to)`, as the API takes them. */
export function viewWindow(view: PlannerView, day: string, weeks: number): { from: string; to: string } {
  switch (view) {
    case 'month': {
      // Whole weeks from the Monday on or before the 1st to the Sunday on or after the last day
      // (FullCalendar's month grid with fixedWeekCount off).
      const first = `${day.slice(0, 8)}01`;
      const last = addDays(addMonths(first, 1), -1);
      return { from: mondayOf(first), to: addDays(mondayOf(last), 7) };
    }
    case 'week':
      return { from: mondayOf(day), to: addDays(mondayOf(day), 7) };
    case 'day':
      return { from: day, to: addDays(day, 1) };
    case 'people':
      return { from: mondayOf(day), to: addDays(mondayOf(day), 7 * weeks) };
  }
}

/** The day Eerder (-1) or Later (+1) goes to. */
export function stepDay(view: PlannerView, day: string, direction: 1 | -1): string {
  switch (view) {
    case 'month':
      return addMonths(`${day.slice(0, 8)}01`, direction);
    case 'week':
      return addDays(day, 7 * direction);
    case 'day':
      return addDays(day, direction);
    case 'people':
      return addDays(day, 7 * PEOPLE_STEP_WEEKS * direction);
  }
}

/** A wall-clock time as FullCalendar takes it (read in its UTC zone). */
export const toCalendarTime = (wallClock: string): string => `${wallClock}:00`;

/** A Date FullCalendar hands back, as the wall-clock time it shows. */
export const fromCalendarDate = (d: Date): string => d.toISOString().slice(0, 16);

/** An entry's span as wall-clock times. */
export interface Span {
  start: string;
  end: string;
  allDay: boolean;
}

/**
 * Where an event ended up after a drag, a resize or a selection. FullCalendar leaves `end` null for
 * an event of its default length; the planner always sends both ends (a day, or an hour).
 */
export function spanOfCalendar(ev: { start: Date | null; end: Date | null; allDay: boolean }): Span | null {
  if (!ev.start) return null;
  const start = fromCalendarDate(ev.start);
  if (ev.end) return { start, end: fromCalendarDate(ev.end), allDay: ev.allDay };
  if (ev.allDay) return { start, end: shiftDays(start, 1), allDay: true };
  const end = new Date(ev.start.getTime() + 60 * 60_000);
  return { start, end: fromCalendarDate(end), allDay: false };
}

/** The body of a move: only what changed, with the version it was based on; null when nothing did. */
export function moveBody(entry: PlannerEntry, change: Partial<Span> & { employeeId?: number }): PlannerUpdate | null {
  const body: PlannerUpdate = { version: entry.version };
  if (change.employeeId !== undefined && change.employeeId !== entry.employee.id) body.employeeId = change.employeeId;
  if (change.start !== undefined && change.start !== entry.start) body.start = change.start;
  if (change.end !== undefined && change.end !== entry.end) body.end = change.end;
  if (change.allDay !== undefined && change.allDay !== entry.allDay) body.allDay = change.allDay;
  return Object.keys(body).length > 1 ? body : null;
}

/** How an entry looks after a move, shown at once while the server answers. */
export function movedEntry(
  entry: PlannerEntry,
  body: PlannerUpdate,
  people: readonly { id: number; name: string }[] = [],
): PlannerEntry {
  const person = body.employeeId === undefined ? entry.employee : people.find((p) => p.id === body.employeeId);
  return {
    ...entry,
    employee: person ? { id: person.id, name: person.name } : entry.employee,
    start: body.start ?? entry.start,
    end: body.end ?? entry.end,
    allDay: body.allDay ?? entry.allDay,
  };
}

/** The event FullCalendar shows for an entry (title: person · project, or the project alone for one person). */
export function toCalendarEvent(entry: PlannerEntry, o: { showPerson: boolean }) {
  const title = o.showPerson ? `${entry.employee.name} · ${entry.project.name}` : entry.project.name;
  return {
    id: String(entry.id),
    title,
    start: entry.allDay ? dayOf(entry.start) : toCalendarTime(entry.start),
    end: entry.allDay ? dayOf(entry.end) : toCalendarTime(entry.end),
    allDay: entry.allDay,
    backgroundColor: entry.project.color,
    borderColor: entry.project.color,
    textColor: '#ffffff',
    editable: entry.abilities.canEdit,
  };
}

/** Whether an entry touches a day (`end` exclusive). */
export function touchesDay(entry: Pick<PlannerEntry, 'start' | 'end'>, day: string): boolean {
  const dayStart = wallClockMinutes(`${day}T00:00`);
  return wallClockMinutes(entry.start) < dayStart + 24 * 60 && wallClockMinutes(entry.end) > dayStart;
}

/** `08:00` of a wall-clock time. */
export const timeOf = (wallClock: string): string => wallClock.slice(11, 16);

/** A day as the planner writes it: weekday and day-month (`di 24-11`, `Tue 24-11`); with the year when asked. */
export function formatDay(day: string, locale: string, o: { weekday?: 'short' | 'long'; year?: boolean } = {}): string {
  const weekday = new Intl.DateTimeFormat(locale, { weekday: o.weekday ?? 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
  const [y, m, d] = day.split('-');
  return `${weekday} ${d}-${m}${o.year ? `-${y}` : ''}`;
}

/** `24-11-2026` */
export const formatDayMonthYear = (day: string): string => day.split('-').reverse().join('-');

/** The month and year of a day, `november 2026`. */
export const formatMonth = (day: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The hours the week and day views show: 06:00 to 20:00, widened to every timed entry on screen
 * (an entry past midnight: the whole day). The grid then needs no scrolling of its own.
 */
export function visibleHours(entries: readonly Pick<PlannerEntry, 'start' | 'end' | 'allDay'>[]): { min: string; max: string } {
  let min = 6;
  let max = 20;
  for (const e of entries) {
    if (e.allDay) continue;
    if (dayOf(e.start) !== dayOf(e.end) && !(e.end.endsWith('T00:00') && addDays(dayOf(e.start), 1) === dayOf(e.end))) {
      return { min: '00:00:00', max: '24:00:00' };
    }
    const startHour = Number(e.start.slice(11, 13));
    const endsAtMidnight = e.end.endsWith('T00:00');
    const endHour = endsAtMidnight ? 24 : Math.ceil(Number(e.end.slice(11, 13)) + Number(e.end.slice(14, 16)) / 60);
    min = Math.min(min, startHour);
    max = Math.max(max, endHour);
  }
  const hh = (h: number) => `${String(h).padStart(2, '0')}:00:00`;
  return { min: hh(min), max: hh(max) };
}
