// Helpers for tests that mount whole route sets (never imported by the app).
import { cleanup } from '@testing-library/react';
import { Outlet, type RouteObject } from 'react-router';
import { afterEach } from 'vitest';
import { queryClient } from '../src/lib/query';
import { collectRoutes } from '../src/platform/route-meta';
import { RouteRegistryContext } from '../src/platform/route-registry';
import { session } from '../src/platform/session';

/** A route set as App.tsx mounts it: with the registry that breadcrumbs and titles read. */
export function withRegistry(routes: RouteObject[]): RouteObject[] {
  return [
    {
      element: (
        <RouteRegistryContext.Provider value={collectRoutes(routes)}>
          <Outlet />
        </RouteRegistryContext.Provider>
      ),
      children: routes,
    },
  ];
}

/** After each test: unmounted, signed out at '/', and nothing cached for the next. */
export function resetAppAfterEach(): void {
  afterEach(() => {
    // Unmount first: a signed-in layout must not see the session and the cache go away under it.
    cleanup();
    session.reset('/');
    queryClient.clear();
  });
}
