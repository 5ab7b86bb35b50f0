import type { Media } from '@app/shared/media/media';
import type { Area, PlanMarker } from '@app/shared/projects/areas';
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowUp, IconLayoutList, IconListDetails, IconMap, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { deniedReason } from '../../../lib/abilities';
import { isStaleVersion, useAttempt } from '../../../lib/attempt';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { areaTitle } from '../area-label';
import { areaKeys, useArea, useAreaList, useMoveMarker, useSubareas, useUpdateArea } from '../areas-api';
import { AreaModal, type NewArea } from '../components/AreaModal';
import { AreaStatusAction, AreaStatusBadge, AreaTable, areaPath, mayManage, useAreaActions } from '../components/AreaTable';
import { AreaTasks } from '../components/AreaTasks';
import { BulkAreasModal, type BulkTarget } from '../components/BulkAreasModal';
import { CompletionBar } from '../components/CompletionBar';
import { FloorPlan, type MarkerDrop } from '../components/FloorPlan';
import { GuardedAction } from '../components/GuardedAction';
import { PlanUploadButton } from '../components/PlanUpload';
import { ProjectHeader } from '../components/ProjectHeader';

/**
 * projects.area: one deck, area or sub-area. Its header (number, name, type, status, completion,
 * buttons), its floor plan with markers (a deck's areas; an area's sub-areas and tasks; a
 * sub-area's tasks), then a deck's areas, or an area's sub-areas and tasks (the default task
 * view). The task and sub-task editors open as drawers in the Outlet.
 */
export function AreaPage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const areaId = Number(params.areaId);
  const q = useArea(projectId, areaId);

  let body: ReactNode;
  if (q.error) body = <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  else if (!q.data) body = <AreaSkeleton />;
  else body = <AreaView key={q.data.id} projectId={projectId} area={q.data} />;

  return (
    <>
      <ProjectHeader projectId={projectId} />
      {body}
      <Outlet />
    </>
  );
}

function AreaSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.states.loading')}>
      <Group gap="md">
        <Skeleton w={96} h={72} />
        <Stack gap={8} style={{ flex: 1 }}>
          <Skeleton h={26} w="45%" />
          <Skeleton h={14} w="30%" />
          <Skeleton h={10} w={200} />
        </Stack>
      </Group>
      <Skeleton h={360} radius="md" />
      <Skeleton h={120} radius="md" />
    </Stack>
  );
}

