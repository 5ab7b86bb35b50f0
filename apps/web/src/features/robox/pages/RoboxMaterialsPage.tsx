import { localName } from '@app/shared/products/attributes';
import { type RoboxMaterial, roboxMaterialListQuerySchema } from '@app/shared/robox/robox';
import { Anchor, Button, Group, NumberInput, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCategory2, IconPlus, IconSearch, IconStack2 } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { EmptyState, NoMatchState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useAttributeOptions } from '../../products/attributes-api';
import { useAllRoboxCategories, useDeleteRoboxMaterial, useRoboxMaterials } from '../api';
import { formatMm, formatSheet } from '../format';

/** archive-robox-material ('Robox-materialen'): the sheet materials, filtered by category, supplier, thickness and text. */
export function RoboxMaterialsPage() {
  const { t, i18n } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(roboxMaterialListQuerySchema);
  const { categoryId, supplierId, thickness } = list$.query;
  const [thicknessInput, setThicknessInput] = useState<string | number>(thickness ?? '');
  const [thicknessDebounced] = useDebouncedValue(thicknessInput, 400);
  const categories = useAllRoboxCategories();
  const options = useAttributeOptions();
  const remove = useDeleteRoboxMaterial();
  const filtered = !!(list$.q || categoryId || supplierId || thickness !== undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new typed value changes the filter
  useEffect(() => {
    const next =
      typeof thicknessDebounced === 'number' && Number.isInteger(thicknessDebounced) ? String(thicknessDebounced) : null;
    if (next !== (thickness === undefined ? null : String(thickness))) list$.setFilters({ thickness: next });
  }, [thicknessDebounced]);

  const q = { page: list$.page, perPage: 25, sort: list$.sort, q: list$.q, categoryId, supplierId, thickness };
  const list = useRoboxMaterials(q);

  const clearFilters = () => {
    list$.setSearch('');
    setThicknessInput('');
    list$.setFilters({ q: null, categoryId: null, supplierId: null, thickness: null });
  };

  const handleDelete = async (m: RoboxMaterial) => {
    const ok = await confirmAction({
      title: t('robox.materials.delete.title'),
      message: t('robox.materials.delete.text', { name: m.name, code: m.code }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(m);
      notify.success(t('robox.materials.delete.done', { name: m.name }));
    });
  };

  const columns: Column<RoboxMaterial>[] = [
    {
      key: 'name',
      header: t('robox.materials.fields.name'),
      sortKey: 'name',
      render: (m) => (
        <Anchor component={Link} to={`/robox/materials/${m.id}/edit`} fw={500}>
          {m.name}
        </Anchor>
      ),
    },
    {
      key: 'code',
      header: t('robox.materials.fields.code'),
      sortKey: 'code',
      render: (m) => (
        <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
          {m.code}
        </Text>
      ),
    },
    { key: 'category', header: t('robox.materials.fields.category'), render: (m) => m.categoryName ?? '—' },
    {
      key: 'thickness',
      header: t('robox.materials.fields.thickness'),
      sortKey: 'thickness',
      render: (m) => <span style={{ whiteSpace: 'nowrap' }}>{formatMm(m.thicknessMm) ?? '—'}</span>,
    },
    {
      key: 'sheet',
      header: t('robox.materials.fields.sheet'),
      render: (m) => <span style={{ whiteSpace: 'nowrap' }}>{formatSheet(m.sheetLengthMm, m.sheetWidthMm) ?? '—'}</span>,
    },
    { key: 'finish', header: t('robox.materials.fields.colourFinish'), render: (m) => m.colourFinish || '—' },
    { key: 'supplier', header: t('robox.materials.fields.supplier'), render: (m) => m.supplierName ?? '—' },
    {
      key: 'article',
      header: t('robox.materials.fields.article'),
      render: (m) =>
        m.articleId ? (
          <Anchor component={Link} to={`/articles/${m.articleId}`} ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
            {m.articleSku}
          </Anchor>
        ) : (
          '—'
        ),
    },
    { key: 'products', header: t('robox.materials.fields.productsCount'), render: (m) => m.productsCount, width: 90 },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 100,
      render: (m) => (
        <RowActions
          edit={{ to: `/robox/materials/${m.id}/edit` }}
          editLabel={t('robox.materials.editFor', { name: m.name })}
          deleteLabel={t('robox.materials.deleteFor', { name: m.name })}
          onDelete={() => void handleDelete(m)}
          deleteDenied={deniedReason(t, m.abilities, 'canDelete', {
            ROBOX_MATERIAL_IN_USE: t('robox.materials.delete.inUse', { count: m.productsCount }),
          })}
        />
      ),
    },
  ];

  const createButton = (
    <Button component={Link} to="/robox/materials/create" leftSection={<IconPlus size={16} />}>
      {t('robox.materials.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('robox.materials.title')}
        description={t('robox.materials.intro')}
        actions={
          <>
            <ExportMenu path="/api/robox/materials/export" params={q} />
            <Button component={Link} to="/robox/material-categories" variant="light" leftSection={<IconCategory2 size={16} />}>
              {t('robox.categories.title')}
            </Button>
            {createButton}
          </>
        }
      />
      <Group mb="md" gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          placeholder={t('robox.materials.search')}
          aria-label={t('robox.materials.search')}
          leftSection={<IconSearch size={16} />}
          value={list$.search}
          onChange={(e) => list$.setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 260 }}
        />
        <Select
          aria-label={t('robox.materials.fields.category')}
          placeholder={t('robox.materials.allCategories')}
          data={(categories.data?.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          value={categoryId ? String(categoryId) : null}
          onChange={(v) => list$.setFilters({ categoryId: v })}
          clearable
          searchable
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          aria-label={t('robox.materials.fields.supplier')}
          placeholder={t('robox.materials.allSuppliers')}
          data={(options.data?.suppliers ?? []).map((s) => ({ value: String(s.id), label: localName(s, i18n.language) }))}
          value={supplierId ? String(supplierId) : null}
          onChange={(v) => list$.setFilters({ supplierId: v })}
          clearable
          searchable
          w={{ base: '100%', sm: 200 }}
        />
        <NumberInput
          aria-label={t('robox.materials.thicknessFilter')}
          placeholder={t('robox.materials.thicknessFilter')}
          value={thicknessInput}
          onChange={setThicknessInput}
          min={0}
          max={100_000}
          allowDecimal={false}
          allowNegative={false}
          suffix=" mm"
          w={{ base: '100%', sm: 150 }}
        />
        {filtered ? (
          <Button variant="subtle" onClick={clearFilters}>
            {t('robox.materials.clearFilters')}
          </Button>
        ) : null}
      </Group>
      <DataTable
        caption={t('robox.materials.title')}
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(m) => m.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        sort={list$.sort}
        onSort={list$.setSort}
        onPage={list$.setPage}
        empty={
          filtered ? (
            <NoMatchState
              title={t('robox.materials.noMatchTitle')}
              description={t('robox.materials.noMatchText')}
              clearLabel={t('robox.materials.clearFilters')}
              onClear={clearFilters}
            />
          ) : (
            <EmptyState
              icon={<IconStack2 size={32} stroke={1.5} />}
              title={t('robox.materials.emptyTitle')}
              description={t('robox.materials.emptyText')}
              action={createButton}
            />
          )
        }
      />
    </>
  );
}
