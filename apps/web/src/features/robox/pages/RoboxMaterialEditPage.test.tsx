import type { RoboxMaterial, RoboxMaterialUpdate } from '@app/shared/robox/robox';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { RoboxMaterialCreatePage, RoboxMaterialEditPage } from './RoboxMaterialEditPage';

const notify = mockNotify();

const material = (over: Partial<RoboxMaterial> = {}): RoboxMaterial => ({
  id: 4,
  name: 'MDF eikenfineer',
  code: 'MDF-EIK-18',
  categoryId: 2,
  categoryName: 'Plaatmateriaal',
  thicknessMm: 18,
  sheetLengthMm: 2800,
  sheetWidthMm: 2070,
  colourFinish: 'Eiken naturel',
  supplierId: 31,
  supplierName: 'Egger',
  articleId: null,
  articleSku: null,
  articleName: null,
  productsCount: 0,
  version: 6,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  updatedAt: '2026-01-05T09:00:00.000Z',
  ...over,
});

function openMaterial(o: { create?: boolean; onSave?: FetchHandler; loaded?: RoboxMaterial } = {}) {
  const f = mockFetch((req) => {
    if (req.path === '/api/robox/material-categories') {
      return json(200, {
        data: [{ id: 2, name: 'Plaatmateriaal', description: '', sortOrder: 1, materialsCount: 3, version: 1, updatedAt: '' }],
        meta: { current_page: 1, last_page: 1, per_page: 100, total: 1 },
      });
    }
    if (req.path === '/api/attributes/options') {
      return json(200, { data: [{ id: 31, kind: 'suppliers', nameNl: 'Egger', nameEn: '', typeGroupId: null }] });
    }
    if (req.path === '/api/robox/materials/4' && req.method === 'GET') return json(200, { data: o.loaded ?? material() });
    if (req.path === '/api/robox/materials/4' && req.method === 'PATCH') {
      return o.onSave?.(req) ?? json(200, { data: material({ ...(req.body as object), version: 7 }) });
    }
    if (req.path === '/api/robox/materials' && req.method === 'POST') {
      return o.onSave?.(req) ?? json(201, { data: material({ id: 12, ...(req.body as object) }) });
    }
    if (req.path === '/api/robox/materials/4' && req.method === 'DELETE') return noContent();
    return undefined;
  });
  const view = renderWithProviders(null, {
    url: o.create ? '/robox/materials/create' : '/robox/materials/4/edit',
    routes: [
      { path: '/robox/materials/create', element: <RoboxMaterialCreatePage /> },
      { path: '/robox/materials/:roboxMaterialId/edit', element: <RoboxMaterialEditPage /> },
      { path: '/robox/materials', element: <p data-testid="materials">list</p> },
    ],
  });
  return { ...view, f };
}

beforeEach(() => setXsrfCookie('tok'));

describe('RoboxMaterialEditPage', () => {
  it('saves every field with the version and numbers as numbers', async () => {
    const { user, f } = openMaterial();
    const thickness = await screen.findByLabelText('Dikte');
    await user.clear(thickness);
    await user.type(thickness, '19');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/robox/materials/4', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/robox/materials/4', 'PATCH')[0]?.body as RoboxMaterialUpdate).toEqual({
      name: 'MDF eikenfineer',
      code: 'MDF-EIK-18',
      categoryId: 2,
      thicknessMm: 19,
      sheetLengthMm: 2800,
      sheetWidthMm: 2070,
      colourFinish: 'Eiken naturel',
      supplierId: 31,
      articleId: null,
      version: 6,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Materiaal MDF eikenfineer is opgeslagen.'));
  });

  it('shows a code already in use on the code field', async () => {
    const { user } = openMaterial({
      create: true,
      onSave: () => apiError(400, 'VALIDATION_FAILED', { fieldErrors: { code: { code: 'code_taken' } } }),
    });
    await user.type(await screen.findByLabelText(/^Naam/), 'HPL wit');
    await user.type(screen.getByLabelText(/^Code/), 'HPL-W-08');
    await user.click(screen.getByRole('button', { name: 'Materiaal aanmaken' }));
    expect(await screen.findByText('Deze code is al in gebruik bij een ander materiaal.')).toBeInTheDocument();
  });

  it('checks the code format before sending', async () => {
    const { user, f } = openMaterial({ create: true });
    await user.type(await screen.findByLabelText(/^Naam/), 'HPL wit');
    await user.type(screen.getByLabelText(/^Code/), 'HPL wit 08');
    await user.click(screen.getByRole('button', { name: 'Materiaal aanmaken' }));
    expect(await screen.findByText('Gebruik alleen letters, cijfers en . _ / -')).toBeInTheDocument();
    expect(f.to('/api/robox/materials', 'POST')).toHaveLength(0);
  });

  it('shows the stale banner on 409', async () => {
    const { user } = openMaterial({ onSave: () => apiError(409, 'STALE_VERSION') });
    await user.type(await screen.findByLabelText(/Kleur/), ', geborsteld');
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const { user, f } = openMaterial();
    await user.click(await screen.findByRole('button', { name: 'Verwijderen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verwijderen' }));
    expect(await screen.findByTestId('materials')).toBeInTheDocument();
    expect(f.to('/api/robox/materials/4', 'DELETE')[0]?.url).toBe('/api/robox/materials/4?version=6');
  });

  it('offers no delete while the server says the material is in use, and says why with the count', async () => {
    openMaterial({
      loaded: material({
        productsCount: 3,
        abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'ROBOX_MATERIAL_IN_USE' } },
      }),
    });
    const remove = await screen.findByRole('button', { name: 'Verwijderen' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Gebruikt door 3 producten; haal het daar eerst weg.');
  });

  it("follows the server's verdict, not the count: unused but not allowed is not offered either", async () => {
    openMaterial({ loaded: material({ abilities: { canEdit: true, canDelete: false, reasons: { canDelete: 'FORBIDDEN' } } }) });
    const remove = await screen.findByRole('button', { name: 'Verwijderen' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription('Je hebt geen toestemming voor deze actie.');
  });

  it('creates with the button usable on an empty form, saying what is missing on the fields', async () => {
    const { user, f } = openMaterial({ create: true });
    const submit = await screen.findByRole('button', { name: 'Materiaal aanmaken' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    await waitFor(() => expect(screen.getByLabelText(/^Naam/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText(/^Code/)).toHaveAttribute('aria-invalid', 'true');
    expect(f.to('/api/robox/materials', 'POST')).toHaveLength(0);
  });
});
