import { type Abilities, firstDenied, permissionVerdict, toAbilities, type Verdict, type Viewer } from '../platform/abilities';

// No zod here: the web app's screens import the rules without the contracts.

/**
 * Markup threads on a drawing version: a root comment (optionally anchored on a page as a pin or
 * a rectangle) with replies. Whoever may comment on the version (the client, staff with
 * projects.manage) replies, resolves and reopens; a thread is resolved or open, never both.
 */
export const MARKUP_THREAD_ABILITIES = ['canReply', 'canResolve', 'canReopen'] as const;
export type MarkupThreadAbilities = Abilities<(typeof MARKUP_THREAD_ABILITIES)[number]>;

export function markupThreadAbilities(thread: { resolved: boolean }, viewer: Viewer): MarkupThreadAbilities {
  const actor: Verdict = viewer.kind === 'client' ? true : permissionVerdict(viewer, 'projects.manage');
  return toAbilities({
    canReply: actor,
    canResolve: firstDenied(actor, () => (thread.resolved ? 'DRAWING_THREAD_RESOLVED' : true)),
    canReopen: firstDenied(actor, () => (thread.resolved ? true : 'DRAWING_THREAD_OPEN')),
  });
}

/** The largest page number an anchor may name when the page count is not known. */
export const MAX_ANCHOR_PAGE = 10_000;

/** A rectangle may reach the page's edge; the database allows this much rounding beyond it. */
export const ANCHOR_SLACK = 0.000001;
