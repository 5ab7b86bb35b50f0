import type { TicketInput } from '@app/shared/tickets/tickets';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { employees, ticket } from '../../projects/project-fixtures';
import { TicketModal } from './TicketModal';

const notify = mockNotify();

const task = {
  id: 40,
  projectId: 3,
  areaId: 7,
  areaName: 'Hut 5001',
  areaNumber: '5001',
  name: 'Meubilair plaatsen',
  status: 'pending',
  assignee: null,
  subtasksDone: 0,
  subtasksTotal: 2,
  openTicketsCount: 0,
  planX: null,
  planY: null,
  version: 1,
  updatedAt: '2026-02-01T09:00:00.000Z',
  abilities: { canEdit: true, canDelete: true, canComplete: true, canReopen: false, reasons: {} },
  notes: '',
  attachments: [],
  completedAt: null,
};

function openModal(o: { taskId?: number } = {}) {
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const f = mockFetch((req) => {
    if (req.path === '/api/employees/options') return json(200, { data: employees });
    if (req.path === '/api/projects/3/tasks/40') return json(200, { data: task });
    if (req.path === '/api/projects/3/tasks')
      return json(200, { data: [task], meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } });
    if (req.path === '/api/projects/3/tickets' && req.method === 'POST') {
      const body = req.body as TicketInput;
      return json(201, { data: ticket({ id: 30, description: body.description }) });
    }
    return undefined;
  });
  const queryClient = createTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const view = renderWithProviders(
    <TicketModal projectId={3} taskId={o.taskId} opened onClose={onClose} onCreated={onCreated} />,
    { path: '/', queryClient },
  );
  return { ...view, f, onClose, onCreated, invalidate };
}

beforeEach(() => setXsrfCookie('tok'));

describe('TicketModal', () => {
  it('needs a description and sends nothing without one', async () => {
    const { user, f } = openModal();
    const dialog = await screen.findByRole('dialog', { name: 'Ticket aanmaken' });
    await user.click(within(dialog).getByRole('button', { name: 'Ticket aanmaken' }));
    expect(await within(dialog).findByText('Beschrijf kort wat er aan de hand is.')).toBeInTheDocument();
    expect(f.to('/api/projects/3/tickets', 'POST')).toHaveLength(0);
  });

  it('makes a ticket about the given task, then closes and refreshes the project and the tickets', async () => {
    const { user, f, onClose, onCreated, invalidate } = openModal({ taskId: 40 });
    const dialog = await screen.findByRole('dialog', { name: 'Ticket aanmaken' });
    // The task it is about is named, not only numbered.
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Taak/ })).toHaveValue('Meubilair plaatsen · Hut 5001'),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Beschrijving/ }), 'Kast beschadigd');
    await user.click(within(dialog).getByRole('combobox', { name: 'Prioriteit' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ticket aanmaken' }));

    await waitFor(() => expect(f.to('/api/projects/3/tickets', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/3/tickets', 'POST')[0]?.body).toEqual({
      description: 'Kast beschadigd',
      information: '',
      priority: 'urgent',
      projectManagerId: null,
      taskId: 40,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 30 }));
    expect(notify.success).toHaveBeenCalledWith('Ticket ‘Kast beschadigd’ is aangemaakt.');
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['tickets'], ['projects', 3]]));
  });

  it('asks before closing with unsaved changes', async () => {
    const { user, onClose } = openModal();
    const dialog = await screen.findByRole('dialog', { name: 'Ticket aanmaken' });
    await user.type(within(dialog).getByRole('textbox', { name: /Beschrijving/ }), 'Iets');
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    const ask = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    await user.click(within(ask).getByRole('button', { name: 'Wijzigingen weggooien' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
