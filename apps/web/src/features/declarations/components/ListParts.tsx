import type { PageMeta } from '@app/shared/platform/http';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Selection } from '../../../components/bulk/useSelection';
import { type Column, DataTable } from '../../../components/DataTable';
import { DateField } from '../../../components/dates/DateField';
import { EmptyState } from '../../../components/States';
import type { ListParams } from '../../../lib/use-list-params';

/** The "from" and "to" date fields of a list's period filter. */
export function PeriodFields({ from, to, list$ }: { from?: string; to?: string; list$: Pick<ListParams<string>, 'setFilters'> }) {
  const { t } = useTranslation();
  return (
    <>
      <DateField label={t('declarations.list.from')} value={from ?? ''} onChange={(v) => list$.setFilters({ from: v || null })} />
      <DateField label={t('declarations.list.to')} value={to ?? ''} onChange={(v) => list$.setFilters({ to: v || null })} />
    </>
  );
}

/** A list's empty state: "nothing matches" under a filter, else the invitation (`prefix`.emptyTitle) with its action. */
export function ListEmpty(p: { filtered: boolean; prefix: string; icon: ReactNode; description?: string; action?: ReactNode }) {
  const { t } = useTranslation();
  return p.filtered ? (
    <EmptyState
      icon={<IconSearch size={32} stroke={1.5} />}
      title={t(`${p.prefix}.noMatchTitle`)}
      description={t(`${p.prefix}.noMatchText`)}
    />
  ) : (
    <EmptyState icon={p.icon} title={t(`${p.prefix}.emptyTitle`)} description={p.description} action={p.action} />
  );
}

/** The paged, sortable table of a list, its page and sort in the URL. */
export function PagedTable<T extends { id: number }>(p: {
  caption: string;
  columns: Column<T>[];
  list: {
    data?: { data: T[]; meta: PageMeta };
    isLoading: boolean;
    error: unknown;
    refetch: () => unknown;
  };
  list$: Pick<ListParams<string>, 'sort' | 'setSort' | 'setPage'>;
  empty: ReactNode;
  /** Bulk selection (components/bulk), with each row's name for its checkbox. */
  selection?: Selection;
  rowLabel?: (row: T) => string;
}) {
  const { list, list$ } = p;
  return (
    <DataTable
      caption={p.caption}
      columns={p.columns}
      rows={list.data?.data}
      meta={list.data?.meta}
      rowKey={(r) => r.id}
      isLoading={list.isLoading}
      error={list.error}
      onRetry={() => void list.refetch()}
      sort={list$.sort}
      onSort={list$.setSort}
      onPage={list$.setPage}
      selection={p.selection}
      rowLabel={p.rowLabel}
      empty={p.empty}
    />
  );
}
