import type { Order } from '@app/shared/orders/orders';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, type RecordedRequest } from '../../../../test/fetch';
import { setTestLanguage } from '../../../../test/i18n';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { CURRENT_USER_KEY } from '../../auth/guest-api';
import { clientViewer, order, staffViewer, version } from '../order-fixtures';
import { OrderPage, RequestPage } from '../pages/OrderPage';
import { OrdersPage } from '../pages/OrdersPage';

// Named approvers of an order's design on the screens: the staff forms (send a design, edit the
// order), the approval block and the reasons a portal user does not decide, and the portal's
// "waiting for you" switch.

mockNotify();

const approvers = [
  { id: 81, name: 'Emma Jansen', state: 'approved' as const, decidedAt: '2026-11-20T10:00:00.000Z' },
  { id: 82, name: 'Noor Goedkeurder', state: 'waiting' as const, decidedAt: null },
];
const choices = [
  { id: 81, name: 'Emma Jansen' },
  { id: 82, name: 'Noor Goedkeurder' },
];

type Answer = (req: RecordedRequest) => Response | undefined;

function open(side: 'client' | 'staff', loaded: Order, answer: Answer = () => undefined) {
  const base = side === 'client' ? '/api/client/orders/12' : '/api/orders/12';
  const f = mockFetch((req) => {
    const custom = answer(req);
    if (custom) return custom;
    if (req.path === base && req.method === 'GET') return json(200, { data: loaded });
    if (req.path === '/api/orders/12/approvers') return json(200, { data: choices });
    if (req.path === '/api/companies/7/permissions')
      return json(200, {
        data: [{ projectId: 5, projectName: 'MS Noordam', projectStatus: 'active', allAreas: true, areaIds: [], version: 1 }],
      });
    if (req.path === '/api/client/projects')
      return json(200, {
        data: [{ id: 5, name: 'MS Noordam' }],
        meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
      });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, { permissions: side === 'staff' ? ['companies.manage', 'products.manage'] : [] });
  const path = side === 'client' ? '/orders/:orderId' : '/requests/:orderId';
  const url = side === 'client' ? '/orders/12' : '/requests/12';
  const r = renderWithProviders(side === 'client' ? <OrderPage /> : <RequestPage />, { path, url, queryClient });
  return { ...r, f };
}

const waitingDesign = (o: Partial<Order> = {}) => ({
  versions: [version(1)],
  versionCount: 1,
  approvalRule: 'all' as const,
  approvers,
  dueDate: '2026-11-19',
  overdue: true,
  ...o,
});

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('named approvers of an order (staff)', () => {
  it('sends a design naming approvers who must all approve, with the due date', async () => {
    const loaded = order('in_progress', staffViewer);
    let sent: unknown;
    const { user } = open('staff', loaded, (req) => {
      if (req.path === '/api/orders/12/versions' && req.method === 'POST') {
        sent = req.body;
        return json(200, { data: order('pending_approval', staffViewer, waitingDesign()) });
      }
      if (req.path === '/api/files' && req.method === 'POST')
        return json(201, {
          data: [
            {
              id: 55,
              originalName: 'ontwerp.png',
              mime: 'image/png',
              size: 10,
              url: '/api/files/55',
              uploadedBy: null,
              createdAt: '2026-03-01T10:00:00.000Z',
            },
          ],
          rejected: [],
        });
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Ter goedkeuring versturen' }));
    const dialog = await screen.findByRole('dialog');
    await user.upload(
      within(dialog).getByLabelText('Bestanden uploaden voor Voorbeeld (afbeelding of PDF)'),
      new File(['x'], 'ontwerp.png', { type: 'image/png' }),
    );
    await within(dialog).findByText('ontwerp.png');
    fireEvent.change(within(dialog).getByLabelText(/Uiterlijk besluit op/), { target: { value: '2026-12-01' } });
    await user.click(within(dialog).getByRole('combobox', { name: 'Goedkeurders' }));
    await user.click(await screen.findByRole('option', { name: 'Emma Jansen' }));
    await user.click(await screen.findByRole('option', { name: 'Noor Goedkeurder' }));
    await user.click(within(dialog).getByRole('radio', { name: /Allemaal/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Versturen' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ dueDate: '2026-12-01', approvalRule: 'all', approverIds: [81, 82], previewFileId: 55 });
  });

  it('the edit form holds the project, the due date and the approvers, and sends them', async () => {
    const loaded = order('in_progress', staffViewer, { approvers: [approvers[0] as Order['approvers'][number]] });
    let sent: Record<string, unknown> | undefined;
    const { user } = open('staff', loaded, (req) => {
      if (req.path === '/api/orders/12' && req.method === 'PUT') {
        sent = req.body as Record<string, unknown>;
        return json(200, { data: loaded });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Bewerken' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(/Uiterlijk besluit op/)).toBeInTheDocument();
    expect(within(dialog).getAllByText('Emma Jansen').length).toBeGreaterThan(0);
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'MS Noordam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({ projectId: 5, approverIds: [81], approvalRule: 'any', dueDate: null, version: 3 });
  });
});

describe('named approvers of an order (portal)', () => {
  it('the client edits the project but not the due date or the approvers', async () => {
    const loaded = order('in_progress', clientViewer);
    let sent: Record<string, unknown> | undefined;
    const { user } = open('client', loaded, (req) => {
      if (req.path === '/api/client/orders/12' && req.method === 'PUT') {
        sent = req.body as Record<string, unknown>;
        return json(200, { data: loaded });
      }
      return undefined;
    });
    await user.click(await screen.findByRole('button', { name: 'Bewerken' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText(/Uiterlijk besluit op/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Goedkeurders' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'MS Noordam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toEqual({
      title: 'Barkruk Nordic',
      description: 'Hoge kruk voor de bar op dek 5.',
      quantity: 4,
      projectId: 5,
      version: 3,
    });
  });

  it('shows the approvers and who decided; a user who is not named sees why instead of the buttons', async () => {
    const notNamed = order('pending_approval', clientViewer, waitingDesign(), {
      named: true,
      rule: 'all',
      isApprover: false,
      approvedByViewer: false,
    });
    open('client', notNamed);
    const block = await screen.findByRole('region', { name: 'Goedkeuring' });
    expect(within(block).getByText('Te laat')).toBeInTheDocument();
    const items = within(block).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Emma Jansen');
    expect(items[0]).toHaveTextContent('Goedgekeurd');
    expect(items[1]).toHaveTextContent('Noor Goedkeurder');
    expect(items[1]).toHaveTextContent('Wacht');
    expect(screen.queryByRole('button', { name: 'Ontwerp goedkeuren' })).not.toBeInTheDocument();
    expect(screen.getByTestId('order-decision-reason')).toHaveTextContent(
      'Alleen de aangewezen goedkeurders kunnen dit ontwerp goedkeuren of om wijzigingen vragen.',
    );
    // Nothing waits for this user: no "waiting for you" call.
    expect(screen.queryByText('Er wacht een ontwerp op je goedkeuring')).not.toBeInTheDocument();
  });

  it('an approver whose approval is in waits for the others; in English too', async () => {
    await setTestLanguage('en');
    try {
      const voted = order('pending_approval', clientViewer, waitingDesign(), {
        named: true,
        rule: 'all',
        isApprover: true,
        approvedByViewer: true,
      });
      open('client', voted);
      expect(await screen.findByTestId('order-decision-reason')).toHaveTextContent(
        'You approved this design version already; it waits for the other approvers.',
      );
      // The deny button stays: one denial decides.
      expect(screen.getByRole('button', { name: 'Request changes' })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Approval' })).toHaveTextContent('Noor Goedkeurder');
    } finally {
      await setTestLanguage('nl');
    }
  });

  it('the orders list switches to what waits for the user through the address, and marks the rows', async () => {
    const f = mockFetch((req) =>
      req.path === '/api/client/orders'
        ? json(200, {
            data: [order('pending_approval', clientViewer, { waitingForYou: true, overdue: true, dueDate: '2026-11-19' })],
            meta: { current_page: 1, last_page: 1, per_page: 25, total: 1 },
          })
        : undefined,
    );
    const { user, router } = renderWithProviders(<OrdersPage />, { path: '/orders', url: '/orders' });
    expect(await screen.findByText('Wacht op jou')).toBeInTheDocument();
    expect(screen.getByText('Te laat')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Alleen wat op jou wacht' }));
    await waitFor(() => expect(new URLSearchParams(router?.state.location.search).get('waiting')).toBe('me'));
    await waitFor(() => expect(f.to('/api/client/orders').at(-1)?.query.get('waiting')).toBe('me'));
  });
});
