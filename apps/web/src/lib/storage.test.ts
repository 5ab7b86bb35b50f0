import type { CurrentUserResponse } from '@app/shared/auth/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../platform/session';
import { setActingAsHeader } from './api';
import { STORAGE_KEYS, storage } from './storage';

const ALLOWED = ['authenticated', 'authenticated_model', 'Acting-As', 'Acting-As-Name'];

const employee = {
  data: {
    id: 1,
    email: 'e@example.test',
    name: 'E',
    locale: 'nl',
    first_login: false,
    guardable_type: 'employee',
    guardable: { id: 1, first_name: 'E', insertion: null, last_name: 'F' },
    acting_as: null,
  },
  permissions: ['companies.act-as-client'],
  role: null,
} satisfies CurrentUserResponse;

afterEach(() => {
  setActingAsHeader(null);
});

describe('storage (H5: only the four documented keys)', () => {
  it('names exactly the four keys of the specification', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual([...ALLOWED].sort());
  });

  it('writes no other key through sign-in, acting, stop acting, client sign-in and reset', () => {
    // Every key the app writes, also one removed again later (the spy is restored after each test).
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const seen = new Set<string>();
    const snapshot = () => {
      for (const k of Object.keys(window.localStorage)) seen.add(k);
    };

    session.signedIn(employee, '/');
    snapshot();
    session.startActing({ id: 3, name: 'Scheepswerf' });
    snapshot();
    expect(Object.keys(window.localStorage).sort()).toEqual([...ALLOWED].sort());
    session.stopActing();
    snapshot();
    session.signedIn({ ...employee, data: { ...employee.data, guardable_type: 'client' } }, '/');
    snapshot();
    session.reset();
    snapshot();

    const written = new Set(setItem.mock.calls.map(([key]) => key));
    expect(written.size).toBeGreaterThan(0);
    for (const k of written) expect(ALLOWED).toContain(k);
    for (const k of seen) expect(ALLOWED).toContain(k);
    expect(Object.keys(window.localStorage)).toEqual([]);
  });

  it('reads a stored company only for a positive integer id', () => {
    window.localStorage.setItem('Acting-As', '7');
    expect(storage.actingAs()).toEqual({ id: 7, name: '' });
    window.localStorage.setItem('Acting-As-Name', 'Werf');
    expect(storage.actingAs()).toEqual({ id: 7, name: 'Werf' });
    for (const bad of ['0', '-1', '2.5', 'NaN', 'x']) {
      window.localStorage.setItem('Acting-As', bad);
      expect(storage.actingAs()).toBeNull();
    }
  });

  it('clear removes every key it owns and leaves nothing behind', () => {
    storage.setAuthenticated('employee');
    storage.setActingAs({ id: 5, name: 'N' });
    storage.clear();
    expect(window.localStorage).toHaveLength(0);
  });
});
