import { ARTICLE_STATUSES, type ArticleListItem, articleListQuerySchema } from '@app/shared/articles/articles';
import { Anchor, Button, Group, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { IconArchive, IconPackage, IconRefresh, IconSearch, IconTrashX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelection } from '../../../components/bulk/useSelection';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, NoMatchState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { useArticleFacets, useArticles } from '../api';
import { ArticleStatusBadge } from '../components/ArticleStatusBadge';
import { ArticlesBulkBar } from '../components/ArticlesBulkBar';

const Nowrap = ({ children, title }: { children: string; title?: string }) => (
  <span style={{ whiteSpace: 'nowrap' }} title={title}>
    {children}
  </span>
);

/** articles.index: the ERP articles, active or deleted, searchable and filtered by type, supplier and status. */
export function ArticlesPage() {
  const { t } = useTranslation();
  const list$ = useListParams(articleListQuerySchema);
  const canSync = useCan('articles.sync');
  const canMakeProducts = useCan('products.manage');
  const { tab, type, supplier, status } = list$.query;
  const filtered = !!(list$.q || type || supplier || status);

  const q = { page: list$.page, perPage: 25, sort: list$.sort, q: list$.q, tab, type, supplier, status } as const;
  const list = useArticles(q);
  const facets = useArticleFacets();
  const { page: _page, ...listQuery } = q;
  const selection = useSelection(JSON.stringify(listQuery));
  // Products are made from live articles only: the deleted tab has no selection.
  const bulk = canMakeProducts && tab === 'active';

  const clearFilters = () => {
    list$.setSearch('');
    list$.setFilters({ q: null, type: null, supplier: null, status: null });
  };

  const columns: Column<ArticleListItem>[] = [
    {
      key: 'image',
      header: <span className="visually-hidden">{t('articles.fields.impression')}</span>,
      width: 64,
      render: (a) => <Thumb src={a.thumbUrl} alt={a.name} width={44} height={44} />,
    },
    {
      key: 'name',
      header: t('articles.fields.name'),
      sortKey: 'name',
      render: (a) => (
        <Anchor component={Link} to={`/articles/${a.id}`} fw={500} display="inline-block" miw={170}>
          {a.name}
        </Anchor>
      ),
    },
    {
      key: 'sku',
      header: t('articles.fields.sku'),
      sortKey: 'sku',
      render: (a) => (
        <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
          {a.sku}
        </Text>
      ),
    },
    { key: 'type', header: t('articles.fields.type'), sortKey: 'type', render: (a) => a.typeName ?? a.typeCode ?? '—' },
    { key: 'supplier', header: t('articles.fields.supplier'), sortKey: 'supplier', render: (a) => a.supplierName ?? '—' },
    {
      key: 'status',
      header: t('articles.fields.status'),
      render: (a) => <ArticleStatusBadge status={a.status} compact />,
    },
    {
      key: 'product',
      header: t('articles.fields.product'),
      render: (a) =>
        a.productId ? (
          <Anchor
            component={Link}
            to={`/products/${a.productId}`}
            size="sm"
            fw={600}
            style={{ whiteSpace: 'nowrap', display: 'inline-flex', alignItems: 'center', gap: 4 }}
            aria-label={t('articles.list.openProduct', { name: a.name })}
          >
            <IconPackage size={14} aria-hidden />
            {t('articles.list.productBadge')}
          </Anchor>
        ) : null,
    },
    // The sync time is the same for nearly every live article, so the list shows it only for removed ones.
    ...(tab === 'deleted'
      ? [
          {
            key: 'deleted',
            header: t('articles.fields.deletedAt'),
            render: (a: ArticleListItem) => <Nowrap title={formatDateTime(a.deletedAt)}>{formatDate(a.deletedAt)}</Nowrap>,
          },
        ]
      : []),
  ];

  const empty = filtered ? (
    <NoMatchState
      title={t('articles.list.noMatchTitle')}
      description={t('articles.list.noMatchText')}
      clearLabel={t('articles.list.clearFilters')}
      onClear={clearFilters}
    />
  ) : tab === 'deleted' ? (
    <EmptyState
      icon={<IconTrashX size={32} stroke={1.5} />}
      title={t('articles.list.noDeletedTitle')}
      description={t('articles.list.noDeletedText')}
    />
  ) : (
    <EmptyState
      icon={<IconArchive size={32} stroke={1.5} />}
      title={t('articles.list.emptyTitle')}
      description={t(canSync ? 'articles.list.emptyTextSync' : 'articles.list.emptyText')}
      action={
        canSync ? (
          <Button component={Link} to="/sync" leftSection={<IconRefresh size={16} />}>
            {t('articles.list.toSync')}
          </Button>
        ) : null
      }
    />
  );

  return (
    <>
      <PageHeader
        title={t('articles.list.title')}
        description={t('articles.list.intro')}
        actions={
          <>
            <ExportMenu path="/api/articles/export" params={q} />
            {canSync ? (
              <Button component={Link} to="/sync" variant="light" leftSection={<IconRefresh size={16} />}>
                {t('articles.sync.title')}
              </Button>
            ) : null}
          </>
        }
      />
      <Tabs value={tab} onChange={(v) => list$.setFilters({ tab: v === 'deleted' ? 'deleted' : null })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="active">{t('articles.list.tabs.active')}</Tabs.Tab>
          <Tabs.Tab value="deleted">{t('articles.list.tabs.deleted')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value={tab}>
          <Stack gap="md">
            <Group gap="sm" wrap="wrap" align="flex-end">
              <TextInput
                placeholder={t('articles.list.search')}
                aria-label={t('articles.list.search')}
                leftSection={<IconSearch size={16} />}
                value={list$.search}
                onChange={(e) => list$.setSearch(e.currentTarget.value)}
                w={{ base: '100%', sm: 280 }}
              />
              <Select
                aria-label={t('articles.fields.type')}
                placeholder={t('articles.list.allTypes')}
                data={(facets.data?.types ?? []).map((x) => ({ value: x.code, label: `${x.name} (${x.count})` }))}
                value={type ?? null}
                onChange={(v) => list$.setFilters({ type: v })}
                searchable
                clearable
                nothingFoundMessage={t('articles.list.nothingFound')}
                w={{ base: '100%', sm: 220 }}
              />
              <Select
                aria-label={t('articles.fields.supplier')}
                placeholder={t('articles.list.allSuppliers')}
                data={(facets.data?.suppliers ?? []).map((x) => ({ value: x.name, label: `${x.name} (${x.count})` }))}
                value={supplier ?? null}
                onChange={(v) => list$.setFilters({ supplier: v })}
                searchable
                clearable
                nothingFoundMessage={t('articles.list.nothingFound')}
                w={{ base: '100%', sm: 220 }}
              />
              <Select
                aria-label={t('articles.fields.status')}
                placeholder={t('articles.list.allStatuses')}
                data={ARTICLE_STATUSES.map((s) => {
                  const count = facets.data?.statuses.find((x) => x.status === s)?.count;
                  return {
                    value: s,
                    label: count === undefined ? t(`articles.status.${s}`) : `${t(`articles.status.${s}`)} (${count})`,
                  };
                })}
                value={status ?? null}
                onChange={(v) => list$.setFilters({ status: v })}
                clearable
                w={{ base: '100%', sm: 180 }}
              />
              {filtered ? (
                <Button variant="subtle" onClick={clearFilters}>
                  {t('articles.list.clearFilters')}
                </Button>
              ) : null}
            </Group>
            <div>
              <DataTable
                caption={t('articles.list.title')}
                columns={columns}
                rows={list.data?.data}
                meta={list.data?.meta}
                rowKey={(a) => a.id}
                isLoading={list.isLoading}
                error={list.error}
                onRetry={() => void list.refetch()}
                sort={list$.sort}
                onSort={list$.setSort}
                onPage={list$.setPage}
                selection={bulk ? selection : undefined}
                rowLabel={(a) => a.name}
                empty={empty}
              />
            </div>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      {bulk ? (
        <ArticlesBulkBar
          selection={selection}
          pageIds={(list.data?.data ?? []).map((a) => a.id)}
          total={list.data?.meta.total ?? 0}
          query={listQuery}
        />
      ) : null}
    </>
  );
}
