import { Badge, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../lib/dates';

/**
 * "Te laat" / "Overdue": a drawing or order whose due date has passed (the server decides, on the
 * Amsterdam day) while it still waits for the client. Dark red with white text (about 5.9:1),
 * so it reads at any size; the icon is decoration, the word says it.
 */
export function OverdueBadge({ dueDate }: { dueDate?: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge
      color="red.9"
      variant="filled"
      leftSection={<IconClockExclamation size={12} aria-hidden />}
      title={dueDate ? t('approvals.overdueSince', { date: formatDate(dueDate) }) : undefined}
      styles={{ root: { flexShrink: 0 } }}
    >
      {t('approvals.overdue')}
    </Badge>
  );
}

/** The due date as a short line ("Uiterlijk 20-11-2026"), in red when overdue; nothing without one. */
export function DueDateText({ dueDate, overdue }: { dueDate: string | null; overdue: boolean }) {
  const { t } = useTranslation();
  if (!dueDate) return null;
  return (
    <Text size="xs" c={overdue ? 'red.9' : 'dimmed'} fw={overdue ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {t('approvals.due', { date: formatDate(dueDate) })}
    </Text>
  );
}

/** "Wacht op jou" / "Waiting for you": the portal user is asked to decide. */
export function WaitingForYouBadge() {
  const { t } = useTranslation();
  return (
    <Badge color="blue" variant="light" styles={{ root: { flexShrink: 0 } }}>
      {t('approvals.waitingForYou')}
    </Badge>
  );
}
