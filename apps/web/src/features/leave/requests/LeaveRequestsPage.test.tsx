import type { LeavePreview, LeaveRequest, LeaveRequestPage, LeaveType } from '@app/shared/leave/leave';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, type RecordedRequest } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { LeaveRequestsPage } from './LeaveRequestsPage';

const notify = mockNotify();

const abilities = (yes: string[]) =>
  ({
    canApprove: yes.includes('canApprove'),
    canDeny: yes.includes('canDeny'),
    canCancel: yes.includes('canCancel'),
    reasons: {},
  }) as LeaveRequest['abilities'];

function request(over: Partial<LeaveRequest> = {}): LeaveRequest {
  return {
    id: 41,
    employee: { id: 5, name: 'Olga Jansen' },
    leaveType: { id: 1, name: 'Vakantie', code: 'VAK', color: '#2f9e44', countsAgainstBalance: true },
    startsOn: '2026-12-07',
    endsOn: '2026-12-11',
    part: null,
    minutes: 2400,
    note: 'Wintersport',
    status: 'pending',
    decisionReason: null,
    decidedBy: null,
    decidedAt: null,
    cancelledAt: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    version: 1,
    abilities: abilities(['canApprove', 'canDeny', 'canCancel']),
    ...over,
  };
}

const types: LeaveType[] = [
  {
    id: 1,
    name: 'Vakantie',
    nameEn: 'Holiday',
    code: 'VAK',
    color: '#2f9e44',
    countsAgainstBalance: true,
    needsApproval: true,
    active: true,
    inUse: true,
    version: 1,
    abilities: { canEdit: true, canDelete: false, reasons: {} },
  },
  {
    id: 2,
    name: 'Bijzonder verlof',
    nameEn: '',
    code: 'BV',
    color: '#1c7ed6',
    countsAgainstBalance: false,
    needsApproval: false,
    active: true,
    inUse: false,
    version: 1,
    abilities: { canEdit: true, canDelete: true, reasons: {} },
  },
];

const preview = (over: Partial<LeavePreview> = {}): LeavePreview => ({
  days: [
    { date: '2026-12-24', minutes: 480, excluded: null },
    { date: '2026-12-25', minutes: 0, excluded: 'holiday' },
    { date: '2026-12-26', minutes: 0, excluded: 'not_scheduled' },
  ],
  minutes: 480,
  balance: 9000,
  countsAgainstBalance: true,
  fits: true,
  needsApproval: true,
  ...over,
});

const page = (rows: LeaveRequest[], o: Partial<LeaveRequestPage> = {}): LeaveRequestPage => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
  pending: rows.filter((r) => r.status === 'pending').length,
  abilities: { canRequestForOthers: true, canDecide: true },
  ...o,
});

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

function open(
  o: {
    rows?: LeaveRequest[];
    manager?: boolean;
    permissions?: Permission[];
    url?: string;
    handle?: (req: RecordedRequest) => Response | undefined;
  } = {},
) {
  const rows = o.rows ?? [request()];
  const manager = o.manager ?? true;
  const f = mockFetch((req) => {
    const own = o.handle?.(req);
    if (own) return own;
    if (req.path === '/api/leave-requests' && req.method === 'GET')
      return json(200, page(rows, { abilities: { canRequestForOthers: manager, canDecide: manager } }));
    if (req.path === '/api/leave-types') return json(200, { data: types });
    if (req.path === '/api/leave-requests/preview') return json(200, preview());
    if (req.path === '/api/employees/options') return json(200, { data: [{ id: 5, name: 'Olga Jansen', function: null }] });
    if (req.path === '/api/notifications')
      return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, unread: 0 } });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['leave.manage']);
  const view = renderWithProviders(<LeaveRequestsPage />, { path: '/users/leave', url: o.url ?? '/users/leave', queryClient });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

