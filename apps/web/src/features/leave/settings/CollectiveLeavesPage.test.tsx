import type { CollectiveLeave } from '@app/shared/leave/leave';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signInEmployee } from '../../hours/hours-fixtures';
import { CollectiveLeaveCreatePage, CollectiveLeavePage } from './CollectiveLeavePage';
import { CollectiveLeavesPage } from './CollectiveLeavesPage';
import { collectiveLeave, leaveType } from './leave-settings-fixtures';

const notify = mockNotify();

beforeEach(() => {
  setXsrfCookie('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const people = [
  { id: 5, name: 'Jan de Vries' },
  { id: 7, name: 'Piet Bakker' },
  { id: 9, name: 'Fatima el Amrani' },
];

function mock(list: CollectiveLeave[] = [collectiveLeave()]) {
  return mockFetch((req) => {
    if (req.path === '/api/collective-leaves' && req.method === 'GET') {
      return json(200, { data: req.query.get('year') === '2026' ? list : [] });
    }
    if (req.path === '/api/collective-leaves' && req.method === 'POST') {
      const b = req.body as { employeeIds: number[] };
      return json(201, {
        data: collectiveLeave({
          id: 22,
          name: 'Kerst',
          appliesTo: 'selected',
          employees: people.filter((p) => b.employeeIds.includes(p.id)),
          exceptions: [],
          booked: { people: 2, minutes: 960 },
        }),
      });
    }
    if (req.path === '/api/collective-leaves/21' && req.method === 'GET') return json(200, { data: list[0] });
    if (req.path === '/api/collective-leaves/21' && req.method === 'DELETE') return noContent();
    if (req.path === '/api/leave-types')
      return json(200, { data: [leaveType(), leaveType({ id: 3, name: 'Bijzonder verlof', code: 'BV' })] });
    if (req.path === '/api/users') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const data = people
        .filter((p) => p.name.toLowerCase().includes(q))
        .map((p) => ({
          ...p,
          email: '',
          function: null,
          role: null,
          phone: null,
          exactId: null,
          deletedAt: null,
          lastLoginAt: null,
          expiring: false,
        }));
      return json(200, { data, meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length } });
    }
    return undefined;
  });
}

