import { Group, Modal, type ModalProps, Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttempt } from '../lib/attempt';
import { notify } from '../lib/notify';
import { confirmAction } from './confirm';
import { ErrorState } from './States';
import { type CloseGuard, useGuardedClose } from './use-editor';

/** What a settings list reads of its TanStack query. */
interface ListQuery<T> {
  isLoading: boolean;
  error: unknown;
  data: readonly T[] | undefined;
  refetch: () => unknown;
}

interface SettingsListProps<T extends { id: number }> {
  list: ListQuery<T>;
  /** Shown when there are no rows. */
  empty: ReactNode;
  /** The list's accessible name: the id of its heading (`labelledBy`) or a text (`label`). */
  labelledBy?: string;
  label?: string;
  /** The height of each of the three skeleton rows while loading: about a row's. */
  skeletonHeight: number;
  /** The vertical padding of a row. */
  rowPadding: number;
  /** A row's test id (`leave-type-VAK`). */
  rowTestId?: (row: T) => string;
  /** What the row says: its name and badges. */
  renderRow: (row: T) => ReactNode;
  /** The row's controls at its end: edit and delete (`RowActions`), a switch. */
  renderActions: (row: T) => ReactNode;
}

/**
 * The list of a settings page (hour rules, leave types, declaration categories and payment types):
 * skeleton rows while loading, the error with a retry, the empty text, or one list item per row
 * with what it says at the start and its controls at the end.
 */
export function SettingsList<T extends { id: number }>({
  list,
  empty,
  labelledBy,
  label,
  skeletonHeight,
  rowPadding,
  rowTestId,
  renderRow,
  renderActions,
}: SettingsListProps<T>) {
  if (list.isLoading) {
    return (
      <Stack gap="xs">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={skeletonHeight} />
        ))}
      </Stack>
    );
  }
  if (list.error) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (!list.data?.length) return <>{empty}</>;
  return (
    <Stack
      gap={0}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-labelledby={labelledBy}
      aria-label={labelledBy ? undefined : label}
    >
      {list.data.map((row) => (
        <Group
          key={row.id}
          component="li"
          justify="space-between"
          wrap="nowrap"
          gap="sm"
          py={rowPadding}
          data-testid={rowTestId?.(row)}
          style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
        >
          {renderRow(row)}
          {renderActions(row)}
        </Group>
      ))}
    </Stack>
  );
}

/**
 * A settings row's delete: asks first ("Verwijderen", danger), deletes, says it is done; a failure is the usual
 * error toast (`useAttempt`).
 */
export function useConfirmedDelete<T>(
  remove: (row: T) => Promise<unknown>,
  texts: { title: (row: T) => string; message: string; done: (row: T) => string },
): (row: T) => Promise<void> {
  const { t } = useTranslation();
  const attempt = useAttempt();
  return async (row) => {
    const ok = await confirmAction({
      title: texts.title(row),
      message: texts.message,
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove(row);
      notify.success(texts.done(row));
    });
  };
}

export interface EditorModalForm<T> {
  editing: T | null;
  /** After a save: the modal closes. */
  onDone: () => void;
  /** The form's cancel: asks first when there are unsaved changes. */
  onCancel: () => void;
  closeGuard: CloseGuard;
}

/**
 * The modal a settings row (or a new one, `editing` null) is edited in: open while `editing` is
 * not undefined, its title from the row (the new one's while it closes), and a close (Escape, the X, the backdrop, cancel) that asks before
 * unsaved changes go. `children` renders the form (a fresh one per row).
 */
export function EditorModal<T extends { id: number }>({
  editing,
  onClose,
  title,
  children,
  ...modal
}: {
  editing: T | null | undefined;
  onClose: () => void;
  title: (editing: T | null) => string;
  children: (form: EditorModalForm<T>) => ReactNode;
} & Omit<ModalProps, 'opened' | 'onClose' | 'title' | 'children'>) {
  const { close, closeGuard } = useGuardedClose(onClose);
  const opened = editing !== undefined;
  return (
    <Modal opened={opened} onClose={close} centered title={title(editing ?? null)} {...modal}>
      {opened ? (
        <FormSlot key={editing?.id ?? 'new'}>{children({ editing, onDone: onClose, onCancel: close, closeGuard })}</FormSlot>
      ) : null}
    </Modal>
  );
}

/** A keyed wrapper, so each row gets a fresh form. */
function FormSlot({ children }: { children: ReactNode }) {
  return <>{children}</>;
}
