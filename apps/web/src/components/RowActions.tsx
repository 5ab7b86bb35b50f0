import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface RowActionsProps {
  /** Where editing happens: a page (`to`) or a dialog on this one (`onClick`). */
  edit: { to: string } | { onClick: () => void };
  /** The edit button's accessible name, naming the row ('Rol Planners bewerken'). */
  editLabel: string;
  /** The delete button's accessible name, naming the row. */
  deleteLabel: string;
  onDelete: () => void;
  /** Set while the row is in use: the delete button is disabled and its tooltip says why. */
  inUse?: string | null;
}

/** The edit and delete buttons at the end of a list row. */
export function RowActions({ edit, editLabel, deleteLabel, onDelete, inUse }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('common.actions.edit')}>
        {'to' in edit ? (
          <ActionIcon component={Link} to={edit.to} variant="subtle" aria-label={editLabel}>
            <IconPencil size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" onClick={edit.onClick} aria-label={editLabel}>
            <IconPencil size={16} />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip label={inUse || t('common.actions.delete')}>
        <ActionIcon variant="subtle" color="red" disabled={!!inUse} onClick={onDelete} aria-label={deleteLabel}>
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
