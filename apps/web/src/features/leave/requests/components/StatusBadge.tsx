import type { LeaveRequestStatus } from '@app/shared/leave/leave.rules';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<LeaveRequestStatus, string> = { pending: 'blue', approved: 'teal', denied: 'red', cancelled: 'gray' };

/** Openstaand, Goedgekeurd, Afgewezen, Ingetrokken. */
export function LeaveStatusBadge({ status }: { status: LeaveRequestStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={COLORS[status]} style={{ flex: 'none' }}>
      {t(`leaveRequests.status.${status}`)}
    </Badge>
  );
}

/** The leave type's colour and code in a small chip, its name beside it. */
/** White or black, whichever reads better on a leave type's own colour (WCAG contrast). */
export function chipTextColor(background: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(background.trim());
  if (!m) return '#fff';
  const lin = (h: string) => {
    const c = Number.parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin(m[1] as string) + 0.7152 * lin(m[2] as string) + 0.0722 * lin(m[3] as string);
  // Contrast with white (1.05 / (l + 0.05)) against contrast with black ((l + 0.05) / 0.05): the
  // higher wins (on a mid blue such as #1c7ed6 only black reaches 4.5:1).
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

export function LeaveTypeChip({
  type,
  withName = true,
}: {
  type: { name: string; code: string; color: string };
  withName?: boolean;
}) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}>
      <span
        style={{
          background: type.color,
          color: chipTextColor(type.color),
          borderRadius: 4,
          padding: '0 6px',
          fontSize: 12,
          fontWeight: 600,
          lineHeight: '20px',
        }}
      >
        {type.code}
      </span>
      {withName ? <span>{type.name}</span> : null}
    </span>
  );
}
