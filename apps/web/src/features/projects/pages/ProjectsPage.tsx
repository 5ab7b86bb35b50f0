import { PROJECT_SORTS, type ProjectListItem, projectListQuerySchema } from '@app/shared/projects/projects';
import { PROJECT_TABS } from '@app/shared/projects/projects.rules';
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconArchive,
  IconClockHour4,
  IconFolders,
  IconPencil,
  IconPlus,
  IconRestore,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelection } from '../../../components/bulk/useSelection';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { ListSearch, ListSort, ListTabs, ListToolbar } from '../../../components/ListToolbar';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, NoMatchState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { notifyError, useAttempt } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { useProjects, useProjectTransitions } from '../api';
import { CompletionBar } from '../components/CompletionBar';
import { ProjectsBulkBar } from '../components/ProjectsBulkBar';

/** Names in a cell: the first few, then "+n". */
function names(list: { name: string }[], empty: string, max = 2): string {
  if (list.length === 0) return empty;
  const shown = list.slice(0, max).map((x) => x.name);
  return list.length > max ? `${shown.join(', ')} +${list.length - max}` : shown.join(', ');
}

/**
 * projects.index ('Projecten'): the projects in tabs active, archived and deleted, sorted by last
 * updated, created or name, searchable, paged on the server; tab, sort, search and page live in the
 * URL. The row actions follow each project's abilities; delete and archive ask first, and their toast
 * offers to undo (a restore).
 */
