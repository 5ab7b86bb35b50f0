import type { Page } from '@app/shared/platform/http';
import type { PublicFilters, PublicProductCard } from '@app/shared/products/products';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch, type RecordedRequest } from '../../../../test/fetch';
import { setTestLanguage } from '../../../../test/i18n';
import { renderWithProviders } from '../../../../test/render';
import { PublicProductsPage } from './PublicProductsPage';

const attr = (id: number, kind: keyof PublicFilters, nameNl: string, nameEn = '') => ({ id, kind, nameNl, nameEn });

const filters: PublicFilters = {
  areas: [attr(1, 'areas', 'Hut', 'Cabin'), attr(2, 'areas', 'Lobby', 'Lobby')],
  categories: [attr(3, 'categories', 'Stoelen', 'Chairs'), attr(4, 'categories', 'Tafels', 'Tables')],
  features: [],
  materials: [attr(9, 'materials', 'Eiken', 'Oak')],
  preferences: [],
};

const card = (id: number, nameNl: string, nameEn = '', thumb = true): PublicProductCard => ({
  id,
  slug: nameNl.toLowerCase(),
  nameNl,
  nameEn,
  thumbUrl: thumb ? `/api/media/${id}0/thumb` : null,
  largeUrl: thumb ? `/api/media/${id}0/large` : null,
});

const cards = [
  card(11, 'Stoel Nordic', 'Nordic chair'),
  card(12, 'Fauteuil Haven', ''),
  card(13, 'Bank Lounge', 'Lounge sofa'),
  card(14, 'Kruk Bar', 'Bar stool'),
  card(15, 'Tafel Eiland', 'Island table', false),
];

const page = (data: PublicProductCard[], current = 1, last = 1, total = data.length): Page<PublicProductCard> => ({
  data,
  meta: { current_page: current, last_page: last, per_page: 24, total },
});

type ProductsAnswer = (req: RecordedRequest) => Response;

function openCatalogue(url = '/public/products', products: ProductsAnswer = () => json(200, page(cards))) {
  const f = mockFetch((req) => {
    if (req.path === '/api/public/products') return products(req);
    if (req.path === '/api/public/filters') return json(200, { data: filters });
    return undefined;
  });
  const view = renderWithProviders(<PublicProductsPage />, { path: '/public/products', url });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  const lastQuery = () => Object.fromEntries(f.to('/api/public/products').at(-1)?.query ?? []);
  return { ...view, f, search, lastQuery };
}

async function openFilters(user: ReturnType<typeof openCatalogue>['user'], label: string | RegExp = /^Filters/) {
  await user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('complementary', { name: 'Filters' });
}

