import type { PageMeta } from '@app/shared/platform/http';
import { Group, Pagination, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from './States';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** The sort value sent to the server; ascending is the key, descending '-key'. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
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
}

/** A server-paged, server-sorted table with loading, empty and error states. */
export function DataTable<T>(p: Props<T>) {
  const { t } = useTranslation();
  if (p.error) return <ErrorState error={p.error} onRetry={p.onRetry} />;
  const loading = p.isLoading && !p.rows;
  return (
    <>
      <Table.ScrollContainer minWidth={600}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-busy={loading}>
          {p.caption ? <caption className="visually-hidden">{p.caption}</caption> : null}
          <Table.Thead>
            <Table.Tr>
              {p.columns.map((c) => (
                <Table.Th key={c.key} style={{ width: c.width }} aria-sort={ariaSort(p.sort, c.sortKey)}>
                  {c.sortKey && p.onSort ? (
                    <UnstyledButton
                      onClick={() => p.onSort?.(p.sort === c.sortKey ? `-${c.sortKey}` : (c.sortKey as string))}
                      aria-label={t('common.table.sortBy', { column: typeof c.header === 'string' ? c.header : c.key })}
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
            {loading
              ? [0, 1, 2, 3, 4].map((i) => (
                  <Table.Tr key={i}>
                    {p.columns.map((c) => (
                      <Table.Td key={c.key}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : (p.rows ?? []).map((row) => (
                  <Table.Tr key={p.rowKey(row)}>
                    {p.columns.map((c) => (
                      <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {!loading && p.rows && p.rows.length === 0 ? p.empty : null}
      {p.meta && p.meta.last_page > 1 ? (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {t('common.table.total', { count: p.meta.total })}
          </Text>
          <Pagination
            total={p.meta.last_page}
            value={p.meta.current_page}
            onChange={(page) => p.onPage?.(page)}
            getControlProps={(control) => ({ 'aria-label': t(`common.table.${control}`) })}
          />
        </Group>
      ) : null}
    </>
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
