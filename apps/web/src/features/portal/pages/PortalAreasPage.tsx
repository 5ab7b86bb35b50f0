import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLayoutGrid, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { TrailLink } from '../../../components/TrailLink';
import { areaTitle } from '../../projects/area-label';
import { AreaRow, portalAreaPath } from '../components/projects/AreaRow';
import { type AreaGroup, filterGroups, groupAreas } from '../components/projects/area-groups';
import { Completion } from '../components/projects/Completion';
import { DetailSkeleton } from '../components/projects/Detail';
import { AreaStatusBadge } from '../components/projects/StatusBadges';
import { usePortalAreas, usePortalProject } from '../projects-api';

/**
 * project-areas.index: the decks and areas of a project the company sees, each deck a section
 * with its completion and its areas as rows (status, completion, sub-areas). The search (number,
 * name or type) is kept in the address and filters what is loaded: the list is the project's.
 */
export function PortalAreasPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  // Both at once: the project's name for the header and the areas.
  const project = usePortalProject(projectId);
  const areas = usePortalAreas(projectId);

  const setSearch = (q: string) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        if (q) out.set('q', q);
        else out.delete('q');
        return out;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (areas.error) {
    body = <ErrorState error={areas.error} onRetry={() => void areas.refetch()} />;
  } else if (!areas.data) {
    body = <DetailSkeleton />;
  } else if (areas.data.length === 0) {
    body = (
      <Card withBorder padding="lg" radius="md">
        <EmptyState
          icon={<IconLayoutGrid size={32} stroke={1.5} />}
          title={t('portalProjects.areas.emptyTitle')}
          description={t('portalProjects.areas.emptyText')}
        />
      </Card>
    );
  } else {
    const groups = filterGroups(groupAreas(areas.data), search);
    body =
      groups.length === 0 ? (
        <EmptyState
          icon={<IconSearchOff size={32} stroke={1.5} />}
          title={t('portalProjects.areas.noMatchTitle')}
          description={t('portalProjects.areas.noMatchText', { q: search })}
          action={
            <Button variant="light" onClick={() => setSearch('')}>
              {t('portalProjects.areas.clearSearch')}
            </Button>
          }
        />
      ) : (
        <Stack gap="lg">
          {groups.map((g) => (
            <GroupSection key={g.id ?? 'loose'} projectId={projectId} group={g} />
          ))}
        </Stack>
      );
  }

  return (
    <>
      <PageHeader
        title={t('portal.areas.title')}
        description={project.data ? <TrailLink to={`/project/${projectId}`}>{project.data.name}</TrailLink> : undefined}
      />
      {areas.data && areas.data.length > 0 ? (
        <TextInput
          mb="lg"
          maw={420}
          label={t('portalProjects.areas.search')}
          placeholder={t('portalProjects.areas.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          type="search"
        />
      ) : null}
      {body}
    </>
  );
}

function GroupSection({ projectId, group }: { projectId: number; group: AreaGroup }) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = group.deck ? areaTitle(group.deck) : (group.name ?? t('portalProjects.areas.noDeck'));
  return (
    <Card withBorder padding={0} radius="md" component="section" aria-labelledby={headingId} data-testid="deck-section">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap" p="md">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {group.deck ? <TrailLink to={portalAreaPath(projectId, group.deck.id)}>{name}</TrailLink> : name}
          </Title>
          <Text size="xs" c="dimmed">
            {t('portalProjects.areas.areasCount', { count: group.areas.length })}
          </Text>
        </Stack>
        {group.deck ? (
          <Group gap="md" wrap="nowrap" style={{ flex: '1 1 240px' }} justify="flex-end">
            <Completion completion={group.deck.completion} compact />
            <AreaStatusBadge status={group.deck.status} fixed />
          </Group>
        ) : null}
      </Group>
      {group.areas.length > 0 ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {group.areas.map((a) => (
            <AreaRow key={a.id} projectId={projectId} area={a} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
