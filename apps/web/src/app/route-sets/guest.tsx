import { Navigate, type RouteObject, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/States';
import { authRoutes } from '../../features/auth/routes';
import { publicProductsRoutes } from '../../features/products/public-routes';
import { GuestLayout } from '../layouts/GuestLayout';
import { RouteError } from '../RouteError';

/** Every other path, signed out: to login, remembering where the person wanted to go. */
function ToLogin() {
  const location = useLocation();
  const target = location.pathname + location.search;
  return <Navigate to={target === '/' ? '/auth/login' : `/auth/login?redirect=${encodeURIComponent(target)}`} replace />;
}

export const guestRoutes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageLoader />,
    children: [
      {
        path: '/auth',
        element: <GuestLayout />,
        children: authRoutes,
      },
      {
        path: '/public',
        lazy: async () => ({ Component: (await import('../layouts/PublicLayout')).PublicLayout }),
        children: publicProductsRoutes,
      },
      { path: '*', element: <ToLogin /> },
    ],
  },
];
