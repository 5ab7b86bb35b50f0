import type { CompanyBrand, CurrentUserResponse } from '@app/shared/auth/auth';
import { hasAnyPermission, type Permission } from '@app/shared/platform/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, api } from '../../lib/api';
import { applyLocale, isLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { clearOfflineReads } from '../../platform/service-worker';
import { session } from '../../platform/session';
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
 * Before every navigation of a signed-in route set: load the user when it is not loaded yet. A
 * failure the server answers (a 4xx or 5xx status, but 503) is a signed-out session: clear everything
 * and go to login (spec section 4). Anything else, and a 503 (the server asks to retry: its
 * database is restarting), is thrown on to the route's error screen, which
 * offers a retry, and the stored session stays: a load that got no answer (cut off because the
 * page is being left or reloaded, its body included, or the network is gone; status 0 or an
 * abort) says nothing about the session, and ending it then would land a reload on the login page
 * with the stored session wiped. The user's language is applied when it loads; a language that
 * cannot be loaded leaves the page in the one it has.
 */
export async function ensureUser(rememberPage = true): Promise<CurrentUserResponse | null> {
  let user: CurrentUserResponse;
  try {
    user = await queryClient.ensureQueryData(currentUserQuery);
  } catch (err) {
    // 503: the server is there but something it needs is not (a database restart); it says to retry.
    if (!(err instanceof ApiError) || err.status === 0 || err.status === 503) throw err;
    resetToLogin(rememberPage);
    return null;
  }
  if (isLocale(user.data.locale)) {
    await applyLocale(user.data.locale).catch((err: unknown) => console.warn('the language could not be loaded', err));
  }
  return user;
}

/** Logout: post, then reload the user, which fails and resets the session (spec section 4). */
export async function logout(): Promise<void> {
  try {
    await api.post('/logout');
  } finally {
    queryClient.clear();
    // The planning and choices kept for offline use leave with the person (issue 28).
    await clearOfflineReads();
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
