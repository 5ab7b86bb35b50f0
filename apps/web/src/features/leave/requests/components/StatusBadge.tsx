import type { LeaveRequestStatus } from '@app/shared/people/leave.rules';
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
          color: '#fff',
          borderRadius: 4,
          padding: '0 6px',
          fontSize: 12,
          fontWeight: 600,
          lineHeight: '20px',
          textShadow: '0 0 2px rgba(0,0,0,.6)',
        }}
      >
        {type.code}
      </span>
      {withName ? <span>{type.name}</span> : null}
    </span>
  );
}
