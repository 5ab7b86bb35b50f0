import type { SubtaskStatus, TaskStatus } from '@app/shared/projects/projects.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const TASK_COLOURS: Record<TaskStatus, string> = { pending: 'blue', completed: 'green', open_ticket: 'orange' };
const SUBTASK_COLOURS: Record<SubtaskStatus, string> = { open: 'blue', closed: 'green' };

/** A task's status in words: Openstaand, Afgerond or Open ticket. */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={TASK_COLOURS[status]} variant="light" style={{ flex: 'none' }}>
      {t(`tasks.status.${status}`)}
    </Badge>
  );
}

/** A sub-task's status in words: Open or Gesloten. */
export function SubtaskStatusBadge({ status }: { status: SubtaskStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={SUBTASK_COLOURS[status]} variant="light" style={{ flex: 'none' }}>
      {t(`tasks.subtaskStatus.${status}`)}
    </Badge>
  );
}
