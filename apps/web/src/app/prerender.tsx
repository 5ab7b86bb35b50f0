import type { Page } from '@app/shared/platform/http';
import { LOCALES, type Locale } from '@app/shared/platform/locale';
import type { PublicFilters, PublicProductCard } from '@app/shared/products/products';
import { MantineProvider } from '@mantine/core';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';
import { PublicProductsPage } from '../features/products/pages/PublicProductsPage';
import { catalogueSearch, publicKeys } from '../features/products/public-api';
import { catalogueQueryFrom } from '../features/products/public-catalogue';
import { publicProductsRoutes } from '../features/products/public-routes';
import { queryClient } from '../lib/query';
import en from '../locales/en/index';
import nl from '../locales/nl/index';
import { collectRoutes, meta } from '../platform/route-meta';
import { RouteRegistryContext } from '../platform/route-registry';
import { cssVariablesResolver, localizedTheme } from '../platform/theme';
import { GuestLayout } from './layouts/GuestLayout';
import { PublicLayout } from './layouts/PublicLayout';

// Built by Vite for Node (vite build --ssr, scripts/prerender.mjs) into dist/ssr/prerender.js.
// The build runs it once for the sign-in page (the same HTML for everyone, per language); the server
// loads it to render the public catalogue per request, with that request's products
// (apps/server/src/platform/first-screen.ts). Either way the server puts the HTML in the page, so
// the screen is there before any script has run; the app renders the same page in a hidden
// container and takes the place of this HTML once its own is there (takeover.ts).

const CATALOGS: Record<Locale, Record<string, unknown>> = { nl, en };
const instances = new Map<Locale, Promise<I18n>>();

/** One i18next instance per language, made once (the catalogue renders on every visit). */
function i18nFor(locale: Locale): Promise<I18n> {
  let made = instances.get(locale);
  if (!made) {
    const i18n = i18next.createInstance();
    made = i18n
      .use(initReactI18next)
      .init({
        resources: { [locale]: { translation: CATALOGS[locale] } },
        lng: locale,
        fallbackLng: locale,
        interpolation: { escapeValue: false },
        returnNull: false,
      })
      .then(() => i18n);
    instances.set(locale, made);
  }
  return made;
}

/** `routes` rendered at `url` in the app's providers, as the app would render them. */
function render(i18n: I18n, routes: RouteObject[], url: string): string {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const theme = localizedTheme(i18n.t('common.actions.close'));
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <RouteRegistryContext.Provider value={collectRoutes(routes)}>
          <RouterProvider router={router} />
        </RouteRegistryContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

/** The sign-in page's markup in a language, as the app would render it at /auth/login. */
export async function renderSignIn(locale: Locale): Promise<string> {
  const routes: RouteObject[] = [
    {
      path: '/auth',
      element: <GuestLayout />,
      children: [{ path: 'login', handle: meta({ name: 'login', title: 'auth.login.title' }), element: <LoginPage /> }],
    },
  ];
  const html = render(await i18nFor(locale), routes, '/auth/login');
  // Until the app has taken over, the form cannot be sent: Enter in a field would otherwise reload
  // the page (the fields have no names, so nothing typed would ever leave it) and lose the typing.
  const parts = html.split('type="submit"');
  if (parts.length !== 2) throw new Error(`expected one submit button in the sign-in page, found ${parts.length - 1}`);
  return parts.join('type="submit" disabled="" data-disabled="true"');
}

/** The query string of GET /api/public/products the catalogue at `url` asks for, as the app asks it. */
export function catalogueApiQuery(url: string, locale: Locale): Record<string, string> {
  const q = catalogueQueryFrom(new URL(url, 'http://localhost').searchParams);
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(catalogueSearch(q, locale))) if (v !== null) out[k] = String(v);
  return out;
}

/** A first screen rendered with data: its HTML and the app's queries it answers (query key, data). */
export interface RenderedScreen {
  html: string;
  queries: [readonly unknown[], unknown][];
}

/**
 * The public catalogue at `url` (path and query) with its page of products and its filters, as the
 * app renders it with those answers in its cache; `queries` are those answers under the app's own
 * query keys, so the app starts with them instead of asking again.
 */
export async function renderCatalogue(
  url: string,
  locale: Locale,
  products: Page<PublicProductCard>,
  filters: PublicFilters,
): Promise<RenderedScreen> {
  const i18n = await i18nFor(locale);
  const q = catalogueQueryFrom(new URL(url, 'http://localhost').searchParams);
  const queries: [readonly unknown[], unknown][] = [
    [publicKeys.products(q, locale), products],
    [publicKeys.filters(), filters],
  ];
  const handle = publicProductsRoutes[0]?.handle;
  const routes: RouteObject[] = [
    { path: '/public', element: <PublicLayout />, children: [{ path: 'products', handle, element: <PublicProductsPage /> }] },
  ];
  // The layout reads the app's one query cache; rendering is synchronous, so no other render sees these answers.
  for (const [key, data] of queries) queryClient.setQueryData(key, data);
  try {
    return { html: render(i18n, routes, url), queries };
  } finally {
    queryClient.clear();
  }
}

export const PRERENDER_LOCALES = LOCALES;
