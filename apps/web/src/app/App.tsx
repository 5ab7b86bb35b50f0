import type { RouteName } from '@app/shared/platform/routes';
import { MantineProvider } from '@mantine/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, type DataRouter, type RouteObject, RouterProvider } from 'react-router';
import { FullPageLoader } from '../components/States';
import { UpdatePrompt } from '../components/UpdatePrompt';
import { enableBackofficeCatalogs, enablePortalCatalogs } from '../lib/i18n';
import { collectRoutes, type RouteEntry } from '../platform/route-meta';
import { RouteRegistryContext } from '../platform/route-registry';
import { type RouteSet, useSession } from '../platform/session';
import { cssVariablesResolver, localizedTheme } from '../platform/theme';

const Toasts = lazy(() => import('./Toasts'));

const routeSetModules = {
  guest: () => import('./route-sets/guest'),
  customer: () => import('./route-sets/customer'),
  employee: () => import('./route-sets/employee'),
} as const;

/**
 * Starts downloading the first screen's chunks (the route set, the toasts) while the start-up still
 * asks the server for the language, instead of one after the other once the app renders.
 */
export function preloadFirstScreen(set: RouteSet): void {
  void routeSetModules[set]().catch(() => {});
  void import('./Toasts').catch(() => {});
}

/** Each route set is its own chunk: the login page never downloads the back office. */
async function loadRouteSet(set: RouteSet): Promise<RouteObject[]> {
  switch (set) {
    case 'guest':
      return (await routeSetModules.guest()).guestRoutes;
    case 'customer': {
      const [routes] = await Promise.all([routeSetModules.customer(), enablePortalCatalogs()]);
      return routes.customerRoutes;
    }
    case 'employee': {
      const [routes] = await Promise.all([routeSetModules.employee(), enableBackofficeCatalogs()]);
      return routes.employeeRoutes;
    }
  }
}

interface ActiveRouter {
  set: RouteSet;
  router: DataRouter;
  registry: Map<RouteName, RouteEntry>;
}

/** Swaps the whole route set when the session changes (login, logout, acting as a company, stop). */
function SessionRouter() {
  const { routeSet } = useSession();
  const [active, setActive] = useState<ActiveRouter | null>(null);

  useEffect(() => {
    let cancelled = false;
    void loadRouteSet(routeSet).then((routes) => {
      if (cancelled) return;
      setActive((prev) => {
        prev?.router.dispose();
        return { set: routeSet, router: createBrowserRouter(routes), registry: collectRoutes(routes) };
      });
    });
    return () => {
      cancelled = true;
    };
  }, [routeSet]);

  if (!active || active.set !== routeSet) return <FullPageLoader />;
  return (
    <RouteRegistryContext.Provider value={active.registry}>
      <RouterProvider router={active.router} />
    </RouteRegistryContext.Provider>
  );
}

export function App() {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the labels change with the language only
  const theme = useMemo(() => localizedTheme(t('common.actions.close')), [i18n.language]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <SessionRouter />
      <UpdatePrompt />
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
    </MantineProvider>
  );
}
