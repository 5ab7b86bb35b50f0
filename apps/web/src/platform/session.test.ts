import type { CurrentUserResponse } from '@app/shared/auth/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../../test/fetch';
import { api, setActingAsHeader } from '../lib/api';
import { STORAGE_KEYS } from '../lib/storage';
import { initialSessionState, session } from './session';

function store(values: Partial<Record<keyof typeof STORAGE_KEYS, string>>): void {
  for (const [k, v] of Object.entries(values)) window.localStorage.setItem(STORAGE_KEYS[k as keyof typeof STORAGE_KEYS], v);
}

function user(model: 'employee' | 'client'): CurrentUserResponse {
  return {
    data: {
      id: 1,
      email: 'a@example.test',
      name: 'A',
      locale: 'nl',
      first_login: false,
      guardable_type: model,
      guardable: { id: 1, first_name: 'A', insertion: null, last_name: 'B' },
      acting_as: null,
    },
    permissions: [],
    role: null,
  };
}

/** The Acting-As header the next API call carries (undefined when none). */
async function actingAsHeaderSent(): Promise<string | undefined> {
  const f = mockFetch(() => json(200, {}));
  await api.get('/api/probe');
  return f.requests[0]?.headers['Acting-As'];
}

describe('initialSessionState (spec section 4, start-up)', () => {
  it('is guest when nothing is stored', () => {
    expect(initialSessionState()).toEqual({ routeSet: 'guest', actingAs: null });
  });

  it('is guest when a model is stored without the authenticated flag', () => {
    store({ authenticatedModel: 'employee', actingAs: '4', actingAsName: 'Werf' });
    expect(initialSessionState()).toEqual({ routeSet: 'guest', actingAs: null });
  });

  it("gives the customer routes to the 'client' model", () => {
    store({ authenticated: '1', authenticatedModel: 'client' });
    expect(initialSessionState()).toEqual({ routeSet: 'customer', actingAs: null });
  });

  it("gives the employee routes to the 'employee' model without Acting-As", () => {
    store({ authenticated: '1', authenticatedModel: 'employee' });
    expect(initialSessionState()).toEqual({ routeSet: 'employee', actingAs: null });
  });

  it("gives the customer routes, acting as the stored company, to an 'employee' with Acting-As stored", () => {
    store({ authenticated: '1', authenticatedModel: 'employee', actingAs: '42', actingAsName: 'Jachtwerf Noord' });
    expect(initialSessionState()).toEqual({ routeSet: 'customer', actingAs: { id: 42, name: 'Jachtwerf Noord' } });
  });

  it.each([
    ['authenticated flag not 1', { authenticated: 'true', authenticatedModel: 'employee' }],
    ['unknown model', { authenticated: '1', authenticatedModel: 'admin' }],
    ['empty model', { authenticated: '1', authenticatedModel: '' }],
    ['model in the wrong case', { authenticated: '1', authenticatedModel: 'Employee' }],
  ])('is guest for garbage values (%s)', (_label, values) => {
    store(values);
    expect(initialSessionState()).toEqual({ routeSet: 'guest', actingAs: null });
  });

  it.each(['0', '-3', '1.5', 'abc', ''])('ignores a garbage Acting-As %j for an employee', (raw) => {
    store({ authenticated: '1', authenticatedModel: 'employee', actingAs: raw, actingAsName: 'X' });
    expect(initialSessionState()).toEqual({ routeSet: 'employee', actingAs: null });
  });
});

describe('session transitions', () => {
  beforeEach(() => {
    setActingAsHeader(null);
  });
  afterEach(() => {
    setActingAsHeader(null);
  });

  it('signedIn stores the model and picks the route set from it', () => {
    session.signedIn(user('client'), '/orders');
    expect(session.get()).toEqual({ routeSet: 'customer', actingAs: null });
    expect(window.localStorage.getItem('authenticated')).toBe('1');
    expect(window.localStorage.getItem('authenticated_model')).toBe('client');
    expect(window.location.pathname).toBe('/orders');

    session.signedIn(user('employee'));
    expect(session.get()).toEqual({ routeSet: 'employee', actingAs: null });
    expect(window.localStorage.getItem('authenticated_model')).toBe('employee');
  });

  it('reset clears all four storage keys and the Acting-As header, and goes to login as guest', async () => {
    store({ authenticated: '1', authenticatedModel: 'employee', actingAs: '9', actingAsName: 'Werf' });
    setActingAsHeader(9);
    expect(await actingAsHeaderSent()).toBe('9');
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);

    session.reset();

    unsubscribe();
    for (const key of Object.values(STORAGE_KEYS)) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage).toHaveLength(0);
    expect(await actingAsHeaderSent()).toBeUndefined();
    expect(session.get()).toEqual({ routeSet: 'guest', actingAs: null });
    expect(window.location.pathname).toBe('/auth/login');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reset goes to the given path', () => {
    session.reset('/auth/login?redirect=%2Fsettings');
    expect(window.location.pathname + window.location.search).toBe('/auth/login?redirect=%2Fsettings');
  });

  it("startActing stores the company, sends Acting-As, switches to the customer routes and goes to '/'", async () => {
    session.signedIn(user('employee'), '/companies');
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);

    session.startActing({ id: 12, name: 'Rederij Zuid' });

    unsubscribe();
    expect(window.localStorage.getItem('Acting-As')).toBe('12');
    expect(window.localStorage.getItem('Acting-As-Name')).toBe('Rederij Zuid');
    expect(await actingAsHeaderSent()).toBe('12');
    expect(session.get()).toEqual({ routeSet: 'customer', actingAs: { id: 12, name: 'Rederij Zuid' } });
    expect(window.location.pathname).toBe('/');
    expect(listener).toHaveBeenCalledTimes(1);
    // A reload now starts in the same place.
    expect(initialSessionState()).toEqual(session.get());
  });

  it("stopActing clears the stored company and the header, restores the employee routes and goes to '/companies'", async () => {
    session.signedIn(user('employee'));
    session.startActing({ id: 12, name: 'Rederij Zuid' });

    session.stopActing();

    expect(window.localStorage.getItem('Acting-As')).toBeNull();
    expect(window.localStorage.getItem('Acting-As-Name')).toBeNull();
    expect(window.localStorage.getItem('authenticated')).toBe('1');
    expect(window.localStorage.getItem('authenticated_model')).toBe('employee');
    expect(await actingAsHeaderSent()).toBeUndefined();
    expect(session.get()).toEqual({ routeSet: 'employee', actingAs: null });
    expect(window.location.pathname).toBe('/companies');
    expect(initialSessionState()).toEqual(session.get());
  });
});
