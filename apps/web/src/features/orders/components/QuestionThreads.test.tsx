import type { Order, OrderEvent } from '@app/shared/orders/orders';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { CURRENT_USER_KEY } from '../../auth/guest-api';
import { clientViewer, order, staffViewer } from '../order-fixtures';
import { OrderPage, RequestPage } from '../pages/OrderPage';

const notify = mockNotify();

const ev = (o: Partial<OrderEvent> & Pick<OrderEvent, 'id' | 'kind'>): OrderEvent => ({
  comment: null,
  versionNumber: null,
  actor: 'Emma de Vries',
  actingEmployee: null,
  parentId: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  ...o,
});
const requested = ev({ id: 1, kind: 'requested' });
const question = ev({ id: 5, kind: 'info_requested', comment: 'Kunnen de poten van eiken?' });
const answer = ev({ id: 6, kind: 'info_answered', comment: 'Ja, geolied eiken.', parentId: 5, actor: 'Hugo Bakker' });
const followUp = ev({ id: 7, kind: 'info_requested', comment: 'En in zwart eiken?', parentId: 5 });

function open(side: 'client' | 'staff', loaded: Order, after?: Order) {
  const base = side === 'client' ? '/api/client/orders/12' : '/api/orders/12';
  const f = mockFetch((req) => {
    if (req.path === base && req.method === 'GET') return json(200, { data: loaded });
    if (req.path === '/api/orders/12/questions/5/answers' && req.method === 'POST') return json(200, { data: after });
    if (req.path === '/api/client/orders/12/questions/5/replies' && req.method === 'POST') return json(200, { data: after });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(CURRENT_USER_KEY, { permissions: side === 'staff' ? ['companies.manage'] : [] });
  const r = renderWithProviders(side === 'client' ? <OrderPage /> : <RequestPage />, {
    path: side === 'client' ? '/orders/:orderId' : '/requests/:orderId',
    url: side === 'client' ? '/orders/12' : '/requests/12',
    queryClient,
  });
  return { ...r, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('questions on an order', () => {
  it('staff see an open question marked unanswered, answer it, and see the answer in its thread', async () => {
    const openOrder = order('in_progress', staffViewer, { events: [requested, question], openQuestions: 1 });
    const answered = order('in_progress', staffViewer, { events: [requested, question, answer], openQuestions: 0 });
    const { user, f } = open('staff', openOrder, answered);
    const thread = await screen.findByTestId('order-question');
    expect(within(thread).getByText('Kunnen de poten van eiken?')).toBeInTheDocument();
    expect(within(thread).getByText('Onbeantwoord')).toBeInTheDocument();
    expect(within(thread).getByText(/Emma de Vries/)).toBeInTheDocument();
    // The header says so too.
    expect(screen.getByTestId('order-unanswered')).toHaveTextContent('Onbeantwoord');

    // An empty answer is refused in words, and nothing is sent.
    await user.click(within(thread).getByRole('button', { name: 'Antwoord versturen' }));
    expect(await within(thread).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/orders/12/questions/5/answers')).toHaveLength(0);

    await user.type(within(thread).getByRole('textbox', { name: /Je antwoord/ }), 'Ja, geolied eiken.');
    await user.click(within(thread).getByRole('button', { name: 'Antwoord versturen' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Je antwoord is verstuurd. De klant krijgt bericht.'));
    expect(f.to('/api/orders/12/questions/5/answers')[0]?.body).toEqual({ comment: 'Ja, geolied eiken.' });
    const after = await screen.findByTestId('order-answer');
    expect(after).toHaveTextContent('Ja, geolied eiken.');
    expect(after).toHaveTextContent('Hugo Bakker');
    expect(screen.queryByText('Onbeantwoord')).not.toBeInTheDocument();
  });

  it('the client sees the answer under the question, and no answer field', async () => {
    open('client', order('in_progress', clientViewer, { events: [requested, question, answer] }));
    const thread = await screen.findByTestId('order-question');
    expect(within(thread).getByTestId('order-answer')).toHaveTextContent('Ja, geolied eiken.');
    expect(within(thread).queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-unanswered')).not.toBeInTheDocument();
  });

  it('the client follows up on an answered question in its thread, which then waits for an answer again', async () => {
    const answered = order('in_progress', clientViewer, { events: [requested, question, answer] });
    const followed = order('in_progress', clientViewer, { events: [requested, question, answer, followUp], openQuestions: 1 });
    const { user, f } = open('client', answered, followed);
    const thread = await screen.findByTestId('order-question');
    expect(within(thread).queryByText('Wacht op antwoord')).not.toBeInTheDocument();
    await user.click(within(thread).getByRole('button', { name: /Vervolgvraag stellen op de vraag van/ }));
    const field = within(thread).getByRole('textbox', { name: /Je vervolgvraag/ });
    expect(field).toHaveFocus();
    // An empty follow-up is refused in words, and nothing is sent.
    await user.click(within(thread).getByRole('button', { name: 'Vervolgvraag versturen' }));
    expect(await within(thread).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/client/orders/12/questions/5/replies')).toHaveLength(0);
    await user.type(field, 'En in zwart eiken?');
    await user.click(within(thread).getByRole('button', { name: 'Vervolgvraag versturen' }));
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('Je vervolgvraag is verstuurd. We laten je weten wanneer er een antwoord is.'),
    );
    expect(f.to('/api/client/orders/12/questions/5/replies')[0]?.body).toEqual({ comment: 'En in zwart eiken?' });
    // The thread in order: the question, staff's answer, the follow-up; waiting again.
    const after = await screen.findByTestId('order-follow-up');
    expect(after).toHaveTextContent('En in zwart eiken?');
    expect(after).toHaveTextContent('(Klant)');
    const order$ = screen.getByTestId('order-question');
    expect(order$.textContent?.indexOf('Ja, geolied eiken.')).toBeLessThan(
      order$.textContent?.indexOf('En in zwart eiken?') ?? 0,
    );
    expect(within(order$).getByTestId('order-answer')).toHaveTextContent('(Team)');
    expect(within(order$).getByText('Wacht op antwoord')).toBeInTheDocument();
    // The form closed; the button is back for a next follow-up.
    expect(within(order$).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(order$).getByRole('button', { name: /Vervolgvraag stellen op de vraag van/ })).toBeInTheDocument();
  });

  it('staff see a thread with an open follow-up as unanswered again, with the answer field under it', async () => {
    open('staff', order('in_progress', staffViewer, { events: [requested, question, answer, followUp], openQuestions: 1 }));
    const thread = await screen.findByTestId('order-question');
    expect(within(thread).getByText('Onbeantwoord')).toBeInTheDocument();
    expect(within(thread).getByTestId('order-follow-up')).toHaveTextContent('En in zwart eiken?');
    expect(within(thread).getByRole('textbox', { name: /Je antwoord/ })).toBeInTheDocument();
    // The history names it a follow-up.
    expect(screen.getByText('Vervolgvraag gesteld door Emma de Vries')).toBeInTheDocument();
  });

  it('a client on a closed order reads the thread but no longer follows up', async () => {
    open('client', order('completed', clientViewer, { events: [requested, question, answer] }));
    const thread = await screen.findByTestId('order-question');
    expect(within(thread).getByTestId('order-answer')).toBeInTheDocument();
    expect(within(thread).queryByRole('button', { name: /Vervolgvraag/ })).not.toBeInTheDocument();
  });

  it('the client’s open question waits for an answer; an order without questions shows no questions section', async () => {
    const { unmount } = open('client', order('in_progress', clientViewer, { events: [requested, question], openQuestions: 1 }));
    expect(await screen.findByText('Wacht op antwoord')).toBeInTheDocument();
    unmount();
    open('client', order('in_progress', clientViewer));
    await screen.findByRole('heading', { name: 'Barkruk Nordic' });
    expect(screen.queryByRole('region', { name: 'Vragen' })).not.toBeInTheDocument();
  });
});
