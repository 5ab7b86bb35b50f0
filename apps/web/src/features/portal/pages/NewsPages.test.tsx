import type { PortalPost } from '@app/shared/companies/company-posts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { NewsPage } from './NewsPage';
import { NewsPostPage } from './NewsPostPage';

const post = (over: Partial<PortalPost>): PortalPost => ({
  id: 1,
  title: 'Planning van de komende weken',
  body: '<h2>Waar we nu staan</h2><p>De <strong>hutten</strong> zijn klaar.</p><ul><li>Plafonds</li><li>Meubilair</li></ul>',
  image: null,
  publishAt: '2026-11-12T10:00:00.000Z',
  ...over,
});

const page = (rows: PortalPost[], current = 1, last = 1) =>
  json(200, { data: rows, meta: { current_page: current, last_page: last, per_page: 12, total: rows.length } });

beforeEach(() => setXsrfCookie('tok'));

describe('NewsPage', () => {
  it('lists the posts with date, title (the link) and the start of the text', async () => {
    const f = mockFetch((req) =>
      req.path === '/api/client/posts'
        ? page([post({}), post({ id: 2, title: 'Nieuwe stalen', body: '<p>In de showroom.</p>' })])
        : undefined,
    );
    renderWithProviders(<NewsPage />, { path: '/news' });
    const list = await screen.findByRole('list', { name: 'Nieuwsberichten' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = items[0] as HTMLElement;
    expect(within(first).getByRole('link', { name: 'Planning van de komende weken' })).toHaveAttribute('href', '/news/1');
    expect(within(first).getByText('12-11-2026')).toBeInTheDocument();
    // The blocks' words stay apart in the excerpt.
    expect(within(first).getByText('Waar we nu staan De hutten zijn klaar. Plafonds Meubilair')).toBeInTheDocument();
    expect(f.to('/api/client/posts')[0]?.query.get('perPage')).toBe('12');
  });

  it('says so when there is no news yet', async () => {
    mockFetch((req) => (req.path === '/api/client/posts' ? page([]) : undefined));
    renderWithProviders(<NewsPage />, { path: '/news' });
    expect(await screen.findByText('Nog geen nieuws')).toBeInTheDocument();
  });

  it('offers a retry when the news cannot be loaded', async () => {
    mockFetch((req) => (req.path === '/api/client/posts' ? apiError(500, 'INTERNAL') : undefined));
    renderWithProviders(<NewsPage />, { path: '/news' });
    expect(await screen.findByRole('button', { name: 'Opnieuw proberen' })).toBeInTheDocument();
  });
});

describe('NewsPostPage', () => {
  it('shows the title, the date and the body as the server kept it', async () => {
    mockFetch((req) => (req.path === '/api/client/posts/1' ? json(200, { data: post({}) }) : undefined));
    renderWithProviders(<NewsPostPage />, { path: '/news/:postId', url: '/news/1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Planning van de komende weken' })).toBeInTheDocument();
    expect(screen.getByText('Gepubliceerd op donderdag 12 november 2026')).toBeInTheDocument();
    const body = screen.getByTestId('news-post-body');
    expect(within(body).getByText('hutten').tagName).toBe('STRONG');
    expect(within(body).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Terug naar het nieuws' })[0]).toHaveAttribute('href', '/news');
  });

  it("says a missing (or another company's) post does not exist", async () => {
    mockFetch((req) => (req.path === '/api/client/posts/99' ? apiError(404, 'POST_NOT_FOUND') : undefined));
    renderWithProviders(<NewsPostPage />, { path: '/news/:postId', url: '/news/99' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Dit bericht bestaat niet (meer).');
  });
});
