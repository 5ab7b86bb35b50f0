import type { CurrentUserResponse } from '@app/shared/auth/auth';
import { useSyncExternalStore } from 'react';
import { setActingAsHeader } from '../lib/api';
import { type AuthenticatedModel, storage } from '../lib/storage';

export type RouteSet = 'guest' | 'customer' | 'employee';

export interface SessionState {
  routeSet: RouteSet;
  actingAs: { id: number; name: string } | null;
}

/**
 * Start-up, exactly as the specification's section 4 says: the stored authenticated_model decides
 * the route set; an employee with a stored Acting-As gets the customer routes.
 */
export function initialSessionState(): SessionState {
  if (!storage.isAuthenticated()) return { routeSet: 'guest', actingAs: null };
  const model = storage.model();
  if (model === 'client') return { routeSet: 'customer', actingAs: null };
  if (model === 'employee') {
    const acting = storage.actingAs();
    return acting ? { routeSet: 'customer', actingAs: acting } : { routeSet: 'employee', actingAs: null };
  }
  return { routeSet: 'guest', actingAs: null };
}

let state: SessionState = initialSessionState();
const listeners = new Set<() => void>();

function emit(next: SessionState): void {
  state = next;
  for (const l of listeners) l();
}

/** Moves the browser to path before the route set changes, so the new router starts there. */
function goTo(path: string | undefined): void {
  if (path) window.history.replaceState(null, '', path);
}

export const session = {
  get: (): SessionState => state,
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
  /** After a successful login and user load. A fresh sign-in never starts out acting as a company. */
  signedIn(user: CurrentUserResponse, path?: string): void {
    const model: AuthenticatedModel = user.data.guardable_type;
    storage.setActingAs(null);
    setActingAsHeader(null);
    storage.setAuthenticated(model);
    goTo(path);
    emit({ routeSet: model === 'client' ? 'customer' : 'employee', actingAs: null });
  },
  /** Failed user load or logout: clear the stored keys and the header, back to the guest routes and login. */
  reset(path = '/auth/login'): void {
    storage.clear();
    setActingAsHeader(null);
    goTo(path);
    emit({ routeSet: 'guest', actingAs: null });
  },
  startActing(company: { id: number; name: string }): void {
    storage.setActingAs(company);
    setActingAsHeader(company.id);
    goTo('/');
    emit({ routeSet: 'customer', actingAs: company });
  },
  /** Back to the back office: the companies list, or `path` (a back-office address opened while acting). */
  stopActing(path = '/companies'): void {
    storage.setActingAs(null);
    setActingAsHeader(null);
    goTo(path);
    emit({ routeSet: 'employee', actingAs: null });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
