import type { OwnProfile } from '@app/shared/companies/company-users';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { OwnProfileCard } from './OwnProfileCard';

const profile: OwnProfile = {
  firstName: 'Emma',
  insertion: null,
  lastName: 'Jansen',
  jobTitle: 'Newbuild manager',
  phone: null,
  email: 'emma@nordicstar.test',
  version: 3,
};

beforeEach(() => setXsrfCookie('tok'));

describe('OwnProfileCard', () => {
  it('shows the own details and saves a change with the version it is based on', async () => {
    const f = mockFetch((req) => {
      if (req.path !== '/api/client/profile') return undefined;
      if (req.method === 'GET') return json(200, { data: profile });
      return json(200, { data: { ...profile, ...(req.body as object), version: 4 } });
    });
    renderWithProviders(<OwnProfileCard />, { path: '/settings' });
    const first = await screen.findByRole('textbox', { name: /^Voornaam/ });
    expect(first).toHaveValue('Emma');
    expect(screen.getByText(/emma@nordicstar\.test/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.clear(screen.getByRole('textbox', { name: /^Telefoon/ }));
    await user.type(screen.getByRole('textbox', { name: /^Telefoon/ }), '+31 6 1111 2222');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/client/profile').some((r) => r.method === 'PUT')).toBe(true));
    const put = f.to('/api/client/profile').find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      firstName: 'Emma',
      insertion: '',
      lastName: 'Jansen',
      jobTitle: 'Newbuild manager',
      phone: '+31 6 1111 2222',
      version: 3,
    });
    // Saved: the form is clean again (nothing left to save).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Opslaan' })).toBeDisabled());
  });

  it('does not send an empty first name', async () => {
    const f = mockFetch((req) =>
      req.path === '/api/client/profile' && req.method === 'GET' ? json(200, { data: profile }) : undefined,
    );
    renderWithProviders(<OwnProfileCard />, { path: '/settings' });
    const first = await screen.findByRole('textbox', { name: /^Voornaam/ });
    const user = userEvent.setup();
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(f.to('/api/client/profile').filter((r) => r.method === 'PUT')).toHaveLength(0);
  });
});
