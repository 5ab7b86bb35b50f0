import { type LeaveRequest, leaveRequestListQuerySchema } from '@app/shared/leave/leave';
import { LEAVE_REQUEST_STATUSES, type LeaveRequestStatus } from '@app/shared/leave/leave.rules';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowBackUp, IconBeach, IconCheck, IconPlus, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSelection } from '../../../../components/bulk/useSelection';
import { confirmAction } from '../../../../components/confirm';
import type { Column } from '../../../../components/DataTable';
import { ExportMenu } from '../../../../components/ExportMenu';
import { HistoryPanel } from '../../../../components/history/HistoryPanel';
import { useAttempt } from '../../../../lib/attempt';
import { notify } from '../../../../lib/notify';
import { useListParams } from '../../../../lib/use-list-params';
import { ListEmpty, PagedTable } from '../../../declarations/components/ListParts';
import { useEmployeeOptions } from '../../../projects/employees-api';
import { type LeaveDecision, useDecideLeave, useLeaveRequests } from '../api';
import { DecisionModal } from './DecisionModal';
import { formatMinutes, formatPeriod } from './format';
import { LeaveRequestModal } from './LeaveRequestModal';
import { LeaveRequestsBulkBar } from './LeaveRequestsBulkBar';
import { LeaveStatusBadge, LeaveTypeChip } from './StatusBadge';

const PER_PAGE = 25;
type Tab = LeaveRequestStatus | 'all';
const TABS: Tab[] = [...LEAVE_REQUEST_STATUSES, 'all'];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as string[]).includes(v);

/**
 * Leave requests in a list: status tabs (Openstaand first, with the count waiting), a search, for
 * managers a person filter; per row what the viewer may do (approve, deny, withdraw); "Verlof
 * aanvragen" opens the request form with its preview.
 */
