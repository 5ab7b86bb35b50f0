import type { FeedEvent } from '@app/shared/projects/feed';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { feedEvent, project } from '../project-fixtures';
import { ProjectFeedPage } from './ProjectFeedPage';

const _notify = mockNotify();

const page = (events: FeedEvent[], current: number, last: number, total: number) => ({
  data: events,
  meta: { current_page: current, last_page: last, per_page: 50, total },
});

function openFeed(url = '/projects/3/feed') {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3') {
      return json(200, {
        data: project({
          status: 'inactive',
          abilities: { canEdit: true, canArchive: false, canRestore: true, canDelete: true, reasons: {} },
        }),
      });
    }
    if (req.path === '/api/projects/3/feed') {
      const n = Number(req.query.get('page'));
      if (req.query.get('kind') === 'ticket') return json(200, page([], 1, 1, 0));
      return n === 2
        ? json(200, page([feedEvent({ id: 2, subjectName: 'Verlichting aansluiten' })], 2, 2, 51))
        : json(200, page([feedEvent({ id: 1 })], 1, 2, 51));
    }
    return undefined;
  });
  const view = renderWithProviders(<ProjectFeedPage />, { path: '/projects/:projectId/feed', url });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

beforeEach(() => setXsrfCookie('tok'));

describe('ProjectFeedPage', () => {
  it('shows the project header with its tabs as links, the current one marked, and restore for an archived project', async () => {
    openFeed();
    const tabs = await screen.findByRole('navigation', { name: 'Onderdelen van MS Noordam refit 2027' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/projects/3/areas',
      '/projects/3/tasks',
      '/projects/3/articles',
      '/projects/3/tickets',
      '/projects/3/drawings',
      '/projects/3/timeline',
      '/projects/3/feed',
      '/projects/3/templates',
      '/projects/3/details',
    ]);
    expect(within(tabs).getByRole('link', { name: 'Feed' })).toHaveAttribute('aria-current', 'page');
    expect(within(tabs).getByRole('link', { name: /Tickets/ })).toHaveTextContent('(2 open)');
    expect(screen.getByText('Gearchiveerd')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Terugzetten' })).toBeInTheDocument();
  });

  it('loads older events with "Meer laden"', async () => {
    const { user, f } = openFeed();
    expect(await screen.findByRole('link', { name: 'Meubilair plaatsen' })).toBeInTheDocument();
    expect(screen.getByText('1 van 51 getoond')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Meer laden' }));
    expect(await screen.findByRole('link', { name: 'Verlichting aansluiten' })).toBeInTheDocument();
    expect(f.to('/api/projects/3/feed').at(-1)?.query.get('page')).toBe('2');
    expect(within(screen.getByRole('list', { name: 'Gebeurtenissen, nieuwste eerst' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Meer laden' })).not.toBeInTheDocument();
  });

  it('puts the kind filter in the URL and says when nothing of that kind happened', async () => {
    const { user, f, search } = openFeed();
    await screen.findByRole('link', { name: 'Meubilair plaatsen' });
    await user.click(screen.getByRole('radio', { name: 'Tickets' }));
    await waitFor(() => expect(search().get('kind')).toBe('ticket'));
    expect(await screen.findByText('Niets van deze soort')).toBeInTheDocument();
    expect(f.to('/api/projects/3/feed').at(-1)?.query.get('kind')).toBe('ticket');
    await user.click(screen.getByRole('button', { name: 'Alles tonen' }));
    await waitFor(() => expect(search().get('kind')).toBeNull());
  });
});
