import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel, type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, type DataRouter, type RouteObject, RouterProvider } from 'react-router';
import { theme } from '../src/platform/theme';

/** A fresh cache per test: no retries (a failure shows at once), nothing shared between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export interface RenderOptions {
  /** Render `ui` as the element of this route path in a memory data router (for router hooks). */
  path?: string;
  /** A whole route tree instead of `ui` (e.g. a real route set). */
  routes?: RouteObject[];
  /** Where the memory router starts; defaults to `path`, or '/'. */
  url?: string;
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  router: DataRouter | undefined;
}

/** Mantine (the app theme, test env: no transitions, no portals), TanStack Query, modals and, when asked, a router. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>{children}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactElement | null, options: RenderOptions = {}): RenderWithProvidersResult {
  const queryClient = options.queryClient ?? createTestQueryClient();
  // No per-key delay, and no CSS pointer-events walk up the (deep) Mantine tree on every pointer
  // action: that walk is most of a click's cost in jsdom. Disabled controls still refuse clicks.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
  let router: DataRouter | undefined;
  let content: ReactNode = ui;
  if (options.routes || options.path) {
    const routes: RouteObject[] = options.routes ?? [
      { path: options.path, element: ui },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ];
    router = createMemoryRouter(routes, { initialEntries: [options.url ?? options.path ?? '/'] });
    content = <RouterProvider router={router} />;
  }
  const result = render(<Providers queryClient={queryClient}>{content}</Providers>);
  return { ...result, user, queryClient, router };
}
