import type { Permission } from '@app/shared/platform/permissions';
import type { AreaList } from '@app/shared/projects/areas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { area, areaList, deck5, summary } from '../components/area-fixtures';
import { project } from '../project-fixtures';
import { taskSummary } from '../tasks.fixtures';
import { AreaPage } from './AreaPage';
import { AreasPage } from './AreasPage';

const notify = mockNotify();

beforeEach(() => {
  setXsrfCookie('tok');
});

/**
 * The pages run with the real project header (ProjectHeader) and area tasks (AreaTasks): the fetch
 * handlers answer the project and the tasks, and useCan reads the permissions of the signed-in
 * user, a project manager unless told otherwise.
 */
function signedIn(permissions: Permission[] = ['projects.manage']) {
  const queryClient = createTestQueryClient();
  signIn(queryClient, permissions);
  return queryClient;
}
const isProject = (req: { path: string; method: string }) => req.path === '/api/projects/3' && req.method === 'GET';

function openAreas(o: { list?: AreaList | (() => Response); url?: string; permissions?: Permission[]; deleted?: boolean } = {}) {
  const deletedProject = project({
    deletedAt: '2026-03-01T10:00:00.000Z',
    abilities: {
      canEdit: false,
      canArchive: false,
      canRestore: true,
      canDelete: false,
      reasons: { canEdit: 'PROJECT_DELETED', canArchive: 'PROJECT_DELETED', canDelete: 'PROJECT_DELETED' },
    },
  });
  const f = mockFetch((req) => {
    if (isProject(req)) return json(200, { data: o.deleted ? deletedProject : project() });
    if (req.path === '/api/projects/3/areas' && req.method === 'GET') {
      return typeof o.list === 'function' ? o.list() : json(200, { data: o.list ?? areaList() });
    }
    if (req.path === '/api/projects/3/areas/12/complete') return json(200, { data: area({ id: 12, status: 'completed' }) });
    if (req.path === '/api/projects/3/areas/11' && req.method === 'DELETE') return noContent();
    return undefined;
  });
  const view = renderWithProviders(null, {
    url: o.url ?? '/projects/3/areas',
    queryClient: signedIn(o.permissions),
    routes: [
      { path: '/projects/:projectId/areas', element: <AreasPage /> },
      { path: '/projects/:projectId/areas/:areaId', element: <p data-testid="area-page">area</p> },
    ],
  });
  return { ...view, f };
}

