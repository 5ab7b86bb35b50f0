import type { ContractStatus, ExpiryStatus } from '@app/shared/hr-documents/documents.rules';
import { Badge, type MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ExpiryStatus | ContractStatus, MantineColor> = {
  expired: 'red',
  ended: 'red',
  expiring: 'orange',
  ending: 'orange',
  valid: 'green',
  current: 'green',
  upcoming: 'blue',
  none: 'gray',
};

/** A long label (a narrow card on a phone) wraps inside the badge instead of being cut. */
const WRAP = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2, flex: 'none' },
  label: { whiteSpace: 'normal', lineHeight: 1.25 },
} as const;

/**
 * A document's expiry status or a contract's status as a badge (expired and ended red, expiring
 * and ending orange, valid and current green): the documents and contracts lists, HR's expiring
 * list and an employee's profile show the same words and colours.
 */
export function ExpiryBadge({ status }: { status: ExpiryStatus | ContractStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" styles={WRAP}>
      {t(`hrDocuments.status.${status}`)}
    </Badge>
  );
}
