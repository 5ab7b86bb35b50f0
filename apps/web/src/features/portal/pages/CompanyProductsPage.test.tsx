import type { PortalCompanyProduct } from '@app/shared/companies/company-products';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch, type RecordedRequest } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { CompanyProductsPage } from './CompanyProductsPage';

const product = (id: number, type: string | null, o: Partial<PortalCompanyProduct> = {}): PortalCompanyProduct => ({
  id,
  product: { id: id * 10, name: `Product ${id}`, code: `SKU-${id}`, thumbUrl: null },
  article: { article_type: type === null ? null : { name: type } },
  project: { id: 4, name: 'MS Noordam' },
  orderLineId: null,
  reference: `REF-${id}`,
  ...o,
});

const FILTERS = {
  data: {
    projects: [
      { id: 4, name: 'MS Noordam' },
      { id: 5, name: 'Hotel Duin' },
    ],
    types: [
      { name: 'Bed', count: 30 },
      { name: '', count: 2 },
    ],
  },
};

/** 32 products: 30 beds and 2 without a type, 24 a page. */
const ALL = [...Array.from({ length: 30 }, (_, i) => product(i + 1, 'Bed')), product(31, null), product(32, null)];

function open(url = '/company-products', answer?: (req: RecordedRequest) => Response | undefined) {
  const f = mockFetch((req) => {
    if (req.path === '/api/client/company-products/filters') return json(200, FILTERS);
    if (req.path === '/api/client/company-products') {
      const custom = answer?.(req);
      if (custom) return custom;
      const page = Number(req.query.get('page') ?? 1);
      const rows = ALL.slice((page - 1) * 24, page * 24);
      return json(200, { data: rows, meta: { current_page: page, last_page: 2, per_page: 24, total: ALL.length } });
    }
    return undefined;
  });
  const r = renderWithProviders(<CompanyProductsPage />, { path: '/company-products', url });
  return { ...r, f };
}

describe('CompanyProductsPage', () => {
  it('shows the first 24 grouped by type, and the next page with "Meer laden" (Unknown last)', async () => {
    const { user, f } = open();
    await screen.findByRole('heading', { level: 2, name: 'Bed' });
    expect(screen.getAllByTestId('product-card')).toHaveLength(24);
    expect(screen.getByText('24 van 32 producten')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    await screen.findByRole('heading', { level: 2, name: 'Onbekend' });
    expect(screen.getAllByTestId('product-card')).toHaveLength(32);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Bed', 'Onbekend']);
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
    expect(f.to('/api/client/company-products').map((r) => r.query.get('page'))).toEqual(['1', '2']);
  });

  it('links a card to its order line when it has one, else to the product page', async () => {
    open('/company-products', () =>
      json(200, {
        data: [product(1, 'Bed', { orderLineId: 77 }), product(2, 'Bed')],
        meta: { current_page: 1, last_page: 1, per_page: 24, total: 2 },
      }),
    );
    const cards = await screen.findAllByTestId('product-card');
    expect(cards[0]).toHaveAttribute('href', '/company-products/4/77');
    expect(cards[1]).toHaveAttribute('href', '/product-files/2');
    expect(within(cards[0] as HTMLElement).getByText('Referentie REF-1')).toBeInTheDocument();
  });

  it('reads the filters from the URL as JSON and sends them to the API; clearing them starts again', async () => {
    const { user, f, router } = open('/company-products?projects=[4]&types=["Bed",""]');
    await screen.findAllByTestId('product-card');
    const first = f.to('/api/client/company-products')[0];
    expect(first?.query.get('projects')).toBe('4');
    expect(first?.query.get('types')).toBe('["Bed",""]');
    await user.click(screen.getByRole('button', { name: 'Filters wissen' }));
    await waitFor(() => expect(router?.state.location.search).toBe(''));
    await waitFor(() => expect(f.to('/api/client/company-products').at(-1)?.query.get('types')).toBeNull());
  });

  it('cancels the request in flight when the filters change, and shows only the new answer', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/client/company-products/filters') return json(200, FILTERS);
      if (req.query.get('types')) return new Promise<Response>(() => undefined); // never answers
      return json(200, { data: [product(9, 'Bed')], meta: { current_page: 1, last_page: 1, per_page: 24, total: 1 } });
    });
    const { user } = renderWithProviders(<CompanyProductsPage />, {
      path: '/company-products',
      url: '/company-products?types=["Bed"]',
    });
    await waitFor(() => expect(f.to('/api/client/company-products')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Filters wissen' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(1);
    expect(f.to('/api/client/company-products')[0]?.init.signal?.aborted).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when no product matches the filters, with a way to clear them', async () => {
    const { user, router } = open('/company-products?types=["Kast"]', () =>
      json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 24, total: 0 } }),
    );
    await screen.findByText('Geen producten gevonden');
    const clear = screen.getAllByRole('button', { name: 'Filters wissen' });
    await user.click(clear[clear.length - 1] as HTMLElement);
    await waitFor(() => expect(router?.state.location.search).toBe(''));
  });

  it('says when the company has no products yet', async () => {
    open('/company-products', () => json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 24, total: 0 } }));
    expect(await screen.findByText('Nog geen producten')).toBeInTheDocument();
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    const { user } = open('/company-products', () => (fail ? apiError(500, 'INTERNAL') : undefined));
    await screen.findByRole('alert');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findAllByTestId('product-card')).toHaveLength(24);
  });
});
