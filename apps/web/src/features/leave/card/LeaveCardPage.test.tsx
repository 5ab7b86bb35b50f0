import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, noContent, type RecordedRequest } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signInEmployee } from '../../hours/hours-fixtures';
import type { LinePage, SickList } from './api';
import { leaveCard, leaveLine, leaveRequest, linePage, sickList, sickPeriod } from './card-fixtures';
import { LeaveCardPage } from './LeaveCardPage';
import { parseSignedDays, parseSignedDuration } from './minutes';

const notify = mockNotify();

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
});
afterEach(() => vi.useRealTimers());

function open(
  o: {
    url?: string;
    card?: ReturnType<typeof leaveCard>;
    lines?: (req: RecordedRequest) => LinePage;
    sick?: () => SickList;
    permissions?: string[];
    handle?: (req: RecordedRequest) => Response | undefined;
  } = {},
) {
  const f = mockFetch((req) => {
    const own = o.handle?.(req);
    if (own) return own;
    if (req.path === '/api/users/5/leave-card') {
      const year = Number(req.query.get('year'));
      return json(200, o.card ? { ...o.card, year } : leaveCard({ year }));
    }
    if (req.path === '/api/users/5/leave-card/lines') return json(200, o.lines ? o.lines(req) : linePage([]));
    if (req.path === '/api/users/5/sick-periods' && req.method === 'GET') return json(200, o.sick ? o.sick() : sickList([]));
    if (req.path === '/api/leave-requests') {
      return json(200, {
        data: [
          leaveRequest(),
          leaveRequest({
            id: 22,
            startsOn: '2026-12-04',
            endsOn: '2026-12-04',
            part: { start: '12:00', end: '16:30' },
            minutes: 270,
            note: '',
          }),
        ],
        meta: { current_page: 1, last_page: 1, per_page: 25, total: 2 },
        pending: 2,
        abilities: { canRequestForOthers: false, canDecide: false },
      });
    }
    if (req.path === '/api/users/5') return apiError(404, 'EMPLOYEE_NOT_FOUND');
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, { permissions: o.permissions ?? ['leave.manage'], employeeId: 1 });
  const view = renderWithProviders(<LeaveCardPage />, {
    path: '/users/:userId/leave-card/:part?',
    url: o.url ?? '/users/5/leave-card',
    queryClient,
  });
  const location = () => view.router?.state.location;
  return { ...view, f, location };
}

const total = (name: string) => screen.getByTestId(`leave-card-total-${name}`);

describe('LeaveCardPage: the overview', () => {
  it('shows every total of the year in h:mm and the formula with the figures', async () => {
    const { f } = open();
    expect(await screen.findByTestId('leave-card-total-balance')).toHaveTextContent('172:30');
    expect(total('previousYear')).toHaveTextContent('16:00');
    expect(total('entitlement')).toHaveTextContent('200:00');
    expect(total('corrections')).toHaveTextContent('8:00');
    expect(total('overtime')).toHaveTextContent('4:30');
    expect(total('taken')).toHaveTextContent('40:00');
    expect(total('planned')).toHaveTextContent('16:00');
    expect(screen.getByText('Saldo = vorig jaar + recht + correcties + overuren − opgenomen − gepland')).toBeInTheDocument();
    expect(screen.getByTestId('leave-card-formula')).toHaveTextContent('172:30 = 16:00 + 200:00 + 8:00 + 4:30 − 40:00 − 16:00');
    expect(screen.getByText(/2 aanvragen \(16:00\) wachten op een besluit/)).toBeInTheDocument();
    expect(screen.getByText(/Verlof van soorten die niet meetellen.*8:00/)).toBeInTheDocument();
    expect(screen.getByText(/1 ziekmelding dit jaar, die nog loopt/)).toBeInTheDocument();
    expect(f.to('/api/users/5/leave-card')[0]?.query.get('year')).toBe('2026');
  });

  it('opens the lines of a total: taken and planned go to the leave page', async () => {
    const { user, location } = open();
    await user.click(await screen.findByRole('link', { name: /^Gepland\s*16:00.*bekijk de regels/ }));
    expect(location()?.pathname).toBe('/users/5/leave-card/leave');
    expect(location()?.search).toBe('?show=planned');
  });

  it('explains the entitlement and the previous year in a drawer: contracts pro rata and the chain of years', async () => {
    const { user } = open({
      card: leaveCard({
        entitlement: 10790,
        entitlementLines: [
          {
            contractId: 3,
            from: '2026-01-01',
            till: '2026-06-30',
            days: 181,
            daysInYear: 365,
            minutesPerWeek: 2400,
            minutes: 5951,
          },
          {
            contractId: 4,
            from: '2026-07-01',
            till: '2026-12-31',
            days: 184,
            daysInYear: 365,
            minutesPerWeek: 1920,
            minutes: 4839,
          },
        ],
      }),
    });
    await user.click(await screen.findByRole('button', { name: /^Recht\s*179:50.*bekijk de regels/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Recht en saldo 2026' });
    const lines = within(drawer).getByTestId('entitlement-lines');
    expect(within(lines).getByText('01-01-2026 – 30-06-2026')).toBeInTheDocument();
    expect(within(lines).getByText('181 van 365')).toBeInTheDocument();
    expect(within(lines).getByText('32:00')).toBeInTheDocument();
    expect(within(lines).getByText('80:39')).toBeInTheDocument();
    const years = within(drawer).getByTestId('leave-years');
    expect(within(years).getByText('2025')).toBeInTheDocument();
    expect(within(years).getAllByText('16:00').length).toBeGreaterThan(0);
  });

  it('goes to another year with the year switcher and keeps it in the address', async () => {
    const { user, f, location } = open();
    await screen.findByTestId('leave-card-total-balance');
    await user.click(screen.getByRole('button', { name: 'Naar 2025' }));
    await waitFor(() => expect(f.to('/api/users/5/leave-card').at(-1)?.query.get('year')).toBe('2025'));
    expect(location()?.search).toBe('?year=2025');
    expect(await screen.findByTestId('leave-card-year')).toHaveTextContent('2025');
    // The sub-pages keep the year.
    expect(screen.getByRole('link', { name: 'Correcties' })).toHaveAttribute('href', '/users/5/leave-card/corrections?year=2025');
  });

  it("says so when the card is out of reach (the server's 404)", async () => {
    open({ handle: (req) => (req.path === '/api/users/5/leave-card' ? apiError(404, 'EMPLOYEE_NOT_FOUND') : undefined) });
    expect(await screen.findByText('Deze medewerker bestaat niet (meer).')).toBeInTheDocument();
  });
});

describe('LeaveCardPage: the sub-pages', () => {
  it('lists the leave taken with types, cancellations as + lines, non-counting leave marked, and the total of the card', async () => {
    const { user, f } = open({
      url: '/users/5/leave-card/leave',
      lines: (req) =>
        req.query.get('bucket') === 'planned'
          ? linePage([leaveLine({ id: 9, date: '2026-12-28', bucket: 'planned', minutes: -960 })])
          : linePage([
              leaveLine(),
              leaveLine({ id: 2, kind: 'cancellation', minutes: 480, date: '2026-08-04', description: '' }),
              leaveLine({
                id: 3,
                date: '2026-09-10',
                counts: false,
                description: 'Verhuizing',
                leaveType: { id: 2, name: 'Bijzonder verlof', code: 'BV', color: '#ae3ec9' },
              }),
            ]),
    });
    expect(await screen.findAllByText('Vakantieverlof (VAK)')).toHaveLength(2);
    expect(screen.getByText('Bijzonder verlof (BV)')).toBeInTheDocument();
    expect(f.to('/api/users/5/leave-card/lines')[0]?.query.get('bucket')).toBe('taken');
    expect(screen.getAllByText('-8:00')).toHaveLength(2);
    expect(screen.getByText('+8:00')).toBeInTheDocument();
    expect(screen.getByText('Ingetrokken')).toBeInTheDocument();
    expect(screen.getByText('telt niet mee')).toBeInTheDocument();
    expect(screen.getByText('Aanvraag #11')).toBeInTheDocument();
    // The sum of the counting lines, as the card shows it: -480 + 480 = 0 taken.
    expect(screen.getByTestId('leave-lines-total')).toHaveTextContent('0:00');
    expect(screen.getByText('3 regels')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Gepland (16:00)' }));
    await waitFor(() => expect(f.to('/api/users/5/leave-card/lines').at(-1)?.query.get('bucket')).toBe('planned'));
    await waitFor(() => expect(screen.getByTestId('leave-lines-total')).toHaveTextContent('16:00'));
  });

  it('greys overtime lines of a rule that does not count and shows the booking', async () => {
    open({
      url: '/users/5/leave-card/overtime',
      lines: () =>
        linePage([
          leaveLine({
            id: 5,
            kind: 'overtime',
            bucket: 'overtime',
            minutes: 270,
            leaveType: null,
            requestId: null,
            description: '',
            hourRule: { id: 1, name: 'Avond 150%' },
            bookedHour: { id: 70, project: 'MS Noordam', startTime: '18:00', minutes: 180 },
          }),
          leaveLine({
            id: 6,
            kind: 'overtime',
            bucket: 'overtime',
            minutes: 60,
            counts: false,
            leaveType: null,
            requestId: null,
            description: '',
            hourRule: { id: 2, name: 'Zondagtoeslag' },
            bookedHour: null,
          }),
        ]),
    });
    expect(await screen.findByText('Avond 150%')).toBeInTheDocument();
    expect(screen.getByText('MS Noordam · start 18:00 · 3:00')).toBeInTheDocument();
    expect(screen.getByText('telt niet mee')).toBeInTheDocument();
    expect(screen.getByTestId('leave-lines-total')).toHaveTextContent('4:30');
  });

  it('lists the pending requests on the concept page, with their hours not yet in the balance', async () => {
    const { f } = open({ url: '/users/5/leave-card/concept' });
    expect(await screen.findByText('28-12-2026 – 29-12-2026')).toBeInTheDocument();
    expect(screen.getByText('04-12-2026 12:00–16:30')).toBeInTheDocument();
    expect(screen.getByTestId('leave-lines-total')).toHaveTextContent('16:00');
    const q = f.to('/api/leave-requests')[0]?.query;
    expect(q?.get('employeeId')).toBe('5');
    expect(q?.get('status')).toBe('pending');
    expect(q?.get('year')).toBe('2026');
  });
});

describe('LeaveCardPage: corrections', () => {
  it('checks the correction form, then sends signed hours or days', async () => {
    const posted: unknown[] = [];
    const { user } = open({
      url: '/users/5/leave-card/corrections',
      lines: () =>
        linePage([
          leaveLine({
            id: 7,
            kind: 'correction',
            bucket: 'corrections',
            minutes: 480,
            description: 'Jubileum',
            leaveType: null,
            requestId: null,
          }),
        ]),
      handle: (req) => {
        if (req.path === '/api/users/5/leave-corrections' && req.method === 'POST') {
          posted.push(req.body);
          const b = req.body as { date: string; description: string; minutes?: number; days?: number };
          return json(201, {
            data: leaveLine({
              id: 8,
              kind: 'correction',
              bucket: 'corrections',
              date: b.date,
              minutes: b.minutes ?? 720,
              days: b.days ?? null,
              description: b.description,
            }),
          });
        }
        return undefined;
      },
    });
    expect(await screen.findByText('Jubileum')).toBeInTheDocument();
    expect(screen.getByTestId('leave-lines-total')).toHaveTextContent('8:00');
    await user.click(screen.getByRole('button', { name: 'Correctie toevoegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correctie toevoegen' });
    expect(within(dialog).getByLabelText(/^Datum/)).toHaveValue('24-11-2026');

    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByText('Vul het aantal uren of dagen in.')).toBeInTheDocument();
    expect(within(dialog).getByText('Dit veld is verplicht.')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: /Omschrijving/ }), 'Te veel opgenomen');
    await user.type(within(dialog).getByRole('textbox', { name: /^Uren/ }), '4 uur');
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    expect(await within(dialog).findByText(/Vul uren in als 8:00 of 2,5/)).toBeInTheDocument();
    expect(posted).toHaveLength(0);

    await user.clear(within(dialog).getByRole('textbox', { name: /^Uren/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Uren/ }), '-4:00');
    expect(within(dialog).getByText('Trekt 4:00 af van het saldo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(posted).toEqual([{ date: '2026-11-24', description: 'Te veel opgenomen', minutes: -240 }]));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Correctie van -4:00 op 24-11-2026 toegevoegd.'));

    await user.click(screen.getByRole('button', { name: 'Correctie toevoegen' }));
    const again = await screen.findByRole('dialog', { name: 'Correctie toevoegen' });
    await user.type(within(again).getByRole('textbox', { name: /Omschrijving/ }), 'Extra dag');
    await user.click(within(again).getByRole('radio', { name: 'Dagen' }));
    await user.type(within(again).getByRole('textbox', { name: /^Dagen/ }), '1,5');
    await user.click(within(again).getByRole('button', { name: 'Toevoegen' }));
    await waitFor(() => expect(posted[1]).toEqual({ date: '2026-11-24', description: 'Extra dag', days: 1.5 }));
  });

  it('offers no correction without the right', async () => {
    open({
      url: '/users/5/leave-card/corrections',
      card: leaveCard({ abilities: { canCorrect: false, canManageSick: false, canRequest: true } }),
    });
    expect(await screen.findByText('Geen correcties in 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Correctie toevoegen' })).toBeNull();
  });

  it('reads signed hours and days as people type them', () => {
    expect(parseSignedDuration('-4:00')).toBe(-240);
    expect(parseSignedDuration('+8')).toBe(480);
    expect(parseSignedDuration('2,5')).toBe(150);
    expect(parseSignedDuration('40:00')).toBe(2400);
    expect(parseSignedDuration('0')).toBeNull();
    expect(parseSignedDuration('4:75')).toBeNull();
    expect(parseSignedDays('-1,5')).toBe(-1.5);
    expect(parseSignedDays('0,25')).toBe(0.25);
    expect(parseSignedDays('1,333')).toBeNull();
  });
});

describe('LeaveCardPage: sick', () => {
  it('registers a sick period and checks the dates first', async () => {
    let rows = [sickPeriod({ id: 30, startsOn: '2026-03-02', endsOn: '2026-03-04', notes: '', scheduledMinutes: 1440 })];
    const posted: unknown[] = [];
    const { user } = open({
      url: '/users/5/leave-card/sick',
      sick: () => sickList(rows),
      handle: (req) => {
        if (req.path === '/api/users/5/sick-periods' && req.method === 'POST') {
          posted.push(req.body);
          const created = sickPeriod({ id: 32, startsOn: '2026-11-23', endsOn: null, notes: 'Rugklachten' });
          rows = [created, ...rows];
          return json(201, { data: created });
        }
        return undefined;
      },
    });
    expect(await screen.findByText('02-03-2026 – 04-03-2026')).toBeInTheDocument();
    expect(screen.getByText(/1 ziekmelding, samen 24:00 ingeroosterde uren/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ziekmelding registreren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ziekmelding registreren' });
    const start = within(dialog).getByLabelText(/Eerste ziektedag/);
    expect(start).toHaveValue('24-11-2026');
    await user.clear(start);
    await user.type(start, '2026-11-23');
    await user.type(within(dialog).getByLabelText(/Laatste ziektedag/), '2026-11-20');
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    expect(await within(dialog).findByText('De laatste ziektedag ligt voor de eerste.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
    await user.clear(within(dialog).getByLabelText(/Laatste ziektedag/));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notities' }), 'Rugklachten');
    await user.click(within(dialog).getByRole('button', { name: 'Registreren' }));
    await waitFor(() => expect(posted).toEqual([{ startsOn: '2026-11-23', endsOn: null, notes: 'Rugklachten' }]));
    expect(await screen.findByText('vanaf 23-11-2026')).toBeInTheDocument();
    expect(screen.getByText('Loopt nog')).toBeInTheDocument();
  });

  it('ends a running period with its version, and deletes one after asking', async () => {
    const patched: unknown[] = [];
    const { user, f } = open({
      url: '/users/5/leave-card/sick',
      sick: () => sickList([sickPeriod({ version: 3 })]),
      handle: (req) => {
        if (req.path === '/api/sick-periods/31' && req.method === 'PATCH') {
          patched.push(req.body);
          return json(200, { data: sickPeriod({ endsOn: '2026-11-24', version: 4 }) });
        }
        if (req.path === '/api/sick-periods/31' && req.method === 'DELETE') return noContent();
        return undefined;
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Beter melden: ziek vanaf 20-11-2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Beter melden' });
    expect(within(dialog).getByLabelText(/Laatste ziektedag/)).toHaveValue('24-11-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Beter melden' }));
    await waitFor(() => expect(patched).toEqual([{ startsOn: '2026-11-20', endsOn: '2026-11-24', notes: 'Griep', version: 3 }]));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Beter gemeld; laatste ziektedag 24-11-2026.'));

    await user.click(screen.getByRole('button', { name: 'Ziekmelding vanaf 20-11-2026 verwijderen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Ziekmelding verwijderen' });
    await user.click(within(confirm).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/sick-periods/31', 'DELETE')[0]?.query.get('version')).toBe('3'));
  });

  it('shows the periods read only without the right', async () => {
    open({
      url: '/users/5/leave-card/sick',
      sick: () =>
        sickList(
          [
            sickPeriod({
              abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } },
            }),
          ],
          false,
        ),
    });
    expect(await screen.findByText('vanaf 20-11-2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ziekmelding registreren' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Beter melden/ })).toBeNull();
  });
});
