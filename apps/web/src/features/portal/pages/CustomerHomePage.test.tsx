import type { CurrentUserResponse } from '@app/shared/auth/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, noContent } from '../../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { CURRENT_USER_KEY } from '../../auth/guest-api';
import { clientViewer, order } from '../../orders/order-fixtures';
import { companyProduct, portalProjectSummary } from '../components/projects/fixtures';
import { CustomerHomePage } from './CustomerHomePage';

const nordic = {
  id: 7,
  name: 'Nordic Star Cruises',
  logo: null,
  primaryColor: '#123456',
  secondaryColor: '#654321',
  sector: 'cruise',
};

function signInClient(firstLogin = false): CurrentUserResponse {
  return {
    data: {
      id: 2,
      email: 'emma@nordicstar.test',
      name: 'Emma Jansen',
      locale: 'nl',
      first_login: firstLogin,
      guardable_type: 'client',
      guardable: {
        id: 2,
        first_name: 'Emma',
        insertion: null,
        last_name: 'Jansen',
        company_id: 7,
        job_title: null,
        company: nordic,
      },
      acting_as: null,
    } as CurrentUserResponse['data'],
    permissions: [],
    role: null,
  };
}

const page = <T,>(data: T[], total = data.length, lastPage = 1) => ({
  data,
  meta: { current_page: 1, last_page: lastPage, per_page: 12, total },
});

type Answer = () => Response;
interface Answers {
  projects?: (tab: string | null) => Response;
  notifications?: Answer;
  products?: Answer;
  orders?: Answer;
  users?: Answer;
}

