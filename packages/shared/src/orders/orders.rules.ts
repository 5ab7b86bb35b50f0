import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Verdict, type Viewer } from '../platform/abilities';
import {
  type ApprovalContext,
  type ApproverCodes,
  approverVerdict,
  NO_APPROVERS,
  ownVoteVerdict,
} from '../platform/approvers.rules';

// No zod here: the web app's screens import the rules without the contracts.

/**
 * A product request and the order it becomes, one record:
 * requested -> declined (final) | in_progress (staff approved the request);
 * in_progress -> pending_approval (staff sent a design version);
 * pending_approval -> approved (the client approved the design) | in_progress (denied with changes);
 * approved -> completed (staff completed it, final files attached). A completed order can be
 * reordered: a new order that starts in_progress.
 */
export const ORDER_STATUSES = ['requested', 'declined', 'in_progress', 'pending_approval', 'approved', 'completed'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The portal's switch (spec: "Ongoing orders" and "Requested") plus the finished ones. */
export const CLIENT_ORDER_TABS = ['ongoing', 'requested', 'completed'] as const;
export type ClientOrderTab = (typeof CLIENT_ORDER_TABS)[number];
/** The back office's tabs. */
export const STAFF_ORDER_TABS = ['requested', 'ongoing', 'completed', 'declined', 'all'] as const;
export type StaffOrderTab = (typeof STAFF_ORDER_TABS)[number];

/** The statuses each tab shows. */
export const ORDER_TAB_STATUSES: Record<ClientOrderTab | StaffOrderTab, readonly OrderStatus[]> = {
  requested: ['requested', 'declined'],
  ongoing: ['in_progress', 'pending_approval', 'approved'],
  completed: ['completed'],
  declined: ['declined'],
  all: ORDER_STATUSES,
};
// The staff "requested" tab shows only the requests waiting for a decision.
export const STAFF_TAB_STATUSES: Record<StaffOrderTab, readonly OrderStatus[]> = {
  ...ORDER_TAB_STATUSES,
  requested: ['requested'],
};

export const ORDER_VERSION_STATUSES = ['pending', 'approved', 'denied'] as const;
export type OrderVersionStatus = (typeof ORDER_VERSION_STATUSES)[number];

export const ORDER_FILE_KINDS = ['provided', 'final', 'feedback'] as const;
export type OrderFileKind = (typeof ORDER_FILE_KINDS)[number];

export const ORDER_EVENT_KINDS = [
  'requested',
  'edited',
  'request_approved',
  'request_declined',
  'version_sent',
  'design_approved',
  'design_denied',
  'info_requested',
  'info_answered',
  'files_added',
  'completed',
  'reordered',
  // Rule all: one named approver's approval of the version, while others still have to approve.
  'design_vote',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

export const ORDER_ABILITIES = [
  'canEdit',
  'canAddFiles',
  'canApproveRequest',
  'canDeclineRequest',
  'canSendVersion',
  'canComplete',
  'canApproveDesign',
  'canDenyDesign',
  'canAskInfo',
  'canAnswerQuestions',
  'canReorder',
] as const;
export type OrderAbilities = Abilities<(typeof ORDER_ABILITIES)[number]>;

const APPROVER_CODES: ApproverCodes = { notApprover: 'ORDER_NOT_APPROVER', alreadyApproved: 'ORDER_ALREADY_APPROVED_BY_YOU' };

const is = (status: OrderStatus, allowed: readonly OrderStatus[], code: Verdict): Verdict =>
  allowed.includes(status) ? true : code;

/**
 * What the viewer may do with an order. Staff (companies.manage) decide requests, send design
 * versions and complete; the client (or an employee acting as it) approves or denies a design,
 * asks for more information, edits while nothing is decided against it, and reorders a completed
 * order. Both sides add files while the order is open. Staff answer the client's questions
 * whatever the order's status (an answer is not a decision: a question on a closed order still
 * deserves one). The server checks the same rules in its
 * conditional UPDATEs, so two people pressing at once get one outcome and one 409.
 * With named approvers (platform/approvers.rules.ts) only they decide a design; under rule all an
 * approver who approved the version waits for the others.
 */
export function orderAbilities(
  order: { status: OrderStatus },
  viewer: Viewer,
  approval: ApprovalContext = NO_APPROVERS,
): OrderAbilities {
  const s = order.status;
  const staff = permissionVerdict(viewer, 'companies.manage');
  const client: Verdict = viewer.kind === 'client' ? true : 'FORBIDDEN';
  const either: Verdict = staff === true || client === true ? true : 'FORBIDDEN';
  const open = () => is(s, ['requested', 'in_progress', 'pending_approval', 'approved'], 'ORDER_CLOSED');
  const awaiting = () => is(s, ['pending_approval'], 'ORDER_NOT_AWAITING_APPROVAL');
  const approver = () => approverVerdict(approval, APPROVER_CODES);
  const vote = () => ownVoteVerdict(approval, APPROVER_CODES);
  return toAbilities({
    canEdit: firstDenied(either, () => is(s, ['requested', 'in_progress'], 'ORDER_NOT_EDITABLE')),
    canAddFiles: firstDenied(either, open),
    canApproveRequest: firstDenied(staff, () => is(s, ['requested'], 'REQUEST_ALREADY_DECIDED')),
    canDeclineRequest: firstDenied(staff, () => is(s, ['requested'], 'REQUEST_ALREADY_DECIDED')),
    canSendVersion: firstDenied(staff, () =>
      s === 'pending_approval' ? 'ORDER_AWAITING_APPROVAL' : is(s, ['in_progress'], 'ORDER_NOT_IN_PROGRESS'),
    ),
    canComplete: firstDenied(staff, () => is(s, ['approved'], 'ORDER_NOT_APPROVED')),
    canApproveDesign: firstDenied(client, awaiting, approver, vote),
    canDenyDesign: firstDenied(client, awaiting, approver),
    canAskInfo: firstDenied(client, open),
    canAnswerQuestions: staff,
    canReorder: firstDenied(client, () => is(s, ['completed'], 'ORDER_NOT_COMPLETED')),
  });
}
