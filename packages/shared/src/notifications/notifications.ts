import * as z from 'zod';
import { idSchema, queryInt } from '../platform/http';

/** What a notification is about; the web app words each kind in the reader's language. */
export const NOTIFICATION_KINDS = [
  'post.published',
  // Approvals: data carries orderId / drawingId, a title or name, and for decisions `outcome`.
  'request.received',
  'request.decided',
  'design.sent',
  'design.decided',
  'design.vote',
  'order.info_requested',
  'order.info_answered',
  'order.completed',
  'drawing.version_ready',
  'drawing.comment',
  'drawing.decided',
  // One named approver of a drawing with rule all approved; data carries `waitingFor`, the names still to.
  'drawing.partially_approved',
  // People and hours: data carries the record's facts and `outcome`.
  'declaration.decided',
  'overnight.decided',
  // Timesheets: data carries the week (key, from, to), the hours booked, who decided and, sent back, the comment.
  'timesheet.approved',
  'timesheet.returned',
  // Leave: data carries the employee, the type, the period and hours, and for decisions `outcome`.
  'leave.requested',
  'leave.decided',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  data: z.record(z.string(), z.unknown()).describe('The facts the text is made of (a title, a name)'),
  link: z.string().nullable().describe('Where it leads in the web app'),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  page: queryInt(1, 10_000).default(1),
  perPage: queryInt(1, 100).default(20),
  unread: z.enum(['true', 'false']).optional().describe('Only the unread ones'),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationPageSchema = z.object({
  data: z.array(notificationSchema),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    unread: z.number().int().describe('How many are unread in all (the bell)'),
  }),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationParams = z.strictObject({ notificationId: idSchema });