function openHome(o: Answers & { url?: string; firstLogin?: boolean } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/client/projects') {
      return o.projects
        ? o.projects(req.query.get('tab'))
        : json(200, page(req.query.get('tab') === 'archived' ? [] : [portalProjectSummary()]));
    }
    if (req.path === '/api/notifications') {
      return o.notifications
        ? o.notifications()
        : json(200, {
            data: [
              {
                id: 1,
                kind: 'post.published',
                data: { postId: 4, title: 'Planning van de komende weken' },
                link: '/news/4',
                read: false,
                createdAt: '2026-03-02T10:00:00.000Z',
              },
            ],
            meta: { current_page: 1, last_page: 1, per_page: 5, total: 1, unread: 1 },
          });
    }
    if (req.path === '/api/client/company-products') {
      return o.products
        ? o.products()
        : json(
            200,
            page(
              [
                companyProduct({ id: 1, orderLineId: 501 }),
                companyProduct({
                  id: 2,
                  orderLineId: null,
                  project: null,
                  product: { id: 22, name: 'Loungestoel Aria', code: null, thumbUrl: null },
                }),
              ],
              30,
              2,
            ),
          );
    }
    if (req.path === '/api/client/orders') {
      // "Wacht op jou" asks for the orders waiting for the user; the orders block for the ongoing ones.
      if (req.query.get('waiting') === 'me') return json(200, page([]));
      return o.orders ? o.orders() : json(200, page([order('pending_approval', clientViewer, { title: 'Barkruk Nordic' })]));
    }
    if (req.path === '/api/client/drawings') return json(200, page([]));
    if (req.path === '/api/client/users') {
      return o.users
        ? o.users()
        : json(200, {
            data: [{ id: 5, name: 'Lars Eriksen', jobTitle: 'Hotel director', email: 'lars@nordicstar.test', phone: null }],
          });
    }
    if (req.path === '/api/client/disable-first-login') return noContent();
    if (req.path === '/api/user/current') return json(200, signInClient());
    return undefined;
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, signInClient(o.firstLogin));
  const view = renderWithProviders(null, {
    url: o.url ?? '/',
    routes: [{ path: '/', element: <CustomerHomePage /> }],
    queryClient,
  });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('CustomerHomePage', () => {
  it('shows the active projects and every block, asking for all of them at once', async () => {
    const { f } = openHome();
    const projects = await screen.findByRole('region', { name: 'Jouw projecten' });
    const card = await within(projects).findByRole('article');
    expect(within(card).getByRole('link', { name: 'MS Noordam refit' })).toHaveAttribute('href', '/project/3');
    expect(within(card).getByText('3 van 10 taken en subtaken klaar')).toBeInTheDocument();
    expect(within(card).getByText('12 ruimtes')).toBeInTheDocument();

    const notifications = screen.getByRole('region', { name: /Laatste meldingen/ });
    expect(
      await within(notifications).findByRole('link', { name: 'Nieuw bericht: Planning van de komende weken' }),
    ).toHaveAttribute('href', '/news/4');
    expect(within(notifications).getByText('1 nieuw')).toBeInTheDocument();

    const orders = screen.getByRole('region', { name: 'Bestellingen' });
    // The latest ongoing orders, each opening its order page.
    expect(await within(orders).findByRole('link', { name: 'Barkruk Nordic' })).toHaveAttribute('href', '/orders/12');
    expect(within(orders).getByText('Wacht op goedkeuring')).toBeInTheDocument();
    expect(within(orders).getByRole('link', { name: 'Alle bestellingen' })).toHaveAttribute('href', '/orders');

    const products = screen.getByRole('region', { name: /Jouw producten/ });
    expect(await within(products).findByRole('link', { name: 'Loungestoel Aria' })).toHaveAttribute('href', '/product-files/2');
    expect(within(products).getByText('30')).toBeInTheDocument();
    expect(within(products).getByRole('link', { name: 'Alle producten' })).toHaveAttribute('href', '/company-products');

    const colleagues = screen.getByRole('region', { name: /Collega's/ });
    expect(await within(colleagues).findByText('Lars Eriksen')).toBeInTheDocument();

    // The lazily loaded "Wacht op jou" block asks for its own drawings and orders.
    expect(await screen.findByRole('region', { name: /Wacht op jou/ })).toBeInTheDocument();
    await waitFor(() => expect(f.to('/api/client/drawings')).toHaveLength(1));

    // One request each, none waiting for another; the projects asked for the active tab.
    for (const path of ['/api/client/projects', '/api/notifications', '/api/client/company-products', '/api/client/users']) {
      expect(f.to(path), path).toHaveLength(1);
    }
    expect(f.to('/api/client/projects')[0]?.query.get('tab')).toBe('active');
    expect(f.to('/api/notifications')[0]?.query.get('perPage')).toBe('5');
    const orderRequests = f.to('/api/client/orders');
    expect(orderRequests.filter((r) => r.query.get('waiting') === 'me')).toHaveLength(1);
    const ongoing = orderRequests.filter((r) => r.query.get('waiting') !== 'me');
    expect(ongoing).toHaveLength(1);
    expect(ongoing[0]?.query.get('tab')).toBe('ongoing');
  });

  it('keeps the archived tab in the address and says when there are none', async () => {
    const { user, router, f } = openHome();
    await screen.findByRole('article');
    await user.click(screen.getByRole('radio', { name: 'Gearchiveerd' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?tab=archived'));
    expect(await screen.findByText('Geen gearchiveerde projecten')).toBeInTheDocument();
    expect(f.to('/api/client/projects').at(-1)?.query.get('tab')).toBe('archived');
  });

  it('opens on the archived tab from the address', async () => {
    const { f } = openHome({ url: '/?tab=archived' });
    expect(await screen.findByText('Geen gearchiveerde projecten')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Gearchiveerd' })).toBeChecked();
    expect(f.to('/api/client/projects')[0]?.query.get('tab')).toBe('archived');
  });

  it('gives each block its own empty state', async () => {
    openHome({
      projects: () => json(200, page([])),
      notifications: () => json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 5, total: 0, unread: 0 } }),
      products: () => json(200, page([])),
      orders: () => json(200, page([])),
      users: () => json(200, { data: [] }),
    });
    expect(await screen.findByText('Nog geen projecten')).toBeInTheDocument();
    expect(await screen.findByText(/Je hebt nog geen meldingen/)).toBeInTheDocument();
    expect(await screen.findByText('Geen lopende bestellingen.')).toBeInTheDocument();
    expect(await screen.findByText(/nog geen producten aan jullie bedrijf gekoppeld/)).toBeInTheDocument();
    expect(await screen.findByText(/nog geen andere gebruikers/)).toBeInTheDocument();
  });

  it('shows a failing block with a retry while the others load', async () => {
    let fail = true;
    const { user, f } = openHome({ users: () => (fail ? apiError(500, 'INTERNAL') : json(200, { data: [] })) });
    const colleagues = await screen.findByRole('region', { name: /Collega's/ });
    expect(await within(colleagues).findByText('Kon dit blok niet laden')).toBeInTheDocument();
    // The others are not held up.
    expect(await screen.findByRole('link', { name: 'Hutkast Cabin Line' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Barkruk Nordic' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toBeInTheDocument();
    fail = false;
    await user.click(within(colleagues).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await within(colleagues).findByText(/nog geen andere gebruikers/)).toBeInTheDocument();
    expect(f.to('/api/client/users')).toHaveLength(2);
  });

  it('welcomes a first sign-in once and records it', async () => {
    const { user, f } = openHome({ firstLogin: true });
    const dialog = await screen.findByRole('dialog', { name: 'Welkom, Emma' });
    await user.click(within(dialog).getByRole('button', { name: 'Aan de slag' }));
    await waitFor(() => expect(f.to('/api/client/disable-first-login', 'PATCH')).toHaveLength(1));
  });
});
