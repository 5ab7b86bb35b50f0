import type { TaskSummary } from '@app/shared/projects/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { project } from '../project-fixtures';
import { signInManager, task, taskSummary } from '../tasks.fixtures';
import { AreaTasks } from './AreaTasks';

const notify = mockNotify();

function openArea(rows: TaskSummary[], permissions?: string[], deleted = false) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/1' && req.method === 'GET') {
      return json(200, {
        data: project({
          id: 1,
          deletedAt: deleted ? '2026-03-01T10:00:00.000Z' : null,
          abilities: deleted
            ? { canEdit: false, canArchive: false, canRestore: true, canDelete: false, reasons: { canEdit: 'PROJECT_DELETED' } }
            : project().abilities,
        }),
      });
    }
    if (req.path === '/api/projects/1/areas/2/tasks' && req.method === 'GET') return json(200, { data: rows });
    if (req.path === '/api/projects/1/areas/2/tasks' && req.method === 'POST') {
      return json(201, { data: task({ id: 12, name: (req.body as { name: string }).name }) });
    }
    if (req.path === '/api/projects/1/tasks/3/complete') return json(200, { data: task({ status: 'completed', version: 5 }) });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInManager(queryClient, permissions);
  const view = renderWithProviders(<AreaTasks projectId={1} areaId={2} />, { path: '/projects/1/areas/2', queryClient });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('AreaTasks', () => {
  it('lists the tasks with status in words, assignee and sub-tasks closed, each opening its editor', async () => {
    openArea([
      taskSummary(),
      taskSummary({ id: 4, name: 'Plafond', status: 'open_ticket', assignee: null, openTicketsCount: 1 }),
    ]);
    expect(await screen.findByRole('link', { name: 'Meubilair plaatsen' })).toHaveAttribute('href', '/projects/1/areas/2/task/3');
    expect(screen.getByText('Openstaand')).toBeInTheDocument();
    expect(screen.getByText('Open ticket')).toBeInTheDocument();
    expect(screen.getByText('Jan de Vries')).toBeInTheDocument();
    expect(screen.getByText('Niemand')).toBeInTheDocument();
    expect(screen.getAllByText('1 van 2 subtaken gesloten')).toHaveLength(2);
  });

  it('adds a task by its name and Enter', async () => {
    const { user, f } = openArea([]);
    expect(await screen.findByText('Nog geen taken in deze ruimte')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Nieuwe taak' }), 'Vloer leggen{Enter}');
    await waitFor(() => expect(f.to('/api/projects/1/areas/2/tasks', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/1/areas/2/tasks', 'POST')[0]?.body).toEqual({ name: 'Vloer leggen' });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Taak Vloer leggen is toegevoegd.'));
    expect(screen.getByRole('textbox', { name: 'Nieuwe taak' })).toHaveValue('');
  });

  it('refuses an empty name without asking the server', async () => {
    const { user, f } = openArea([]);
    await user.type(await screen.findByRole('textbox', { name: 'Nieuwe taak' }), '   {Enter}');
    expect(await screen.findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/projects/1/areas/2/tasks', 'POST')).toHaveLength(0);
  });

  it('completes a task from its row, and explains why one with an open ticket cannot be', async () => {
    const { user, f } = openArea([
      taskSummary(),
      taskSummary({
        id: 4,
        name: 'Plafond',
        status: 'open_ticket',
        abilities: {
          canEdit: true,
          canDelete: true,
          canComplete: false,
          canReopen: false,
          reasons: { canComplete: 'TASK_HAS_OPEN_TICKET' },
        },
      }),
    ]);
    const denied = await screen.findByRole('button', { name: 'Taak Plafond afronden' });
    expect(denied).toHaveAttribute('aria-disabled', 'true');
    expect(denied).toHaveAccessibleDescription('Deze taak heeft een open ticket. Sluit eerst het ticket.');
    await user.click(denied);
    expect(notify.info).toHaveBeenCalledWith('Deze taak heeft een open ticket. Sluit eerst het ticket.');

    // One of its two sub-tasks is still open: asked first; cancel leaves it, confirm completes it.
    await user.click(screen.getByRole('button', { name: 'Taak Meubilair plaatsen afronden' }));
    const ask = await screen.findByRole('dialog', { name: 'Subtaken staan nog open' });
    expect(within(ask).getByText('Er staat nog 1 subtaak open. Toch afronden?')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Taak Meubilair plaatsen afronden' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Toch afronden' }));
    await waitFor(() => expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(1));
    expect(f.to('/api/projects/1/tasks/3/complete')[0]?.body).toEqual({ version: 4 });
  });

  it('completes a task whose sub-tasks are all closed without asking', async () => {
    const { user, f } = openArea([taskSummary({ subtasksDone: 2, subtasksTotal: 2 })]);
    await user.click(await screen.findByRole('button', { name: 'Taak Meubilair plaatsen afronden' }));
    await waitFor(() => expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a deleted project read-only: the new-task field is disabled and the button says why', async () => {
    const { user, f } = openArea([], undefined, true);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Toevoegen' })).toHaveAttribute('aria-disabled', 'true'));
    const button = screen.getByRole('button', { name: 'Toevoegen' });
    expect(button).toHaveAccessibleDescription('Dit project is verwijderd. Zet het eerst terug.');
    expect(screen.getByRole('textbox', { name: 'Nieuwe taak' })).toBeDisabled();
    await user.click(button);
    expect(f.to('/api/projects/1/areas/2/tasks', 'POST')).toHaveLength(0);
  });

  it('offers no new task to someone who may only view projects', async () => {
    openArea([taskSummary()], ['projects.view']);
    await screen.findByRole('link', { name: 'Meubilair plaatsen' });
    expect(screen.queryByRole('textbox', { name: 'Nieuwe taak' })).not.toBeInTheDocument();
  });
});
