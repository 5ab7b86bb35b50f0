import { ticketBulkPath } from '@app/shared/tickets/bulk';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BulkBar, type BulkListProps } from '../../../components/bulk/BulkBar';
import { ticketKeys } from '../api';

type Props = BulkListProps;

/**
 * The tickets list's bulk action: close. The server runs each row through the single close
 * (a task returns to its status with its last open ticket); closed tickets stay as they are.
 */
export function TicketsBulkBar({ selection, pageIds, total, query }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  return (
    <BulkBar
      selection={selection}
      total={total}
      pageIds={pageIds}
      query={query}
      actions={[
        {
          key: 'close',
          label: t('tickets.bulk.close'),
          path: ticketBulkPath('close'),
          icon: <IconCircleCheck size={16} aria-hidden />,
          confirm: {
            title: t('tickets.bulk.closeTitle'),
            message: (count) => t('tickets.bulk.closeQuestion', { count }),
            confirmLabel: t('tickets.bulk.close'),
          },
        },
      ]}
      onDone={() => {
        void qc.invalidateQueries({ queryKey: ticketKeys.all });
        // Open-ticket counts, task statuses and feeds of the projects.
        void qc.invalidateQueries({ queryKey: ['projects'] });
      }}
    />
  );
}