describe('AreasPage', () => {
  it('shows the decks as sections with their areas, and the areas without a deck apart', async () => {
    openAreas();
    const deck = await screen.findByRole('region', { name: 'Dek 5' });
    expect(within(deck).getByText('2 ruimtes')).toBeInTheDocument();
    expect(within(deck).getByRole('link', { name: 'Hut 5001' })).toHaveAttribute('href', '/projects/3/areas/11');
    expect(within(deck).getByRole('link', { name: 'Hut 5002' })).toBeInTheDocument();
    expect(within(deck).getAllByText('3 van 10 taken en subtaken klaar').length).toBeGreaterThan(0);
    expect(within(deck).getAllByText('Afgerond').length).toBeGreaterThan(0);
    expect(within(deck).getByRole('link', { name: '2 subruimtes' })).toHaveAttribute('href', '/projects/3/areas/12/subareas');
    const loose = screen.getByRole('region', { name: 'Zonder dek' });
    expect(within(loose).getByRole('link', { name: 'Lobby' })).toBeInTheDocument();
  });

  it('shows a deleted project read-only: the add buttons are disabled, say why, and open no form', async () => {
    const { user } = openAreas({ deleted: true });
    await screen.findByRole('region', { name: 'Dek 5' });
    expect(await screen.findByText('Alleen-lezen')).toBeInTheDocument();
    const reason = 'Dit project is verwijderd. Zet het eerst terug.';
    for (const name of ['Dek toevoegen', 'In bulk toevoegen', 'Ruimte toevoegen']) {
      const button = await screen.findByRole('button', { name });
      await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
      expect(button).toHaveAccessibleDescription(reason);
    }
    const deck = screen.getByRole('region', { name: 'Dek 5' });
    expect(within(deck).getByRole('button', { name: 'Ruimte toevoegen aan Dek 5' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Ruimte toevoegen' }));
    expect(notify.info).toHaveBeenCalledWith(reason);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the search and the status in the URL and asks the server with them', async () => {
    const { user, f, router } = openAreas({ url: '/projects/3/areas?status=open' });
    await screen.findByRole('region', { name: 'Dek 5' });
    expect(f.to('/api/projects/3/areas')[0]?.query.get('status')).toBe('open');
    await user.type(screen.getByRole('textbox', { name: 'Zoek op nummer of naam' }), '5001');
    await waitFor(() => expect(router?.state.location.search).toBe('?status=open&q=5001'));
    await waitFor(() => expect(f.to('/api/projects/3/areas').at(-1)?.query.get('q')).toBe('5001'));
    await user.click(screen.getByRole('radio', { name: 'Alle' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?q=5001'));
  });

  it('says what to do when the project has no areas yet', async () => {
    openAreas({ list: { decks: [], areas: [] } });
    expect(await screen.findByText('Nog geen ruimtes')).toBeInTheDocument();
    expect(screen.getByText(/'Hut 5001-5120' in één keer/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'In bulk toevoegen' }).length).toBeGreaterThan(0);
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    const { user } = openAreas({ list: () => (fail ? apiError(500, 'INTERNAL') : json(200, { data: areaList() })) });
    await user.click(await screen.findByRole('button', { name: 'Opnieuw proberen' }));
    fail = false;
    await user.click(await screen.findByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByRole('region', { name: 'Dek 5' })).toBeInTheDocument();
  });

  it('completes an area with its version', async () => {
    const { user, f } = openAreas({
      list: areaList({ areas: [summary({ id: 12, name: 'Hut 5002', number: '5002' })] }),
    });
    await user.click(await screen.findByRole('button', { name: 'Hut 5002 afronden' }));
    await waitFor(() => expect(f.to('/api/projects/3/areas/12/complete', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/3/areas/12/complete', 'POST')[0]?.body).toEqual({ version: 4 });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Hut 5002 is afgerond.'));
  });

  it('deletes an area after a question that says what goes with it', async () => {
    const { user, f } = openAreas();
    await user.click(await screen.findByRole('button', { name: 'Hut 5001 verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('met de subruimtes, taken, subtaken en orderregels');
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/projects/3/areas/11', 'DELETE')[0]?.url).toBe('/api/projects/3/areas/11?version=4'));
  });

  it('shows someone who may only look no buttons', async () => {
    const readOnly = { canEdit: false, canDelete: false, canComplete: false, canReopen: false, reasons: {} };
    const forbidden = {
      ...readOnly,
      reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN', canComplete: 'FORBIDDEN', canReopen: 'FORBIDDEN' },
    } as const;
    openAreas({
      list: { decks: [{ ...deck5, abilities: forbidden }], areas: [summary({ abilities: forbidden })] },
      permissions: ['projects.view'],
    });
    await screen.findByRole('region', { name: 'Dek 5' });
    expect(screen.queryByRole('button', { name: /verwijderen|bewerken|afronden/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ruimte toevoegen' })).not.toBeInTheDocument();
  });
});

describe('AreaPage', () => {
  const wardrobe = taskSummary({ id: 35, projectId: 3, areaId: 11, name: 'Wandkast plaatsen' });
  function openArea(loaded = area(), onMove?: () => Response) {
    const f = mockFetch((req) => {
      if (isProject(req)) return json(200, { data: project() });
      if (req.path === '/api/projects/3/areas/11/tasks') return json(200, { data: [wardrobe] });
      if (req.path === '/api/projects/3/areas/11' && req.method === 'GET') return json(200, { data: loaded });
      if (req.path === '/api/projects/3/areas/11/subareas') return json(200, { data: [] });
      if (req.path === '/api/projects/3/areas/11/markers') return onMove?.() ?? json(200, { data: { x: 0.26, y: 0.4 } });
      return undefined;
    });
    const view = renderWithProviders(null, {
      url: '/projects/3/areas/11',
      queryClient: signedIn(),
      routes: [{ path: '/projects/:projectId/areas/:areaId', element: <AreaPage /> }],
    });
    return { ...view, f };
  }

  it('offers to upload a floor plan when there is none', async () => {
    openArea();
    expect(await screen.findByRole('heading', { name: 'Hut 5001' })).toBeInTheDocument();
    expect(screen.getByText('Nog geen plattegrond')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Plattegrond uploaden' })).toBeInTheDocument();
    // The area's tasks, below the plan: the project header and the tasks load from the server.
    expect(await screen.findByRole('link', { name: 'Wandkast plaatsen' })).toHaveAttribute(
      'href',
      '/projects/3/areas/11/task/35',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'MS Noordam refit 2027' })).toBeInTheDocument();
  });

  it('saves a marker moved from the keyboard and puts it back when the server refuses', async () => {
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockImplementation(function (this: Element) {
      return (this as HTMLElement).dataset?.testid === 'floor-plan' ? 802 : 0;
    });
    const plan = {
      id: 7,
      originalName: 'dek5.png',
      mime: 'image/png',
      size: 1000,
      width: 1000,
      height: 500,
      thumbUrl: '/api/media/7/thumb',
      largeUrl: '/api/media/7/large',
      url: '/api/media/7/original',
      createdAt: '2026-03-01T10:00:00.000Z',
    };
    let refuse = false;
    const { user, f } = openArea(
      area({ plan, markers: [{ type: 'task', id: 31, label: 'Vloer leggen', status: 'pending', x: 0.25, y: 0.4 }] }),
      () => (refuse ? apiError(404, 'TASK_NOT_FOUND') : json(200, { data: { x: 0.26, y: 0.4 } })),
    );
    const marker = await screen.findByRole('button', { name: 'Vloer leggen, te doen, positie 25% / 40%' });
    marker.focus();
    await user.keyboard('{ArrowRight}{Enter}');
    await waitFor(() => expect(f.to('/api/projects/3/areas/11/markers', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/projects/3/areas/11/markers', 'PATCH')[0]?.body).toEqual({
      type: 'task',
      id: 31,
      left: 208,
      top: 160,
      width: 800,
      height: 400,
    });
    await waitFor(() => expect(marker).toHaveAccessibleName('Vloer leggen, te doen, positie 26% / 40%'));

    refuse = true;
    marker.focus();
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(expect.stringContaining('Vloer leggen is niet verplaatst')));
    await waitFor(() => expect(marker).toHaveAccessibleName('Vloer leggen, te doen, positie 26% / 40%'));
  });
});
