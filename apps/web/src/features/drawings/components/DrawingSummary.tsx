import type { Drawing, DrawingVersionSummary } from '@app/shared/drawings/drawings';
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OverdueBadge, WaitingForYouBadge } from '../../../components/DueDateBadge';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { type DrawingSide, drawingPaths } from '../api';
import { DrawingStatusBadge, VersionStatusBadge } from './DrawingBadges';

/** The drawing's name, status and facts: shared by both sides' drawing page. */
export function DrawingHeading({ drawing, side }: { drawing: Drawing; side: DrawingSide }) {
  const { t } = useTranslation();
  const facts = [
    side.kind === 'client' ? drawing.project.name : drawing.company.name,
    drawing.area?.name ?? null,
    t('drawings.detail.dated', { date: formatDate(drawing.drawingDate) }),
    drawing.employee ? t('drawings.detail.employee', { name: drawing.employee.name }) : null,
    drawing.approvedAt ? t('drawings.detail.approvedAt', { date: formatDateTime(drawing.approvedAt) }) : null,
  ].filter(Boolean);
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Title
          order={side.kind === 'staff' ? 2 : 1}
          fz={side.kind === 'staff' ? 'xl' : { base: 22, sm: 28 }}
          style={{ overflowWrap: 'anywhere' }}
        >
          {drawing.name}
        </Title>
        <DrawingStatusBadge status={drawing.status} waitingFor={drawing.waitingFor} viewer={side.kind} />
        {drawing.overdue ? <OverdueBadge dueDate={drawing.dueDate} /> : null}
        {drawing.waitingForYou ? <WaitingForYouBadge /> : null}
      </Group>
      <Text size="sm" c="dimmed">
        {facts.join(' · ')}
      </Text>
    </Stack>
  );
}

/** The versions, newest first, each to its page: number, status, who made it and when, its comments. */
export function VersionList({ drawing, side }: { drawing: Drawing; side: DrawingSide }) {
  const { t } = useTranslation();
  const paths = drawingPaths(side);
  if (drawing.versions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('drawings.versions.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('drawings.versions.title')}>
      {drawing.versions.map((v: DrawingVersionSummary, i) => (
        <Paper key={v.id} component="li" withBorder p="sm" radius="md">
          <Group justify="space-between" gap="sm" wrap="wrap" align="flex-start">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
              <Group gap="xs" wrap="wrap">
                <Anchor component={Link} to={paths.version(drawing.id, v.id)} fw={600}>
                  {t('drawings.version.numbered', { number: v.number })}
                </Anchor>
                <VersionStatusBadge status={v.status} size="sm" />
                {i === 0 ? (
                  <Badge variant="outline" color="gray" size="sm">
                    {t('drawings.versions.latest')}
                  </Badge>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {[
                  v.file.originalName,
                  v.createdBy
                    ? t('drawings.version.createdBy', { name: v.createdBy, date: formatDateTime(v.createdAt) })
                    : t('drawings.version.created', { date: formatDateTime(v.createdAt) }),
                ].join(' · ')}
              </Text>
              {v.notes ? (
                <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {v.notes}
                </Text>
              ) : null}
            </Stack>
            <Group gap={4} wrap="nowrap" c="dimmed">
              <IconMessage size={14} aria-hidden />
              <Text size="xs">{t('drawings.versions.comments', { count: v.commentCount })}</Text>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
