import type { TemplateSummary } from '@app/shared/templates/templates';
import { applicationActive } from '@app/shared/templates/templates.rules';
import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconPencil, IconPlayerPlay, IconSearch, IconTemplate, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { EmptyState, NoMatchState } from '../../../components/States';
import { useAttempt } from '../../../lib/attempt';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { useProject } from '../../projects/api';
import { ProjectShell } from '../../projects/components/ProjectHeader';
import { useApplyTemplate, useDeleteTemplate, useLatestApplication, useTemplates } from '../api';
import { ApplicationProgress } from '../components/ApplicationProgress';
import { TemplateAreasModal } from '../components/TemplateAreasModal';
import { TemplateTitleModal, type TitleEditing } from '../components/TemplateTitleModal';

const PER_PAGE = 25;

/**
 * projects.templates ('Sjablonen'): save the project's decks, areas and sub-areas as a template,
 * and apply a template to the project (a job; its progress bar, then what it created and skipped).
 * The templates are shared by every project: search and page in the URL, view, rename, delete.
 */
export function TemplatesPage() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const list$ = useListParams(['title'] as const, 'title');
  const q = { page: list$.page, perPage: PER_PAGE, ...(list$.q ? { q: list$.q } : {}) };
  const list = useTemplates(q);
  const latest = useLatestApplication(projectId);
  const apply = useApplyTemplate(projectId);
  const remove = useDeleteTemplate();
  const canManage = useCan('projects.manage');
  const [editing, setEditing] = useState<TitleEditing | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const running = !!latest.data && applicationActive(latest.data.status);
  const projectName = project.data?.name ?? '';
  const projectDeleted = !!project.data?.deletedAt;

  const handleApply = async (tpl: TemplateSummary) => {
    const ok = await confirmAction({
      title: t('templates.apply.confirmTitle', { title: tpl.title }),
      message: t('templates.apply.confirmText', { count: tpl.areaCount, title: tpl.title, project: projectName }),
      confirmLabel: t('templates.apply.confirm'),
    });
    if (!ok) return;
    await attempt(async () => {
      await apply.mutateAsync(tpl.id);
      notify.info(t('templates.apply.started', { title: tpl.title }));
    });
  };

  const handleDelete = async (tpl: TemplateSummary) => {
    const ok = await confirmAction({
      title: t('templates.delete.confirmTitle', { title: tpl.title }),
      message: t('templates.delete.confirmText', { title: tpl.title }),
      confirmLabel: t('templates.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(tpl);
      notify.success(t('templates.delete.done', { title: tpl.title }));
    });
  };

  const columns: Column<TemplateSummary>[] = [
    {
      key: 'title',
      header: t('templates.fields.title'),
      card: 'title',
      render: (tpl) => (
        <Anchor component="button" type="button" fw={600} onClick={() => setViewing(tpl.id)} style={{ overflowWrap: 'anywhere' }}>
          {tpl.title}
        </Anchor>
      ),
    },
    {
      key: 'areas',
      header: t('templates.fields.areaCount'),
      width: 110,
      render: (tpl) => <Text size="sm">{tpl.areaCount.toLocaleString()}</Text>,
    },
    {
      key: 'createdBy',
      header: t('templates.fields.createdBy'),
      render: (tpl) => <Text size="sm">{tpl.createdBy ?? '—'}</Text>,
    },
    {
      key: 'updated',
      header: t('templates.fields.updatedAt'),
      width: 120,
      render: (tpl) => (
        <Text size="sm" title={formatDateTime(tpl.updatedAt)} style={{ whiteSpace: 'nowrap' }}>
          {formatDate(tpl.updatedAt)}
        </Text>
      ),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('common.table.actions')}</span>,
      label: t('common.table.actions'),
      card: 'actions',
      width: 210,
      render: (tpl) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {tpl.abilities.canApply && !projectDeleted ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} />}
              onClick={() => void handleApply(tpl)}
              disabled={running || apply.isPending}
              aria-label={t('templates.apply.buttonFor', { title: tpl.title })}
            >
              {t('templates.apply.button')}
            </Button>
          ) : null}
          {tpl.abilities.canEdit ? (
            <Tooltip label={t('common.actions.edit')}>
              <ActionIcon
                variant="subtle"
                onClick={() => setEditing({ mode: 'rename', template: tpl })}
                aria-label={t('templates.rename.buttonFor', { title: tpl.title })}
              >
                <IconPencil size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {tpl.abilities.canDelete ? (
            <Tooltip label={t('common.actions.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={() => void handleDelete(tpl)}
                aria-label={t('templates.delete.buttonFor', { title: tpl.title })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];

  const saveButton = canManage ? (
    <Button leftSection={<IconDeviceFloppy size={16} />} onClick={() => setEditing({ mode: 'save', projectId })}>
      {t('templates.save.button')}
    </Button>
  ) : null;

  const empty = list$.q ? (
    <NoMatchState
      title={t('templates.list.noMatchTitle')}
      description={t('templates.list.noMatchText', { q: list$.q })}
      clearLabel={t('templates.list.clearSearch')}
      onClear={() => list$.setSearch('')}
    />
  ) : (
    <EmptyState
      icon={<IconTemplate size={32} stroke={1.5} />}
      title={t('templates.list.emptyTitle')}
      description={t(canManage ? 'templates.list.emptyText' : 'templates.list.emptyTextViewOnly')}
      action={saveButton}
    />
  );

  return (
    <ProjectShell projectId={projectId}>
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 16rem' }}>
            <Title order={2} fz="xl">
              {t('templates.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('templates.intro')}
            </Text>
          </Stack>
          <Group gap="sm">
            <ExportMenu path="/api/templates/export" params={q} />
            {saveButton}
          </Group>
        </Group>
        {latest.data ? <ApplicationProgress application={latest.data} /> : null}
        <TextInput
          placeholder={t('templates.list.search')}
          aria-label={t('templates.list.search')}
          leftSection={<IconSearch size={16} />}
          value={list$.search}
          onChange={(e) => list$.setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 300 }}
        />
        <DataTable
          caption={t('templates.list.caption')}
          columns={columns}
          rows={list.data?.data}
          meta={list.data?.meta}
          rowKey={(tpl) => tpl.id}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          onPage={list$.setPage}
          cardSort={false}
          empty={empty}
        />
      </Stack>
      <TemplateTitleModal editing={editing} onClose={() => setEditing(null)} />
      <TemplateAreasModal templateId={viewing} onClose={() => setViewing(null)} />
    </ProjectShell>
  );
}
