import type { Declaration, DeclarationPage } from '@app/shared/declarations/declarations';
import type { Overnight, OvernightPage } from '@app/shared/declarations/overnights';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, type RecordedRequest } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { DeclarationSettingsPage } from './DeclarationSettingsPage';
import { DeclarationsPage } from './DeclarationsPage';
import { UserOvernightsPage } from './OvernightsPage';

const notify = mockNotify();

const allowed = (keys: string[], denied: Record<string, string> = {}) => {
  const out: Record<string, unknown> = { reasons: denied };
  for (const k of keys) out[k] = true;
  for (const k of Object.keys(denied)) out[k] = false;
  return out;
};

function declaration(over: Partial<Declaration> = {}): Declaration {
  return {
    id: 41,
    employee: { id: 5, name: 'Olga Jansen' },
    date: '2026-11-12',
    project: { id: 3, name: 'Cruiseschip Aurora' },
    category: { id: 1, name: 'Reiskosten' },
    paymentType: { id: 2, name: 'Eigen geld' },
    description: 'Treinkaartje Rotterdam',
    amountCents: 123456,
    receipt: {
      id: 90,
      originalName: 'bon.png',
      mime: 'image/png',
      size: 2048,
      url: '/api/files/90',
      uploadedBy: 'Olga Jansen',
      createdAt: '2026-11-12T09:00:00.000Z',
    },
    status: 'submitted',
    rejectReason: null,
    decidedBy: null,
    decidedAt: null,
    paidAt: null,
    createdAt: '2026-11-12T09:00:00.000Z',
    version: 1,
    abilities: allowed(['canEdit', 'canDelete', 'canApprove', 'canReject'], {
      canPay: 'DECLARATION_NOT_APPROVED',
    }) as Declaration['abilities'],
    ...over,
  };
}

const page = (rows: Declaration[], totalCents = rows.reduce((s, d) => s + d.amountCents, 0)): DeclarationPage => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
  totalCents,
});

const options = (names: string[]) => ({
  data: names.map((name, i) => ({
    id: i + 1,
    name,
    active: true,
    inUse: i === 0,
    version: 1,
    abilities: allowed(['canEdit'], i === 0 ? { canDelete: 'REFERENCE_IN_USE' } : {}),
  })),
});

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

function open(
  o: {
    rows?: Declaration[];
    permissions?: Permission[];
    url?: string;
    handle?: (req: RecordedRequest) => Response | undefined;
  } = {},
) {
  let current = o.rows ?? [declaration()];
  const f = mockFetch((req) => {
    const own = o.handle?.(req);
    if (own) return own;
    if (req.path === '/api/declarations' && req.method === 'GET') return json(200, page(current));
    if (req.path === '/api/declarations/41' && req.method === 'GET') return json(200, { data: current[0] });
    if (req.path === '/api/declarations/41/approve') {
      current = [
        declaration({ status: 'approved', version: 2, decidedBy: 'Petra Manders', decidedAt: '2026-11-13T10:00:00.000Z' }),
      ];
      return json(200, { data: current[0] });
    }
    if (req.path === '/api/settings/declarations/categories') return json(200, options(['Reiskosten', 'Materiaal']));
    if (req.path === '/api/settings/declarations/payment-types') return json(200, options(['Eigen geld']));
    if (req.path === '/api/employees/options') return json(200, { data: [{ id: 5, name: 'Olga Jansen', function: null }] });
    if (req.path === '/api/hours/projects') return json(200, { data: [{ id: 3, name: 'Cruiseschip Aurora' }] });
    if (req.path === '/api/notifications')
      return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0, unread: 0 } });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['hours.manage']);
  const view = renderWithProviders(<DeclarationsPage />, { path: '/declarations', url: o.url ?? '/declarations', queryClient });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