describe('LeaveRequestsPage', () => {
  it('lists the pending requests with person, type, period, hours, status, note and the count waiting', async () => {
    const { f } = open({
      rows: [
        request(),
        request({
          id: 42,
          part: { start: '09:00', end: '13:00' },
          startsOn: '2026-12-14',
          endsOn: '2026-12-14',
          minutes: 240,
          note: '',
        }),
      ],
    });
    expect((await screen.findAllByText('Olga Jansen')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('07-12-2026 – 11-12-2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('14-12-2026, 09:00–13:00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('40:00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('4:00').length).toBeGreaterThan(0);
    expect(screen.getAllByText('VAK').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Wintersport').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Verlofkaart' })[0]).toHaveAttribute('href', '/users/5/leave-card');
    const tab = screen.getByRole('tab', { name: /Openstaand/ });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(within(tab).getByLabelText('2 aanvragen wachten op een besluit')).toHaveTextContent('2');
    expect(f.to('/api/leave-requests')[0]?.query.get('status')).toBe('pending');
    // A manager filters by person.
    expect(screen.getByRole('combobox', { name: 'Medewerker' })).toBeInTheDocument();
  });

  it('asks for the chosen tab; someone without the rights gets no person filter and no decisions', async () => {
    const { user, f, search } = open({
      manager: false,
      permissions: [],
      rows: [request({ status: 'approved', abilities: abilities(['canCancel']) })],
      url: '/users/leave?status=all',
    });
    expect((await screen.findAllByText('Goedgekeurd')).length).toBeGreaterThan(0);
    expect(f.to('/api/leave-requests')[0]?.query.get('status')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Medewerker' })).toBeNull();
    expect((await screen.findAllByRole('button', { name: /intrekken$/ })).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /goedkeuren$/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Afgewezen' }));
    await waitFor(() => expect(search().get('status')).toBe('denied'));
    await waitFor(() => expect(f.to('/api/leave-requests').at(-1)?.query.get('status')).toBe('denied'));
  });

  it('approves with an optional reason, and denies only with one', async () => {
    const { user, f } = open({
      handle: (req) =>
        req.path === '/api/leave-requests/41/approve' || req.path === '/api/leave-requests/41/deny'
          ? json(200, { data: request({ status: req.path.endsWith('approve') ? 'approved' : 'denied', version: 2 }) })
          : undefined,
    });
    const approve = (
      await screen.findAllByRole('button', { name: 'Verlof van Olga Jansen (07-12-2026 – 11-12-2026) goedkeuren' })
    )[0];
    await user.click(approve as HTMLElement);
    const modal = await screen.findByRole('dialog', { name: 'Verlof goedkeuren' });
    expect(within(modal).getByText('Olga Jansen: Vakantie, 07-12-2026 – 11-12-2026 (40:00 uur)')).toBeInTheDocument();
    await user.click(within(modal).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(f.to('/api/leave-requests/41/approve')[0]?.body).toEqual({ version: 1, reason: '' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Verlof van Olga Jansen goedgekeurd'));

    const deny = screen.getAllByRole('button', { name: 'Verlof van Olga Jansen (07-12-2026 – 11-12-2026) afwijzen' })[0];
    await user.click(deny as HTMLElement);
    const denyModal = await screen.findByRole('dialog', { name: 'Verlof afwijzen' });
    await user.click(within(denyModal).getByRole('button', { name: 'Afwijzen' }));
    expect(await within(denyModal).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/leave-requests/41/deny')).toHaveLength(0);
    await user.type(within(denyModal).getByRole('textbox', { name: /Reden/ }), 'Te druk in december');
    await user.click(within(denyModal).getByRole('button', { name: 'Afwijzen' }));
    await waitFor(() =>
      expect(f.to('/api/leave-requests/41/deny')[0]?.body).toEqual({ version: 1, reason: 'Te druk in december' }),
    );
  });

  it('withdraws after a confirmation', async () => {
    const { user, f } = open({
      handle: (req) =>
        req.path === '/api/leave-requests/41/cancel'
          ? json(200, { data: request({ status: 'cancelled', version: 2 }) })
          : undefined,
    });
    const cancel = (
      await screen.findAllByRole('button', { name: 'Verlof van Olga Jansen (07-12-2026 – 11-12-2026) intrekken' })
    )[0];
    await user.click(cancel as HTMLElement);
    const confirm = await screen.findByRole('dialog', { name: 'Verlof intrekken' });
    await user.click(within(confirm).getByRole('button', { name: 'Intrekken' }));
    await waitFor(() => expect(f.to('/api/leave-requests/41/cancel')[0]?.body).toEqual({ version: 1 }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Verlof ingetrokken'));
  });
});

describe('LeaveRequestModal', () => {
  async function openForm(o: Parameters<typeof open>[0] = {}) {
    const v = open({ rows: [], ...o });
    await screen.findByText('Geen verlofaanvragen');
    await v.user.click(screen.getAllByRole('button', { name: 'Verlof aanvragen' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Verlof aanvragen' });
    return { ...v, dialog };
  }

  async function fill(user: ReturnType<typeof open>['user'], dialog: HTMLElement, type: string | RegExp = /Vakantie/) {
    await user.click(within(dialog).getByRole('combobox', { name: /Soort verlof/ }));
    await user.click(await screen.findByRole('option', { name: type }));
    await user.type(within(dialog).getByLabelText(/^Van/), '2026-12-24');
    await user.clear(within(dialog).getByLabelText(/^Tot en met/));
    await user.type(within(dialog).getByLabelText(/^Tot en met/), '2026-12-26');
  }

  it('shows the hours per day from the preview before sending, with the excluded days, the total and the balance', async () => {
    const { user, f, dialog } = await openForm({
      handle: (req) =>
        req.path === '/api/leave-requests' && req.method === 'POST'
          ? json(201, { data: request({ id: 50, startsOn: '2026-12-24', endsOn: '2026-12-26', minutes: 480 }) })
          : undefined,
    });
    expect(within(dialog).getByText('Kies een soort en een periode: dan zie je hier de uren per dag.')).toBeInTheDocument();
    await fill(user, dialog);
    const panel = await within(dialog).findByTestId('leave-preview');
    expect(within(panel).getByText('(feestdag)')).toBeInTheDocument();
    expect(within(panel).getByText('(niet ingeroosterd)')).toBeInTheDocument();
    expect(within(panel).getByTestId('leave-preview-total')).toHaveTextContent('8:00');
    expect(within(panel).getByText('Saldo nu: 150:00')).toBeInTheDocument();
    expect(within(panel).getByText('Daarna: 142:00')).toBeInTheDocument();
    expect(f.to('/api/leave-requests/preview').at(-1)?.body).toEqual({
      leaveTypeId: 1,
      startsOn: '2026-12-24',
      endsOn: '2026-12-26',
      part: null,
      note: '',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Aanvragen' }));
    await waitFor(() => expect(f.to('/api/leave-requests', 'POST')).toHaveLength(1));
    expect(f.to('/api/leave-requests', 'POST')[0]?.body).toMatchObject({
      leaveTypeId: 1,
      startsOn: '2026-12-24',
      endsOn: '2026-12-26',
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Verlof aangevraagd (8:00 uur); het wacht op een besluit'));
  });

  it('does not let a request over the balance be sent, and says so', async () => {
    const { user, f, dialog } = await openForm({
      handle: (req) =>
        req.path === '/api/leave-requests/preview' ? json(200, preview({ balance: 120, fits: false })) : undefined,
    });
    await fill(user, dialog);
    expect(
      await within(dialog).findByText('Niet genoeg saldo: deze aanvraag kost 8:00 uur en het saldo is 2:00.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Aanvragen' })).toBeDisabled();
    expect(f.to('/api/leave-requests', 'POST')).toHaveLength(0);
  });

  it('says a type without approval is booked at once, and sends part of a day with its times', async () => {
    const { user, f, dialog } = await openForm({
      handle: (req) =>
        req.path === '/api/leave-requests/preview'
          ? json(
              200,
              preview({
                days: [{ date: '2026-12-24', minutes: 240, excluded: null }],
                minutes: 240,
                countsAgainstBalance: false,
                needsApproval: false,
              }),
            )
          : undefined,
    });
    await user.click(within(dialog).getByRole('combobox', { name: /Soort verlof/ }));
    await user.click(await screen.findByRole('option', { name: /Bijzonder verlof/ }));
    await user.click(within(dialog).getByRole('switch', { name: /Deel van de dag/ }));
    await user.type(within(dialog).getByLabelText(/^Datum/), '2026-12-24');
    expect(
      await within(dialog).findByText('Deze soort hoeft niet goedgekeurd te worden: het verlof is meteen geboekt.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Deze soort gaat niet van het saldo af.')).toBeInTheDocument();
    expect(f.to('/api/leave-requests/preview').at(-1)?.body).toMatchObject({
      leaveTypeId: 2,
      startsOn: '2026-12-24',
      endsOn: '2026-12-24',
      part: { start: '08:00', end: '12:00' },
    });
  });

  it("shows the server's refusal of the preview (a day in the past)", async () => {
    const { user, dialog } = await openForm({
      handle: (req) => (req.path === '/api/leave-requests/preview' ? apiError(422, 'LEAVE_IN_PAST') : undefined),
    });
    await fill(user, dialog);
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
  });
});
