import type { Project } from '@app/shared/projects/projects';
import { Badge, Box, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconRestore, IconStar } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { ErrorState } from '../../../components/States';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useProject, useProjectTransitions } from '../api';
import { CompletionBar } from './CompletionBar';
import classes from './ProjectHeader.module.css';

/** The project's tabs, in order (the drawings tab comes with the approvals issue). */
const TABS = [
  { path: 'areas', label: 'projects.tabs.areas' },
  { path: 'tasks', label: 'projects.tabs.tasks' },
  { path: 'articles', label: 'projectArticles.tab' },
  { path: 'tickets', label: 'projects.tabs.tickets' },
  { path: 'timeline', label: 'timeline.tab' },
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
  const project = useProject(projectId);
  const { restore } = useProjectTransitions();
  const tabsRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const loaded = !!project.data;

  // On a phone the bar scrolls sideways: the current tab is brought into view (not the page scrolled).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or the first render of the bar
  useEffect(() => {
    const bar = tabsRef.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!bar || !current) return;
    const left = current.offsetLeft;
    if (left < bar.scrollLeft || left + current.offsetWidth > bar.scrollLeft + bar.clientWidth) {
      bar.scrollLeft = Math.max(0, left - 16);
    }
  }, [pathname, loaded]);

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
    try {
      await restore.mutateAsync(p);
      notify.success(t('projects.restore.done', { name: p.name }));
    } catch (err) {
      notify.error(errorMessage(t, err));
    }
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
      <Box component="nav" ref={tabsRef} aria-label={t('projects.tabs.label', { name: p.name })} className={classes.tabs}>
        {TABS.map((tab) => (
          <NavLink key={tab.path} to={`/projects/${p.id}/${tab.path}`} className={classes.tab}>
            {t(tab.label)}
            {tab.path === 'tickets' && p.openTicketsCount > 0 ? (
              <>
                <Badge size="sm" variant="light" color="orange" ml={6} aria-hidden>
                  {p.openTicketsCount}
                </Badge>
                <span className="visually-hidden">{t('projects.tabs.openTickets', { count: p.openTicketsCount })}</span>
              </>
            ) : null}
          </NavLink>
        ))}
      </Box>
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