function render(ui: React.ReactElement, path: string, url = path) {
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: ['collective-leave.manage', 'users.view'] });
  return renderWithProviders(null, {
    queryClient,
    url,
    routes: [
      { path, element: ui },
      { path: '/settings/hours/collective-leaves', element: <p data-testid="list-page">list</p> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
  });
}

describe('CollectiveLeavesPage', () => {
  it('lists the year’s collective leave: type, period, hours per day, for whom and what was booked', async () => {
    const f = mock();
    const queryClient = createTestQueryClient();
    signInEmployee(queryClient, { permissions: ['collective-leave.manage'] });
    renderWithProviders(<CollectiveLeavesPage />, { path: '/settings/hours/collective-leaves', queryClient });
    const row = await screen.findByTestId('collective-21');
    expect(f.to('/api/collective-leaves')[0]?.query.get('year')).toBe('2026');
    expect(within(row).getByRole('link', { name: 'Bouwvak' })).toHaveAttribute('href', '/settings/hours/collective-leaves/21');
    expect(within(row).getByText('Vakantie')).toBeInTheDocument();
    expect(within(row).getByText('20-07-2026 t/m 24-07-2026')).toBeInTheDocument();
    expect(within(row).getByText('per rooster')).toBeInTheDocument();
    expect(within(row).getByText('Iedereen behalve 1')).toBeInTheDocument();
    expect(within(row).getByTestId('collective-21-booked')).toHaveTextContent('12 personen · 76:00');
  });

  it('says so when a year has none', async () => {
    mock();
    const queryClient = createTestQueryClient();
    signInEmployee(queryClient, { permissions: ['collective-leave.manage'] });
    const { user } = renderWithProviders(<CollectiveLeavesPage />, { path: '/settings/hours/collective-leaves', queryClient });
    await screen.findByTestId('collective-21');
    await user.click(screen.getByRole('button', { name: 'Volgend jaar' }));
    expect(await screen.findByText('Geen collectieve vrije dagen in 2027')).toBeInTheDocument();
  });
});

describe('CollectiveLeaveCreatePage', () => {
  it('books collective leave for two chosen employees and says what it booked', async () => {
    const f = mock();
    const { user, router } = render(<CollectiveLeaveCreatePage />, '/settings/hours/collective-leaves/new');
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), 'Kerst');
    await user.click(screen.getByRole('combobox', { name: /^Verlofsoort/ }));
    await user.click(await screen.findByRole('option', { name: 'Vakantie (VAK)' }));
    fireEvent.change(screen.getByLabelText(/^Van/), { target: { value: '2026-12-28' } });
    fireEvent.change(screen.getByLabelText(/^Tot en met/), { target: { value: '2026-12-31' } });
    await user.click(screen.getByRole('radio', { name: 'Gekozen medewerkers' }));
    const picker = screen
      .getAllByLabelText(/^Medewerkers/)
      .find((el) => el instanceof HTMLInputElement && el.type !== 'hidden') as HTMLElement;
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Jan de Vries' }));
    await user.click(await screen.findByRole('option', { name: 'Fatima el Amrani' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan en boeken' }));
    await waitFor(() => expect(f.to('/api/collective-leaves', 'POST')).toHaveLength(1));
    expect(f.to('/api/collective-leaves', 'POST')[0]?.body).toEqual({
      name: 'Kerst',
      leaveTypeId: 1,
      startsOn: '2026-12-28',
      endsOn: '2026-12-31',
      minutesPerDay: null,
      appliesTo: 'selected',
      employeeIds: [5, 9],
      exceptionIds: [],
    });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Kerst is aangemaakt. Geboekt voor 2 personen, samen 16:00 uur.'),
    );
    await waitFor(() => expect(router?.state.location.pathname).toBe('/settings/hours/collective-leaves/22'));
  });

  it('says what is missing and sends nothing', async () => {
    const f = mock();
    const { user } = render(<CollectiveLeaveCreatePage />, '/settings/hours/collective-leaves/new');
    await screen.findByRole('textbox', { name: /^Naam/ });
    fireEvent.change(screen.getByLabelText(/^Van/), { target: { value: '2026-12-28' } });
    fireEvent.change(screen.getByLabelText(/^Tot en met/), { target: { value: '2026-12-20' } });
    await user.type(screen.getByRole('textbox', { name: /^Uren per dag/ }), 'abc');
    await user.click(screen.getByRole('radio', { name: 'Gekozen medewerkers' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan en boeken' }));
    expect(await screen.findAllByText('Dit veld is verplicht.')).toHaveLength(3);
    expect(screen.getByText('Het einde moet na het begin liggen.')).toBeInTheDocument();
    expect(screen.getByText(/^Vul de tijd in als uren en minuten/)).toBeInTheDocument();
    expect(f.to('/api/collective-leaves', 'POST')).toHaveLength(0);
  });
});

describe('CollectiveLeavePage', () => {
  it('shows what was booked and deletes after confirming', async () => {
    const f = mock();
    const { user, router } = render(
      <CollectiveLeavePage />,
      '/settings/hours/collective-leaves/:collectiveLeaveId',
      '/settings/hours/collective-leaves/21',
    );
    expect(await screen.findByTestId('collective-booked')).toHaveTextContent('Geboekt voor 12 personen, samen 76:00 uur.');
    expect(screen.getByRole('textbox', { name: /^Naam/ })).toHaveValue('Bouwvak');
    expect(screen.getByText('Piet Bakker')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bouwvak verwijderen?' });
    expect(within(confirm).getByText('Het geboekte verlof van 12 personen wordt teruggedraaid.')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/collective-leaves/21', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/collective-leaves/21', 'DELETE')[0]?.query.get('version')).toBe('1');
    await waitFor(() => expect(router?.state.location.pathname).toBe('/settings/hours/collective-leaves'));
  });
});
