import type { AreaList } from '@app/shared/projects/areas';
import type { TaskSummary } from '@app/shared/projects/tasks';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { employees, signInManager, taskSummary } from '../tasks.fixtures';
import { ProjectTasksPage } from './ProjectTasksPage';

const area = (id: number, kind: 'deck' | 'area', number: string, name: string) =>
  ({ id, kind, number, name }) as unknown as AreaList['areas'][number];

function openList(url: string, rows: TaskSummary[] = [taskSummary()]) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/1/tasks') {
      return json(200, { data: rows, meta: { current_page: 1, last_page: 3, per_page: 25, total: 60 } });
    }
    if (req.path === '/api/projects/1/areas') {
      return json(200, {
        data: {
          decks: [area(20, 'deck', '', 'Dek 5')],
          areas: [area(21, 'area', '5001', 'Hut 5001'), area(22, 'area', '5002', 'Gang')],
        },
      });
    }
    if (req.path === '/api/employees/options') return json(200, { data: employees });
    if (req.path === '/api/projects/1') {
      return json(200, {
        data: {
          id: 1,
          name: 'MS Noordam refit 2027',
          status: 'active',
          type: 'standard',
          deletedAt: null,
          openTicketsCount: 0,
          completion: { tasksDone: 1, tasksTotal: 4, subtasksDone: 2, subtasksTotal: 8 },
          abilities: { canEdit: true, canArchive: true, canRestore: false, canDelete: true, reasons: {} },
        },
      });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInManager(queryClient);
  const view = renderWithProviders(null, {
    url,
    queryClient,
    routes: [
      { path: '/projects/:projectId/tasks', element: <ProjectTasksPage /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
  });
  return { ...view, f };
}

const lastListQuery = (f: ReturnType<typeof openList>['f']) => f.to('/api/projects/1/tasks').at(-1)?.query;

beforeEach(() => setXsrfCookie('tok'));

describe('ProjectTasksPage', () => {
  it('reads status, assignee, area, search, sort and page from the URL and asks the server for exactly that', async () => {
    const { f } = openList('/projects/1/tasks?status=open_ticket&assigneeId=8&areaId=21&q=bed&sort=-updated&page=2');
    expect(await screen.findByRole('link', { name: 'Meubilair plaatsen' })).toBeInTheDocument();
    const q = lastListQuery(f);
    expect(q?.get('status')).toBe('open_ticket');
    expect(q?.get('assigneeId')).toBe('8');
    expect(q?.get('areaId')).toBe('21');
    expect(q?.get('q')).toBe('bed');
    expect(q?.get('sort')).toBe('-updated');
    expect(q?.get('page')).toBe('2');
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveValue('Open ticket');
    await waitFor(() => expect(screen.getByLabelText('Toegewezen aan', { selector: 'input' })).toHaveValue('Fatima El Amrani'));
    await waitFor(() => expect(screen.getByLabelText('Ruimte', { selector: 'input' })).toHaveValue('Hut 5001'));
  });

  it('puts a chosen filter in the URL, back on page 1, and asks again', async () => {
    const { user, f, router } = openList('/projects/1/tasks?page=3');
    await screen.findByRole('link', { name: 'Meubilair plaatsen' });
    await user.click(screen.getByLabelText('Status', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Afgerond' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?status=completed'));
    await waitFor(() => expect(lastListQuery(f)?.get('status')).toBe('completed'));
    expect(lastListQuery(f)?.get('page')).toBe('1');

    await user.click(screen.getByLabelText('Ruimte', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Hut 5001' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?status=completed&areaId=21'));
    await waitFor(() => expect(lastListQuery(f)?.get('areaId')).toBe('21'));
  });

  it('clears every filter at once', async () => {
    const { user, router } = openList('/projects/1/tasks?status=pending&assigneeId=7');
    await screen.findByRole('link', { name: 'Meubilair plaatsen' });
    await user.click(screen.getByRole('button', { name: 'Filters wissen' }));
    await waitFor(() => expect(router?.state.location.search).toBe(''));
  });

  it('links each task to its editor on its own area page', async () => {
    openList('/projects/1/tasks', [taskSummary({ id: 44, areaId: 21, name: 'Plafond afwerken' })]);
    expect(await screen.findByRole('link', { name: 'Plafond afwerken' })).toHaveAttribute('href', '/projects/1/areas/21/task/44');
  });

  it('says what to do when nothing matches', async () => {
    openList('/projects/1/tasks?status=completed', []);
    expect(await screen.findByText('Geen taken gevonden')).toBeInTheDocument();
  });
});
