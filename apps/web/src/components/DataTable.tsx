import type { PageMeta } from '@app/shared/platform/http';
import { Checkbox, Group, NativeSelect, Pagination, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Selection } from './bulk/useSelection';
import classes from './DataTable.module.css';
import { ErrorState } from './States';

/**
 * Where a column goes in the card a phone shows for each row: the card's heading ('title'), a
 * picture left of it ('media'), the row's buttons at its top right ('actions'), a labelled value
 * ('field'), or nowhere ('hidden'). Without it: 'media' for the key 'image', 'actions' for the key
 * 'actions', 'title' for the key 'name' (else the first other column), 'field' for the rest.
 */
export type CardPlace = 'title' | 'media' | 'actions' | 'field' | 'hidden';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** The sort value sent to the server; ascending is the key, descending '-key'. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  /** The column's name where the header is not plain text (a card's label, the sort choice on a phone). */
  label?: string;
  card?: CardPlace;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  meta?: PageMeta;
  rowKey: (row: T) => string | number;
  isLoading: boolean;
  error?: unknown;
  onRetry?: () => void;
  sort?: string;
  onSort?: (sort: string) => void;
  onPage?: (page: number) => void;
  empty: ReactNode;
  caption?: string;
  /**
   * On a phone the column headers are gone, so the list offers its sorts in a select above the
   * cards. Off for a page that has a sort control of its own.
   */
  cardSort?: boolean;
  /**
   * Bulk selection (components/bulk): a checkbox before each row (in each card on a phone) and one
   * in the header for the visible page. The row key must then be the row's numeric id.
   */
  selection?: Selection;
  /** The row's name for its checkbox's label ("Selecteer Stoel Oslo"). */
  rowLabel?: (row: T) => string;
  /** With a selection: whether the row can be ticked (default every row); one that cannot has no checkbox. */
  canSelect?: (row: T) => boolean;
}

/**
 * Narrower than Mantine's `md` (992 px) rows are cards: on a phone, and on a tablet, where the back
 * office's sidebar leaves the list some 500 to 700 px, too little for most tables.
 */
export const CARDS_QUERY = '(max-width: 61.99em)';

const SKELETON_ROWS = [0, 1, 2, 3, 4];

function columnLabel<T>(c: Column<T>): string | undefined {
  return c.label ?? (typeof c.header === 'string' ? c.header : undefined);
}

/** Each column's place in a card, with the defaults filled in (exactly one title). */
export function cardPlaces<T>(columns: Column<T>[]): CardPlace[] {
  const places: (CardPlace | undefined)[] = columns.map(
    (c) => c.card ?? (c.key === 'image' ? 'media' : c.key === 'actions' ? 'actions' : undefined),
  );
  if (!places.includes('title')) {
    let title = columns.findIndex((c, i) => c.key === 'name' && places[i] === undefined);
    if (title < 0) title = places.indexOf(undefined);
    if (title >= 0) places[title] = 'title';
  }
  return places.map((p) => p ?? 'field');
}

const isBlank = (v: ReactNode) => v === null || v === undefined || v === false || v === '';

/**
 * A server-paged, server-sorted list with loading, empty and error states: a table, and on a phone
 * one card per row (title, actions within reach, the other columns as labelled values), so no list
 * ever scrolls sideways there. On a table too narrow for its columns the action column stays pinned.
 */
export function DataTable<T>(p: Props<T>) {
  const { t } = useTranslation();
  const asCards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false });
  if (p.error) return <ErrorState error={p.error} onRetry={p.onRetry} />;
  const loading = p.isLoading && !p.rows;
  return (
    <>
      {asCards ? <CardList {...p} loading={loading} /> : <TableView {...p} loading={loading} />}
      {!loading && p.rows && p.rows.length === 0 ? p.empty : null}
      {p.meta && p.meta.last_page > 1 ? (
        <Group justify="space-between" mt="md" gap="sm">
          <Text size="sm" c="dimmed">
            {t('common.table.total', { count: p.meta.total })}
          </Text>
          <Pagination
            total={p.meta.last_page}
            value={p.meta.current_page}
            onChange={(page) => p.onPage?.(page)}
            siblings={asCards ? 0 : 1}
            size={asCards ? 'sm' : 'md'}
            getControlProps={(control) => ({ 'aria-label': t(`common.table.${control}`) })}
          />
        </Group>
      ) : null}
    </>
  );
}

