import { Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CloseGuard } from '../../../components/use-editor';
import { useGuardedClose } from '../../../components/use-editor';
import { ApiError, isApiError } from '../../../lib/api';

/** The codes a decision meets when someone else acted first: the order is reloaded and the modal goes. */
export const RACE_CODES = new Set([
  'REQUEST_ALREADY_DECIDED',
  'ORDER_NOT_EDITABLE',
  'ORDER_CLOSED',
  'ORDER_AWAITING_APPROVAL',
  'ORDER_NOT_IN_PROGRESS',
  'ORDER_NOT_AWAITING_APPROVAL',
  'ORDER_NOT_APPROVED',
  'ORDER_NOT_COMPLETED',
  'ORDER_NOT_FOUND',
]);

/** True when the failure means the order moved on: the modal closes, its toast explains. */
export const lostRace = (err: unknown) => isApiError(err) && RACE_CODES.has(err.code);

/** Runs an action; a failure because the order moved on (someone else decided) also closes the modal. */
export async function closingOnRace<R>(run: () => Promise<R>, onDone: () => void): Promise<R> {
  try {
    return await run();
  } catch (err) {
    if (lostRace(err)) onDone();
    throw err;
  }
}

/** The server's `<field>: not_found` on a product is the specification's 'Product not found'. */
export function withProductNotFound(err: unknown, fields: readonly string[]): unknown {
  if (!isApiError(err) || !err.fieldErrors) return err;
  const next = Object.fromEntries(
    Object.entries(err.fieldErrors).map(([path, e]) =>
      fields.includes(path) && e.code === 'not_found' ? [path, { ...e, code: 'product_not_found' }] : [path, e],
    ),
  );
  return new ApiError(err.status, {
    code: err.code as never,
    fieldErrors: next,
    details: err.details,
    requestId: err.requestId,
  } as never);
}

interface Props {
  title: string;
  opened: boolean;
  onClose: () => void;
  size?: string;
  /** The form inside: gets the guarded close (asks before unsaved work goes) and its guard. */
  children: (o: { close: () => void; closeGuard: CloseGuard }) => ReactNode;
}

/** A modal of an order's action: the whole screen on a phone; Escape, the X and the backdrop ask before unsaved work goes. */
export function OrderModal({ title, opened, onClose, size = 'lg', children }: Props) {
  const { close, closeGuard } = useGuardedClose(onClose);
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal opened={opened} onClose={close} title={title} size={size} fullScreen={phone} centered>
      {opened ? children({ close, closeGuard }) : null}
    </Modal>
  );
}

/** A modal form's buttons: cancel (asks first when there are changes) and the action. */
export function ModalButtons({
  onCancel,
  submit,
  busy,
  color,
}: {
  onCancel: () => void;
  submit: string;
  busy: boolean;
  color?: string;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('common.actions.cancel')}
      </Button>
      <Button type="submit" loading={busy} color={color}>
        {submit}
      </Button>
    </Group>
  );
}
