import type { Subtask, Task, TaskUpdate } from '@app/shared/projects/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { areaRoutes, employees, signInManager, subtask, task } from '../tasks.fixtures';

const notify = mockNotify();

const TASK_URL = '/projects/1/areas/2/task/3';

interface Options {
  /** The task as the server has it now (a function: it may change during the test). */
  loaded?: Task | (() => Task);
  subtasks?: Subtask[];
  onSave?: FetchHandler;
  onClose?: FetchHandler;
  onComplete?: FetchHandler;
}

function openTask(o: Options = {}) {
  const loaded = () => (typeof o.loaded === 'function' ? o.loaded() : (o.loaded ?? task()));
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/1/tasks/3' && req.method === 'GET') return json(200, { data: loaded() });
    if (req.path === '/api/projects/1/tasks/3' && req.method === 'PATCH') {
      return o.onSave?.(req) ?? json(200, { data: task({ ...(req.body as object), version: 5 }) });
    }
    if (req.path === '/api/projects/1/tasks/3/complete') {
      return o.onComplete?.(req) ?? json(200, { data: task({ status: 'completed', version: 6 }) });
    }
    if (req.path === '/api/projects/1/tasks/3/subtasks') {
      return json(200, { data: o.subtasks ?? [subtask(), subtask({ id: 10, name: 'Kast plaatsen', status: 'closed' })] });
    }
    if (req.path === '/api/projects/1/subtasks/9/close') {
      return (
        o.onClose?.(req) ?? json(200, { data: { subtask: subtask({ status: 'closed', version: 7 }), taskCanComplete: true } })
      );
    }
    if (req.path === '/api/projects/1/tickets') {
      return json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 100, total: 0 } });
    }
    if (req.path === '/api/employees/options') return json(200, { data: employees });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInManager(queryClient);
  const view = renderWithProviders(null, { url: TASK_URL, routes: areaRoutes, queryClient });
  return { ...view, f };
}

const closeButton = () => document.querySelector('.mantine-Drawer-close') as HTMLElement;

beforeEach(() => setXsrfCookie('tok'));

