import type { PlannerEntry } from '@app/shared/planner/planner';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import type { PeopleWeekViewProps } from '../components/PeopleWeekView';
import { plannerEntry, plannerList, plannerOptions } from '../planner-fixtures';
import { PlannerPage } from './PlannerPage';

const notify = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), warning: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../../lib/notify', () => ({ notify }));

// The people-by-week grid is its own component with its own tests: here a stand-in that shows
// what it is given and drags the entry to Sanne, a week later.
vi.mock('../components/PeopleWeekView', () => ({
  PeopleWeekView: (p: PeopleWeekViewProps) => (
    <div data-testid="people-view" data-from={p.from} data-weeks={p.weeks}>
      {p.people.map((person) => (
        <p key={person.id}>{person.name}</p>
      ))}
      {p.entries.map((e) => (
        <button
          key={e.id}
          type="button"
          onClick={() =>
            void p.onMove(e, { employeeId: 8, start: '2026-11-30T08:00', end: '2026-11-30T16:30' }).catch(() => undefined)
          }
        >
          {`${e.employee.name} ${e.start}`}
        </button>
      ))}
    </div>
  ),
}));

interface Setup {
  url?: string;
  list?: () => Response;
  patch?: () => Response | Promise<Response>;
}

function open(o: Setup = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/planner' && req.method === 'GET') return o.list ? o.list() : json(200, { data: plannerList() });
    if (req.path === '/api/planner/options') return json(200, { data: plannerOptions() });
    if (req.path === '/api/planner/41' && req.method === 'PATCH') {
      return o.patch ? o.patch() : json(200, { data: plannerEntry({ version: 3 }) });
    }
    if (req.path === '/api/planner' && req.method === 'POST') return json(201, { data: plannerEntry({ id: 42 }) });
    return undefined;
  });
  const view = renderWithProviders(<PlannerPage />, { path: '/planner', url: o.url ?? '/planner?date=2026-11-24' });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

beforeEach(() => {
  setXsrfCookie('tok');
  notify.error.mockClear();
  notify.success.mockClear();
});

