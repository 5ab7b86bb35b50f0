import type { ProductDetail, ProductListItem, ProductSave } from '@app/shared/products/products';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { ProductEditPage } from '../pages/ProductEditPage';
import { ProductsPage } from '../pages/ProductsPage';
import { productDetail, signIn } from '../testing';

// Catalogue completeness: the list's badges and filter, the editor's panel and publish warning.

const _notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

function openEditor(loaded: ProductDetail) {
  const f = mockFetch((req) => {
    if (req.path === '/api/products/7' && req.method === 'GET') return json(200, { data: loaded });
    if (req.path === '/api/products/7' && req.method === 'PUT') {
      const body = req.body as ProductSave;
      return json(200, { data: { ...loaded, published: body.published, version: body.version + 1 } });
    }
    if (req.path === '/api/attributes/options') return json(200, { data: [] });
    if (req.path === '/api/robox/materials/options') return json(200, { data: [] });
    if (req.path === '/api/products' && req.method === 'GET') {
      return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 } });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['products.manage', 'inspiration-products.manage']);
  const view = renderWithProviders(<ProductEditPage />, { path: '/products/:productId', url: '/products/7', queryClient });
  return { ...view, f };
}

/** Complete in Dutch; lacks its English description and any download (which both languages share). */
const incomplete = () => productDetail({ descriptionEn: '', downloads: [] });

describe('the product editor', () => {
  it('lists per language what the public page lacks, and follows the form', async () => {
    const { user } = openEditor(incomplete());
    const panel = await screen.findByTestId('completeness-panel');
    expect(within(panel).getByTestId('completeness-nl')).toHaveTextContent('NederlandsOntbreekt in het Nederlands: downloads');
    expect(within(panel).getByTestId('completeness-en')).toHaveTextContent(
      'EngelsOntbreekt in het Engels: omschrijving, downloads',
    );
    await user.click(screen.getByLabelText('Omschrijving (Engels)'));
    await user.paste('A roomy oak lounge chair.');
    expect(within(panel).getByTestId('completeness-en')).toHaveTextContent('EngelsOntbreekt in het Engels: downloads');
    expect(within(panel).getAllByRole('button', { name: 'Ga naar downloads' })).toHaveLength(2);
  });

  it('asks before publishing an incomplete product, and saves only after the confirmation', async () => {
    const { user, f } = openEditor(incomplete());
    await user.click(await screen.findByRole('switch', { name: /^Gepubliceerd in de inspiratiecatalogus/ }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    const dialog = await screen.findByRole('dialog', { name: 'Onvolledig product publiceren?' });
    expect(dialog).toHaveTextContent('Dit product mist in het Nederlands: downloads.');
    expect(dialog).toHaveTextContent('Dit product mist in het Engels: omschrijving, downloads.');
    expect(dialog).toHaveTextContent('Toch publiceren?');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.to('/api/products/7', 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Toch publiceren' }));
    await waitFor(() => expect(f.to('/api/products/7', 'PUT')).toHaveLength(1));
    expect((f.to('/api/products/7', 'PUT')[0]?.body as ProductSave | undefined)?.published).toBe(true);
  });

  it('does not ask when publishing a complete product', async () => {
    const { user, f } = openEditor(productDetail());
    await user.click(await screen.findByRole('switch', { name: /^Gepubliceerd in de inspiratiecatalogus/ }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/products/7', 'PUT')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not ask when saving an incomplete product that was already published', async () => {
    const { user, f } = openEditor({ ...incomplete(), published: true, publishedAt: '2026-01-05T09:00:00.000Z' });
    await user.click(await screen.findByLabelText(/Naam \(Nederlands\)/));
    await user.paste(' 2');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/products/7', 'PUT')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

const row = (over: Partial<ProductListItem>): ProductListItem => ({
  id: 1,
  slug: 'stoel',
  nameNl: 'Stoel',
  nameEn: 'Chair',
  published: false,
  thumbUrl: null,
  articleId: null,
  articleSku: null,
  articleRemoved: false,
  categories: [],
  updatedAt: '2026-11-20T09:00:00.000Z',
  completeness: { nl: [], en: [] },
  ...over,
});

describe('the products list', () => {
  it('shows per language a badge with what is missing, and filters on completeness', async () => {
    const rows = [
      row({ id: 1 }),
      row({ id: 2, nameNl: 'Tafel', completeness: { nl: ['images'], en: ['name', 'description', 'images'] } }),
    ];
    const f = mockFetch((req) => {
      if (req.path === '/api/products') {
        return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
      }
      if (req.path === '/api/attributes/options') return json(200, { data: [] });
      return undefined;
    });
    const queryClient = createTestQueryClient();
    signIn(queryClient, ['products.manage']);
    const { user } = renderWithProviders(<ProductsPage />, { path: '/products', url: '/products', queryClient });

    // Shown as "NL ✓", read out in words.
    expect((await screen.findByText('Nederlands: volledig')).parentElement).toHaveTextContent('NL ✓');
    expect(screen.getByText('Engels: volledig').parentElement).toHaveTextContent('EN ✓');
    expect(screen.getByRole('button', { name: 'Nederlands: ontbreekt afbeeldingen' })).toHaveTextContent('NL 1 ontbreekt');
    expect(screen.getByRole('button', { name: 'Engels: ontbreekt naam, omschrijving, afbeeldingen' })).toHaveTextContent(
      'EN 3 ontbreken',
    );

    await user.click(screen.getByRole('combobox', { name: 'Volledigheid' }));
    await user.click(await screen.findByRole('option', { name: 'Onvolledig in EN' }));
    await waitFor(() => expect(f.to('/api/products').at(-1)?.query.get('complete')).toBe('en'));
  });
});
