import type { TimesheetList, TimesheetRow } from '@app/shared/hours/timesheets';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { bookedHour, hoursWeek, signInEmployee, timesheet } from '../hours-fixtures';
import { TimesheetsPage } from './TimesheetsPage';

const notify = mockNotify();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
  setXsrfCookie('tok');
});
afterEach(() => vi.useRealTimers());

const row = (id: number, name: string, over: Partial<TimesheetRow> = {}): TimesheetRow => ({
  employee: { id, name },
  bookedMinutes: 2400,
  scheduledMinutes: 2400,
  timesheet: timesheet(),
  ...over,
});

const own = timesheet({
  abilities: {
    canApprove: false,
    canReturn: false,
    canReopen: false,
    reasons: { canApprove: 'TIMESHEET_OWN_WEEK', canReturn: 'TIMESHEET_OWN_WEEK', canReopen: 'TIMESHEET_OWN_WEEK' },
  },
});
const list = (week = '2026-W48'): TimesheetList => ({
  week,
  rows: [
    row(7, 'Bram de Jong', { bookedMinutes: 2280 }),
    row(8, 'Kees Smit'),
    row(9, 'Lies Bakker', {
      timesheet: timesheet({
        state: 'returned',
        comment: 'Dinsdag ontbreekt',
        decidedBy: 'Daan Visser',
        decidedAt: '2026-11-23T10:00:00.000Z',
        version: 1,
        abilities: { canApprove: true, canReturn: false, canReopen: true, reasons: { canReturn: 'TIMESHEET_STATE' } },
      }),
    }),
    row(5, 'Jan de Vries', { timesheet: own }),
  ],
});

function open(o: { decide?: (path: string) => Response } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/hours/timesheets') return json(200, { data: list(req.query.get('week') ?? '') });
    if (req.path === '/api/hours/week') {
      return json(200, {
        data: hoursWeek({ employee: { id: Number(req.query.get('employeeId')), name: 'Bram de Jong' }, canBook: false }, [
          bookedHour({ notes: 'Wandpanelen' }),
        ]),
      });
    }
    if (req.method === 'POST' && req.path.startsWith('/api/hours/timesheets/')) {
      return o.decide?.(req.path) ?? json(200, { data: timesheet({ state: 'approved', version: 1 }) });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: ['hours.approve'] });
  const view = renderWithProviders(<TimesheetsPage />, { path: '/hours/timesheets', url: '/hours/timesheets', queryClient });
  return { ...view, f };
}

describe('TimesheetsPage', () => {
  it('lists the people of this week with booked against scheduled hours and the state', async () => {
    const { f } = open();
    const bram = await screen.findByTestId('timesheet-7');
    expect(within(bram).getByText('Bram de Jong')).toBeInTheDocument();
    expect(within(bram).getByText('(-2:00)')).toBeInTheDocument();
    expect(within(bram).getByText('Open')).toBeInTheDocument();
    expect(within(screen.getByTestId('timesheet-9')).getByText('Teruggestuurd')).toBeInTheDocument();
    expect(screen.getByTestId('timesheets-summary')).toHaveTextContent('3 open, 1 teruggestuurd, 0 goedgekeurd');
    expect(f.to('/api/hours/timesheets')[0]?.query.get('week')).toBe('2026-W48');
    // One's own week cannot be selected.
    expect(screen.queryByRole('checkbox', { name: 'Jan de Vries selecteren' })).not.toBeInTheDocument();
  });

  it('goes to the previous week', async () => {
    const { user, f } = open();
    await screen.findByTestId('timesheet-7');
    await user.click(screen.getByRole('button', { name: 'Vorige week' }));
    await waitFor(() => expect(f.to('/api/hours/timesheets').at(-1)?.query.get('week')).toBe('2026-W47'));
    expect(await screen.findByRole('heading', { name: 'Week 47' })).toBeInTheDocument();
  });

  it("opens a person's week and approves it", async () => {
    const { user, f } = open();
    await user.click(await screen.findByRole('button', { name: 'Bram de Jong' }));
    const dialog = await screen.findByRole('dialog', { name: 'Week 48 van Bram de Jong' });
    expect(await within(dialog).findByText(/Wandpanelen/)).toBeInTheDocument();
    expect(f.to('/api/hours/week')[0]?.query.get('employeeId')).toBe('7');
    await user.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(f.to('/api/hours/timesheets/7/approve', 'POST')).toHaveLength(1));
    expect(f.to('/api/hours/timesheets/7/approve')[0]?.body).toEqual({ week: '2026-W48', version: null });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Week 48 van Bram de Jong is goedgekeurd.'));
  });

  it('sends a week back only with a comment', async () => {
    const { user, f } = open();
    await user.click(await screen.findByRole('button', { name: 'Bram de Jong' }));
    const dialog = await screen.findByRole('dialog', { name: 'Week 48 van Bram de Jong' });
    await user.click(await within(dialog).findByRole('button', { name: 'Terugsturen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Terugsturen' }));
    expect(await within(dialog).findByText('Schrijf wat er moet worden aangepast.')).toBeInTheDocument();
    expect(f.to('/api/hours/timesheets/7/return')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Opmerking/ }), 'Maandag mist');
    await user.click(within(dialog).getByRole('button', { name: 'Terugsturen' }));
    await waitFor(() => expect(f.to('/api/hours/timesheets/7/return')).toHaveLength(1));
    expect(f.to('/api/hours/timesheets/7/return')[0]?.body).toEqual({ week: '2026-W48', version: null, comment: 'Maandag mist' });
  });

  it('approves the selected open weeks together and says when some were decided meanwhile', async () => {
    const { user, f } = open({
      decide: (path) =>
        path.includes('/8/')
          ? json(409, { message: 'x', code: 'STALE_VERSION' })
          : json(200, { data: timesheet({ state: 'approved', version: 1 }) }),
    });
    await screen.findByTestId('timesheet-7');
    await user.click(screen.getByRole('checkbox', { name: 'Alle open weken selecteren' }));
    await user.click(screen.getByRole('button', { name: 'Selectie goedkeuren (2)' }));
    await waitFor(() => expect(f.to('/api/hours/timesheets/8/approve')).toHaveLength(1));
    expect(f.to('/api/hours/timesheets/7/approve')).toHaveLength(1);
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('1 van 2 weken goedgekeurd; over de andere is intussen besloten.'),
    );
  });
});
