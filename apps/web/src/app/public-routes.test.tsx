import type { CurrentUserResponse } from '@app/shared/auth/auth';
import type { RouteName } from '@app/shared/platform/routes';
import type { PublicProduct } from '@app/shared/products/products';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch, noContent, type RecordedRequest } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { resetAppAfterEach, withRegistry } from '../../test/routes';
import { collectRoutes } from '../platform/route-meta';
import { session } from '../platform/session';
import { customerRoutes } from './route-sets/customer';
import { employeeRoutes } from './route-sets/employee';
import { guestRoutes } from './route-sets/guest';

const product: PublicProduct = {
  id: 7,
  slug: 'stoel-nordic',
  nameNl: 'Stoel Nordic',
  nameEn: 'Nordic chair',
  descriptionNl: 'Een stevige stoel.',
  descriptionEn: '',
  gallery: [],
  carousel: [],
  headerImage: null,
  tearsheet: null,
  extendedImage: null,
  extendedVideoUrl: null,
  attributes: { areas: [], categories: [], features: [], materials: [], preferences: [] },
  downloads: [],
  related: [{ id: 8, slug: 'tafel', nameNl: 'Tafel Eiland', nameEn: '', thumbUrl: null, largeUrl: null }],
  parents: [],
  featuredProject: null,
};
const related: PublicProduct = { ...product, id: 8, slug: 'tafel', nameNl: 'Tafel Eiland', nameEn: '', related: [] };

const user = (model: 'employee' | 'client'): CurrentUserResponse => ({
  data: {
    id: 1,
    email: 'emma@nordicstar.test',
    name: 'Emma',
    locale: 'nl',
    first_login: false,
    guardable_type: model,
    guardable: {
      id: 1,
      first_name: 'Emma',
      insertion: null,
      last_name: 'Berg',
      ...(model === 'client'
        ? {
            company_id: 4,
            job_title: null,
            company: {
              id: 4,
              name: 'Nordic Star',
              logo: null,
              primaryColor: '#123456',
              secondaryColor: '#abcdef',
              sector: 'cruise',
            },
          }
        : {}),
    },
    acting_as: null,
  },
  permissions: [],
  role: null,
});

function api(current?: CurrentUserResponse) {
  return mockFetch((req: RecordedRequest) => {
    if (req.path === '/api/science') return noContent();
    if (req.path === '/api/user/current' && current) return json(200, current);
    if (req.path === '/api/public/filters')
      return json(200, { data: { areas: [], categories: [], features: [], materials: [], preferences: [] } });
    if (req.path === '/api/public/products')
      return json(200, { data: [product], meta: { current_page: 1, last_page: 1, per_page: 24, total: 1 } });
    if (req.path === '/api/public/products/7') return json(200, { data: product });
    if (req.path === '/api/public/products/8') return json(200, { data: related });
    if (req.path === '/api/public/products/404') return apiError(404, 'PRODUCT_NOT_FOUND');
    // The server's resolver for productId arrives with the catalogue API; the page does not wait for it.
    if (req.path === '/api/breadcrumbs/slugs') return json(200, { data: { slugs: { productId: null } } });
    return undefined;
  });
}

resetAppAfterEach();

describe('the public catalogue routes', () => {
  it.each([
    ['guest', guestRoutes],
    ['customer', customerRoutes],
    ['employee', employeeRoutes],
  ])('are in the %s route set with their names, titles and parent', (_, routes) => {
    const registry = collectRoutes(routes);
    const list = registry.get('products' as RouteName);
    const detail = registry.get('show-inspiration-product' as RouteName);
    expect(list?.path).toBe('/public/products');
    expect(list?.meta.title).toBe('public.products.title');
    expect(detail?.path).toBe('/public/products/:productId');
    expect(detail?.meta).toMatchObject({ slug: 'productId', parent: 'products' });
    expect(detail?.meta.permission).toBeUndefined();
  });

  it('signed out: the catalogue and a product open in the public layout, with breadcrumbs and the title', async () => {
    const f = api();
    const { user: u, router } = renderWithProviders(null, { routes: withRegistry(guestRoutes), url: '/public/products' });
    const card = await screen.findByRole('link', { name: 'Stoel Nordic' });
    expect(screen.getAllByRole('link', { name: 'Inloggen' }).length).toBeGreaterThan(0);
    await waitFor(() => expect(document.title).toBe('Producten · Outfitting Portal'));

    await u.click(card);
    expect(await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/public/products/7');
    const crumbs = screen.getByLabelText('Kruimelpad');
    expect(within(crumbs).getByRole('link', { name: 'Producten' })).toHaveAttribute('href', '/public/products');
    await waitFor(() => expect(within(crumbs).getByText('Stoel Nordic')).toHaveAttribute('aria-current', 'page'));
    await waitFor(() => expect(document.title).toBe('Stoel Nordic · Outfitting Portal'));
    // The route's loader started each call before the page's code arrived; the page reused the answers.
    expect(f.to('/api/public/products')).toHaveLength(1);
    expect(f.to('/api/public/filters')).toHaveLength(1);
    expect(f.to('/api/public/products/7')).toHaveLength(1);

    // A related product opens in the same page.
    await u.click(within(screen.getByTestId('related-products')).getByRole('link', { name: 'Tafel Eiland' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tafel Eiland' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Tafel Eiland · Outfitting Portal'));
  });

  it('an unknown product is asked for once, and answered with the not-found screen', async () => {
    const f = api();
    renderWithProviders(null, { routes: withRegistry(guestRoutes), url: '/public/products/404' });
    expect(await screen.findByRole('heading', { name: 'Product niet gevonden' })).toBeInTheDocument();
    expect(f.to('/api/public/products/404')).toHaveLength(1);
    await waitFor(() => expect(document.title).toBe('Product niet gevonden · Outfitting Portal'));
  });

  it('a customer sees a product inside the customer layout', async () => {
    api(user('client'));
    session.signedIn(user('client'), '/public/products/7');
    renderWithProviders(null, { routes: withRegistry(customerRoutes), url: '/public/products/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Inspiratie' }).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Nordic Star').length).toBeGreaterThan(0);
  });

  it('an employee sees a product in the public layout, with the way back to the back office', async () => {
    api(user('employee'));
    session.signedIn(user('employee'), '/public/products/7');
    renderWithProviders(null, { routes: withRegistry(employeeRoutes), url: '/public/products/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Stoel Nordic' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Terug naar back office' }).length).toBeGreaterThan(0);
  });
});
