import { parseBulkAreas } from '@app/shared/projects/projects.rules';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, type FetchHandler, json, mockFetch } from '../../../../test/fetch';
import { i18n } from '../../../../test/i18n';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { areaList } from './area-fixtures';
import { BulkAreasModal, type BulkTarget, bulkPreview, bulkResultMessage } from './BulkAreasModal';

const notify = mockNotify();

beforeEach(() => setXsrfCookie('tok'));

function openBulk(target: BulkTarget = { kind: 'area', parentId: 2 }, onSave?: FetchHandler) {
  const onClose = vi.fn();
  const f = mockFetch((req) => {
    if (req.path === '/api/projects/3/areas' && req.method === 'GET') return json(200, { data: areaList() });
    if (req.path === '/api/projects/3/areas/bulk' && req.method === 'POST') {
      return onSave?.(req) ?? json(201, { data: { created: 117, skipped: ['5001', '5002', '5003'] } });
    }
    return undefined;
  });
  const view = renderWithProviders(<BulkAreasModal projectId={3} target={target} onClose={onClose} />, { path: '/' });
  return { ...view, f, onClose };
}

describe('BulkAreasModal', () => {
  it('previews a range as it is typed: how many, the first and the last', async () => {
    const { user } = openBulk();
    const text = await screen.findByLabelText(/^Nummers en namen/);
    expect(screen.getByTestId('bulk-preview')).toHaveTextContent('Typ een reeks of een lijst');
    await user.type(text, 'Hut 5001-5120');
    expect(screen.getByTestId('bulk-preview')).toHaveTextContent('120 ruimtes: Hut 5001 … Hut 5120');
    expect(screen.getByRole('button', { name: '120 ruimtes toevoegen' })).toBeInTheDocument();
    await user.type(text, '{Enter}A01-A03');
    expect(screen.getByTestId('bulk-preview')).toHaveTextContent('123 ruimtes: Hut 5001 … A03');
  });

  it('says which line is wrong and why, in words, and sends nothing', async () => {
    const { user, f } = openBulk();
    const text = await screen.findByLabelText(/^Nummers en namen/);
    await user.type(text, 'Hut 5001-5003{Enter}Hut 5120-5001');
    expect(screen.getByTestId('bulk-preview')).toHaveTextContent(
      'Regel 2: deze reeks klopt niet. Schrijf het laagste nummer eerst',
    );
    await user.click(screen.getByRole('button', { name: 'Ruimtes toevoegen' }));
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(f.to('/api/projects/3/areas/bulk', 'POST')).toHaveLength(0);
  });

  it('sends the text with the deck and the type, then says how many were added and which were skipped', async () => {
    const { user, f, onClose } = openBulk();
    await user.type(await screen.findByLabelText(/^Nummers en namen/), 'Hut 5001-5120');
    await user.type(screen.getByRole('combobox', { name: /^Type ruimte/ }), 'Hut');
    await user.click(screen.getByRole('button', { name: '120 ruimtes toevoegen' }));
    await waitFor(() => expect(f.to('/api/projects/3/areas/bulk', 'POST')).toHaveLength(1));
    expect(f.to('/api/projects/3/areas/bulk', 'POST')[0]?.body).toEqual({
      kind: 'area',
      parentId: 2,
      areaType: 'Hut',
      text: 'Hut 5001-5120',
    });
    await waitFor(() =>
      expect(notify.success).toHaveBeenCalledWith('117 ruimtes toegevoegd, 3 overgeslagen (bestonden al): 5001, 5002, 5003'),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the server's line error on the text field", async () => {
    const { user } = openBulk({ kind: 'subarea', parentId: 11, parentName: 'Hut 5001' }, () =>
      apiError(400, 'VALIDATION_FAILED', { fieldErrors: { text: { code: 'duplicate_number', params: { line: 3 } } } }),
    );
    expect(await screen.findByText('Subruimtes toevoegen aan Hut 5001')).toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Nummers en namen/), 'Badkamer');
    await user.click(screen.getByRole('button', { name: '1 subruimte toevoegen' }));
    expect(await screen.findByText('Regel 3: dit nummer staat er al eerder in.')).toBeInTheDocument();
  });
});

describe('bulk texts', () => {
  const t = i18n.getFixedT('nl');
  it('names one, many and a too large range', () => {
    expect(bulkPreview(t, 'deck', parseBulkAreas('Dek 5')).text).toBe('1 dek: Dek 5');
    expect(bulkPreview(t, 'area', parseBulkAreas('A01-A12')).text).toBe('12 ruimtes: A01 … A12');
    expect(bulkPreview(t, 'area', parseBulkAreas('Hut 1-501'))).toEqual({
      ok: false,
      text: 'Regel 1: dit worden meer dan 500 tegelijk. Splits de lijst en voeg ze in delen toe.',
    });
  });

  it('names at most ten skipped numbers', () => {
    const skipped = Array.from({ length: 13 }, (_, i) => String(5001 + i));
    expect(bulkResultMessage(t, 'area', { created: 0, skipped })).toBe(
      '0 ruimtes toegevoegd, 13 overgeslagen (bestonden al): 5001, 5002, 5003, 5004, 5005, 5006, 5007, 5008, 5009, 5010 en nog 3',
    );
    expect(bulkResultMessage(t, 'subarea', { created: 1, skipped: [] })).toBe('1 subruimte toegevoegd');
  });
});
