import type { CurrentUserResponse } from '@app/shared/auth/auth';
import { PERMISSIONS } from '@app/shared/platform/permissions';
import type { RouteName } from '@app/shared/platform/routes';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../test/cookies';
import { json, mockFetch, noContent } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { resetAppAfterEach, withRegistry } from '../../test/routes';
import { CATALOGUE_SECTIONS } from '../features/home/catalogue-sections';
import { ROBOX_SECTIONS } from '../features/robox/sections';
import { storage } from '../lib/storage';
import { collectRoutes, type RouteMeta } from '../platform/route-meta';
import { session } from '../platform/session';
import { BACK_OFFICE_PATHS } from './back-office-paths';
import { customerRoutes } from './route-sets/customer';
import { employeeRoutes } from './route-sets/employee';

const employee: CurrentUserResponse = {
  data: {
    id: 1,
    email: 'admin@outfitting.test',
    name: 'Sanne Vos',
    locale: 'nl',
    first_login: false,
    guardable_type: 'employee',
    guardable: { id: 1, first_name: 'Sanne', insertion: null, last_name: 'Vos', function: 'Beheerder' },
    acting_as: null,
  },
  permissions: [...PERMISSIONS],
  role: { id: 1, slug: 'beheerders', name: 'Beheerders', is_admin: true, dashboard_view: 'general' },
};

const nordic = {
  id: 7,
  name: 'Nordic Star Cruises',
  logo: null,
  primaryColor: '#0f4b85',
  secondaryColor: '#c8a45c',
  sector: 'cruise' as const,
};

const acting: CurrentUserResponse = { ...employee, data: { ...employee.data, acting_as: nordic } };

const client: CurrentUserResponse = {
  data: {
    id: 2,
    email: 'emma@nordicstar.test',
    name: 'Emma',
    locale: 'nl',
    first_login: false,
    guardable_type: 'client',
    guardable: { id: 2, first_name: 'Emma', insertion: null, last_name: 'Berg', company_id: 7, job_title: null, company: nordic },
    acting_as: null,
  } as unknown as CurrentUserResponse['data'],
  permissions: [],
  role: null,
};

resetAppAfterEach();

const registry = collectRoutes(employeeRoutes);

/** The breadcrumb trail of a route: its names from home down. */
function trail(name: RouteName): RouteName[] {
  const out: RouteName[] = [];
  let at: RouteName | undefined = name;
  while (at) {
    out.unshift(at);
    at = registry.get(at)?.meta.parent;
  }
  return out;
}

