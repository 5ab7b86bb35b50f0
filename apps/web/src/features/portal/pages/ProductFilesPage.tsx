import type { ProductFile } from '@app/shared/portal/portal-products';
import { Anchor, Badge, Stack, Text, TextInput } from '@mantine/core';
import { IconFiles, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { useListParams } from '../../../lib/use-list-params';
import { FileDownloadButton } from '../components/products/FileDownloadButton';
import { useProductFiles } from '../products-api';

const SORTS = ['product'] as const;
const PER_PAGE = 25;

/**
 * product-files.index ('Productbestanden'): every file of the company's products (tearsheets and
 * download links), one row each: name, product, who uploaded it, when, and a download button.
 * Searched and paged on the server, both in the URL; cards on a phone.
 */
export function ProductFilesPage() {
  const { t } = useTranslation();
  const list$ = useListParams(SORTS, 'product');
  const q = { page: list$.page, perPage: PER_PAGE, q: list$.q };
  const list = useProductFiles(q);

  const columns: Column<ProductFile>[] = [
    {
      key: 'name',
      header: t('portalProducts.files.columns.name'),
      render: (f) => (
        <Stack gap={2}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.fileName}
          </Text>
          <div>
            <Badge variant="light" color={f.kind === 'tearsheet' ? 'blue' : 'gray'} size="sm">
              {t(`portalProducts.files.kind.${f.kind}`)}
            </Badge>
          </div>
        </Stack>
      ),
    },
    {
      key: 'product',
      header: t('portalProducts.files.columns.product'),
      render: (f) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/product-files/${f.companyProductId}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.productName}
          </Anchor>
          {f.project ? (
            <Text size="xs" c="dimmed">
              {f.project.name}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'uploadedBy',
      header: t('portalProducts.files.columns.uploadedBy'),
      render: (f) => f.uploadedBy ?? '',
    },
    {
      key: 'date',
      header: t('portalProducts.files.columns.date'),
      width: 120,
      render: (f) => formatDate(f.date),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('portalProducts.files.columns.actions')}</span>,
      label: t('portalProducts.files.columns.actions'),
      width: 72,
      render: (f) => <FileDownloadButton file={f} compact />,
    },
  ];

  return (
    <>
      <PageHeader title={t('portalProducts.files.title')} description={t('portalProducts.files.intro')} />
      <TextInput
        label={t('portalProducts.files.search')}
        placeholder={t('portalProducts.files.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={list$.search}
        onChange={(e) => list$.setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
        mb="md"
        type="search"
      />
      <DataTable
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(f) => f.key}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        onPage={list$.setPage}
        caption={t('portalProducts.files.title')}
        cardSort={false}
        empty={
          list$.q ? (
            <EmptyState
              icon={<IconSearch size={32} stroke={1.5} />}
              title={t('portalProducts.files.noMatchTitle')}
              description={t('portalProducts.files.noMatchText', { q: list$.q })}
            />
          ) : (
            <EmptyState
              icon={<IconFiles size={32} stroke={1.5} />}
              title={t('portalProducts.files.emptyTitle')}
              description={t('portalProducts.files.emptyText')}
            />
          )
        }
      />
    </>
  );
}
