import type { Permission } from '@app/shared/platform/permissions';
import type { Employee, EmployeeInput } from '@app/shared/users/employees';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { EmployeeCreatePage, EmployeePage } from './EmployeePage';
import { employee, ownEmployee, signInEmployee } from './employees.fixtures';

const notify = mockNotify();

function open(o: {
  url: string;
  person?: Employee;
  permissions?: Permission[];
  onPut?: (body: Record<string, unknown>) => Response;
}) {
  let current = o.person ?? employee();
  const f = mockFetch((req) => {
    if (req.path === '/api/users/role-options')
      return json(200, {
        data: [
          { id: 4, name: 'Monteurs' },
          { id: 5, name: 'HR' },
        ],
      });
    if (req.path === '/api/users' && req.method === 'POST') {
      const body = req.body as EmployeeInput;
      return json(201, { data: employee({ id: 40, name: `${body.firstName} ${body.lastName}`, email: body.email }) });
    }
    if (req.path === `/api/users/${current.id}` && req.method === 'GET') return json(200, { data: current });
    if (req.path === `/api/users/${current.id}` && req.method === 'PUT') {
      const body = req.body as Record<string, unknown>;
      const res = o.onPut?.(body);
      if (res) return res;
      current = { ...current, ...body, version: current.version + 1 } as Employee;
      return json(200, { data: current });
    }
    if (req.path === `/api/users/${current.id}/deactivate` && req.method === 'POST') {
      current = { ...current, deletedAt: '2026-11-24T10:00:00.000Z', version: current.version + 1 };
      return json(200, { data: current });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, o.permissions ?? ['users.manage'], { employeeId: 1 });
  const view = renderWithProviders(null, {
    url: o.url,
    queryClient,
    routes: [
      { path: '/users/new', element: <EmployeeCreatePage /> },
      { path: '/users/:userId', element: <EmployeePage /> },
    ],
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('EmployeePage as HR (users.manage)', () => {
  it("shows the person's name, tabs and every field open; saves with the version", async () => {
    const { user, f } = open({ url: '/users/21' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne de Vries' })).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'Onderdelen van de medewerker' });
    expect(within(tabs).getByRole('link', { name: 'Mobiel' })).toHaveAttribute('href', '/users/21/mobile-settings');
    const fn = await screen.findByRole('textbox', { name: 'Functie' });
    expect(fn).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Exact-ID' })).toBeEnabled();
    await user.clear(fn);
    await user.type(fn, 'Werkvoorbereider');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/users/21', 'PUT')).toHaveLength(1));
    expect(f.to('/api/users/21', 'PUT')[0]?.body).toMatchObject({ function: 'Werkvoorbereider', version: 3, roleId: 4 });
    expect(f.to('/api/users/21', 'PUT')[0]?.body).not.toHaveProperty('currentPassword');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('De gegevens van Sanne de Vries zijn opgeslagen.'));
  });

  it('deactivates after a confirmation that says the sessions end at once, then shows the badge', async () => {
    const { user, f } = open({ url: '/users/21' });
    await screen.findByRole('heading', { level: 1, name: 'Sanne de Vries' });
    await user.click(screen.getByRole('button', { name: 'Acties' }));
    await user.click(await screen.findByRole('menuitem', { name: /Deactiveren/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/op alle apparaten meteen uitgelogd/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactiveren' }));
    await waitFor(() => expect(f.to('/api/users/21/deactivate', 'POST')).toHaveLength(1));
    expect(f.to('/api/users/21/deactivate', 'POST')[0]?.body).toEqual({ version: 3 });
    expect(await screen.findByText('Gedeactiveerd')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Sanne de Vries is gedeactiveerd.');
  });

  it("puts the server's field error on the e-mail field", async () => {
    const { user } = open({
      url: '/users/21',
      onPut: () => apiError(400, 'VALIDATION_FAILED', { fieldErrors: { email: { code: 'email_taken' } } }),
    });
    const email = await screen.findByRole('textbox', { name: /E-mailadres/ });
    await user.clear(email);
    await user.type(email, 'bezet@outfitting.test');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit e-mailadres is al in gebruik.')).toBeInTheDocument();
  });

  it('creates an employee, saying the invitation goes out, and opens the new profile', async () => {
    const { user, f, router } = open({ url: '/users/new' });
    expect(screen.getByText(/krijgt de medewerker een e-mail met een link/)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /Voornaam/ }), 'Jan');
    await user.type(screen.getByRole('textbox', { name: /Achternaam/ }), 'Berg');
    await user.type(screen.getByRole('textbox', { name: /^E-mailadres/ }), 'Jan@Outfitting.test');
    await user.click(screen.getByRole('button', { name: 'Medewerker toevoegen' }));
    await waitFor(() => expect(f.to('/api/users', 'POST')).toHaveLength(1));
    expect(f.to('/api/users', 'POST')[0]?.body).toMatchObject({
      firstName: 'Jan',
      lastName: 'Berg',
      email: 'jan@outfitting.test',
      roleId: null,
      locale: 'nl',
    });
    await waitFor(() => expect(router?.state.location.pathname).toBe('/users/40'));
    // The profile shows the invitation as the create answer has it (sent), not 'Niet uitgenodigd'.
    expect(await screen.findByText('Uitgenodigd')).toBeInTheDocument();
    expect(screen.queryByText('Niet uitgenodigd')).not.toBeInTheDocument();
  });

  it('offers no invitation to a deactivated person: only restoring can help', async () => {
    const { user } = open({
      url: '/users/21',
      person: employee({
        deletedAt: '2026-11-24T10:00:00.000Z',
        abilities: {
          canEdit: false,
          canEditExactId: false,
          canChangeRole: false,
          canDeactivate: false,
          canRestore: true,
          canEndSessions: true,
          canResendInvitation: false,
          canEditMobile: false,
          reasons: {
            canEdit: 'EMPLOYEE_DELETED',
            canEditExactId: 'EMPLOYEE_DELETED',
            canChangeRole: 'EMPLOYEE_DELETED',
            canDeactivate: 'EMPLOYEE_DELETED',
            canResendInvitation: 'EMPLOYEE_DELETED',
            canEditMobile: 'EMPLOYEE_DELETED',
          },
        },
      }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Sanne de Vries' });
    await user.click(screen.getByRole('button', { name: 'Acties' }));
    expect(await screen.findByRole('menuitem', { name: 'Terugzetten' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Uitnodiging/ })).not.toBeInTheDocument();
  });
});

describe('EmployeePage, own profile without users.manage', () => {
  it('opens only e-mail, private e-mail and phone, and asks for the current password to change the e-mail (S10)', async () => {
    const { user, f } = open({ url: '/users/1', person: ownEmployee(), permissions: [] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hanna Rijkens' })).toBeInTheDocument();
    expect(screen.getByText(/De andere gegevens beheert HR/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Voornaam/ })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Functie' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Rol' })).toBeDisabled();
    expect(screen.getByText('Je kunt je eigen rol niet wijzigen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acties' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Huidig wachtwoord')).not.toBeInTheDocument();

    const email = screen.getByRole('textbox', { name: /^E-mailadres/ });
    expect(email).toBeEnabled();
    await user.clear(email);
    await user.type(email, 'hanna.nieuw@outfitting.test');
    const password = await screen.findByLabelText(/Huidig wachtwoord/);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Vul je huidige wachtwoord in om je e-mailadres te wijzigen.')).toBeInTheDocument();
    expect(f.to('/api/users/1', 'PUT')).toHaveLength(0);

    await user.type(password, 'mijn wachtwoord');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/users/1', 'PUT')).toHaveLength(1));
    expect(f.to('/api/users/1', 'PUT')[0]?.body).toEqual({
      email: 'hanna.nieuw@outfitting.test',
      privateEmail: '',
      phone: '+31 6 1234 5678',
      currentPassword: 'mijn wachtwoord',
      version: 3,
    });
  });

  it('shows a wrong current password from the server on its field', async () => {
    const { user } = open({
      url: '/users/1',
      person: ownEmployee(),
      permissions: [],
      onPut: () => apiError(400, 'VALIDATION_FAILED', { fieldErrors: { currentPassword: { code: 'password_incorrect' } } }),
    });
    const email = await screen.findByRole('textbox', { name: /^E-mailadres/ });
    await user.clear(email);
    await user.type(email, 'x@outfitting.test');
    await user.type(await screen.findByLabelText(/Huidig wachtwoord/), 'fout');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Dit wachtwoord klopt niet.')).toBeInTheDocument();
  });
});
