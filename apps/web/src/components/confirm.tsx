import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '../lib/i18n';

/** Asks before a destructive action; resolves true when confirmed. */
export function confirmAction(o: {
  title: ReactNode;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: o.title,
      centered: true,
      // Words in a paragraph; a richer message (a list) as it is.
      children: typeof o.message === 'string' ? <Text size="sm">{o.message}</Text> : o.message,
      labels: { confirm: o.confirmLabel, cancel: i18n.t('common.actions.cancel') },
      confirmProps: { color: o.danger ? 'red' : undefined },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
