import type { ArticleDetail, ArticleUpdate } from '@app/shared/articles/articles';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { media, productDetail, signIn } from '../../products/testing';
import { ArticlePage } from './ArticlePage';

const notify = mockNotify();

const article = (over: Partial<ArticleDetail> = {}): ArticleDetail => ({
  id: 41,
  erpId: '9f0c1c2e-0000-4000-8000-000000000041',
  sku: 'STL-1042',
  name: 'Loungestoel Nordic eiken',
  typeCode: 'STL',
  typeName: 'Stoelen',
  supplierName: 'Fritz Hansen',
  status: 'active',
  unit: 'stuk',
  thumbUrl: null,
  productId: null,
  deletedAt: null,
  syncedAt: '2026-01-05T02:00:00.000Z',
  description: 'Eiken frame, wollen bekleding.',
  lengthMm: 820,
  widthMm: 760,
  heightMm: 740,
  weightKg: 11.5,
  costPrice: 412.5,
  erpModifiedAt: '2026-01-03T15:20:00.000Z',
  usage: 'Hutten en suites',
  specifications: null,
  options: null,
  impression: null,
  media: [media(1), media(2)],
  linkedProjects: [],
  version: 2,
  abilities: { canEdit: true, canCreateProduct: true, reasons: {} },
  ...over,
});

function openArticle(
  o: { loads?: ArticleDetail[]; onPatch?: FetchHandler; onCreate?: FetchHandler; permissions?: Permission[] } = {},
) {
  let load = 0;
  const loads = o.loads ?? [article()];
  const f = mockFetch((req) => {
    if (req.path === '/api/articles/41' && req.method === 'GET')
      return json(200, { data: loads[Math.min(load++, loads.length - 1)] });
    if (req.path === '/api/articles/41' && req.method === 'PATCH') {
      return o.onPatch?.(req) ?? json(200, { data: article({ ...(req.body as object), version: 3 }) });
    }
    if (req.path === '/api/products' && req.method === 'POST') {
      return o.onCreate?.(req) ?? json(201, { data: productDetail({ id: 77, nameNl: 'Loungestoel Nordic eiken' }) });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, o.permissions ?? ['articles.view', 'products.manage']);
  const view = renderWithProviders(null, {
    url: '/articles/41',
    queryClient,
    routes: [
      { path: '/articles/:articleId', element: <ArticlePage /> },
      { path: '/products/:productId', element: <p data-testid="product-editor">product</p> },
    ],
  });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('ArticlePage', () => {
  it('shows the ERP fields read-only, Dutch style, with the note that they come from the ERP', async () => {
    openArticle();
    expect(await screen.findByRole('heading', { name: 'Loungestoel Nordic eiken' })).toBeInTheDocument();
    expect(screen.getByText(/Deze gegevens komen uit het ERP/)).toBeInTheDocument();
    expect(screen.getByText('820 × 760 × 740 mm')).toBeInTheDocument();
    expect(screen.getByText('€ 412,50')).toBeInTheDocument();
    expect(screen.getByText('11,5 kg')).toBeInTheDocument();
    expect(screen.getByText('Nog niet gebruikt in projecten')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Omschrijving/ })).not.toBeInTheDocument();
  });

  it('saves the staff fields, the image order and the impression with the version', async () => {
    const { user, f } = openArticle();
    const specs = await screen.findByRole('textbox', { name: /Specificaties/ });
    await user.click(specs);
    await user.paste('Brandklasse B1');
    await user.click(screen.getByRole('button', { name: 'Impressiebeeld: foto-2.jpg' }));
    await user.click(screen.getByRole('button', { name: 'foto-2.jpg naar voren' }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(f.to('/api/articles/41', 'PATCH')).toHaveLength(1));
    const body = f.to('/api/articles/41', 'PATCH')[0]?.body as ArticleUpdate;
    expect(body).toEqual({
      usage: 'Hutten en suites',
      specifications: 'Brandklasse B1',
      options: null,
      impressionMediaId: 2,
      mediaIds: [2, 1],
      version: 2,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Artikel Loungestoel Nordic eiken is opgeslagen.'));
  });

  it('shows the stale banner when someone else saved first', async () => {
    const { user } = openArticle({ onPatch: () => apiError(409, 'STALE_VERSION') });
    await user.click(await screen.findByRole('textbox', { name: /Opties/ }));
    await user.paste('Ook in walnoot');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
  });

  it('makes a product from the article and opens it', async () => {
    const { user, f } = openArticle();
    await user.click(await screen.findByRole('button', { name: 'Product maken' }));
    expect(await screen.findByTestId('product-editor')).toBeInTheDocument();
    expect(f.to('/api/products', 'POST')[0]?.body).toEqual({ articleId: 41 });
    expect(notify.success).toHaveBeenCalledWith('Product Loungestoel Nordic eiken is aangemaakt.');
  });

  it('opens the existing product when one was made from the article meanwhile (409)', async () => {
    const { user, router } = openArticle({
      onCreate: () => apiError(409, 'PRODUCT_EXISTS_FOR_ARTICLE', { details: { productId: 55 } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Product maken' }));
    expect(await screen.findByTestId('product-editor')).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/products/55');
    expect(notify.info).toHaveBeenCalledWith('Van dit artikel bestond al een product; dat wordt nu geopend.');
  });

  it("offers 'Product openen' when the article has a product, and the deleted banner", async () => {
    openArticle({
      loads: [
        article({
          productId: 77,
          deletedAt: '2026-01-04T02:00:00.000Z',
          abilities: { canEdit: true, canCreateProduct: false, reasons: { canCreateProduct: 'PRODUCT_EXISTS_FOR_ARTICLE' } },
        }),
      ],
    });
    expect(await screen.findByRole('link', { name: 'Product openen' })).toHaveAttribute('href', '/products/77');
    expect(screen.getByText('Dit artikel staat niet meer in het ERP')).toBeInTheDocument();
  });

  it('is read-only when the server says the article may not be edited', async () => {
    openArticle({
      permissions: ['articles.view'],
      loads: [
        article({
          abilities: {
            canEdit: false,
            canCreateProduct: false,
            reasons: { canEdit: 'FORBIDDEN', canCreateProduct: 'FORBIDDEN' },
          },
        }),
      ],
    });
    expect(await screen.findByRole('textbox', { name: /Gebruik/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Product maken' })).not.toBeInTheDocument();
  });
});
