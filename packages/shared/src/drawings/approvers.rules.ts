import type { Verdict } from '../platform/abilities';

// No zod here: the web app's screens import the rules without the contracts.

/**
 * Named approvers of a drawing (drawing_approvers): company users of the drawing's company. With
 * none named, any company user decides (the first decision counts). With rule any, only a named
 * approver decides, and the first decision counts; with rule all, each named approver's approval
 * is a vote (an approve comment by them on the version) and the version is approved when every
 * one of them approved; a request for changes by any of them decides at once.
 */
export const APPROVAL_RULES = ['any', 'all'] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

/** An approver's state on the latest version. */
export const APPROVER_STATES = ['approved', 'changes_requested', 'waiting'] as const;
export type ApproverState = (typeof APPROVER_STATES)[number];

/** At most this many named approvers per drawing. */
export const MAX_APPROVERS = 20;

/** What the abilities need to know of the approvers, as seen by the viewer. */
export interface ApprovalContext {
  /** Approvers are named on the drawing. */
  named: boolean;
  rule: ApprovalRule;
  /** The signed-in person is one of them (never an employee acting as the company). */
  isApprover: boolean;
  /** The signed-in person approved this version already (rule all: their vote is in). */
  approvedByViewer: boolean;
}

export const NO_APPROVERS: ApprovalContext = { named: false, rule: 'any', isApprover: false, approvedByViewer: false };

/** The portal view's right to decide: anyone when none are named, else only a named approver. */
export function approverVerdict(a: ApprovalContext): Verdict {
  return !a.named || a.isApprover ? true : 'DRAWING_NOT_APPROVER';
}

/** Rule all: an approver approves once; their vote stands until every other approver voted. */
export function ownVoteVerdict(a: ApprovalContext): Verdict {
  return a.named && a.rule === 'all' && a.approvedByViewer ? 'DRAWING_ALREADY_APPROVED_BY_YOU' : true;
}
