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
 * A drawing: open (no version waiting: none yet, or the last one had changes requested),
 * pending (a version waits for a decision), approved (final). A new version only while open:
 * never while pending or approved (specification sections 4 and 5).
 */
export const DRAWING_STATUSES = ['open', 'pending', 'approved'] as const;
export type DrawingStatus = (typeof DRAWING_STATUSES)[number];
export const DRAWING_VERSION_STATUSES = ['pending', 'approved', 'changes_requested'] as const;
export type DrawingVersionStatus = (typeof DRAWING_VERSION_STATUSES)[number];
export const DRAWING_COMMENT_KINDS = ['note', 'approve', 'request_changes'] as const;
export type DrawingCommentKind = (typeof DRAWING_COMMENT_KINDS)[number];

/**
 * The two sides of a drawing: staff (the back office) and the client (a company user, or an
 * employee acting as the company). The side that did not upload a version decides it.
 */
export const DRAWING_SIDES = ['staff', 'client'] as const;
export type DrawingSide = (typeof DRAWING_SIDES)[number];

/** The side a waiting version waits for: the one that did not upload it. */
export function decidingSide(uploadedBy: DrawingSide): DrawingSide {
  return uploadedBy === 'client' ? 'staff' : 'client';
}

/** The tabs: pending shows what is not approved yet (open and pending), approved the rest. */
export const DRAWING_TABS = ['pending', 'approved'] as const;
export type DrawingTab = (typeof DRAWING_TABS)[number];
export const DRAWING_TAB_STATUSES: Record<DrawingTab, readonly DrawingStatus[]> = {
  pending: ['open', 'pending'],
  approved: ['approved'],
};

/** A drawing file (a version): PDF, image or ZIP, up to this size (streamed, never buffered). */
export const MAX_DRAWING_BYTES = 500 * 1024 * 1024;

export const DRAWING_ABILITIES = ['canEdit', 'canDelete', 'canAddVersion'] as const;
export type DrawingAbilities = Abilities<(typeof DRAWING_ABILITIES)[number]>;
export const DRAWING_VERSION_ABILITIES = ['canComment', 'canApprove', 'canRequestChanges'] as const;
export type DrawingVersionAbilities = Abilities<(typeof DRAWING_VERSION_ABILITIES)[number]>;

/** Why a new version is refused, or true: the rule of sections 4 and 5. */
export function newVersionVerdict(status: DrawingStatus): Verdict {
  if (status === 'pending') return 'DRAWING_PENDING';
  if (status === 'approved') return 'DRAWING_APPROVED';
  return true;
}

/**
 * Staff with projects.manage edit, delete and add versions (only while open). The client adds
 * versions to any of its drawings under the same rule, edits the drawings it made itself, and
 * deletes one of those only while nothing was decided on it (its first version still waits).
 */
export function drawingAbilities(
  drawing: { status: DrawingStatus; origin: DrawingSide; versionCount: number },
  viewer: Viewer,
): DrawingAbilities {
  const newVersion = () => newVersionVerdict(drawing.status);
  if (viewer.kind === 'client') {
    const own: Verdict = drawing.origin === 'client' ? true : 'FORBIDDEN';
    return toAbilities({
      canEdit: own,
      canDelete: firstDenied(own, () =>
        drawing.status === 'pending' && drawing.versionCount === 1 ? true : 'DRAWING_HAS_DECISIONS',
      ),
      canAddVersion: newVersion(),
    });
  }
  const manage = permissionVerdict(viewer, 'projects.manage');
  return toAbilities({
    canEdit: manage,
    canDelete: manage,
    canAddVersion: firstDenied(manage, newVersion),
  });
}

const APPROVER_CODES: ApproverCodes = {
  notApprover: 'DRAWING_NOT_APPROVER',
  alreadyApproved: 'DRAWING_ALREADY_APPROVED_BY_YOU',
};

/**
 * Both sides comment on any version. The latest version, while it waits, is decided by the side
 * that did not upload it: a version from staff by the client, a version from the client by staff
 * with projects.manage. Staff may also record the client's decision on a version of their own
 * (approval on both sides: an approval given to them outside the app, and it shows whose it
 * was); the client never decides a version it uploaded (DRAWING_AWAITS_STAFF).
 * With named approvers (approvers.rules.ts) only they decide in the portal; staff still record a
 * decision.
 */
export function drawingVersionAbilities(
  version: { status: DrawingVersionStatus; isLatest: boolean; side: DrawingSide },
  viewer: Viewer,
  approval: ApprovalContext = NO_APPROVERS,
): DrawingVersionAbilities {
  const actor: Verdict = viewer.kind === 'client' ? true : permissionVerdict(viewer, 'projects.manage');
  const waiting = (): Verdict => {
    if (!version.isLatest) return 'DRAWING_VERSION_LOCKED';
    if (version.status === 'approved') return 'DRAWING_APPROVED';
    if (version.status !== 'pending') return 'DRAWING_VERSION_DECIDED';
    if (viewer.kind === 'client' && version.side === 'client') return 'DRAWING_AWAITS_STAFF';
    return true;
  };
  const approver = (): Verdict => (viewer.kind === 'client' ? approverVerdict(approval, APPROVER_CODES) : true);
  const vote = (): Verdict => (viewer.kind === 'client' ? ownVoteVerdict(approval, APPROVER_CODES) : true);
  return toAbilities({
    canComment: actor,
    canApprove: firstDenied(actor, waiting, approver, vote),
    canRequestChanges: firstDenied(actor, waiting, approver),
  });
}
