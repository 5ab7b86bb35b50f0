import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { EmployeeContract } from '@app/shared/hr-documents/contracts';
import { Text } from '@mantine/core';
import { IconFileDescription } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Column } from '../../../components/DataTable';
import { formatDate } from '../../../lib/dates';
import { useContracts, useDeleteContract } from '../api';
import { ContractModal } from '../components/ContractModal';
import { ExpiryBadge } from '../components/ExpiryBadge';
import { HrFileLink, HrRecordsPage } from '../components/HrRecordsPage';

/** "1-1-2026 t/m 31-12-2026", or "vanaf 1-1-2026" for a permanent contract. */
function period(t: TFunction, c: EmployeeContract): string {
  return c.endsOn
    ? t('hrDocuments.contracts.period', { from: formatDate(c.startsOn), to: formatDate(c.endsOn) })
    : t('hrDocuments.contracts.periodOpen', { from: formatDate(c.startsOn) });
}

/**
 * users.contracts ('Contracten'): a person's employment contracts, newest first, with their period,
 * hours per week, status and the signed file. HR (contracts.manage) adds, changes and removes them;
 * the person themselves reads them.
 */
export function ContractsPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const columns: Column<EmployeeContract>[] = [
    {
      key: 'name',
      header: t('hrDocuments.fields.period'),
      render: (c) => (
        <Text fw={500} size="sm">
          {period(t, c)}
        </Text>
      ),
    },
    {
      key: 'hours',
      header: t('hrDocuments.fields.hoursPerWeek'),
      render: (c) => <Text size="sm">{t('hrDocuments.contracts.hours', { hours: formatMinutes(c.minutesPerWeek) })}</Text>,
    },
    { key: 'status', header: t('hrDocuments.fields.status'), render: (c) => <ExpiryBadge status={c.status} /> },
    {
      key: 'file',
      header: t('hrDocuments.fields.contractFile'),
      render: (c) =>
        c.file ? (
          <HrFileLink file={c.file} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('hrDocuments.contracts.noFile')}
          </Text>
        ),
    },
  ];
  return (
    <HrRecordsPage
      kind="contracts"
      userId={userId}
      list={useContracts(userId)}
      remove={useDeleteContract(userId)}
      naming={(c) => ({ period: period(t, c) })}
      columns={columns}
      emptyIcon={<IconFileDescription size={32} stroke={1.5} />}
      exportPath={`/api/users/${userId}/contracts/export`}
      Modal={ContractModal}
    />
  );
}
