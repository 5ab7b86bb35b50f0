import { Navigate, type RouteObject } from 'react-router';
import { meta } from '../../platform/route-meta';

/** Signing in and setting a password, under /auth (the guest route set: the login route is budgeted). */
export const authRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/auth/login" replace /> },
  {
    path: 'login',
    handle: meta({ name: 'login', title: 'auth.login.title' }),
    lazy: async () => ({ Component: (await import('./pages/LoginPage')).LoginPage }),
  },
  {
    path: 'reset-password',
    handle: meta({ name: 'reset-password', title: 'auth.forgot.title' }),
    lazy: async () => ({ Component: (await import('./pages/ForgotPasswordPage')).ForgotPasswordPage }),
  },
  {
    path: 'new-password',
    handle: meta({ name: 'new-password', title: 'auth.newPassword.title' }),
    lazy: async () => ({ Component: (await import('./pages/NewPasswordPage')).NewPasswordPage }),
  },
  {
    path: 'create-password',
    handle: meta({ name: 'create-password', title: 'auth.createPassword.title' }),
    lazy: async () => ({ Component: (await import('./pages/NewPasswordPage')).CreatePasswordPage }),
  },
];

/** The portal's account page (in the back office the account settings sit on the settings page, features/users). */
export const accountRoutes: RouteObject[] = [
  {
    path: 'settings',
    handle: meta({ name: 'settings', title: 'account.title', parent: 'home' }),
    lazy: async () => ({ Component: (await import('./pages/AccountPage')).AccountPage }),
  },
];
