import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { project } from '../../projects/project-fixtures';
import { bookedHour, hoursList, projectHours, projectOptions, signInEmployee } from '../hours-fixtures';
import { ProjectHoursPage } from './ProjectHoursPage';
import { ProjectsHoursPage } from './ProjectsHoursPage';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const rows = [
  bookedHour(),
  bookedHour({
    id: 102,
    employee: { id: 6, name: 'Piet Jansen' },
    date: '2026-11-20',
    area: null,
    task: { id: 77, title: 'Wandkast monteren' },
    minutes: 90,
    activity: 'travel',
    notes: '',
  }),
];

function openList(url = '/projects/hours', empty = false) {
  const f = mockFetch((req) => {
    if (req.path === '/api/hours') return json(200, empty ? hoursList([], 0) : hoursList(rows, 570));
    if (req.path === '/api/hours/projects') return json(200, { data: projectOptions });
    if (req.path === '/api/employees/options') {
      return json(200, {
        data: [
          { id: 5, name: 'Jan de Vries' },
          { id: 6, name: 'Piet Jansen' },
        ],
      });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: ['hours.manage'] });
  const view = renderWithProviders(<ProjectsHoursPage />, { path: '/projects/hours', url, queryClient });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

describe('ProjectsHoursPage', () => {
  it("lists this month's bookings with the total of all matching rows", async () => {
    const { f } = openList();
    expect(await screen.findByText('Totaal 9:30 (2 regels)')).toBeInTheDocument();
    const q = f.to('/api/hours')[0]?.query;
    expect(q?.get('from')).toBe('2026-11-01');
    expect(q?.get('to')).toBe('2026-11-30');
    expect(q?.get('sort')).toBe('-date');
    const link = screen.getAllByRole('link', { name: 'Piet Jansen' })[0];
    expect(link).toHaveAttribute('href', '/users/6/booked-hours?week=2026-W47');
    expect(screen.getAllByText('Wandkast monteren').length).toBeGreaterThan(0);
    expect(screen.getAllByText('1:30').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Reistijd').length).toBeGreaterThan(0);
    expect(screen.getByRole('radio', { name: 'Deze maand' })).toBeChecked();
  });

  it('keeps the period preset and the filters in the address', async () => {
    const { user, f, search } = openList();
    await screen.findByText('Totaal 9:30 (2 regels)');
    await user.click(screen.getByRole('radio', { name: 'Vorige maand' }));
    await waitFor(() => expect(search().get('from')).toBe('2026-10-01'));
    expect(search().get('to')).toBe('2026-10-31');
    await waitFor(() => expect(f.to('/api/hours').at(-1)?.query.get('to')).toBe('2026-10-31'));

    await user.click(screen.getByRole('combobox', { name: 'Activiteit' }));
    await user.click(await screen.findByRole('option', { name: 'Reistijd' }));
    await waitFor(() => expect(search().get('activity')).toBe('travel'));

    await user.click(screen.getByRole('combobox', { name: 'Medewerker' }));
    await user.click(await screen.findByRole('option', { name: 'Piet Jansen' }));
    await waitFor(() => expect(search().get('employeeId')).toBe('6'));
    await waitFor(() => {
      const q = f.to('/api/hours').at(-1)?.query;
      expect(q?.get('employeeId')).toBe('6');
      expect(q?.get('activity')).toBe('travel');
      expect(q?.get('from')).toBe('2026-10-01');
    });
  });

  it('reads the filters from the address', async () => {
    const { f } = openList('/projects/hours?from=2026-11-23&to=2026-11-29&projectId=3');
    await screen.findByText('Totaal 9:30 (2 regels)');
    const q = f.to('/api/hours')[0]?.query;
    expect(q?.get('projectId')).toBe('3');
    expect(q?.get('from')).toBe('2026-11-23');
    expect(screen.getByRole('radio', { name: 'Deze week' })).toBeChecked();
  });

  it('says when nothing matches the filters', async () => {
    openList('/projects/hours?activity=travel', true);
    expect(await screen.findByText('Geen uren gevonden')).toBeInTheDocument();
    expect(screen.getByText(/Geen uren die aan deze filters voldoen/)).toBeInTheDocument();
  });
});

describe('ProjectHoursPage', () => {
  function openProject(url = '/projects/3/hours', data = projectHours()) {
    const f = mockFetch((req) => {
      if (req.path === '/api/projects/3') return json(200, { data: project() });
      if (req.path === '/api/projects/3/hours') {
        const weeks = data.weeks.length
          ? [req.query.get('from') ?? '', ...data.weeks.slice(1, -1), req.query.get('to') ?? '']
          : [];
        return json(200, { data: { ...data, weeks } });
      }
      return undefined;
    });
    const queryClient = createTestQueryClient();
    signInEmployee(queryClient, { permissions: ['hours.manage'] });
    const view = renderWithProviders(<ProjectHoursPage />, { path: '/projects/:projectId/hours', url, queryClient });
    const search = () => new URLSearchParams(view.router?.state.location.search);
    return { ...view, f, search };
  }

  it('shows the person x week matrix of the last 8 weeks with the totals', async () => {
    const { f } = openProject();
    const table = await screen.findByRole('table', { name: 'Geboekte uren per medewerker per week' });
    expect(f.to('/api/projects/3/hours')[0]?.query.get('from')).toBe('2026-W41');
    expect(f.to('/api/projects/3/hours')[0]?.query.get('to')).toBe('2026-W48');
    const piet = within(table).getByRole('row', { name: /Piet Jansen/ });
    expect(piet).toHaveTextContent('2:00');
    expect(piet).toHaveTextContent('10:00');
    expect(piet).toHaveTextContent('12:00');
    expect(within(table).getByTestId('grand-total')).toHaveTextContent('20:00');
    expect(screen.getByRole('link', { name: 'Uren' })).toHaveAttribute('href', '/projects/3/hours');
  });

  it('moves the range of weeks and keeps it in the address', async () => {
    const { user, f, search } = openProject();
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Eerdere weken' }));
    await waitFor(() => expect(search().get('to')).toBe('2026-W40'));
    await waitFor(() => expect(f.to('/api/projects/3/hours').at(-1)?.query.get('from')).toBe('2026-W33'));
  });

  it('says when nobody booked in those weeks', async () => {
    openProject('/projects/3/hours', projectHours({ rows: [], totals: [0, 0], total: 0 }));
    expect(await screen.findByText('Geen uren in deze weken')).toBeInTheDocument();
  });
});
