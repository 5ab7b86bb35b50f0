import type { Notification } from '@app/shared/notifications/notifications';
import { Anchor, Box, Button, Divider, Group, Indicator, Loader, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../../lib/attempt';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { BELL_REFRESH_MS, useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api';
import classes from './NotificationBell.module.css';
import { NotificationItem } from './NotificationItem';

/** How many of the newest the bell lists; the notifications page has them all. */
export const BELL_SIZE = 6;

/**
 * The header's bell: the unread count on it, and on a click the newest notifications, "mark all
 * read" and a link to the notifications page. Opening one marks it read.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const titleId = useId();
  const list = useNotifications(1, BELL_SIZE, { refetchInterval: BELL_REFRESH_MS });
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.meta.unread ?? 0;
  const items = list.data?.data ?? [];

  const open = (n: Notification) => {
    setOpened(false);
    if (!n.read) markRead.mutate(n.id);
  };
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notify.success(t('notifications.allRead')),
      onError: (err) => notifyError(t, err),
    });

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton
          className={classes.bell}
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-haspopup="dialog"
          data-testid="notification-bell"
        >
          {/* Named by its content, not aria-label: the count that shows only repeats this name. */}
          <span className="visually-hidden">
            {unread > 0 ? t('notifications.bell.labelUnread', { count: unread }) : t('notifications.bell.label')}
          </span>
          <Indicator
            disabled={unread === 0}
            label={unread > 99 ? '99+' : unread}
            size={18}
            offset={2}
            classNames={{ root: classes.indicatorRoot, indicator: classes.count }}
            aria-hidden
          >
            <IconBell size={22} stroke={1.75} aria-hidden />
          </Indicator>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={0} role="dialog" aria-labelledby={titleId}>
        <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
          <Text fw={600} size="sm" component="h2" m={0} id={titleId}>
            {t('notifications.bell.title')}
          </Text>
          <Button variant="subtle" size="compact-xs" onClick={readAll} disabled={unread === 0} loading={markAll.isPending}>
            {t('notifications.markAllRead')}
          </Button>
        </Group>
        <Divider />
        <Box mah={360} style={{ overflowY: 'auto' }} p={4}>
          {list.isLoading ? (
            <Group justify="center" p="md">
              <Loader size="sm" role="status" aria-label={t('common.states.loading')} />
            </Group>
          ) : list.error ? (
            <Stack gap="xs" p="sm" align="flex-start" role="alert">
              <Text size="sm">{errorMessage(t, list.error)}</Text>
              <Button variant="light" size="compact-sm" onClick={() => void list.refetch()}>
                {t('common.actions.retry')}
              </Button>
            </Stack>
          ) : items.length === 0 ? (
            <Text size="sm" c="dimmed" p="sm">
              {t('notifications.bell.empty')}
            </Text>
          ) : (
            <Stack gap={2} component="ul" className={classes.list}>
              {items.map((n) => (
                <li key={n.id}>
                  <NotificationItem notification={n} onOpen={open} compact />
                </li>
              ))}
            </Stack>
          )}
        </Box>
        <Divider />
        <Box px="sm" py="xs">
          <Anchor component={Link} to="/notifications" size="sm" fw={500} onClick={() => setOpened(false)}>
            {t('notifications.bell.showAll')}
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
