import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { clientViewer, order } from '../order-fixtures';
import { OrderRequestPage } from './OrderRequestPage';

const notify = mockNotify();

const catalogue = {
  data: [{ id: 55, slug: 'stoel-oslo', nameNl: 'Stoel Oslo', nameEn: 'Chair Oslo', thumbUrl: null, largeUrl: null }],
  meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
};

function open(answer: (body: Record<string, unknown>) => Response) {
  const f = mockFetch((req) => {
    if (req.path === '/api/public/products') return json(200, catalogue);
    if (req.path === '/api/client/orders' && req.method === 'POST') return answer(req.body as Record<string, unknown>);
    return undefined;
  });
  const r = renderWithProviders(<OrderRequestPage />, { path: '/orders/new' });
  return { ...r, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('OrderRequestPage', () => {
  it('asks for a catalogue product and a title, and sends nothing without them', async () => {
    const { user, f } = open(() => json(201, { data: order('requested', clientViewer) }));
    await user.click(await screen.findByRole('button', { name: 'Aanvraag versturen' }));
    expect(await screen.findByText('Kies een product uit de catalogus.')).toBeInTheDocument();
    expect(screen.getByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/client/orders', 'POST')).toHaveLength(0);
  });

  it('sends a new product with its title (no catalogue product) and opens the request', async () => {
    const { user, f, router } = open(() => json(201, { data: order('requested', clientViewer, { id: 31 }) }));
    await user.click(await screen.findByRole('radio', { name: 'Nieuw product' }));
    await user.type(screen.getByRole('textbox', { name: /Naam van het nieuwe product/ }), 'Barkruk Nordic');
    await user.tab();
    // The request's title follows the new product's name while it is empty.
    expect(screen.getByRole('textbox', { name: /^Titel/ })).toHaveValue('Barkruk Nordic');
    await user.type(screen.getByRole('textbox', { name: /Omschrijving/ }), 'Voor de bar');
    await user.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    await waitFor(() => expect(f.to('/api/client/orders', 'POST')).toHaveLength(1));
    expect(f.to('/api/client/orders', 'POST')[0]?.body).toEqual({
      title: 'Barkruk Nordic',
      description: 'Voor de bar',
      quantity: 1,
      productId: null,
      newProductTitle: 'Barkruk Nordic',
      newProductThumbnailMediaId: null,
      fileIds: [],
      projectId: null,
    });
    await waitFor(() => expect(router?.state.location.pathname).toBe('/orders/31'));
    expect(notify.success).toHaveBeenCalledWith('Je aanvraag ‘Barkruk Nordic’ is verstuurd.');
  });

  it('sends a catalogue product, and shows the server’s “Product niet gevonden” on the product', async () => {
    const { user, f } = open(() =>
      json(400, { code: 'VALIDATION', message: 'x', fieldErrors: { productId: { code: 'not_found' } } }),
    );
    await user.click(await screen.findByRole('combobox', { name: /^Product/ }));
    await user.click(await screen.findByRole('option', { name: 'Stoel Oslo' }));
    expect(screen.getByRole('textbox', { name: /^Titel/ })).toHaveValue('Stoel Oslo');
    await user.click(screen.getByRole('button', { name: 'Aanvraag versturen' }));
    await waitFor(() => expect(f.to('/api/client/orders', 'POST')).toHaveLength(1));
    expect(f.to('/api/client/orders', 'POST')[0]?.body).toMatchObject({ productId: 55, newProductTitle: null });
    expect(await screen.findByText('Product niet gevonden.')).toBeInTheDocument();
  });
});
