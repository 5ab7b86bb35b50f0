import { Anchor, Box, Group, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DueDateText, OverdueBadge } from '../../../components/DueDateBadge';
import { BlockList, DashboardBlock } from '../../portal/components/projects/DashboardBlock';
import { drawingPaths, useDrawings } from '../api';

const ROWS = 5;

/** The portal dashboard's "Wacht op jou": the drawings the signed-in user still decides, overdue ones marked. */
export function WaitingForYouBlock() {
  const { t } = useTranslation();
  const q = useDrawings({ kind: 'client' }, { page: 1, perPage: ROWS, tab: 'pending', waiting: 'me', sort: '-updated' });
  const rows = q.data?.data ?? [];
  const total = q.data?.meta.total ?? 0;
  const paths = drawingPaths({ kind: 'client' });
  return (
    <DashboardBlock
      title={t('approvals.waitingForYou')}
      icon={<IconClockExclamation size={20} />}
      badge={total > 0 ? String(total) : null}
      more={{ to: '/drawings?waiting=me', label: t('approvals.waitingAll') }}
      state={q}
      isEmpty={rows.length === 0}
      empty={t('approvals.waitingEmpty')}
    >
      <BlockList>
        {rows.map((d) => (
          <Box component="li" key={d.id}>
            <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
              <Anchor component={Link} to={paths.drawing(d.id)} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {d.name}
              </Anchor>
              <Stack gap={2} align="flex-end">
                {d.overdue ? <OverdueBadge dueDate={d.dueDate} /> : null}
                <DueDateText dueDate={d.dueDate} overdue={d.overdue} />
              </Stack>
            </Group>
          </Box>
        ))}
      </BlockList>
    </DashboardBlock>
  );
}
