import { employeeBulkPath } from '@app/shared/users/bulk';
import { IconUserOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BulkBar, type BulkListProps } from '../../../components/bulk/BulkBar';
import { employeeKeys } from '../employees-api';

type Props = BulkListProps;

/**
 * The employees list's bulk action: deactivate, asked first. The server runs each row
 * through the single deactivate (their sessions end at once); oneself is reported, never deactivated.
 */
export function EmployeesBulkBar({ selection, pageIds, total, query }: Props) {
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
          key: 'deactivate',
          label: t('users.employees.bulk.deactivate'),
          path: employeeBulkPath('deactivate'),
          icon: <IconUserOff size={16} aria-hidden />,
          color: 'red',
          confirm: {
            title: t('users.employees.bulk.deactivateTitle'),
            message: (count) => t('users.employees.bulk.deactivateQuestion', { count }),
            confirmLabel: t('users.employees.bulk.deactivate'),
            danger: true,
          },
        },
      ]}
      onDone={() => {
        void qc.invalidateQueries({ queryKey: employeeKeys.all });
        void qc.invalidateQueries({ queryKey: ['breadcrumbs'] });
      }}
    />
  );
}