export function LeaveRequestList() {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const list$ = useListParams(leaveRequestListQuerySchema);
  const { params } = list$;
  // The status tab: a status or 'all' (the screen's own, not the server's), Openstaand without one.
  const tabParam = params.get('status');
  const tab: Tab = isTab(tabParam) ? tabParam : 'pending';
  const { employeeId: person } = list$.query;
  const [requesting, setRequesting] = useState(false);
  const [deciding, setDeciding] = useState<{ r: LeaveRequest; mode: 'approve' | 'deny' } | null>(null);
  const decide = useDecideLeave();

  // The list's filters and sort: the list's query, and the export's.
  const filters = {
    sort: list$.sort,
    ...(list$.q ? { q: list$.q } : {}),
    ...(tab === 'all' ? {} : { status: tab }),
    ...(person ? { employeeId: person } : {}),
  };
  const list = useLeaveRequests({ page: list$.page, perPage: PER_PAGE, ...filters });
  const data = list.data;
  const manager = Boolean(data?.abilities.canDecide || data?.abilities.canRequestForOthers);
  // Deciding many at once: for approvers, where pending requests are listed.
  const bulk = Boolean(data?.abilities.canDecide) && (tab === 'pending' || tab === 'all');
  const selection = useSelection(JSON.stringify(filters));
  const employees = useEmployeeOptions();

  const subject = (r: LeaveRequest) =>
    t('leaveRequests.decide.subject', {
      name: r.employee.name,
      type: r.leaveType.name,
      period: formatPeriod(r),
      hours: formatMinutes(r.minutes),
    });

  const run = async (r: LeaveRequest, decision: LeaveDecision) => {
    await attempt(async () => {
      await decide.mutateAsync({ r, decision });
      notify.success(t(`leaveRequests.toasts.${decision.action}`, { name: r.employee.name }));
      setDeciding(null);
    });
  };
  const handleCancel = async (r: LeaveRequest) => {
    const ok = await confirmAction({
      title: t('leaveRequests.cancel.title'),
      message: t(r.status === 'approved' ? 'leaveRequests.cancel.approvedText' : 'leaveRequests.cancel.text', {
        period: formatPeriod(r),
        hours: formatMinutes(r.minutes),
      }),
      confirmLabel: t('leaveRequests.actions.cancel'),
      danger: true,
    });
    if (ok) await run(r, { action: 'cancel' });
  };

  const columns: Column<LeaveRequest>[] = [
    {
      key: 'name',
      header: t('leaveRequests.list.employee'),
      sortKey: 'employee',
      render: (r) => (
        <Stack gap={0}>
          <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {r.employee.name}
          </Text>
          <Anchor component={Link} to={`/users/${r.employee.id}/leave-card`} size="xs">
            {t('leaveRequests.list.card')}
          </Anchor>
        </Stack>
      ),
    },
    { key: 'type', header: t('leaveRequests.list.type'), render: (r) => <LeaveTypeChip type={r.leaveType} /> },
    {
      key: 'period',
      header: t('leaveRequests.list.period'),
      sortKey: 'startsOn',
      render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatPeriod(r)}</span>,
    },
    {
      key: 'hours',
      header: t('leaveRequests.list.hours'),
      width: 90,
      render: (r) => (
        <Text component="span" size="sm" fw={500} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatMinutes(r.minutes)}
        </Text>
      ),
    },
    { key: 'status', header: t('leaveRequests.list.status'), width: 130, render: (r) => <LeaveStatusBadge status={r.status} /> },
    {
      key: 'reason',
      header: t('leaveRequests.list.reason'),
      render: (r) =>
        r.note || r.decisionReason ? (
          <Stack gap={0}>
            {r.note ? (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.note}
              </Text>
            ) : null}
            {r.decisionReason ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t('leaveRequests.list.decisionReason', { reason: r.decisionReason, name: r.decidedBy ?? '' })}
              </Text>
            ) : null}
          </Stack>
        ) : null,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('leaveRequests.list.actions')}</span>,
      label: t('leaveRequests.list.actions'),
      width: 150,
      render: (r) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {r.abilities.canApprove ? (
            <Tooltip label={t('leaveRequests.actions.approve')}>
              <ActionIcon
                variant="light"
                color="teal"
                aria-label={t('leaveRequests.actions.approveFor', { name: r.employee.name, period: formatPeriod(r) })}
                onClick={() => setDeciding({ r, mode: 'approve' })}
              >
                <IconCheck size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {r.abilities.canDeny ? (
            <Tooltip label={t('leaveRequests.actions.deny')}>
              <ActionIcon
                variant="light"
                color="red"
                aria-label={t('leaveRequests.actions.denyFor', { name: r.employee.name, period: formatPeriod(r) })}
                onClick={() => setDeciding({ r, mode: 'deny' })}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          {r.abilities.canCancel ? (
            <Tooltip label={t('leaveRequests.actions.cancel')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('leaveRequests.actions.cancelFor', { name: r.employee.name, period: formatPeriod(r) })}
                onClick={() => void handleCancel(r)}
              >
                <IconArrowBackUp size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <HistoryPanel
            compact
            subject="leave_request"
            id={r.id}
            label={t('history.openFor', { name: `${r.employee.name}, ${formatPeriod(r)}` })}
          />
        </Group>
      ),
    },
  ];

  const requestButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setRequesting(true)}>
      {t('leaveRequests.request')}
    </Button>
  );
  const filtered = Boolean(list$.q || person || tab !== 'pending');
  const empty = (
    <ListEmpty
      filtered={filtered}
      prefix="leaveRequests.list"
      icon={<IconBeach size={32} stroke={1.5} />}
      description={t('leaveRequests.list.emptyText')}
      action={requestButton}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="flex-end" gap="sm">
        <ExportMenu path="/api/leave-requests/export" params={filters} />
        {requestButton}
      </Group>
      <Tabs
        value={tab}
        onChange={(v) => list$.setFilters({ status: v === 'pending' || !isTab(v) ? null : v })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('leaveRequests.tabs.label')} mb="md" style={{ flexWrap: 'wrap' }}>
          {TABS.map((x) => (
            <Tabs.Tab
              key={x}
              value={x}
              rightSection={
                x === 'pending' && data && data.pending > 0 ? (
                  <Badge size="sm" circle aria-label={t('leaveRequests.tabs.pendingCount', { count: data.pending })}>
                    {data.pending}
                  </Badge>
                ) : null
              }
            >
              {x === 'all' ? t('leaveRequests.tabs.all') : t(`leaveRequests.status.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, xs: 2, md: manager ? 3 : 2 }} spacing="sm">
              <TextInput
                label={t('leaveRequests.list.search')}
                leftSection={<IconSearch size={16} />}
                value={list$.search}
                onChange={(e) => list$.setSearch(e.currentTarget.value)}
              />
              {manager ? (
                <Select<number>
                  label={t('leaveRequests.list.employee')}
                  placeholder={t('leaveRequests.list.allPeople')}
                  data={(employees.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
                  value={person ?? null}
                  onChange={(v) => list$.setFilters({ employeeId: v === null ? null : String(v) })}
                  searchable
                  clearable
                />
              ) : null}
            </SimpleGrid>
            <PagedTable
              caption={t('leaveRequests.list.caption')}
              columns={columns}
              list={list}
              list$={list$}
              empty={empty}
              selection={bulk ? selection : undefined}
              rowLabel={(r) => `${r.employee.name}, ${formatPeriod(r)}`}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <DecisionModal
        mode={deciding?.mode ?? null}
        subject={deciding ? subject(deciding.r) : ''}
        busy={decide.isPending}
        onClose={() => setDeciding(null)}
        onSubmit={(reason) => {
          if (deciding) void run(deciding.r, { action: deciding.mode, reason });
        }}
      />
      {bulk ? (
        <LeaveRequestsBulkBar
          selection={selection}
          pageIds={(data?.data ?? []).map((r) => r.id)}
          total={data?.meta.total ?? 0}
          query={filters}
        />
      ) : null}
      <LeaveRequestModal
        opened={requesting}
        onClose={() => setRequesting(false)}
        chooseEmployee={Boolean(data?.abilities.canRequestForOthers)}
      />
    </Stack>
  );
}
