import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet, type RouteObject } from 'react-router';
import { FullPageLoader } from '../../components/States';
import { ensureUser } from '../../features/auth/api';
import { queryClient } from '../../lib/query';
import { guardIdRoutes } from '../id-routes';
import { RouteError } from '../RouteError';

/** The signed-in root: before each navigation the user is loaded when it is not yet (spec section 4). */
export function signedInRoot(children: RouteObject[]): RouteObject {
  return {
    id: 'root',
    loader: async () => {
      await ensureUser();
      return null;
    },
    shouldRevalidate: () => true,
    element: (
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <Outlet />
        </ModalsProvider>
      </QueryClientProvider>
    ),
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: guardIdRoutes(children),
  };
}
