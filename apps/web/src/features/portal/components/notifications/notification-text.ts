import type { Notification } from '@app/shared/notifications/notifications';
import type { TFunction } from 'i18next';

/** A notification in the reader's language: the server sends its kind and facts, the app words them. */
export function notificationText(t: TFunction, n: Notification): string {
  switch (n.kind) {
    case 'post.published':
      return t('portalNews.notifications.kinds.postPublished', { title: String(n.data.title ?? '') });
    default:
      return t('portalNews.notifications.kinds.other');
  }
}
