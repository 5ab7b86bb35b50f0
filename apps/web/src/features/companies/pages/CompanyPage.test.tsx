import type { Company, CompanyInput, CompanyUpdate } from '@app/shared/companies/companies';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyCreatePage, CompanyDetailsPage } from './CompanyPage';

const notify = mockNotify();

interface Options {
  create?: boolean;
  /** The copies GET /api/companies/7 answers, one per call (the last one repeats). */
  loads?: Company[];
  onCreate?: (body: CompanyInput) => Response;
  onSave?: (body: CompanyUpdate) => Response;
  onArchive?: () => Response;
  permissions?: Permission[];
}

function openCompany(o: Options = {}) {
  const loads = o.loads ?? [company()];
  let load = 0;
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/7' && req.method === 'GET') {
      const c = loads[Math.min(load, loads.length - 1)];
      load += 1;
      return json(200, { data: c });
    }
    if (req.path === '/api/companies/7' && req.method === 'PUT') {
      const body = req.body as CompanyUpdate;
      return o.onSave?.(body) ?? json(200, { data: company({ name: body.name, version: 5 }) });
    }
    if (req.path === '/api/companies/7/archive' && req.method === 'POST') {
      return o.onArchive?.() ?? json(200, { data: company({ archivedAt: '2026-11-24T09:00:00.000Z', version: 5 }) });
    }
    if (req.path === '/api/companies' && req.method === 'POST') {
      const body = req.body as CompanyInput;
      return o.onCreate?.(body) ?? json(201, { data: company({ id: 12, name: body.name }) });
    }
    if (req.path === '/api/breadcrumbs/slugs') return json(200, { data: { slugs: {} } });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['companies.manage', 'companies.act-as-client']);
  const view = renderWithProviders(null, {
    url: o.create ? '/companies/new' : '/companies/7',
    queryClient,
    routes: [
      { path: '/companies/new', element: <CompanyCreatePage /> },
      { path: '/companies/:companyId', element: <CompanyDetailsPage /> },
    ],
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('CompanyPage', () => {
  it('asks for a name and a sector before sending anything', async () => {
    const { user, f } = openCompany({ create: true });
    await user.click(await screen.findByRole('button', { name: 'Bedrijf aanmaken' }));
    expect(await screen.findByText('Geef het bedrijf een naam.')).toBeInTheDocument();
    expect(screen.getByText('Kies de sector van het bedrijf.')).toBeInTheDocument();
    expect(f.to('/api/companies', 'POST')).toHaveLength(0);
  });

  it("creates a company, shows the server's field errors on their fields, then opens the new company", async () => {
    let refuse = true;
    const { user, f, router } = openCompany({
      create: true,
      onCreate: (body) =>
        refuse
          ? apiError(400, 'VALIDATION_FAILED', {
              fieldErrors: { email: { code: 'invalid_email' }, primaryColor: { code: 'invalid_format' } },
            })
          : json(201, { data: company({ id: 12, name: body.name }) }),
    });
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), '  Baltic Ferries ');
    await user.click(screen.getByRole('radio', { name: 'Leisure' }));
    await user.type(screen.getByRole('textbox', { name: /^E-mailadres/ }), 'Info@Baltic.test');
    await user.click(screen.getByRole('button', { name: 'Bedrijf aanmaken' }));

    await waitFor(() => expect(f.to('/api/companies', 'POST')).toHaveLength(1));
    expect(f.to('/api/companies', 'POST')[0]?.body).toEqual({
      name: 'Baltic Ferries',
      sector: 'leisure',
      primaryColor: '#1c3d5a',
      secondaryColor: '#c8a45c',
      contactPerson: '',
      email: 'info@baltic.test',
      phone: '',
      country: '',
      address: '',
      zipcode: '',
      city: '',
    });
    const email = screen.getByRole('textbox', { name: /^E-mailadres/ });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(screen.getByText('Gebruik een kleur in de vorm #rrggbb, bijvoorbeeld #1c3d5a.')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Bedrijf aanmaken' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/companies/12'));
    expect(notify.success).toHaveBeenCalledWith('Baltic Ferries is aangemaakt.');
  });

  it('saves with the version it loaded, shows the stale banner on 409 and starts again from the newest copy', async () => {
    const newer = company({ name: 'Nordic Star Cruises (nieuw)', version: 6 });
    const { user, f } = openCompany({ loads: [company(), newer], onSave: () => apiError(409, 'STALE_VERSION') });
    const name = await screen.findByRole('textbox', { name: /^Naam/ });
    await user.type(name, ' Line');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
    expect(f.to('/api/companies/7', 'PUT')[0]?.body).toMatchObject({ name: 'Nordic Star Cruises Line', version: 4 });
    await user.click(within(banner).getByRole('button', { name: 'Nieuwste versie laden' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Naam/ })).toHaveValue('Nordic Star Cruises (nieuw)'));
    expect(screen.queryByText('Iemand anders heeft dit intussen gewijzigd')).not.toBeInTheDocument();
  });

  it('says before archiving that its users are signed out, and archives only when confirmed', async () => {
    const { user, f } = openCompany();
    await user.click(await screen.findByRole('button', { name: 'Archiveren' }));
    let dialog = await screen.findByRole('dialog', { name: 'Bedrijf archiveren?' });
    expect(dialog).toHaveTextContent(
      'Er worden nu 3 gebruikers uitgelogd; zij kunnen niet meer inloggen tot je het bedrijf terugzet.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.to('/api/companies/7/archive')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Archiveren' }));
    dialog = await screen.findByRole('dialog', { name: 'Bedrijf archiveren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Archiveren' }));
    await waitFor(() => expect(f.to('/api/companies/7/archive', 'POST')).toHaveLength(1));
    expect(f.to('/api/companies/7/archive', 'POST')[0]?.body).toEqual({ version: 4 });
    expect(notify.success).toHaveBeenCalledWith('Nordic Star Cruises is gearchiveerd.');
  });

  it('shows an archived company with its date and a restore button', async () => {
    openCompany({
      loads: [
        company({
          archivedAt: '2026-11-20T09:00:00.000Z',
          abilities: {
            canEdit: true,
            canActAs: false,
            canArchive: false,
            canRestore: true,
            reasons: { canActAs: 'COMPANY_ARCHIVED', canArchive: 'COMPANY_ARCHIVED' },
          },
        }),
      ],
    });
    expect(await screen.findByText(/Gearchiveerd op 20-11-2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terugzetten' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archiveren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Inloggen als/ })).not.toBeInTheDocument();
  });

  it('is read-only without the right to edit, and says why', async () => {
    openCompany({
      permissions: ['companies.act-as-client'],
      loads: [
        company({
          abilities: {
            canEdit: false,
            canActAs: true,
            canArchive: false,
            canRestore: false,
            reasons: { canEdit: 'FORBIDDEN', canArchive: 'FORBIDDEN', canRestore: 'FORBIDDEN' },
          },
        }),
      ],
    });
    expect(await screen.findByText('Dit bedrijf kan niet worden gewijzigd')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Naam/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Archiveren' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Inloggen als Nordic Star Cruises' })).toBeInTheDocument();
  });

  it('shows the text colour the portal picks, and warns when the accent colour does not stand out', async () => {
    const { user } = openCompany();
    await screen.findByTestId('brand-preview');
    expect(screen.queryByTestId('contrast-warning')).not.toBeInTheDocument();
    const primary = screen.getByRole('textbox', { name: /^Hoofdkleur/ });
    await user.clear(primary);
    await user.type(primary, '#d0aa60');
    // A light main colour gets dark text; the accent (#c8a45c) hardly differs from it.
    expect(await screen.findByTestId('contrast-note')).toHaveTextContent(/donker op de hoofdkleur/);
    expect(await screen.findByTestId('contrast-warning')).toHaveTextContent(
      /De accentkleur valt weg tegen de hoofdkleur \(contrast 1,[0-9]:1, minstens 3:1 nodig\)/,
    );
    await user.clear(primary);
    await user.type(primary, '#14532d');
    expect(await screen.findByTestId('contrast-note')).toHaveTextContent(/wit op de hoofdkleur/);
    expect(screen.queryByTestId('contrast-warning')).not.toBeInTheDocument();
  });
});
