import type { PortalTaskDetail } from '@app/shared/portal/portal';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { areaTitle } from '../../projects/area-label';
import { portalAreaPath } from '../components/projects/AreaRow';
import { DetailCard, DetailSkeleton, Facts, Row, RowList } from '../components/projects/Detail';
import { SubtaskStatusBadge, TaskStatusBadge } from '../components/projects/StatusBadges';
import { usePortalTask } from '../projects-api';

/** task.show: a task, where it is, and its sub-tasks with their status, each opening its order lines. */
export function PortalTaskPage() {
  const taskId = Number(useParams().taskId);
  const q = usePortalTask(taskId);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <DetailSkeleton />;
  return <TaskView task={q.data} />;
}

function TaskView({ task }: { task: PortalTaskDetail }) {
  const { t } = useTranslation();
  const areaPath = portalAreaPath(task.project.id, task.area.id);
  return (
    <>
      <PageHeader
        title={task.name}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <Anchor component={Link} to={`/project/${task.project.id}`} inherit>
              {task.project.name}
            </Anchor>
            <span aria-hidden>·</span>
            <Anchor component={Link} to={areaPath} inherit>
              {areaTitle(task.area)}
            </Anchor>
          </Group>
        }
        actions={
          <Button component={Link} to={areaPath} variant="default" leftSection={<IconArrowUp size={16} />}>
            {t('portalProjects.area.up', { name: areaTitle(task.area) })}
          </Button>
        }
      />
      <Stack gap="lg">
        <DetailCard title={t('portalProjects.task.details')}>
          <Facts
            across
            items={[
              { label: t('portalProjects.task.status'), value: <TaskStatusBadge status={task.status} /> },
              {
                label: t('portalProjects.task.progress'),
                value:
                  task.subtasksTotal > 0
                    ? t('portalProjects.task.subtasksDone', { done: task.subtasksDone, count: task.subtasksTotal })
                    : t('portalProjects.task.noSubtasksShort'),
              },
              ...(task.completedAt ? [{ label: t('portalProjects.task.completedAt'), value: formatDate(task.completedAt) }] : []),
            ]}
          />
        </DetailCard>
        <DetailCard title={t('portalProjects.task.subtasks', { count: task.subtasks.length })}>
          {task.subtasks.length === 0 ? (
            <EmptyState
              icon={<IconListCheck size={32} stroke={1.5} />}
              title={t('portalProjects.task.noSubtasksTitle')}
              description={t('portalProjects.task.noSubtasksText')}
            />
          ) : (
            <RowList>
              {task.subtasks.map((s) => (
                <Row key={s.id} testId="subtask-row">
                  <Group justify="space-between" gap="sm" wrap="wrap">
                    <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
                      <Anchor
                        component={Link}
                        to={`/task/${task.id}/subtask/${s.id}`}
                        fw={600}
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {s.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {t('portalProjects.subtask.amountShort', { amount: s.amount })}
                        {s.closedAt ? ` · ${t('portalProjects.subtask.closedOn', { date: formatDate(s.closedAt) })}` : ''}
                      </Text>
                    </Stack>
                    <SubtaskStatusBadge status={s.status} />
                  </Group>
                </Row>
              ))}
            </RowList>
          )}
        </DetailCard>
      </Stack>
    </>
  );
}
