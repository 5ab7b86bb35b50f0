import { Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A card that opens a section: icon, the section's title (as in the navigation) and what it is for. */
export function Shortcut({ to, icon, title, description }: { to: string; icon: ReactNode; title: string; description: string }) {
  return (
    <Card component={Link} to={to} withBorder padding="lg" radius="md" shadow="xs">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon size={42} radius="md" variant="light" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={2}>
          <Text fw={600}>{title}</Text>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}
