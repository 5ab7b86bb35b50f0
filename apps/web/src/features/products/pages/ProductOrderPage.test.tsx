import type { ProductOrder } from '@app/shared/products/products';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { ProductOrderPage } from './ProductOrderPage';

const notify = mockNotify();

type Item = ProductOrder['items'][number];
const item = (id: number, nameNl: string, position: number): Item => ({
  id,
  nameNl,
  nameEn: '',
  thumbUrl: null,
  published: id !== 3,
  position,
});

const names = () => screen.getAllByTestId('order-row').map((r) => within(r).getByRole('link').textContent);

/** The server's order: moves apply to it like the real one does, unless `onMove` answers otherwise. */
function openOrder(onMove?: FetchHandler, url = '/order') {
  let order: Item[] = [
    item(1, 'Stoel Nordic', 0),
    item(2, 'Bank Harbour', 1),
    item(3, 'Tafel Atlas', 2),
    item(4, 'Lamp Lumen', 3),
  ];
  const f = mockFetch((req) => {
    if (req.path === '/api/attributes/options') {
      return json(200, { data: [{ id: 5, kind: 'categories', nameNl: 'Zitmeubelen', nameEn: 'Seating', typeGroupId: null }] });
    }
    if (req.path === '/api/products/order' && req.method === 'GET') {
      return json(200, {
        data: { categoryId: req.query.get('categoryId') ? Number(req.query.get('categoryId')) : null, items: order },
      });
    }
    if (req.path === '/api/products/order/move' && req.method === 'POST') {
      const custom = onMove?.(req);
      if (custom) return custom;
      const { productId, toIndex } = req.body as { productId: number; toIndex: number };
      const moving = order.find((p) => p.id === productId) as Item;
      order = order.filter((p) => p.id !== productId);
      order.splice(toIndex, 0, moving);
      order = order.map((p, position) => ({ ...p, position }));
      return json(200, { data: { categoryId: null, items: order } });
    }
    return undefined;
  });
  const view = renderWithProviders(<ProductOrderPage />, { path: '/order', url });
  return { ...view, f };
}

/**
 * jsdom lays nothing out, so dnd-kit would see every item at (0, 0). Give each sortable item a
 * place in a column of 60 px rows, as the browser would.
 */
function layOutRows() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest('[data-sortable-index]');
    const i = row ? Number(row.getAttribute('data-sortable-index')) : 0;
    const top = i * 60;
    return { x: 0, y: top, top, left: 0, right: 600, bottom: top + 50, width: 600, height: 50, toJSON: () => ({}) } as DOMRect;
  });
}

beforeEach(() => setXsrfCookie('tok'));

describe('ProductOrderPage', () => {
  it('lists the overall order with positions, thumbnails and the published state', async () => {
    const { f } = openOrder();
    await waitFor(() => expect(names()).toEqual(['Stoel Nordic', 'Bank Harbour', 'Tafel Atlas', 'Lamp Lumen']));
    expect(f.to('/api/products/order', 'GET')[0]?.url).toBe('/api/products/order');
    const third = screen.getAllByTestId('order-row')[2] as HTMLElement;
    expect(within(third).getAllByText('Niet gepubliceerd').length).toBeGreaterThan(0);
    expect(within(screen.getAllByTestId('order-row')[0] as HTMLElement).queryByText('Niet gepubliceerd')).toBeNull();
    expect(within(third).getByTestId('thumb-placeholder')).toBeInTheDocument();
  });

  it('moves a product with the keyboard (Space, arrow down twice, Space) and saves exactly that move', async () => {
    layOutRows();
    const { f } = openOrder();
    await waitFor(() => expect(names()).toHaveLength(4));
    const handle = screen.getByRole('button', { name: 'Stoel Nordic verslepen' });
    handle.focus();

    // dnd-kit listens for the next keys on the document from the next tick on.
    const press = async (code: string, key = code) => {
      fireEvent.keyDown(document.activeElement ?? handle, { key, code });
      await act(() => new Promise((r) => setTimeout(r, 20)));
    };
    await press('Space', ' ');
    expect(handle).toHaveAttribute('aria-pressed', 'true');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(f.to('/api/products/order/move', 'POST')).toHaveLength(0);
    await press('Space', ' ');

    await waitFor(() => expect(f.to('/api/products/order/move', 'POST')).toHaveLength(1));
    const [move] = f.to('/api/products/order/move', 'POST');
    expect(move?.body).toEqual({ productId: 1, toIndex: 2, categoryId: null });
    expect(move?.headers['X-XSRF-TOKEN']).toBe('tok');
    await waitFor(() => expect(names()).toEqual(['Bank Harbour', 'Tafel Atlas', 'Stoel Nordic', 'Lamp Lumen']));
    expect(screen.getByText('Stoel Nordic neergezet op plaats 3 van 4.')).toBeInTheDocument();
    // The order is fetched again after the move, so someone else's moves show too.
    await waitFor(() => expect(f.to('/api/products/order', 'GET').length).toBeGreaterThanOrEqual(2));
  });

  it('moves with the buttons within a category scope, sending the category', async () => {
    const { user, f } = openOrder(undefined, '/order?category=5');
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(f.to('/api/products/order', 'GET')[0]?.url).toBe('/api/products/order?categoryId=5');
    expect(screen.getByRole('button', { name: 'Stoel Nordic omhoog' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Lamp Lumen omhoog' }));

    await waitFor(() => expect(f.to('/api/products/order/move', 'POST')).toHaveLength(1));
    expect(f.to('/api/products/order/move', 'POST')[0]?.body).toEqual({ productId: 4, toIndex: 2, categoryId: 5 });
    await waitFor(() => expect(names()).toEqual(['Stoel Nordic', 'Bank Harbour', 'Lamp Lumen', 'Tafel Atlas']));
    expect(screen.getByTestId('order-announcement')).toHaveTextContent('Lamp Lumen staat nu op plaats 3.');
  });

  it('shows the move at once, and puts the old order back with a message when the server refuses it', async () => {
    let release: (() => void) | undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    // The server answers only when the test says so, to see the optimistic order first.
    const { user } = openOrder(() => gate.then(() => apiError(500, 'INTERNAL')));
    await waitFor(() => expect(names()).toHaveLength(4));

    await user.click(screen.getByRole('button', { name: 'Stoel Nordic omlaag' }));
    // Optimistic: the list has changed before the server answered.
    await waitFor(() => expect(names()).toEqual(['Bank Harbour', 'Stoel Nordic', 'Tafel Atlas', 'Lamp Lumen']));

    release?.();
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Er ging iets mis bij het sorteren. De volgorde is hersteld.'));
    await waitFor(() => expect(names()).toEqual(['Stoel Nordic', 'Bank Harbour', 'Tafel Atlas', 'Lamp Lumen']));
    expect(screen.getByTestId('order-announcement')).toHaveTextContent(
      'Stoel Nordic kon niet worden verplaatst; de volgorde is hersteld.',
    );
  });

  it('says so when a category has no products yet', async () => {
    mockFetch((req) => {
      if (req.path === '/api/attributes/options') return json(200, { data: [] });
      if (req.path === '/api/products/order') return json(200, { data: { categoryId: 9, items: [] } });
      return undefined;
    });
    renderWithProviders(<ProductOrderPage />, { path: '/order', url: '/order?category=9' });
    expect(await screen.findByText('Geen producten in deze categorie')).toBeInTheDocument();
  });
});
