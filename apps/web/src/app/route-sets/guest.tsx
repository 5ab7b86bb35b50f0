import { Navigate, type RouteObject, useLocation } from 'react-router';
import { FullPageLoader } from '../../components/States';
import { GuestLayout } from '../layouts/GuestLayout';
import { RouteError } from '../RouteError';
import { meta, publicProductsRoutes } from './shared';

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
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          {
            path: 'login',
            handle: meta({ name: 'login', title: 'auth.login.title' }),
            lazy: async () => ({ Component: (await import('../../features/auth/pages/LoginPage')).LoginPage }),
          },
          {
            path: 'reset-password',
            handle: meta({ name: 'reset-password', title: 'auth.forgot.title' }),
            lazy: async () => ({ Component: (await import('../../features/auth/pages/ForgotPasswordPage')).ForgotPasswordPage }),
          },
          {
            path: 'new-password',
            handle: meta({ name: 'new-password', title: 'auth.newPassword.title' }),
            lazy: async () => ({ Component: (await import('../../features/auth/pages/NewPasswordPage')).NewPasswordPage }),
          },
          {
            path: 'create-password',
            handle: meta({ name: 'create-password', title: 'auth.createPassword.title' }),
            lazy: async () => ({ Component: (await import('../../features/auth/pages/NewPasswordPage')).CreatePasswordPage }),
          },
        ],
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
