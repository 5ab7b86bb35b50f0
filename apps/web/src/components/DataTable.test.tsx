import type { PageMeta } from '@app/shared/platform/http';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mediaQueryList } from '../../test/media-query';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../lib/api';
import { CARDS_QUERY, type Column, cardPlaces, DataTable } from './DataTable';

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
    const { user } = renderTable({ rows: undefined, error: new ApiError(429, { code: 'RATE_LIMITED' }), onRetry });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Er ging iets mis');
    expect(alert).toHaveTextContent('Te veel verzoeken. Wacht even en probeer het opnieuw.');
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

  it('pins a last actions column, so its buttons stay in view when the table scrolls sideways', () => {
    renderTable({
      columns: [...columns, { key: 'actions', header: 'Acties', render: (r) => <button type="button">Bewerk {r.name}</button> }],
    });
    const cell = screen.getByRole('button', { name: 'Bewerk Planners' }).closest('td');
    expect(cell?.className).toMatch(/pinned/);
    expect(screen.getByText('Beheerders').closest('td')?.className ?? '').not.toMatch(/pinned/);
  });
});

describe('cardPlaces', () => {
  const col = (key: string, card?: Column<Row>['card']): Column<Row> => ({ key, header: key, render: () => key, card });

  it('puts image left, the name as the title, actions at the top and the rest as fields', () => {
    expect(cardPlaces([col('image'), col('order'), col('name'), col('city'), col('actions')])).toEqual([
      'media',
      'field',
      'title',
      'field',
      'actions',
    ]);
  });

  it('takes the first other column as the title without a name column, and follows what a column asks', () => {
    expect(cardPlaces([col('started'), col('by'), col('actions')])).toEqual(['title', 'field', 'actions']);
    expect(cardPlaces([col('name'), col('sku', 'title'), col('note', 'hidden')])).toEqual(['field', 'title', 'hidden']);
  });
});

describe('DataTable on a phone', () => {
  beforeEach(() => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryList(query, query === CARDS_QUERY));
  });

  const withActions: Column<Row>[] = [
    ...columns,
    {
      key: 'actions',
      header: <span className="visually-hidden">Acties</span>,
      render: (r) => <button type="button">{`${r.name} bewerken`}</button>,
    },
  ];

  it('shows one card per row: the name as its title, the actions in it, the other columns labelled', () => {
    renderTable({ columns: withActions });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Rollen' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0] as HTMLElement;
    expect(within(first).getByText('Beheerders')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Beheerders bewerken' })).toBeInTheDocument();
    expect(
      within(first)
        .getAllByRole('term')
        .map((d) => d.textContent),
    ).toEqual(['Medewerkers', 'Notitie']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['2', '-']);
  });

  it('shows skeleton cards while loading, and the empty state for no rows', () => {
    const { unmount } = renderTable({ rows: undefined, isLoading: true });
    expect(screen.getByRole('list', { name: 'Rollen' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    unmount();
    renderTable({ rows: [] });
    expect(screen.getByText('Nog geen rollen')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('offers the sorts in a select instead of the column headers', async () => {
    const onSort = vi.fn();
    const { user } = renderTable({ sort: 'name', onSort });
    const select = screen.getByRole('combobox', { name: 'Sorteren op' });
    expect(select).toHaveValue('name');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Naam (oplopend)', 'Naam (aflopend)', 'Medewerkers (oplopend)', 'Medewerkers (aflopend)']);
    await user.selectOptions(select, '-users');
    expect(onSort).toHaveBeenLastCalledWith('-users');
  });

  it('leaves the sort select out where the page has its own', () => {
    renderTable({ sort: 'name', onSort: vi.fn(), cardSort: false });
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
