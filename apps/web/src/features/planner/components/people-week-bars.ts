import type { PlannerAbsence, PlannerEntry } from '@app/shared/planner/planner';
import { entryDays, MAX_ENTRY_DAYS, projectColor, shiftDays, wallClockMinutes } from '@app/shared/planner/planner.rules';
import { isoWeekday, isoWeekOf, weekKey, weeksBetween } from '@app/shared/platform/iso-week';
import { startOf, type WeekGridBar, type WeekGridMove } from '../../../components/week-grid/week-grid-moves';
import { absenceBackground } from '../availability-view';

/**
 * The planner's entries on the week grid (components/week-grid), one row per person: pure
 * functions, so the mapping and the moves are tested without a screen. An entry's bar starts in
 * the ISO week of its first day and spans every week its days touch; a move by whole weeks shifts
 * the wall-clock start and end by 7 days a week, a resize only the end.
 */

/** A person's row key: `person:7`. */
export const personKey = (id: number) => `person:${id}`;

/** The person of a row key; null for a key that is not a person's. */
export function personOf(rowKey: string): number | null {
  const m = /^person:(\d+)$/.exec(rowKey);
  return m ? Number(m[1]) : null;
}

/** An entry as a bar (the entry rides along for the callbacks). */
export interface EntryBar extends WeekGridBar {
  entry: PlannerEntry;
}

/** What a move asks the server for: the person and the new wall-clock start and end. */
export interface EntryChange {
  employeeId: number;
  start: string;
  end: string;
}

/** The ISO weeks an entry's days touch: the first one and how many. */
export function entryWeeks(entry: Pick<PlannerEntry, 'start' | 'end'>): { startWeek: string; weeks: number } {
  const { first, last } = entryDays(entry.start, entry.end);
  const a = isoWeekOf(first);
  return { startWeek: weekKey(a), weeks: weeksBetween(a, isoWeekOf(last)) + 1 };
}

/**
 * How short and how long the right edge may make the bar, in weeks: moving the end by whole
 * weeks, it must stay after the start (so never less than the entry's first week) and within
 * MAX_ENTRY_DAYS of it.
 */
export function resizeLimits(entry: Pick<PlannerEntry, 'start' | 'end'>, weeks: number): { minWeeks: number; maxWeeks: number } {
  const start = wallClockMinutes(entry.start);
  const endAt = (w: number) => wallClockMinutes(shiftDays(entry.end, 7 * (w - weeks)));
  let minWeeks = 1;
  while (minWeeks < weeks && endAt(minWeeks) <= start) minWeeks++;
  const room = MAX_ENTRY_DAYS * 24 * 60 - (wallClockMinutes(entry.end) - start);
  const maxWeeks = weeks + Math.max(0, Math.floor(room / (7 * 24 * 60)));
  return { minWeeks, maxWeeks };
}

/**
 * The change a move makes to an entry drawn as `bar`: the weeks the bar's start moved shift both
 * start and end, the weeks its length changed shift only the end; the row is the person.
 */
export function entryChange(
  entry: Pick<PlannerEntry, 'start' | 'end' | 'employee'>,
  bar: Pick<WeekGridBar, 'startWeek' | 'weeks' | 'rowKey'>,
  move: WeekGridMove,
): EntryChange {
  const from = startOf(bar);
  const to = move.startWeek ? startOf({ startWeek: move.startWeek }) : from;
  const shift = weeksBetween(from, to);
  const stretch = (move.weeks ?? bar.weeks) - bar.weeks;
  return {
    employeeId: (move.rowKey !== undefined ? personOf(move.rowKey) : null) ?? entry.employee.id,
    start: shiftDays(entry.start, 7 * shift),
    end: shiftDays(entry.end, 7 * (shift + stretch)),
  };
}

/** Words the bar needs, in the UI language. */
export interface EntryTexts {
  /** A weekday's short name, Monday 1 to Sunday 7: "di", "Tue". */
  weekday: (isoDay: number) => string;
  /** The label with the days: "di–do · Refit Noordam". */
  withDays: (project: string, days: string) => string;
  /** The full times: "di 24-11-2026 08:00 – do 26-11-2026 17:00". */
  times: (entry: Pick<PlannerEntry, 'start' | 'end' | 'allDay'>) => string;
  /** The accessible name, from the label: "di–do · Refit Noordam: Daan Jansen, di 24-11-2026 08:00 – …". */
  name: (label: string, person: string, times: string) => string;
}

