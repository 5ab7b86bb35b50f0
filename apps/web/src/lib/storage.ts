/**
 * The only four keys the app keeps in localStorage (H5), named as the specification names them.
 * Everything else (language, tokens) lives on the server or in memory.
 */
export const STORAGE_KEYS = {
  authenticated: 'authenticated',
  authenticatedModel: 'authenticated_model',
  actingAs: 'Acting-As',
  actingAsName: 'Acting-As-Name',
} as const;

export type AuthenticatedModel = 'employee' | 'client';

function get(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the app still works for this tab.
  }
}

export const storage = {
  isAuthenticated: () => get(STORAGE_KEYS.authenticated) === '1',
  model: (): AuthenticatedModel | null => {
    const v = get(STORAGE_KEYS.authenticatedModel);
    return v === 'employee' || v === 'client' ? v : null;
  },
  actingAs: (): { id: number; name: string } | null => {
    const id = Number(get(STORAGE_KEYS.actingAs));
    return Number.isInteger(id) && id > 0 ? { id, name: get(STORAGE_KEYS.actingAsName) ?? '' } : null;
  },
  setAuthenticated(model: AuthenticatedModel): void {
    set(STORAGE_KEYS.authenticated, '1');
    set(STORAGE_KEYS.authenticatedModel, model);
  },
  setActingAs(company: { id: number; name: string } | null): void {
    set(STORAGE_KEYS.actingAs, company ? String(company.id) : null);
    set(STORAGE_KEYS.actingAsName, company ? company.name : null);
  },
  /** Logout or a failed user load: every key goes (S3, H5). */
  clear(): void {
    for (const key of Object.values(STORAGE_KEYS)) set(key, null);
  },
};
