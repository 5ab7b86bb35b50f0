import type { Verdict } from './abilities';
import type { ErrorCode } from './errors';

// No zod here: the web app's screens import the rules without the contracts.

/**
 * Named approvers of a record that waits for the client's decision (a drawing, an order's design):
 * company users of the record's company who can sign in. With none named, any company user
 * decides (the first decision counts). With rule any, only a named approver decides, and the
 * first decision counts; with rule all, each named approver's approval is a vote of their own on
 * the version and the version is approved when every one of them approved; a request for changes
 * (a denial) by any of them decides at once. An employee acting as the company is never a named
 * approver. The record's feature supplies its own refusal codes.
 */
export const APPROVAL_RULES = ['any', 'all'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

/** An approver's state on the latest version. */
export const APPROVER_STATES = ['approved', 'changes_requested', 'waiting'] as const;
export type ApproverState = (typeof APPROVER_STATES)[number];

/** At most this many named approvers per record. */
export const MAX_APPROVERS = 20;

/** What the abilities need to know of the approvers, as seen by the viewer. */
export interface ApprovalContext {
  /** Approvers are named on the record. */
  named: boolean;
  rule: ApprovalRule;
  /** The signed-in person is one of them (never an employee acting as the company). */
  isApprover: boolean;
  /** The signed-in person approved this version already (rule all: their vote is in). */
  approvedByViewer: boolean;
}

export const NO_APPROVERS: ApprovalContext = { named: false, rule: 'any', isApprover: false, approvedByViewer: false };

/** The codes a feature refuses with: not a named approver, and (rule all) already voted. */
export interface ApproverCodes {
  notApprover: ErrorCode;
  alreadyApproved: ErrorCode;
}

/** The portal view's right to decide: anyone when none are named, else only a named approver. */
export function approverVerdict(a: ApprovalContext, codes: ApproverCodes): Verdict {
  return !a.named || a.isApprover ? true : codes.notApprover;
}

/** Rule all: an approver approves once; their vote stands until every other approver voted. */
export function ownVoteVerdict(a: ApprovalContext, codes: ApproverCodes): Verdict {
  return a.named && a.rule === 'all' && a.approvedByViewer ? codes.alreadyApproved : true;
}
