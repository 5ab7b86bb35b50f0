import type { CompanyBrand, CurrentUserResponse } from '@app/shared/auth/auth';
import { hasAnyPermission, type Permission } from '@app/shared/platform/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { session } from '../../app/session';
import { ApiError, api } from '../../lib/api';
import { applyLocale, isLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { CURRENT_USER_KEY } from './guest-api';

export const authKeys = {
  current: CURRENT_USER_KEY,
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

/** Forgets the session in this browser and goes to login (remembering this page unless told not to). */
function resetToLogin(rememberPage: boolean): void {
  queryClient.clear();
  const here = window.location.pathname + window.location.search;
  session.reset(rememberPage ? `/auth/login?redirect=${encodeURIComponent(here)}` : '/auth/login');
}

/**
 * A user load that got no answer: cut off because the page is being left or reloaded, or the
 * network is gone. That says nothing about the session, so it must not end it: a reload while a
 * load was under way would otherwise wipe the stored session and land on the login page.
 */
function unanswered(err: unknown): boolean {
  return (err instanceof ApiError && err.status === 0) || (err instanceof DOMException && err.name === 'AbortError');
}

/**
 * Before every navigation of a signed-in route set: load the user when it is not loaded yet. A
 * failure the server answers is a signed-out session: clear everything and go to login (spec
 * section 4). A load that got no answer is thrown on to the route's error screen, which offers a
 * retry, and the stored session stays.
 */
export async function ensureUser(rememberPage = true): Promise<CurrentUserResponse | null> {
  try {
    const user = await queryClient.ensureQueryData(currentUserQuery);
    if (isLocale(user.data.locale)) await applyLocale(user.data.locale);
    return user;
  } catch (err) {
    if (unanswered(err)) throw err;
    resetToLogin(rememberPage);
    return null;
  }
}

/** Logout: post, then reload the user, which fails and resets the session (spec section 4). */
export async function logout(): Promise<void> {
  try {
    await api.post('/logout');
  } finally {
    queryClient.clear();
    // The next person to sign in on this browser starts at home, not on this page. Whatever the
    // reload answers (or if it gets no answer), this browser forgets the session.
    await ensureUser(false).catch(() => resetToLogin(false));
  }
}

/** Act as a company: recorded by the server, then the customer routes and home (spec section 4). */
export async function startActingAs(companyId: number): Promise<void> {
  const { data } = await api.post<{ data: CompanyBrand }>('/api/acting-as', { companyId });
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
  session.startActing({ id: data.id, name: data.name });
  await queryClient.invalidateQueries({ queryKey: authKeys.current });
}

/**
 * Stop acting: recorded, storage and header cleared, company data dropped, back to the companies
 * (or to `path`, a back-office address the employee had opened while acting).
 */
export async function stopActingAs(path?: string): Promise<void> {
  try {
    await api.delete('/api/acting-as');
  } catch (err) {
    console.warn('stop acting could not be recorded', err);
  }
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
  session.stopActing(path);
  await queryClient.invalidateQueries({ queryKey: authKeys.current });
}
