import type { CurrentUserResponse } from '@app/shared/auth/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch, noContent } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { session } from '../../../platform/session';
import { authRoutes } from '../routes';

const employee: CurrentUserResponse = {
  data: {
    id: 3,
    email: 'jan@example.nl',
    name: 'Jan',
    locale: 'nl',
    first_login: false,
    guardable_type: 'employee',
    guardable: { id: 3, first_name: 'Jan', insertion: null, last_name: 'Jansen' },
    acting_as: null,
  },
  permissions: [],
  role: null,
};

function AuthMain() {
  return (
    <main>
      <Outlet />
    </main>
  );
}

/** The sign-in routes as the guest route set mounts them, at /auth/login, answering /login with `login`. */
async function openLogin(login: FetchHandler, url = '/auth/login') {
  const f = mockFetch((req) => {
    if (req.path === '/sanctum/csrf-cookie') return noContent();
    if (req.path === '/api/science') return noContent();
    if (req.path === '/api/user/current') return json(200, employee);
    if (req.path === '/login') return login(req);
    return undefined;
  });
  const view = renderWithProviders(null, {
    // In a <main> as the guest layout (app/layouts/GuestLayout) puts them.
    routes: [{ path: '/auth', element: <AuthMain />, children: authRoutes }],
    url,
  });
  await screen.findByRole('heading', { name: 'Inloggen' });
  return { ...view, f };
}

const emailField = () => screen.getByRole('textbox', { name: /E-mailadres/ });
const passwordField = () => screen.getByLabelText(/Wachtwoord/, { selector: 'input' });
const submit = () => screen.getByRole('button', { name: 'Inloggen' });

beforeEach(() => {
  setXsrfCookie('tok');
});
afterEach(() => {
  session.reset('/');
});

describe('LoginPage', () => {
  it("an empty submit shows 'Dit veld is verplicht.' on both fields and posts nothing", async () => {
    const { user, f } = await openLogin(() => noContent());
    await user.click(submit());
    expect(await screen.findAllByText('Dit veld is verplicht.')).toHaveLength(2);
    expect(f.to('/login')).toHaveLength(0);
    expect(f.to('/sanctum/csrf-cookie')).toHaveLength(0);
  });

  it('an invalid e-mail address is refused before anything is posted', async () => {
    const { user, f } = await openLogin(() => noContent());
    await user.type(emailField(), 'jan@example');
    await user.type(passwordField(), 'geheim');
    await user.click(submit());
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(f.to('/login')).toHaveLength(0);
  });

  it("a 422 LOGIN_FAILED shows 'E-mailadres of wachtwoord klopt niet.'", async () => {
    const { user, f } = await openLogin(() => apiError(422, 'LOGIN_FAILED'));
    await user.type(emailField(), '  jan@example.nl ');
    await user.type(passwordField(), 'fout wachtwoord');
    await user.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('E-mailadres of wachtwoord klopt niet.');
    expect(f.requests.filter((r) => r.path !== '/api/science').map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /login',
    ]);
    expect(f.to('/login')[0]?.body).toEqual({ email: 'jan@example.nl', password: 'fout wachtwoord' });
    expect(f.to('/login')[0]?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect(session.get().routeSet).toBe('guest');
    expect(submit()).toBeEnabled();
  });

  it('a 429 shows the throttle message with the seconds', async () => {
    const { user } = await openLogin(() => apiError(429, 'LOGIN_THROTTLED', { details: { retryAfter: 37 } }));
    await user.type(emailField(), 'jan@example.nl');
    await user.type(passwordField(), 'geheim');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Te veel inlogpogingen. Probeer het over 37 seconden opnieuw.');
  });

  it("the server's fieldErrors land on the fields", async () => {
    const { user } = await openLogin(() =>
      apiError(400, 'VALIDATION_FAILED', {
        fieldErrors: { email: { code: 'invalid_email' }, password: { code: 'too_long', params: { max: 1024 } } },
      }),
    );
    await user.type(emailField(), 'jan@example.nl');
    await user.type(passwordField(), 'geheim');
    await user.click(submit());
    expect(await screen.findByText('Vul een geldig e-mailadres in.')).toBeInTheDocument();
    expect(screen.getByText('Gebruik hoogstens 1024 tekens.')).toBeInTheDocument();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(passwordField()).toHaveAccessibleDescription('Gebruik hoogstens 1024 tekens.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a network failure says so', async () => {
    const { user } = await openLogin(() => {
      throw new TypeError('Failed to fetch');
    });
    await user.type(emailField(), 'jan@example.nl');
    await user.type(passwordField(), 'geheim');
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent('Geen verbinding met de server.');
  });

  it('a successful login loads the user, stores the session and moves to the redirect target', async () => {
    const { user, f } = await openLogin(() => noContent(), '/auth/login?redirect=%2Fsettings%2Froles');
    await user.type(emailField(), 'jan@example.nl');
    await user.type(passwordField(), 'geheim');
    await user.click(submit());

    await waitFor(() => expect(session.get().routeSet).toBe('employee'));
    expect(f.requests.filter((r) => r.path !== '/api/science').map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /sanctum/csrf-cookie',
      'POST /login',
      'GET /api/user/current',
    ]);
    expect(window.localStorage.getItem('authenticated')).toBe('1');
    expect(window.localStorage.getItem('authenticated_model')).toBe('employee');
    expect(window.location.pathname).toBe('/settings/roles');
  });

  it('shows the password-changed notice after a reset', async () => {
    await openLogin(() => noContent(), '/auth/login?reset=done');
    const main = screen.getByRole('main');
    expect(within(main).getByText('Je wachtwoord is gewijzigd. Je kunt nu inloggen.')).toBeInTheDocument();
  });

  it('says the password is set after an invitation, and nothing about a change', async () => {
    await openLogin(() => noContent(), '/auth/login?password=set');
    const main = screen.getByRole('main');
    expect(within(main).getByText('Je wachtwoord is ingesteld. Je kunt nu inloggen.')).toBeInTheDocument();
    expect(within(main).queryByText(/gewijzigd/)).not.toBeInTheDocument();
  });
});
