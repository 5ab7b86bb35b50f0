import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../test/fetch';
import { ApiError } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { STORAGE_KEYS } from '../../lib/storage';
import { ensureUser } from './api';

// The signed-in root's loader: a user load the server refuses ends the session (spec section 4);
// one that got no answer (the page reloading or being left, the network gone) must not, or a
// reload during a load lands on the login page with the stored session wiped.

beforeEach(() => {
  queryClient.clear();
  window.history.replaceState(null, '', '/projects/7/areas');
  localStorage.setItem(STORAGE_KEYS.authenticated, '1');
  localStorage.setItem(STORAGE_KEYS.authenticatedModel, 'employee');
});
afterEach(() => {
  localStorage.clear();
  queryClient.clear();
});

describe('ensureUser', () => {
  it('treats an answer the server refuses as signed out: the keys go and the login page remembers where it was', async () => {
    mockFetch(() => apiError(401, 'UNAUTHENTICATED'));
    await expect(ensureUser()).resolves.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBeNull();
    expect(window.location.pathname + window.location.search).toBe(
      `/auth/login?redirect=${encodeURIComponent('/projects/7/areas')}`,
    );
  });

  it('keeps the stored session when the load gets no answer, and throws for the route to offer a retry', async () => {
    const f = mockFetch(() => undefined); // a request the mock does not answer fails as the network does
    await expect(ensureUser()).rejects.toBeInstanceOf(ApiError);
    expect(f.requests.map((r) => r.path)).toEqual(['/api/user/current']);
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBe('1');
    expect(localStorage.getItem(STORAGE_KEYS.authenticatedModel)).toBe('employee');
    expect(window.location.pathname).toBe('/projects/7/areas');
  });

  it('keeps the stored session when the answer is cut off after its status (the page is being left)', async () => {
    mockFetch(
      () =>
        new Response(
          new ReadableStream({
            start(controller) {
              controller.error(new TypeError('network error'));
            },
          }),
          { status: 200 },
        ),
    );
    await expect(ensureUser()).rejects.toBeInstanceOf(ApiError);
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBe('1');
    expect(window.location.pathname).toBe('/projects/7/areas');
  });

  it('keeps the stored session when what fails is not an answer of the server (a script error)', async () => {
    mockFetch(() => json(200, { notAUser: true }));
    await expect(ensureUser()).rejects.toBeInstanceOf(TypeError);
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBe('1');
    expect(window.location.pathname).toBe('/projects/7/areas');
  });

  it('keeps the stored session on a 503: the server asks to retry (its database is restarting)', async () => {
    mockFetch(() => apiError(503, 'SERVICE_UNAVAILABLE'));
    await expect(ensureUser()).rejects.toMatchObject({ status: 503 });
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBe('1');
    expect(window.location.pathname).toBe('/projects/7/areas');
  });

  it('ends the session on a server error too: it is an answer (spec section 4)', async () => {
    mockFetch(() => apiError(500, 'SERVER_ERROR'));
    await expect(ensureUser()).resolves.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.authenticated)).toBeNull();
  });
});
