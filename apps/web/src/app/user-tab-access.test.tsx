import type { CurrentUserResponse } from '@app/shared/auth/auth';
import type { Permission } from '@app/shared/platform/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../test/cookies';
import { json, mockFetch, noContent } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import { resetAppAfterEach, withRegistry } from '../../test/routes';
import { employee as profile } from '../features/users/pages/employees.fixtures';
import { session } from '../platform/session';
import { employeeRoutes } from './route-sets/employee';

resetAppAfterEach();

/** Daan, a project leader who approves leave: he sees employees, not their HR papers. */
const leader = (permissions: Permission[]): CurrentUserResponse => ({
  data: {
    id: 3,
    email: 'daan@outfitting.test',
    name: 'Daan de Projectleider',
    locale: 'nl',
    first_login: false,
    guardable_type: 'employee',
    guardable: { id: 3, first_name: 'Daan', insertion: null, last_name: 'de Projectleider', function: 'Projectleider' },
    acting_as: null,
  },
  permissions,
  role: { id: 3, slug: 'projectleiders', name: 'Projectleiders', is_admin: false, dashboard_view: 'general' },
});

function open(url: string, permissions: Permission[] = ['projects.manage', 'leave.approve']) {
  setXsrfCookie('tok');
  const me = leader(permissions);
  const f = mockFetch((req) => {
    if (req.path === '/api/user/current') return json(200, me);
    if (req.path === '/api/science') return noContent();
    if (req.path === '/api/breadcrumbs/slugs') return json(200, { data: { slugs: { userId: 'Bram de Jong' } } });
    if (req.path === '/api/users/6') return json(200, { data: profile({ id: 6, name: 'Bram de Jong' }) });
    if (req.path.startsWith('/api/users/6/')) return json(404, { code: 'EMPLOYEE_NOT_FOUND' });
    return json(200, { data: [] });
  });
  session.signedIn(me, url);
  renderWithProviders(null, { routes: withRegistry(employeeRoutes), url });
  return f;
}

describe("an employee's tab this viewer may not read", () => {
  it.each([
    ['/users/6/documents', 'Documenten'],
    ['/users/6/contracts', 'Contracten'],
    ['/users/6/schedule', 'Rooster'],
    ['/users/6/booked-hours', 'Uren'],
    ['/users/6/declarations', 'Declaraties'],
    ['/users/6/overnights', 'Overnachtingen'],
    ['/users/6/mobile-settings', 'Mobiel'],
  ])('%s says "Geen toegang", not that the person does not exist, and asks the server nothing', async (url, title) => {
    const f = open(url);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Geen toegang')).toBeInTheDocument();
    expect(within(alert).getByText(/geen toegang tot dit deel van de gegevens van deze medewerker/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.queryByText('Deze medewerker bestaat niet (meer).')).not.toBeInTheDocument();
    expect(f.requests.filter((r) => r.path.startsWith('/api/users/6/'))).toHaveLength(0);
  });

  it('opens the tab for whoever keeps that part (HR on the documents)', async () => {
    const f = open('/users/6/documents', ['documents.manage']);
    await waitFor(() => expect(f.to('/api/users/6/documents')).toHaveLength(1));
    expect(screen.queryByText('Geen toegang')).not.toBeInTheDocument();
  });
});
