// The planner's availability on screen: pure functions from the availability read (and the
// entries) to what the views draw, so they are tested without a screen.
import {
  type Holiday,
  type PersonAvailability,
  type PlannedSpan,
  personDay,
  plannedMinutesOn,
  planningState,
  type Totals,
  totalsOf,
} from '@app/shared/planner/availability.rules';
import type { Availability, AvailabilityPerson, PlannerAbsence, PlannerEntry } from '@app/shared/planner/planner';
import { addDays } from '@app/shared/platform/iso-week';

type T = (key: string, o?: Record<string, unknown>) => string;

export const holidaysOf = (a: Availability): Holiday[] => a.holidays as Holiday[];
export const asPerson = (p: AvailabilityPerson): PersonAvailability => ({
  employee: p.employee,
  schedules: p.schedules,
  absences: p.absences,
});

/** An absence in words, with its status: "VAK · Vakantie (aangevraagd)", "Ziek", "Bouwvak (collectief)". */
export function absenceText(t: T, a: PlannerAbsence): string {
  if (a.kind === 'sick') return t('planner.absence.sick');
  if (a.kind === 'collective') return t('planner.absence.collective', { label: a.label });
  const what = t(a.status === 'pending' ? 'planner.absence.pending' : 'planner.absence.leave', { code: a.code, label: a.label });
  return a.part ? t('planner.absence.partOfDay', { what, start: a.part.start, end: a.part.end }) : what;
}

/** Sick leave's colour (leave takes its type's colour). */
export const SICK_COLOR = '#e03131';
const colorOf = (a: PlannerAbsence) => (a.kind === 'sick' ? SICK_COLOR : /^#[0-9a-fA-F]{6}$/.test(a.color) ? a.color : '#868e96');

/**
 * Approved absences get firm stripes, pending leave faint ones and a dashed border (and
 * "(aangevraagd)" in its text): the difference never rests on colour alone.
 */
export function absenceBackground(a: PlannerAbsence): string {
  const c = colorOf(a);
  return a.status === 'pending'
    ? `repeating-linear-gradient(135deg, ${c}33 0 6px, #ffffff 6px 12px)`
    : `repeating-linear-gradient(135deg, ${c}66 0 6px, ${c}1f 6px 12px)`;
}

/** The calendar's read-only events: each absence (all day, with the person's name), holidays as a background. */
export function availabilityEvents(t: T, a: Availability | undefined, o: { showPerson: boolean }) {
  if (!a) return [];
  const events: Record<string, unknown>[] = [];
  for (const p of a.people) {
    p.absences.forEach((abs, i) => {
      const what = absenceText(t, abs);
      events.push({
        id: `absence-${p.employee.id}-${i}`,
        title: o.showPerson ? `${what} · ${p.employee.name}` : what,
        start: abs.from < a.from ? a.from : abs.from,
        end: addDays(abs.till, 1),
        allDay: true,
        editable: false,
        startEditable: false,
        durationEditable: false,
        display: 'block',
        classNames: ['planner-absence', abs.status === 'pending' ? 'planner-absence-pending' : 'planner-absence-approved'],
        backgroundColor: 'transparent',
        borderColor: colorOf(abs),
        textColor: '#1a1b1e',
        extendedProps: { kind: 'absence', background: absenceBackground(abs), pending: abs.status === 'pending' },
      });
    });
  }
  for (const h of a.holidays) {
    events.push({
      id: `holiday-${h.date}`,
      title: t(`planner.holidays.${h.key}`),
      start: h.date,
      end: addDays(h.date, 1),
      allDay: true,
      display: 'background',
      classNames: ['planner-holiday'],
      backgroundColor: '#fff3bf',
    });
  }
  // One person on screen: their days off by the schedule, as a background with words.
  if (a.people.length === 1 && !o.showPerson) {
    const [p] = a.people;
    if (p && p.schedules.length > 0) {
      const person = asPerson(p);
      for (let d = a.from; d < a.to; d = addDays(d, 1)) {
        if (personDay(person, [], d).minutes === 0) {
          events.push({
            id: `off-${d}`,
            title: t('planner.availability.dayOff'),
            start: d,
            end: addDays(d, 1),
            allDay: true,
            display: 'background',
            classNames: ['planner-day-off'],
            backgroundColor: '#e9ecef',
          });
        }
      }
    }
  }
  return events;
}

/** What one cell of the strip says: the absences, a holiday, a day off, or the scheduled hours. */
export interface DayCell {
  date: string;
  labels: { text: string; tone: 'leave' | 'pending' | 'sick' | 'holiday' | 'off' | 'scheduled' | 'none' }[];
  planned: number;
}

export function dayCell(
  t: T,
  p: AvailabilityPerson,
  holidays: readonly Holiday[],
  entries: readonly PlannedSpan[],
  date: string,
): DayCell {
  const day = personDay(asPerson(p), holidays, date);
  const labels: DayCell['labels'] = [];
  if (day.holiday) labels.push({ text: t(`planner.holidays.${day.holiday}`), tone: 'holiday' });
  for (const a of day.absences) {
    labels.push({ text: absenceText(t, a), tone: a.kind === 'sick' ? 'sick' : a.status === 'pending' ? 'pending' : 'leave' });
  }
  if (p.schedules.length === 0) labels.push({ text: t('planner.availability.noSchedule'), tone: 'none' });
  else if (day.minutes === 0) labels.push({ text: t('planner.availability.dayOff'), tone: 'off' });
  else labels.push({ text: t('planner.availability.scheduled', { from: day.start, to: day.end }), tone: 'scheduled' });
  const planned = entries.reduce((sum, e) => sum + plannedMinutesOn(e, date, day.minutes), 0);
  return { date, labels, planned };
}

/** A person's totals over `[from, to)` with their entries. */
export const personTotals = (
  p: AvailabilityPerson,
  holidays: readonly Holiday[],
  entries: readonly PlannedSpan[],
  from: string,
  to: string,
) => totalsOf(asPerson(p), holidays, entries, from, to);

/** A person's entries (for the totals). */
export const entriesOf = (entries: readonly PlannerEntry[], id: number) => entries.filter((e) => e.employee.id === id);

/** Planned against available in words: "32:00 / 40:00 · 8:00 te weinig". */
export function totalsText(
  t: T,
  x: Totals,
  fmt: (m: number) => string,
): { text: string; state: ReturnType<typeof planningState> } {
  const state = planningState(x);
  const args = { planned: fmt(x.planned), available: fmt(x.available), diff: fmt(Math.abs(x.planned - x.available)) };
  return { text: state === 'none' ? t('planner.availability.none') : t(`planner.availability.${state}`, args), state };
}
