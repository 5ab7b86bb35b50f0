import type { CompanyUser } from '@app/shared/companies/company-users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyUsersPage } from './CompanyUsersPage';
import { badgeText, companyUser } from './CompanyUsersPage.fixtures';

const _notify = mockNotify();

const page = (rows: CompanyUser[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
});

function openUsers(o: { rows?: CompanyUser[]; url?: string } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/7' && req.method === 'GET') return json(200, { data: company() });
    if (req.path === '/api/companies/7/users') return json(200, page(req.query.get('q') === 'zzz' ? [] : (o.rows ?? [])));
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['companies.manage']);
  const view = renderWithProviders(<CompanyUsersPage />, {
    path: '/companies/:companyId/users',
    url: o.url ?? '/companies/7/users',
    queryClient,
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('CompanyUsersPage', () => {
  it("shows the company's header and tabs, each user with the invitation's state and the last sign-in", async () => {
    openUsers({
      rows: [
        companyUser({ id: 21, name: 'Anna de Boer', invitation: 'pending', invitedAt: '2026-11-20T09:00:00.000Z' }),
        companyUser({
          id: 22,
          name: 'Bram Smit',
          email: 'bram@nordicstar.test',
          invitation: 'accepted',
          lastLoginAt: '2026-11-23T14:05:00.000Z',
        }),
        companyUser({ id: 23, name: 'Carla Vos', email: 'carla@nordicstar.test', invitation: 'none', invitedAt: null }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordic Star Cruises' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Onderdelen van Nordic Star Cruises' });
    expect(within(tabs).getByRole('link', { name: 'Gebruikers' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: 'Gegevens' })).toHaveAttribute('href', '/companies/7');
    expect(within(tabs).getByRole('link', { name: 'Permissies' })).toHaveAttribute('href', '/companies/7/permissions');

    expect(await screen.findByRole('link', { name: 'Anna de Boer' })).toHaveAttribute('href', '/companies/7/users/21');
    expect(screen.getByText(badgeText('Uitgenodigd op 20-11-2026'))).toBeInTheDocument();
    expect(screen.getByText('Geaccepteerd')).toBeInTheDocument();
    expect(screen.getByText('Niet uitgenodigd')).toBeInTheDocument();
    expect(screen.getByText(/23-11-2026 \d\d:05/)).toBeInTheDocument();
    expect(screen.getAllByText('Nog nooit')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Nieuwe gebruiker' })).toHaveAttribute('href', '/companies/7/users/new');
  });

  it('asks the server for the sort and the search from the URL, and says when nothing matches', async () => {
    const { user, f } = openUsers({ rows: [companyUser()], url: '/companies/7/users?sort=-lastLogin' });
    await screen.findByRole('link', { name: 'Anna de Boer' });
    expect(f.to('/api/companies/7/users')[0]?.query.get('sort')).toBe('-lastLogin');
    await user.type(screen.getByRole('textbox', { name: 'Zoek op naam, e-mail of functie' }), 'zzz');
    expect(await screen.findByText('Geen gebruikers gevonden')).toBeInTheDocument();
    await waitFor(() => expect(f.to('/api/companies/7/users').at(-1)?.query.get('q')).toBe('zzz'));
  });

  it('invites to add the first user when the company has none', async () => {
    openUsers({ rows: [] });
    expect(await screen.findByText('Nog geen gebruikers')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nieuwe gebruiker' }).length).toBeGreaterThan(0);
  });
});
