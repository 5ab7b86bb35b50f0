import type { Page } from '@app/shared/platform/http';
import type { Role } from '@app/shared/users/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { RolesPage } from './RolesPage';

const notify = mockNotify();

const role = (over: Partial<Role>): Role => ({
  id: 1,
  slug: 'role',
  name: 'Rol',
  is_admin: false,
  dashboard_view: 'general',
  permissions: [],
  users_count: 0,
  version: 1,
  updated_at: '2025-03-04T10:15:00.000Z',
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

const admins = role({
  id: 1,
  slug: 'beheerders',
  name: 'Beheerders',
  is_admin: true,
  users_count: 3,
  version: 2,
  abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'ROLE_IN_USE' } },
});
const planners = role({ id: 2, slug: 'planners', name: 'Planners', permissions: ['planner.view'], users_count: 0, version: 7 });

const page = (data: Role[]): Page<Role> => ({ data, meta: { current_page: 1, last_page: 1, per_page: 25, total: data.length } });

function openRoles(onDelete: FetchHandler = () => noContent()) {
  let rows = [admins, planners];
  const f = mockFetch((req) => {
    if (req.path === '/api/roles' && req.method === 'GET') return json(200, page(rows));
    if (req.path.startsWith('/api/roles/') && req.method === 'DELETE') {
      const res = onDelete(req);
      if (res instanceof Response && res.ok) rows = rows.filter((r) => `/api/roles/${r.id}` !== req.path);
      return res;
    }
    if (req.path === '/api/user/current') return apiError(401, 'UNAUTHENTICATED');
    return undefined;
  });
  const view = renderWithProviders(<RolesPage />, { path: '/settings/roles' });
  return { ...view, f };
}

const deleteButton = (name: string) => screen.getByRole('button', { name: `${name} verwijderen` });

beforeEach(() => {
  setXsrfCookie('tok');
});

describe('RolesPage', () => {
  it('loads the first page sorted by name and lists the roles', async () => {
    const { f } = openRoles();
    expect(await screen.findByRole('link', { name: 'Planners' })).toHaveAttribute('href', '/settings/roles/2');
    expect(screen.getByRole('link', { name: 'Beheerders' })).toBeInTheDocument();
    expect(screen.getByText('Alle rechten')).toBeInTheDocument();
    expect(screen.getByText('1 recht')).toBeInTheDocument();
    const [list] = f.to('/api/roles', 'GET');
    expect(Object.fromEntries(list?.query ?? [])).toEqual({ page: '1', perPage: '25', sort: 'name' });
  });

  it('disables delete for a role that people still have, and allows it for an unused role', async () => {
    openRoles();
    await screen.findByRole('link', { name: 'Planners' });
    expect(deleteButton('Beheerders')).toHaveAttribute('aria-disabled', 'true');
    expect(deleteButton('Beheerders')).toHaveAccessibleDescription('In gebruik door 3 medewerkers');
    expect(deleteButton('Planners')).not.toHaveAttribute('aria-disabled');
  });

  it("follows the server's abilities: one's own role cannot be deleted even when nobody else has it", async () => {
    const own = role({
      id: 3,
      slug: 'hr',
      name: 'HR',
      users_count: 0,
      abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'ROLE_SELF_LOCKOUT' } },
    });
    mockFetch((req) => {
      if (req.path === '/api/roles' && req.method === 'GET') return json(200, page([own]));
      if (req.path === '/api/user/current') return apiError(401, 'UNAUTHENTICATED');
      return undefined;
    });
    const { user } = renderWithProviders(<RolesPage />, { path: '/settings/roles' });
    await screen.findByRole('link', { name: 'HR' });
    const why = 'Dit is je eigen rol: je zou jezelf buitensluiten.';
    expect(deleteButton('HR')).toHaveAttribute('aria-disabled', 'true');
    expect(deleteButton('HR')).toHaveAccessibleDescription(why);
    // Pressed anyway (a phone has no hover): it says why, and asks nothing.
    await user.click(deleteButton('HR'));
    expect(notify.info).toHaveBeenCalledWith(why);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks for confirmation and deletes nothing when cancelled', async () => {
    const { user, f } = openRoles();
    await screen.findByRole('link', { name: 'Planners' });
    await user.click(deleteButton('Planners'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Rol verwijderen')).toBeInTheDocument();
    expect(within(dialog).getByText(/Weet je zeker dat je de rol Planners wilt verwijderen\?/)).toBeInTheDocument();
    expect(f.to('/api/roles/2', 'DELETE')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
  });

  it('calls DELETE /api/roles/:id?version=N only after confirming, then refreshes the list', async () => {
    const { user, f } = openRoles();
    await screen.findByRole('link', { name: 'Planners' });
    await user.click(deleteButton('Planners'));
    const dialog = await screen.findByRole('dialog');
    expect(f.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));

    await waitFor(() => expect(f.to('/api/roles/2', 'DELETE')).toHaveLength(1));
    const [del] = f.to('/api/roles/2', 'DELETE');
    expect(del?.url).toBe('/api/roles/2?version=7');
    expect(del?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect(f.requests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Rol Planners is verwijderd.'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Planners' })).not.toBeInTheDocument());
    expect(f.to('/api/roles', 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the translated error when the server refuses the delete', async () => {
    const { user } = openRoles(() => apiError(409, 'STALE_VERSION'));
    await screen.findByRole('link', { name: 'Planners' });
    await user.click(deleteButton('Planners'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Iemand anders heeft dit intussen gewijzigd. Laad de nieuwste versie.'),
    );
    expect(notify.success).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Planners' })).toBeInTheDocument();
  });

  it('sorts through the header: the next request asks for the new sort', async () => {
    const { user, f, router } = openRoles();
    await screen.findByRole('link', { name: 'Planners' });
    await user.click(screen.getByRole('button', { name: 'Sorteren op Naam' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?sort=-name'));
    await waitFor(() => expect(f.to('/api/roles', 'GET').map((r) => r.query.get('sort'))).toContain('-name'));
  });
});
