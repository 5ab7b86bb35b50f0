import type { Role } from '@app/shared/users/roles';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { RoleCreatePage, RoleEditPage } from './RoleEditPage';

const notify = mockNotify();

const role = (over: Partial<Role> = {}): Role => ({
  id: 5,
  slug: 'planners',
  name: 'Planners',
  is_admin: false,
  dashboard_view: 'planning',
  permissions: ['planner.view'],
  users_count: 2,
  version: 3,
  updated_at: '2026-01-05T09:00:00.000Z',
  abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'ROLE_IN_USE' } },
  ...over,
});

function open(o: { create?: boolean; onSave?: FetchHandler; loads?: Role[] } = {}) {
  let load = 0;
  const loads = o.loads ?? [role()];
  const f = mockFetch((req) => {
    if (req.path === '/api/roles' && req.method === 'POST') {
      return o.onSave?.(req) ?? json(201, { data: role({ id: 9, ...(req.body as object) }) });
    }
    if (req.path === '/api/roles/5' && req.method === 'GET')
      return json(200, { data: loads[Math.min(load++, loads.length - 1)] });
    if (req.path === '/api/roles/5' && req.method === 'PATCH') {
      return o.onSave?.(req) ?? json(200, { data: role({ ...(req.body as object), version: 4 }) });
    }
    if (req.path === '/api/user/current') return apiError(401, 'UNAUTHENTICATED');
    return undefined;
  });
  const view = o.create
    ? renderWithProviders(<RoleCreatePage />, { path: '/settings/roles/new' })
    : renderWithProviders(<RoleEditPage />, { path: '/settings/roles/:roleId', url: '/settings/roles/5' });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('RoleCreatePage', () => {
  it("keeps 'Rol aanmaken' usable on an empty form and says what is missing", async () => {
    const { user, f } = open({ create: true });
    const submit = await screen.findByRole('button', { name: 'Rol aanmaken' });
    expect(submit).toBeEnabled();
    await user.click(submit);

    const name = screen.getByRole('textbox', { name: /^Naam/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByText('Dit veld is verplicht.').length).toBeGreaterThanOrEqual(1);
    // The first field with a problem gets the focus, so a keyboard user lands on it.
    await waitFor(() => expect(name).toHaveFocus());
    expect(f.to('/api/roles', 'POST')).toHaveLength(0);

    await user.click(name);
    await user.paste('Werkvoorbereiders');
    await waitFor(() => expect(name).not.toHaveAttribute('aria-invalid', 'true'));
    await user.click(submit);
    await waitFor(() => expect(f.to('/api/roles', 'POST')).toHaveLength(1));
    expect(f.to('/api/roles', 'POST')[0]?.body).toMatchObject({ name: 'Werkvoorbereiders', slug: 'werkvoorbereiders' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Rol Werkvoorbereiders is aangemaakt.'));
  });

  it("puts the server's field errors on the fields", async () => {
    const { user } = open({
      create: true,
      onSave: () => apiError(409, 'VALIDATION_FAILED', { fieldErrors: { slug: { code: 'slug_taken' } } }),
    });
    await user.click(await screen.findByRole('textbox', { name: /^Naam/ }));
    await user.paste('Planners');
    await user.click(screen.getByRole('button', { name: 'Rol aanmaken' }));
    const slug = screen.getByRole('textbox', { name: /^Slug/ });
    await waitFor(() => expect(slug).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Deze slug is al in gebruik.')).toBeInTheDocument();
  });
});

describe('RoleEditPage', () => {
  it('shows the stale banner on 409 and starts again from the newest version on request', async () => {
    const newer = role({ name: 'Planning (door Kees)', version: 5 });
    const { user, f } = open({ onSave: () => apiError(409, 'STALE_VERSION'), loads: [role(), newer] });
    const name = await screen.findByRole('textbox', { name: /^Naam/ });
    await user.click(name);
    await user.paste(' en werkvoorbereiding');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
    expect(f.to('/api/roles/5', 'PATCH')[0]?.body).toMatchObject({ version: 3 });
    await user.click(within(banner).getByRole('button', { name: 'Nieuwste versie laden' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Naam/ })).toHaveValue('Planning (door Kees)'));
    expect(screen.queryByText('Iemand anders heeft dit intussen gewijzigd')).not.toBeInTheDocument();
  });
});