function AreaView({ projectId, area }: { projectId: number; area: Area }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [editing, setEditing] = useState<number | NewArea | undefined>(undefined);
  const [bulk, setBulk] = useState<BulkTarget | undefined>(undefined);
  const { handleDelete, handleStatus, deleting } = useAreaActions(projectId);
  const update = useUpdateArea(projectId);
  const move = useMoveMarker(projectId, area.id);
  const title = areaTitle(area);
  const manage = mayManage(area);
  const editDenied = deniedReason(t, area.abilities, 'canEdit');

  const setPlan = async (plan: Media) => {
    await attempt(
      async () => {
        await update.mutateAsync({
          id: area.id,
          parentId: area.parentId,
          number: area.number,
          name: area.name,
          areaType: area.areaType,
          thumbnailMediaId: area.thumbnail?.id ?? null,
          planMediaId: plan.id,
          version: area.version,
        });
        notify.success(t('areas.plan.saved', { name: title }));
      },
      {
        onError: (err) => {
          // Someone changed the area meanwhile: show theirs, so a second try is based on it.
          if (isStaleVersion(err)) void qc.invalidateQueries({ queryKey: areaKeys.detail(projectId, area.id) });
        },
      },
    );
  };

  const onMove = async (m: PlanMarker, { left, top, width, height }: MarkerDrop) => {
    try {
      // The contract takes pixels of the plan as rendered and that size; the server works out the fractions.
      return await move.mutateAsync({ type: m.type, id: m.id, left, top, width, height });
    } catch (err) {
      notify.error(t('areas.plan.moveFailedToast', { label: m.label, reason: errorMessage(t, err) }));
      throw err;
    }
  };

  const onOpen = (m: PlanMarker) =>
    void navigate(m.type === 'task' ? `${areaPath(projectId, area.id)}/task/${m.id}` : areaPath(projectId, m.id));

  const remove = async () => {
    if (await handleDelete(area)) {
      void navigate(area.parent ? areaPath(projectId, area.parent.id) : `/projects/${projectId}/areas`, { replace: true });
    }
  };

  const kindName = t(`areas.kinds.${area.kind}`);
  // "Dek · nr. 4", not "Dek · nr. 4 · Dek" when the type says the kind again.
  const type = area.areaType.trim().toLowerCase() === kindName.toLowerCase() ? null : area.areaType;
  const kindLine = [kindName, area.number ? t('areas.numberLabel', { number: area.number }) : null, type]
    .filter(Boolean)
    .join(' · ');

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="md" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 22rem' }}>
          <Thumb src={area.thumbnail?.thumbUrl ?? area.thumbUrl} alt="" width={96} height={72} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} fz={{ base: 20, sm: 24 }} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              <AreaStatusBadge status={area.status} />
            </Group>
            <Text size="sm" c="dimmed">
              {kindLine}
              {area.parent ? (
                <>
                  {' · '}
                  {t(`areas.parentOf.${area.parent.kind}`)}{' '}
                  <Anchor component={Link} to={areaPath(projectId, area.parent.id)} size="sm" underline="always">
                    {area.parent.name}
                  </Anchor>
                </>
              ) : null}
            </Text>
            <CompletionBar completion={area.completion} />
          </Stack>
        </Group>
        <Group gap="xs" wrap="wrap">
          {area.kind === 'area' ? (
            <Button
              component={Link}
              to={`${areaPath(projectId, area.id)}/subareas`}
              variant="default"
              leftSection={<IconLayoutList size={16} />}
            >
              {t('areas.subareas.link', { count: area.childrenCount })}
            </Button>
          ) : null}
          {manage ? (
            <>
              <AreaStatusAction area={area} variant="button" onAction={(a, action) => void handleStatus(a, action)} />
              <GuardedAction
                label={t('common.actions.edit')}
                icon={<IconPencil size={16} />}
                denied={editDenied}
                buttonVariant="default"
                onClick={() => setEditing(area.id)}
              />
              <GuardedAction
                label={t('common.actions.delete')}
                icon={<IconTrash size={16} />}
                color="red"
                buttonVariant="subtle"
                loading={deleting}
                denied={deniedReason(t, area.abilities, 'canDelete')}
                onClick={() => void remove()}
              />
            </>
          ) : null}
        </Group>
      </Group>

      <Card withBorder padding="md" component="section" aria-labelledby="area-plan-title">
        <Title order={2} fz="h3" id="area-plan-title" mb="sm">
          {t('areas.plan.title')}
        </Title>
        {area.plan ? (
          <FloorPlan
            plan={area.plan}
            markers={area.markers}
            title={t('areas.plan.of', { name: title })}
            canMove={area.abilities.canEdit}
            onMove={onMove}
            onOpen={onOpen}
            actions={
              area.abilities.canEdit ? (
                <PlanUploadButton
                  label={t('areas.plan.replace')}
                  variant="default"
                  size="sm"
                  leftSection={<IconMap size={16} />}
                  onUploaded={(m) => void setPlan(m)}
                />
              ) : null
            }
          />
        ) : (
          <EmptyState
            icon={<IconMap size={32} stroke={1.5} />}
            title={t('areas.plan.emptyTitle')}
            description={t(area.abilities.canEdit ? `areas.plan.emptyText.${area.kind}` : 'areas.plan.emptyTextView')}
            action={
              area.abilities.canEdit ? (
                <PlanUploadButton label={t('areas.plan.upload')} variant="filled" onUploaded={(m) => void setPlan(m)} />
              ) : null
            }
          />
        )}
        {area.plan && area.markers.length === 0 ? (
          <Text size="sm" c="dimmed" mt="sm">
            {t(`areas.plan.noMarkers.${area.kind}`)}
          </Text>
        ) : null}
      </Card>

      {area.kind === 'deck' ? (
        <DeckAreas
          projectId={projectId}
          deck={area}
          onEdit={(id) => setEditing(id)}
          onAdd={() => setEditing({ kind: 'area', parentId: area.id })}
          onBulk={() => setBulk({ kind: 'area', parentId: area.id })}
        />
      ) : null}
      {area.kind === 'area' ? (
        <SubareasPreview
          projectId={projectId}
          area={area}
          onEdit={(id) => setEditing(id)}
          onAdd={() => setEditing({ kind: 'subarea', parentId: area.id })}
          onBulk={() => setBulk({ kind: 'subarea', parentId: area.id, parentName: title })}
        />
      ) : null}
      {area.kind !== 'deck' ? <AreaTasks projectId={projectId} areaId={area.id} /> : null}

      {area.parent === null && area.kind !== 'deck' ? null : (
        <Group>
          <Button
            component={Link}
            to={area.parent ? areaPath(projectId, area.parent.id) : `/projects/${projectId}/areas`}
            variant="subtle"
            leftSection={<IconArrowUp size={16} />}
          >
            {area.parent ? t('areas.backTo', { name: area.parent.name }) : t('areas.backToList')}
          </Button>
        </Group>
      )}

      <AreaModal
        projectId={projectId}
        editing={editing}
        kinds={typeof editing === 'object' ? [editing.kind] : undefined}
        onClose={() => setEditing(undefined)}
      />
      <BulkAreasModal
        projectId={projectId}
        target={bulk}
        kinds={bulk ? [bulk.kind] : undefined}
        onClose={() => setBulk(undefined)}
      />
    </Stack>
  );
}

