import type { Order } from '@app/shared/orders/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, type RecordedRequest } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { CURRENT_USER_KEY } from '../../auth/guest-api';
import { clientViewer, order, staffViewer, version } from '../order-fixtures';
import { OrderPage, RequestPage } from '../pages/OrderPage';

const notify = mockNotify();

type Answer = (req: RecordedRequest) => Response | undefined;

function open(side: 'client' | 'staff', loaded: Order, answer: Answer = () => undefined) {
  const base = side === 'client' ? '/api/client/orders/12' : '/api/orders/12';
  const f = mockFetch((req) => {
    const custom = answer(req);
    if (custom) return custom;
    if (req.path === base && req.method === 'GET') return json(200, { data: loaded });
    if (req.path === '/api/employees/options') return json(200, { data: [{ id: 3, name: 'Peter Admin', function: null }] });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, { permissions: side === 'staff' ? ['companies.manage', 'products.manage'] : [] });
  const path = side === 'client' ? '/orders/:orderId' : '/requests/:orderId';
  const url = side === 'client' ? '/orders/12' : '/requests/12';
  const r = renderWithProviders(side === 'client' ? <OrderPage /> : <RequestPage />, { path, url, queryClient });
  return { ...r, f };
}

const pending = () =>
  order('pending_approval', clientViewer, {
    versions: [
      version(2),
      version(1, { status: 'denied', locked: true, decisionComment: 'Hoger graag', decidedBy: 'Emma de Vries' }),
    ],
  });

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('the order page (portal)', () => {
  it('offers approve and deny on the pending version, shows older ones locked, and explains why editing is not possible', async () => {
    open('client', pending());
    const versions = await screen.findAllByTestId('order-version');
    expect(versions).toHaveLength(2);
    expect(within(versions[0] as HTMLElement).getByRole('button', { name: 'Ontwerp goedkeuren' })).toBeInTheDocument();
    expect(within(versions[0] as HTMLElement).getByRole('button', { name: 'Wijzigingen vragen' })).toBeInTheDocument();
    expect(within(versions[0] as HTMLElement).getByRole('img', { name: 'Voorbeeld van ontwerp versie 2' })).toHaveAttribute(
      'src',
      '/api/files/202',
    );
    expect(within(versions[1] as HTMLElement).getByText('Vergrendeld')).toBeInTheDocument();
    expect(within(versions[1] as HTMLElement).getByText('Hoger graag')).toBeInTheDocument();
    expect(within(versions[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    // Editing is refused while a design waits: the button says why.
    const edit = screen.getByRole('button', { name: 'Bewerken' });
    expect(edit).toBeDisabled();
    expect(edit).toHaveAccessibleDescription(/er ligt een ontwerp ter goedkeuring/);
    expect(screen.getByRole('button', { name: 'Meer informatie vragen' })).toBeEnabled();
    // No staff actions for a client.
    expect(screen.queryByRole('button', { name: 'Aanvraag goedkeuren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ter goedkeuring versturen' })).not.toBeInTheDocument();
  });

  it('after approving the design the focus moves to what was decided, not to the page', async () => {
    const approved = order('in_progress', clientViewer, {
      versions: [
        version(2, { status: 'approved', decidedBy: 'Emma de Vries', decidedAt: '2026-03-03T10:00:00.000Z' }),
        version(1, { status: 'denied', locked: true, decisionComment: 'Hoger graag', decidedBy: 'Emma de Vries' }),
      ],
    });
    let decided = false;
    const { user } = open('client', pending(), (req) => {
      if (req.path === '/api/client/orders/12/approve-design') {
        decided = true;
        return json(200, { data: approved });
      }
      if (req.path === '/api/client/orders/12' && req.method === 'GET' && decided) return json(200, { data: approved });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Ontwerp goedkeuren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ontwerp goedkeuren' }));
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement).toHaveTextContent('Emma de Vries');
    expect(document.activeElement?.closest('[data-testid="order-version"]')).toBe(screen.getAllByTestId('order-version')[0]);
  });

  it('denies with changes: a comment is required, then sends it with the version', async () => {
    const { user, f } = open('client', pending(), (req) =>
      req.path === '/api/client/orders/12/deny-design' ? json(200, { data: order('in_progress', clientViewer) }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Wijzigingen vragen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Wijzigingen vragen op versie 2' });
    await user.click(within(dialog).getByRole('button', { name: 'Wijzigingen versturen' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/client/orders/12/deny-design')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: /Wat moet er anders/ }), 'Donkerder hout');
    await user.click(within(dialog).getByRole('button', { name: 'Wijzigingen versturen' }));
    await waitFor(() => expect(f.to('/api/client/orders/12/deny-design')).toHaveLength(1));
    expect(f.to('/api/client/orders/12/deny-design')[0]?.body).toEqual({ version: 3, comment: 'Donkerder hout', fileIds: [] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.success).toHaveBeenCalledWith('Je wijzigingen zijn verstuurd.');
  });

  it('reorders a completed order after asking, and says “Er ging iets mis” when that fails', async () => {
    const { user, f } = open('client', order('completed', clientViewer), (req) =>
      req.path === '/api/client/orders/12/reorder' ? json(500, { code: 'INTERNAL', message: 'x' }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Opnieuw bestellen' }));
    const ask = await screen.findByRole('dialog', { name: '‘Barkruk Nordic’ opnieuw bestellen?' });
    await user.click(within(ask).getByRole('button', { name: 'Opnieuw bestellen' }));
    await waitFor(() => expect(f.to('/api/client/orders/12/reorder')).toHaveLength(1));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Er ging iets mis. Probeer het opnieuw.'));
    expect(screen.queryByRole('button', { name: 'Bewerken' })).not.toBeInTheDocument();
  });
});

describe('the request page (back office)', () => {
  it('approves a request into a new product named after the request', async () => {
    const { user, f } = open('staff', order('requested', staffViewer), (req) =>
      req.path === '/api/orders/12/approve-request' ? json(200, { data: order('in_progress', staffViewer) }) : undefined,
    );
    expect(await screen.findByRole('button', { name: 'Aanvraag afwijzen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ontwerp goedkeuren' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aanvraag goedkeuren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aanvraag goedkeuren' });
    expect(within(dialog).getByRole('radio', { name: /Een nieuw product maken/ })).toBeChecked();
    const name = within(dialog).getByRole('textbox', { name: /Naam van het nieuwe product/ });
    expect(name).toHaveValue('Barkruk Nordic');
    await user.clear(name);
    await user.type(name, 'Barkruk Nordic XL');
    await user.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    await waitFor(() => expect(f.to('/api/orders/12/approve-request')).toHaveLength(1));
    expect(f.to('/api/orders/12/approve-request')[0]?.body).toEqual({
      version: 3,
      target: { kind: 'new', name: 'Barkruk Nordic XL' },
      handledById: null,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('‘Barkruk Nordic’ is goedgekeurd.'));
  });

  it('asks for a catalogue product when linking to an existing one', async () => {
    const { user, f } = open('staff', order('requested', staffViewer));
    await user.click(await screen.findByRole('button', { name: 'Aanvraag goedkeuren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aanvraag goedkeuren' });
    await user.click(within(dialog).getByRole('radio', { name: /Een bestaand product/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Goedkeuren' }));
    expect(await within(dialog).findByText('Kies het product.')).toBeInTheDocument();
    expect(f.to('/api/orders/12/approve-request')).toHaveLength(0);
  });

  it('a decision that lost the race shows the server’s message, closes and reloads the order', async () => {
    let decided = false;
    const { user, f } = open('staff', order('requested', staffViewer), (req) => {
      if (req.path === '/api/orders/12/decline-request') {
        decided = true;
        return json(409, { code: 'REQUEST_ALREADY_DECIDED', message: 'x' });
      }
      if (req.path === '/api/orders/12' && decided) return json(200, { data: order('in_progress', staffViewer) });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Aanvraag afwijzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aanvraag afwijzen' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reden/ }), 'Niet leverbaar');
    await user.click(within(dialog).getByRole('button', { name: 'Afwijzen' }));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Over deze productaanvraag is al besloten. Vernieuw de pagina om het besluit te zien.',
        expect.anything(),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Ter goedkeuring versturen' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Aanvraag afwijzen' })).not.toBeInTheDocument();
    expect(f.to('/api/orders/12', 'GET').length).toBeGreaterThanOrEqual(2);
  });
});
