import type { Notification } from '@app/shared/notifications/notifications';
import { Box, Group, Stack, Text } from '@mantine/core';
import { IconNews } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { notificationText } from './notification-text';
import classes from './notifications.module.css';

/**
 * One notification: what it says (a link to where it leads, which marks it read), when, and a dot
 * with "Nieuw" while unread. Used by the bell's list and the notifications page.
 */
export function NotificationItem({
  notification: n,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const text = notificationText(t, n);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.item} data-unread={n.read ? undefined : true}>
      <Box className={classes.icon} aria-hidden>
        <IconNews size={compact ? 16 : 18} />
      </Box>
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        {n.link ? (
          <Text component={Link} to={n.link} size="sm" fw={n.read ? 400 : 600} className={classes.link} onClick={() => onOpen(n)}>
            {text}
          </Text>
        ) : (
          <Text size="sm" fw={n.read ? 400 : 600}>
            {text}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {formatDateTime(n.createdAt)}
          {n.read ? null : (
            <>
              {' · '}
              <span className={classes.new}>{t('notifications.new')}</span>
            </>
          )}
        </Text>
      </Stack>
    </Group>
  );
}
