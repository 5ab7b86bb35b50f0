import { type AreaSummary, areaListQuerySchema } from '@app/shared/projects/areas';
import { AREA_STATUSES, type AreaStatus } from '@app/shared/projects/projects.rules';
import { Anchor, Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconLayoutGrid,
  IconListDetails,
  IconMap,
  IconPlus,
  IconPrinter,
  IconSearch,
  IconSearchOff,
  IconStack2,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ExportMenu } from '../../../components/ExportMenu';
import { EmptyState, ErrorState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { useListParams } from '../../../lib/use-list-params';
import { useCan } from '../../auth/api';
import { areaTitle } from '../area-label';
import { useAreaList } from '../areas-api';
import { AreaModal, type NewArea } from '../components/AreaModal';
import { AreaRowActions, AreaStatusBadge, AreaTable, areaPath, useAreaActions } from '../components/AreaTable';
import { BulkAreasModal, type BulkTarget } from '../components/BulkAreasModal';
import { CompletionBar } from '../components/CompletionBar';
import { GuardedAction } from '../components/GuardedAction';
import { ProjectHeader } from '../components/ProjectHeader';
import { useProjectLock } from '../project-lock';

/**
 * projects.areas: a project's decks as sections (plan thumbnail, completion, actions) with their
 * areas as rows, the areas without a deck in a section of their own; search and status in the URL;
 * add a deck or an area, add many at once, edit, delete, complete and reopen as the abilities allow.
 */
export function AreasPage() {
  const { t } = useTranslation();
  const projectId = Number(useParams().projectId);
  const list$ = useListParams(areaListQuerySchema);
  const { status } = list$.query;
  const filtered = !!list$.q || !!status;
  const list = useAreaList(projectId, { q: list$.q, status });
  const canManage = useCan('projects.manage');
  // A deleted project is read-only: the add buttons stay in sight, disabled, and say why.
  const lock = useProjectLock(projectId);
  // On a phone the three add buttons share two rows instead of taking one each.
  const buttonSize = useMediaQuery('(max-width: 36em)') ? 'xs' : 'sm';
  const [editing, setEditing] = useState<number | NewArea | undefined>(undefined);
  const [bulk, setBulk] = useState<BulkTarget | undefined>(undefined);
  const { handleDelete, handleStatus } = useAreaActions(projectId);

  const decks = list.data?.decks ?? [];
  const areas = list.data?.areas ?? [];
  const deckIds = new Set(decks.map((d) => d.id));
  const byDeck = new Map<number, AreaSummary[]>();
  const loose: AreaSummary[] = [];
  for (const a of areas) {
    if (a.parentId !== null && deckIds.has(a.parentId)) byDeck.set(a.parentId, [...(byDeck.get(a.parentId) ?? []), a]);
    else loose.push(a);
  }

  const addButtons = canManage ? (
    <>
      <GuardedAction
        size={buttonSize}
        buttonVariant="default"
        icon={<IconStack2 size={16} />}
        label={t('areas.actions.addDeck')}
        denied={lock.denied}
        onClick={() => setEditing({ kind: 'deck', parentId: null })}
      />
      <GuardedAction
        size={buttonSize}
        buttonVariant="light"
        icon={<IconListDetails size={16} />}
        label={t('areas.actions.bulk')}
        denied={lock.denied}
        onClick={() => setBulk({ kind: 'area', parentId: null })}
      />
      <GuardedAction
        size={buttonSize}
        buttonVariant="filled"
        icon={<IconPlus size={16} />}
        label={t('areas.actions.addArea')}
        denied={lock.denied}
        onClick={() => setEditing({ kind: 'area', parentId: null })}
      />
    </>
  ) : null;

  const onEdit = (a: AreaSummary) => setEditing(a.id);

  let body: ReactNode;
  if (list.error) {
    body = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (!list.data) {
    body = (
      <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.states.loading')}>
        {[0, 1].map((i) => (
          <Card key={i} withBorder padding="md">
            <Group gap="md" mb="md">
              <Skeleton w={64} h={48} />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={18} w="40%" />
                <Skeleton h={12} w="25%" />
              </Stack>
            </Group>
            <Skeleton h={36} mb={8} />
            <Skeleton h={36} mb={8} />
            <Skeleton h={36} />
          </Card>
        ))}
      </Stack>
    );
  } else if (decks.length === 0 && areas.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={<IconSearchOff size={32} stroke={1.5} />}
        title={t('areas.list.noMatchTitle')}
        description={t('areas.list.noMatchText')}
        action={
          <Button
            variant="light"
            onClick={() => {
              list$.setSearch('');
              list$.setFilters({ q: null, status: null });
            }}
          >
            {t('areas.list.clearFilters')}
          </Button>
        }
      />
    ) : (
      <Card withBorder padding="lg">
        <EmptyState
          icon={<IconLayoutGrid size={32} stroke={1.5} />}
          title={t('areas.list.emptyTitle')}
          description={t(canManage ? 'areas.list.emptyText' : 'areas.list.emptyTextView')}
          action={addButtons ? <Group justify="center">{addButtons}</Group> : null}
        />
      </Card>
    );
  } else {
    body = (
      <Stack gap="lg">
        {decks.map((deck) => {
          const rows = byDeck.get(deck.id) ?? [];
          // While searching, a deck without a match (and not matching itself) says nothing useful.
          if (filtered && rows.length === 0 && !deckMatches(deck, list$.q, status)) return null;
          return (
            <DeckSection
              key={deck.id}
              projectId={projectId}
              deck={deck}
              rows={rows}
              canManage={canManage}
              addDenied={lock.denied}
              filtered={filtered}
              onEdit={onEdit}
              onAdd={() => setEditing({ kind: 'area', parentId: deck.id })}
              onBulk={() => setBulk({ kind: 'area', parentId: deck.id })}
              onDelete={(a) => void handleDelete(a)}
              onStatus={(a, action) => void handleStatus(a, action)}
            />
          );
        })}
        {loose.length > 0 || decks.length === 0 ? (
          <Card withBorder padding="md" component="section" aria-labelledby="areas-without-deck">
            <Title order={3} fz="lg" id="areas-without-deck" mb="sm">
              {decks.length === 0 ? t('areas.list.allAreas') : t('areas.list.withoutDeck')}
            </Title>
            <AreaTable
              projectId={projectId}
              rows={loose}
              isLoading={false}
              caption={decks.length === 0 ? t('areas.list.allAreas') : t('areas.list.withoutDeck')}
              onEdit={onEdit}
              empty={<Text c="dimmed">{t('areas.list.noAreas')}</Text>}
            />
          </Card>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <ProjectHeader projectId={projectId} />
      <Stack gap="md">
        <Group justify="space-between" align="center" gap="sm" wrap="wrap">
          <Title order={2} fz="h3">
            {t('areas.title')}
          </Title>
          <Group gap="sm" wrap="wrap">
            <Button
              size={buttonSize}
              variant="default"
              component={Link}
              to={`/projects/${projectId}/task-list`}
              leftSection={<IconPrinter size={16} />}
            >
              {t('taskList.open')}
            </Button>
            {addButtons}
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap" align="center">
          <TextInput
            placeholder={t('areas.list.search')}
            aria-label={t('areas.list.search')}
            leftSection={<IconSearch size={16} />}
            value={list$.search}
            onChange={(e) => list$.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 300 }}
          />
          <SegmentedControl
            aria-label={t('areas.fields.status')}
            value={status ?? 'all'}
            onChange={(v) => list$.setFilters({ status: v === 'all' ? null : v })}
            data={[
              { value: 'all', label: t('areas.list.allStatuses') },
              ...AREA_STATUSES.map((s) => ({ value: s, label: t(`areas.status.${s}`) })),
            ]}
          />
          <Group ml="auto">
            <ExportMenu path={`/api/projects/${projectId}/areas/export`} params={{ q: list$.q, status }} />
          </Group>
        </Group>
        {body}
      </Stack>
      <AreaModal projectId={projectId} editing={editing} onClose={() => setEditing(undefined)} />
      <BulkAreasModal projectId={projectId} target={bulk} onClose={() => setBulk(undefined)} />
    </>
  );
}

/** Whether a deck itself answers the search and the status filter (its areas are filtered by the server). */
function deckMatches(deck: AreaSummary, q: string | undefined, status: AreaStatus | undefined): boolean {
  if (status && deck.status !== status) return false;
  return !q || `${deck.number} ${deck.name}`.toLowerCase().includes(q.toLowerCase());
}

interface DeckProps {
  projectId: number;
  deck: AreaSummary;
  rows: AreaSummary[];
  canManage: boolean;
  /** Why nothing may be added (a deleted project), or null. */
  addDenied: string | null;
  filtered: boolean;
  onEdit: (a: AreaSummary) => void;
  onAdd: () => void;
  onBulk: () => void;
  onDelete: (a: AreaSummary) => void;
  onStatus: (a: AreaSummary, action: 'complete' | 'reopen') => void;
}

/** One deck: its plan thumbnail, name, status, completion and buttons, then its areas. */
function DeckSection({
  projectId,
  deck,
  rows,
  canManage,
  addDenied,
  filtered,
  onEdit,
  onAdd,
  onBulk,
  onDelete,
  onStatus,
}: DeckProps) {
  const { t } = useTranslation();
  const headingId = `deck-${deck.id}`;
  const title = areaTitle(deck);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm" wrap="wrap">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 20rem' }}>
          <Link to={areaPath(projectId, deck.id)} aria-hidden tabIndex={-1}>
            <Thumb src={deck.thumbUrl} alt="" width={72} height={54} />
          </Link>
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} fz="lg" id={headingId}>
                <Anchor component={Link} to={areaPath(projectId, deck.id)} inherit>
                  {title}
                </Anchor>
              </Title>
              <AreaStatusBadge status={deck.status} />
              {deck.hasPlan ? (
                <Badge variant="outline" color="gray" leftSection={<IconMap size={12} aria-hidden />}>
                  {t('areas.list.hasPlan')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {[deck.areaType, t('areas.list.areasCount', { count: deck.childrenCount })].filter(Boolean).join(' · ')}
            </Text>
            <CompletionBar completion={deck.completion} compact />
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          {canManage ? (
            <>
              <GuardedAction
                size="xs"
                buttonVariant="light"
                icon={<IconPlus size={14} />}
                label={t('areas.actions.addAreaShort')}
                ariaLabel={t('areas.actions.addAreaTo', { name: title })}
                denied={addDenied}
                onClick={onAdd}
              />
              <GuardedAction
                size="xs"
                buttonVariant="default"
                icon={<IconListDetails size={14} />}
                label={t('areas.actions.bulkShort')}
                ariaLabel={t('areas.actions.bulkTo', { name: title })}
                denied={addDenied}
                onClick={onBulk}
              />
            </>
          ) : null}
          <AreaRowActions area={deck} onEdit={onEdit} onDelete={onDelete} onStatus={onStatus} />
        </Group>
      </Group>
      {rows.length > 0 ? (
        <AreaTable projectId={projectId} rows={rows} isLoading={false} caption={title} onEdit={onEdit} empty={null} />
      ) : (
        <Text size="sm" c="dimmed">
          {filtered ? t('areas.list.noMatchOnDeck') : t('areas.list.emptyDeck')}
        </Text>
      )}
    </Card>
  );
}
