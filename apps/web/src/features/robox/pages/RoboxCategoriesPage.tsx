import { ROBOX_CATEGORY_SORTS, type RoboxCategory } from '@app/shared/robox/robox';
import { Anchor, Button, Text, TextInput } from '@mantine/core';
import { IconCategory2, IconPlus, IconSearch, IconStack2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { EmptyState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useDeleteRoboxCategory, useRoboxCategories } from '../api';

/** archive-robox-material-category: the material categories in their order. */
export function RoboxCategoriesPage() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(ROBOX_CATEGORY_SORTS, 'order');
  const remove = useDeleteRoboxCategory();
  const q = { page: list$.page, perPage: 25, sort: list$.sort, q: list$.q };
  const list = useRoboxCategories(q);

  const handleDelete = async (c: RoboxCategory) => {
    const ok = await confirmAction({
      title: t('robox.categories.delete.title'),
      message: t('robox.categories.delete.text', { name: c.name }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(c);
      notify.success(t('robox.categories.delete.done', { name: c.name }));
    });
  };

  const columns: Column<RoboxCategory>[] = [
    {
      key: 'order',
      header: t('robox.categories.fields.sortOrder'),
      // Only ascending exists: a second click ('-order') falls back to the same default.
      sortKey: 'order',
      width: 110,
      render: (c) => c.sortOrder,
    },
    {
      key: 'name',
      header: t('robox.categories.fields.name'),
      sortKey: 'name',
      render: (c) => (
        <Anchor component={Link} to={`/robox/material-categories/${c.id}/edit`} fw={500}>
          {c.name}
        </Anchor>
      ),
    },
    {
      key: 'description',
      header: t('robox.categories.fields.description'),
      render: (c) => (
        <Text size="sm" c={c.description ? undefined : 'dimmed'} lineClamp={2} maw={420}>
          {c.description || '—'}
        </Text>
      ),
    },
    {
      key: 'materials',
      header: t('robox.categories.fields.materialsCount'),
      sortKey: 'materials',
      width: 130,
      render: (c) =>
        c.materialsCount > 0 ? (
          <Anchor component={Link} to={`/robox/materials?categoryId=${c.id}`} size="sm">
            {t('robox.categories.materialsLink', { count: c.materialsCount })}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            0
          </Text>
        ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 100,
      render: (c) => (
        <RowActions
          edit={{ to: `/robox/material-categories/${c.id}/edit` }}
          editLabel={t('robox.categories.editFor', { name: c.name })}
          deleteLabel={t('robox.categories.deleteFor', { name: c.name })}
          onDelete={() => void handleDelete(c)}
          deleteDenied={deniedReason(t, c.abilities, 'canDelete', {
            ROBOX_CATEGORY_IN_USE: t('robox.categories.delete.inUse', { count: c.materialsCount }),
          })}
        />
      ),
    },
  ];

  const createButton = (
    <Button component={Link} to="/robox/material-categories/create" leftSection={<IconPlus size={16} />}>
      {t('robox.categories.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('robox.categories.title')}
        description={t('robox.categories.intro')}
        actions={
          <>
            <ExportMenu path="/api/robox/material-categories/export" params={q} />
            <Button component={Link} to="/robox/materials" variant="light" leftSection={<IconStack2 size={16} />}>
              {t('robox.materials.title')}
            </Button>
            {createButton}
          </>
        }
      />
      <TextInput
        mb="md"
        placeholder={t('robox.categories.search')}
        aria-label={t('robox.categories.search')}
        leftSection={<IconSearch size={16} />}
        value={list$.search}
        onChange={(e) => list$.setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      <DataTable
        caption={t('robox.categories.title')}
        columns={columns}
        rows={list.data?.data}
        meta={list.data?.meta}
        rowKey={(c) => c.id}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        sort={list$.sort}
        onSort={list$.setSort}
        onPage={list$.setPage}
        empty={
          <EmptyState
            icon={<IconCategory2 size={32} stroke={1.5} />}
            title={t(q.q ? 'robox.categories.noMatchTitle' : 'robox.categories.emptyTitle')}
            description={t(q.q ? 'robox.categories.noMatchText' : 'robox.categories.emptyText')}
            action={q.q ? null : createButton}
          />
        }
      />
    </>
  );
}