describe('PlannerPage', () => {
  it("shows the week's entries in their project's colour, person · project, with the legend and week number", async () => {
    const { f } = open();
    const event = await screen.findByText('Daan de Vries · Nordic Star');
    expect(f.to('/api/planner')[0]?.query.toString()).toBe('from=2026-11-23&to=2026-11-30');
    expect(screen.getByTestId('planner-period')).toHaveTextContent('Week 48 · 23-11 t/m 29-11-2026');
    const harness = event.closest('.fc-event');
    expect(harness).toHaveStyle({ backgroundColor: '#1c5d99' });
    expect(screen.getByRole('list', { name: 'Kleuren per project' })).toHaveTextContent('Nordic Star');
    expect(screen.getByText('Wk 48')).toBeInTheDocument();
    expect(screen.getByText('08:00 - 16:30')).toBeInTheDocument();
  });

  it('keeps the view, the day and the filters in the URL and asks for that window', async () => {
    const { f, search, user } = open({ url: '/planner?date=2026-11-24&employees=7&projects=3,4' });
    // Filtered to one person: titles are the project alone.
    await screen.findByText('Nordic Star', { selector: '.fc-event *' });
    expect(f.to('/api/planner')[0]?.query.toString()).toBe('from=2026-11-23&to=2026-11-30&employees=7&projects=3%2C4');

    await user.click(screen.getByRole('radio', { name: 'Maand' }));
    await waitFor(() => expect(search().get('view')).toBe('month'));
    await waitFor(() =>
      expect(f.to('/api/planner').some((r) => r.query.get('from') === '2026-10-26' && r.query.get('to') === '2026-12-07')).toBe(
        true,
      ),
    );
    expect(screen.getByTestId('planner-period')).toHaveTextContent('November 2026');

    await user.click(screen.getByRole('button', { name: 'Volgende maand' }));
    await waitFor(() => expect(search().get('date')).toBe('2026-12-01'));
    await user.click(screen.getByRole('button', { name: 'Vandaag' }));
    await waitFor(() => expect(search().get('date')).toBeNull());

    // A second person in the filter.
    await user.click(screen.getByRole('combobox', { name: 'Mensen' }));
    await user.click(await screen.findByRole('option', { name: 'Sanne Jansen' }));
    await waitFor(() => expect(search().get('employees')).toBe('7,8'));
    expect(search().get('projects')).toBe('3,4');
  });

  it('opens a new entry from the button, for the day shown, all day, for the one person filtered on', async () => {
    const { user } = open({ url: '/planner?date=2026-11-25&employees=8' });
    await screen.findByText('Nordic Star', { selector: '.fc-event *' });
    await user.click(screen.getByRole('button', { name: 'Nieuwe planning' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe planning' });
    expect(within(dialog).getByRole('combobox', { name: 'Medewerker' })).toHaveValue('Sanne Jansen');
    expect(within(dialog).getByRole('switch', { name: 'Hele dag' })).toBeChecked();
    expect(within(dialog).getByLabelText(/Eerste dag/)).toHaveValue('2026-11-25');
    expect(within(dialog).getByLabelText(/Laatste dag/)).toHaveValue('2026-11-25');
    // Archived projects are not offered for a new entry.
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    expect(await screen.findByRole('option', { name: 'Dunes Resort' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Oud project/ })).toBeNull();
  });

  it('opens an entry when it is clicked, with its person, project and times', async () => {
    const { user } = open();
    await user.click(await screen.findByText('Daan de Vries · Nordic Star'));
    const dialog = await screen.findByRole('dialog', { name: 'Planning bewerken' });
    expect(within(dialog).getByRole('combobox', { name: 'Medewerker' })).toHaveValue('Daan de Vries');
    expect(within(dialog).getByRole('combobox', { name: 'Project' })).toHaveValue('Nordic Star');
    expect(within(dialog).getByRole('switch', { name: 'Hele dag' })).not.toBeChecked();
    expect(within(dialog).getByLabelText(/Begintijd/)).toHaveValue('08:00');
    expect(within(dialog).getByLabelText(/Eindtijd/)).toHaveValue('16:30');
    expect(within(dialog).getByRole('button', { name: 'Verwijderen' })).toBeEnabled();
  });

  it('shows a move in the people view at once, and puts it back with a toast when someone else changed it first', async () => {
    let answer: (r: Response) => void = () => {};
    const { f, user } = open({
      url: '/planner?view=people&date=2026-11-24',
      patch: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const people = await screen.findByTestId('people-view');
    expect(people).toHaveAttribute('data-from', '2026-W48');
    expect(people).toHaveAttribute('data-weeks', '8');
    expect(f.to('/api/planner')[0]?.query.toString()).toBe('from=2026-11-23&to=2027-01-18');
    expect(within(people).getByText('Sanne Jansen')).toBeInTheDocument();

    await user.click(within(people).getByRole('button', { name: 'Daan de Vries 2026-11-24T08:00' }));
    await waitFor(() => expect(f.to('/api/planner/41', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/planner/41', 'PATCH')[0]?.body).toEqual({
      employeeId: 8,
      start: '2026-11-30T08:00',
      end: '2026-11-30T16:30',
      version: 2,
    });
    // Shown moved while the server answers…
    expect(await within(people).findByRole('button', { name: 'Sanne Jansen 2026-11-30T08:00' })).toBeInTheDocument();
    answer(apiError(409, 'STALE_VERSION'));
    // …and back where it was when the server refuses.
    expect(await within(people).findByRole('button', { name: 'Daan de Vries 2026-11-24T08:00' })).toBeInTheDocument();
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(notify.error.mock.calls[0]?.[0]).toBe(
      'Iemand anders heeft de planning van Daan de Vries op Nordic Star intussen gewijzigd. De agenda toont nu de nieuwste stand; probeer het opnieuw.',
    );
  });

  it('offers nothing new to someone who may only look, and says when nothing is planned', async () => {
    open({
      list: () =>
        json(200, { data: plannerList({ entries: [], abilities: { canCreate: false, reasons: { canCreate: 'FORBIDDEN' } } }) }),
    });
    expect(await screen.findByText('Niets gepland in deze periode.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Nieuwe planning' })).toBeNull();
  });

  it('says when the planner could not be loaded, and tries again', async () => {
    let fail = true;
    const entries: PlannerEntry[] = [plannerEntry()];
    const { user } = open({ list: () => (fail ? apiError(500, 'INTERNAL') : json(200, { data: plannerList({ entries }) })) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Er ging iets mis');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByText('Daan de Vries · Nordic Star')).toBeInTheDocument();
  });
});
