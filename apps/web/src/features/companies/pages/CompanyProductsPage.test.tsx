import type { CompanyProduct, CompanyProductInput, CompanyProductUpdate } from '@app/shared/companies/company-products';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyProductsPage } from './CompanyProductsPage';

const notify = mockNotify();

const assigned = (over: Partial<CompanyProduct> = {}): CompanyProduct => ({
  id: 31,
  product: { id: 5, name: 'Loungestoel Aria', code: 'LS-ARIA', thumbUrl: null },
  typeName: null,
  project: { id: 2, name: 'MS Noordam refit 2027' },
  orderLineId: 88,
  reference: 'NSC-001',
  notes: '',
  version: 3,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

const OPTIONS = [
  { id: 5, name: 'Loungestoel Aria', code: 'LS-ARIA', typeName: 'Stoelen' },
  { id: 6, name: 'Bedbank Nova', code: 'BB-NOVA', typeName: null },
];

interface Options {
  rows?: CompanyProduct[];
  onAssign?: (body: CompanyProductInput) => Response;
  onUpdate?: (body: CompanyProductUpdate) => Response;
}

function openProducts(o: Options = {}) {
  const rows = o.rows ?? [assigned()];
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/7' && req.method === 'GET') return json(200, { data: company() });
    if (req.path === '/api/companies/7/products' && req.method === 'GET') {
      return json(200, { data: rows, meta: { current_page: 1, last_page: 1, per_page: 25, total: rows.length } });
    }
    if (req.path === '/api/companies/7/products' && req.method === 'POST') {
      return o.onAssign?.(req.body as CompanyProductInput) ?? json(201, { data: assigned({ id: 40 }) });
    }
    if (req.path === '/api/companies/7/products/31' && req.method === 'PUT') {
      return o.onUpdate?.(req.body as CompanyProductUpdate) ?? json(200, { data: assigned({ version: 4 }) });
    }
    if (req.path === '/api/companies/7/products/31' && req.method === 'DELETE') return noContent();
    if (req.path === '/api/companies/7/product-options') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      return json(200, { data: OPTIONS.filter((p) => p.name.toLowerCase().includes(q) || p.code.toLowerCase().includes(q)) });
    }
    if (req.path === '/api/companies/7/permissions') {
      return json(200, {
        data: [
          {
            projectId: 2,
            projectName: 'MS Noordam refit 2027',
            projectStatus: 'active',
            allAreas: true,
            areaIds: [],
            version: 1,
          },
        ],
      });
    }
    if (req.path === '/api/breadcrumbs/slugs') return json(200, { data: { slugs: {} } });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['companies.manage']);
  const view = renderWithProviders(null, {
    url: '/companies/7/products',
    queryClient,
    routes: [{ path: '/companies/:companyId/products', element: <CompanyProductsPage /> }],
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
  vi.clearAllMocks();
});

describe('CompanyProductsPage', () => {
  it("lists the company's products with code, type ('Onbekend' when none), project and reference", async () => {
    openProducts();
    const table = await screen.findByRole('table', { name: 'Producten van dit bedrijf' });
    const row = await within(table).findByRole('row', { name: /Loungestoel Aria/ });
    expect(within(row).getByText('LS-ARIA')).toBeInTheDocument();
    expect(within(row).getByText('Onbekend')).toBeInTheDocument();
    expect(within(row).getByText('MS Noordam refit 2027')).toBeInTheDocument();
    expect(within(row).getByText('NSC-001')).toBeInTheDocument();
  });

  it("shows the server's duplicate error on the product and keeps the dialog open", async () => {
    const { user, f } = openProducts({
      onAssign: () => apiError(400, 'VALIDATION_FAILED', { fieldErrors: { productId: { code: 'duplicate' } } }),
    });
    await user.click(await screen.findByRole('button', { name: 'Product toewijzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product toewijzen' });
    await user.type(within(dialog).getByRole('combobox', { name: /^Product/ }), 'aria');
    // The search goes to the server (debounced): only what it found is offered.
    await waitFor(() => expect(f.to('/api/companies/7/product-options').map((r) => r.query.get('q'))).toContain('aria'));
    await waitFor(() => expect(screen.queryByRole('option', { name: /Bedbank Nova/ })).not.toBeInTheDocument());
    await user.click(await screen.findByRole('option', { name: /Loungestoel Aria · LS-ARIA/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /^Project/ }));
    await user.click(await screen.findByRole('option', { name: 'MS Noordam refit 2027' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Referentie van het bedrijf' }), ' NSC-002 ');
    await user.click(within(dialog).getByRole('button', { name: 'Toewijzen' }));

    await waitFor(() => expect(f.to('/api/companies/7/products', 'POST')).toHaveLength(1));
    expect(f.to('/api/companies/7/products', 'POST')[0]?.body).toEqual({
      productId: 5,
      projectId: 2,
      orderLineId: null,
      reference: 'NSC-002',
      notes: '',
    });
    expect(
      await within(dialog).findByText('Dit product is al aan dit bedrijf toegewezen (voor dit project).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /^Product/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Product toewijzen' })).toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('asks for a product before sending anything', async () => {
    const { user, f } = openProducts();
    await user.click(await screen.findByRole('button', { name: 'Product toewijzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Product toewijzen' });
    await user.click(within(dialog).getByRole('button', { name: 'Toewijzen' }));
    expect(await within(dialog).findByText('Kies een product.')).toBeInTheDocument();
    expect(f.to('/api/companies/7/products', 'POST')).toHaveLength(0);
  });

  it('edits an assignment with its version and keeps its order line while the project stays', async () => {
    const { user, f } = openProducts();
    await user.click(await screen.findByRole('button', { name: 'Loungestoel Aria bewerken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Loungestoel Aria bewerken' });
    const reference = within(dialog).getByRole('textbox', { name: 'Referentie van het bedrijf' });
    expect(reference).toHaveValue('NSC-001');
    await user.clear(reference);
    await user.type(reference, 'NSC-101');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/companies/7/products/31', 'PUT')).toHaveLength(1));
    expect(f.to('/api/companies/7/products/31', 'PUT')[0]?.body).toEqual({
      productId: 5,
      projectId: 2,
      orderLineId: 88,
      reference: 'NSC-101',
      notes: '',
      version: 3,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Loungestoel Aria is opgeslagen.'));
  });

  it('removes a product after a question, with its version', async () => {
    const { user, f } = openProducts();
    await user.click(await screen.findByRole('button', { name: 'Loungestoel Aria weghalen bij dit bedrijf' }));
    const question = await screen.findByRole('dialog', { name: 'Product weghalen?' });
    await user.click(within(question).getByRole('button', { name: 'Weghalen' }));
    await waitFor(() => expect(f.to('/api/companies/7/products/31', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/companies/7/products/31', 'DELETE')[0]?.query.get('version')).toBe('3');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Loungestoel Aria is weggehaald bij dit bedrijf.'));
  });
});
