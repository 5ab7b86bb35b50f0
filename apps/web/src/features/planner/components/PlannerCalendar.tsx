import type { Availability, PlannerEntry } from '@app/shared/planner/planner';
import type {
  DateSelectArg,
  EventChangeArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  LocaleInput,
} from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import nlLocale from '@fullcalendar/core/locales/nl';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type EventResizeDoneArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { availabilityEvents } from '../availability-view';
import {
  CALENDAR_VIEW,
  type CalendarView,
  formatDay,
  fromCalendarDate,
  nowWallClock,
  type Span,
  spanOfCalendar,
  toCalendarEvent,
  visibleHours,
} from '../planner-time';
import classes from './PlannerCalendar.module.css';

export interface PlannerCalendarProps {
  view: CalendarView;
  /** The day shown (`YYYY-MM-DD`): the month, week or day around it. */
  day: string;
  entries: readonly PlannerEntry[];
  /** Titles name the person (false when the planner is filtered to one person). */
  showPerson: boolean;
  /** Selecting a range makes a new entry. */
  canCreate: boolean;
  /** A phone: fewer events per cell, shorter headers and week numbers. */
  narrow: boolean;
  onSelect: (span: Span) => void;
  onOpen: (entry: PlannerEntry) => void;
  /** A drag or a resize; rejects when the server refused it (the event goes back). */
  onMove: (entry: PlannerEntry, span: Span) => Promise<unknown>;
  /** A day number or a week number was clicked: show that day or week. */
  onNavigate: (view: CalendarView, day: string) => void;
  /** Absences (read-only all-day events), holidays and one person's days off (backgrounds). */
  availability?: Availability | undefined;
}

const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin];
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;

/**
 * FullCalendar's month, week and day views (MIT plugins only), Dutch style in both languages:
 * Monday first, ISO week numbers, a 24-hour clock, day before month. Its zone is UTC and it is
 * fed wall-clock times (see planner-time.ts), so what it shows is exactly what is stored.
 */
