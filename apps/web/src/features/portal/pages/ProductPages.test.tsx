import type {
  ArchiveFile,
  PortalCompanyProductDetail,
  PortalOrderLineDetail,
  ProductFile,
} from '@app/shared/portal/portal-products';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearCookies, setXsrfCookie } from '../../../../test/cookies';
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

/** The same files as archive rows, with an order's final file and an approved drawing. */
const archiveSheet: ArchiveFile = {
  key: 'product:9:tearsheet:0',
  source: 'product',
  kind: 'tearsheet',
  item: { source: 'product', id: 9 },
  record: { id: 9, name: 'Hutkast Cabin Line' },
  project: { id: 4, name: 'MS Noordam' },
  fileName: 'hutkast-tearsheet.jpg',
  uploadedBy: null,
  date: '2026-03-02T10:00:00.000Z',
  size: 2048,
  url: '/api/client/company-products/9/tearsheet',
};
const archiveLink: ArchiveFile = {
  ...archiveSheet,
  key: 'product:9:download:1',
  kind: 'download',
  item: null,
  fileName: 'Onderhoudsadvies',
  date: null,
  size: null,
  url: 'https://example.com/care.pdf',
};
const archiveFinal: ArchiveFile = {
  key: 'order:31:final:55',
  source: 'order',
  kind: 'final',
  item: { source: 'order', id: 55 },
  record: { id: 31, name: 'Bartafel Aurora' },
  project: null,
  fileName: 'definitieve-tekening.pdf',
  uploadedBy: 'Sanne de Vries',
  date: '2026-03-04T10:00:00.000Z',
  size: 1_500_000,
  url: '/api/files/55',
};
const archiveDrawing: ArchiveFile = {
  key: 'drawing:12:approved:2',
  source: 'drawing',
  kind: 'approved',
  item: { source: 'drawing', id: 88 },
  record: { id: 12, name: 'Plattegrond dek 5' },
  project: { id: 4, name: 'MS Noordam' },
  fileName: 'plattegrond-v2.pdf',
  uploadedBy: 'Pieter Jansen',
  date: '2026-03-05T10:00:00.000Z',
  size: 300_000,
  url: '/api/files/77',
};

afterEach(() => {
  setActingAsHeader(null);
  clearCookies();
});

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
  const page = (rows: ArchiveFile[]) =>
    json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });

  it('lists the files of every source, searches on the server, and downloads a tearsheet with the Acting-As header', async () => {
    setActingAsHeader(7);
    const f = mockFetch((req) => {
      if (req.path === '/api/client/product-files') {
        return page(req.query.get('q') ? [archiveLink] : [archiveSheet, archiveLink, archiveFinal, archiveDrawing]);
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
    // Who uploaded it, or the catalogue for a tearsheet no person uploaded; the size in Dutch.
    expect(screen.getAllByText('Productcatalogus')[0]).toBeInTheDocument();
    expect(screen.getAllByText('Sanne de Vries')[0]).toBeInTheDocument();
    expect(screen.getAllByText('1,4 MB')[0]).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Hutkast Cabin Line' })[0]).toHaveAttribute('href', '/product-files/9');
    expect(screen.getAllByRole('link', { name: 'Bartafel Aurora' })[0]).toHaveAttribute('href', '/orders/31');
    expect(screen.getAllByRole('link', { name: 'Plattegrond dek 5' })[0]).toHaveAttribute('href', '/drawings/12');
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

  it('ticks stored files (not links) and downloads them as one ZIP', async () => {
    setActingAsHeader(7);
    setXsrfCookie('tok');
    const f = mockFetch((req) => {
      if (req.path === '/api/client/product-files') return page([archiveSheet, archiveLink, archiveFinal, archiveDrawing]);
      if (req.path === '/api/client/product-files/zip') {
        return new Response('PK', {
          status: 200,
          headers: {
            'Content-Type': 'application/zip',
            'Content-Disposition': 'attachment; filename="bestanden-2026-03-06.zip"',
          },
        });
      }
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<ProductFilesPage />, { path: '/product-files' });
    await screen.findByText('hutkast-tearsheet.jpg');
    expect(screen.getByRole('button', { name: 'Download als ZIP (0)' })).toBeDisabled();
    // A link has no bytes to zip: no checkbox.
    expect(screen.queryByRole('checkbox', { name: 'Selecteer Onderhoudsadvies' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Selecteer alle rijen op deze pagina' }));
    expect(screen.getByText('3 bestanden gekozen (blijven gekozen als je verder zoekt).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download als ZIP (3)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const sent = f.to('/api/client/product-files/zip')[0];
    expect(sent?.method).toBe('POST');
    expect(sent?.headers['Acting-As']).toBe('7');
    expect(sent?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect(sent?.body).toEqual({
      items: [
        { source: 'product', id: 9 },
        { source: 'order', id: 55 },
        { source: 'drawing', id: 88 },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Selectie wissen' }));
    expect(screen.getByRole('button', { name: 'Download als ZIP (0)' })).toBeDisabled();
    click.mockRestore();
  });

  it('filters by source in the URL and offers to clear a filter that found nothing', async () => {
    const f = mockFetch(() => page([]));
    const { user, router } = renderWithProviders(<ProductFilesPage />, { path: '/product-files' });
    expect(await screen.findByText('Nog geen bestanden')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bron' }), 'drawing');
    await waitFor(() => expect(router?.state.location.search).toBe('?source=drawing'));
    await waitFor(() => expect(f.to('/api/client/product-files').at(-1)?.query.get('source')).toBe('drawing'));
    expect(await screen.findByText('Er zijn (nog) geen bestanden van deze bron.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters wissen' }));
    await waitFor(() => expect(router?.state.location.search).toBe(''));
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
