import type { Project } from '@app/shared/projects/projects';
import { Alert, Badge, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconLock, IconRestore, IconStar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/States';
import { TabBar } from '../../../components/TabBar';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useCan } from '../../auth/api';
import { useProject, useProjectTransitions } from '../api';
import { CompletionBar } from './CompletionBar';

/** The project's tabs, in order. */
const TABS = [
  { path: 'areas', label: 'projects.tabs.areas' },
  { path: 'tasks', label: 'projects.tabs.tasks' },
  { path: 'articles', label: 'projectArticles.tab' },
  { path: 'tickets', label: 'projects.tabs.tickets' },
  { path: 'drawings', label: 'drawings.tab' },
  { path: 'timeline', label: 'timeline.tab' },
  { path: 'hours', label: 'hours.projectTab' },
  { path: 'budget', label: 'budgets.tab' },
  { path: 'feed', label: 'projects.tabs.feed' },
  { path: 'templates', label: 'templates.tab' },
  { path: 'details', label: 'projects.tabs.details' },
] as const;

/** 'Inactief' or 'Verwijderd' beside the name; an active project needs no badge. */
export function ProjectStatusBadge({ project }: { project: Pick<Project, 'status' | 'deletedAt'> }) {
  const { t } = useTranslation();
  if (project.deletedAt) {
    return (
      <Badge color="red" variant="light">
        {t('projects.status.deleted')}
      </Badge>
    );
  }
  if (project.status === 'inactive') {
    return (
      <Badge color="gray" variant="light">
        {t('projects.status.archived')}
      </Badge>
    );
  }
  return null;
}

/**
 * The top of every page inside one project: its name (with its state when it is not active, and
 * 'Terugzetten' when the server allows it), how far it is, and the project's tabs as links (the
 * current one marked for assistive technology; the bar scrolls sideways on a phone).
 */
export function ProjectHeader({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const project = useProject(projectId);
  const { restore } = useProjectTransitions();
  // The hours tab is for who keeps hours or runs projects; the server checks the same.
  const canSeeHours = useCan(['hours.manage', 'projects.manage']);
  // The budget shows cost prices and everyone's hours: for who runs projects, as the server has it.
  const canSeeBudget = useCan(['projects.manage']);
  const loaded = !!project.data;

  if (project.isLoading) {
    return (
      <Stack gap="sm" mb="lg" aria-busy="true">
        <Skeleton h={32} w={320} maw="100%" />
        <Skeleton h={14} w={220} />
        <Skeleton h={36} />
      </Stack>
    );
  }
  if (project.error || !project.data) {
    return <ErrorState error={project.error} onRetry={() => void project.refetch()} />;
  }
  const p = project.data;

  const handleRestore = async () => {
    await attempt(async () => {
      await restore.mutateAsync(p);
      notify.success(t('projects.restore.done', { name: p.name }));
    });
  };

  return (
    <Stack gap="sm" mb="lg">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: '1 1 18rem' }}>
          <Group gap="xs" wrap="wrap" align="center">
            <Title order={1} fz={{ base: 22, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
              {p.name}
            </Title>
            <ProjectStatusBadge project={p} />
            {p.type === 'preferred' ? (
              <Badge color="yellow" variant="light" leftSection={<IconStar size={12} aria-hidden />}>
                {t('projects.type.preferred')}
              </Badge>
            ) : null}
          </Group>
          <CompletionBar completion={p.completion} />
        </Stack>
        {p.abilities.canRestore ? (
          <Button
            variant="light"
            leftSection={<IconRestore size={16} />}
            onClick={() => void handleRestore()}
            loading={restore.isPending}
          >
            {t('projects.restore.button')}
          </Button>
        ) : null}
      </Group>
      {p.deletedAt ? (
        // Everything in a deleted project is read-only: said once here, and each action says why.
        <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('projects.readOnly.title')}>
          {t('projects.readOnly.text')}
        </Alert>
      ) : null}
      <TabBar
        label={t('projects.tabs.label', { name: p.name })}
        ready={loaded}
        tabs={TABS.filter((tab) => (tab.path !== 'hours' || canSeeHours) && (tab.path !== 'budget' || canSeeBudget)).map(
          (tab) => ({
            to: `/projects/${p.id}/${tab.path}`,
            label:
              tab.path === 'tickets' && p.openTicketsCount > 0 ? (
                <>
                  {t(tab.label)}
                  <Badge size="sm" variant="light" color="orange" ml={6} aria-hidden>
                    {p.openTicketsCount}
                  </Badge>
                  <span className="visually-hidden">{t('projects.tabs.openTickets', { count: p.openTicketsCount })}</span>
                </>
              ) : (
                t(tab.label)
              ),
          }),
        )}
      />
    </Stack>
  );
}

/**
 * A page inside one project: the header, then the page. When the project cannot be loaded (gone,
 * or not this person's to see) the header says so once and the page itself is left out.
 */
export function ProjectShell({ projectId, children }: { projectId: number; children: ReactNode }) {
  const project = useProject(projectId);
  return (
    <>
      <ProjectHeader projectId={projectId} />
      {project.error ? null : children}
    </>
  );
}
