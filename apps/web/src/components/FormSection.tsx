import { Card, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One titled card of an editor page (Persoon, Contact, Werk, ...), with an optional line below the
 * title. The editors of companies, company users, news posts, projects and employees share it.
 */
export function FormSection({
  title,
  description,
  order = 2,
  children,
}: {
  title: string;
  description?: string;
  /** The heading level: 2 on a page, 3 inside a page that already has sections of level 2. */
  order?: TitleOrder;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={order} fz="lg">
            {title}
          </Title>
          {description ? (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}
