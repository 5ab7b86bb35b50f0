import type { ErrorCode } from './errors';
import { hasAnyPermission, type Permission } from './permissions';

// No zod here: the rules are read by the web app's first chunk; the abilities' response schema is
// in abilities-schema.ts.

/**
 * What a record's rules need to know about the person looking at it. The server builds it from
 * the request's actor (`viewerOf` in apps/server/src/platform/can.ts); the rules never see more.
 * An employee acting as a company is a `client` viewer: they see what the company sees.
 */
export interface Viewer {
  kind: 'anonymous' | 'employee' | 'client';
  permissions: ReadonlySet<string>;
  /** The employee's role, for rules about one's own role. */
  roleId: number | null;
  /** The company whose portal view this is (a company user, or an employee acting as it). */
  companyId: number | null;
  /** The employee's own id (not acting as a company), for rules about one's own records (hours, declarations, ...). */
  employeeId?: number | null;
}

/** A rule's answer: allowed, or the error code that stands in the way (the server throws it; the UI explains it). */
export type Verdict = true | ErrorCode;

/**
 * What the viewer may do with one record, sent with the record: `canEdit`, `canDelete`, … and,
 * for each one that is false, the code of the rule that stands in the way.
 */
export type Abilities<K extends string> = { [P in K]: boolean } & { reasons: { [P in K]?: ErrorCode } };

/** True when the viewer is an employee (not acting as a company) holding one of the permissions. */
export function viewerCan(viewer: Viewer, wanted: Permission | readonly Permission[]): boolean {
  return viewer.kind === 'employee' && hasAnyPermission(viewer.permissions, wanted);
}

/** The verdict of a permission alone: allowed, or FORBIDDEN. */
export function permissionVerdict(viewer: Viewer, wanted: Permission | readonly Permission[]): Verdict {
  return viewerCan(viewer, wanted) ? true : 'FORBIDDEN';
}

/** Runs the checks in order and answers the first that is not allowed (a permission first, then state). */
export function firstDenied(...verdicts: (Verdict | (() => Verdict))[]): Verdict {
  for (const v of verdicts) {
    const r = typeof v === 'function' ? v() : v;
    if (r !== true) return r;
  }
  return true;
}

/** Turns rule verdicts into the abilities sent with a record. */
export function toAbilities<K extends string>(verdicts: Record<K, Verdict>): Abilities<K> {
  const out = { reasons: {} } as Abilities<K>;
  for (const key of Object.keys(verdicts) as K[]) {
    const v = verdicts[key];
    (out as Record<string, unknown>)[key] = v === true;
    if (v !== true) (out.reasons as Record<string, ErrorCode>)[key] = v;
  }
  return out;
}
