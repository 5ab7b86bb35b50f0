import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../../../lib/errors';

interface Props {
  title: string;
  icon: ReactNode;
  /** The screen that shows all of it. */
  more: { to: string; label: string };
  /** A count beside the title (unread notifications). */
  badge?: ReactNode;
  /** The block's own query: each block loads, fails and retries on its own. */
  state: { isPending: boolean; error: unknown; refetch: () => unknown };
  isEmpty: boolean;
  empty: string;
  children?: ReactNode;
}

/**
 * A block of the portal's dashboard: a titled section with a link to its screen, and its own
 * loading skeleton, empty text and error with a retry, so one slow or failing block never holds
 * up the others.
 */
export function DashboardBlock({ title, icon, more, badge, state, isEmpty, empty, children }: Props) {
  const { t } = useTranslation();
  const headingId = useId();
  let body: ReactNode;
  if (state.error) {
    body = (
      <Alert color="red" variant="light" title={t('portalProjects.blocks.error')} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(t, state.error)}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void state.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (state.isPending) {
    body = (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.states.loading')}>
        <Skeleton h={16} w="60%" />
        <Skeleton h={16} />
        <Skeleton h={16} w="80%" />
      </Stack>
    );
  } else if (isEmpty) {
    body = (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  } else {
    body = children;
  }
  return (
    <Card withBorder padding="lg" radius="md" shadow="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs" style={{ rowGap: 4 }}>
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <span aria-hidden style={{ display: 'inline-flex', flex: 'none' }}>
            {icon}
          </span>
          <Title order={2} size="h4" id={headingId} style={{ whiteSpace: 'nowrap' }}>
            {title}
          </Title>
          {badge ? (
            <Badge variant="filled" size="sm" style={{ flex: 'none' }}>
              {badge}
            </Badge>
          ) : null}
        </Group>
        <Anchor component={Link} to={more.to} size="sm" style={{ flex: 'none' }}>
          <Group gap={4} wrap="nowrap" component="span">
            {more.label}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {body}
    </Card>
  );
}

/** The rows of a block: a plain list, no bullets. */
export function BlockList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {children}
    </Stack>
  );
}
