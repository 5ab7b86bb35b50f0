import type { ArticleListItem } from '@app/shared/articles/articles';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { ArticlesPage } from './ArticlesPage';

const item = (over: Partial<ArticleListItem>): ArticleListItem => ({
  id: 1,
  erpId: 'e1',
  sku: 'STL-1042',
  name: 'Loungestoel Nordic',
  typeCode: 'STL',
  typeName: 'Stoelen',
  supplierName: 'Fritz Hansen',
  status: 'active',
  unit: 'stuk',
  thumbUrl: '/api/media/3/thumb',
  productId: null,
  deletedAt: null,
  syncedAt: '2026-01-05T02:00:00.000Z',
  ...over,
});

const facets = {
  data: {
    types: [{ code: 'STL', name: 'Stoelen', count: 12 }],
    suppliers: [{ name: 'Fritz Hansen', count: 4 }],
    statuses: [{ status: 'active', count: 30 }],
  },
};

function openArticles(
  rows: ArticleListItem[],
  url = '/articles',
  permissions: Permission[] = ['articles.view', 'articles.sync'],
) {
  const f = mockFetch((req) => {
    if (req.path === '/api/articles') {
      return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
    }
    if (req.path === '/api/articles/facets') return json(200, facets);
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, permissions);
  const view = renderWithProviders(<ArticlesPage />, { path: '/articles', url, queryClient });
  return { ...view, f };
}

describe('ArticlesPage', () => {
  it('lists articles with a sized lazy thumbnail, a link, and a Product badge when a product exists', async () => {
    openArticles([item({ id: 1 }), item({ id: 2, name: 'Bank Harbour', sku: 'BNK-2001', thumbUrl: null, productId: 9 })]);
    expect(await screen.findByRole('link', { name: 'Loungestoel Nordic' })).toHaveAttribute('href', '/articles/1');
    const img = screen.getByRole('img', { name: 'Loungestoel Nordic' });
    expect(img).toHaveAttribute('src', '/api/media/3/thumb');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '44');
    expect(screen.getByRole('link', { name: 'Product van Bank Harbour openen' })).toHaveAttribute('href', '/products/9');
    expect(screen.getAllByRole('link', { name: /Product van/ })).toHaveLength(1);
  });

  it('reads tab, search and filters from the URL and sends them', async () => {
    const { f } = openArticles([], '/articles?tab=deleted&q=stoel&type=STL&status=active&sort=-sku&page=2');
    await waitFor(() => expect(f.to('/api/articles').length).toBeGreaterThan(0));
    expect(Object.fromEntries(f.to('/api/articles')[0]?.query ?? [])).toEqual({
      page: '2',
      perPage: '25',
      sort: '-sku',
      q: 'stoel',
      tab: 'deleted',
      type: 'STL',
      status: 'active',
    });
    expect(await screen.findByRole('tab', { name: 'Verwijderd', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Geen artikelen gevonden')).toBeInTheDocument();
  });

  it('switching to the deleted tab goes back to page 1', async () => {
    const { user, router } = openArticles([item({})], '/articles?page=3');
    await user.click(await screen.findByRole('tab', { name: 'Verwijderd' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?tab=deleted'));
  });

  it('when there are no articles yet, points to the sync screen for someone who may sync', async () => {
    openArticles([]);
    const empty = await screen.findByText('Nog geen artikelen');
    expect(
      within(empty.closest('.mantine-EmptyState-root') ?? document.body).getByRole('link', { name: 'Naar synchroniseren' }),
    ).toHaveAttribute('href', '/sync');
  });

  it('shows no sync button to someone without articles.sync', async () => {
    openArticles([], '/articles', ['articles.view']);
    expect(await screen.findByText(/Zodra er gesynchroniseerd is/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /synchroniseren/i })).not.toBeInTheDocument();
  });
});
