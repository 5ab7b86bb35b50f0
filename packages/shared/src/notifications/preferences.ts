import * as z from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications';

// How a person wants to hear of each kind of event: a mail at once, one daily digest mail, or in
// the app only. No stored preference: the kind's default, which is what the app did before people
// could choose (a mail at once for every kind but news posts, which stay in the app).

export const NOTIFICATION_MODES = ['immediate', 'digest', 'app'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

/** Who can receive a kind: staff (employees), the portal (company users), or both sides. */
export type NotificationAudience = 'staff' | 'portal' | 'both';
/** The groups the settings screen shows the kinds in. */
export const NOTIFICATION_GROUPS = ['orders', 'drawings', 'news', 'hours', 'leave'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

/**
 * Every kind's audience, group and default mode. A Record over the kinds: a new kind does not
 * compile until it says who gets it and how by default.
 */
export const NOTIFICATION_KIND_INFO: Record<
  NotificationKind,
  { audience: NotificationAudience; group: NotificationGroup; defaultMode: NotificationMode }
> = {
  'post.published': { audience: 'portal', group: 'news', defaultMode: 'app' },
  'request.received': { audience: 'staff', group: 'orders', defaultMode: 'immediate' },
  'request.decided': { audience: 'portal', group: 'orders', defaultMode: 'immediate' },
  'design.sent': { audience: 'portal', group: 'orders', defaultMode: 'immediate' },
  'design.decided': { audience: 'staff', group: 'orders', defaultMode: 'immediate' },
  // Rule all: one approver approved, others still decide; in the app unless one chooses a mail.
  'design.vote': { audience: 'staff', group: 'orders', defaultMode: 'app' },
  'order.info_requested': { audience: 'staff', group: 'orders', defaultMode: 'immediate' },
  'order.info_answered': { audience: 'portal', group: 'orders', defaultMode: 'immediate' },
  'order.completed': { audience: 'portal', group: 'orders', defaultMode: 'immediate' },
  'drawing.version_ready': { audience: 'portal', group: 'drawings', defaultMode: 'immediate' },
  'drawing.comment': { audience: 'both', group: 'drawings', defaultMode: 'immediate' },
  'drawing.decided': { audience: 'both', group: 'drawings', defaultMode: 'immediate' },
  // Progress, not a decision: in the app unless the person asks for a mail.
  'drawing.partially_approved': { audience: 'staff', group: 'drawings', defaultMode: 'app' },
  'declaration.decided': { audience: 'staff', group: 'hours', defaultMode: 'immediate' },
  'overnight.decided': { audience: 'staff', group: 'hours', defaultMode: 'immediate' },
  'timesheet.approved': { audience: 'staff', group: 'hours', defaultMode: 'app' },
  'timesheet.returned': { audience: 'staff', group: 'hours', defaultMode: 'immediate' },
  'leave.requested': { audience: 'staff', group: 'leave', defaultMode: 'immediate' },
  'leave.decided': { audience: 'staff', group: 'leave', defaultMode: 'immediate' },
};

/** The kinds one side can receive, in the catalogue's order. */
export function kindsFor(side: 'staff' | 'portal'): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((k) => {
    const a = NOTIFICATION_KIND_INFO[k].audience;
    return a === 'both' || a === side;
  });
}

export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  group: z.enum(NOTIFICATION_GROUPS),
  mode: z.enum(NOTIFICATION_MODES),
  defaultMode: z.enum(NOTIFICATION_MODES).describe('What applies without a choice of ones own'),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  data: z.array(notificationPreferenceSchema).describe('Every kind the caller can receive, with the mode that applies'),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The modes to set, per kind (kinds not named keep theirs); a kind of the other side is refused. */
export const notificationPreferencesInputSchema = z.strictObject({
  preferences: z
    .array(z.strictObject({ kind: z.enum(NOTIFICATION_KINDS), mode: z.enum(NOTIFICATION_MODES) }))
    .max(NOTIFICATION_KINDS.length)
    .refine((a) => new Set(a.map((p) => p.kind)).size === a.length, { message: 'duplicate' }),
});
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesInputSchema>;
