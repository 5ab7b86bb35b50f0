import type { PageMeta } from '@app/shared/platform/http';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../lib/api';
import { type Column, DataTable } from './DataTable';

interface Row {
  id: number;
  name: string;
  users: number;
}

const columns: Column<Row>[] = [
  { key: 'name', header: 'Naam', sortKey: 'name', render: (r) => r.name },
  { key: 'users', header: 'Medewerkers', sortKey: 'users', render: (r) => r.users },
  { key: 'note', header: 'Notitie', render: () => '-' },
];

const rows: Row[] = [
  { id: 1, name: 'Beheerders', users: 2 },
  { id: 2, name: 'Planners', users: 0 },
];

const meta = (over: Partial<PageMeta> = {}): PageMeta => ({ current_page: 1, last_page: 1, per_page: 25, total: 2, ...over });

type Props = Partial<Parameters<typeof DataTable<Row>>[0]>;

function renderTable(props: Props = {}) {
  return renderWithProviders(
    <DataTable<Row>
      caption="Rollen"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      isLoading={false}
      empty={<p>Nog geen rollen</p>}
      {...props}
    />,
  );
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('renders one row per item with every column', () => {
    renderTable();
    expect(bodyRows()).toHaveLength(2);
    expect(
      within(bodyRows()[0] as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Beheerders', '2', '-']);
    expect(screen.getByRole('table', { name: 'Rollen' })).toBeInTheDocument();
  });

  it('shows skeleton rows while loading without rows, and marks the table busy', () => {
    const { container } = renderTable({ rows: undefined, isLoading: true });
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(bodyRows()).toHaveLength(5);
    expect(container.querySelectorAll('.mantine-Skeleton-root')).toHaveLength(5 * columns.length);
    expect(screen.queryByText('Nog geen rollen')).not.toBeInTheDocument();
  });

  it('keeps showing the previous rows while a next page loads', () => {
    renderTable({ isLoading: true });
    expect(screen.getByText('Planners')).toBeInTheDocument();
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  });

  it('shows the empty state when rows = []', () => {
    renderTable({ rows: [] });
    expect(screen.getByText('Nog geen rollen')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(0);
  });

  it('does not show the empty state when there are rows', () => {
    renderTable();
    expect(screen.queryByText('Nog geen rollen')).not.toBeInTheDocument();
  });

  it('shows the error state with the translated message and a working retry button', async () => {
    const onRetry = vi.fn();
    const { user } = renderTable({ rows: undefined, error: new ApiError(403, { code: 'FORBIDDEN' }), onRetry });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Er ging iets mis');
    expect(alert).toHaveTextContent('Je hebt geen toestemming voor deze actie.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers sort buttons only on sortable columns', () => {
    renderTable({ sort: 'name', onSort: vi.fn() });
    expect(screen.getByRole('button', { name: 'Sorteren op Naam' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sorteren op Medewerkers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sorteren op Notitie' })).not.toBeInTheDocument();
  });

  it('sorts: a click calls onSort with the key, the next click with -key, and aria-sort follows', async () => {
    const onSort = vi.fn();
    function Sorted() {
      const [sort, setSort] = useState('users');
      return (
        <DataTable<Row>
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          isLoading={false}
          empty={null}
          sort={sort}
          onSort={(s) => {
            onSort(s);
            setSort(s);
          }}
        />
      );
    }
    const { user } = renderWithProviders(<Sorted />);
    const sortButton = (column: string) => screen.getByRole('button', { name: `Sorteren op ${column}` });
    const th = (column: string) => sortButton(column).closest('th');
    const header = () => th('Naam');
    expect(header()).not.toHaveAttribute('aria-sort');
    expect(th('Medewerkers')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(sortButton('Naam'));
    expect(onSort).toHaveBeenLastCalledWith('name');
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    expect(th('Medewerkers')).not.toHaveAttribute('aria-sort');

    await user.click(sortButton('Naam'));
    expect(onSort).toHaveBeenLastCalledWith('-name');
    expect(header()).toHaveAttribute('aria-sort', 'descending');

    await user.click(sortButton('Naam'));
    expect(onSort).toHaveBeenLastCalledWith('name');
    expect(onSort).toHaveBeenCalledTimes(3);
  });

  it('shows no pagination for a single page', () => {
    renderTable({ meta: meta({ last_page: 1 }), onPage: vi.fn() });
    expect(screen.queryByRole('button', { name: 'Volgende pagina' })).not.toBeInTheDocument();
    expect(screen.queryByText('2 resultaten')).not.toBeInTheDocument();
  });

  it('shows pagination when last_page > 1, with the total, and calls onPage', async () => {
    const onPage = vi.fn();
    const { user } = renderTable({ meta: meta({ current_page: 2, last_page: 3, total: 60 }), onPage });
    expect(screen.getByText('60 resultaten')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Volgende pagina' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    await user.click(screen.getByRole('button', { name: 'Vorige pagina' }));
    expect(onPage).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    expect(onPage).toHaveBeenCalledTimes(3);
  });
});
