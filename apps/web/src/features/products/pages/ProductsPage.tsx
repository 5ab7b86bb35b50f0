import { localName, PRODUCT_ATTRIBUTE_KINDS, type ProductAttributeKind } from '@app/shared/products/attributes';
import { COMPLETENESS_FILTERS, type CompletenessFilter } from '@app/shared/products/completeness.rules';
import { PRODUCT_SORTS, type ProductListItem } from '@app/shared/products/products';
import {
  Anchor,
  Badge,
  Button,
  Collapse,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconArrowsSort, IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelection } from '../../../components/bulk/useSelection';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, NoMatchState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { formatDateTime } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { toQuery, useProducts } from '../api';
import { useAttributeOptions } from '../attributes-api';
import { CompletenessBadges } from '../components/Completeness';
import { CreateProductModal } from '../components/CreateProductModal';
import { ProductsBulkBar } from '../components/ProductsBulkBar';

/** '3,7,12' -> [3, 7, 12]; anything that is not a positive id is left out. */
export function parseIdList(raw: string | null): number[] {
  if (!raw) return [];
  return [...new Set(raw.split(',').map((s) => Number(s.trim())))].filter(
    (n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647,
  );
}

/** articles.products-index ('Producten'): every product, searchable and filtered by attributes and publication. */
export function ProductsPage() {
  const { t, i18n } = useTranslation();
  const list$ = useListParams(PRODUCT_SORTS, 'name');
  const canSort = useCan('products.sort');
  const canArticles = useCan('articles.view');
  const [creating, { open: openCreate, close: closeCreate }] = useDisclosure(false);
  const options = useAttributeOptions();

  const filters = Object.fromEntries(PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, parseIdList(list$.params.get(k))])) as Record<
    ProductAttributeKind,
    number[]
  >;
  const activeFilters = PRODUCT_ATTRIBUTE_KINDS.reduce((n, k) => n + (filters[k].length > 0 ? 1 : 0), 0);
  const publishedParam = list$.params.get('published');
  const published: 'yes' | 'no' | undefined = publishedParam === 'yes' || publishedParam === 'no' ? publishedParam : undefined;
  const completeParam = list$.params.get('complete');
  const complete = (COMPLETENESS_FILTERS as readonly string[]).includes(completeParam ?? '')
    ? (completeParam as CompletenessFilter)
    : undefined;
  const [filtersOpen, { toggle: toggleFilters }] = useDisclosure(activeFilters > 0);
  const filtered = !!(list$.q || published || complete || activeFilters);

  const q = { page: list$.page, perPage: 25, sort: list$.sort, q: list$.q, published, complete, filters };
  const list = useProducts(q);
  const { page: _page, ...listQuery } = toQuery(q);
  const selection = useSelection(JSON.stringify(listQuery));

  const clearFilters = () => {
    list$.setSearch('');
    list$.setFilters({
      q: null,
      published: null,
      complete: null,
      ...Object.fromEntries(PRODUCT_ATTRIBUTE_KINDS.map((k) => [k, null])),
    });
  };

  const columns: Column<ProductListItem>[] = [
    {
      key: 'image',
      header: <span className="visually-hidden">{t('products.fields.image')}</span>,
      width: 64,
      render: (p) => <Thumb src={p.thumbUrl} alt={p.nameNl} width={44} height={44} />,
    },
    {
      key: 'name',
      header: t('products.fields.name'),
      sortKey: 'name',
      render: (p) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/products/${p.id}`} fw={500}>
            {localName(p, i18n.language)}
          </Anchor>
          {p.nameEn && p.nameEn !== p.nameNl ? (
            <Text size="xs" c="dimmed">
              {i18n.language === 'en' ? p.nameNl : p.nameEn}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'categories',
      header: t('attributes.kinds.categories'),
      render: (p) => (
        <Group gap={4}>
          {p.categories.slice(0, 3).map((c) => (
            <Badge key={c.id} variant="light" color="gray" size="sm">
              {localName(c, i18n.language)}
            </Badge>
          ))}
          {p.categories.length > 3 ? (
            <Text size="xs" c="dimmed">
              +{p.categories.length - 3}
            </Text>
          ) : null}
        </Group>
      ),
    },
    {
      key: 'article',
      header: t('products.fields.article'),
      render: (p) =>
        p.articleSku ? (
          <Group gap={6} wrap="wrap">
            {canArticles && p.articleId ? (
              <Anchor component={Link} to={`/articles/${p.articleId}`} ff="monospace" size="sm">
                {p.articleSku}
              </Anchor>
            ) : (
              <Text ff="monospace" size="sm">
                {p.articleSku}
              </Text>
            )}
            {p.articleRemoved ? (
              <Badge color="orange" variant="light" size="sm" title={t('products.list.articleRemovedHint')}>
                {t('products.list.articleRemoved')}
              </Badge>
            ) : null}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'published',
      header: t('products.fields.status'),
      render: (p) => (
        <Badge variant="light" color={p.published ? 'green' : 'gray'} size="sm">
          {t(p.published ? 'products.status.published' : 'products.status.draft')}
        </Badge>
      ),
    },
    {
      key: 'completeness',
      header: t('products.completeness.column'),
      render: (p) => <CompletenessBadges completeness={p.completeness} />,
    },
    {
      key: 'updated',
      header: t('products.fields.updated'),
      sortKey: 'updated',
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.updatedAt)}</span>,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('products.list.title')}
        description={t('products.list.intro')}
        actions={
          <>
            <ExportMenu path="/api/products/export" params={toQuery(q)} />
            {canSort ? (
              <Button component={Link} to="/order" variant="light" leftSection={<IconArrowsSort size={16} />}>
                {t('products.order.title')}
              </Button>
            ) : null}
            <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
              {t('products.create.button')}
            </Button>
          </>
        }
      />
      <Stack gap="md">
        <Group gap="sm" wrap="wrap" align="center">
          <TextInput
            placeholder={t('products.list.search')}
            aria-label={t('products.list.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 280 }}
          />
          <SegmentedControl
            aria-label={t('products.fields.status')}
            value={published ?? 'all'}
            onChange={(v) => list$.setFilters({ published: v === 'all' ? null : v })}
            data={[
              { value: 'all', label: t('products.list.publishedAll') },
              { value: 'yes', label: t('products.status.published') },
              { value: 'no', label: t('products.status.draft') },
            ]}
          />
          <Select
            aria-label={t('products.completeness.filterLabel')}
            value={complete ?? 'all'}
            onChange={(v) => list$.setFilters({ complete: !v || v === 'all' ? null : v })}
            allowDeselect={false}
            data={['all', ...COMPLETENESS_FILTERS].map((v) => ({
              value: v,
              label: t(`products.completeness.filters.${v}`),
            }))}
            w={{ base: '100%', sm: 190 }}
          />
          <Select
            aria-label={t('products.list.sortLabel')}
            value={list$.sort}
            onChange={(v) => v && list$.setSort(v)}
            allowDeselect={false}
            data={PRODUCT_SORTS.map((s) => ({ value: s, label: t(`products.list.sorts.${s}`) }))}
            w={{ base: '100%', sm: 200 }}
          />
          <Button
            variant={activeFilters ? 'light' : 'default'}
            leftSection={<IconAdjustmentsHorizontal size={16} />}
            onClick={toggleFilters}
            aria-expanded={filtersOpen}
          >
            {activeFilters ? t('products.list.filtersCount', { count: activeFilters }) : t('products.list.filters')}
          </Button>
          {filtered ? (
            <Button variant="subtle" onClick={clearFilters}>
              {t('products.list.clearFilters')}
            </Button>
          ) : null}
        </Group>
        <Collapse expanded={filtersOpen}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {PRODUCT_ATTRIBUTE_KINDS.map((kind) => (
              <MultiSelect<number>
                key={kind}
                label={t(`attributes.kinds.${kind}`)}
                placeholder={filters[kind].length ? undefined : t('products.list.any')}
                data={(options.data?.[kind] ?? []).map((a) => ({ value: a.id, label: localName(a, i18n.language) }))}
                value={filters[kind]}
                onChange={(ids) => list$.setFilters({ [kind]: ids.length ? ids.join(',') : null })}
                searchable
                clearable
                nothingFoundMessage={t('products.list.nothingFound')}
                disabled={options.isLoading}
              />
            ))}
          </SimpleGrid>
        </Collapse>
        <div>
          <DataTable
            caption={t('products.list.title')}
            columns={columns}
            rows={list.data?.data}
            meta={list.data?.meta}
            rowKey={(p) => p.id}
            isLoading={list.isLoading}
            error={list.error}
            onRetry={() => void list.refetch()}
            sort={list$.sort}
            onSort={list$.setSort}
            cardSort={false}
            onPage={list$.setPage}
            selection={selection}
            rowLabel={(p) => localName(p, i18n.language)}
            empty={
              filtered ? (
                <NoMatchState
                  title={t('products.list.noMatchTitle')}
                  description={t('products.list.noMatchText')}
                  clearLabel={t('products.list.clearFilters')}
                  onClear={clearFilters}
                />
              ) : (
                <EmptyState
                  icon={<IconPackage size={32} stroke={1.5} />}
                  title={t('products.list.emptyTitle')}
                  description={t(canArticles ? 'products.list.emptyTextArticles' : 'products.list.emptyText')}
                  action={
                    <Group>
                      <Button leftSection={<IconPlus size={16} />} onClick={openCreate}>
                        {t('products.create.button')}
                      </Button>
                      {canArticles ? (
                        <Button component={Link} to="/articles" variant="light">
                          {t('products.list.toArticles')}
                        </Button>
                      ) : null}
                    </Group>
                  }
                />
              )
            }
          />
        </div>
      </Stack>
      <ProductsBulkBar selection={selection} rows={list.data?.data ?? []} total={list.data?.meta.total ?? 0} query={listQuery} />
      <CreateProductModal opened={creating} onClose={closeCreate} />
    </>
  );
}
