import type { PortalTask } from '@app/shared/portal/portal';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../../lib/dates';
import { Row, RowList } from './Detail';
import { TaskStatusBadge } from './StatusBadges';

/** An area's tasks: name (opens the task), sub-tasks done of total, status. */
export function TaskRows({ tasks }: { tasks: readonly PortalTask[] }) {
  const { t } = useTranslation();
  return (
    <RowList>
      {tasks.map((task) => (
        <Row key={task.id} testId="task-row">
          <Group justify="space-between" gap="sm" wrap="wrap" align="center">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
              <Anchor component={Link} to={`/task/${task.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
                {task.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {task.subtasksTotal > 0
                  ? t('portalProjects.task.subtasksDone', { done: task.subtasksDone, count: task.subtasksTotal })
                  : t('portalProjects.task.noSubtasksShort')}
                {task.completedAt ? ` · ${t('portalProjects.task.completedOn', { date: formatDate(task.completedAt) })}` : ''}
              </Text>
            </Stack>
            <TaskStatusBadge status={task.status} />
          </Group>
        </Row>
      ))}
    </RowList>
  );
}
