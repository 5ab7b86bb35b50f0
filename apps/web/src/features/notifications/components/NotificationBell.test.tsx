import type { Notification } from '@app/shared/notifications/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { NotificationBell } from './NotificationBell';

const notify = mockNotify();

const note = (id: number, title: string, read = false): Notification => ({
  id,
  kind: 'post.published',
  data: { postId: 10 + id, title },
  link: `/news/${10 + id}`,
  read,
  createdAt: '2026-11-20T08:15:00.000Z',
});

/** The server's notifications of the signed-in person, kept here so marking them read changes the answers. */
function server(initial: Notification[]) {
  let rows = initial;
  const f = mockFetch((req) => {
    if (req.path === '/api/notifications' && req.method === 'GET') {
      return json(200, {
        data: rows,
        meta: { current_page: 1, last_page: 1, per_page: 6, total: rows.length, unread: rows.filter((r) => !r.read).length },
      });
    }
    if (req.path === '/api/notifications/read-all' && req.method === 'POST') {
      rows = rows.map((r) => ({ ...r, read: true }));
      return noContent();
    }
    const one = req.path.match(/^\/api\/notifications\/(\d+)\/read$/);
    if (one && req.method === 'POST') {
      rows = rows.map((r) => (r.id === Number(one[1]) ? { ...r, read: true } : r));
      return noContent();
    }
    return undefined;
  });
  return f;
}

beforeEach(() => setXsrfCookie('tok'));

describe('NotificationBell', () => {
  it('shows the unread count on the bell and in its name', async () => {
    server([note(1, 'Planning'), note(2, 'Stalen'), note(3, 'Oud nieuws', true)]);
    renderWithProviders(<NotificationBell />, { path: '/' });
    const bell = await screen.findByRole('button', { name: 'Meldingen, 2 ongelezen' });
    expect(within(bell).getByText('2')).toBeInTheDocument();
  });

  it('has no count when everything is read', async () => {
    const f = server([note(3, 'Oud nieuws', true)]);
    renderWithProviders(<NotificationBell />, { path: '/' });
    await waitFor(() => expect(f.to('/api/notifications')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Meldingen' })).toBeInTheDocument();
    expect(screen.queryByText('1')).not.toBeInTheDocument();
  });

  it('lists the newest in the reader’s words and marks all read', async () => {
    const f = server([note(1, 'Planning van de komende weken'), note(2, 'Nieuwe stalen')]);
    const { user } = renderWithProviders(<NotificationBell />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Meldingen, 2 ongelezen' }));

    const dropdown = await screen.findByRole('dialog', { name: 'Meldingen' });
    expect(within(dropdown).getByRole('link', { name: 'Nieuw bericht: Planning van de komende weken' })).toHaveAttribute(
      'href',
      '/news/11',
    );
    expect(within(dropdown).getAllByText('Nieuw')).toHaveLength(2);
    expect(within(dropdown).getByRole('link', { name: 'Alle meldingen bekijken' })).toHaveAttribute('href', '/notifications');

    await user.click(within(dropdown).getByRole('button', { name: 'Alles gelezen' }));
    await waitFor(() => expect(f.to('/api/notifications/read-all', 'POST')).toHaveLength(1));
    expect(f.to('/api/notifications/read-all', 'POST')[0]?.body).toEqual({});
    expect(await screen.findByRole('button', { name: 'Meldingen' })).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Alle meldingen zijn als gelezen gemarkeerd.');
    await waitFor(() => expect(within(dropdown).queryByText('Nieuw')).not.toBeInTheDocument());
    expect(within(dropdown).getByRole('button', { name: 'Alles gelezen' })).toBeDisabled();
  });

  it('marks one read when it is opened, and goes where it leads', async () => {
    const f = server([note(1, 'Planning'), note(2, 'Stalen')]);
    const { user, router } = renderWithProviders(<NotificationBell />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Meldingen, 2 ongelezen' }));
    await user.click(await screen.findByRole('link', { name: 'Nieuw bericht: Stalen' }));
    await waitFor(() => expect(f.to('/api/notifications/2/read', 'POST')).toHaveLength(1));
    expect(router?.state.location.pathname).toBe('/news/12');
  });

  it('says so when there are none', async () => {
    server([]);
    const { user } = renderWithProviders(<NotificationBell />, { path: '/' });
    await user.click(await screen.findByRole('button', { name: 'Meldingen' }));
    expect(await screen.findByText('Je hebt nog geen meldingen.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alles gelezen' })).toBeDisabled();
  });
});
