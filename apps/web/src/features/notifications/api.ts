import type { NotificationPage } from '@app/shared/notifications/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * Query keys of the signed-in person's notifications (GET /api/notifications), the bell and the
 * notifications page:
 *
 *   ['notifications']                          everything about them
 *   ['notifications', 'list', page, perPage]   one page, newest first, with the unread count
 *
 * Marking one or all read invalidates ['notifications'], so the bell's count and the page agree.
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (page: number, perPage: number) => [...notificationKeys.all, 'list', page, perPage] as const,
};

/** How often the bell asks for news while a page is open (the server tells people every minute). */
export const BELL_REFRESH_MS = 60_000;

export const useNotifications = (page: number, perPage: number, o: { refetchInterval?: number } = {}) =>
  useQuery({
    queryKey: notificationKeys.list(page, perPage),
    queryFn: ({ signal }) => api.get<NotificationPage>('/api/notifications', { query: { page, perPage }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: o.refetchInterval,
  });

function useInvalidateNotifications() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: notificationKeys.all });
}

/** Marks one of my notifications read (again: no change). */
export function useMarkNotificationRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: (id: number) => api.post<void>(`/api/notifications/${id}/read`, {}),
    onSettled: () => invalidate(),
  });
}

/** Marks all my notifications read. */
export function useMarkAllNotificationsRead() {
  const invalidate = useInvalidateNotifications();
  return useMutation({
    mutationFn: () => api.post<void>('/api/notifications/read-all', {}),
    onSettled: () => invalidate(),
  });
}
