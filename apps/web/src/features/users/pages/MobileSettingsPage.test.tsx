import type { Permission } from '@app/shared/platform/permissions';
import type { MobileSettings } from '@app/shared/users/employees';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { employee, mobileSettings, ownEmployee, signInEmployee } from './employees.fixtures';
import { MobileSettingsPage } from './MobileSettingsPage';

const notify = mockNotify();

function open(o: { userId: number; settings: MobileSettings; permissions: Permission[] }) {
  let current = o.settings;
  const person = o.userId === 1 ? ownEmployee() : employee({ id: o.userId });
  const f = mockFetch((req) => {
    if (req.path === `/api/users/${o.userId}` && req.method === 'GET') return json(200, { data: person });
    if (req.path === `/api/users/${o.userId}/mobile-settings` && req.method === 'GET') return json(200, { data: current });
    if (req.path === `/api/users/${o.userId}/mobile-settings` && req.method === 'PUT') {
      const { version: _v, ...selfService } = req.body as MobileSettings['selfService'] & { version: number };
      current = { ...current, selfService, version: current.version + 1 };
      return json(200, { data: current });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInEmployee(queryClient, o.permissions, { employeeId: 1 });
  const view = renderWithProviders(<MobileSettingsPage />, {
    path: '/users/:userId/mobile-settings',
    url: `/users/${o.userId}/mobile-settings`,
    queryClient,
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('MobileSettingsPage', () => {
  it('lets HR switch the settings and saves them with the version', async () => {
    const { user, f } = open({ userId: 21, settings: mobileSettings(), permissions: ['users.manage'] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sanne de Vries' })).toBeInTheDocument();
    const planner = await screen.findByRole('switch', { name: /^Planning bekijken/ });
    expect(screen.getByRole('switch', { name: /^Eigen uren boeken/ })).toBeChecked();
    expect(planner).not.toBeChecked();
    expect(screen.getByText('De medewerker ziet de hele planning, zonder iets te kunnen wijzigen.')).toBeInTheDocument();
    await user.click(planner);
    await user.click(screen.getByRole('switch', { name: /^Eigen overnachtingen registreren/ }));
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/users/21/mobile-settings', 'PUT')).toHaveLength(1));
    expect(f.to('/api/users/21/mobile-settings', 'PUT')[0]?.body).toEqual({
      bookHours: true,
      overnights: false,
      planner: true,
      version: 3,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('De mobiele instellingen zijn opgeslagen.'));
  });

  it('shows a person their own settings read only, saying HR sets them', async () => {
    open({
      userId: 1,
      settings: mobileSettings({ employeeId: 1, abilities: { canEdit: false, reasons: { canEdit: 'FORBIDDEN' } } }),
      permissions: [],
    });
    expect(await screen.findByText(/Deze instellingen worden door HR bepaald/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Eigen uren boeken/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Opslaan' })).not.toBeInTheDocument();
  });
});
