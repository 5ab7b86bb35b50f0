import type { PlannerEntry } from '@app/shared/planner/planner';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setTestLanguage } from '../../../../test/i18n';
import { renderWithProviders } from '../../../../test/render';
import { COL_W } from '../../../components/week-grid/WeekGrid';
import { PeopleWeekView, type PeopleWeekViewProps } from './PeopleWeekView';

const entry = (over: Partial<PlannerEntry> = {}): PlannerEntry => ({
  id: 5,
  employee: { id: 7, name: 'Daan de Vries' },
  project: { id: 3, name: 'Refit Noordam', color: '#2f7d32' },
  // Tuesday 24 to Thursday 26 November 2026 (week 48).
  start: '2026-11-24T08:00',
  end: '2026-11-26T17:00',
  allDay: false,
  notes: '',
  version: 2,
  updatedAt: '2026-11-20T10:00:00.000Z',
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

const people = [
  { id: 7, name: 'Daan de Vries', function: 'Timmerman' },
  { id: 8, name: 'Eva Bakker', function: null },
];

function view(over: Partial<PeopleWeekViewProps> = {}) {
  const props: PeopleWeekViewProps = {
    from: '2026-W48',
    weeks: 8,
    currentWeek: '2026-W48',
    people,
    entries: [entry()],
    canEdit: true,
    onOpen: vi.fn(),
    onMove: vi.fn(() => Promise.resolve()),
    ...over,
  };
  return { props, ...renderWithProviders(<PeopleWeekView {...props} />) };
}

const bar = () => screen.getByRole('button', { name: /Refit Noordam:/ });

describe('PeopleWeekView', () => {
  it('shows a row per person with the function, and an entry as a bar in its week with its days, full times and colour', () => {
    view();
    expect(screen.getByRole('region', { name: 'Planning per persoon en week' })).toHaveTextContent(/^Mensen/);
    expect(screen.getByTestId('row-person:7')).toHaveTextContent(/^Daan de VriesTimmerman/);
    expect(screen.getByTestId('row-person:8')).toHaveTextContent(/^Eva Bakker$/);
    const b = within(screen.getByTestId('row-person:7')).getByRole('button', {
      name: 'di–do · Refit Noordam: Daan de Vries, di 24-11-2026 08:00 – do 26-11-2026 17:00',
    });
    expect(b).toHaveTextContent('di–do · Refit Noordam');
    expect(b).toHaveAttribute('title', 'Refit Noordam, Daan de Vries: di 24-11-2026 08:00 – do 26-11-2026 17:00');
    expect((b.parentElement as HTMLElement).style.getPropertyValue('--bar-color')).toBe('#2f7d32');
    expect((b.parentElement as HTMLElement).style.getPropertyValue('--bar-text')).toBe('#fff');
  });

  it('every bar’s accessible name starts with its visible text (label in name), also after a move', () => {
    view({
      entries: [entry(), entry({ id: 6, start: '2026-11-27T08:00', end: '2026-12-01T17:00' })],
    });
    const check = () => {
      for (const el of document.querySelectorAll('[data-item-id]')) {
        expect(el.getAttribute('aria-label')?.startsWith(el.textContent ?? '-')).toBe(true);
      }
    };
    check();
    const first = screen.getByRole('button', { name: /^di–do · Refit Noordam:/ });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight', shiftKey: true });
    expect(screen.getAllByRole('button', { name: /^Refit Noordam:/ })).toHaveLength(2);
    check();
  });

  it('speaks English: day names Monday first, all-day entries as days', async () => {
    await setTestLanguage('en');
    try {
      view({
        entries: [
          entry(),
          entry({
            id: 6,
            start: '2026-12-07T00:00',
            end: '2026-12-12T00:00',
            allDay: true,
            project: { id: 4, name: 'Kade', color: '' },
          }),
        ],
      });
      expect(screen.getByRole('region', { name: 'Planning by person and week' })).toBeInTheDocument();
      expect(bar()).toHaveTextContent('Tue–Thu · Refit Noordam');
      expect(screen.getByRole('button', { name: /Kade:/ })).toHaveAttribute(
        'title',
        'Kade, Daan de Vries: Mon 07-12-2026 to Fri 11-12-2026, all day',
      );
    } finally {
      await setTestLanguage('nl');
    }
  });

  it('moves an entry a week later with the keys: start and end 7 days on, sent together', async () => {
    const { props } = view();
    bar().focus();
    fireEvent.keyDown(bar(), { key: 'ArrowRight' });
    expect(screen.getByTestId('planner-people-announcement')).toHaveTextContent(
      'Refit Noordam: di 01-12-2026 08:00 – do 03-12-2026 17:00, Daan de Vries',
    );
    await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(props.onMove).toHaveBeenCalledWith(props.entries[0], {
      employeeId: 7,
      start: '2026-12-01T08:00',
      end: '2026-12-03T17:00',
    });
  });

  it('to another person with ↓, and Shift+→ moves only the end a week on', async () => {
    const { props } = view();
    bar().focus();
    fireEvent.keyDown(bar(), { key: 'ArrowDown' });
    fireEvent.keyDown(bar(), { key: 'ArrowRight', shiftKey: true });
    // Drawn at once in the new row, over two weeks: the days no longer fit one week.
    const moved = within(screen.getByTestId('row-person:8')).getByRole('button', { name: /^Refit Noordam: Eva Bakker/ });
    expect(moved).toHaveTextContent(/^Refit Noordam$/);
    await waitFor(() => expect(props.onMove).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(props.onMove).toHaveBeenCalledWith(props.entries[0], {
      employeeId: 8,
      start: '2026-11-24T08:00',
      end: '2026-12-03T17:00',
    });
  });

  it('a move that comes back to where it was sends nothing', async () => {
    const { props } = view();
    bar().focus();
    fireEvent.keyDown(bar(), { key: 'ArrowRight' });
    fireEvent.keyDown(bar(), { key: 'ArrowLeft' });
    await new Promise((r) => setTimeout(r, 900));
    expect(props.onMove).not.toHaveBeenCalled();
  });

  it('moves nothing without the right to plan, or when the entry may not change; clicking opens it', () => {
    const locked = entry({ abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN' } } });
    const { props, unmount } = view({ canEdit: false });
    fireEvent.keyDown(bar(), { key: 'ArrowRight' });
    expect(screen.queryByTestId('resize-5')).not.toBeInTheDocument();
    fireEvent.click(bar());
    expect(props.onOpen).toHaveBeenCalledWith(props.entries[0]);
    unmount();
    const second = view({ entries: [locked] });
    fireEvent.keyDown(bar(), { key: 'ArrowRight' });
    expect(screen.getByTestId('planner-people-announcement')).toHaveTextContent('');
    expect(screen.queryByTestId('resize-5')).not.toBeInTheDocument();
    expect(props.onMove).not.toHaveBeenCalled();
    expect(second.props.onMove).not.toHaveBeenCalled();
  });

  it('clicking an empty cell plans something new for that person in that week', () => {
    const onCreate = vi.fn();
    view({ onCreate });
    // The view's own column width (wider than the timeline's), as the header draws it.
    const colW = Number.parseInt(screen.getByTestId('week-2026-W48').style.width, 10);
    expect(colW).toBeGreaterThan(COL_W);
    const track = screen.getByTestId('row-person:8').lastElementChild as HTMLElement;
    track.getBoundingClientRect = () => ({
      left: 50,
      top: 0,
      right: 50 + 8 * colW,
      bottom: 40,
      width: 8 * colW,
      height: 40,
      x: 50,
      y: 0,
      toJSON: () => ({}),
    });
    fireEvent.click(track, { clientX: 50 + colW * 5 + 3 });
    // Five weeks after week 48 of 2026 is week 53: 2026 has 53 weeks.
    expect(onCreate).toHaveBeenCalledWith(8, '2026-W53');
  });

  it('says so when there is nobody to plan', () => {
    view({ people: [] });
    expect(screen.getByText('Niemand om te plannen')).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it("shows leave and sick leave as hatched, read-only bars in the person's row, apart from the planned work", () => {
    const onOpen = vi.fn();
    view({
      onOpen,
      absences: [
        {
          employee: { id: 7, name: 'Daan de Vries' },
          kind: 'leave',
          status: 'approved',
          from: '2026-11-27',
          till: '2026-11-27',
          label: 'Vakantie',
          code: 'VAK',
          color: '#2f9e44',
          part: null,
        },
        {
          employee: { id: 8, name: 'Eva Bakker' },
          kind: 'sick',
          status: 'approved',
          from: '2026-11-30',
          till: '2026-12-09',
          label: '',
          code: '',
          color: '',
          part: null,
        },
      ],
    });
    const leave = within(screen.getByTestId('row-person:7')).getByRole('button', {
      name: 'vr · VAK · Vakantie: Daan de Vries, vr 27-11-2026, afwezig',
    });
    expect(leave).toHaveTextContent('vr · VAK · Vakantie');
    const style = (leave.parentElement as HTMLElement).style;
    expect(style.getPropertyValue('--bar-color')).toContain('repeating-linear-gradient');
    expect(style.getPropertyValue('--bar-color')).toContain('#2f9e44');
    expect(style.getPropertyValue('--bar-text')).toBe('#1a1b1e');
    // Read only: no resize handle, and opening it opens no planner entry.
    expect(leave).toHaveAttribute('data-readonly', 'true');
    fireEvent.click(leave);
    expect(onOpen).not.toHaveBeenCalled();
    const sick = within(screen.getByTestId('row-person:8')).getByRole('button', {
      name: 'Ziek: Eva Bakker, ma 30-11-2026 t/m wo 09-12-2026, afwezig',
    });
    expect(sick).toHaveTextContent(/^Ziek$/);
    expect((sick.parentElement as HTMLElement).style.getPropertyValue('--bar-color')).toContain('#e03131');
    // The planned work is still a solid bar of its project.
    expect((bar().parentElement as HTMLElement).style.getPropertyValue('--bar-color')).toBe('#2f7d32');
  });
});
