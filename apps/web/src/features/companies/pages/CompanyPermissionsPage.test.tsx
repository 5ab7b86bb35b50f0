import type {
  CompanyProjectAccess,
  CompanyProjectAccessDetail,
  CompanyProjectAccessUpdate,
} from '@app/shared/companies/company-permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyPermissionsPage, effectiveSelection, treeRows } from './CompanyPermissionsPage';
import { accessDetail, projectAccess } from './CompanyUsersPage.fixtures';

const notify = mockNotify();

interface Options {
  url?: string;
  list?: CompanyProjectAccess[] | Response;
  detail?: CompanyProjectAccessDetail;
  onSave?: (body: CompanyProjectAccessUpdate) => Response;
}

function openPermissions(o: Options = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/7' && req.method === 'GET') return json(200, { data: company() });
    if (req.path === '/api/companies/7/permissions') {
      return o.list instanceof Response ? o.list : json(200, { data: o.list ?? [projectAccess()] });
    }
    if (req.path === '/api/companies/7/permissions/31' && req.method === 'GET') {
      return json(200, { data: o.detail ?? accessDetail() });
    }
    if (req.path === '/api/companies/7/permissions/31' && req.method === 'PUT') {
      const body = req.body as CompanyProjectAccessUpdate;
      return (
        o.onSave?.(body) ??
        json(200, { data: accessDetail({ allAreas: body.allAreas, areaIds: body.areaIds ?? [], version: 3 }) })
      );
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['companies.manage']);
  const view = renderWithProviders(<CompanyPermissionsPage />, {
    path: '/companies/:companyId/permissions',
    url: o.url ?? '/companies/7/permissions',
    queryClient,
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('effectiveSelection', () => {
  it('drops what a selected ancestor already covers, in tree order', () => {
    const rows = treeRows(accessDetail().areas);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 1, 0, 1]);
    expect(effectiveSelection(rows, new Set([102, 100, 201]))).toEqual([100, 201]);
    expect(effectiveSelection(rows, new Set([102, 103]))).toEqual([102, 103]);
  });
});

describe('CompanyPermissionsPage', () => {
  it('shows each attached project with all areas or the number selected', async () => {
    openPermissions({
      list: [projectAccess(), projectAccess({ projectId: 32, projectName: 'Hotel Duinzicht', allAreas: false, areaIds: [5, 6] })],
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'MS Aurora refit' })).toBeInTheDocument();
    expect(screen.getByText('Alle ruimtes')).toBeInTheDocument();
    expect(screen.getByText('Geselecteerde ruimtes (2)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ruimtes van Hotel Duinzicht wijzigen' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('says where to attach a project when the company has none', async () => {
    openPermissions({ list: [] });
    expect(await screen.findByText('Koppel dit bedrijf aan een project bij het project zelf.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de projecten' })).toHaveAttribute('href', '/projects');
  });

  it('covers the areas below a checked deck, and saves an area under a deck as that area alone', async () => {
    const { user, f } = openPermissions();
    await user.click(await screen.findByRole('button', { name: 'Ruimtes van MS Aurora refit wijzigen' }));
    await user.click(await screen.findByRole('radio', { name: /Alleen geselecteerde ruimtes/ }));

    // A deck covers its areas and their sub-areas: checked, disabled, and said why.
    await user.click(screen.getByRole('checkbox', { name: /Dek 5/ }));
    const spa = screen.getByRole('checkbox', { name: /A12 · Spa/ });
    expect(spa).toBeChecked();
    expect(spa).toBeDisabled();
    expect(screen.getAllByText('Valt onder Dek 5')).toHaveLength(3);
    await user.click(screen.getByRole('checkbox', { name: /Dek 5/ }));
    expect(spa).not.toBeChecked();
    expect(spa).toBeEnabled();

    // Only the spa: its sauna is covered, the deck and the lobby are not.
    await user.click(spa);
    expect(screen.getByRole('checkbox', { name: /Sauna/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Lobby/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(f.to('/api/companies/7/permissions/31', 'PUT')).toHaveLength(1));
    expect(f.to('/api/companies/7/permissions/31', 'PUT')[0]?.body).toEqual({ allAreas: false, areaIds: [101], version: 2 });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('De permissies voor MS Aurora refit zijn opgeslagen.'));
  });

  it('asks for at least one area before sending a selection (too_few)', async () => {
    const { user, f } = openPermissions({ url: '/companies/7/permissions?project=31' });
    await user.click(await screen.findByRole('radio', { name: /Alleen geselecteerde ruimtes/ }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Kies minstens één ruimte.')).toBeInTheDocument();
    expect(f.to('/api/companies/7/permissions/31', 'PUT')).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: /Theater/ }));
    expect(screen.queryByText('Kies minstens één ruimte.')).not.toBeInTheDocument();
  });

  it("says 'Er is iets misgegaan' when saving fails, and shows the stale banner on 409", async () => {
    let answer = apiError(500, 'INTERNAL');
    const { user } = openPermissions({
      url: '/companies/7/permissions?project=31',
      detail: accessDetail({ allAreas: false, areaIds: [201] }),
      onSave: () => answer,
    });
    await user.click(await screen.findByRole('radio', { name: /Alle ruimtes/ }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Er is iets misgegaan', expect.anything()));

    answer = apiError(409, 'STALE_VERSION');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
    expect(notify.error).toHaveBeenCalledTimes(2);
  });

  it("says 'Er is iets misgegaan' when the list cannot be loaded", async () => {
    openPermissions({ list: apiError(500, 'INTERNAL') });
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Er is iets misgegaan', expect.anything()));
    expect(await screen.findByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});