describe('DeclarationsPage', () => {
  it('lists the submitted declarations with person, amount in euros, status and the total', async () => {
    const { f } = open({ rows: [declaration(), declaration({ id: 42, description: 'Parkeren', amountCents: 750 })] });
    expect(await screen.findByRole('button', { name: 'Bekijk declaratie Treinkaartje Rotterdam' })).toBeInTheDocument();
    expect(screen.getAllByText('€ 1.234,56').length).toBeGreaterThan(0);
    expect(screen.getAllByText('12-11-2026').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Olga Jansen').length).toBeGreaterThan(0);
    expect(screen.getByText('Totaal: € 1.242,06')).toBeInTheDocument();
    expect(screen.getByText('2 declaraties')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Ingediend' })).toHaveAttribute('aria-selected', 'true');
    expect(f.to('/api/declarations')[0]?.query.get('status')).toBe('submitted');
  });

  it('asks for the chosen tab and period, and says when nothing matches', async () => {
    const { user, f, search } = open({ rows: [], url: '/declarations?status=all' });
    expect(await screen.findByText('Geen declaraties gevonden')).toBeInTheDocument();
    expect(f.to('/api/declarations')[0]?.query.get('status')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Betaald' }));
    await waitFor(() => expect(search().get('status')).toBe('paid'));
    await waitFor(() => expect(f.to('/api/declarations').at(-1)?.query.get('status')).toBe('paid'));
  });

  it('invites to file the first declaration when there are none', async () => {
    open({ rows: [], permissions: [] });
    expect(await screen.findByText('Nog geen declaraties')).toBeInTheDocument();
    // No person filter without the hours rights.
    expect(screen.queryByRole('textbox', { name: 'Medewerker' })).toBeNull();
  });

  it('checks the form before sending: required fields, an amount in euros and the receipt', async () => {
    const { user, f } = open({ rows: [] });
    await screen.findByText('Nog geen declaraties');
    await user.click(screen.getAllByRole('button', { name: 'Nieuwe declaratie' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe declaratie' });
    await user.type(within(dialog).getByRole('textbox', { name: /Bedrag/ }), '12,5x');
    await user.click(within(dialog).getByRole('button', { name: 'Indienen' }));
    expect(await within(dialog).findByText("Vul een bedrag in euro's in, zoals 12,50.")).toBeInTheDocument();
    expect(within(dialog).getByText('Voeg een foto of PDF van de bon toe.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Dit veld is verplicht.').length).toBeGreaterThanOrEqual(3);
    expect(f.to('/api/declarations', 'POST')).toHaveLength(0);
  });

  it('opens a declaration with its receipt and approves it after a confirmation', async () => {
    const { user, f } = open({ url: '/declarations?open=41' });
    const drawer = await screen.findByRole('dialog', { name: 'Declaratie' });
    expect(await within(drawer).findByRole('img', { name: 'Bon van Treinkaartje Rotterdam' })).toHaveAttribute(
      'src',
      '/api/files/90',
    );
    expect(within(drawer).getByText('Eigen geld')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Goedkeuren' }));
    const confirm = await screen.findByRole('dialog', { name: 'Declaratie goedkeuren?' });
    await user.click(within(confirm).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(f.to('/api/declarations/41/approve')).toHaveLength(1));
    expect(f.to('/api/declarations/41/approve')[0]?.body).toEqual({ version: 1 });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Declaratie goedgekeurd.'));
  });

  it('rejects only with a reason', async () => {
    const { user, f } = open({
      url: '/declarations?open=41',
      handle: (req) =>
        req.path === '/api/declarations/41/reject'
          ? json(200, { data: declaration({ status: 'rejected', rejectReason: 'Geen bon', version: 2 }) })
          : undefined,
    });
    const drawer = await screen.findByRole('dialog', { name: 'Declaratie' });
    await user.click(await within(drawer).findByRole('button', { name: 'Afwijzen' }));
    const modal = await screen.findByRole('dialog', { name: 'Afwijzen: Treinkaartje Rotterdam' });
    await user.click(within(modal).getByRole('button', { name: 'Afwijzen' }));
    expect(await within(modal).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/declarations/41/reject')).toHaveLength(0);
    await user.type(within(modal).getByRole('textbox', { name: /Reden/ }), 'Geen bon');
    await user.click(within(modal).getByRole('button', { name: 'Afwijzen' }));
    await waitFor(() => expect(f.to('/api/declarations/41/reject')[0]?.body).toEqual({ version: 1, reason: 'Geen bon' }));
  });

  it('shows no decisions on one’s own declaration, and says why', async () => {
    open({
      url: '/declarations?open=41',
      permissions: [],
      rows: [
        declaration({
          employee: { id: 1, name: 'Petra Manders' },
          abilities: allowed(['canEdit', 'canDelete'], {
            canApprove: 'FORBIDDEN',
            canReject: 'FORBIDDEN',
            canPay: 'FORBIDDEN',
          }) as Declaration['abilities'],
        }),
      ],
    });
    const drawer = await screen.findByRole('dialog', { name: 'Declaratie' });
    expect(await within(drawer).findByText('Je eigen declaratie beoordeelt iemand anders.')).toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Goedkeuren' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Wijzigen' })).toBeEnabled();
  });
});

describe('DeclarationSettingsPage', () => {
  it('lists categories and payment types; a used one cannot be deleted and says why', async () => {
    mockFetch((req) => {
      if (req.path === '/api/settings/declarations/categories') return json(200, options(['Reiskosten', 'Materiaal']));
      if (req.path === '/api/settings/declarations/payment-types') return json(200, options(['Eigen geld']));
      return undefined;
    });
    const queryClient = createTestQueryClient();
    signIn(queryClient, ['hours.manage']);
    const { user } = renderWithProviders(<DeclarationSettingsPage />, { queryClient });
    const categories = await screen.findByRole('list', { name: 'Categorieën' });
    expect(within(categories).getByText('Materiaal')).toBeInTheDocument();
    expect(within(categories).getByText('In gebruik')).toBeInTheDocument();
    await user.click(within(categories).getByRole('button', { name: 'Reiskosten verwijderen' }));
    expect(notify.info).toHaveBeenCalledWith(expect.stringMatching(/.+/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByRole('list', { name: 'Betaalwijzen' })).toBeInTheDocument();
  });
});

describe('UserOvernightsPage', () => {
  const stay = (over: Partial<Overnight> = {}): Overnight => ({
    id: 7,
    employee: { id: 1, name: 'Petra Manders' },
    project: { id: 3, name: 'Veerboot Texel' },
    date: '2026-11-16',
    nights: 3,
    location: 'Hotel Den Helder',
    notes: '',
    status: 'submitted',
    rejectReason: null,
    decidedBy: null,
    decidedAt: null,
    createdAt: '2026-11-16T09:00:00.000Z',
    version: 1,
    abilities: allowed(['canEdit', 'canDelete'], { canApprove: 'FORBIDDEN', canReject: 'FORBIDDEN' }) as Overnight['abilities'],
    ...over,
  });
  const overnightPage = (rows: Overnight[], canRegister = true): OvernightPage => ({
    data: rows,
    meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
    totalNights: rows.reduce((s, o) => s + o.nights, 0),
    canRegister,
    cannotRegisterReason: canRegister ? null : 'SELF_SERVICE_OFF',
  });

  function openStays(rows: Overnight[], canRegister = true) {
    const f = mockFetch((req) => {
      if (req.path === '/api/users/1/overnights') return json(200, overnightPage(rows, canRegister));
      if (req.path === '/api/hours/projects') return json(200, { data: [{ id: 3, name: 'Veerboot Texel' }] });
      if (req.path === '/api/overnights' && req.method === 'POST') return json(201, { data: stay() });
      return undefined;
    });
    const queryClient = createTestQueryClient();
    signIn(queryClient, []);
    const view = renderWithProviders(<UserOvernightsPage />, {
      path: '/users/:userId/overnights',
      url: '/users/1/overnights',
      queryClient,
    });
    return { ...view, f };
  }

  it('lists one’s own stays with the nights in total and registers a new one', async () => {
    const { user, f } = openStays([stay()]);
    expect((await screen.findAllByText('Hotel Den Helder')).length).toBeGreaterThan(0);
    expect(screen.getByText('1 overnachting, 3 nachten')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Overnachting registreren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overnachting registreren' });
    await user.click(within(dialog).getByRole('button', { name: 'Overnachting registreren' }));
    expect((await within(dialog).findAllByText('Dit veld is verplicht.')).length).toBeGreaterThanOrEqual(2);
    await user.click(within(dialog).getByRole('combobox', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'Veerboot Texel' }));
    await user.type(within(dialog).getByRole('textbox', { name: /Locatie/ }), 'Hotel Texel');
    await user.click(within(dialog).getByRole('button', { name: 'Overnachting registreren' }));
    await waitFor(() => expect(f.to('/api/overnights', 'POST')).toHaveLength(1));
    expect(f.to('/api/overnights', 'POST')[0]?.body).toMatchObject({ projectId: 3, nights: 1, location: 'Hotel Texel' });
    expect(f.to('/api/overnights', 'POST')[0]?.body).not.toHaveProperty('employeeId');
  });

  it('says so when the mobile settings do not allow registering', async () => {
    openStays([], false);
    expect(await screen.findByText(/Je mobiele instellingen staan het registreren/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Overnachting registreren' })).toBeNull();
  });
});
