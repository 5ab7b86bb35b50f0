import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import type { ScheduleList } from '../api';
import { schedule, scheduleList, signInEmployee } from '../hours-fixtures';
import { SchedulePage } from './SchedulePage';

const notify = mockNotify();

beforeEach(() => {
  setXsrfCookie('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function open(o: { list?: () => ScheduleList; permissions?: string[]; userId?: number; onSave?: () => Response } = {}) {
  let list = o.list ?? (() => scheduleList([schedule({ id: 8, effectiveFrom: '2027-01-04', version: 1 }), schedule()]));
  const f = mockFetch((req) => {
    if (req.path === '/api/users/5/schedules' && req.method === 'GET') return json(200, list());
    if (req.path === '/api/users/5/schedules' && req.method === 'POST') {
      if (o.onSave) return o.onSave();
      const created = schedule({ id: 9, effectiveFrom: '2026-11-30' });
      list = () => scheduleList([created, schedule()]);
      return json(201, { data: created });
    }
    if (req.path === '/api/users/5/schedules/7' && req.method === 'PUT') {
      return o.onSave ? o.onSave() : json(200, { data: schedule({ version: 2 }) });
    }
    if (req.path === '/api/users/5/schedules/8' && req.method === 'DELETE') {
      list = () => scheduleList([schedule()]);
      return noContent();
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: o.permissions ?? ['users.manage'], employeeId: o.userId ?? 1 });
  const view = renderWithProviders(<SchedulePage />, { path: '/users/:userId/schedule', url: '/users/5/schedule', queryClient });
  return { ...view, f };
}

describe('SchedulePage', () => {
  it("lists the versions newest first with this week's parity, the current one marked and shown", async () => {
    open();
    expect(await screen.findByText('Deze week (week 48) is een even week.')).toBeInTheDocument();
    const current = screen.getByTestId('schedule-7');
    expect(within(current).getByText('Vanaf 05-01-2026')).toBeInTheDocument();
    expect(within(current).getByText('Huidig')).toBeInTheDocument();
    expect(within(current).getByText('Even week 40:00 · oneven week 32:00')).toBeInTheDocument();
    expect(within(screen.getByTestId('schedule-8')).getByText('Gepland')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Rooster vanaf 05-01-2026' })).toBeInTheDocument();
    expect(screen.getByTestId('week-total-even')).toHaveTextContent('40:00');
  });

  it('changes a day and shows its hours and the week total live, then saves with the version', async () => {
    const { user, f } = open();
    await screen.findByRole('heading', { name: 'Rooster vanaf 05-01-2026' });
    const end = screen.getByLabelText('Einde (dinsdag, even week)');
    fireEvent.change(end, { target: { value: '17:30' } });
    expect(screen.getByLabelText('Uren (dinsdag, even week)')).toHaveTextContent('9:00');
    expect(screen.getByTestId('week-total-even')).toHaveTextContent('41:00');
    await user.click(screen.getByRole('switch', { name: 'Werkt op vrijdag' }));
    expect(screen.getByTestId('week-total-even')).toHaveTextContent('33:00');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/users/5/schedules/7', 'PUT')).toHaveLength(1));
    const body = f.to('/api/users/5/schedules/7', 'PUT')[0]?.body as { days: { even: unknown[] }; version: number };
    expect(body.version).toBe(1);
    expect(body.days.even).toEqual([
      { weekday: 1, start: '08:00', end: '16:30', breakMinutes: 30 },
      { weekday: 2, start: '08:00', end: '17:30', breakMinutes: 30 },
      { weekday: 3, start: '08:00', end: '16:30', breakMinutes: 30 },
      { weekday: 4, start: '08:00', end: '16:30', breakMinutes: 30 },
    ]);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Het rooster vanaf 05-01-2026 is opgeslagen.'));
  });

  it('refuses an end before the start on the field, without saving', async () => {
    const { user, f } = open();
    await screen.findByRole('heading', { name: 'Rooster vanaf 05-01-2026' });
    fireEvent.change(screen.getByLabelText('Einde (maandag, even week)'), { target: { value: '07:00' } });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('De eindtijd moet na de begintijd liggen.')).toBeInTheDocument();
    expect(f.to('/api/users/5/schedules/7', 'PUT')).toHaveLength(0);
  });

  it('adds a version from next Monday with the current days, copying the even week to the odd one', async () => {
    const { user, f } = open();
    await screen.findByRole('heading', { name: 'Rooster vanaf 05-01-2026' });
    await user.click(screen.getByRole('button', { name: 'Nieuwe roosterversie' }));
    expect(screen.getByRole('heading', { name: 'Nieuwe roosterversie' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Geldig vanaf/)).toHaveValue('30-11-2026');
    await user.click(screen.getByRole('button', { name: 'Kopieer even naar oneven' }));
    await user.click(screen.getByRole('radio', { name: /^Oneven week/ }));
    expect(screen.getByTestId('week-total-odd')).toHaveTextContent('40:00');
    await user.click(screen.getByRole('button', { name: 'Roosterversie toevoegen' }));
    await waitFor(() => expect(f.to('/api/users/5/schedules', 'POST')).toHaveLength(1));
    const body = f.to('/api/users/5/schedules', 'POST')[0]?.body as { effectiveFrom: string; days: { odd: unknown[] } };
    expect(body.effectiveFrom).toBe('2026-11-30');
    expect(body.days.odd).toHaveLength(5);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Het rooster vanaf 30-11-2026 is toegevoegd.'));
  });

  it('says when a version already starts on that date', async () => {
    const { user } = open({ onSave: () => apiError(409, 'SCHEDULE_DATE_TAKEN') });
    await screen.findByRole('heading', { name: 'Rooster vanaf 05-01-2026' });
    await user.click(screen.getByRole('button', { name: 'Nieuwe roosterversie' }));
    await user.click(screen.getByRole('button', { name: 'Roosterversie toevoegen' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Er begint al een rooster op die datum. Pas dat rooster aan of kies een andere datum.',
        expect.anything(),
      ),
    );
  });

  it('deletes a version only after confirming', async () => {
    const { user, f } = open();
    await screen.findByRole('heading', { name: 'Rooster vanaf 05-01-2026' });
    await user.click(screen.getByRole('button', { name: 'Rooster vanaf 04-01-2027 verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Roosterversie verwijderen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/users/5/schedules/8', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/users/5/schedules/8', 'DELETE')[0]?.query.get('version')).toBe('1');
    await waitFor(() => expect(screen.queryByTestId('schedule-8')).not.toBeInTheDocument());
  });

  it('is read only for a version in a locked period, saying why', async () => {
    open({ list: () => scheduleList([schedule({ canEdit: false })]) });
    await screen.findByRole('heading', { name: 'Rooster vanaf 05-01-2026' });
    expect(screen.getByText(/Deze periode is afgesloten/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /verwijderen$/ })).toBeNull();
    expect(screen.getByRole('switch', { name: 'Werkt op maandag' })).toBeDisabled();
  });

  it('shows one’s own schedule read only without the rights', async () => {
    open({ list: () => scheduleList([schedule({ canEdit: false })]), permissions: [], userId: 5 });
    await screen.findByRole('heading', { name: 'Rooster vanaf 05-01-2026' });
    expect(screen.getByText(/Je kunt dit rooster alleen bekijken/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nieuwe roosterversie' })).toBeNull();
  });

  it('says when there is no schedule yet and offers to add one', async () => {
    const { user } = open({ list: () => scheduleList([]) });
    expect(await screen.findByText('Nog geen rooster')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nieuwe roosterversie' }));
    expect(screen.getByRole('heading', { name: 'Nieuwe roosterversie' })).toBeInTheDocument();
    expect(screen.getByTestId('week-total-even')).toHaveTextContent('40:00');
  });
});
