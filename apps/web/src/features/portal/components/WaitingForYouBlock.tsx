import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DueDateText, OverdueBadge } from '../../../components/DueDateBadge';
import { drawingPaths, useDrawings } from '../../drawings/api';
import { orderPath, useOrders } from '../../orders/api';
import { BlockList, DashboardBlock } from './projects/DashboardBlock';

const ROWS = 5;

interface Row {
  key: string;
  kind: 'drawing' | 'order';
  name: string;
  to: string;
  dueDate: string | null;
  overdue: boolean;
}

/**
 * The portal dashboard's "Wacht op jou": the drawings and the orders' designs the signed-in user
 * still decides, overdue ones first. Loaded on its own (React.lazy on the dashboard), so the
 * dashboard's first JS stays within its budget.
 */
export function WaitingForYouBlock() {
  const { t } = useTranslation();
  const drawings = useDrawings({ kind: 'client' }, { page: 1, perPage: ROWS, tab: 'pending', waiting: 'me', sort: '-updated' });
  const orders = useOrders('client', { page: 1, perPage: ROWS, waiting: 'me', sort: '-updated' });
  const paths = drawingPaths({ kind: 'client' });
  const rows: Row[] = [
    ...(drawings.data?.data ?? []).map((d) => ({
      key: `d${d.id}`,
      kind: 'drawing' as const,
      name: d.name,
      to: paths.drawing(d.id),
      dueDate: d.dueDate,
      overdue: d.overdue,
    })),
    ...(orders.data?.data ?? []).map((o) => ({
      key: `o${o.id}`,
      kind: 'order' as const,
      name: o.title,
      to: orderPath('client', o.id),
      dueDate: o.dueDate,
      overdue: o.overdue,
    })),
  ]
    // Overdue first, then the earliest due date; the rest as the lists gave them.
    .sort((a, b) => Number(b.overdue) - Number(a.overdue) || (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999'))
    .slice(0, ROWS);
  const total = (drawings.data?.meta.total ?? 0) + (orders.data?.meta.total ?? 0);
  const state = {
    isPending: drawings.isPending || orders.isPending,
    error: drawings.error ?? orders.error,
    refetch: () => Promise.all([drawings.refetch(), orders.refetch()]),
  };
  return (
    <DashboardBlock
      title={t('approvals.waitingForYou')}
      icon={<IconClockExclamation size={20} />}
      badge={total > 0 ? String(total) : null}
      more={{ to: '/drawings?waiting=me', label: t('approvals.waitingDrawings') }}
      state={state}
      isEmpty={rows.length === 0}
      empty={t('approvals.waitingEmpty')}
    >
      <Stack gap="sm">
        <BlockList>
          {rows.map((r) => (
            <Box component="li" key={r.key}>
              <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={r.to} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {r.name}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {t(r.kind === 'drawing' ? 'approvals.kindDrawing' : 'approvals.kindOrder')}
                  </Text>
                </Stack>
                <Stack gap={2} align="flex-end">
                  {r.overdue ? <OverdueBadge dueDate={r.dueDate} /> : null}
                  <DueDateText dueDate={r.dueDate} overdue={r.overdue} />
                </Stack>
              </Group>
            </Box>
          ))}
        </BlockList>
        {(orders.data?.meta.total ?? 0) > 0 ? (
          <Anchor component={Link} to="/orders?waiting=me" size="sm">
            <Group gap={4} wrap="nowrap" component="span">
              {t('approvals.waitingOrders')}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        ) : null}
      </Stack>
    </DashboardBlock>
  );
}
