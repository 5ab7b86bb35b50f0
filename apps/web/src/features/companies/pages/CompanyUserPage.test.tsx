import type { CompanyUser, CompanyUserInput } from '@app/shared/companies/company-users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyUserCreatePage, CompanyUserDetailsPage } from './CompanyUserPage';
import { badgeText, companyUser } from './CompanyUsersPage.fixtures';

const notify = mockNotify();

interface Options {
  url: string;
  user?: CompanyUser;
  onCreate?: (body: CompanyUserInput) => Response | undefined;
}

function openUser(o: Options) {
  let current = o.user ?? companyUser();
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/7' && req.method === 'GET') return json(200, { data: company() });
    if (req.path === '/api/companies/7/users' && req.method === 'POST') {
      const body = req.body as CompanyUserInput;
      return (
        o.onCreate?.(body) ??
        json(201, { data: companyUser({ id: 12, name: `${body.firstName} ${body.lastName}`, email: body.email }) })
      );
    }
    if (req.path === `/api/companies/7/users/${current.id}` && req.method === 'GET') return json(200, { data: current });
    if (req.path === `/api/companies/7/users/${current.id}/invitation` && req.method === 'POST') {
      current = { ...current, invitedAt: '2026-11-24T10:00:00.000Z' };
      return json(200, { data: current });
    }
    if (req.path === `/api/companies/7/users/${current.id}` && req.method === 'DELETE') return noContent();
    if (req.path === '/api/companies/7/users' && req.method === 'GET') {
      return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['companies.manage']);
  const view = renderWithProviders(null, {
    url: o.url,
    queryClient,
    routes: [
      { path: '/companies/:companyId/users/new', element: <CompanyUserCreatePage /> },
      { path: '/companies/:companyId/users/:clientId', element: <CompanyUserDetailsPage /> },
      { path: '/companies/:companyId/users', element: <p>de lijst</p> },
    ],
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('CompanyUserPage', () => {
  it('asks for the names and the e-mail address before sending anything', async () => {
    const { user, f } = openUser({ url: '/companies/7/users/new' });
    await user.click(await screen.findByRole('button', { name: 'Gebruiker toevoegen' }));
    expect(await screen.findByText('Vul de voornaam in.')).toBeInTheDocument();
    expect(screen.getByText('Vul de achternaam in.')).toBeInTheDocument();
    expect(screen.getByText('Vul het e-mailadres in.')).toBeInTheDocument();
    expect(f.to('/api/companies/7/users', 'POST')).toHaveLength(0);
  });

  it('creates a user with the invitation, shows email_taken on the e-mail field, then opens the new user', async () => {
    let refuse = true;
    const { user, f, router } = openUser({
      url: '/companies/7/users/new',
      onCreate: () =>
        refuse ? apiError(400, 'VALIDATION_FAILED', { fieldErrors: { email: { code: 'email_taken' } } }) : undefined,
    });
    await user.click(await screen.findByRole('radio', { name: 'Engels' }));
    await user.type(screen.getByRole('textbox', { name: /^Voornaam/ }), ' Jan ');
    await user.type(screen.getByRole('textbox', { name: /^Tussenvoegsel/ }), 'van');
    await user.type(screen.getByRole('textbox', { name: /^Achternaam/ }), 'Dijk');
    await user.type(screen.getByRole('textbox', { name: /^E-mailadres/ }), 'Jan@NordicStar.test');
    await user.type(screen.getByRole('textbox', { name: /^Functie/ }), 'Purser');
    expect(screen.getByRole('checkbox', { name: /Stuur de uitnodiging nu/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));

    await waitFor(() => expect(f.to('/api/companies/7/users', 'POST')).toHaveLength(1));
    expect(f.to('/api/companies/7/users', 'POST')[0]?.body).toEqual({
      locale: 'en',
      firstName: 'Jan',
      insertion: 'van',
      lastName: 'Dijk',
      email: 'jan@nordicstar.test',
      jobTitle: 'Purser',
      phone: '',
      sendInvitation: true,
    });
    const email = screen.getByRole('textbox', { name: /^E-mailadres/ });
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Dit e-mailadres is al in gebruik.')).toBeInTheDocument();

    refuse = false;
    await user.clear(email);
    await user.type(email, 'jan2@nordicstar.test');
    await user.click(screen.getByRole('button', { name: 'Gebruiker toevoegen' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/companies/7/users/12'));
    expect(notify.success).toHaveBeenCalledWith(
      'Jan Dijk is toegevoegd en heeft een uitnodiging gekregen op jan2@nordicstar.test.',
    );
  });

  it('resends the invitation with an empty body while no password was set', async () => {
    const { user, f } = openUser({ url: '/companies/7/users/21' });
    expect(await screen.findByText(badgeText('Uitgenodigd op 20-11-2026'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Uitnodiging opnieuw versturen' }));
    await waitFor(() => expect(f.to('/api/companies/7/users/21/invitation', 'POST')).toHaveLength(1));
    expect(f.to('/api/companies/7/users/21/invitation', 'POST')[0]?.body).toEqual({});
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('De uitnodiging is verstuurd naar anna@nordicstar.test.'));
    expect(await screen.findByText(badgeText('Uitgenodigd op 24-11-2026'))).toBeInTheDocument();
  });

  it('offers no new invitation once it was accepted, and says so', async () => {
    openUser({
      url: '/companies/7/users/21',
      user: companyUser({
        invitation: 'accepted',
        abilities: { canEdit: true, canDelete: true, canInvite: false, reasons: { canInvite: 'INVITATION_ACCEPTED' } },
      }),
    });
    expect(await screen.findByText(/De uitnodiging is aangenomen/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Uitnodiging/ })).not.toBeInTheDocument();
  });

  it('deletes only after a confirmation that says the person is signed out at once, with the version', async () => {
    const { user, f, router } = openUser({ url: '/companies/7/users/21' });
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gebruiker verwijderen?' });
    expect(dialog).toHaveTextContent('Anna de Boer wordt verwijderd en meteen uitgelogd');
    expect(f.to('/api/companies/7/users/21', 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/companies/7/users/21', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/companies/7/users/21', 'DELETE')[0]?.query.get('version')).toBe('3');
    await waitFor(() => expect(router?.state.location.pathname).toBe('/companies/7/users'));
    expect(notify.success).toHaveBeenCalledWith('Anna de Boer is verwijderd.');
  });
});
