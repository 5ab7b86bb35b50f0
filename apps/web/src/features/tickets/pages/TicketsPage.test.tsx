import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { pageOf, ticket } from '../../projects/project-fixtures';
import { TicketsPage } from './TicketsPage';

const notify = mockNotify();

const closed = ticket({
  id: 22,
  description: 'Kast klemt',
  status: 'closed',
  closedAt: '2026-02-03T09:00:00.000Z',
  abilities: { canEdit: true, canClose: false, canReopen: true, reasons: { canClose: 'TICKET_CLOSED' } },
});

function openTickets(url = '/tickets') {
  const f = mockFetch((req) => {
    if (req.path === '/api/tickets') return json(200, pageOf([ticket(), closed]));
    if (req.path === '/api/projects/3/tickets/21/close') return json(200, { data: ticket({ status: 'closed', version: 3 }) });
    return undefined;
  });
  const view = renderWithProviders(<TicketsPage />, { path: '/tickets', url });
  const search = () => new URLSearchParams(view.router?.state.location.search);
  return { ...view, f, search };
}

beforeEach(() => setXsrfCookie('tok'));

describe('TicketsPage', () => {
  it('lists tickets with their project, task, priority and links', async () => {
    openTickets();
    expect(await screen.findByRole('link', { name: 'Lamp in badkamer werkt niet' })).toHaveAttribute('href', '/tickets/21');
    expect(screen.getAllByRole('link', { name: 'MS Noordam refit 2027' })[0]).toHaveAttribute('href', '/projects/3/tickets');
    expect(screen.getAllByRole('link', { name: 'Meubilair plaatsen' })[0]).toHaveAttribute('href', '/projects/3/areas/7/task/40');
    expect(screen.getAllByText('Hoog').length).toBeGreaterThan(0);
  });

  it('keeps the tab and the priority in the URL and asks the server for them', async () => {
    const { user, f, search } = openTickets('/tickets?tab=all');
    await screen.findByRole('link', { name: 'Lamp in badkamer werkt niet' });
    expect(f.to('/api/tickets').at(-1)?.query.get('tab')).toBe('all');
    await user.click(screen.getByRole('tab', { name: 'Gesloten' }));
    await waitFor(() => expect(search().get('tab')).toBe('closed'));
    await user.click(screen.getByRole('combobox', { name: 'Prioriteit' }));
    await user.click(await screen.findByRole('option', { name: 'Urgent' }));
    await waitFor(() => expect(search().get('priority')).toBe('urgent'));
    await waitFor(() => expect(f.to('/api/tickets').at(-1)?.query.get('priority')).toBe('urgent'));
    expect(f.to('/api/tickets').at(-1)?.query.get('tab')).toBe('closed');
  });

  it('offers close or reopen as the server allows, and closes with the version', async () => {
    const { user, f } = openTickets();
    await screen.findByRole('link', { name: 'Lamp in badkamer werkt niet' });
    expect(screen.getByRole('button', { name: 'Ticket ‘Kast klemt’ heropenen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ticket ‘Kast klemt’ sluiten' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ticket ‘Lamp in badkamer werkt niet’ sluiten' }));
    await waitFor(() => expect(f.to('/api/projects/3/tickets/21/close', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/3/tickets/21/close')[0]?.body).toEqual({ version: 2 });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ticket ‘Lamp in badkamer werkt niet’ is gesloten.'));
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  });
});
