import type { CompanySummary } from '@app/shared/companies/companies';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { CompaniesPage } from './CompaniesPage';

const company = (over: Partial<CompanySummary>): CompanySummary => ({
  id: 1,
  name: 'Bedrijf',
  logo: null,
  primaryColor: '#123456',
  secondaryColor: '#c8a45c',
  sector: 'cruise',
  city: 'Rotterdam',
  country: 'NL',
  usersCount: 2,
  abilities: { canEdit: true, canActAs: true, canArchive: true, canRestore: false, reasons: {} },
  ...over,
});

function openCompanies(rows: CompanySummary[]) {
  mockFetch((req) => {
    if (req.path === '/api/companies') {
      return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
    }
    if (req.path === '/api/user/current') return apiError(401, 'UNAUTHENTICATED');
    return undefined;
  });
  return renderWithProviders(<CompaniesPage />, { path: '/companies' });
}

beforeEach(() => setXsrfCookie('tok'));

describe('CompaniesPage', () => {
  it('offers "act as" only where the server says the person may', async () => {
    openCompanies([
      company({ id: 1, name: 'Nordic Star Cruises' }),
      company({
        id: 2,
        name: 'Dunes Leisure',
        abilities: { canEdit: true, canActAs: false, canArchive: true, canRestore: false, reasons: { canActAs: 'FORBIDDEN' } },
      }),
    ]);
    expect(await screen.findByRole('button', { name: 'Inloggen als Nordic Star Cruises' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Inloggen als Dunes Leisure' })).not.toBeInTheDocument();
  });
});
