import type { Notification } from '@app/shared/notifications/notifications';
import type { TFunction } from 'i18next';

const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/**
 * A notification in the reader's language: the server sends its kind and facts (the data fields
 * of apps/server/src/features/notifications/notification.mails.ts), the app words them. Used by
 * the bell, the notifications page and the portal dashboard, in the back office and the portal.
 */
export function notificationText(t: TFunction, n: Notification): string {
  const d = n.data;
  const facts = {
    title: str(d.title),
    company: str(d.company),
    name: str(d.name),
    version: str(d.versionNumber),
    author: str(d.author),
    by: str(d.by),
  };
  switch (n.kind) {
    case 'post.published':
      return t('notifications.kinds.postPublished', facts);
    case 'request.received':
      return t(d.reorder ? 'notifications.kinds.reorderReceived' : 'notifications.kinds.requestReceived', facts);
    case 'request.decided':
      return t(d.outcome === 'approved' ? 'notifications.kinds.requestApproved' : 'notifications.kinds.requestDeclined', facts);
    case 'design.sent':
      return t('notifications.kinds.designSent', facts);
    case 'design.decided':
      return t(d.outcome === 'approved' ? 'notifications.kinds.designApproved' : 'notifications.kinds.designDenied', facts);
    case 'design.vote':
      return t('notifications.kinds.designVote', { ...facts, waiting: str(d.waiting) });
    case 'order.info_requested':
      return t(d.followUp ? 'notifications.kinds.infoFollowUp' : 'notifications.kinds.infoRequested', facts);
    case 'order.info_answered':
      return t('notifications.kinds.infoAnswered', facts);
    case 'order.completed':
      return t('notifications.kinds.orderCompleted', facts);
    case 'drawing.version_ready':
      return t('notifications.kinds.drawingVersionReady', facts);
    case 'drawing.comment':
      return t('notifications.kinds.drawingComment', facts);
    case 'drawing.decided':
      return t(
        d.outcome === 'approved' ? 'notifications.kinds.drawingApproved' : 'notifications.kinds.drawingChangesRequested',
        facts,
      );
    case 'drawing.partially_approved':
      // The names as a list in the reader's language ("Emma en Noor"): i18next's list format.
      return t('notifications.kinds.drawingPartiallyApproved', {
        ...facts,
        waiting: Array.isArray(d.waitingFor) ? d.waitingFor.map(str) : [],
      });
    // People and hours: only employees get these, and their catalogue has the texts.
    case 'declaration.decided': {
      const key = d.outcome === 'paid' ? 'paid' : d.outcome === 'rejected' ? 'rejected' : 'approved';
      return t(`declarations.notifications.${key}`, { description: str(d.description), amount: str(d.amount) });
    }
    case 'overnight.decided': {
      const date = str(d.date).split('-').reverse().join('-');
      const key = d.outcome === 'rejected' ? 'overnightRejected' : 'overnightApproved';
      return t(`declarations.notifications.${key}`, { location: str(d.location), date });
    }
    // Timesheets: the week by its number ('2026-W10' -> 10).
    case 'timesheet.approved':
    case 'timesheet.returned': {
      const week = String(Number(str(d.week).slice(6)) || str(d.week));
      const key = n.kind === 'timesheet.approved' ? 'timesheetApproved' : 'timesheetReturned';
      return t(`notifications.kinds.${key}`, { week, by: str(d.by), comment: str(d.comment) });
    }
    // Leave: the period as day-month-year, one day or from-till.
    case 'leave.requested':
    case 'leave.decided': {
      const day = (v: unknown) => str(v).split('-').reverse().join('-');
      const period = d.startsOn === d.endsOn ? day(d.startsOn) : `${day(d.startsOn)} – ${day(d.endsOn)}`;
      const key = n.kind === 'leave.requested' ? 'leaveRequested' : d.outcome === 'denied' ? 'leaveDenied' : 'leaveApproved';
      return t(`notifications.kinds.${key}`, { employee: str(d.employee), period });
    }
    default:
      return t('notifications.kinds.other');
  }
}
