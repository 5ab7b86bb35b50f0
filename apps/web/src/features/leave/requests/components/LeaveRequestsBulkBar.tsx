import { leaveRequestBulkPath } from '@app/shared/leave/bulk';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BulkActionItem, BulkBar, type BulkListProps } from '../../../../components/bulk/BulkBar';
import { useInvalidateLeave } from '../api';
import { DecisionModal } from './DecisionModal';

type Props = BulkListProps;

type Asking = { mode: 'approve' | 'deny'; count: number; resolve: (params: Record<string, unknown> | null) => void };

/**
 * The leave requests list's bulk actions: approve (an optional reason) and deny (a reason
 * required), asked in the single decision's modal. The server runs each row through the single
 * decision: one's own, decided ones and those over the balance are reported, not changed.
 */
export function LeaveRequestsBulkBar({ selection, pageIds, total, query }: Props) {
  const { t } = useTranslation();
  const invalidate = useInvalidateLeave();
  const [asking, setAsking] = useState<Asking | null>(null);
  const ask = (mode: Asking['mode']) => (count: number) =>
    new Promise<Record<string, unknown> | null>((resolve) => setAsking({ mode, count, resolve }));

  const actions: BulkActionItem[] = [
    {
      key: 'approve',
      label: t('leaveRequests.bulk.approve'),
      path: leaveRequestBulkPath('approve'),
      icon: <IconCheck size={16} aria-hidden />,
      color: 'teal',
      prepare: ask('approve'),
    },
    {
      key: 'deny',
      label: t('leaveRequests.bulk.deny'),
      path: leaveRequestBulkPath('deny'),
      icon: <IconX size={16} aria-hidden />,
      color: 'red',
      prepare: ask('deny'),
    },
  ];

  const answer = (params: Record<string, unknown> | null) => {
    asking?.resolve(params);
    setAsking(null);
  };

  return (
    <>
      <BulkBar
        selection={selection}
        total={total}
        pageIds={pageIds}
        query={query}
        actions={actions}
        onDone={() => void invalidate()}
      />
      <DecisionModal
        mode={asking?.mode ?? null}
        subject={asking ? t(`leaveRequests.bulk.${asking.mode}Subject`, { count: asking.count }) : ''}
        busy={false}
        onClose={() => answer(null)}
        onSubmit={(reason) => answer({ reason })}
      />
    </>
  );
}
