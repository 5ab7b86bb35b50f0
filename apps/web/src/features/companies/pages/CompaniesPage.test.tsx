import type { CompanySummary } from '@app/shared/companies/companies';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company, companySummary } from '../company-fixtures';
import { CompaniesPage } from './CompaniesPage';

const notify = mockNotify();

const page = (rows: CompanySummary[]) => ({
  data: rows,
  meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length },
});

const archived = companySummary({
  id: 9,
  name: 'Oude Rederij',
  abilities: {
    canEdit: true,
    canActAs: false,
    canArchive: false,
    canRestore: true,
    reasons: { canActAs: 'COMPANY_ARCHIVED', canArchive: 'COMPANY_ARCHIVED' },
  },
});

function openCompanies(o: { rows?: CompanySummary[]; url?: string; permissions?: Permission[] } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/companies') {
      return json(200, page(req.query.get('tab') === 'archived' ? [archived] : (o.rows ?? [companySummary()])));
    }
    if (req.path === '/api/companies/9' && req.method === 'GET') return json(200, { data: company({ id: 9, version: 8 }) });
    if (req.path === '/api/companies/9/restore') return json(200, { data: company({ id: 9, version: 9 }) });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['companies.manage', 'companies.act-as-client']);
  const view = renderWithProviders(<CompaniesPage />, { path: '/companies', url: o.url, queryClient });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('CompaniesPage', () => {
  it('offers "act as" only where the server says the person may', async () => {
    openCompanies({
      rows: [
        companySummary({ id: 1, name: 'Nordic Star Cruises' }),
        companySummary({
          id: 2,
          name: 'Dunes Leisure',
          abilities: { canEdit: true, canActAs: false, canArchive: true, canRestore: false, reasons: { canActAs: 'FORBIDDEN' } },
        }),
      ],
    });
    expect(await screen.findByRole('button', { name: 'Inloggen als Nordic Star Cruises' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Inloggen als Dunes Leisure' })).not.toBeInTheDocument();
  });

  it('links each name to its company, and offers "Nieuw bedrijf" only to account managers', async () => {
    openCompanies({ rows: [companySummary({ id: 3, name: 'Nordic Star Cruises' })] });
    expect(await screen.findByRole('link', { name: 'Nordic Star Cruises' })).toHaveAttribute('href', '/companies/3');
    expect(screen.getByRole('link', { name: 'Nieuw bedrijf' })).toHaveAttribute('href', '/companies/new');
  });

  it('has no "Nieuw bedrijf" for someone who may only act as a company', async () => {
    openCompanies({ permissions: ['companies.act-as-client'] });
    expect(await screen.findByRole('link', { name: 'Bedrijf' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Nieuw bedrijf' })).not.toBeInTheDocument();
  });

  it('keeps the tab in the URL and asks the server for that tab', async () => {
    const { user, f, router } = openCompanies({ url: '/companies?sector=cruise' });
    await screen.findByRole('link', { name: 'Bedrijf' });
    expect(screen.getByRole('tab', { name: 'Actief' })).toHaveAttribute('aria-selected', 'true');
    expect(f.to('/api/companies')[0]?.query.get('tab')).toBe('active');

    await user.click(screen.getByRole('tab', { name: 'Gearchiveerd' }));
    await waitFor(() => expect(router?.state.location.search).toContain('tab=archived'));
    expect(router?.state.location.search).toContain('sector=cruise');
    expect(await screen.findByRole('link', { name: 'Oude Rederij' })).toBeInTheDocument();
    expect(f.to('/api/companies').at(-1)?.query.get('tab')).toBe('archived');
    expect(screen.getByRole('table', { name: 'Gearchiveerde bedrijven' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Actief' }));
    await waitFor(() => expect(router?.state.location.search).not.toContain('tab='));
  });

  it('opens on the archived tab from the URL and restores a company with its newest version', async () => {
    const { user, f } = openCompanies({ url: '/companies?tab=archived' });
    expect(await screen.findByRole('tab', { name: 'Gearchiveerd' })).toHaveAttribute('aria-selected', 'true');
    await user.click(await screen.findByRole('button', { name: 'Oude Rederij terugzetten' }));
    await waitFor(() => expect(f.to('/api/companies/9/restore', 'POST')).toHaveLength(1));
    expect(f.to('/api/companies/9/restore', 'POST')[0]?.body).toEqual({ version: 8 });
    expect(notify.success).toHaveBeenCalledWith('Oude Rederij is teruggezet. De gebruikers kunnen weer inloggen.');
  });
});
