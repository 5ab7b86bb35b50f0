import type { PortalOrderLineDetail } from '@app/shared/portal/portal-products';
import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconFileDescription } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { Thumb } from '../../../components/Thumb';
import { TrailLink } from '../../../components/TrailLink';
import { areaTitle } from '../../projects/area-label';
import { DetailCard, DetailSkeleton, Facts } from '../components/projects/Detail';
import { usePortalOrderLine } from '../products-api';

/** project-orderlines.show: one order line of a project, its item and quantity, and where it sits (project, area, task, sub-task). */
export function PortalOrderLinePage() {
  const params = useParams();
  const projectId = Number(params.projectId);
  const lineId = Number(params.orderlineId);
  const q = usePortalOrderLine(projectId, lineId);
  if (q.error) return <ErrorState error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <DetailSkeleton />;
  return <OrderLineView line={q.data} />;
}

const quantityFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 3 });

function OrderLineView({ line }: { line: PortalOrderLineDetail }) {
  const { t } = useTranslation();
  const projectPath = `/project/${line.project.id}`;
  const areaPath = `/project/${line.project.id}/areas/${line.area.id}`;
  const taskPath = `/task/${line.task.id}`;
  const subtaskPath = `/task/${line.task.id}/subtask/${line.subtask.id}`;
  return (
    <>
      <PageHeader
        title={line.item.name}
        description={
          <Group gap="xs" component="span" wrap="wrap">
            <TrailLink to={projectPath}>{line.project.name}</TrailLink>
            <span aria-hidden>·</span>
            <TrailLink to={areaPath}>{areaTitle(line.area)}</TrailLink>
          </Group>
        }
        actions={
          <Button component={Link} to="/company-products" variant="default" leftSection={<IconArrowUp size={16} />}>
            {t('portalProducts.orderLine.back')}
          </Button>
        }
      />
      <Stack gap="lg">
        <DetailCard title={t('portalProducts.orderLine.item')}>
          <Group align="flex-start" gap="lg" wrap="wrap">
            <Thumb src={line.item.thumbUrl} alt={line.item.name} width={160} height={120} radius={8} />
            <Stack gap="sm" style={{ flex: 1, minWidth: 200 }}>
              <Group gap="xs">
                <Badge variant="light" color={line.kind === 'product' ? 'blue' : 'gray'}>
                  {t(`portalProducts.orderLine.kind.${line.kind}`)}
                </Badge>
              </Group>
              <Facts
                items={[
                  { label: t('portalProducts.orderLine.code'), value: line.item.code ?? '' },
                  { label: t('portalProducts.orderLine.quantity'), value: quantityFormat.format(line.quantity) },
                ]}
              />
            </Stack>
          </Group>
        </DetailCard>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <DetailCard title={t('portalProducts.orderLine.where')}>
            <Facts
              items={[
                {
                  label: t('portalProducts.orderLine.project'),
                  value: <TrailLink to={projectPath}>{line.project.name}</TrailLink>,
                },
                {
                  label: t('portalProducts.orderLine.area'),
                  value: <TrailLink to={areaPath}>{areaTitle(line.area)}</TrailLink>,
                },
                {
                  label: t('portalProducts.orderLine.task'),
                  value: <TrailLink to={taskPath}>{line.task.name}</TrailLink>,
                },
                {
                  label: t('portalProducts.orderLine.subtask'),
                  value: <TrailLink to={subtaskPath}>{line.subtask.name}</TrailLink>,
                },
              ]}
            />
          </DetailCard>
          <DetailCard title={t('portalProducts.orderLine.yours')}>
            {line.companyProduct ? (
              <Stack gap="md">
                <Facts
                  items={[
                    { label: t('portalProducts.fields.reference'), value: line.companyProduct.reference },
                    ...(line.companyProduct.notes
                      ? [{ label: t('portalProducts.fields.notes'), value: line.companyProduct.notes }]
                      : []),
                  ]}
                />
                <div>
                  <Button
                    component={Link}
                    to={`/product-files/${line.companyProduct.id}`}
                    variant="light"
                    leftSection={<IconFileDescription size={16} />}
                  >
                    {t('portalProducts.orderLine.openProduct')}
                  </Button>
                </div>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('portalProducts.orderLine.notYours')}
              </Text>
            )}
          </DetailCard>
        </SimpleGrid>
      </Stack>
    </>
  );
}
