import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../../test/fetch';
import { setTestLanguage } from '../../../../test/i18n';
import { renderWithProviders } from '../../../../test/render';
import { clientViewer, order } from '../order-fixtures';
import { OrdersPage } from './OrdersPage';

const page = (rows: unknown[]) =>
  json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });

function open(url = '/orders') {
  const f = mockFetch((req) => {
    if (req.path === '/api/client/orders') {
      return req.query.get('tab') === 'ongoing' ? page([order('pending_approval', clientViewer)]) : page([]);
    }
    return undefined;
  });
  const r = renderWithProviders(<OrdersPage />, { path: '/orders', url });
  return { ...r, f };
}

describe('OrdersPage', () => {
  it('opens on the ongoing orders and switches to the requests in the URL, with that tab’s empty state', async () => {
    const { user, f, router } = open();
    expect(await screen.findByRole('link', { name: 'Barkruk Nordic' })).toHaveAttribute('href', '/orders/12');
    expect(screen.getByText('Wacht op goedkeuring')).toBeInTheDocument();
    expect(f.to('/api/client/orders')[0]?.query.get('tab')).toBe('ongoing');

    await user.click(screen.getByRole('radio', { name: 'Aangevraagd' }));
    expect(await screen.findByText('Geen aanvragen')).toBeInTheDocument();
    expect(router?.state.location.search).toBe('?tab=requested');
    await waitFor(() => expect(f.to('/api/client/orders').at(-1)?.query.get('tab')).toBe('requested'));
    expect(screen.getAllByRole('link', { name: 'Product aanvragen' }).length).toBeGreaterThan(0);
  });

  it('reads the tab from the URL', async () => {
    const { f } = open('/orders?tab=completed');
    expect(await screen.findByText('Nog niets afgerond')).toBeInTheDocument();
    expect(f.to('/api/client/orders')[0]?.query.get('tab')).toBe('completed');
  });

  it('speaks English to an English reader', async () => {
    await setTestLanguage('en');
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ongoing orders' })).toBeChecked();
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Request a product' }).length).toBeGreaterThan(0);
  });
});
