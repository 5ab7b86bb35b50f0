import type { PortalOrderLine, PortalSubtaskDetail } from '@app/shared/portal/portal';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconShoppingCart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { formatDate } from '../../../lib/dates';
import { areaTitle } from '../../projects/area-label';
import { portalAreaPath } from '../components/projects/AreaRow';
import { DetailCard, DetailSkeleton, Facts, Row, RowList } from '../components/projects/Detail';
import { SubtaskStatusBadge } from '../components/projects/StatusBadges';
import { usePortalSubtask } from '../projects-api';

/** subtask.show: a sub-task, where it is, and its order lines; a product's line opens its order-line page. */
export function PortalSubtaskPage() {
  const params = useParams();
  const taskId = Number(params.taskId);
  const subtaskId = Number(params.subTaskId);
  const q = usePortalSubtask(taskId, subtaskId);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <DetailSkeleton />;
  return <SubtaskView subtask={q.data} />;
}

/** The order-line page (project-orderlines.show) of a product's line. */
export const orderLinePath = (projectId: number, line: Pick<PortalOrderLine, 'id'>) =>
  `/company-products/${projectId}/${line.id}`;

const quantityFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });

function SubtaskView({ subtask }: { subtask: PortalSubtaskDetail }) {
  const { t } = useTranslation();
  const taskPath = `/task/${subtask.task.id}`;
  return (
    <>
      <PageHeader
        title={subtask.name}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <Anchor component={Link} to={`/project/${subtask.project.id}`} inherit>
              {subtask.project.name}
            </Anchor>
            <span aria-hidden>·</span>
            <Anchor component={Link} to={portalAreaPath(subtask.project.id, subtask.area.id)} inherit>
              {areaTitle(subtask.area)}
            </Anchor>
            <span aria-hidden>·</span>
            <Anchor component={Link} to={taskPath} inherit>
              {subtask.task.name}
            </Anchor>
          </Group>
        }
        actions={
          <Button component={Link} to={taskPath} variant="default" leftSection={<IconArrowUp size={16} />}>
            {t('portalProjects.area.up', { name: subtask.task.name })}
          </Button>
        }
      />
      <Stack gap="lg">
        <DetailCard title={t('portalProjects.subtask.details')}>
          <Facts
            across
            items={[
              { label: t('portalProjects.subtask.status'), value: <SubtaskStatusBadge status={subtask.status} /> },
              { label: t('portalProjects.subtask.amount'), value: String(subtask.amount) },
              ...(subtask.closedAt ? [{ label: t('portalProjects.subtask.closedAt'), value: formatDate(subtask.closedAt) }] : []),
            ]}
          />
        </DetailCard>
        <DetailCard title={t('portalProjects.subtask.orderLines', { count: subtask.orderLines.length })}>
          {subtask.orderLines.length === 0 ? (
            <EmptyState
              icon={<IconShoppingCart size={32} stroke={1.5} />}
              title={t('portalProjects.subtask.noLinesTitle')}
              description={t('portalProjects.subtask.noLinesText')}
            />
          ) : (
            <RowList>
              {subtask.orderLines.map((line) => (
                <Row key={line.id} testId="order-line">
                  <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      {line.kind === 'product' ? (
                        <Anchor
                          component={Link}
                          to={orderLinePath(subtask.project.id, line)}
                          fw={600}
                          style={{ overflowWrap: 'anywhere' }}
                        >
                          {line.name}
                        </Anchor>
                      ) : (
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {line.name}
                        </Text>
                      )}
                      <Text size="xs" c="dimmed">
                        {[t(`portalProjects.orderLine.kind.${line.kind}`), line.code].filter(Boolean).join(' · ')}
                      </Text>
                    </Stack>
                    <Text size="sm" fw={500} style={{ flex: 'none' }}>
                      {t('portalProjects.orderLine.quantity', { quantity: quantityFormat.format(line.quantity) })}
                    </Text>
                  </Group>
                </Row>
              ))}
            </RowList>
          )}
        </DetailCard>
      </Stack>
    </>
  );
}