export function PlannerCalendar(p: PlannerCalendarProps) {
  const { t, i18n } = useTranslation();
  const ref = useRef<FullCalendar>(null);
  const byId = useMemo(() => new Map(p.entries.map((e) => [String(e.id), e])), [p.entries]);
  const events = useMemo(
    () => [
      ...p.entries.map((e) => toCalendarEvent(e, { showPerson: p.showPerson })),
      ...availabilityEvents(t, p.availability, { showPerson: p.showPerson }),
    ],
    [p.entries, p.showPerson, p.availability, t],
  );
  const calendarView = CALENDAR_VIEW[p.view];
  const hours = useMemo(() => visibleHours(p.entries), [p.entries]);

  // The URL decides the view and the day; FullCalendar follows.
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    if (api.view.type !== calendarView) api.changeView(calendarView, p.day);
    else api.gotoDate(p.day);
  }, [calendarView, p.day]);

  // A phone turned sideways or a window made narrow: the narrow options change the layout, and
  // FullCalendar, which measures its cells only on its own resize, left the all-day cells of a
  // week 2 px wide. Measure again once the new options are drawn.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the narrow layout comes or goes
  useEffect(() => {
    const api = ref.current?.getApi();
    if (!api) return;
    const frame = requestAnimationFrame(() => api.updateSize());
    return () => cancelAnimationFrame(frame);
  }, [p.narrow]);

  const locale: LocaleInput = i18n.language === 'en' ? enGbLocale : nlLocale;

  const handleMove = (info: EventDropArg | EventResizeDoneArg | EventChangeArg) => {
    const entry = byId.get(info.event.id);
    const span = spanOfCalendar(info.event);
    if (!entry || !span) return info.revert();
    p.onMove(entry, span).catch(() => info.revert());
  };

  return (
    <div className={classes.calendar} data-view={p.view} data-narrow={p.narrow || undefined} data-testid="planner-calendar">
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        initialView={calendarView}
        initialDate={p.day}
        headerToolbar={false}
        timeZone="UTC"
        now={() => nowWallClock()}
        locale={locale}
        firstDay={1}
        // Not in the day view: FullCalendar puts its week link in a header cell hidden from screen
        // readers there, a focusable link nobody can be told about (the day's date says the week).
        weekNumbers={p.view !== 'day'}
        weekNumberCalculation="ISO"
        weekText={t('planner.calendar.weekShort')}
        weekTextLong={t('planner.calendar.week')}
        allDayText={t('planner.calendar.allDay')}
        noEventsText={t('planner.calendar.noEvents')}
        moreLinkText={(n: number) => (p.narrow ? `+${n}` : t('planner.calendar.more', { count: n }))}
        moreLinkHint={(n: number) => t('planner.calendar.moreHint', { count: n })}
        navLinkHint={(text: string) => t('planner.calendar.goTo', { date: text })}
        closeHint={t('common.actions.close')}
        timeHint={t('planner.calendar.time')}
        eventHint={t('planner.calendar.entry')}
        eventTimeFormat={TIME_FORMAT}
        slotLabelFormat={TIME_FORMAT}
        dayHeaderFormat={{ weekday: 'short' }}
        // Day before month with a dash in both languages (`di 24-11`, `Tue 24-11`); a phone's week: `di 24`.
        dayHeaderContent={(arg: { date: Date; text: string }) => {
          if (p.view === 'month') return arg.text;
          const day = fromCalendarDate(arg.date).slice(0, 10);
          return p.narrow && p.view === 'week' ? `${arg.text} ${Number(day.slice(8, 10))}` : formatDay(day, i18n.language);
        }}
        fixedWeekCount={false}
        // A month cell or a phone's week column holds a few; the day view shows them all.
        dayMaxEvents={p.view === 'day' ? false : p.view === 'month' ? (p.narrow ? 2 : 4) : p.narrow ? 2 : false}
        // On a phone a month cell is narrow: the week's number alone, and '+2' for more.
        weekNumberContent={(arg: { num: number; text: string }) => (p.narrow ? String(arg.num) : arg.text)}
        nowIndicator
        navLinks
        navLinkDayClick={(date: Date) => p.onNavigate('day', fromCalendarDate(date).slice(0, 10))}
        navLinkWeekClick={(date: Date) => p.onNavigate('week', fromCalendarDate(date).slice(0, 10))}
        height="auto"
        slotMinTime={hours.min}
        slotMaxTime={hours.max}
        // Drags snap to the half-hour slots: with a finer snap, FullCalendar (which measures a
        // dragged event from the middle of the slot it was picked up in) shifts a purely sideways
        // drag by a quarter of an hour. Finer times are typed in the form.
        slotDuration="00:30:00"
        expandRows
        eventDisplay="block"
        eventInteractive
        forceEventDuration
        events={events}
        editable={p.entries.some((e) => e.abilities.canEdit)}
        selectable={p.canCreate}
        selectMirror
        longPressDelay={400}
        select={(info: DateSelectArg) => {
          info.view.calendar.unselect();
          const span = spanOfCalendar(info);
          if (span) p.onSelect(span);
        }}
        eventClick={(info: EventClickArg) => {
          info.jsEvent.preventDefault();
          const entry = byId.get(info.event.id);
          if (entry) p.onOpen(entry);
        }}
        eventDrop={handleMove}
        eventResize={handleMove}
        eventContent={(arg: EventContentArg) => <EventContent arg={arg} />}
        // Two fixes for screen readers (axe): a month cell is named by its content (day number, week
        // number, entries, '+2'), not by its day number alone; the '+2' link opens a popover: a button.
        dayCellDidMount={(arg: { el: HTMLElement }) => {
          if (arg.el.classList.contains('fc-daygrid-day')) arg.el.removeAttribute('aria-labelledby');
        }}
        moreLinkDidMount={(arg: { el: HTMLElement }) => arg.el.setAttribute('role', 'button')}
      />
    </div>
  );
}

/** An event's text: its time (when timed) and its title, readable at any width. */
function EventContent({ arg }: { arg: EventContentArg }) {
  const props = arg.event.extendedProps as { kind?: string; background?: string; pending?: boolean };
  if (arg.event.display === 'background') return <span className={classes.background}>{arg.event.title}</span>;
  if (props.kind === 'absence') {
    return (
      <div
        className={classes.absence}
        data-pending={props.pending || undefined}
        style={{ background: props.background }}
        data-testid={arg.event.id}
      >
        <span className={classes.title}>{arg.event.title}</span>
      </div>
    );
  }
  return (
    <div className={classes.event} data-testid={`entry-${arg.event.id}`}>
      {arg.timeText && !arg.event.allDay ? <span className={classes.time}>{arg.timeText}</span> : null}
      <span className={classes.title}>{arg.event.title}</span>
    </div>
  );
}
