import type { PortalAreaDetail, PortalProject, PortalSubtaskDetail } from '@app/shared/portal/portal';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { portalArea, portalDeck, portalProjectSummary } from '../components/projects/fixtures';
import { PortalAreaPage } from './PortalAreaPage';
import { PortalAreasPage } from './PortalAreasPage';
import { PortalProjectPage } from './PortalProjectPage';
import { PortalSubtaskPage } from './PortalSubtaskPage';

const project = (over: Partial<PortalProject> = {}): PortalProject => ({
  ...portalProjectSummary(),
  contact: 'Emma Jansen',
  phone: '+31 10 555 01 01',
  mapsLink: 'https://maps.google.com/?q=Rotterdam',
  managers: [{ id: 4, name: 'Daan de Projectleider' }],
  ...over,
});

const areas = () => [
  portalDeck(),
  portalArea({ id: 11, childrenCount: 2 }),
  portalArea({ id: 12, number: '5002', name: 'Hut 5002', status: 'completed' }),
  // Selected areas: cabin 6001 without its deck.
  portalArea({ id: 21, number: '6001', name: 'Hut 6001', parent: { id: 20, name: 'Dek 6', kind: 'deck' } }),
];

function open(url: string, answers: Record<string, () => Response>) {
  const f = mockFetch((req) => answers[req.path]?.());
  const view = renderWithProviders(null, {
    url,
    routes: [
      { path: '/project/:projectId', element: <PortalProjectPage /> },
      { path: '/project/:projectId/areas', element: <PortalAreasPage /> },
      { path: '/project/:projectId/areas/:areaId', element: <PortalAreaPage /> },
      { path: '/task/:taskId/subtask/:subTaskId', element: <PortalSubtaskPage /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
  });
  return { ...view, f };
}

describe('PortalProjectPage', () => {
  it('shows where the project is, whom to call, its managers and its progress', async () => {
    open('/project/3', { '/api/client/projects/3': () => json(200, { data: project() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'MS Noordam refit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Openen in kaarten' })).toHaveAttribute(
      'href',
      'https://maps.google.com/?q=Rotterdam',
    );
    expect(screen.getByRole('link', { name: '+31 10 555 01 01' })).toHaveAttribute('href', 'tel:+31105550101');
    expect(within(screen.getByRole('region', { name: 'Projectleiders' })).getByText('Daan de Projectleider')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Voortgang: 30% (3 van 10 taken en subtaken klaar)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ruimtes bekijken' })).toHaveAttribute('href', '/project/3/areas');
  });

  it('follows only a web address as a maps link and says what is not known', async () => {
    open('/project/3', {
      '/api/client/projects/3': () => json(200, { data: project({ mapsLink: 'javascript:alert(1)', phone: '', managers: [] }) }),
    });
    await screen.findByRole('heading', { level: 1, name: 'MS Noordam refit' });
    expect(screen.queryByRole('link', { name: 'Openen in kaarten' })).not.toBeInTheDocument();
    expect(screen.getByText('Onbekend')).toBeInTheDocument();
    expect(screen.getByText(/nog geen projectleider/)).toBeInTheDocument();
  });

  it('shows the not-found screen for a project the company does not see', async () => {
    open('/project/3', { '/api/client/projects/3': () => apiError(404, 'PROJECT_NOT_FOUND') });
    expect(await screen.findByText('Dit project bestaat niet (meer).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });
});

describe('PortalAreasPage', () => {
  it('groups the areas per deck, a deck the company does not see by its name', async () => {
    open('/project/3/areas', {
      '/api/client/projects/3': () => json(200, { data: project() }),
      '/api/client/projects/3/areas': () => json(200, { data: areas() }),
    });
    const deck5 = await screen.findByRole('region', { name: 'Dek 5' });
    expect(within(deck5).getByRole('link', { name: 'Dek 5' })).toHaveAttribute('href', '/project/3/areas/10');
    expect(within(deck5).getByRole('link', { name: 'Hut 5001' })).toHaveAttribute('href', '/project/3/areas/11');
    expect(within(deck5).getByRole('link', { name: '2 subruimtes' })).toHaveAttribute('href', '/project/3/areas/11/subareas');
    expect(within(deck5).getByText('Opgeleverd')).toBeInTheDocument();
    const deck6 = screen.getByRole('region', { name: 'Dek 6' });
    expect(within(deck6).queryByRole('link', { name: 'Dek 6' })).not.toBeInTheDocument();
    expect(within(deck6).getByRole('link', { name: 'Hut 6001' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'MS Noordam refit' })).toHaveAttribute('href', '/project/3');
  });

  it('filters on the search kept in the address, and clears it', async () => {
    const { user, router } = open('/project/3/areas?q=6001', {
      '/api/client/projects/3': () => json(200, { data: project() }),
      '/api/client/projects/3/areas': () => json(200, { data: areas() }),
    });
    expect(await screen.findByRole('region', { name: 'Dek 6' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dek 5' })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Zoek een ruimte' }));
    await user.type(screen.getByRole('searchbox', { name: 'Zoek een ruimte' }), 'zzz');
    expect(await screen.findByText('Geen ruimtes gevonden')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zoekopdracht wissen' }));
    await waitFor(() => expect(router?.state.location.search).toBe(''));
    expect(screen.getByRole('region', { name: 'Dek 5' })).toBeInTheDocument();
  });

  it('says so when the project has no areas the company sees', async () => {
    open('/project/3/areas', {
      '/api/client/projects/3': () => json(200, { data: project() }),
      '/api/client/projects/3/areas': () => json(200, { data: [] }),
    });
    expect(await screen.findByText('Nog geen ruimtes')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('offers a retry when the areas cannot be loaded', async () => {
    let fail = true;
    const { user } = open('/project/3/areas', {
      '/api/client/projects/3': () => json(200, { data: project() }),
      '/api/client/projects/3/areas': () => (fail ? apiError(500, 'INTERNAL') : json(200, { data: areas() })),
    });
    fail = true;
    const retry = await screen.findByRole('button', { name: 'Opnieuw proberen' });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('region', { name: 'Dek 5' })).toBeInTheDocument();
  });
});

describe('PortalAreaPage', () => {
  const detail = (over: Partial<PortalAreaDetail> = {}): PortalAreaDetail => ({
    ...portalArea({ childrenCount: 2 }),
    project: { id: 3, name: 'MS Noordam refit' },
    tasks: [
      { id: 31, name: 'Meubilair plaatsen', status: 'open_ticket', subtasksDone: 1, subtasksTotal: 3, completedAt: null },
      {
        id: 32,
        name: 'Wandpanelen monteren',
        status: 'completed',
        subtasksDone: 2,
        subtasksTotal: 2,
        completedAt: '2026-03-01T09:00:00.000Z',
      },
    ],
    ...over,
  });

  it('lists the tasks with their status, links to the sub-areas and back to the deck', async () => {
    open('/project/3/areas/11', { '/api/client/projects/3/areas/11': () => json(200, { data: detail() }) });
    const tasks = await screen.findByRole('region', { name: '2 taken' });
    expect(within(tasks).getByRole('link', { name: 'Meubilair plaatsen' })).toHaveAttribute('href', '/task/31');
    expect(within(tasks).getByText('Open ticket')).toBeInTheDocument();
    expect(within(tasks).getByText('1 van 3 subtaken afgerond')).toBeInTheDocument();
    expect(within(tasks).getByText(/afgerond op 01-03-2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '2 subruimtes' })).toHaveAttribute('href', '/project/3/areas/11/subareas');
    // Up from an area is the areas list (its deck's own page may be out of the company's reach).
    expect(screen.getByRole('link', { name: 'Alle ruimtes' })).toHaveAttribute('href', '/project/3/areas');
    expect(screen.queryByRole('link', { name: 'Dek 5' })).not.toBeInTheDocument();
  });

  it('shows a deck with its areas and no sub-area link', async () => {
    open('/project/3/areas/10', {
      '/api/client/projects/3/areas/10': () =>
        json(200, { data: { ...portalDeck({ childrenCount: 2 }), project: { id: 3, name: 'MS Noordam refit' }, tasks: [] } }),
      '/api/client/projects/3/areas': () => json(200, { data: areas() }),
    });
    const onDeck = await screen.findByRole('region', { name: 'Ruimtes op dit dek' });
    expect(await within(onDeck).findByRole('link', { name: 'Hut 5001' })).toBeInTheDocument();
    expect(within(onDeck).queryByRole('link', { name: 'Hut 6001' })).not.toBeInTheDocument();
    expect(screen.getByText('Geen taken')).toBeInTheDocument();
    // A deck's children are areas, listed here: no link to sub-areas in its header.
    expect(within(screen.getByRole('region', { name: 'Voortgang' })).queryByRole('link')).toBeNull();
  });

  it('leads up from a sub-area to its area', async () => {
    open('/project/3/areas/13', {
      '/api/client/projects/3/areas/13': () =>
        json(200, {
          data: detail({
            ...portalArea({
              id: 13,
              kind: 'subarea',
              number: '',
              name: 'Badkamer',
              parent: { id: 11, name: 'Hut 5001', kind: 'area' },
            }),
            tasks: [],
          }),
        }),
    });
    expect(await screen.findByRole('link', { name: 'Terug naar Hut 5001' })).toHaveAttribute('href', '/project/3/areas/11');
    expect(screen.getByRole('link', { name: 'Hut 5001' })).toHaveAttribute('href', '/project/3/areas/11');
  });

  it('shows the not-found screen for an area outside the company’s selection', async () => {
    open('/project/3/areas/99', { '/api/client/projects/3/areas/99': () => apiError(404, 'AREA_NOT_FOUND') });
    expect(await screen.findByText('Deze ruimte bestaat niet (meer).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
  });
});

describe('PortalSubtaskPage', () => {
  const subtask = (): PortalSubtaskDetail => ({
    id: 41,
    name: 'Hutkast monteren',
    amount: 1,
    status: 'closed',
    closedAt: '2026-03-02T10:00:00.000Z',
    project: { id: 3, name: 'MS Noordam refit' },
    area: { id: 11, number: '5001', name: 'Hut 5001' },
    task: { id: 31, name: 'Meubilair plaatsen' },
    orderLines: [
      { id: 501, kind: 'product', itemId: 21, code: 'PRD-021', name: 'Hutkast Cabin Line', quantity: 1 },
      { id: 502, kind: 'article', itemId: 801, code: 'ART-801', name: 'Scharnier soft-close', quantity: 96.5 },
    ],
  });

  it("lists the order lines; a product's line opens its order-line page, an article's does not", async () => {
    open('/task/31/subtask/41', { '/api/client/tasks/31/subtasks/41': () => json(200, { data: subtask() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hutkast monteren' })).toBeInTheDocument();
    const lines = screen.getByRole('region', { name: '2 orderregels' });
    expect(within(lines).getByRole('link', { name: 'Hutkast Cabin Line' })).toHaveAttribute('href', '/company-products/3/501');
    expect(within(lines).queryByRole('link', { name: 'Scharnier soft-close' })).not.toBeInTheDocument();
    expect(within(lines).getByText('Artikel · ART-801')).toBeInTheDocument();
    expect(within(lines).getByText('96,5 ×')).toBeInTheDocument();
    expect(screen.getByText('Gesloten')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Meubilair plaatsen' })).toHaveAttribute('href', '/task/31');
    expect(screen.getByRole('link', { name: 'Hut 5001' })).toHaveAttribute('href', '/project/3/areas/11');
  });
});
