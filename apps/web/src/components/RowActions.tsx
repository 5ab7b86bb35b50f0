import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notify } from '../lib/notify';

export interface RowActionsProps {
  /** Where editing happens: a page (`to`) or a dialog on this one (`onClick`). */
  edit: { to: string } | { onClick: () => void };
  /** The edit button's accessible name, naming the row ('Rol Planners bewerken'). */
  editLabel: string;
  /** The edit button's tooltip (default: "Bewerken" / "Edit"). */
  editTooltip?: string;
  /** False when the row's abilities do not allow editing (default true). */
  canEdit?: boolean;
  /** The delete button's accessible name, naming the row. */
  deleteLabel: string;
  onDelete: () => void;
  /**
   * Why the row cannot be deleted (the server's abilities, in words: `deniedReason`), or null.
   * The button then looks disabled but stays reachable: its description, its tooltip (on hover
   * and on keyboard focus) and, when pressed, a message say why.
   */
  deleteDenied?: string | null;
}

/** The edit and delete buttons at the end of a list row. */
export function RowActions({
  edit,
  editLabel,
  editTooltip,
  canEdit = true,
  deleteLabel,
  onDelete,
  deleteDenied,
}: RowActionsProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={editTooltip ?? t('common.actions.edit')}>
        {'to' in edit ? (
          <ActionIcon component={Link} to={edit.to} variant="subtle" aria-label={editLabel}>
            <IconPencil size={16} />
          </ActionIcon>
        ) : (
          <ActionIcon variant="subtle" onClick={edit.onClick} aria-label={editLabel} disabled={!canEdit}>
            <IconPencil size={16} />
          </ActionIcon>
        )}
      </Tooltip>
      <Tooltip
        label={deleteDenied || t('common.actions.delete')}
        events={{ hover: true, focus: true, touch: true }}
        multiline
        maw={320}
      >
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={deleteLabel}
          // Not `disabled`: a disabled button cannot be focused, so a keyboard user would never learn why.
          data-disabled={deleteDenied ? true : undefined}
          aria-disabled={deleteDenied ? true : undefined}
          aria-describedby={deleteDenied ? reasonId : undefined}
          onClick={deleteDenied ? () => notify.info(deleteDenied) : onDelete}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
      {deleteDenied ? (
        <span id={reasonId} className="visually-hidden">
          {deleteDenied}
        </span>
      ) : null}
    </Group>
  );
}
