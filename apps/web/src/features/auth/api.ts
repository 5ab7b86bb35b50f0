import type { CurrentUserResponse, ForgotPasswordInput, LoginInput, ResetPasswordInput } from '@app/shared/auth';
import type { CompanyBrand } from '@app/shared/auth';
import type { Locale } from '@app/shared/locale';
import { hasAnyPermission, type Permission } from '@app/shared/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { session } from '../../app/session';
import { api, fetchCsrfCookie } from '../../lib/api';
import { applyLocale, isLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query';

export const authKeys = {
  current: ['user', 'current'] as const,
  locale: ['locale'] as const,
};

export const currentUserQuery = queryOptions({
  queryKey: authKeys.current,
  queryFn: () => api.get<CurrentUserResponse>('/api/user/current'),
  staleTime: 5 * 60_000,
  retry: false,
});

export function useCurrentUser(): CurrentUserResponse {
  const { data } = useQuery(currentUserQuery);
  if (!data) throw new Error('useCurrentUser outside a signed-in route set');
  return data;
}

export function useCurrentUserMaybe(): CurrentUserResponse | undefined {
  return useQuery({ ...currentUserQuery, enabled: session.get().routeSet !== 'guest' }).data;
}

/** True when the signed-in employee holds at least one of the permissions (a UI hint; the server decides). */
export function useCan(wanted: Permission | readonly Permission[]): boolean {
  const user = useCurrentUserMaybe();
  return !!user && hasAnyPermission(user.permissions, wanted);
}

/**
 * Before every navigation of a signed-in route set: load the user when it is not loaded yet. A
 * failure is a signed-out session: clear everything and go to login (spec section 4).
 */
export async function ensureUser(): Promise<CurrentUserResponse | null> {
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (isLocale(user.data.locale)) applyLocale(user.data.locale);
    return user;
  } catch {
    queryClient.clear();
    session.reset(`/auth/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    return null;
  }
}

/** Login: CSRF cookie, credentials, then the current user; the user's saved language wins. */
export async function login(input: LoginInput, redirect: string | null): Promise<void> {
  await fetchCsrfCookie();
  await api.post('/login', input);
  queryClient.clear();
  const user = await queryClient.fetchQuery(currentUserQuery);
  if (isLocale(user.data.locale)) applyLocale(user.data.locale);
  session.signedIn(user, safeRedirect(redirect));
}

/** Only same-site paths, never //host or /auth/* (no open redirects, no loops). */
export function safeRedirect(target: string | null): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/auth/')) return '/';
  return target;
}

/** Logout: post, then reload the user, which fails and resets the session (spec section 4). */
export async function logout(): Promise<void> {
  try {
    await api.post('/logout');
  } finally {
    queryClient.clear();
    await ensureUser();
  }
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
  applyLocale(locale);
  await api.patch('/api/locale', { locale });
  queryClient.setQueryData<CurrentUserResponse>(authKeys.current, (u) => (u ? { ...u, data: { ...u.data, locale } } : u));
}

export const requestPasswordReset = (input: ForgotPasswordInput) => api.post('/api/auth/forgot-password', input);
export const checkToken = (token: string, kind: 'reset' | 'invite') =>
  api.post<{ data: { email: string; name: string; expires_at: string } }>('/api/auth/check-token', { token, kind });
export const resetPassword = (input: ResetPasswordInput) => api.post('/api/auth/reset-password', input);
export const createPassword = (input: ResetPasswordInput) => api.post('/api/auth/create-password', input);

/** Act as a company: recorded by the server, then the customer routes and home (spec section 4). */
export async function startActingAs(companyId: number): Promise<void> {
  const { data } = await api.post<{ data: CompanyBrand }>('/api/acting-as', { companyId });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
  session.startActing({ id: data.id, name: data.name });
  await queryClient.invalidateQueries({ queryKey: authKeys.current });
}

/** Stop acting: recorded, storage and header cleared, company data dropped, back to the companies. */
export async function stopActingAs(): Promise<void> {
  try {
    await api.delete('/api/acting-as');
  } catch (err) {
    console.warn('stop acting could not be recorded', err);
  }
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
  session.stopActing();
  await queryClient.invalidateQueries({ queryKey: authKeys.current });
}
