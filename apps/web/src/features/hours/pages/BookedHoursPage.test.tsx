import type { HoursWeek } from '@app/shared/hours/hours';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { bookedHour, hoursWeek, projectOptions, projectTargets, signInEmployee, timesheet } from '../hours-fixtures';
import { MyHoursPage, UserBookedHoursPage } from './BookedHoursPage';

const notify = mockNotify();

beforeEach(() => {
  setXsrfCookie('tok');
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

interface Options {
  week?: () => HoursWeek;
  onCreate?: () => Response;
  url?: string;
  page?: 'mine' | 'user';
  permissions?: string[];
}

function open(o: Options = {}) {
  let week = o.week ?? (() => hoursWeek());
  const f = mockFetch((req) => {
    if (req.path === '/api/hours/week') return json(200, { data: { ...week(), week: req.query.get('week') } });
    if (req.path === '/api/hours/projects') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      return json(200, { data: projectOptions.filter((p) => p.name.toLowerCase().includes(q)) });
    }
    if (req.path === '/api/hours/projects/3/targets') return json(200, { data: projectTargets });
    if (req.path === '/api/hours' && req.method === 'POST') {
      if (o.onCreate) return o.onCreate();
      const created = bookedHour({ id: 102, date: '2026-11-24', minutes: 450, area: null, notes: '' });
      week = () => hoursWeek({}, [bookedHour(), created]);
      return json(201, { data: created });
    }
    if (req.path === '/api/hours/101' && req.method === 'PUT') {
      return json(200, { data: bookedHour({ minutes: 420, version: 3 }) });
    }
    if (req.path === '/api/hours/101' && req.method === 'DELETE') {
      week = () => hoursWeek({}, []);
      return noContent();
    }
    if (req.path === '/api/notifications') return json(200, { data: [] });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: o.permissions ?? [] });
  const view =
    o.page === 'user'
      ? renderWithProviders(<UserBookedHoursPage />, {
          path: '/users/:userId/booked-hours',
          url: o.url ?? '/users/9/booked-hours',
          queryClient,
        })
      : renderWithProviders(<MyHoursPage />, { path: '/hours', url: o.url ?? '/hours', queryClient });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

describe('MyHoursPage', () => {
  it('shows a week sent back with the comment and a call to correct it, still open to booking', async () => {
    open({
      week: () =>
        hoursWeek({
          timesheet: timesheet({
            state: 'returned',
            comment: 'Dinsdag was 7,5 uur',
            decidedBy: 'Daan Visser',
            decidedAt: '2026-11-23T10:00:00.000Z',
            version: 1,
          }),
        }),
    });
    const state = await screen.findByTestId('week-state');
    expect(state).toHaveTextContent('Week teruggestuurd: pas je uren aan');
    expect(state).toHaveTextContent('Daan Visser stuurde deze week terug op 23-11-2026');
    expect(screen.getByTestId('week-comment')).toHaveTextContent('“Dinsdag was 7,5 uur”');
    expect(screen.getAllByRole('button', { name: /^Uren boeken op/ }).length).toBeGreaterThan(0);
  });

  it('shows an approved week as fixed, with who approved it and when, and no buttons', async () => {
    const approvedEntry = bookedHour({
      abilities: {
        canEdit: false,
        canDelete: false,
        reasons: { canEdit: 'HOURS_WEEK_APPROVED', canDelete: 'HOURS_WEEK_APPROVED' },
      },
    });
    open({
      week: () =>
        hoursWeek(
          {
            canBook: false,
            cannotBookReason: 'HOURS_WEEK_APPROVED',
            timesheet: timesheet({
              state: 'approved',
              decidedBy: 'Daan Visser',
              decidedAt: '2026-11-23T10:00:00.000Z',
              version: 1,
            }),
          },
          [approvedEntry],
        ),
    });
    const state = await screen.findByTestId('week-state');
    expect(state).toHaveTextContent('Week goedgekeurd');
    expect(state).toHaveTextContent('Goedgekeurd door Daan Visser op 23-11-2026');
    expect(screen.queryByRole('button', { name: /^Uren boeken op/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /wijzigen$/ })).not.toBeInTheDocument();
    // The approval says it all: no second notice that booking is not possible.
    expect(screen.queryByText('Je kunt in deze week geen uren boeken')).not.toBeInTheDocument();
  });

  it("shows this week's days with the schedule, the booked entries and the totals against the schedule", async () => {
    const { f } = open();
    const monday = await screen.findByTestId('day-2026-11-23');
    expect(f.to('/api/hours/week')[0]?.query.get('week')).toBe('2026-W48');
    expect(f.to('/api/hours/week')[0]?.query.has('employeeId')).toBe(false);
    expect(screen.getByRole('heading', { name: 'Week 48' })).toBeInTheDocument();
    expect(screen.getByText('even week')).toBeInTheDocument();
    expect(screen.getByText('23-11-2026 t/m 29-11-2026')).toBeInTheDocument();
    expect(within(monday).getByText('Rooster 8:00 · geboekt 8:00')).toBeInTheDocument();
    expect(within(monday).getByText('MS Noordam refit 2027')).toBeInTheDocument();
    expect(within(monday).getByText('Dek 5 · Hut 5001')).toBeInTheDocument();
    expect(within(monday).getByText('Montage')).toBeInTheDocument();
    expect(within(monday).getByText('Wandkasten geplaatst')).toBeInTheDocument();
    expect(screen.getByTestId('total-scheduled')).toHaveTextContent('40:00');
    expect(screen.getByTestId('total-booked')).toHaveTextContent('8:00');
    expect(screen.getByTestId('total-difference')).toHaveTextContent('-32:00');
    expect(within(screen.getByTestId('day-2026-11-24')).getByText('Vandaag')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Uren boeken op/ })).toHaveLength(7);
  });

  it('switches weeks through the address', async () => {
    const { user, f, search } = open();
    await screen.findByTestId('day-2026-11-23');
    await user.click(screen.getByRole('button', { name: 'Volgende week' }));
    await waitFor(() => expect(search().get('week')).toBe('2026-W49'));
    await waitFor(() => expect(f.to('/api/hours/week').at(-1)?.query.get('week')).toBe('2026-W49'));
    await user.click(screen.getByRole('button', { name: 'Deze week' }));
    await waitFor(() => expect(search().has('week')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Vorige week' }));
    await waitFor(() => expect(search().get('week')).toBe('2026-W47'));
  });

  it('books hours on a day: project searched, activity, 7,5 as 7:30, then a toast and the week again', async () => {
    const { user, f } = open();
    const tuesday = await screen.findByTestId('day-2026-11-24');
    await user.click(within(tuesday).getByRole('button', { name: /^Uren boeken op/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('dinsdag 24 november 2026')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('combobox', { name: /^Project/ }), 'noord');
    await waitFor(() => expect(f.to('/api/hours/projects').map((r) => r.query.get('q'))).toContain('noord'));
    await user.click(await screen.findByRole('option', { name: 'MS Noordam refit 2027' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Activiteit/ }));
    await user.click(await screen.findByRole('option', { name: 'Montage' }));
    const duration = within(dialog).getByRole('textbox', { name: /^Tijd/ });
    await user.type(duration, '7,5');
    expect(within(dialog).getByText('Dat is 7:30 uur')).toBeInTheDocument();
    // Enter submits the form.
    await user.type(duration, '{Enter}');

    await waitFor(() => expect(f.to('/api/hours', 'POST')).toHaveLength(1));
    expect(f.to('/api/hours', 'POST')[0]?.body).toEqual({
      date: '2026-11-24',
      projectId: 3,
      areaId: null,
      taskId: null,
      minutes: 450,
      activity: 'installation',
      notes: '',
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('7:30 geboekt op MS Noordam refit 2027.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('total-booked')).toHaveTextContent('15:30'));
  });

  it('sends the optional start time and shows it on the row of the week', async () => {
    const { user, f } = open({
      onCreate: () =>
        json(201, { data: bookedHour({ id: 103, date: '2026-11-24', startTime: '18:30', minutes: 120, notes: '' }) }),
    });
    const tuesday = await screen.findByTestId('day-2026-11-24');
    await user.click(within(tuesday).getByRole('button', { name: /^Uren boeken op/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MS Noordam refit 2027' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Activiteit/ }));
    await user.click(await screen.findByRole('option', { name: 'Montage' }));
    fireEvent.change(within(dialog).getByLabelText(/^Begintijd/), { target: { value: '18:30' } });
    await user.type(within(dialog).getByRole('textbox', { name: /^Tijd/ }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Uren boeken' }));
    await waitFor(() => expect(f.to('/api/hours', 'POST')).toHaveLength(1));
    expect(f.to('/api/hours', 'POST')[0]?.body).toMatchObject({ date: '2026-11-24', startTime: '18:30', minutes: 120 });
  });

  it('shows the start time of an entry that has one', async () => {
    open({ week: () => hoursWeek({}, [bookedHour({ startTime: '06:15' })]) });
    const monday = await screen.findByTestId('day-2026-11-23');
    expect(within(monday).getByTestId('entry-101-start')).toHaveTextContent('vanaf 06:15');
  });

  it('says what is missing and refuses a time it cannot read, sending nothing', async () => {
    const { user, f } = open();
    const tuesday = await screen.findByTestId('day-2026-11-24');
    await user.click(within(tuesday).getByRole('button', { name: /^Uren boeken op/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Uren boeken' }));
    expect(await within(dialog).findAllByText('Dit veld is verplicht.')).toHaveLength(3);
    await user.type(within(dialog).getByRole('textbox', { name: /^Tijd/ }), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Uren boeken' }));
    expect(await within(dialog).findByText(/Vul de tijd in als uren en minuten/)).toBeInTheDocument();
    expect(f.to('/api/hours', 'POST')).toHaveLength(0);
  });

  it('books on an area of the project and shows a day that would pass 24 hours', async () => {
    const { user, f } = open({ onCreate: () => apiError(409, 'HOURS_DAY_FULL') });
    const monday = await screen.findByTestId('day-2026-11-23');
    await user.click(within(monday).getByRole('button', { name: /^Uren boeken op/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MS Noordam refit 2027' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Onderdeel of taak/ }));
    await user.click(await screen.findByRole('option', { name: 'Wandkast monteren' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Activiteit/ }));
    await user.click(await screen.findByRole('option', { name: 'Werkplaats' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Tijd/ }), '17:00');
    await user.type(within(dialog).getByRole('textbox', { name: 'Opmerkingen' }), ' Lakwerk ');
    await user.click(within(dialog).getByRole('button', { name: 'Uren boeken' }));
    await waitFor(() => expect(f.to('/api/hours', 'POST')).toHaveLength(1));
    expect(f.to('/api/hours', 'POST')[0]?.body).toMatchObject({
      date: '2026-11-23',
      taskId: 77,
      areaId: null,
      minutes: 1020,
      activity: 'workshop',
      notes: 'Lakwerk',
    });
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Met deze uren komt de dag boven de 24 uur.', expect.anything()),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('changes an entry with its version', async () => {
    const { user, f } = open();
    await screen.findByTestId('day-2026-11-23');
    await user.click(screen.getByRole('button', { name: 'MS Noordam refit 2027 8:00 wijzigen' }));
    const dialog = await screen.findByRole('dialog');
    const duration = within(dialog).getByRole('textbox', { name: /^Tijd/ });
    expect(duration).toHaveValue('8:00');
    await user.clear(duration);
    await user.type(duration, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/hours/101', 'PUT')).toHaveLength(1));
    expect(f.to('/api/hours/101', 'PUT')[0]?.body).toEqual({
      date: '2026-11-23',
      projectId: 3,
      areaId: 31,
      taskId: null,
      minutes: 420,
      activity: 'installation',
      notes: 'Wandkasten geplaatst',
      version: 2,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('De uren zijn opgeslagen (7:00 op MS Noordam refit 2027).'));
  });

  it('deletes an entry only after confirming', async () => {
    const { user, f } = open();
    await screen.findByTestId('day-2026-11-23');
    await user.click(screen.getByRole('button', { name: 'MS Noordam refit 2027 8:00 verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Uren verwijderen?' });
    expect(within(confirm).getByText(/8:00 op MS Noordam refit 2027 van 23-11-2026/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Annuleren' }));
    expect(f.to('/api/hours/101', 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'MS Noordam refit 2027 8:00 verwijderen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Uren verwijderen?' })).getByRole('button', { name: 'Verwijderen' }),
    );
    await waitFor(() => expect(f.to('/api/hours/101', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/hours/101', 'DELETE')[0]?.query.get('version')).toBe('2');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('8:00 op MS Noordam refit 2027 is verwijderd.'));
    await waitFor(() => expect(screen.getByTestId('total-booked')).toHaveTextContent('0:00'));
  });

  it('shows locked days with a lock and the reason, without buttons', async () => {
    open({
      week: () =>
        hoursWeek({ lockedThrough: '2026-11-24' }, [
          bookedHour({
            locked: true,
            abilities: {
              canEdit: false,
              canDelete: false,
              reasons: { canEdit: 'HOURS_PERIOD_LOCKED', canDelete: 'HOURS_PERIOD_LOCKED' },
            },
          }),
        ]),
    });
    const monday = await screen.findByTestId('day-2026-11-23');
    expect(screen.getByText(/Uren tot en met 24-11-2026 zijn afgesloten/)).toBeInTheDocument();
    expect(within(monday).getByLabelText('Afgesloten')).toBeInTheDocument();
    expect(within(monday).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('day-2026-11-24')).queryByRole('button')).toBeNull();
    expect(within(screen.getByTestId('day-2026-11-25')).getByRole('button', { name: /^Uren boeken op/ })).toBeInTheDocument();
  });

  it('says why booking is off when self-service does not allow it', async () => {
    open({
      week: () =>
        hoursWeek({ canBook: false, cannotBookReason: 'SELF_SERVICE_OFF' }, [
          bookedHour({
            abilities: {
              canEdit: false,
              canDelete: false,
              reasons: { canEdit: 'SELF_SERVICE_OFF', canDelete: 'SELF_SERVICE_OFF' },
            },
          }),
        ]),
    });
    await screen.findByTestId('day-2026-11-23');
    expect(screen.getByText('Je kunt in deze week geen uren boeken')).toBeInTheDocument();
    expect(screen.getByText('Dit staat uit in je mobiele instellingen. Vraag HR om het aan te zetten.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Uren boeken op/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /wijzigen$/ })).toBeNull();
  });

  it('says when the week could not be loaded', async () => {
    mockFetch((req) => (req.path === '/api/hours/week' ? apiError(500, 'INTERNAL') : undefined));
    const queryClient = createTestQueryClient();
    signInEmployee(queryClient);
    renderWithProviders(<MyHoursPage />, { path: '/hours', url: '/hours', queryClient });
    expect(await screen.findByText('Er ging iets mis')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});

describe('UserBookedHoursPage', () => {
  it("asks for that employee's week and books for them", async () => {
    const { user, f } = open({ page: 'user', url: '/users/9/booked-hours?week=2026-W47', permissions: ['hours.manage'] });
    await screen.findByTestId('day-2026-11-23');
    expect(f.to('/api/hours/week')[0]?.query.get('employeeId')).toBe('9');
    expect(f.to('/api/hours/week')[0]?.query.get('week')).toBe('2026-W47');
    expect(screen.getByRole('navigation', { name: 'Onderdelen van de medewerker' })).toBeInTheDocument();
    await user.click(within(screen.getByTestId('day-2026-11-25')).getByRole('button', { name: /^Uren boeken op/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: /^Project/ }));
    await user.click(await screen.findByRole('option', { name: 'Dunes Resort lobby' }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Activiteit/ }));
    await user.click(await screen.findByRole('option', { name: 'Reistijd' }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Tijd/ }), '1:15');
    await user.click(within(dialog).getByRole('button', { name: 'Uren boeken' }));
    await waitFor(() => expect(f.to('/api/hours', 'POST')).toHaveLength(1));
    expect(f.to('/api/hours', 'POST')[0]?.body).toMatchObject({ employeeId: 9, projectId: 4, minutes: 75, activity: 'travel' });
  });
});
