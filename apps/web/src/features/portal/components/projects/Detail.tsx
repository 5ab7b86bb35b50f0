import { Box, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/** What a detail page shows while it loads: a title line and two blocks. */
export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy="true" aria-label={t('common.states.loading')}>
      <Skeleton h={30} w="50%" />
      <Skeleton h={14} w="30%" />
      <Skeleton h={120} radius="md" />
      <Skeleton h={200} radius="md" />
    </Stack>
  );
}

/** A titled card of a detail page (a section with a heading). */
export function DetailCard({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="sm" gap="xs" wrap="wrap">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Card>
  );
}

/**
 * Label and value pairs as a description list, one under the other or side by side from a small
 * screen up (`across`); a value that is empty reads "Onbekend".
 */
export function Facts({ items, across }: { items: { label: string; value: ReactNode }[]; across?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: across ? 3 : 1 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map((item) => (
        <Box key={item.label}>
          <Text component="dt" size="xs" c="dimmed" fw={500}>
            {item.label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value === '' || item.value === null || item.value === undefined ? t('portalProjects.unknown') : item.value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** A plain list of rows on a detail page (tasks, sub-tasks, order lines): no bullets, a line above each row. */
export function RowList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={label}>
      {children}
    </ul>
  );
}

/** One row of a RowList. */
export function Row({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box component="li" py="sm" data-testid={testId} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      {children}
    </Box>
  );
}
