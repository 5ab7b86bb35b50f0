import { kindsFor, NOTIFICATION_KIND_INFO } from '@app/shared/notifications/preferences';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { NotificationPreferencesCard } from './NotificationPreferencesCard';

const notify = mockNotify();

const portalPrefs = (modes: Record<string, string> = {}) => ({
  data: kindsFor('portal').map((kind) => ({
    kind,
    group: NOTIFICATION_KIND_INFO[kind].group,
    mode: modes[kind] ?? NOTIFICATION_KIND_INFO[kind].defaultMode,
    defaultMode: NOTIFICATION_KIND_INFO[kind].defaultMode,
  })),
});

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('the notification preferences', () => {
  it('lists the kinds in readable groups, each with three choices and its default marked, and saves only what changed', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/user/notification-preferences' && req.method === 'GET') return json(200, portalPrefs());
      if (req.path === '/api/user/notification-preferences' && req.method === 'PUT') {
        return json(200, portalPrefs({ 'design.sent': 'digest' }));
      }
      return undefined;
    });
    const { user } = renderWithProviders(<NotificationPreferencesCard />, { path: '/settings', url: '/settings' });
    const design = await screen.findByRole('radiogroup', { name: 'Ontwerp ter goedkeuring' });
    expect(screen.getByRole('heading', { name: 'Bestellingen en aanvragen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Nieuws' })).toBeInTheDocument();
    // No staff kinds for a portal user (the server's list decides).
    expect(screen.queryByRole('radiogroup', { name: 'Verlofaanvragen' })).not.toBeInTheDocument();
    expect(within(design).getByRole('radio', { name: 'Direct een mail (standaard)' })).toBeChecked();
    const news = screen.getByRole('radiogroup', { name: 'Nieuwe berichten' });
    expect(within(news).getByRole('radio', { name: 'Alleen in de app (standaard)' })).toBeChecked();

    await user.click(within(design).getByRole('radio', { name: 'Dagelijks overzicht' }));
    await user.click(screen.getByRole('button', { name: 'Voorkeuren opslaan' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Je voorkeuren zijn opgeslagen.'));
    expect(f.to('/api/user/notification-preferences').find((r) => r.method === 'PUT')?.body).toEqual({
      preferences: [{ kind: 'design.sent', mode: 'digest' }],
    });
    expect(within(design).getByRole('radio', { name: 'Dagelijks overzicht' })).toBeChecked();
  });

  it('says so when the preferences cannot be loaded, with a retry', async () => {
    mockFetch((req) => (req.path === '/api/user/notification-preferences' ? json(500, { code: 'INTERNAL' }) : undefined));
    renderWithProviders(<NotificationPreferencesCard />, { path: '/settings', url: '/settings' });
    expect(await screen.findByRole('button', { name: /opnieuw/i })).toBeInTheDocument();
  });
});
