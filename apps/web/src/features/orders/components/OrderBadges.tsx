import type { OrderEvent } from '@app/shared/orders/orders';
import type { OrderStatus, OrderVersionStatus } from '@app/shared/orders/orders.rules';
import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** A long status wraps instead of being cut off in a narrow column (a phone's card). */
const WRAP = {
  root: { height: 'auto', minHeight: 20, paddingBlock: 2, maxWidth: '100%' },
  label: { whiteSpace: 'normal', lineHeight: 1.3 },
} as const;

const STATUS_COLORS: Record<OrderStatus, string> = {
  requested: 'blue',
  declined: 'red',
  in_progress: 'indigo',
  pending_approval: 'orange',
  approved: 'teal',
  completed: 'gray',
};

/** The order's status in words: orange when the client must act, red when declined. */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" style={{ flex: 'none' }} styles={WRAP}>
      {t(`orders.status.${status}`)}
    </Badge>
  );
}

const VERSION_COLORS: Record<OrderVersionStatus, string> = { pending: 'orange', approved: 'teal', denied: 'red' };

/** A design version's decision: waiting, approved or denied with changes. */
export function VersionStatusBadge({ status }: { status: OrderVersionStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={VERSION_COLORS[status]} variant="light" style={{ flex: 'none' }} styles={WRAP}>
      {t(`orders.versionStatus.${status}`)}
    </Badge>
  );
}

/** An order with a question of the client that no one answered yet (it waits for staff). */
export function UnansweredBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge color="red" variant="light" style={{ flex: 'none' }} styles={WRAP} data-testid="order-unanswered">
      {count > 1 ? t('orders.questions.unansweredCount', { count }) : t('orders.questions.unanswered')}
    </Badge>
  );
}

/** An event in one line: what happened (with the version's number) and who did it. */
export function eventText(t: TFunction, e: OrderEvent): string {
  // A question asked in an earlier question's thread is a follow-up.
  const kind = e.kind === 'info_requested' && e.parentId !== null ? 'info_followup' : e.kind;
  const what = t(`orders.events.${kind}`, { number: e.versionNumber ?? '' });
  if (!e.actor) return what;
  const who = e.actingEmployee ? t('orders.events.byActing', { name: e.actor, employee: e.actingEmployee }) : e.actor;
  return t('orders.events.withActor', { what, who });
}
