import type { CompanyProduct } from '@app/shared/companies/company-products';
import { Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowsSort, IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { RowActions } from '../../../components/RowActions';
import { EmptyState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { CompanyShell } from '../components/CompanyHeader';
import { CompanyProductModal } from '../components/CompanyProductModal';
import { fetchCompanyProduct, useCompanyProducts, useRemoveCompanyProduct } from '../products-api';

const SORTS = ['type', 'name', '-name', 'created', '-created'] as const;

/**
 * company.products ('Producten'): the catalogue products assigned to one company, with the
 * company's own reference and the project they are for; searched, sorted (type, name, newest)
 * and paged on the server, all in the URL. 'Product toewijzen' assigns one; edit and remove per row.
 */
export function CompanyProductsPage() {
  const companyId = Number(useParams().companyId);
  return (
    <CompanyShell companyId={companyId}>
      <ProductsList companyId={companyId} />
    </CompanyShell>
  );
}

function ProductsList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(SORTS, 'type');
  const { page, sort } = list$;
  const q = { page, perPage: 25, sort, q: list$.q };
  const list = useCompanyProducts(companyId, q);
  const remove = useRemoveCompanyProduct(companyId);
  const [editing, setEditing] = useState<CompanyProduct | null | undefined>(undefined);

  const handleRemove = async (p: CompanyProduct) => {
    const ok = await confirmAction({
      title: t('companies.products.remove.title'),
      message: t('companies.products.remove.text', { name: p.product.name }),
      confirmLabel: t('companies.products.remove.confirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync(p);
        notify.success(t('companies.products.remove.done', { name: p.product.name }));
      },
      {
        onError: () => {
          // Changed or gone meanwhile: the list shows how it is now.
          void list.refetch();
        },
      },
    );
  };

  const columns: Column<CompanyProduct>[] = [
    {
      key: 'image',
      header: <span className="visually-hidden">{t('companies.products.list.image')}</span>,
      label: t('companies.products.list.image'),
      width: 64,
      render: (p) => <Thumb src={p.product.thumbUrl} alt="" width={48} height={48} />,
    },
    {
      key: 'name',
      header: t('companies.products.list.name'),
      sortKey: 'name',
      render: (p) => (
        <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {p.product.name}
        </Text>
      ),
    },
    {
      key: 'code',
      header: t('companies.products.list.code'),
      render: (p) => p.product.code ?? '—',
    },
    {
      key: 'type',
      header: t('companies.products.list.type'),
      render: (p) =>
        p.typeName ?? (
          <Text size="sm" c="dimmed" component="span">
            {t('companies.products.list.unknownType')}
          </Text>
        ),
    },
    {
      key: 'project',
      header: t('companies.products.list.project'),
      render: (p) =>
        p.project?.name ?? (
          <Text size="sm" c="dimmed" component="span">
            {t('companies.products.list.noProject')}
          </Text>
        ),
    },
    {
      key: 'reference',
      header: t('companies.products.list.reference'),
      render: (p) => (p.reference ? <span style={{ overflowWrap: 'anywhere' }}>{p.reference}</span> : '—'),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 100,
      render: (p) => (
        <RowActions
          edit={{ onClick: () => setEditing(p) }}
          editLabel={t('companies.products.list.editFor', { name: p.product.name })}
          deleteLabel={t('companies.products.list.removeFor', { name: p.product.name })}
          onDelete={() => void handleRemove(p)}
          deleteDenied={deniedReason(t, p.abilities, 'canDelete')}
        />
      ),
    },
  ];

  const assignButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      {t('companies.products.list.assign')}
    </Button>
  );

  const empty = q.q ? (
    <EmptyState
      icon={<IconSearch size={32} stroke={1.5} />}
      title={t('companies.products.list.noMatchTitle')}
      description={t('companies.products.list.noMatchText')}
    />
  ) : (
    <EmptyState
      icon={<IconPackage size={32} stroke={1.5} />}
      title={t('companies.products.list.emptyTitle')}
      description={t('companies.products.list.emptyText')}
      action={assignButton}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap" align="flex-end">
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 auto' }}>
          <TextInput
            placeholder={t('companies.products.list.search')}
            aria-label={t('companies.products.list.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
          />
          <Select
            aria-label={t('common.table.sortLabel')}
            leftSection={<IconArrowsSort size={16} />}
            data={SORTS.map((s) => ({ value: s, label: t(`companies.products.list.sorts.${s}`) }))}
            value={sort}
            onChange={(s) => {
              if (s) list$.setSort(s);
            }}
            allowDeselect={false}
            w={{ base: '100%', sm: 240 }}
          />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <ExportMenu path={`/api/companies/${companyId}/products/export`} params={q} />
          {assignButton}
        </Group>
      </Group>
      <DataTable
        caption={t('companies.products.list.caption')}
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(p) => p.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        sort={sort}
        onSort={list$.setSort}
        cardSort={false}
        onPage={list$.setPage}
        empty={empty}
      />
      <CompanyProductModal
        companyId={companyId}
        editing={editing}
        onClose={() => setEditing(undefined)}
        reload={async (id) => {
          try {
            return await fetchCompanyProduct(companyId, id);
          } catch {
            return undefined;
          }
        }}
      />
    </Stack>
  );
}