interface ChildListProps {
  projectId: number;
  onEdit: (id: number) => void;
  onAdd: () => void;
  onBulk: () => void;
}

/** A deck's areas (from the project's areas list, which holds them all). */
function DeckAreas({ projectId, deck, onEdit, onAdd, onBulk }: ChildListProps & { deck: Area }) {
  const { t } = useTranslation();
  const list = useAreaList(projectId);
  const rows = list.data?.areas.filter((a) => a.parentId === deck.id);
  const title = t('areas.deck.areasTitle');
  return (
    <Stack gap="sm" component="section" aria-labelledby="deck-areas-title">
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Title order={2} fz="h3" id="deck-areas-title">
          {title}
        </Title>
        {mayManage(deck) ? (
          <Group gap="xs">
            <GuardedAction
              buttonVariant="default"
              icon={<IconListDetails size={16} />}
              label={t('areas.actions.bulk')}
              denied={deniedReason(t, deck.abilities, 'canEdit')}
              onClick={onBulk}
            />
            <GuardedAction
              buttonVariant="filled"
              icon={<IconPlus size={16} />}
              label={t('areas.actions.addArea')}
              denied={deniedReason(t, deck.abilities, 'canEdit')}
              onClick={onAdd}
            />
          </Group>
        ) : null}
      </Group>
      <AreaTable
        projectId={projectId}
        rows={rows}
        isLoading={list.isLoading}
        error={list.error}
        onRetry={() => void list.refetch()}
        caption={title}
        onEdit={(a) => onEdit(a.id)}
        empty={
          <EmptyState
            title={t('areas.deck.emptyTitle')}
            description={t(deck.abilities.canEdit ? 'areas.deck.emptyText' : 'areas.list.emptyTextView')}
          />
        }
      />
    </Stack>
  );
}

/** An area's sub-areas, with a link to their own page. */
function SubareasPreview({ projectId, area, onEdit, onAdd, onBulk }: ChildListProps & { area: Area }) {
  const { t } = useTranslation();
  const subareas = useSubareas(projectId, area.id);
  const title = t('areas.subareas.title');
  return (
    <Stack gap="sm" component="section" aria-labelledby="area-subareas-title">
      <Group justify="space-between" align="center" gap="xs" wrap="wrap">
        <Group gap="xs" align="baseline">
          <Title order={2} fz="h3" id="area-subareas-title">
            {title}
          </Title>
          <Badge variant="light" color="gray">
            {subareas.data?.length ?? area.childrenCount}
          </Badge>
        </Group>
        {mayManage(area) ? (
          <Group gap="xs">
            <GuardedAction
              buttonVariant="default"
              icon={<IconListDetails size={16} />}
              label={t('areas.actions.bulk')}
              denied={deniedReason(t, area.abilities, 'canEdit')}
              onClick={onBulk}
            />
            <GuardedAction
              icon={<IconPlus size={16} />}
              label={t('areas.actions.addSubarea')}
              denied={deniedReason(t, area.abilities, 'canEdit')}
              onClick={onAdd}
            />
          </Group>
        ) : null}
      </Group>
      {subareas.data?.length === 0 ? (
        // Nothing to list: a sentence, not an empty table.
        <Text size="sm" c="dimmed">
          {t(area.abilities.canEdit ? 'areas.subareas.emptyInline' : 'areas.subareas.emptyInlineView')}
        </Text>
      ) : (
        <AreaTable
          projectId={projectId}
          rows={subareas.data}
          isLoading={subareas.isLoading}
          error={subareas.error}
          onRetry={() => void subareas.refetch()}
          caption={title}
          withChildren={false}
          onEdit={(a) => onEdit(a.id)}
          empty={null}
        />
      )}
    </Stack>
  );
}
