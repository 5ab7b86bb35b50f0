import type { CompanyPost } from '@app/shared/companies/company-posts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyPostsPage } from './CompanyPostsPage';

const post = (over: Partial<CompanyPost>): CompanyPost => ({
  id: 1,
  companyId: 7,
  title: 'Bericht',
  body: '<p>Tekst</p>',
  image: null,
  status: 'draft',
  publishAt: null,
  scheduled: false,
  updatedAt: '2026-11-20T08:15:00.000Z',
  version: 1,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

const POSTS = [
  post({ id: 1, title: 'Concept: evaluatie' }),
  post({ id: 2, title: 'Oplevering en nazorg', status: 'published', publishAt: '2030-12-01T08:00:00.000Z', scheduled: true }),
  post({ id: 3, title: 'Nieuwe stalen in de showroom', status: 'published', publishAt: '2026-11-12T10:00:00.000Z' }),
];

function openPosts(url = '/companies/7/posts') {
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/7' && req.method === 'GET') return json(200, { data: company() });
    if (req.path === '/api/companies/7/posts') {
      const status = req.query.get('status');
      const rows = POSTS.filter((p) => !status || p.status === status);
      return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['companies.manage']);
  const view = renderWithProviders(null, {
    url,
    queryClient,
    routes: [{ path: '/companies/:companyId/posts', element: <CompanyPostsPage /> }],
  });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('CompanyPostsPage', () => {
  it('shows where each post stands: Concept, Gepland <date> or Gepubliceerd <date>', async () => {
    openPosts();
    const table = await screen.findByRole('table', { name: 'Berichten van dit bedrijf' });
    const draft = await within(table).findByRole('row', { name: /Concept: evaluatie/ });
    expect(within(draft).getByText('Concept')).toBeInTheDocument();
    const scheduled = within(table).getByRole('row', { name: /Oplevering en nazorg/ });
    expect(within(scheduled).getByText(/^Gepland 01-12-2030 \d\d:00$/)).toBeInTheDocument();
    const published = within(table).getByRole('row', { name: /Nieuwe stalen/ });
    expect(within(published).getByText('Gepubliceerd 12-11-2026')).toBeInTheDocument();
    expect(within(published).getByRole('link', { name: 'Nieuwe stalen in de showroom' })).toHaveAttribute(
      'href',
      '/companies/7/posts/3',
    );
  });

  it('filters by status through the URL', async () => {
    const { user, f, router } = openPosts();
    await screen.findByRole('row', { name: /Concept: evaluatie/ });
    await user.click(screen.getByRole('radio', { name: 'Concept' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?status=draft'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Oplevering/ })).not.toBeInTheDocument());
    expect(f.to('/api/companies/7/posts').at(-1)?.query.get('status')).toBe('draft');
  });

  it('says what to do when there is no news yet', async () => {
    mockFetch((req) => {
      if (req.path === '/api/companies/7' && req.method === 'GET') return json(200, { data: company() });
      if (req.path === '/api/companies/7/posts') {
        return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } });
      }
      return undefined;
    });
    const queryClient = createTestQueryClient();
    signIn(queryClient, ['companies.manage']);
    renderWithProviders(null, {
      url: '/companies/7/posts',
      queryClient,
      routes: [{ path: '/companies/:companyId/posts', element: <CompanyPostsPage /> }],
    });
    expect(await screen.findByText('Nog geen berichten')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Nieuw bericht' }).length).toBeGreaterThan(0);
  });
});