describe('the task editor', () => {
  it('opens on its sub-tasks, with how many are closed', async () => {
    openTask();
    expect(await screen.findByRole('tab', { name: /Subtaken/, selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Bed monteren' })).toHaveAttribute('href', `${TASK_URL}/subtask/9`);
    expect(screen.getByText('1 van 2 gesloten')).toBeInTheDocument();
  });

  it('saves name, assignee and notes with the version', async () => {
    const { user, f } = openTask();
    await user.click(await screen.findByRole('tab', { name: 'Gegevens' }));
    const name = screen.getByRole('textbox', { name: /^Naam/ });
    await user.clear(name);
    await user.type(name, 'Meubilair plaatsen hut 5001');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/projects/1/tasks/3', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/projects/1/tasks/3', 'PATCH')[0]?.body as TaskUpdate).toEqual({
      name: 'Meubilair plaatsen hut 5001',
      assigneeId: 7,
      notes: 'Eerst de kasten.',
      attachmentIds: [],
      version: 4,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Taak Meubilair plaatsen hut 5001 is opgeslagen.'));
  });

  it('says so when someone else changed the task first', async () => {
    const { user } = openTask({ onSave: () => apiError(409, 'STALE_VERSION') });
    await user.click(await screen.findByRole('tab', { name: 'Gegevens' }));
    await user.type(screen.getByRole('textbox', { name: /^Naam/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(/Iemand anders heeft deze taak intussen gewijzigd/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nieuwste versie laden' })).toBeInTheDocument();
  });

  it('asks before closing with unsaved changes (Escape and the X), and goes back to the area after "discard"', async () => {
    const { user, router } = openTask();
    await user.click(await screen.findByRole('tab', { name: 'Gegevens' }));
    await user.type(screen.getByRole('textbox', { name: 'Notities' }), ' Dan de bedden.');

    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(router?.state.location.pathname).toBe(TASK_URL);
    expect(screen.getByRole('textbox', { name: 'Notities' })).toHaveValue('Eerst de kasten. Dan de bedden.');

    await user.click(closeButton());
    const again = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(again).getByRole('button', { name: 'Wijzigingen weggooien' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/projects/1/areas/2'));
  });

  it('asks before leaving for another page with unsaved changes', async () => {
    const { user, router } = openTask();
    await user.click(await screen.findByRole('tab', { name: 'Gegevens' }));
    await user.type(screen.getByRole('textbox', { name: 'Notities' }), '!');
    void router?.navigate('/projects/1/tasks');
    expect(await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe(TASK_URL);
  });

  it('completes the task, and a later save carries the version the completion made', async () => {
    const completed = task({
      status: 'completed',
      version: 6,
      abilities: {
        canEdit: true,
        canDelete: true,
        canComplete: false,
        canReopen: true,
        reasons: { canComplete: 'TASK_COMPLETED' },
      },
    });
    let current = task();
    const { user, f } = openTask({
      loaded: () => current,
      onComplete: () => {
        current = completed;
        return json(200, { data: completed });
      },
    });
    await screen.findByText('Kast plaatsen');
    await user.click(await screen.findByRole('button', { name: 'Taak afronden' }));
    // 'Bed monteren' is still open: asked first.
    const ask = await screen.findByRole('dialog', { name: 'Subtaken staan nog open' });
    expect(within(ask).getByText('Er staat nog 1 subtaak open. Toch afronden?')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Toch afronden' }));
    await waitFor(() => expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Taak heropenen' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Gegevens' }));
    await user.type(screen.getByRole('textbox', { name: 'Notities' }), '!');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/projects/1/tasks/3', 'PATCH')).toHaveLength(1));
    expect((f.to('/api/projects/1/tasks/3', 'PATCH')[0]?.body as TaskUpdate | undefined)?.version).toBe(6);
  });

  it('leaves the task as it is when the question about open sub-tasks is cancelled', async () => {
    const { user, f } = openTask({
      subtasks: [subtask(), subtask({ id: 10, name: 'Kast plaatsen', status: 'open' })],
    });
    await screen.findByText('Kast plaatsen');
    await user.click(await screen.findByRole('button', { name: 'Taak afronden' }));
    const ask = await screen.findByRole('dialog', { name: 'Subtaken staan nog open' });
    expect(within(ask).getByText('Er staan nog 2 subtaken open. Toch afronden?')).toBeInTheDocument();
    await user.click(within(ask).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subtaken staan nog open' })).not.toBeInTheDocument());
    expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(0);
  });

  it('waits for a save before completing, and says why', async () => {
    const { user, f } = openTask();
    await user.click(await screen.findByRole('tab', { name: 'Gegevens' }));
    await user.type(screen.getByRole('textbox', { name: 'Notities' }), '!');
    const complete = screen.getByRole('button', { name: 'Taak afronden' });
    expect(complete).toHaveAttribute('aria-disabled', 'true');
    expect(complete).toHaveAccessibleDescription('Sla eerst je wijzigingen op.');
    await user.click(complete);
    expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(0);
  });

  it('explains why a task with an open ticket cannot be completed', async () => {
    openTask({
      loaded: task({
        status: 'open_ticket',
        openTicketsCount: 1,
        abilities: {
          canEdit: true,
          canDelete: true,
          canComplete: false,
          canReopen: false,
          reasons: { canComplete: 'TASK_HAS_OPEN_TICKET' },
        },
      }),
    });
    const complete = await screen.findByRole('button', { name: 'Taak afronden' });
    expect(complete).toHaveAttribute('aria-disabled', 'true');
    expect(complete).toHaveAccessibleDescription('Deze taak heeft een open ticket. Sluit eerst het ticket.');
  });

  it('offers to complete the task after its last open sub-task is ticked closed', async () => {
    const { user, f } = openTask();
    await user.click(await screen.findByRole('checkbox', { name: 'Subtaak Bed monteren gesloten' }));
    await waitFor(() => expect(f.to('/api/projects/1/subtasks/9/close')).toHaveLength(1));
    expect(f.to('/api/projects/1/subtasks/9/close')[0]?.body).toEqual({ version: 6 });
    const offer = await screen.findByRole('dialog', { name: 'Klaar met deze taak?' });
    await user.click(within(offer).getByRole('button', { name: 'Taak afronden' }));
    await waitFor(() => expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(1));
    expect(f.to('/api/projects/1/tasks/3/complete')[0]?.body).toEqual({ version: 4 });
  });

  it('does not complete the task when the offer is declined', async () => {
    const { user, f } = openTask();
    await user.click(await screen.findByRole('checkbox', { name: 'Subtaak Bed monteren gesloten' }));
    const offer = await screen.findByRole('dialog', { name: 'Klaar met deze taak?' });
    await user.click(within(offer).getByRole('button', { name: 'Nu niet' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Klaar met deze taak?' })).not.toBeInTheDocument());
    expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(0);
  });
});
