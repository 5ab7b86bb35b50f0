import type { BulkRun } from '@app/shared/bulk/bulk';
import type { PageMeta } from '@app/shared/platform/http';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../test/cookies';
import { json, mockFetch } from '../../../test/fetch';
import { mockNotify } from '../../../test/notify';
import { renderWithProviders } from '../../../test/render';
import { DataTable } from '../DataTable';
import { BulkBar } from './BulkBar';
import { useSelection } from './useSelection';

const _notify = mockNotify();

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: 'Stoel Oslo' },
  { id: 2, name: 'Tafel Bergen' },
];
const meta: PageMeta = { current_page: 1, last_page: 3, per_page: 2, total: 6 };

const run = (over: Partial<BulkRun> = {}): BulkRun => ({
  id: 9,
  action: 'products.publish',
  status: 'done',
  total: 2,
  done: 2,
  changed: 1,
  skipped: [],
  createdAt: '2026-11-21T09:00:00.000Z',
  finishedAt: '2026-11-21T09:00:01.000Z',
  ...over,
});

function List({ onDone }: { onDone: () => void }) {
  const selection = useSelection('published=no');
  return (
    <>
      <DataTable<Row>
        caption="Producten"
        columns={[{ key: 'name', header: 'Naam', render: (r) => r.name }]}
        rows={rows}
        meta={meta}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        isLoading={false}
        empty={null}
        selection={selection}
      />
      <BulkBar
        selection={selection}
        total={meta.total}
        pageIds={rows.map((r) => r.id)}
        query={{ published: 'no', page: 2, q: '' }}
        actions={[{ key: 'publish', label: 'Publiceren', path: '/api/products/bulk/publish' }]}
        onDone={onDone}
      />
    </>
  );
}

describe('BulkBar with the DataTable selection', () => {
  beforeEach(() => setXsrfCookie('t0ken'));

  it('sends the ticked rows, then tells what changed and what was skipped and why', async () => {
    const api = mockFetch((req) =>
      req.path === '/api/products/bulk/publish'
        ? json(200, { data: run({ skipped: [{ id: 2, label: 'Tafel Bergen', code: 'PRODUCT_NOT_FOUND' }] }) })
        : undefined,
    );
    const onDone = vi.fn();
    const { user } = renderWithProviders(<List onDone={onDone} />);
    expect(screen.queryByTestId('bulk-bar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Selecteer Stoel Oslo' }));
    await user.click(screen.getByRole('checkbox', { name: 'Selecteer Tafel Bergen' }));
    const bar = await screen.findByTestId('bulk-bar');
    expect(within(bar).getByText('2 geselecteerd')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Publiceren' }));
    const result = await screen.findByTestId('bulk-result');
    expect(api.to('/api/products/bulk/publish', 'POST')[0]?.body).toEqual({ selection: { ids: [1, 2] }, params: {} });
    expect(within(result).getByText('1 rij gewijzigd.')).toBeInTheDocument();
    expect(within(result).getByText('Tafel Bergen')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledTimes(1);
    // The selection is cleared once the action ran.
    expect(screen.getByRole('checkbox', { name: 'Selecteer Stoel Oslo' })).not.toBeChecked();
  });

  it('offers all rows matching the filter once the page is ticked, and sends the list query instead of ids', async () => {
    const api = mockFetch((req) => {
      if (req.path === '/api/products/bulk/publish')
        return json(202, { data: run({ status: 'running', total: 6, done: 0, changed: 0 }) });
      if (req.path === '/api/bulk-runs/9') return json(200, { data: run({ total: 6, done: 6, changed: 6 }) });
      return undefined;
    });
    const onDone = vi.fn();
    const { user } = renderWithProviders(<List onDone={onDone} />);
    await user.click(screen.getByRole('checkbox', { name: 'Selecteer alle rijen op deze pagina' }));
    const bar = await screen.findByTestId('bulk-bar');
    await user.click(within(bar).getByRole('button', { name: 'Selecteer alle 6 die aan het filter voldoen' }));
    expect(within(bar).getByText('Alle 6 die aan het filter voldoen geselecteerd')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Publiceren' }));
    expect(await screen.findByText('6 rijen gewijzigd.', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(api.to('/api/bulk-runs/9', 'GET').length).toBeGreaterThan(0);
    expect(api.to('/api/products/bulk/publish', 'POST')[0]?.body).toEqual({
      selection: { all: true, query: { published: 'no' } },
      params: {},
    });
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
