import type { PlannerEntry, PlannerList } from '@app/shared/planner/planner';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { plannerKeys } from '../api';
import { plannerAvailability, plannerEntry, plannerList, plannerOptions } from '../planner-fixtures';
import { PlannerPage } from './PlannerPage';

const notify = mockNotify();

interface Setup {
  url?: string;
  list?: () => Response;
  availability?: () => Response;
  patch?: () => Response | Promise<Response>;
}

function open(o: Setup = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/planner' && req.method === 'GET') return o.list ? o.list() : json(200, { data: plannerList() });
    if (req.path === '/api/planner/options') return json(200, { data: plannerOptions() });
    if (req.path === '/api/planner/availability') {
      return o.availability ? o.availability() : json(200, { data: plannerAvailability() });
    }
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

afterEach(() => vi.useRealTimers());

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
    expect(within(dialog).getByLabelText(/Eerste dag/)).toHaveValue('25-11-2026');
    expect(within(dialog).getByLabelText(/Laatste dag/)).toHaveValue('25-11-2026');
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
    const { f, user, queryClient } = open({
      url: '/planner?view=people&date=2026-11-24',
      patch: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    // The real people view (components/PeopleWeekView on the week grid): eight weeks from week 48.
    const people = await screen.findByRole('region', { name: 'Planning per persoon en week' });
    const weeks = within(people).getAllByTestId(/^week-\d{4}-W\d{2}$/);
    expect(weeks.map((w) => w.dataset.testid)).toEqual([
      'week-2026-W48',
      'week-2026-W49',
      'week-2026-W50',
      'week-2026-W51',
      'week-2026-W52',
      'week-2026-W53',
      'week-2027-W01',
      'week-2027-W02',
    ]);
    expect(f.to('/api/planner')[0]?.query.toString()).toBe('from=2026-11-23&to=2027-01-18');
    expect(within(people).getByText('Sanne Jansen')).toBeInTheDocument();

    // To Sanne (↓), a week later (→), from the keyboard: sent once the keys rest.
    const daan = () => within(screen.getByTestId('row-person:7'));
    const sanne = () => within(screen.getByTestId('row-person:8'));
    const bar = daan().getByRole('button', { name: /^di · Nordic Star: Daan de Vries, di 24-11-2026 08:00/ });
    bar.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(sanne().getByRole('button', { name: /Nordic Star: Sanne Jansen/ })).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(f.to('/api/planner/41', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/planner/41', 'PATCH')[0]?.body).toEqual({
      employeeId: 8,
      start: '2026-12-01T08:00',
      end: '2026-12-01T16:30',
      version: 2,
    });
    // Shown moved while the server answers: in the grid, and by the page itself (the entries it
    // gives every view: each cached window holds the moved entry, not only the grid's draft)…
    expect(sanne().getByRole('button', { name: /^di · Nordic Star: Sanne Jansen, di 01-12-2026 08:00/ })).toBeInTheDocument();
    expect(daan().queryByRole('button', { name: /Nordic Star/ })).toBeNull();
    const cached = () => queryClient.getQueriesData<PlannerList>({ queryKey: plannerKeys.lists }).map(([, l]) => l?.entries[0]);
    expect(cached()).toEqual([expect.objectContaining({ employee: { id: 8, name: 'Sanne Jansen' }, start: '2026-12-01T08:00' })]);
    answer(apiError(409, 'STALE_VERSION'));
    // …and back where it was when the server refuses.
    expect(
      await daan().findByRole('button', { name: /^di · Nordic Star: Daan de Vries, di 24-11-2026 08:00/ }),
    ).toBeInTheDocument();
    expect(sanne().queryByRole('button', { name: /Nordic Star/ })).toBeNull();
    expect(cached()).toEqual([
      expect.objectContaining({ employee: { id: 7, name: 'Daan de Vries' }, start: '2026-11-24T08:00' }),
    ]);
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

  it('shows who is away and scheduled per day, pending leave in words, and planned against available hours for the week', async () => {
    const { f } = open();
    const strip = await screen.findByRole('table', { name: 'Beschikbaarheid per medewerker en dag' });
    expect(f.to('/api/planner/availability')[0]?.query.toString()).toBe('from=2026-11-23&to=2026-11-30');
    const daan = within(within(strip).getByTestId('availability-7'));
    expect(daan.getByText('VAK · Vakantie')).toBeInTheDocument();
    expect(daan.getByText('8:30 gepland')).toBeInTheDocument();
    // Four days available (Friday on leave), 8.5 hours planned: under-planned, in words.
    expect(daan.getByText('8:30 / 32:00 · 23:30 te weinig')).toBeInTheDocument();
    const sanne = within(within(strip).getByTestId('availability-8'));
    expect(sanne.getByText('VAK · Vakantie (aangevraagd)')).toHaveAttribute('data-tone', 'pending');
    expect(sanne.getAllByText('Vrij (rooster)')).toHaveLength(3); // Friday to Sunday
    // On the calendar too: the leave as a read-only all-day event with its person.
    expect(screen.getByText('VAK · Vakantie · Daan de Vries')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Legenda beschikbaarheid' })).toHaveTextContent('Verlof aangevraagd');
  });

  it("shows each person's scheduled hours per week under the month, even and odd weeks apart", async () => {
    const [daan, sanne] = plannerAvailability().people;
    if (!daan || !sanne) throw new Error('fixture');
    const day = (weekday: number) => ({ weekday, start: '08:00', end: '16:30', breakMinutes: 30 });
    // Sanne works four days in even weeks and three in odd ones.
    const alternating = {
      ...sanne,
      schedules: [{ effectiveFrom: '2026-01-05', days: { even: [1, 2, 3, 4].map(day), odd: [1, 2, 3].map(day) } }],
    };
    const { f } = open({
      url: '/planner?view=month&date=2026-11-24',
      availability: () =>
        json(200, { data: plannerAvailability({ from: '2026-10-26', to: '2026-12-07', people: [daan, alternating] }) }),
    });
    const table = await screen.findByRole('table', { name: 'Geplande uren tegen beschikbare uren per medewerker en week' });
    expect(f.to('/api/planner/availability')[0]?.query.toString()).toBe('from=2026-10-26&to=2026-12-07');
    // The month grid's six weeks, 44 to 49.
    expect(
      within(table)
        .getAllByRole('columnheader')
        .slice(1)
        .map((h) => h.textContent),
    ).toEqual(['Week 44', 'Week 45', 'Week 46', 'Week 47', 'Week 48', 'Week 49']);
    const cell = (person: number, monday: string) => {
      const td = within(table).getByTestId(`week-totals-${person}`).querySelector(`td[data-week="${monday}"]`);
      if (!(td instanceof HTMLElement)) throw new Error(`no cell ${person} ${monday}`);
      return td;
    };
    // Daan: a full week scheduled, Friday on leave, 8.5 hours planned.
    expect(cell(7, '2026-11-23')).toHaveTextContent('Rooster 40:00');
    expect(cell(7, '2026-11-23')).toHaveTextContent('8:30 / 32:00 · 23:30 te weinig');
    // Sanne: 32 hours in even week 48, 24 in odd week 47.
    expect(cell(8, '2026-11-23')).toHaveTextContent('Rooster 32:00');
    expect(cell(8, '2026-11-16')).toHaveTextContent('Rooster 24:00');
  });

  it('asks before a move that conflicts, names the reason, and sends it again with confirm when the planner agrees', async () => {
    let calls = 0;
    const { f, user } = open({
      url: '/planner?view=people&date=2026-11-24',
      patch: () =>
        ++calls === 1
          ? json(409, {
              code: 'PLANNER_CONFLICT',
              message: 'x',
              requestId: 'r',
              details: { reasons: [{ code: 'sick', from: '2026-12-01', till: '2026-12-01' }] },
            })
          : json(200, { data: plannerEntry({ version: 3, start: '2026-12-01T08:00', end: '2026-12-01T16:30' }) }),
    });
    const bar = await within(await screen.findByTestId('row-person:7')).findByRole('button', {
      name: /^di · Nordic Star: Daan de Vries, di 24-11-2026 08:00/,
    });
    bar.focus();
    await user.keyboard('{ArrowRight}');
    const ask = await screen.findByRole('dialog', { name: 'Toch inplannen?' });
    expect(ask).toHaveTextContent('Daan de Vries is dan niet vrij:');
    expect(ask).toHaveTextContent('Ziek op di 01-12-2026');
    await user.click(within(ask).getByRole('button', { name: 'Toch inplannen' }));
    await waitFor(() => expect(f.to('/api/planner/41', 'PATCH')).toHaveLength(2));
    expect(f.to('/api/planner/41', 'PATCH')[1]?.body).toEqual({
      start: '2026-12-01T08:00',
      end: '2026-12-01T16:30',
      version: 2,
      confirm: true,
    });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('lists who is free in a period by function, with their free hours, and plans one from there', async () => {
    // This week by default: the week of Tuesday 24 November 2026.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
    const { user, f } = open({ url: '/planner?date=2026-11-24' });
    await screen.findByText('Daan de Vries · Nordic Star');
    await user.click(screen.getByRole('button', { name: 'Wie is vrij?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wie is vrij?' });
    const list = await within(dialog).findByRole('list', { name: 'Vrije medewerkers' });
    // The test clock's week: Sanne 4 x 8 h minus a day of pending leave; Daan 4 days minus 8 h planned.
    expect(within(list).getByTestId('free-8')).toHaveTextContent('Monteur · 24:00 vrij');
    expect(within(list).getByTestId('free-7')).toHaveTextContent('Projectleider · 24:00 vrij');
    await user.click(within(dialog).getByRole('combobox', { name: 'Functie' }));
    await user.click(await screen.findByRole('option', { name: 'Monteur' }));
    await waitFor(() => expect(f.to('/api/planner/availability').some((r) => r.query.get('function') === 'Monteur')).toBe(true));
    const filtered = await within(dialog).findByRole('list', { name: 'Vrije medewerkers' });
    await user.click(within(filtered).getByRole('button', { name: 'Sanne Jansen inplannen' }));
    const form = await screen.findByRole('dialog', { name: 'Nieuwe planning' });
    expect(within(form).getByRole('combobox', { name: 'Medewerker' })).toHaveValue('Sanne Jansen');
    expect(within(form).getByRole('switch', { name: 'Hele dag' })).toBeChecked();
  });
});
