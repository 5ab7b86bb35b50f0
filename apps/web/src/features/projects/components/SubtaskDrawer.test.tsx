import type { Subtask, SubtaskUpdate } from '@app/shared/projects/tasks';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { areaRoutes, employees, productOption, signInManager, subtask, task } from '../tasks.fixtures';

const notify = mockNotify();

const SUBTASK_URL = '/projects/1/areas/2/task/3/subtask/9';

function openSubtask(o: { loaded?: Subtask; onSave?: FetchHandler; onClose?: FetchHandler } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/1/subtasks/9' && req.method === 'GET') return json(200, { data: o.loaded ?? subtask() });
    if (req.path === '/api/projects/1/subtasks/9' && req.method === 'PATCH') {
      return o.onSave?.(req) ?? json(200, { data: subtask({ version: 7 }) });
    }
    if (req.path === '/api/projects/1/subtasks/9/close') {
      return (
        o.onClose?.(req) ?? json(200, { data: { subtask: subtask({ status: 'closed', version: 7 }), taskCanComplete: false } })
      );
    }
    if (req.path === '/api/projects/1/tasks/3' && req.method === 'GET') return json(200, { data: task() });
    if (req.path === '/api/projects/1/tasks/3/complete') return json(200, { data: task({ status: 'completed', version: 5 }) });
    if (req.path === '/api/projects/1/tasks/3/subtasks') return json(200, { data: [] });
    if (req.path === '/api/projects/1/areas/2/tasks') return json(200, { data: [] });
    if (req.path === '/api/employees/options') return json(200, { data: employees });
    if (req.path === '/api/order-line-options') {
      const q = req.query.get('q') ?? '';
      // Nothing without a search: the option only appears once the typed text has been sent.
      const found =
        req.query.get('kind') === 'product' && q && 'loungestoel aria'.includes(q.toLowerCase()) ? [productOption()] : [];
      return json(200, { data: found });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signInManager(queryClient);
  const view = renderWithProviders(null, { url: SUBTASK_URL, routes: areaRoutes, queryClient });
  return { ...view, f };
}

/** The drawer's X (the app's theme names it 'Sluiten'; the test theme leaves it unnamed). */
const closeButton = () => document.querySelector('.mantine-Drawer-close') as HTMLElement;

beforeEach(() => setXsrfCookie('tok'));

describe('the sub-task editor', () => {
  it('adds a product found as you type, takes a quantity with a Dutch comma, and saves all lines with the version', async () => {
    const { user, f } = openSubtask();
    await user.click(await screen.findByRole('tab', { name: /Orderregels/ }));
    await user.type(screen.getByLabelText('Product zoeken', { selector: 'input' }), 'lounge');
    await user.click(await screen.findByRole('option', { name: /Loungestoel Aria/ }));
    expect(f.to('/api/order-line-options').map((r) => r.query.get('q'))).toContain('lounge');

    const quantity = await screen.findByRole('textbox', { name: 'Aantal Loungestoel Aria' });
    expect(quantity).toHaveValue('1');
    await user.clear(quantity);
    await user.type(quantity, '2,5');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));

    await waitFor(() => expect(f.to('/api/projects/1/subtasks/9', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/projects/1/subtasks/9', 'PATCH')[0]?.body as SubtaskUpdate).toEqual({
      name: 'Bed monteren',
      amount: 2,
      assembly: 'Tegen de achterwand.',
      assigneeId: null,
      notes: '',
      orderLines: [
        { kind: 'article', itemId: 801, quantity: 4, notes: '' },
        { kind: 'product', itemId: 11, quantity: 2.5, notes: '' },
      ],
      version: 6,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Subtaak Bed monteren is opgeslagen.'));
  });

  it('removes an order line', async () => {
    const { user, f } = openSubtask();
    await user.click(await screen.findByRole('tab', { name: /Orderregels/ }));
    await user.click(screen.getByRole('button', { name: 'Bevestigingsset RVS verwijderen' }));
    expect(screen.queryByRole('textbox', { name: 'Aantal Bevestigingsset RVS' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/projects/1/subtasks/9', 'PATCH')).toHaveLength(1));
    const body = f.to('/api/projects/1/subtasks/9', 'PATCH')[0]?.body as SubtaskUpdate | undefined;
    expect(body?.orderLines).toEqual([]);
  });

  it('says what is wrong with a quantity that is not a number, and sends nothing', async () => {
    const { user, f } = openSubtask();
    await user.click(await screen.findByRole('tab', { name: /Orderregels/ }));
    const quantity = screen.getByRole('textbox', { name: 'Aantal Bevestigingsset RVS' });
    await user.clear(quantity);
    await user.type(quantity, 'veel');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(
      await screen.findByText('Vul een aantal groter dan 0 in, met hoogstens 3 decimalen (bijvoorbeeld 2,5).'),
    ).toBeInTheDocument();
    expect(f.to('/api/projects/1/subtasks/9', 'PATCH')).toHaveLength(0);
  });

  it('asks before closing with unsaved changes, and closes to the task after "discard"', async () => {
    const { user, router } = openSubtask();
    const name = await screen.findByRole('textbox', { name: /^Naam/ });
    await user.type(name, ' en kast');
    await user.keyboard('{Escape}');
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    expect(router?.state.location.pathname).toBe(SUBTASK_URL);
    expect(screen.getByRole('textbox', { name: /^Naam/ })).toHaveValue('Bed monteren en kast');

    await user.click(closeButton());
    const again = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(again).getByRole('button', { name: 'Wijzigingen weggooien' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/projects/1/areas/2/task/3'));
  });

  it('closes without asking when nothing changed', async () => {
    const { user, router } = openSubtask();
    await screen.findByRole('textbox', { name: /^Naam/ });
    await user.click(closeButton());
    await waitFor(() => expect(router?.state.location.pathname).toBe('/projects/1/areas/2/task/3'));
    expect(screen.queryByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })).not.toBeInTheDocument();
  });

  it('offers to complete the task when closing the last open sub-task, and completes it with its fresh version', async () => {
    const { user, f } = openSubtask({
      onClose: () => json(200, { data: { subtask: subtask({ status: 'closed', version: 7 }), taskCanComplete: true } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Subtaak sluiten' }));
    await waitFor(() => expect(f.to('/api/projects/1/subtasks/9/close')).toHaveLength(1));
    expect(f.to('/api/projects/1/subtasks/9/close')[0]?.body).toEqual({ version: 6 });
    const offer = await screen.findByRole('dialog', { name: 'Klaar met deze taak?' });
    expect(within(offer).getByText('Alle subtaken zijn gesloten. Taak afronden?')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Taak afronden' }));
    await waitFor(() => expect(f.to('/api/projects/1/tasks/3/complete')).toHaveLength(1));
    expect(f.to('/api/projects/1/tasks/3/complete')[0]?.body).toEqual({ version: 4 });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Taak Meubilair plaatsen is afgerond.'));
  });

  it('does not offer to complete the task while other sub-tasks are open', async () => {
    const { user, f } = openSubtask();
    await user.click(await screen.findByRole('button', { name: 'Subtaak sluiten' }));
    await waitFor(() => expect(f.to('/api/projects/1/subtasks/9/close')).toHaveLength(1));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Subtaak Bed monteren is gesloten.'));
    expect(screen.queryByRole('dialog', { name: 'Klaar met deze taak?' })).not.toBeInTheDocument();
  });

  it('shows the stale banner when someone else saved first', async () => {
    const { user } = openSubtask({ onSave: () => apiError(409, 'STALE_VERSION') });
    await user.type(await screen.findByRole('textbox', { name: /^Naam/ }), '!');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText(/Iemand anders heeft deze subtaak intussen gewijzigd/)).toBeInTheDocument();
  });
});
