import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../lib/api';
import { ErrorState } from './States';

const page = (error: unknown, onRetry?: () => void) =>
  renderWithProviders(<ErrorState error={error} onRetry={onRetry} />, { path: '/products/:productId', url: '/products/7' });

describe('ErrorState', () => {
  it('a 404 says what was not found and offers the home page, not a retry', async () => {
    page(new ApiError(404, { code: 'PRODUCT_NOT_FOUND' }), vi.fn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Product niet gevonden.');
    expect(screen.getByText('Deze pagina bestaat niet (meer), of je hebt er geen toegang toe.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });

  it('a malformed id in the address (400 on params) reads as a page that does not exist', async () => {
    page(new ApiError(400, { code: 'VALIDATION_FAILED', fieldErrors: { 'params.productId': { code: 'invalid' } } }), vi.fn());
    expect(await screen.findByRole('alert')).toHaveTextContent('Pagina niet gevonden');
    expect(screen.queryByText(/gemarkeerde velden/)).not.toBeInTheDocument();
  });

  it('a 403 says "Geen toegang", not the not-found words, and offers no retry', async () => {
    page(new ApiError(403, { code: 'FORBIDDEN' }), vi.fn());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Geen toegang');
    expect(alert).not.toHaveTextContent('bestaat niet');
    expect(screen.queryByRole('button', { name: 'Opnieuw proberen' })).not.toBeInTheDocument();
  });

  it('any other failure keeps its message and the retry', async () => {
    const retry = vi.fn();
    const { user } = page(new ApiError(500, { code: 'INTERNAL' }), retry);
    expect(await screen.findByRole('alert')).toHaveTextContent('Er ging iets mis');
    await user.click(screen.getByRole('button', { name: 'Opnieuw proberen' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});
