import type { PlannerEntry } from '@app/shared/planner/planner';
import { dayOf, entryDays } from '@app/shared/planner/planner.rules';
import { isoWeekday } from '@app/shared/platform/iso-week';
import { IconUsers } from '@tabler/icons-react';
import { type JSX, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/States';
import { WeekGrid, type WeekGridChange } from '../../../components/week-grid/WeekGrid';
import type { WeekGridMove } from '../../../components/week-grid/week-grid-moves';
import { absenceText } from '../availability-view';
import {
  type AbsenceBar,
  type AbsenceTexts,
  absenceBar,
  changedEntry,
  type EntryBar,
  type EntryTexts,
  entryBar,
  entryChange,
  type PersonAbsence,
  personKey,
  personOf,
} from './people-week-bars';

type Bar = EntryBar | AbsenceBar;
const isEntry = (bar: Bar): bar is EntryBar => 'entry' in bar;

export interface PeopleWeekViewProps {
  /** First ISO week shown, 'YYYY-Www'. */
  from: string;
  weeks: number;
  /** This week, 'YYYY-Www'. */
  currentWeek: string;
  /** The rows, in this order. */
  people: { id: number; name: string; function: string | null }[];
  entries: PlannerEntry[];
  /** Leave and sick leave: hatched, read-only bars beside the planned work. */
  absences?: PersonAbsence[] | undefined;
  /** The page's right to plan; each entry's own abilities.canEdit decides too. */
  canEdit: boolean;
  onOpen: (entry: PlannerEntry) => void;
  /** An empty cell was clicked: a new entry for that person in that week. */
  onCreate?: ((employeeId: number, week: string) => void) | undefined;
  /** Saves a move or resize; the promise settles when the server has answered (or refused). */
  onMove: (entry: PlannerEntry, change: { employeeId: number; start: string; end: string }) => Promise<unknown>;
}

const NO_ABSENCES: PersonAbsence[] = [];

/** Wider weeks than the timeline's: a bar of one week still shows its days and some of the project. */
const PEOPLE_COL_W = 88;

/** `2026-11-24` as `24-11-2026` (Dutch day-month-year in both languages). */
const dmy = (day: string) => `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;

/** The bars' words in the UI language: weekday names from Intl, Monday first. */
function useEntryTexts(): EntryTexts {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const fmt = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    // 2024-01-01 was a Monday: day n of the ISO week is 2024-01-0n.
    const names = [1, 2, 3, 4, 5, 6, 7].map((n) => fmt.format(new Date(Date.UTC(2024, 0, n))).replace(/\.$/, ''));
    const weekday = (isoDay: number) => names[isoDay - 1] ?? '';
    const day = (d: string) => `${weekday(isoWeekday(d))} ${dmy(d)}`;
    return {
      weekday,
      withDays: (project, days) => t('planner.people.withDays', { project, days }),
      times: (entry) => {
        if (entry.allDay) {
          const { first, last } = entryDays(entry.start, entry.end);
          return first === last
            ? t('planner.people.allDayOne', { day: day(first) })
            : t('planner.people.allDayRange', { from: day(first), to: day(last) });
        }
        const [startDay, endDay] = [dayOf(entry.start), dayOf(entry.end)];
        return startDay === endDay
          ? t('planner.people.timesOneDay', { day: day(startDay), from: entry.start.slice(11), to: entry.end.slice(11) })
          : t('planner.people.times', {
              from: `${day(startDay)} ${entry.start.slice(11)}`,
              to: `${day(endDay)} ${entry.end.slice(11)}`,
            });
      },
      name: (label, person, times) => t('planner.people.barName', { label, person, times }),
    };
  }, [t, locale]);
}

/** The absence bars' words: the entries' weekdays, "Ziek", "VAK · Vakantie" and the period in days. */
function useAbsenceTexts(texts: EntryTexts): AbsenceTexts {
  const { t } = useTranslation();
  return useMemo(() => {
    const day = (d: string) => `${texts.weekday(isoWeekday(d))} ${dmy(d)}`;
    return {
      weekday: texts.weekday,
      sick: t('planner.absence.sick'),
      leave: (absence) => absenceText(t, absence),
      withDays: texts.withDays,
      period: (from, till) =>
        from === till
          ? t('planner.absence.oneDay', { day: day(from) })
          : t('planner.absence.days', { from: day(from), to: day(till) }),
      name: texts.name,
    };
  }, [t, texts]);
}

/**
 * The planner's people-by-week view: one row per person (name, function), ISO weeks as columns,
 * each entry a bar in its project's colour over the weeks its days touch. Drag a bar to another
 * week (start and end move 7 days a week) or person, drag its right edge to move only the end;
 * the keys do the same (components/week-grid). Only when the page may plan and the entry allows it.
 */
export function PeopleWeekView({
  from,
  weeks,
  currentWeek,
  people,
  entries,
  absences = NO_ABSENCES,
  canEdit,
  onOpen,
  onCreate,
  onMove,
}: PeopleWeekViewProps): JSX.Element {
  const { t } = useTranslation();
  const texts = useEntryTexts();
  const rows = useMemo(() => people.map((p) => ({ key: personKey(p.id), label: p.name, sublabel: p.function })), [people]);
  const absenceTexts = useAbsenceTexts(texts);
  const bars = useMemo<Bar[]>(
    () => [...absences.map((a, i) => absenceBar(a, i, absenceTexts)), ...entries.map((e) => entryBar(e, canEdit, texts))],
    [absences, absenceTexts, entries, canEdit, texts],
  );

  if (people.length === 0) {
    return (
      <EmptyState
        icon={<IconUsers size={32} stroke={1.5} />}
        title={t('planner.empty.noPeople')}
        description={t('planner.empty.noPeopleText')}
      />
    );
  }

  // A draft: the entry moved as asked, drawn again (its days, times and person follow).
  // Absences are read only: the grid never moves them.
  const preview = (bar: Bar, move: WeekGridMove): Bar =>
    isEntry(bar) ? entryBar(changedEntry(bar.entry, entryChange(bar.entry, bar, move), people), canEdit, texts) : bar;

  const move = async (bar: Bar, change: WeekGridChange) => {
    if (!isEntry(bar)) return;
    const next = entryChange(bar.entry, bar, change);
    const { entry } = bar;
    if (next.employeeId === entry.employee.id && next.start === entry.start && next.end === entry.end) return;
    await onMove(entry, next);
  };

  return (
    <WeekGrid
      from={from}
      weeks={weeks}
      currentWeek={currentWeek}
      rows={rows}
      bars={bars}
      label={t('planner.people.gridLabel')}
      rowsHeading={t('planner.people.rowsHeading')}
      onOpen={(bar) => {
        if (isEntry(bar)) onOpen(bar.entry);
      }}
      onCreate={
        onCreate
          ? (row, week) => {
              const id = personOf(row.key);
              if (id !== null) onCreate(id, week);
            }
          : undefined
      }
      onMove={move}
      preview={preview}
      rangeText={(bar) => (isEntry(bar) ? texts.times(bar.entry) : absenceTexts.period(bar.absence.from, bar.absence.till))}
      columnWidth={PEOPLE_COL_W}
      fill
      announcementTestId="planner-people-announcement"
    />
  );
}
