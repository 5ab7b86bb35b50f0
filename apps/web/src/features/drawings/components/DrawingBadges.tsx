import type { DrawingSide, DrawingStatus, DrawingVersionStatus } from '@app/shared/drawings/drawings.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Record<DrawingStatus, string> = { open: 'orange', pending: 'blue', approved: 'teal' };
/** A long label (a narrow card on a phone) wraps inside the badge instead of being cut. */
const WRAP = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', paddingBlock: 2 },
  label: { whiteSpace: 'normal', lineHeight: 1.25 },
} as const;

const VERSION_COLORS: Record<DrawingVersionStatus, string> = { pending: 'blue', approved: 'teal', changes_requested: 'orange' };

/**
 * The drawing: open (changes asked, a new version is due), pending (waits for a decision) or
 * approved. Given who waits (`waitingFor`) and who looks (`viewer`), a version the client
 * uploaded says so: staff read "Wacht op jullie beoordeling", the client "Wacht op ons team".
 */
export function DrawingStatusBadge({
  status,
  waitingFor,
  viewer,
}: {
  status: DrawingStatus;
  waitingFor?: DrawingSide | null;
  viewer?: DrawingSide;
}) {
  const { t } = useTranslation();
  const label =
    status === 'pending' && waitingFor === 'staff' && viewer
      ? t(viewer === 'staff' ? 'drawings.waiting.yours' : 'drawings.waiting.team')
      : t(`drawings.status.${status}`);
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" styles={WRAP}>
      {label}
    </Badge>
  );
}

/** One version: waiting, approved, or sent back with changes. */
export function VersionStatusBadge({ status, size }: { status: DrawingVersionStatus; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  return (
    <Badge color={VERSION_COLORS[status]} variant="light" size={size} styles={WRAP}>
      {t(`drawings.versionStatus.${status}`)}
    </Badge>
  );
}
