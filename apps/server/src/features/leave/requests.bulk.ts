import {
  type LeaveBulkApproveParams,
  type LeaveBulkDenyParams,
  leaveBulkApproveParams,
  leaveBulkDenyParams,
  leaveRequestBulkPath,
} from '@app/shared/leave/bulk';
import { type LeaveRequestListQuery, leaveRequestListQuerySchema } from '@app/shared/leave/leave';
import { LEAVE_RIGHTS } from '@app/shared/leave/leave.rules';
import type { FastifyInstance } from 'fastify';
import type * as z from 'zod';
import { access } from '../../platform/access';
import { type BulkOutcome, registerBulkAction } from '../../platform/bulk';
import type { Ctx } from '../../platform/context';
import * as requests from './requests.service';

// Bulk approve and deny on the leave requests list: each row is the single decision with
// the version it has now (the hours recomputed and written to the card, the employee told, audit and
// history). A request already decided the same way stays as it is; the single decision's refusals
// (one's own: FORBIDDEN, decided otherwise: LEAVE_REQUEST_DECIDED, LEAVE_OVER_BALANCE) skip the row.

async function labels(ctx: Ctx, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of ids) {
    const r = await requests.getLeaveRequest(ctx, id).catch(() => null);
    if (r) names.set(id, `${r.employee.name}, ${r.startsOn === r.endsOn ? r.startsOn : `${r.startsOn} – ${r.endsOn}`}`);
  }
  return names;
}

/** POST /api/leave-requests/bulk/approve and /deny: beside GET /api/leave-requests. */
export function registerLeaveRequestBulkActions(app: FastifyInstance): void {
  const common = {
    access: access.employee(...LEAVE_RIGHTS.approve),
    listQuery: leaveRequestListQuerySchema as unknown as z.ZodType<LeaveRequestListQuery>,
    page: (ctx: Ctx, q: LeaveRequestListQuery) => requests.listLeaveRequests(ctx, q).then((p) => ({ rows: p.data })),
    labels,
    tags: ['leave'],
  };
  registerBulkAction(app, {
    ...common,
    action: 'leave-requests.approve',
    path: leaveRequestBulkPath('approve'),
    params: leaveBulkApproveParams as unknown as z.ZodType<LeaveBulkApproveParams>,
    summary: "Approve the selected pending requests (as the single approve: not one's own, within the balance)",
    apply: async (ctx, id, { reason }): Promise<BulkOutcome> => {
      const r = await requests.getLeaveRequest(ctx, id);
      if (r.status === 'approved') return 'unchanged';
      await requests.decideLeaveRequest(ctx, id, r.version, { outcome: 'approved', reason });
      return 'changed';
    },
  });
  registerBulkAction(app, {
    ...common,
    action: 'leave-requests.deny',
    path: leaveRequestBulkPath('deny'),
    params: leaveBulkDenyParams as unknown as z.ZodType<LeaveBulkDenyParams>,
    summary: "Deny the selected pending requests with one reason (as the single deny: not one's own)",
    apply: async (ctx, id, { reason }): Promise<BulkOutcome> => {
      const r = await requests.getLeaveRequest(ctx, id);
      if (r.status === 'denied') return 'unchanged';
      await requests.decideLeaveRequest(ctx, id, r.version, { outcome: 'denied', reason });
      return 'changed';
    },
  });
}
