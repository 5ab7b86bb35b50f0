import { type Abilities, type Viewer, viewerCan } from '@app/shared/platform/abilities';
import type { Permission } from '@app/shared/platform/permissions';
import type { Actor } from './actor';
import { AppError } from './errors';

const NO_PERMISSIONS: ReadonlySet<string> = new Set();
const viewers = new WeakMap<Actor, Viewer>();

/**
 * The actor as the shared rules see it (packages/shared/src/platform/abilities.ts). An employee
 * acting as a company is that company's portal view: no staff permissions.
 */
export function viewerOf(actor: Actor): Viewer {
  let v = viewers.get(actor);
  if (v) return v;
  v =
    actor.kind === 'employee'
      ? {
          kind: 'employee',
          permissions: actor.permissions,
          roleId: actor.role?.id ?? null,
          companyId: null,
          employeeId: actor.employeeId,
        }
      : actor.kind === 'client'
        ? { kind: 'client', permissions: NO_PERMISSIONS, roleId: null, companyId: actor.companyId }
        : { kind: 'anonymous', permissions: NO_PERMISSIONS, roleId: null, companyId: null };
  viewers.set(actor, v);
  return v;
}

/** True when the actor is an employee (not acting as a company) holding the permission, or one of them. */
export function can(actor: Actor, wanted: Permission | readonly Permission[]): boolean {
  return viewerCan(viewerOf(actor), wanted);
}

/** Throws FORBIDDEN unless `can(ctx.actor, wanted)`. For rules inside a route that its declared access cannot express. */
export function requirePermission(ctx: { actor: Actor }, wanted: Permission | readonly Permission[]): void {
  if (!can(ctx.actor, wanted)) throw new AppError('FORBIDDEN');
}

/**
 * Enforces one of a record's abilities, computed by the same shared rule that the record carries
 * to the UI: allowed, or the AppError of the code that stands in the way.
 * @throws the rule's code (FORBIDDEN, ..._IN_USE, ...)
 */
export function assertAbility<K extends string>(abilities: Abilities<K>, key: K, details?: Record<string, unknown>): void {
  if (abilities[key]) return;
  const code = abilities.reasons[key] ?? 'FORBIDDEN';
  throw new AppError(code, details ? { details } : {});
}