export function ProjectsPage() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(projectListQuerySchema);
  const { tab } = list$.query;
  const canManage = useCan('projects.manage');
  const canSeeHours = useCan('hours.manage');
  const { archive, restore, remove, undo } = useProjectTransitions();

  const q = { page: list$.page, perPage: 25, sort: list$.sort, q: list$.q, tab };
  const list = useProjects(q);
  const listQuery = { sort: q.sort, q: q.q, tab };
  const selection = useSelection(JSON.stringify(listQuery));

  const offerUndo = (p: ProjectListItem, message: string) =>
    notify.success(message, {
      action: {
        label: t('projects.undo'),
        onClick: () => {
          undo
            .mutateAsync(p.id)
            .then(() => notify.success(t('projects.restore.done', { name: p.name })))
            .catch((err: unknown) => notifyError(t, err));
        },
      },
    });

  const handleArchive = async (p: ProjectListItem) => {
    const ok = await confirmAction({
      title: t('projects.archive.title'),
      message: t('projects.archive.text', { name: p.name }),
      confirmLabel: t('projects.archive.confirm'),
    });
    if (!ok) return;
    await attempt(async () => {
      await archive.mutateAsync(p);
      offerUndo(p, t('projects.archive.done', { name: p.name }));
    });
  };

  const handleDelete = async (p: ProjectListItem) => {
    const ok = await confirmAction({
      title: t('projects.delete.title'),
      message: t('projects.delete.text', { name: p.name }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(p);
      offerUndo(p, t('projects.delete.done', { name: p.name }));
    });
  };

  const handleRestore = async (p: ProjectListItem) => {
    await attempt(async () => {
      await restore.mutateAsync(p);
      notify.success(t('projects.restore.done', { name: p.name }));
    });
  };

  const action = (label: string, icon: ReactNode, onClick: () => void, color?: string) => (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  const columns: Column<ProjectListItem>[] = [
    {
      key: 'image',
      header: <span className="visually-hidden">{t('projects.fields.featuredImage')}</span>,
      label: t('projects.fields.featuredImage'),
      width: 64,
      render: (p) => <Thumb src={p.featuredThumbUrl} alt="" width={44} height={44} />,
    },
    {
      key: 'name',
      header: t('projects.fields.name'),
      sortKey: 'name',
      render: (p) => (
        <Group gap={6} wrap="wrap" miw={160}>
          <Anchor component={Link} to={`/projects/${p.id}/areas`} fw={500}>
            {p.name}
          </Anchor>
          {p.type === 'preferred' ? (
            <Tooltip label={t('projects.type.preferred')}>
              <Badge color="yellow" variant="light" size="sm" leftSection={<IconStar size={10} aria-hidden />}>
                {t('projects.type.preferredShort')}
              </Badge>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
    { key: 'managers', header: t('projects.fields.managers'), render: (p) => names(p.managers, '—') },
    { key: 'companies', header: t('projects.fields.companies'), render: (p) => names(p.companies, '—') },
    {
      key: 'completion',
      header: t('projects.fields.completion'),
      render: (p) => <CompletionBar completion={p.completion} compact />,
    },
    {
      key: 'tickets',
      header: t('projects.fields.openTickets'),
      width: 110,
      render: (p) =>
        p.openTicketsCount > 0 ? (
          <Anchor
            component={Link}
            to={`/projects/${p.id}/tickets`}
            aria-label={t('projects.list.openTicketsFor', { count: p.openTicketsCount, name: p.name })}
          >
            <Badge color="orange" variant="light">
              {p.openTicketsCount}
            </Badge>
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            0
          </Text>
        ),
    },
    {
      key: 'updated',
      header: t('projects.fields.updatedAt'),
      sortKey: 'updated',
      width: 130,
      render: (p) => (
        <Text size="sm" title={formatDateTime(p.updatedAt)} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(p.updatedAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      label: t('common.table.actions'),
      width: 150,
      render: (p) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {p.abilities.canEdit ? (
            <Tooltip label={t('common.actions.edit')}>
              <ActionIcon
                component={Link}
                to={`/projects/${p.id}/details`}
                variant="subtle"
                aria-label={t('projects.list.editFor', { name: p.name })}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {p.abilities.canArchive
            ? action(t('projects.list.archiveFor', { name: p.name }), <IconArchive size={16} />, () => void handleArchive(p))
            : null}
          {p.abilities.canRestore
            ? action(
                t('projects.list.restoreFor', { name: p.name }),
                <IconRestore size={16} />,
                () => void handleRestore(p),
                'teal',
              )
            : null}
          {p.abilities.canDelete
            ? action(t('projects.list.deleteFor', { name: p.name }), <IconTrash size={16} />, () => void handleDelete(p), 'red')
            : null}
        </Group>
      ),
    },
  ];

  const createButton = canManage ? (
    <Button component={Link} to="/projects/create" leftSection={<IconPlus size={16} />}>
      {t('projects.list.create')}
    </Button>
  ) : null;

  const empty = list$.q ? (
    <NoMatchState
      title={t('projects.list.noMatchTitle')}
      description={t('projects.list.noMatchText', { q: list$.q })}
      clearLabel={t('projects.list.clearSearch')}
      onClear={() => list$.setSearch('')}
    />
  ) : (
    <EmptyState
      icon={<IconFolders size={32} stroke={1.5} />}
      title={t(`projects.list.empty.${tab}.title`)}
      description={t(`projects.list.empty.${tab}.text${tab === 'active' && !canManage ? 'ViewOnly' : ''}`)}
      action={tab === 'active' ? createButton : null}
    />
  );

  return (
    <>
      <PageHeader
        title={t('projects.list.title')}
        description={t('projects.list.intro')}
        actions={
          <>
            <ExportMenu path="/api/projects/export" params={{ sort: q.sort, q: q.q, tab }} />
            {canSeeHours ? (
              <Button component={Link} to="/projects/hours" variant="default" leftSection={<IconClockHour4 size={16} />}>
                {t('hours.index.title')}
              </Button>
            ) : null}
            {createButton}
          </>
        }
      />
      <ListTabs list$={list$} tabs={PROJECT_TABS} value={tab} defaultTab="active" label={(x) => t(`projects.list.tabs.${x}`)}>
        <Stack gap="md">
          <ListToolbar>
            <ListSearch list$={list$} label={t('projects.list.search')} width={300} />
            <ListSort
              list$={list$}
              sorts={PROJECT_SORTS}
              sortLabel={(s) => t(`projects.list.sorts.${s}`)}
              label={t('projects.list.sortLabel')}
              visibleLabel
              width={240}
            />
          </ListToolbar>
          <DataTable
            caption={t('projects.list.caption', { tab: t(`projects.list.tabs.${tab}`) })}
            columns={columns}
            rows={list.data?.data}
            meta={list.data?.meta}
            rowKey={(p) => p.id}
            isLoading={list.isLoading}
            error={list.error}
            onRetry={() => void list.refetch()}
            sort={list$.sort}
            onSort={list$.setSort}
            onPage={list$.setPage}
            cardSort={false}
            selection={canManage ? selection : undefined}
            rowLabel={(p) => p.name}
            empty={empty}
          />
        </Stack>
      </ListTabs>
      {canManage ? (
        <ProjectsBulkBar
          selection={selection}
          tab={tab}
          pageIds={(list.data?.data ?? []).map((p) => p.id)}
          total={list.data?.meta.total ?? 0}
          query={listQuery}
        />
      ) : null}
    </>
  );
}
