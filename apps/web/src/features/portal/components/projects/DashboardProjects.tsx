import { PORTAL_PROJECT_TABS } from '@app/shared/portal/portal';
import { Card, Group, Pagination, SegmentedControl, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconArchive, IconBuildingSkyscraper } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../../components/States';
import { DASHBOARD_PROJECTS_PER_PAGE, usePortalProjects } from '../../projects-api';
import { ProjectCard } from './ProjectCard';

type Tab = (typeof PORTAL_PROJECT_TABS)[number];

/** The tab and page of the dashboard's projects, as the address keeps them (?tab=archived&page=2). */
export function projectListState(params: URLSearchParams): { tab: Tab; page: number } {
  const tab: Tab = params.get('tab') === 'archived' ? 'archived' : 'active';
  const page = Number(params.get('page'));
  return { tab, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/**
 * The dashboard's projects: Active or Archived (a segmented control kept in the address), each
 * project a card that opens it, paged when there are many.
 */
export function DashboardProjects() {
  const { t } = useTranslation();
  const headingId = useId();
  const [params, setParams] = useSearchParams();
  const { tab, page } = projectListState(params);
  const q = usePortalProjects({ tab, page, perPage: DASHBOARD_PROJECTS_PER_PAGE });

  const go = (next: { tab: Tab; page: number }) => {
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (next.tab === 'active') out.delete('tab');
        else out.set('tab', next.tab);
        if (next.page > 1) out.set('page', String(next.page));
        else out.delete('page');
        return out;
      },
      { replace: true },
    );
  };

  let body: ReactNode;
  if (q.error) {
    body = <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  } else if (!q.data) {
    body = (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-busy="true" aria-label={t('common.states.loading')}>
        {[0, 1, 2].map((i) => (
          <Card key={i} withBorder padding="lg" radius="md">
            <Skeleton h={20} w="70%" mb="sm" />
            <Skeleton h={14} w="50%" mb="md" />
            <Skeleton h={10} />
          </Card>
        ))}
      </SimpleGrid>
    );
  } else if (q.data.data.length === 0) {
    body = (
      <Card withBorder padding="lg" radius="md">
        {tab === 'active' ? (
          <EmptyState
            icon={<IconBuildingSkyscraper size={32} stroke={1.5} />}
            title={t('portal.home.emptyTitle')}
            description={t('portal.home.emptyText')}
          />
        ) : (
          <EmptyState
            icon={<IconArchive size={32} stroke={1.5} />}
            title={t('portalProjects.home.archivedEmptyTitle')}
            description={t('portalProjects.home.archivedEmptyText')}
          />
        )}
      </Card>
    );
  } else {
    body = (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy={q.isPlaceholderData}>
          {q.data.data.map((p) => (
            <ProjectCard key={p.id} project={p} />
          ))}
        </SimpleGrid>
        {q.data.meta.last_page > 1 ? (
          <Group justify="center">
            <Pagination
              total={q.data.meta.last_page}
              value={q.data.meta.current_page}
              onChange={(p) => go({ tab, page: p })}
              siblings={0}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`common.table.${control}`) })}
              getItemProps={(p) => ({ 'aria-label': t('portalProjects.home.pageNumber', { page: p }) })}
            />
          </Group>
        ) : null}
      </Stack>
    );
  }

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Title order={2} size="h3" id={headingId}>
          {t('portalProjects.home.projectsTitle')}
        </Title>
        <SegmentedControl
          aria-label={t('portalProjects.home.tabsLabel')}
          value={tab}
          onChange={(v) => go({ tab: v === 'archived' ? 'archived' : 'active', page: 1 })}
          data={PORTAL_PROJECT_TABS.map((value) => ({ value, label: t(`portalProjects.home.tabs.${value}`) }))}
        />
      </Group>
      {body}
    </Stack>
  );
}
