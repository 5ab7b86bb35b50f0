import type { PortalArea } from '@app/shared/portal/portal';
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { areaTitle } from '../../../projects/area-label';
import { Completion } from './Completion';
import { AreaStatusBadge } from './StatusBadges';

export const portalAreaPath = (projectId: number, areaId: number) => `/project/${projectId}/areas/${areaId}`;

/**
 * One area (or sub-area) in a list: its number and name (the link), its type, how far it is, its
 * status and, when it has sub-areas, a link to them. Wraps to two lines on a phone.
 */
export function AreaRow({ projectId, area }: { projectId: number; area: PortalArea }) {
  const { t } = useTranslation();
  return (
    <Box component="li" py="sm" px="md" data-testid="area-row" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Anchor component={Link} to={portalAreaPath(projectId, area.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {areaTitle(area)}
          </Anchor>
          <Group gap="xs">
            {area.areaType ? (
              <Text size="xs" c="dimmed">
                {area.areaType}
              </Text>
            ) : null}
            {area.kind === 'area' && area.childrenCount > 0 ? (
              // Padded to a 24 px touch target (WCAG 2.5.8): rows of these stand close together on a phone.
              <Anchor
                component={Link}
                to={`${portalAreaPath(projectId, area.id)}/subareas`}
                size="xs"
                style={{ display: 'inline-block', paddingBlock: 4 }}
              >
                {t('portalProjects.areas.subareasCount', { count: area.childrenCount })}
              </Anchor>
            ) : null}
          </Group>
        </Stack>
        <Group gap="md" wrap="nowrap" style={{ flex: '1 1 240px' }} justify="flex-end">
          <Completion completion={area.completion} compact />
          <AreaStatusBadge status={area.status} fixed />
        </Group>
      </Group>
    </Box>
  );
}
