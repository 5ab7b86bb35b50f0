import type { CurrentUserResponse } from '@app/shared/auth/auth';
import { PERMISSIONS } from '@app/shared/platform/permissions';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockFetch, noContent } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { resetAppAfterEach, withRegistry } from '../../test/routes';
import { isIdParam, validIdParam } from '../platform/id-params';
import { session } from '../platform/session';
import { employeeRoutes } from './route-sets/employee';

const employee: CurrentUserResponse = {
  data: {
    id: 1,
    email: 'admin@outfitting.test',
    name: 'Sanne',
    locale: 'nl',
    first_login: false,
    guardable_type: 'employee',
    guardable: { id: 1, first_name: 'Sanne', insertion: null, last_name: 'Vos', function: 'Beheerder' },
    acting_as: null,
  },
  permissions: [...PERMISSIONS],
  role: { id: 1, slug: 'beheerders', name: 'Beheerders', is_admin: true, dashboard_view: 'general' },
};

resetAppAfterEach();

describe('id params', () => {
  it('accepts only what a database id can be', () => {
    expect(isIdParam('articleId')).toBe(true);
    expect(isIdParam('kind')).toBe(false);
    for (const ok of ['1', '42', '2147483647']) expect(validIdParam(ok)).toBe(true);
    for (const bad of ['abc', '0', '-1', '1.5', '12abc', '007', '', '2147483648', ' 1']) expect(validIdParam(bad)).toBe(false);
  });

  it.each([
    '/articles/abc',
    '/products/NaN',
    '/robox/materials/-3/edit',
    '/robox/material-categories/1.5/edit',
    '/settings/roles/99999999999',
  ])('%s shows the not-found page without asking the server anything about it', async (url) => {
    const f = mockFetch((req) => {
      if (req.path === '/api/user/current') return json(200, employee);
      if (req.path === '/api/science') return noContent();
      return undefined;
    });
    session.signedIn(employee, url);
    renderWithProviders(null, { routes: withRegistry(employeeRoutes), url });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagina niet gevonden' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pagina niet gevonden · Outfitting Portal'));
    const asked = f.requests
      .map((r) => r.path)
      .filter((p) => p !== '/api/user/current' && p !== '/api/science' && p !== '/api/notifications'); // the header's bell asks for its own
    expect(asked).toEqual([]);
  });
});
