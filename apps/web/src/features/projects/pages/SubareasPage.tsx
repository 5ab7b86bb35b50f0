import { Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLayoutList, IconListDetails, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState } from '../../../components/States';
import { deniedReason } from '../../../lib/abilities';
import { areaTitle } from '../area-label';
import { useArea, useSubareas } from '../areas-api';
import { AreaModal, type NewArea } from '../components/AreaModal';
import { AreaTable, areaPath, mayManage } from '../components/AreaTable';
import { BulkAreasModal, type BulkTarget } from '../components/BulkAreasModal';
import { GuardedAction } from '../components/GuardedAction';
import { ProjectHeader } from '../components/ProjectHeader';

/**
 * projects.subareas: the sub-areas of one area (the same rows as the areas list); add one, add
 * many at once, edit, delete, complete and reopen as the abilities allow.
 */
export function SubareasPage() {
  const { t } = useTranslation();
  const params = useParams();
  const projectId = Number(params.projectId);
  const areaId = Number(params.areaId);
  const area = useArea(projectId, areaId);
  const subareas = useSubareas(projectId, areaId);
  const [editing, setEditing] = useState<number | NewArea | undefined>(undefined);
  const [bulk, setBulk] = useState<BulkTarget | undefined>(undefined);
  const a = area.data;
  const canAdd = !!a && mayManage(a);
  const name = a ? areaTitle(a) : '';
  // A deleted project's area is read-only: the buttons stay in sight, disabled, and say why.
  const addDenied = a ? deniedReason(t, a.abilities, 'canEdit') : null;

  const addButtons = canAdd ? (
    <>
      <GuardedAction
        buttonVariant="default"
        icon={<IconListDetails size={16} />}
        label={t('areas.actions.bulk')}
        denied={addDenied}
        onClick={() => setBulk({ kind: 'subarea', parentId: areaId, parentName: name })}
      />
      <GuardedAction
        buttonVariant="filled"
        icon={<IconPlus size={16} />}
        label={t('areas.actions.addSubarea')}
        denied={addDenied}
        onClick={() => setEditing({ kind: 'subarea', parentId: areaId })}
      />
    </>
  ) : null;

  return (
    <>
      <ProjectHeader projectId={projectId} />
      {area.error ? (
        <ErrorState error={area.error} onRetry={() => void area.refetch()} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="center" gap="sm" wrap="wrap">
            <Stack gap={2}>
              {a ? (
                <Title order={2} fz="h3">
                  {t('areas.subareas.titleOf', { name })}
                </Title>
              ) : (
                <Skeleton h={28} w={280} />
              )}
              {a ? (
                <Anchor component={Link} to={areaPath(projectId, areaId)} size="sm">
                  <Group gap={4} component="span" wrap="nowrap">
                    <IconArrowLeft size={14} aria-hidden />
                    {t('areas.backTo', { name: a.name })}
                  </Group>
                </Anchor>
              ) : null}
            </Stack>
            {addButtons ? (
              <Group gap="sm" wrap="wrap">
                {addButtons}
              </Group>
            ) : null}
          </Group>
          {a && a.kind !== 'area' ? (
            <Text c="dimmed">{t('areas.subareas.onlyAreas')}</Text>
          ) : (
            <AreaTable
              projectId={projectId}
              rows={subareas.data}
              isLoading={subareas.isLoading}
              error={subareas.error}
              onRetry={() => void subareas.refetch()}
              caption={t('areas.subareas.title')}
              withChildren={false}
              onEdit={(s) => setEditing(s.id)}
              empty={
                <EmptyState
                  icon={<IconLayoutList size={32} stroke={1.5} />}
                  title={t('areas.subareas.emptyTitle')}
                  description={t(canAdd && !addDenied ? 'areas.subareas.emptyText' : 'areas.subareas.emptyInlineView')}
                  action={addButtons ? <Group justify="center">{addButtons}</Group> : null}
                />
              }
            />
          )}
        </Stack>
      )}
      <AreaModal projectId={projectId} editing={editing} kinds={['subarea']} onClose={() => setEditing(undefined)} />
      <BulkAreasModal projectId={projectId} target={bulk} kinds={['subarea']} onClose={() => setBulk(undefined)} />
    </>
  );
}
