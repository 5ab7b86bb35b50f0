import type { PlannerEntry } from '@app/shared/planner/planner';
import type { CalendarOptions } from '@fullcalendar/core';
import FullCalendar from '@fullcalendar/react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { PlannerPage } from '../pages/PlannerPage';
import { plannerEntry, plannerList, plannerOptions } from '../planner-fixtures';

const notify = mockNotify();

// FullCalendar's own drag code needs a real layout. The real calendar renders (jsdom lays nothing
// out), and a spy on its React component's render (calling through; restored after each test by
// setup.ts) reads the options the page gives it, so a test can drop, resize, select and click the
// way FullCalendar reports them.
let calendarRender: MockInstance<FullCalendar['render']>;
const fc = {
  /** The options of the calendar's latest render. */
  get options(): CalendarOptions {
    return (calendarRender.mock.contexts.at(-1) as FullCalendar | undefined)?.props ?? {};
  },
};

const utc = (s: string) => new Date(`${s}:00Z`);

/** What FullCalendar hands eventDrop and eventResize: the event where it now is, and a way back. */
const changed = (start: string, end: string, allDay = false) => ({
  event: { id: '41', start: utc(start), end: utc(end), allDay },
  revert: vi.fn(),
});

/** The page with one stored entry; `saved`: what a PATCH stores and answers (none: the server refuses). */
function open(saved: PlannerEntry | (() => Response)) {
  let stored = plannerEntry();
  const f = mockFetch((req) => {
    if (req.path === '/api/planner' && req.method === 'GET') return json(200, { data: plannerList({ entries: [stored] }) });
    if (req.path === '/api/planner/options') return json(200, { data: plannerOptions() });
    if (req.path === '/api/planner/41' && req.method === 'PATCH') {
      if (typeof saved === 'function') return saved();
      stored = saved;
      return json(200, { data: saved });
    }
    return undefined;
  });
  const view = renderWithProviders(<PlannerPage />, { path: '/planner', url: '/planner?date=2026-11-24' });
  return { ...view, f };
}

beforeEach(() => {
  calendarRender = vi.spyOn(FullCalendar.prototype, 'render');
  setXsrfCookie('tok');
  notify.error.mockClear();
});

describe('PlannerCalendar', () => {
  it('sets FullCalendar up the Dutch way: Monday first, ISO weeks, 24 hours, UTC-fed wall clock', async () => {
    open(plannerEntry());
    // The real calendar draws the entry (its content is PlannerCalendar's EventContent).
    expect(await screen.findByTestId('entry-41')).toHaveTextContent('Daan de Vries · Nordic Star');
    await waitFor(() => expect(fc.options.events).toHaveLength(1));
    expect(fc.options).toMatchObject({
      initialView: 'timeGridWeek',
      initialDate: '2026-11-24',
      firstDay: 1,
      weekNumbers: true,
      weekNumberCalculation: 'ISO',
      timeZone: 'UTC',
      eventTimeFormat: { hour12: false },
      editable: true,
      selectable: true,
    });
    expect((fc.options.locale as { code: string }).code).toBe('nl');
    expect(fc.options.events).toEqual([
      expect.objectContaining({ id: '41', start: '2026-11-24T08:00:00', end: '2026-11-24T16:30:00', backgroundColor: '#1c5d99' }),
    ]);
  });

  it('sends a drop to another day with the version, and keeps it there when the server agrees', async () => {
    const { f } = open(plannerEntry({ start: '2026-11-26T08:00', end: '2026-11-26T16:30', version: 3 }));
    await waitFor(() => expect(fc.options.events).toHaveLength(1));
    const drop = changed('2026-11-26T08:00', '2026-11-26T16:30');
    act(() => fc.options.eventDrop?.(drop as never));
    await waitFor(() => expect(f.to('/api/planner/41', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/planner/41', 'PATCH')[0]?.body).toEqual({ start: '2026-11-26T08:00', end: '2026-11-26T16:30', version: 2 });
    await waitFor(() => expect(fc.options.events).toEqual([expect.objectContaining({ start: '2026-11-26T08:00:00' })]));
    expect(drop.revert).not.toHaveBeenCalled();
  });

  it('puts a refused resize back (revert) and says why', async () => {
    const { f } = open(() => apiError(409, 'STALE_VERSION'));
    await waitFor(() => expect(fc.options.events).toHaveLength(1));
    const resize = changed('2026-11-24T08:00', '2026-11-24T18:00');
    act(() => fc.options.eventResize?.(resize as never));
    await waitFor(() => expect(resize.revert).toHaveBeenCalled());
    expect(f.to('/api/planner/41', 'PATCH')[0]?.body).toEqual({ end: '2026-11-24T18:00', version: 2 });
    expect(notify.error.mock.calls[0]?.[0]).toMatch(/^Iemand anders heeft de planning van Daan de Vries op Nordic Star/);
  });

  it('a drop into the all-day row sends whole days', async () => {
    const { f } = open(plannerEntry());
    await waitFor(() => expect(fc.options.events).toHaveLength(1));
    act(() => fc.options.eventDrop?.(changed('2026-11-25T00:00', '2026-11-26T00:00', true) as never));
    await waitFor(() => expect(f.to('/api/planner/41', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/planner/41', 'PATCH')[0]?.body).toEqual({
      start: '2026-11-25T00:00',
      end: '2026-11-26T00:00',
      allDay: true,
      version: 2,
    });
  });

  it('opens the form for a selected range', async () => {
    open(plannerEntry());
    await waitFor(() => expect(fc.options.events).toHaveLength(1));
    const unselect = vi.fn();
    act(() =>
      fc.options.select?.({
        start: utc('2026-11-27T09:30'),
        end: utc('2026-11-27T12:00'),
        allDay: false,
        view: { calendar: { unselect } },
      } as never),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe planning' });
    expect(within(dialog).getByLabelText(/Begindatum/)).toHaveValue('27-11-2026');
    expect(within(dialog).getByLabelText(/Begintijd/)).toHaveValue('09:30');
    expect(within(dialog).getByLabelText(/Eindtijd/)).toHaveValue('12:00');
    expect(unselect).toHaveBeenCalled();
  });

  it('opens an entry when it is clicked', async () => {
    open(plannerEntry());
    await waitFor(() => expect(fc.options.events).toHaveLength(1));
    const preventDefault = vi.fn();
    act(() => fc.options.eventClick?.({ event: { id: '41' }, jsEvent: { preventDefault } } as never));
    const dialog = await screen.findByRole('dialog', { name: 'Planning bewerken' });
    expect(within(dialog).getByLabelText(/Begintijd/)).toHaveValue('08:00');
    expect(preventDefault).toHaveBeenCalled();
  });
});
