import type { AreaKind, AreaStatus, SubtaskStatus, TaskStatus } from '@app/shared/projects/projects.rules';
import { Badge, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const AREA_COLOURS: Record<AreaStatus, string> = { open: 'blue', completed: 'green' };
const TASK_COLOURS: Record<TaskStatus, string> = { pending: 'blue', completed: 'green', open_ticket: 'orange' };
const SUBTASK_COLOURS: Record<SubtaskStatus, string> = { open: 'blue', closed: 'green' };

/** An area's status in words: Open or Opgeleverd. In a list (`fixed`) it takes the same room either way, so the bars line up. */
export function AreaStatusBadge({ status, fixed }: { status: AreaStatus; fixed?: boolean }) {
  const { t } = useTranslation();
  const badge = (
    <Badge color={AREA_COLOURS[status]} variant="light" style={{ flex: 'none' }}>
      {t(`portalProjects.status.area.${status}`)}
    </Badge>
  );
  if (!fixed) return badge;
  return (
    // At least as wide as the widest status in either language, never narrower than the badge: a
    // cut "OPGELEVE…" says nothing.
    <Box miw={120} style={{ flex: 'none', display: 'flex', justifyContent: 'flex-end' }}>
      {badge}
    </Box>
  );
}

/** A task's status in words: Openstaand, Afgerond or Open ticket. */
export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={TASK_COLOURS[status]} variant="light" style={{ flex: 'none' }}>
      {t(`portalProjects.status.task.${status}`)}
    </Badge>
  );
}

/** A sub-task's status in words: Open or Gesloten. */
export function SubtaskStatusBadge({ status }: { status: SubtaskStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={SUBTASK_COLOURS[status]} variant="light" style={{ flex: 'none' }}>
      {t(`portalProjects.status.subtask.${status}`)}
    </Badge>
  );
}

/** Dek, Ruimte or Subruimte. */
export function AreaKindBadge({ kind }: { kind: AreaKind }) {
  const { t } = useTranslation();
  return (
    <Badge color="gray" variant="outline" style={{ flex: 'none' }}>
      {t(`portalProjects.kind.${kind}`)}
    </Badge>
  );
}
