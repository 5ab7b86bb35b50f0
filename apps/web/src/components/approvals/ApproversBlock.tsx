import type { Approver } from '@app/shared/platform/approvers';
import type { ApprovalRule, ApproverState } from '@app/shared/platform/approvers.rules';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../lib/dates';
import { OverdueBadge } from '../DueDateBadge';

const STATE_COLORS: Record<ApproverState, string> = { approved: 'teal', changes_requested: 'orange', waiting: 'gray' };

/** What the block shows of a record that waits for the client's decision (a drawing, an order's design). */
export interface ApprovalRecord {
  dueDate: string | null;
  overdue: boolean;
  approvalRule: ApprovalRule;
  approvers: readonly Approver[];
}

/**
 * A record's deadline and who decides: the due date (marked when overdue), the rule, and each
 * named approver with their state on the latest version, or that any of the client's users decides.
 */
export function ApproversBlock({ record }: { record: ApprovalRecord }) {
  const { t } = useTranslation();
  const titleId = useId();
  const named = record.approvers.length > 0;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" justify="space-between">
          <Title order={2} fz="md" id={titleId}>
            {t('approvals.blockTitle')}
          </Title>
          {record.overdue ? <OverdueBadge dueDate={record.dueDate} /> : null}
        </Group>
        <Text size="sm">
          <Text span fw={600}>
            {t('approvals.dueDate')}:
          </Text>{' '}
          {record.dueDate ? formatDate(record.dueDate) : t('approvals.noDueDate')}
        </Text>
        {named ? (
          <>
            <Text size="sm" c="dimmed">
              {t(`approvals.ruleText.${record.approvalRule}`)}
            </Text>
            <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('approvals.approvers')}>
              {record.approvers.map((a) => (
                <Group component="li" key={a.id} gap="xs" wrap="wrap" justify="space-between">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {a.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Badge color={STATE_COLORS[a.state]} variant="light">
                      {t(`approvals.approverState.${a.state}`)}
                    </Badge>
                    {a.decidedAt ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {t('approvals.decidedAt', { date: formatDateTime(a.decidedAt) })}
                      </Text>
                    ) : null}
                  </Group>
                </Group>
              ))}
            </Stack>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('approvals.anyone')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