describe('the back office tells one story: sidebar, breadcrumbs and titles', () => {
  it.each(CATALOGUE_SECTIONS.map((s) => [s.to, s]))('%s: the route has the section’s path and title', (_to, section) => {
    const route = registry.get(section.route);
    expect(route?.path).toBe(section.to);
    expect(route?.meta.title).toBe(section.title);
    expect(trail(section.route).slice(0, 2)).toEqual(['home', 'catalogue.index']);
  });

  it('nests sync under the articles, the order under the products, and every catalogue screen under Catalogus', () => {
    expect(trail('articles.sync')).toEqual(['home', 'catalogue.index', 'articles.index', 'articles.sync']);
    expect(trail('product.order')).toEqual(['home', 'catalogue.index', 'articles.products-index', 'product.order']);
    expect(trail('attributes.archive')).toEqual(['home', 'catalogue.index', 'product.attributes', 'attributes.archive']);
    expect(trail('roles.index')).toEqual(['home', 'settings.index', 'roles.index']);
  });

  it.each(ROBOX_SECTIONS.map((s) => [s.to, s]))(
    '%s: a Robox screen is a setting, with the section’s path and title',
    (_to, section) => {
      const route = registry.get(section.route);
      expect(route?.path).toBe(section.to);
      expect(route?.meta.title).toBe(section.title);
      expect(trail(section.route).slice(0, 2)).toEqual(['home', 'settings.index']);
    },
  );

  it('puts the Robox area under Instellingen (the specification: Robox area, parent settings)', () => {
    expect(trail('robox-material.edit')).toEqual(['home', 'settings.index', 'archive-robox-material', 'robox-material.edit']);
    expect(trail('robox-material-category.create')).toEqual([
      'home',
      'settings.index',
      'archive-robox-material-category',
      'robox-material-category.create',
    ]);
    expect(CATALOGUE_SECTIONS.some((c) => c.to.startsWith('/robox'))).toBe(false);
  });

  it('shows the catalogue group in the sidebar, in the order and with the titles of its pages', async () => {
    mockFetch((req) => {
      if (req.path === '/api/user/current') return json(200, employee);
      if (req.path === '/api/science') return noContent();
      return undefined;
    });
    session.signedIn(employee, '/catalogue');
    renderWithProviders(null, { routes: withRegistry(employeeRoutes), url: '/catalogue' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Catalogus' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Hoofdnavigatie' });
    const names = within(nav)
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(names).toEqual([
      'Home',
      'Bedrijven',
      'Aanvragen',
      'Projecten',
      'Tickets',
      'Planning',
      'Onderweg',
      'Mijn uren',
      'Urenverantwoording',
      'Verlof',
      'Declaraties',
      'Medewerkers',
      'Artikelen',
      'Artikelen synchroniseren',
      'Producten',
      'Producten sorteren',
      'Attributen',
      'Inspiratie',
      'Instellingen',
      'Robox-materialen',
      'Robox-categorieën',
    ]);
    const crumbs = screen.getByRole('navigation', { name: 'Kruimelpad' });
    expect(within(crumbs).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(crumbs).getByText('Catalogus')).toHaveAttribute('aria-current', 'page');
    // The page offers the same sections; Robox is not one of them (it is in the settings).
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Attributen/ })).toHaveAttribute('href', '/attributes');
    expect(within(main).queryByRole('link', { name: /Robox/ })).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Catalogus · Outfitting Portal'));
  });

  it('shows a Robox screen under Instellingen: in the sidebar and in the breadcrumbs', async () => {
    mockFetch((req) => {
      if (req.path === '/api/user/current') return json(200, employee);
      if (req.path === '/api/science') return noContent();
      if (req.path.startsWith('/api/robox'))
        return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });
      return undefined;
    });
    session.signedIn(employee, '/robox/materials');
    renderWithProviders(null, { routes: withRegistry(employeeRoutes), url: '/robox/materials' });
    const crumbs = await screen.findByRole('navigation', { name: 'Kruimelpad' });
    expect(await within(crumbs).findByRole('link', { name: 'Instellingen' })).toHaveAttribute('href', '/settings');
    expect(within(crumbs).getByText('Robox-materialen')).toHaveAttribute('aria-current', 'page');
    const nav = screen.getByRole('navigation', { name: 'Hoofdnavigatie' });
    expect(within(nav).getByRole('link', { name: 'Robox-materialen' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('a back-office address while acting as a company', () => {
  const backOfficePaths = [...registry.values()]
    .map((r) => r.path)
    .filter(
      (p) => p !== '/' && p !== '/settings' && p !== '/users' && p !== '/notifications' && p !== '/*' && !p.startsWith('/public'),
    );

  it.each(backOfficePaths)('%s is recognised by the portal', (path) => {
    const matches = matchRoutes(customerRoutes, path.replace(/:[A-Za-z]+/g, '12')) ?? [];
    expect((matches.at(-1)?.route.handle as RouteMeta | undefined)?.name).toBe('back-office');
  });

  it('lists nothing the portal has itself', () => {
    for (const p of BACK_OFFICE_PATHS) expect(p).not.toMatch(/^(public|settings$|users$|notifications$)/);
  });

  it('says the page belongs to the back office, and stopping opens it there', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/user/current') return json(200, acting);
      if (req.path === '/api/acting-as' && req.method === 'DELETE') return noContent();
      if (req.path === '/api/science') return noContent();
      return undefined;
    });
    setXsrfCookie('tok');
    session.signedIn(employee);
    session.startActing({ id: nordic.id, name: nordic.name });
    renderWithProviders(null, { routes: withRegistry(customerRoutes), url: '/articles/12?tab=images' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Deze pagina hoort bij de back office' })).toBeInTheDocument();
    expect(screen.getByText(/Je kijkt nu mee als Nordic Star Cruises/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Deze pagina hoort bij de back office · Outfitting Portal'));
    expect(screen.getByRole('link', { name: 'Terug naar het portaal' })).toHaveAttribute('href', '/');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stoppen met meekijken en openen' }));
    await waitFor(() => expect(session.get()).toEqual({ routeSet: 'employee', actingAs: null }));
    expect(f.to('/api/acting-as', 'DELETE')).toHaveLength(1);
    expect(window.location.pathname + window.location.search).toBe('/articles/12?tab=images');
    expect(storage.actingAs()).toBeNull();
  });

  it('is simply not found for a company’s own user', async () => {
    mockFetch((req) => {
      if (req.path === '/api/user/current') return json(200, client);
      if (req.path === '/api/science') return noContent();
      return undefined;
    });
    session.signedIn(client);
    renderWithProviders(null, { routes: withRegistry(customerRoutes), url: '/companies' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pagina niet gevonden · Outfitting Portal'));
  });
});
