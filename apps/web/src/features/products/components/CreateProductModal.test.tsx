import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { productDetail } from '../testing';
import { CreateProductModal } from './CreateProductModal';

const _notify = mockNotify();

function open() {
  const onClose = vi.fn();
  const f = mockFetch((req) => {
    if (req.path === '/api/products' && req.method === 'POST') {
      return json(201, { data: productDetail({ id: 88, nameNl: (req.body as { nameNl: string }).nameNl }) });
    }
    return undefined;
  });
  const view = renderWithProviders(<CreateProductModal opened onClose={onClose} />, { path: '/products' });
  return { ...view, f, onClose };
}

beforeEach(() => setXsrfCookie('tok'));

describe('CreateProductModal', () => {
  it('says the Dutch name is missing instead of sending an empty product', async () => {
    const { user, f } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw product' });
    await user.click(within(dialog).getByRole('button', { name: 'Product aanmaken' }));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/products', 'POST')).toHaveLength(0);
  });

  it('makes the product and opens its editor, without asking about unsaved changes', async () => {
    const { user, f, router, onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw product' });
    await user.type(within(dialog).getByLabelText(/Naam \(Nederlands\)/), 'Barkruk Haven');
    await user.click(within(dialog).getByRole('button', { name: 'Product aanmaken' }));
    await waitFor(() => expect(router?.state.location.pathname).toBe('/products/88'));
    expect(f.to('/api/products', 'POST')[0]?.body).toEqual({ nameNl: 'Barkruk Haven', nameEn: '' });
    expect(onClose).toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })).not.toBeInTheDocument();
  });

  it('asks before Escape throws a typed name away', async () => {
    const { user, onClose } = open();
    const dialog = await screen.findByRole('dialog', { name: 'Nieuw product' });
    await user.type(within(dialog).getByLabelText(/Naam \(Nederlands\)/), 'Barkruk');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(ask).getByRole('button', { name: 'Wijzigingen weggooien' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
