import { formatMinutes } from '@app/shared/hours/schedules.rules';
import type { ExpiringItem } from '@app/shared/hr-documents/documents';
import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../../../components/DataTable';
import { ExportMenu } from '../../../components/ExportMenu';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { useExpiring } from '../api';
import { ExpiryBadge } from '../components/ExpiryBadge';

type Kind = 'all' | 'document' | 'contract';
const KINDS: Kind[] = ['all', 'document', 'contract'];

const rowLink = (r: ExpiringItem) => `/users/${r.employee.id}/${r.kind === 'document' ? 'documents' : 'contracts'}`;

/**
 * users.expiring ('Verloopt binnenkort'): one list of what needs HR, by date: documents that expired
 * or expire within 30 days, contracts that end within 30 days or ended without a next one. Each row
 * opens the person's documents or contracts. Who holds only one of the two rights sees that part.
 */
export function ExpiringPage() {
  const { t } = useTranslation();
  const list = useExpiring();
  const [params, setParams] = useSearchParams();
  const both = !!list.data?.parts.documents && !!list.data?.parts.contracts;
  const asked = params.get('kind') as Kind | null;
  const kind: Kind = both && asked && KINDS.includes(asked) ? asked : 'all';
  const rows = list.data?.data.filter((r) => kind === 'all' || r.kind === kind);

  const columns: Column<ExpiringItem>[] = [
    {
      key: 'name',
      header: t('hrDocuments.expiring.employee'),
      render: (r) => (
        <Anchor component={Link} to={rowLink(r)} fw={500} size="sm">
          {r.employee.name}
        </Anchor>
      ),
    },
    {
      key: 'what',
      header: t('hrDocuments.expiring.what'),
      render: (r) =>
        r.kind === 'document' ? (
          <Stack gap={0}>
            <Text size="sm">{r.title}</Text>
            <Text size="xs" c="dimmed">
              {t(`hrDocuments.types.${r.type}`)}
            </Text>
          </Stack>
        ) : (
          <Stack gap={0}>
            <Text size="sm">{t('hrDocuments.expiring.contract')}</Text>
            <Text size="xs" c="dimmed">
              {t('hrDocuments.expiring.contractDetail', {
                from: formatDate(r.startsOn),
                hours: formatMinutes(r.minutesPerWeek),
              })}
            </Text>
          </Stack>
        ),
    },
    {
      key: 'date',
      header: t('hrDocuments.expiring.date'),
      render: (r) => <Text size="sm">{formatDate(r.date)}</Text>,
    },
    { key: 'status', header: t('hrDocuments.fields.status'), render: (r) => <ExpiryBadge status={r.status} /> },
  ];

  return (
    <>
      <PageHeader
        title={t('hrDocuments.expiring.title')}
        description={t(
          both
            ? 'hrDocuments.expiring.intro'
            : list.data?.parts.contracts
              ? 'hrDocuments.expiring.introContracts'
              : 'hrDocuments.expiring.introDocuments',
        )}
        actions={<ExportMenu path="/api/hr/expiring/export" params={{ kind: kind === 'all' ? undefined : kind }} />}
      />
      <Stack gap="md">
        {both ? (
          <SegmentedControl
            aria-label={t('hrDocuments.expiring.filter')}
            value={kind}
            onChange={(v) =>
              setParams(
                (p) => {
                  if (v === 'all') p.delete('kind');
                  else p.set('kind', v);
                  return p;
                },
                { replace: true },
              )
            }
            data={KINDS.map((k) => ({ value: k, label: t(`hrDocuments.expiring.kinds.${k}`) }))}
            style={{ alignSelf: 'flex-start' }}
          />
        ) : null}
        <DataTable
          caption={t('hrDocuments.expiring.title')}
          columns={columns}
          rows={rows}
          rowKey={(r) => `${r.kind}-${r.id}`}
          isLoading={list.isLoading}
          error={list.error}
          onRetry={() => void list.refetch()}
          cardSort={false}
          empty={
            <EmptyState
              icon={<IconCircleCheck size={32} stroke={1.5} />}
              title={t('hrDocuments.expiring.emptyTitle')}
              description={t('hrDocuments.expiring.emptyText')}
            />
          }
        />
      </Stack>
    </>
  );
}
