import * as z from 'zod';

/**
 * Bulk actions on the leave requests list: each row is the single approve or deny, with
 * its checks (not one's own request, pending only, within the balance), its audit row and its history.
 * The employees list's are in users/bulk.ts.
 */
export const LEAVE_REQUEST_BULK_ACTIONS = ['approve', 'deny'] as const;
export type LeaveRequestBulkAction = (typeof LEAVE_REQUEST_BULK_ACTIONS)[number];
export const leaveRequestBulkPath = (action: LeaveRequestBulkAction) => `/api/leave-requests/bulk/${action}` as const;

/** Approving: an optional note for the employees, as the single approve takes. */
export const leaveBulkApproveParams = z
  .strictObject({ reason: z.string().trim().max(1000).default('').describe('Optional') })
  .default({ reason: '' });
export type LeaveBulkApproveParams = z.infer<typeof leaveBulkApproveParams>;

/** Denying: the reason every employee reads, as the single deny needs. */
export const leaveBulkDenyParams = z.strictObject({
  reason: z.string().trim().min(1).max(1000).describe('Why: the employees read it'),
});
export type LeaveBulkDenyParams = z.infer<typeof leaveBulkDenyParams>;
