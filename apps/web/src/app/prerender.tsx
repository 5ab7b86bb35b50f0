import { LOCALES, type Locale } from '@app/shared/platform/locale';
import { MantineProvider } from '@mantine/core';
import i18next from 'i18next';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { LoginPage } from '../features/auth/pages/LoginPage';
import en from '../locales/en/index';
import nl from '../locales/nl/index';
import { collectRoutes, meta } from '../platform/route-meta';
import { RouteRegistryContext } from '../platform/route-registry';
import { cssVariablesResolver, localizedTheme } from '../platform/theme';
import { GuestLayout } from './layouts/GuestLayout';

// Built by Vite for Node (vite build --ssr, scripts/prerender.mjs) and run once per build: the
// sign-in page as HTML in each language, which the server puts in the page so the form is on
// screen before any script has run (first-screen.ts). The app renders the same page in a hidden
// container and takes the place of this HTML once its form is there (takeover.ts).

const CATALOGS: Record<Locale, Record<string, unknown>> = { nl, en };

/** The sign-in page's markup in a language, as the app would render it at /auth/login. */
export async function renderSignIn(locale: Locale): Promise<string> {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    resources: { [locale]: { translation: CATALOGS[locale] } },
    lng: locale,
    fallbackLng: locale,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const routes: RouteObject[] = [
    {
      path: '/auth',
      element: <GuestLayout />,
      children: [{ path: 'login', handle: meta({ name: 'login', title: 'auth.login.title' }), element: <LoginPage /> }],
    },
  ];
  const router = createMemoryRouter(routes, { initialEntries: ['/auth/login'] });
  const theme = localizedTheme(i18n.t('common.actions.close'));
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <RouteRegistryContext.Provider value={collectRoutes(routes)}>
          <RouterProvider router={router} />
        </RouteRegistryContext.Provider>
      </MantineProvider>
    </I18nextProvider>,
  );
  // Until the app has taken over, the form cannot be sent: Enter in a field would otherwise reload
  // the page (the fields have no names, so nothing typed would ever leave it) and lose the typing.
  const parts = html.split('type="submit"');
  if (parts.length !== 2) throw new Error(`expected one submit button in the sign-in page, found ${parts.length - 1}`);
  return parts.join('type="submit" disabled="" data-disabled="true"');
}

export const PRERENDER_LOCALES = LOCALES;
