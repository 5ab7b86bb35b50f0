import type { PortalCompanyProductDetail, PortalOrderLineDetail, ProductFile } from '@app/shared/portal/portal-products';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { renderWithProviders } from '../../../../test/render';
import { setActingAsHeader } from '../../../lib/api';
import { PortalCompanyProductPage } from './PortalCompanyProductPage';
import { PortalOrderLinePage } from './PortalOrderLinePage';
import { ProductFilesPage } from './ProductFilesPage';

const line: PortalOrderLineDetail = {
  id: 77,
  kind: 'product',
  item: { id: 3, name: 'Hutkast Cabin Line', code: 'HK-100', thumbUrl: null },
  quantity: 2.5,
  project: { id: 4, name: 'MS Noordam' },
  area: { id: 12, number: '5001', name: 'Hut' },
  task: { id: 20, name: 'Meubilair plaatsen' },
  subtask: { id: 30, name: 'Hutkast monteren' },
  companyProduct: { id: 9, reference: 'NSC-001', notes: 'Voor hut 5001' },
};

const sheet: ProductFile = {
  key: '9:tearsheet:0',
  companyProductId: 9,
  productName: 'Hutkast Cabin Line',
  project: { id: 4, name: 'MS Noordam' },
  kind: 'tearsheet',
  fileName: 'hutkast-tearsheet.jpg',
  uploadedBy: 'Sanne de Vries',
  date: '2026-03-02T10:00:00.000Z',
  url: '/api/client/company-products/9/tearsheet',
};
const link: ProductFile = {
  ...sheet,
  key: '9:download:1',
  kind: 'download',
  fileName: 'Onderhoudsadvies',
  uploadedBy: null,
  date: null,
  url: 'https://example.com/care.pdf',
};

afterEach(() => setActingAsHeader(null));

describe('PortalOrderLinePage', () => {
  it('shows the item and links to where it sits and to the company’s product', async () => {
    mockFetch((req) => (req.path === '/api/client/projects/4/orderlines/77' ? json(200, { data: line }) : undefined));
    renderWithProviders(<PortalOrderLinePage />, {
      path: '/company-products/:projectId/:orderlineId',
      url: '/company-products/4/77',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hutkast Cabin Line' })).toBeInTheDocument();
    expect(screen.getByText('2,5')).toBeInTheDocument();
    const where = screen.getByRole('region', { name: 'Waar' });
    expect(within(where).getByRole('link', { name: 'MS Noordam' })).toHaveAttribute('href', '/project/4');
    expect(within(where).getByRole('link', { name: '5001 · Hut' })).toHaveAttribute('href', '/project/4/areas/12');
    expect(within(where).getByRole('link', { name: 'Meubilair plaatsen' })).toHaveAttribute('href', '/task/20');
    expect(within(where).getByRole('link', { name: 'Hutkast monteren' })).toHaveAttribute('href', '/task/20/subtask/30');
    const yours = screen.getByRole('region', { name: 'Jullie product' });
    expect(yours).toHaveTextContent('NSC-001');
    expect(within(yours).getByRole('link', { name: 'Product en bestanden bekijken' })).toHaveAttribute(
      'href',
      '/product-files/9',
    );
  });

  it('says so when the line is not found', async () => {
    mockFetch(() => apiError(404, 'NOT_FOUND'));
    renderWithProviders(<PortalOrderLinePage />, {
      path: '/company-products/:projectId/:orderlineId',
      url: '/company-products/4/78',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Niet gevonden.');
  });
});

describe('ProductFilesPage', () => {
  it('lists the files, searches on the server, and downloads a tearsheet with the Acting-As header', async () => {
    setActingAsHeader(7);
    const f = mockFetch((req) => {
      if (req.path === '/api/client/product-files') {
        const rows = req.query.get('q') ? [link] : [sheet, link];
        return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
      }
      if (req.path === '/api/client/company-products/9/tearsheet') {
        return new Response('x', {
          status: 200,
          headers: { 'Content-Type': 'image/jpeg', 'Content-Disposition': 'attachment; filename="hutkast-tearsheet.jpg"' },
        });
      }
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, router } = renderWithProviders(<ProductFilesPage />, { path: '/product-files' });
    expect(await screen.findByText('hutkast-tearsheet.jpg')).toBeInTheDocument();
    expect(screen.getAllByText('Sanne de Vries')[0]).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Hutkast Cabin Line' })[0]).toHaveAttribute('href', '/product-files/9');
    expect(screen.getByRole('link', { name: 'Onderhoudsadvies openen (nieuw tabblad)' })).toHaveAttribute(
      'href',
      'https://example.com/care.pdf',
    );

    await user.click(screen.getByRole('button', { name: 'hutkast-tearsheet.jpg downloaden' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(f.to('/api/client/company-products/9/tearsheet')[0]?.headers['Acting-As']).toBe('7');

    await user.type(screen.getByRole('searchbox', { name: 'Zoeken' }), 'onder');
    await waitFor(() => expect(router?.state.location.search).toBe('?q=onder'));
    await waitFor(() => expect(screen.queryByText('hutkast-tearsheet.jpg')).not.toBeInTheDocument());
    click.mockRestore();
  });

  it('says when there are no files yet', async () => {
    mockFetch(() => json(200, { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, total: 0 } }));
    renderWithProviders(<ProductFilesPage />, { path: '/product-files' });
    expect(await screen.findByText('Nog geen bestanden')).toBeInTheDocument();
  });
});

describe('PortalCompanyProductPage', () => {
  it('shows the product with its images, description, the company’s details and its files', async () => {
    const detail: PortalCompanyProductDetail = {
      id: 9,
      product: { id: 3, name: 'Hutkast Cabin Line', description: 'Eerste alinea.\n\nTweede alinea.', code: 'HK-100' },
      typeName: 'Kast',
      images: [
        { id: 1, thumbUrl: '/api/media/1/thumb', largeUrl: '/api/media/1/large' },
        { id: 2, thumbUrl: '/api/media/2/thumb', largeUrl: '/api/media/2/large' },
      ],
      project: { id: 4, name: 'MS Noordam' },
      orderLineId: 77,
      reference: 'NSC-001',
      notes: '',
      files: [sheet, link],
    };
    mockFetch((req) => (req.path === '/api/client/company-products/9' ? json(200, { data: detail }) : undefined));
    const { user } = renderWithProviders(<PortalCompanyProductPage />, {
      path: '/product-files/:companyProductId',
      url: '/product-files/9',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hutkast Cabin Line' })).toBeInTheDocument();
    expect(screen.getByText('Eerste alinea.')).toBeInTheDocument();
    expect(screen.getByText('Tweede alinea.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Hutkast Cabin Line, afbeelding 1 van 2' })).toHaveAttribute(
      'src',
      '/api/media/1/large',
    );
    await user.click(screen.getByRole('button', { name: 'Afbeelding 2 tonen' }));
    expect(screen.getByRole('img', { name: 'Hutkast Cabin Line, afbeelding 2 van 2' })).toHaveAttribute(
      'src',
      '/api/media/2/large',
    );
    expect(screen.getByRole('link', { name: 'Orderregel bekijken' })).toHaveAttribute('href', '/company-products/4/77');
    const files = screen.getByRole('region', { name: 'Bestanden (2)' });
    expect(within(files).getByRole('button', { name: 'hutkast-tearsheet.jpg downloaden' })).toBeInTheDocument();
  });
});
