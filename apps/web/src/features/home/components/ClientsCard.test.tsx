import type { CompanyBrand } from '@app/shared/auth/auth';
import type { CompanySummary } from '@app/shared/companies/companies';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { storage } from '../../../lib/storage';
import { session } from '../../../platform/session';
import { companySummary } from '../../companies/company-fixtures';
import { signIn } from '../../products/testing';
import { ClientsCard } from './ClientsCard';

// Acting as a company is the real one (auth/api startActingAs): the server is asked through the
// mocked fetch and the session changes; setup.ts resets the session after each test.
const notify = mockNotify();

const nordic = companySummary({ id: 1, name: 'Nordic Star Cruises' });
const dunes = companySummary({ id: 2, name: 'Dunes Leisure Resorts', sector: 'leisure' });
const closed = companySummary({
  id: 3,
  name: 'Noordzee Ferries',
  abilities: { canEdit: true, canActAs: false, canArchive: true, canRestore: false, reasons: { canActAs: 'FORBIDDEN' } },
});

const brand = ({ id, name, logo, primaryColor, secondaryColor, sector }: CompanySummary): CompanyBrand => ({
  id,
  name,
  logo,
  primaryColor,
  secondaryColor,
  sector,
});

/** `actAs`: what POST /api/acting-as answers (default: the company asked for). */
function open(permissions: Permission[], actAs?: () => Response) {
  const f = mockFetch((req) => {
    if (req.path === '/api/acting-as' && req.method === 'POST') {
      if (actAs) return actAs();
      const id = (req.body as { companyId: number }).companyId;
      const company = [nordic, dunes, closed].find((c) => c.id === id);
      return company ? json(200, { data: brand(company) }) : undefined;
    }
    if (req.path === '/api/companies') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const rows: CompanySummary[] = [nordic, dunes, closed].filter((c) => c.name.toLowerCase().includes(q));
      return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, permissions);
  return { ...renderWithProviders(<ClientsCard />, { path: '/', queryClient }), f };
}

beforeEach(() => {
  setXsrfCookie('tok');
});

describe('ClientsCard', () => {
  it('adds a client and acts as a company found by a search on the server', async () => {
    const { user, f } = open(['companies.manage', 'companies.act-as-client']);
    expect(screen.getByRole('heading', { name: 'Klanten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Klant toevoegen' })).toHaveAttribute('href', '/companies/new');
    const button = screen.getByRole('button', { name: 'Meekijken' });
    expect(button).toBeDisabled();

    const picker = screen.getByRole('combobox', { name: 'Meekijken als klant' });
    await user.click(picker);
    await user.type(picker, 'dun');
    await waitFor(() => expect(f.to('/api/companies').some((r) => r.query.get('q') === 'dun')).toBe(true));
    await user.click(await screen.findByRole('option', { name: 'Dunes Leisure Resorts' }));
    expect(button).toBeEnabled();
    expect(session.get().actingAs).toBeNull();
    await user.click(button);
    await waitFor(() =>
      expect(session.get()).toEqual({ routeSet: 'customer', actingAs: { id: 2, name: 'Dunes Leisure Resorts' } }),
    );
    expect(f.to('/api/acting-as', 'POST')).toHaveLength(1);
    expect(f.to('/api/acting-as', 'POST')[0]?.body).toEqual({ companyId: 2 });
    expect(storage.actingAs()).toEqual({ id: 2, name: 'Dunes Leisure Resorts' });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('offers only the companies the server says may be acted as', async () => {
    const { user } = open(['companies.act-as-client']);
    await user.click(screen.getByRole('combobox', { name: 'Meekijken als klant' }));
    expect(await screen.findByRole('option', { name: 'Nordic Star Cruises' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Noordzee Ferries' })).not.toBeInTheDocument();
    // Acting only: no 'add a client'.
    expect(screen.queryByRole('link', { name: 'Klant toevoegen' })).not.toBeInTheDocument();
  });

  it('says why acting as failed and lets the person try again', async () => {
    const { user, f } = open(['companies.act-as-client'], () => apiError(500, 'INTERNAL'));
    await user.click(screen.getByRole('combobox', { name: 'Meekijken als klant' }));
    await user.click(await screen.findByRole('option', { name: 'Nordic Star Cruises' }));
    await user.click(screen.getByRole('button', { name: 'Meekijken' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalled());
    expect(f.to('/api/acting-as', 'POST')[0]?.body).toEqual({ companyId: 1 });
    expect(session.get()).toEqual({ routeSet: 'guest', actingAs: null });
    expect(screen.getByRole('button', { name: 'Meekijken' })).toBeEnabled();
  });

  it('shows only "add a client" to an account manager without the act-as right, and nothing without either', async () => {
    const { unmount } = open(['companies.manage']);
    expect(screen.getByRole('link', { name: 'Klant toevoegen' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Meekijken als klant' })).not.toBeInTheDocument();
    unmount();
    open(['projects.view']);
    expect(screen.queryByRole('heading', { name: 'Klanten' })).not.toBeInTheDocument();
  });
});
