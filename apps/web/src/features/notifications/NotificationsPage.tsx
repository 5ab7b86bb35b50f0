import type { Notification } from '@app/shared/notifications/notifications';
import { Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState } from '../../components/States';
import { notifyError } from '../../lib/attempt';
import { notify } from '../../lib/notify';
import { Pager } from '../portal/components/news/Pager';
import { usePageParam } from '../portal/components/news/use-page-param';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api';
import { NotificationItem } from './components/NotificationItem';
import { notificationText } from './components/notification-text';

const PER_PAGE = 20;

/** The notifications page: all of mine, newest first, unread ones marked; open one to read it, or mark all read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useNotifications(page, PER_PAGE);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unread = list.data?.meta.unread ?? 0;
  const items = list.data?.data;

  const read = (n: Notification) => {
    if (!n.read) markRead.mutate(n.id, { onError: (err) => notifyError(t, err) });
  };
  const readAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notify.success(t('notifications.allRead')),
      onError: (err) => notifyError(t, err),
    });

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        description={list.data && unread > 0 ? t('notifications.unreadCount', { count: unread }) : t('notifications.description')}
        actions={
          <Button
            variant="light"
            leftSection={<IconChecks size={16} />}
            onClick={readAll}
            disabled={unread === 0}
            loading={markAll.isPending}
          >
            {t('notifications.markAllRead')}
          </Button>
        }
      />
      {list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !items ? (
        <Stack gap="xs" aria-busy="true" aria-label={t('common.states.loading')}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={56} radius="md" />
          ))}
        </Stack>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<IconBellOff size={32} stroke={1.5} />}
          title={t('notifications.emptyTitle')}
          description={t('notifications.emptyText')}
        />
      ) : (
        <Paper withBorder radius="md" p={4}>
          <Stack gap={2} component="ul" aria-label={t('notifications.listLabel')} m={0} p={0} style={{ listStyle: 'none' }}>
            {items.map((n) => (
              <Group key={n.id} component="li" wrap="nowrap" gap="xs" justify="space-between">
                <div style={{ flex: 1, minWidth: 0 }}>
                  <NotificationItem notification={n} onOpen={read} />
                </div>
                {n.read ? null : (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    mr="xs"
                    leftSection={<IconChecks size={16} aria-hidden />}
                    onClick={() => read(n)}
                    aria-label={t('notifications.markReadNamed', { text: notificationText(t, n) })}
                  >
                    <Text span size="sm" visibleFrom="sm">
                      {t('notifications.markRead')}
                    </Text>
                  </Button>
                )}
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      <Pager meta={list.data?.meta} onPage={setPage} />
    </>
  );
}