/** The days within one week in words: "di–do", or "di" for one day. */
export function dayRange(entry: Pick<PlannerEntry, 'start' | 'end'>, weekday: EntryTexts['weekday']): string {
  const { first, last } = entryDays(entry.start, entry.end);
  const a = weekday(isoWeekday(first));
  return first === last ? a : `${a}–${weekday(isoWeekday(last))}`;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5]
    .map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark text where the bars' text would otherwise be. */
export const DARK_TEXT = '#1a1b1e';

/**
 * White text on the project's colour, as the palette is made for; a colour of its own too light
 * for white (under 4.5:1, WCAG AA) gets dark text instead.
 */
export function textOn(color: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(color)) return '#fff';
  return 1.05 / (luminance(color) + 0.05) >= 4.5 ? '#fff' : DARK_TEXT;
}

/** The bar of an entry: in its person's row, over the weeks its days touch, in its project's colour. */
export function entryBar(entry: PlannerEntry, canEdit: boolean, texts: EntryTexts): EntryBar {
  const { startWeek, weeks } = entryWeeks(entry);
  const label = weeks === 1 ? texts.withDays(entry.project.name, dayRange(entry, texts.weekday)) : entry.project.name;
  const times = texts.times(entry);
  const color = projectColor(entry.project);
  return {
    id: entry.id,
    rowKey: personKey(entry.employee.id),
    startWeek,
    weeks,
    label,
    color,
    textColor: textOn(color),
    spokenLabel: entry.project.name,
    // The accessible name starts with the text on the bar (WCAG 2.5.3, label in name).
    name: texts.name(label, entry.employee.name, times),
    title: `${entry.project.name}, ${entry.employee.name}: ${times}`,
    editable: canEdit && entry.abilities.canEdit,
    ...resizeLimits(entry, weeks),
    entry,
  };
}

/** The entry as it looks after the change (shown at once, before the server answers). */
export function changedEntry(
  entry: PlannerEntry,
  change: EntryChange,
  people: readonly { id: number; name: string }[],
): PlannerEntry {
  const person = change.employeeId === entry.employee.id ? entry.employee : people.find((p) => p.id === change.employeeId);
  return {
    ...entry,
    start: change.start,
    end: change.end,
    employee: person ? { id: person.id, name: person.name } : entry.employee,
  };
}

// ---- leave and sick leave

/** An absence as a bar: read only, hatched, so it never looks like planned work. */
/** An absence with its person: a row of the grid. */
export type PersonAbsence = PlannerAbsence & { employee: { id: number; name: string } };

export interface AbsenceBar extends WeekGridBar {
  absence: PersonAbsence;
}

/** Words an absence bar needs, in the UI language. */
export interface AbsenceTexts {
  weekday: EntryTexts['weekday'];
  /** 'Ziek' / 'Sick'. */
  sick: string;
  /** "VAK · Vakantie", "VAK · Vakantie (aangevraagd)", "Bouwvak (collectief)". */
  leave: (absence: PlannerAbsence) => string;
  withDays: EntryTexts['withDays'];
  /** "ma 23-11-2026 t/m vr 27-11-2026". */
  period: (from: string, till: string) => string;
  name: EntryTexts['name'];
}

/**
 * The bar of an absence: in its person's row over the weeks from its first to its last day, the
 * leave type's code and name (or "Ziek") on stripes of its colour. Bars need ids of their own:
 * absences count down from -1, clear of the entries' ids.
 */
export function absenceBar(absence: PersonAbsence, index: number, texts: AbsenceTexts): AbsenceBar {
  const days = { start: `${absence.from}T00:00`, end: `${shiftDays(`${absence.till}T00:00`, 1)}` };
  const { startWeek, weeks } = entryWeeks(days);
  const what = absence.kind === 'sick' ? texts.sick : texts.leave(absence);
  const label = weeks === 1 ? texts.withDays(what, dayRange(days, texts.weekday)) : what;
  const period = texts.period(absence.from, absence.till);
  return {
    id: -(index + 1),
    rowKey: personKey(absence.employee.id),
    startWeek,
    weeks,
    label,
    // Pending leave: fainter stripes, and '(aangevraagd)' in its words.
    color: absenceBackground(absence),
    textColor: DARK_TEXT,
    spokenLabel: what,
    name: texts.name(label, absence.employee.name, period),
    title: `${what}, ${absence.employee.name}: ${period}`,
    editable: false,
    absence,
  };
}
