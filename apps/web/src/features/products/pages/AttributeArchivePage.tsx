import { ATTRIBUTE_SORTS, type Attribute, type AttributeKind } from '@app/shared/products/attributes';
import { Button, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { RowActions } from '../../../components/RowActions';
import { EmptyState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { isApiError } from '../../../lib/api';
import { notifyError } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { NotFoundPage } from '../../home/pages/NotFoundPage';
import { isAttributeKind, useAttributes, useDeleteAttribute } from '../attributes-api';
import { AttributeModal } from '../components/AttributeModal';

/** attributes.archive: one kind's values (e.g. 'Categorieën'), searchable and sortable; create, edit, delete. */
export function AttributeArchivePage() {
  const kind = useParams().kind;
  if (!isAttributeKind(kind)) return <NotFoundPage />;
  return <Archive key={kind} kind={kind} />;
}

function Archive({ kind }: { kind: AttributeKind }) {
  const { t } = useTranslation();
  const list$ = useListParams(ATTRIBUTE_SORTS, 'name');
  const [editing, setEditing] = useState<Attribute | null | undefined>(undefined);
  const remove = useDeleteAttribute(kind);
  const q = { page: list$.page, perPage: 25, sort: list$.sort, q: list$.q };
  const list = useAttributes(kind, q);
  const label = t(`attributes.kinds.${kind}`);

  const handleDelete = async (a: Attribute) => {
    const ok = await confirmAction({
      title: t('attributes.delete.title'),
      message: t('attributes.delete.text', { name: a.nameNl }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(a);
      notify.success(t('attributes.delete.done', { name: a.nameNl }));
    } catch (err) {
      if (isApiError(err) && err.code === 'ATTRIBUTE_IN_USE') {
        notify.error(inUseText(a, Number(err.details?.count) || undefined));
      } else notifyError(t, err);
    }
  };

  /** What keeps an attribute from being deleted, with the count the record (or the refusal) carries. */
  const inUseText = (a: Attribute, count = a.usesCount) => {
    const variant = kind === 'type-groups' || kind === 'suppliers' ? kind : 'default';
    return t(`attributes.delete.inUse.${variant}`, { name: a.nameNl, count });
  };

  const columns: Column<Attribute>[] = [
    {
      key: 'name',
      header: t('attributes.fields.nameNl'),
      sortKey: 'name',
      render: (a) => <Text fw={500}>{a.nameNl}</Text>,
    },
    {
      key: 'nameEn',
      header: t('attributes.fields.nameEn'),
      render: (a) =>
        a.nameEn ? (
          a.nameEn
        ) : (
          <Text size="sm" c="dimmed">
            {t('attributes.list.sameAsDutch')}
          </Text>
        ),
    },
    ...(kind === 'types'
      ? [
          {
            key: 'group',
            header: t('attributes.fields.typeGroup'),
            render: (a: Attribute) => a.typeGroupNameNl ?? '—',
          },
        ]
      : []),
    {
      key: 'products',
      header: t(kind === 'type-groups' ? 'attributes.fields.typesCount' : 'attributes.fields.productsCount'),
      sortKey: 'products',
      width: 130,
      render: (a) => a.productsCount,
    },
    {
      key: 'updated',
      header: t('attributes.fields.updated'),
      sortKey: 'updated',
      render: (a) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(a.updatedAt)}</span>,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      width: 100,
      render: (a) => (
        <RowActions
          edit={{ onClick: () => setEditing(a) }}
          editLabel={t('attributes.list.editFor', { name: a.nameNl })}
          deleteLabel={t('attributes.list.deleteFor', { name: a.nameNl })}
          onDelete={() => void handleDelete(a)}
          deleteDenied={deniedReason(t, a.abilities, 'canDelete', { ATTRIBUTE_IN_USE: inUseText(a) })}
        />
      ),
    },
  ];

  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
      {t('attributes.list.create')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={label}
        description={t(`attributes.kindHints.${kind}`)}
        actions={
          <>
            <ExportMenu path={`/api/attributes/${kind}/export`} params={q} />
            {createButton}
          </>
        }
      />
      <TextInput
        mb="md"
        placeholder={t('attributes.list.search')}
        aria-label={t('attributes.list.search')}
        leftSection={<IconSearch size={16} />}
        value={list$.search}
        onChange={(e) => list$.setSearch(e.currentTarget.value)}
        w={{ base: '100%', sm: 320 }}
      />
      <DataTable
        caption={label}
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
        empty={
          <EmptyState
            icon={<IconTags size={32} stroke={1.5} />}
            title={t(q.q ? 'attributes.list.noMatchTitle' : 'attributes.list.emptyTitle', { kind: label })}
            description={t(q.q ? 'attributes.list.noMatchText' : 'attributes.list.emptyText')}
            action={q.q ? null : createButton}
          />
        }
      />
      <AttributeModal
        kind={kind}
        editing={editing}
        onClose={() => setEditing(undefined)}
        reload={async (id) => (await list.refetch()).data?.data.find((a) => a.id === id)}
      />
    </>
  );
}
