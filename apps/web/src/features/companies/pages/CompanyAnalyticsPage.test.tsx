import type { AnalyticsReport } from '@app/shared/analytics/analytics-report';
import { addDays, localDateString } from '@app/shared/platform/iso-week';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { CompanyAnalyticsPage } from './CompanyAnalyticsPage';

const notify = mockNotify();

const today = localDateString(new Date());

function reportFor(from: string, to: string, empty = false): AnalyticsReport {
  const days = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push({ day: d, pageViews: empty ? 0 : 40, logins: empty ? 0 : 4 });
  const n = days.length;
  return {
    from,
    to,
    refreshedAt: `${today}T08:00:00.000Z`,
    totals: { pageViews: empty ? 0 : 40 * n, logins: empty ? 0 : 4 * n },
    days,
    companies: empty
      ? []
      : [
          { id: 1, name: 'Nordic Star Cruises', pageViews: 30 * n, logins: 3 * n },
          { id: 2, name: 'Dunes Leisure Resorts', pageViews: 10 * n, logins: n },
        ],
    topPages: empty
      ? []
      : [
          { routeName: 'home', views: 20 * n },
          { routeName: 'project-areas.index', views: 5 * n },
        ],
  };
}

function open(o: { permissions?: Permission[]; url?: string; empty?: boolean; fail?: boolean } = {}) {
  let failing = o.fail ?? false;
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/analytics') {
      if (failing) return json(500, { code: 'INTERNAL', requestId: 'r1' });
      return json(200, { data: reportFor(req.query.get('from') ?? '', req.query.get('to') ?? '', o.empty) });
    }
    if (req.path === '/api/companies/options') {
      return json(200, {
        data: [
          { id: 1, name: 'Nordic Star Cruises', sector: 'cruise' },
          { id: 2, name: 'Dunes Leisure Resorts', sector: 'leisure' },
        ],
      });
    }
    if (req.path === '/api/analytics/settings' && req.method === 'GET')
      return json(200, { data: { retentionDays: 400, version: 1 } });
    if (req.path === '/api/analytics/settings' && req.method === 'PUT') {
      return json(200, { data: { retentionDays: (req.body as { retentionDays: number }).retentionDays, version: 2 } });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['companies.manage', 'dashboard.change-settings']);
  const view = renderWithProviders(<CompanyAnalyticsPage />, { path: '/companies/analytics', url: o.url, queryClient });
  return { ...view, f, recover: () => (failing = false) };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('CompanyAnalyticsPage', () => {
  it('shows the last 30 days: totals, per company, top screens', async () => {
    const { f } = open();
    const totals = await screen.findByTestId('analytics-totals');
    expect(within(totals).getByText('1.200')).toBeInTheDocument();
    expect(within(totals).getByText('120')).toBeInTheDocument();
    const [req] = f.to('/api/companies/analytics');
    expect(req?.query.get('from')).toBe(addDays(today, -29));
    expect(req?.query.get('to')).toBe(today);
    expect(within(screen.getByTestId('analytics-companies')).getByRole('link', { name: 'Nordic Star Cruises' })).toHaveAttribute(
      'href',
      '/companies/1',
    );
    const top = screen.getByTestId('analytics-top-pages');
    expect(within(top).getByText('Home')).toBeInTheDocument();
    expect(within(top).getByText('Ruimtes van een project')).toBeInTheDocument();
  });

  it('asks for another preset, a typed period (checked first) and one company, all in the address', async () => {
    const { user, f, router } = open();
    await screen.findByTestId('analytics-totals');
    await user.click(screen.getByText('Laatste 7 dagen'));
    await waitFor(() => expect(f.to('/api/companies/analytics').at(-1)?.query.get('from')).toBe(addDays(today, -6)));
    expect(router?.state.location.search).toBe('?period=7');

    await user.click(screen.getByText('Zelf kiezen'));
    const from = screen.getByLabelText(/^Van/);
    const to = screen.getByLabelText(/^Tot en met/);
    await user.clear(from);
    await user.type(from, '2026-09-10');
    await user.clear(to);
    await user.type(to, '2026-09-01');
    await user.click(screen.getByRole('button', { name: 'Toon periode' }));
    expect(await screen.findByText('De einddatum ligt voor de begindatum.')).toBeInTheDocument();
    await user.clear(to);
    await user.type(to, '2026-09-30');
    await user.click(screen.getByRole('button', { name: 'Toon periode' }));
    await waitFor(() => expect(f.to('/api/companies/analytics').at(-1)?.query.get('to')).toBe('2026-09-30'));
    expect(router?.state.location.search).toBe('?from=2026-09-10&to=2026-09-30');

    await user.click(screen.getByRole('combobox', { name: 'Bedrijf' }));
    await user.click(await screen.findByRole('option', { name: 'Dunes Leisure Resorts' }));
    await waitFor(() => expect(f.to('/api/companies/analytics').at(-1)?.query.get('companyId')).toBe('2'));
    expect(router?.state.location.search).toContain('company=2');
  });

  it('says so when the period has no use', async () => {
    open({ empty: true });
    expect(await screen.findByText('Geen gebruik in deze periode')).toBeInTheDocument();
  });

  it('retries a failed load', async () => {
    const { user, recover } = open({ fail: true });
    const retry = await screen.findByRole('button', { name: 'Opnieuw proberen' });
    recover();
    await user.click(retry);
    expect(await screen.findByTestId('analytics-totals')).toBeInTheDocument();
  });

  it('checks and saves the retention, and hides it from people who may not change it', async () => {
    const { user, f, unmount } = open();
    const field = await screen.findByRole('textbox', { name: /Ruwe gegevens bewaren/ });
    await user.clear(field);
    await user.type(field, '10');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Bewaar de gegevens minstens 30 dagen.')).toBeInTheDocument();
    expect(f.to('/api/analytics/settings', 'PUT')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '730');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/analytics/settings', 'PUT')[0]?.body).toEqual({ retentionDays: 730, version: 1 }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ruwe gegevens worden nu 730 dagen bewaard.'));
    unmount();

    const other = open({ permissions: ['companies.manage'] });
    await screen.findByTestId('analytics-totals');
    expect(screen.queryByRole('heading', { name: 'Bewaartermijn' })).not.toBeInTheDocument();
    expect(other.f.to('/api/analytics/settings')).toHaveLength(0);
  });
});
