import type { NotificationPreferences, NotificationPreferencesInput } from '@app/shared/notifications/preferences';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/*
 * The signed-in person's notification preferences (GET/PUT /api/user/notification-preferences):
 *
 *   ['notification-preferences']   every kind they can receive, with the mode that applies
 */
export const preferenceKeys = { all: ['notification-preferences'] as const };

const URL = '/api/user/notification-preferences';

export const useNotificationPreferences = () =>
  useQuery({
    queryKey: preferenceKeys.all,
    queryFn: ({ signal }) => api.get<NotificationPreferences>(URL, { signal }),
  });

/** Sets the modes of the kinds named; answers every kind with its mode now. */
export function useSaveNotificationPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NotificationPreferencesInput) => api.put<NotificationPreferences>(URL, input),
    onSuccess: (saved) => qc.setQueryData(preferenceKeys.all, saved),
  });
}