describe('PublicProductsPage', () => {
  it('lists the products in the order the API gives, each linking to its page', async () => {
    const { lastQuery } = openCatalogue();
    const list = await screen.findByRole('list', { name: 'Producten' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Stoel Nordic',
      'Fauteuil Haven',
      'Bank Lounge',
      'Kruk Bar',
      'Tafel Eiland',
    ]);
    expect(links[0]).toHaveAttribute('href', '/public/products/11');
    expect(screen.getByText('5 producten')).toBeInTheDocument();
    expect(lastQuery()).toEqual({ page: '1', perPage: '24' });
  });

  it('shows English names in English, and the Dutch name where there is no English one', async () => {
    await setTestLanguage('en');
    openCatalogue();
    const list = await screen.findByRole('list', { name: 'Products' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Nordic chair', 'Fauteuil Haven', 'Lounge sofa', 'Bar stool', 'Island table']);
    expect(screen.getByRole('heading', { name: 'Products' })).toBeInTheDocument();
  });

  it('sizes every image box and loads only the first row eagerly', async () => {
    openCatalogue();
    await screen.findByRole('list', { name: 'Producten' });
    const imgs = [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-card"] img')];
    expect(imgs).toHaveLength(4);
    for (const img of imgs) {
      expect(img).toHaveAttribute('width', '400');
      expect(img).toHaveAttribute('height', '300');
    }
    expect(imgs.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'eager', 'eager', 'eager']);
    expect(imgs[0]).toHaveAttribute('src', '/api/media/110/thumb');
  });

  it('loads lazily below the first row', async () => {
    const many = Array.from({ length: 8 }, (_, i) => card(100 + i, `Product ${i + 1}`));
    openCatalogue('/public/products', () => json(200, page(many)));
    await screen.findByRole('list', { name: 'Producten' });
    const loading = [...document.querySelectorAll('[data-testid="product-card"] img')].map((i) => i.getAttribute('loading'));
    expect(loading).toEqual(['eager', 'eager', 'eager', 'eager', 'lazy', 'lazy', 'lazy', 'lazy']);
  });

  it('reads the filters from the URL (comma lists) and asks the API for exactly that selection', async () => {
    const { user, lastQuery } = openCatalogue('/public/products?areas=1,2&categories=3&page=1');
    await screen.findByRole('list', { name: 'Producten' });
    expect(lastQuery()).toEqual({ page: '1', perPage: '24', areas: '1,2', categories: '3' });

    const panel = await openFilters(user, 'Filters (3)');
    expect(within(panel).getByRole('button', { name: 'Hut', pressed: true })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Lobby', pressed: true })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Stoelen', pressed: true })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Tafels', pressed: false })).toBeInTheDocument();
    // A group without values is not offered.
    expect(within(panel).queryByRole('group', { name: 'Kenmerken' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Materialen' })).toBeInTheDocument();
  });

  it('writes a filter choice to the URL as a comma list and goes back to page 1', async () => {
    const { user, search, lastQuery } = openCatalogue('/public/products?categories=3&page=2', (req) =>
      json(200, page(cards, Number(req.query.get('page')), 3, 60)),
    );
    await screen.findByRole('list', { name: 'Producten' });
    const panel = await openFilters(user);

    await user.click(within(panel).getByRole('button', { name: 'Tafels' }));
    await waitFor(() => expect(search().get('categories')).toBe('3,4'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24', categories: '3,4' }));

    await user.click(within(panel).getByRole('button', { name: 'Lobby' }));
    await waitFor(() => expect(search().get('areas')).toBe('2'));
    await user.click(within(panel).getByRole('button', { name: 'Stoelen', pressed: true }));
    await waitFor(() => expect(search().get('categories')).toBe('4'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24', areas: '2', categories: '4' }));
    expect(within(panel).getByRole('button', { name: 'Stoelen', pressed: false })).toBeInTheDocument();
  });

  it("'Wis filters' removes every filter from the URL and asks for the whole catalogue", async () => {
    const { user, search, lastQuery } = openCatalogue('/public/products?areas=1&materials=9&categories=3,4');
    await screen.findByRole('list', { name: 'Producten' });
    const panel = await openFilters(user, 'Filters (4)');
    await user.click(within(panel).getByRole('button', { name: 'Wis filters' }));
    await waitFor(() => expect(search().toString()).toBe(''));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Wis filters' })).not.toBeInTheDocument();
  });

  it('ignores junk in the URL instead of sending the API something it refuses', async () => {
    const { lastQuery } = openCatalogue('/public/products?areas=abc,2,0&page=x&categories=');
    await screen.findByRole('list', { name: 'Producten' });
    expect(lastQuery()).toEqual({ page: '1', perPage: '24', areas: '2' });
  });

  it('pages forward and back through the URL', async () => {
    const { user, search, lastQuery } = openCatalogue('/public/products', (req) =>
      json(200, page(cards, Number(req.query.get('page')), 3, 60)),
    );
    await screen.findByText('Pagina 1 van 3');
    expect(screen.getByRole('button', { name: 'Vorige pagina' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2', perPage: '24' }));
    expect(await screen.findByText('Pagina 2 van 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vorige pagina' }));
    await waitFor(() => expect(search().get('page')).toBeNull());
  });

  it('moves an old link beyond the last page to the last page', async () => {
    const { search, lastQuery } = openCatalogue('/public/products?page=9', (req) =>
      req.query.get('page') === '9' ? json(200, page([], 9, 2, 30)) : json(200, page(cards, 2, 2, 30)),
    );
    await waitFor(() => expect(search().get('page')).toBe('2'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '2', perPage: '24' }));
    expect(await screen.findByText('Pagina 2 van 2')).toBeInTheDocument();
  });

  it('says so when nothing is published yet', async () => {
    openCatalogue('/public/products', () => json(200, page([])));
    expect(await screen.findByText('Nog geen producten gepubliceerd')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Wis filters' })).not.toBeInTheDocument();
  });

  it('offers to clear the filters when nothing matches them', async () => {
    const { user, search } = openCatalogue('/public/products?areas=1', (req) =>
      json(200, req.query.get('areas') ? page([]) : page(cards)),
    );
    expect(await screen.findByText('Geen producten met deze filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wis filters' }));
    await waitFor(() => expect(search().get('areas')).toBeNull());
    expect(await screen.findByRole('list', { name: 'Producten' })).toBeInTheDocument();
  });

  it('searches as you type (once typing pauses), in the URL and the API, in the visitor’s language', async () => {
    const { user, search, lastQuery, f } = openCatalogue('/public/products?areas=1&page=2', (req) =>
      json(200, req.query.get('q') ? page(cards.slice(0, 1)) : page(cards, Number(req.query.get('page')), 3, 60)),
    );
    await screen.findByRole('list', { name: 'Producten' });
    const box = screen.getByRole('searchbox', { name: 'Zoeken' });
    await user.type(box, '  stoel nordic ');
    await waitFor(() => expect(search().get('q')).toBe('stoel nordic'));
    expect(search().get('page')).toBeNull();
    expect(search().get('areas')).toBe('1');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24', q: 'stoel nordic', lang: 'nl', areas: '1' }));
    // One request for the whole word, not one per letter.
    expect(f.to('/api/public/products').filter((r) => r.query.get('q'))).toHaveLength(1);
    expect(await screen.findByText('1 product voor ‘stoel nordic’')).toBeInTheDocument();

    await user.clear(box);
    await waitFor(() => expect(search().get('q')).toBeNull());
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24', areas: '1' }));
  });

  it('reads the search and order from a link, and fills the box and the select with them', async () => {
    await setTestLanguage('en');
    const { lastQuery } = openCatalogue('/public/products?q=chair&sort=-name');
    await screen.findByRole('list', { name: 'Products' });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('chair');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('-name');
    expect(lastQuery()).toEqual({ page: '1', perPage: '24', q: 'chair', sort: '-name', lang: 'en' });
  });

  it('sorts by the manual order, name A-Z and Z-A and newest; the manual order is the default and leaves the URL', async () => {
    const { user, search, lastQuery } = openCatalogue('/public/products?page=2', (req) =>
      json(200, page(cards, Number(req.query.get('page')), 3, 60)),
    );
    await screen.findByRole('list', { name: 'Producten' });
    const select = screen.getByRole('combobox', { name: 'Sorteren' });
    expect(select).toHaveValue('order');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Aanbevolen', 'Naam (A-Z)', 'Naam (Z-A)', 'Nieuwste eerst']);

    await user.selectOptions(select, 'name');
    await waitFor(() => expect(search().get('sort')).toBe('name'));
    expect(search().get('page')).toBeNull();
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24', sort: 'name', lang: 'nl' }));

    // Newest first does not depend on the language, so the language is not sent.
    await user.selectOptions(select, 'newest');
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24', sort: 'newest' }));

    await user.selectOptions(select, 'order');
    await waitFor(() => expect(search().get('sort')).toBeNull());
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', perPage: '24' }));
  });

  it('says what found nothing and clears the search (and the filters) in one go', async () => {
    const { user, search } = openCatalogue('/public/products?q=xyz&areas=1', (req) =>
      json(200, req.query.get('q') || req.query.get('areas') ? page([]) : page(cards)),
    );
    expect(await screen.findByText('Niets gevonden voor ‘xyz’')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoekopdracht en filters wissen' }));
    await waitFor(() => expect(search().toString()).toBe(''));
    expect(await screen.findByRole('list', { name: 'Producten' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Zoeken' })).toHaveValue('');
  });

  it('shows skeleton cards while loading', async () => {
    let answer: (r: Response) => void = () => {};
    openCatalogue('/public/products', () => new Promise<Response>((r) => (answer = r)) as unknown as Response);
    expect(await screen.findAllByTestId('product-card-skeleton')).toHaveLength(8);
    answer(json(200, page(cards)));
    expect(await screen.findByRole('list', { name: 'Producten' })).toBeInTheDocument();
    expect(screen.queryByTestId('product-card-skeleton')).not.toBeInTheDocument();
  });

  it('shows an error with a retry that loads again', async () => {
    let fail = true;
    const { user, f } = openCatalogue('/public/products', () => (fail ? apiError(500, 'INTERNAL') : json(200, page(cards))));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Er ging iets mis')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('list', { name: 'Producten' })).toBeInTheDocument();
    expect(f.to('/api/public/products')).toHaveLength(2);
  });
});