type ViewProps<T> = Props<T> & { loading: boolean };

/** Whether the table is wider than its surface (then it scrolls sideways and the pinned column casts a shadow). */
function useOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState(false);
  useEffect(() => {
    const surface = ref.current;
    if (!surface) return;
    const measure = () => {
      const table = surface.querySelector('table');
      setOverflow(!!table && table.scrollWidth > surface.clientWidth + 1);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(surface);
    const table = surface.querySelector('table');
    if (table) observer.observe(table);
    return () => observer.disconnect();
  }, []);
  return { ref, overflow };
}

function TableView<T>(p: ViewProps<T>) {
  const { t } = useTranslation();
  const { ref, overflow } = useOverflow();
  const places = cardPlaces(p.columns);
  const pinned = (i: number) => (places[i] === 'actions' && i === p.columns.length - 1 ? classes.pinned : undefined);
  return (
    <div className={classes.surface} ref={ref} data-overflow={overflow || undefined}>
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={p.loading}>
          {p.caption ? <caption className="visually-hidden">{p.caption}</caption> : null}
          <Table.Thead>
            <Table.Tr>
              {p.selection ? (
                <Table.Th style={{ width: 40 }}>
                  <PageCheck p={p} />
                </Table.Th>
              ) : null}
              {p.columns.map((c, i) => (
                <Table.Th key={c.key} className={pinned(i)} style={{ width: c.width }} aria-sort={ariaSort(p.sort, c.sortKey)}>
                  {c.sortKey && p.onSort ? (
                    <UnstyledButton
                      onClick={() => p.onSort?.(p.sort === c.sortKey ? `-${c.sortKey}` : (c.sortKey as string))}
                      aria-label={t('common.table.sortBy', { column: columnLabel(c) ?? c.key })}
                    >
                      <Group gap={4} wrap="nowrap">
                        <Text fw={600} size="sm">
                          {c.header}
                        </Text>
                        <SortIcon sort={p.sort} sortKey={c.sortKey} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    c.header
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {p.loading
              ? SKELETON_ROWS.map((i) => (
                  <Table.Tr key={i}>
                    {p.selection ? <Table.Td /> : null}
                    {p.columns.map((c, ci) => (
                      <Table.Td key={c.key} className={pinned(ci)}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : (p.rows ?? []).map((row) => (
                  <Table.Tr key={p.rowKey(row)} data-selected={p.selection?.isSelected(Number(p.rowKey(row))) || undefined}>
                    {p.selection ? (
                      <Table.Td>
                        <RowCheck p={p} row={row} />
                      </Table.Td>
                    ) : null}
                    {p.columns.map((c, ci) => (
                      <Table.Td key={c.key} className={pinned(ci)}>
                        {c.render(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </div>
  );
}

function CardList<T>(p: ViewProps<T>) {
  const { t } = useTranslation();
  const places = cardPlaces(p.columns);
  const of = (place: CardPlace) => p.columns.filter((_, i) => places[i] === place);
  const [title] = of('title');
  const [media] = of('media');
  const [actions] = of('actions');
  const fields = of('field');
  const sortable = p.columns.filter((c) => c.sortKey && columnLabel(c));
  const sortOptions = sortable.flatMap((c) => [
    { value: c.sortKey as string, label: t('common.table.sortAscending', { column: columnLabel(c) }) },
    { value: `-${c.sortKey}`, label: t('common.table.sortDescending', { column: columnLabel(c) }) },
  ]);
  const showSort = p.cardSort !== false && !!p.onSort && !!p.rows?.length && sortOptions.some((o) => o.value === p.sort);
  return (
    <>
      {p.selection && p.rows?.length ? (
        <Group mb="xs" gap="xs">
          <PageCheck p={p} />
          <Text size="sm">{t('bulk.selectPage')}</Text>
        </Group>
      ) : null}
      {showSort ? (
        <NativeSelect
          label={t('common.table.sortLabel')}
          data={sortOptions}
          value={p.sort}
          onChange={(e) => p.onSort?.(e.currentTarget.value)}
          size="sm"
          mb="sm"
          maw={320}
        />
      ) : null}
      <ul className={classes.cards} aria-label={p.caption} aria-busy={p.loading} data-testid="data-cards">
        {p.loading
          ? SKELETON_ROWS.map((i) => (
              <li key={i} className={classes.card}>
                <Skeleton height={16} width="60%" radius="sm" />
                <Skeleton height={12} width="40%" radius="sm" mt="xs" />
              </li>
            ))
          : (p.rows ?? []).map((row) => (
              <li key={p.rowKey(row)} className={classes.card}>
                <div className={classes.head}>
                  {p.selection ? (
                    <div className={classes.check}>
                      <RowCheck p={p} row={row} />
                    </div>
                  ) : null}
                  {media ? <div className={classes.media}>{media.render(row)}</div> : null}
                  {title ? <div className={classes.title}>{title.render(row)}</div> : null}
                  {actions ? <div className={classes.actions}>{actions.render(row)}</div> : null}
                </div>
                <dl className={classes.fields}>
                  {fields.map((c) => {
                    const value = c.render(row);
                    if (isBlank(value)) return null;
                    return (
                      <div key={c.key} className={classes.field}>
                        <dt>{columnLabel(c) ?? c.header}</dt>
                        <dd>{value}</dd>
                      </div>
                    );
                  })}
                </dl>
              </li>
            ))}
      </ul>
    </>
  );
}

/** The checkbox of one row. */
function RowCheck<T>({ p, row }: { p: Props<T>; row: T }) {
  const { t } = useTranslation();
  const sel = p.selection;
  if (!sel || (p.canSelect && !p.canSelect(row))) return null;
  const id = Number(p.rowKey(row));
  const name = p.rowLabel?.(row) ?? String(id);
  return (
    <Checkbox checked={sel.isSelected(id)} onChange={() => sel.toggle(id)} aria-label={t('bulk.selectRow', { name })} size="sm" />
  );
}

/** The header checkbox: the visible page, ticked, unticked or partly. */
function PageCheck<T>({ p }: { p: Props<T> }) {
  const { t } = useTranslation();
  const sel = p.selection;
  if (!sel) return null;
  const ids = (p.rows ?? []).filter((r) => !p.canSelect || p.canSelect(r)).map((r) => Number(p.rowKey(r)));
  const ticked = ids.filter((id) => sel.isSelected(id)).length;
  return (
    <Checkbox
      checked={ids.length > 0 && ticked === ids.length}
      indeterminate={ticked > 0 && ticked < ids.length}
      disabled={ids.length === 0}
      onChange={() => sel.setMany(ids, ticked < ids.length)}
      aria-label={t('bulk.selectPage')}
      size="sm"
    />
  );
}

function ariaSort(sort: string | undefined, key: string | undefined): 'ascending' | 'descending' | undefined {
  if (!key || !sort) return undefined;
  if (sort === key) return 'ascending';
  if (sort === `-${key}`) return 'descending';
  return undefined;
}

function SortIcon({ sort, sortKey }: { sort: string | undefined; sortKey: string }) {
  if (sort === sortKey) return <IconArrowUp size={14} aria-hidden />;
  if (sort === `-${sortKey}`) return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.4} />;
}
