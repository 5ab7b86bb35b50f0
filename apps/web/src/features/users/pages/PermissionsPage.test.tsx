import { PERMISSIONS } from '@app/shared/platform/permissions';
import type { PermissionMatrix } from '@app/shared/users/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { PermissionsPage } from './PermissionsPage';

const notify = mockNotify();

const matrix = (): PermissionMatrix => ({
  roles: [
    { id: 1, slug: 'beheerders', name: 'Beheerders', is_admin: true, permissions: [], version: 2 },
    { id: 2, slug: 'planners', name: 'Planners', is_admin: false, permissions: ['planner.view'], version: 4 },
    { id: 3, slug: 'hr', name: 'HR', is_admin: false, permissions: ['leave.manage'], version: 9 },
  ],
});

// The server answers a save with the whole matrix as it now is (the handler's body is replaced by it).
function openMatrix(onSave: FetchHandler = () => json(200, {})) {
  let current = matrix();
  const f = mockFetch((req) => {
    if (req.path === '/api/permissions' && req.method === 'GET') return json(200, { data: current });
    if (req.path === '/api/permissions' && req.method === 'PUT') {
      const res = onSave(req);
      if (res instanceof Response && res.ok) {
        const input = req.body as { roles: { id: number; permissions: string[] }[] };
        current = {
          roles: current.roles.map((r) => {
            const next = input.roles.find((x) => x.id === r.id);
            return next ? { ...r, permissions: next.permissions, version: r.version + 1 } : r;
          }),
        };
        return json(200, { data: current });
      }
      return res;
    }
    if (req.path === '/api/user/current') return apiError(401, 'UNAUTHENTICATED');
    return undefined;
  });
  const view = renderWithProviders(<PermissionsPage />, { path: '/settings/permissions' });
  return { ...view, f };
}

// Label queries: the matrix holds ~80 checkboxes and role queries over them cost seconds in jsdom.
const cell = (role: string, permission: string) =>
  screen.getByLabelText(`${role}: ${permission}`, { selector: 'input[type="checkbox"]' });
const saveButton = () => screen.getByRole('button', { name: /^(Opslaan|\d+ (rol|rollen) opslaan)$/ });

beforeEach(() => {
  setXsrfCookie('tok');
});

describe('PermissionsPage', () => {
  it('checks and disables every cell of the admin column', async () => {
    openMatrix();
    await screen.findByRole('heading', { name: 'Permissies' });
    const adminCells = screen.getAllByLabelText(/^Beheerders: /, { selector: 'input[type="checkbox"]' });
    expect(adminCells).toHaveLength(PERMISSIONS.length);
    for (const c of adminCells) {
      expect(c).toBeChecked();
      expect(c).toBeDisabled();
    }
    expect(cell('Planners', 'Planning bekijken')).toBeChecked();
    expect(cell('Planners', 'Planning bekijken')).toBeEnabled();
    expect(cell('Planners', 'Planning beheren')).not.toBeChecked();
  });

  it("starts with 'Opslaan' disabled; ticking a cell enables it as '1 rol opslaan', undoing it goes back", async () => {
    const { user } = openMatrix();
    await screen.findByRole('heading', { name: 'Permissies' });
    expect(saveButton()).toHaveTextContent(/^Opslaan$/);
    expect(saveButton()).toBeDisabled();

    await user.click(cell('Planners', 'Planning beheren'));
    expect(saveButton()).toHaveTextContent(/^1 rol opslaan$/);
    expect(saveButton()).toBeEnabled();

    await user.click(cell('HR', 'Verlof goedkeuren'));
    expect(saveButton()).toHaveTextContent(/^2 rollen opslaan$/);

    await user.click(cell('HR', 'Verlof goedkeuren'));
    await user.click(cell('Planners', 'Planning beheren'));
    expect(saveButton()).toHaveTextContent(/^Opslaan$/);
    expect(saveButton()).toBeDisabled();
  });

  it('saves with PUT /api/permissions holding only the changed role and its version', async () => {
    const { user, f } = openMatrix();
    await screen.findByRole('heading', { name: 'Permissies' });
    await user.click(cell('Planners', 'Planning beheren'));
    await user.click(saveButton());

    await waitFor(() => expect(f.to('/api/permissions', 'PUT')).toHaveLength(1));
    const [put] = f.to('/api/permissions', 'PUT');
    expect(put?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect(put?.body).toEqual({
      roles: [{ id: 2, version: 4, permissions: expect.arrayContaining(['planner.view', 'planner.manage']) }],
    });
    const body = put?.body as { roles: { permissions: string[] }[] } | undefined;
    expect(body?.roles[0]?.permissions).toHaveLength(2);
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Rechten van 1 rol opgeslagen.'));
    // The saved matrix is loaded again: nothing is left to save.
    await waitFor(() => expect(saveButton()).toHaveTextContent(/^Opslaan$/));
    expect(cell('Planners', 'Planning beheren')).toBeChecked();
    expect(f.to('/api/permissions', 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('a 409 STALE_VERSION shows the stale alert naming the role, and reload fetches the matrix again', async () => {
    const { user, f } = openMatrix(() => apiError(409, 'STALE_VERSION', { details: { roleId: 3, name: 'HR' } }));
    await screen.findByRole('heading', { name: 'Permissies' });
    await user.click(cell('HR', 'Verlof goedkeuren'));
    await user.click(saveButton());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Iemand anders heeft dit intussen gewijzigd');
    expect(alert).toHaveTextContent('De rol HR is intussen door iemand anders gewijzigd. Er is niets opgeslagen.');
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();

    const gets = f.to('/api/permissions', 'GET').length;
    await user.click(within(alert).getByRole('button', { name: 'Nieuwste versie laden' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    await waitFor(() => expect(f.to('/api/permissions', 'GET').length).toBe(gets + 1));
  });

  it('any other save failure is a toast with the translated message', async () => {
    const { user } = openMatrix(() => apiError(409, 'ROLE_SELF_LOCKOUT'));
    await screen.findByRole('heading', { name: 'Permissies' });
    await user.click(cell('Planners', 'Planning beheren'));
    await user.click(saveButton());
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Je kunt jezelf niet het recht ontnemen om rollen te beheren.',
        expect.anything(),
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
