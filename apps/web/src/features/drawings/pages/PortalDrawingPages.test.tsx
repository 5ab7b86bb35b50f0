import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { pageOf } from '../../projects/project-fixtures';
import { drawing, drawingItem } from '../drawings-fixtures';
import { PortalDrawingPage, PortalDrawingsPage } from './PortalDrawingPages';

beforeEach(() => setXsrfCookie('tok'));

const projects = [
  { id: 3, name: 'MS Noordam refit 2027' },
  { id: 4, name: 'MS Zuiderdam 2028' },
];

describe('the portal drawings', () => {
  it('lists the company’s drawings with their project, and filters by project through the address', async () => {
    const f = mockFetch((req) => {
      if (req.path === '/api/client/projects') return json(200, pageOf(projects));
      if (req.path === '/api/client/drawings') return json(200, pageOf([drawingItem()]));
      return undefined;
    });
    const { user, router } = renderWithProviders(<PortalDrawingsPage />, { path: '/drawings' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tekeningen' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Hut 5001 wandkast' })).toHaveAttribute('href', '/drawings/11');
    expect(screen.getAllByRole('link', { name: 'Versie 2' })[0]).toHaveAttribute('href', '/drawings/11/versions/32');
    expect(screen.getAllByText('MS Noordam refit 2027').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'MS Zuiderdam 2028' }));
    await waitFor(() => expect(new URLSearchParams(router?.state.location.search).get('project')).toBe('4'));
    await waitFor(() => expect(f.to('/api/client/drawings').at(-1)?.query.get('projectId')).toBe('4'));
  });

  it('shows one drawing with its description and its versions, newest first', async () => {
    mockFetch((req) => (req.path === '/api/client/drawings/11' ? json(200, { data: drawing() }) : undefined));
    renderWithProviders(<PortalDrawingPage />, { path: '/drawings/:drawingId', url: '/drawings/11' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hut 5001 wandkast' })).toBeInTheDocument();
    expect(screen.getByText('Wandkast met spiegeldeur')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: /^Versie \d$/ });
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/drawings/11/versions/32', '/drawings/11/versions/31']);
  });
});
