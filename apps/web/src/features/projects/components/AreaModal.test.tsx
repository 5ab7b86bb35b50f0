import type { AreaInput, AreaUpdate } from '@app/shared/projects/areas';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { AreaModal, type NewArea } from './AreaModal';
import { area, areaList } from './area-fixtures';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

function openModal(editing: number | NewArea, o: { onSave?: FetchHandler; kinds?: ('deck' | 'area' | 'subarea')[] } = {}) {
  const onClose = vi.fn();
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3/areas' && req.method === 'GET') return json(200, { data: areaList() });
    if (req.path === '/api/projects/3/areas' && req.method === 'POST') {
      return o.onSave?.(req) ?? json(201, { data: area({ id: 90, ...(req.body as object) }) });
    }
    if (req.path === '/api/projects/3/areas/11' && req.method === 'GET') return json(200, { data: area() });
    if (req.path === '/api/projects/3/areas/11' && req.method === 'PATCH') {
      return o.onSave?.(req) ?? json(200, { data: area({ ...(req.body as object), version: 5 }) });
    }
    return undefined;
  });
  const view = renderWithProviders(<AreaModal projectId={3} editing={editing} kinds={o.kinds} onClose={onClose} />, {
    path: '/',
  });
  return { ...view, f, onClose };
}

describe('AreaModal', () => {
  it('asks for a name before sending anything', async () => {
    const { user, f } = openModal({ kind: 'area', parentId: null });
    const dialog = await screen.findByRole('dialog', { name: 'Ruimte toevoegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ruimte toevoegen' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Naam/)).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('Dit veld is verplicht.')).toBeInTheDocument();
    expect(f.to('/api/projects/3/areas', 'POST')).toHaveLength(0);
  });

  it('creates an area on a deck with number, name and type', async () => {
    const { user, f, onClose } = openModal({ kind: 'area', parentId: 2 });
    const dialog = await screen.findByRole('dialog', { name: 'Ruimte toevoegen' });
    await user.type(within(dialog).getByLabelText(/^Nummer/), ' 5003 ');
    await user.type(within(dialog).getByLabelText(/^Naam/), 'Hut 5003');
    await user.type(within(dialog).getByRole('combobox', { name: /^Type ruimte/ }), 'Hut');
    await user.click(within(dialog).getByRole('button', { name: 'Ruimte toevoegen' }));
    await waitFor(() => expect(f.to('/api/projects/3/areas', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/3/areas', 'POST')[0]?.body as AreaInput).toEqual({
      kind: 'area',
      parentId: 2,
      number: '5003',
      name: 'Hut 5003',
      areaType: 'Hut',
      thumbnailMediaId: null,
      planMediaId: null,
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Ruimte Hut 5003 is toegevoegd.'));
    expect(onClose).toHaveBeenCalled();
  });

  it('puts a number already in use on the number field', async () => {
    const { user } = openModal(
      { kind: 'area', parentId: null },
      { onSave: () => apiError(400, 'VALIDATION_FAILED', { fieldErrors: { number: { code: 'number_taken' } } }) },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ruimte toevoegen' });
    await user.type(within(dialog).getByLabelText(/^Nummer/), '5001');
    await user.type(within(dialog).getByLabelText(/^Naam/), 'Hut 5001');
    await user.click(within(dialog).getByRole('button', { name: 'Ruimte toevoegen' }));
    expect(await within(dialog).findByText('Dit nummer is al in gebruik in dit project.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Nummer/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the area of a sub-area', async () => {
    const { user, f } = openModal({ kind: 'subarea', parentId: null }, { kinds: ['subarea'] });
    const dialog = await screen.findByRole('dialog', { name: 'Subruimte toevoegen' });
    await user.type(within(dialog).getByLabelText(/^Naam/), 'Badkamer');
    await user.click(within(dialog).getByRole('button', { name: 'Subruimte toevoegen' }));
    expect(await within(dialog).findByText('Kies de ruimte waar deze subruimte bij hoort.')).toBeInTheDocument();
    expect(f.to('/api/projects/3/areas', 'POST')).toHaveLength(0);
  });

  it('switches to a deck, which has no parent', async () => {
    const { user } = openModal({ kind: 'area', parentId: 2 });
    const dialog = await screen.findByRole('dialog', { name: 'Ruimte toevoegen' });
    expect(within(dialog).getByRole('combobox', { name: 'Dek' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Dek' }));
    expect(await screen.findByRole('dialog', { name: 'Dek toevoegen' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Dek' })).not.toBeInTheDocument();
  });

  it('edits an area with the version it was based on', async () => {
    const { user, f } = openModal(11);
    const dialog = await screen.findByRole('dialog', { name: 'Hut 5001 bewerken' });
    const name = await within(dialog).findByLabelText(/^Naam/);
    await user.clear(name);
    await user.type(name, 'Hut 5001 (suite)');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/projects/3/areas/11', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/projects/3/areas/11', 'PATCH')[0]?.body as AreaUpdate).toEqual({
      parentId: 2,
      number: '5001',
      name: 'Hut 5001 (suite)',
      areaType: 'Hut',
      thumbnailMediaId: null,
      planMediaId: null,
      version: 4,
    });
  });
});
