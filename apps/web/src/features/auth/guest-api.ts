import type {
  CheckTokenResponse,
  CurrentUserResponse,
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
} from '@app/shared/auth/auth';
import type { Locale } from '@app/shared/platform/locale';
import { api, fetchCsrfCookie } from '../../lib/api';
import { applyLocale, isLocale } from '../../lib/i18n';
import { session } from '../../platform/session';

// What the signed-out screens need. No TanStack Query here: the login route stays small
// (G6); the query cache is reached lazily once someone is signed in.

export const CURRENT_USER_KEY = ['user', 'current'] as const;

/** Login: CSRF cookie, credentials, then the current user; the user's saved language wins. */
export async function login(input: LoginInput, redirect: string | null): Promise<void> {
  await fetchCsrfCookie();
  await api.post('/login', input);
  const user = await api.get<CurrentUserResponse>('/api/user/current');
  const { queryClient } = await import('../../lib/query');
  queryClient.clear();
  queryClient.setQueryData(CURRENT_USER_KEY, user);
  if (isLocale(user.data.locale)) await applyLocale(user.data.locale);
  session.signedIn(user, safeRedirect(redirect));
}

/**
 * Where to go after login: only a path on this site, never another origin (also not through
 * '//host', '/\\host' or control characters, which browsers read as other hosts) and never /auth/*.
 */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/')) return '/';
  let url: URL;
  try {
    url = new URL(target, window.location.origin);
  } catch {
    return '/';
  }
  if (url.origin !== window.location.origin || url.pathname.startsWith('/auth/')) return '/';
  return url.pathname + url.search + url.hash;
}

export async function fetchLocale(): Promise<Locale> {
  try {
    const r = await api.get<{ locale: Locale }>('/api/locale');
    return isLocale(r.locale) ? r.locale : 'nl';
  } catch (err) {
    console.warn('locale fetch failed, using nl', err);
    return 'nl';
  }
}

/** Switches language now and saves it (on the account when signed in, else on the session). */
export async function changeLocale(locale: Locale): Promise<void> {
  await applyLocale(locale);
  await api.patch('/api/locale', { locale });
  if (session.get().routeSet !== 'guest') {
    const { queryClient } = await import('../../lib/query');
    queryClient.setQueryData<CurrentUserResponse>(CURRENT_USER_KEY, (u) => (u ? { ...u, data: { ...u.data, locale } } : u));
    // Some names come from the server in the reader's language (a leave type's, a declaration
    // category's): what is shown is loaded again in the new one (not waited for).
    void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
  }
}

export const requestPasswordReset = (input: ForgotPasswordInput) => api.post('/api/auth/forgot-password', input);
export const checkToken = (token: string, kind: 'reset' | 'invite') =>
  api.post<CheckTokenResponse>('/api/auth/check-token', { token, kind });
export const resetPassword = (input: ResetPasswordInput) => api.post('/api/auth/reset-password', input);
export const createPassword = (input: ResetPasswordInput) => api.post('/api/auth/create-password', input);
