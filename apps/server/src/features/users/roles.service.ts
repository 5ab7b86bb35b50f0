import type { Viewer } from '@app/shared/platform/abilities';
import { type Page, pageMeta } from '@app/shared/platform/http';
import type { Permission } from '@app/shared/platform/permissions';
import type { PermissionMatrix, PermissionMatrixInput, Role, RoleInput, RoleUpdate } from '@app/shared/users/roles';
import { roleAbilities } from '@app/shared/users/roles.rules';
import type { DbOrTx } from '../../db/client';
import { audit } from '../../platform/audit';
import { assertAbility, can, viewerOf } from '../../platform/can';
import type { Ctx } from '../../platform/context';
import { AppError, fieldError, pgCode, pgConstraint } from '../../platform/errors';
import * as repo from './roles.repository';

function toRole(r: repo.RoleRow, viewer: Viewer): Role {
  const role = {
    id: r.id,
    slug: r.slug,
    name: r.name,
    is_admin: r.isAdmin,
    dashboard_view: r.dashboardView,
    permissions: r.permissions,
    users_count: r.usersCount,
    version: r.version,
    updated_at: r.updatedAt.toISOString(),
  };
  return { ...role, abilities: roleAbilities(role, viewer) };
}

/** Lists roles, paged and sorted. */
export async function listRoles(
  ctx: Ctx,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
): Promise<Page<Role>> {
  const { rows, total } = await repo.list(ctx.db.orm, q);
  const viewer = viewerOf(ctx.actor);
  return { data: rows.map((r) => toRole(r, viewer)), meta: pageMeta(q.page, q.perPage, total) };
}

/** One role. @throws ROLE_NOT_FOUND */
export async function getRole(ctx: Ctx, id: number): Promise<Role> {
  const row = await repo.find(ctx.db.orm, id);
  if (!row) throw new AppError('ROLE_NOT_FOUND');
  return toRole(row, viewerOf(ctx.actor));
}

/**
 * Refuses a change that would take the role-management right away from the person making it:
 * nobody locks themselves out of this screen by accident.
 */
function guardSelfLockout(ctx: Ctx, roleId: number, next: { isAdmin: boolean; permissions: readonly Permission[] } | null): void {
  const me = ctx.actor.kind === 'employee' ? ctx.actor : null;
  if (!me?.role || me.role.id !== roleId) return;
  if (next && (next.isAdmin || next.permissions.includes('users.manage-roles'))) return;
  throw new AppError('ROLE_SELF_LOCKOUT');
}

async function assertSlugFree(db: DbOrTx, slug: string, exceptId?: number): Promise<void> {
  if (await repo.slugTaken(db, slug, exceptId)) throw fieldError('slug', 'slug_taken');
}

/** Two saves racing for one slug both pass assertSlugFree; the unique index stops the second (D7). */
function slugRace(err: unknown): unknown {
  return pgCode(err) === '23505' && pgConstraint(err) === 'roles_slug_key' ? fieldError('slug', 'slug_taken') : err;
}

/** @throws VALIDATION_FAILED (slug taken) */
export async function createRole(ctx: Ctx, input: RoleInput): Promise<Role> {
  const now = ctx.clock();
  const id = await ctx.db.orm
    .transaction(async (tx) => {
      await assertSlugFree(tx, input.slug);
      const id = await repo.insert(
        tx,
        { slug: input.slug, name: input.name, isAdmin: input.is_admin, dashboardView: input.dashboard_view },
        now,
      );
      await repo.replacePermissions(tx, id, input.permissions);
      await audit(tx, ctx, 'role.created', { type: 'role', id }, { slug: input.slug });
      return id;
    })
    .catch((err) => {
      throw slugRace(err);
    });
  return getRole(ctx, id);
}

/** @throws ROLE_NOT_FOUND, STALE_VERSION, ROLE_SELF_LOCKOUT, VALIDATION_FAILED */
export async function updateRole(ctx: Ctx, id: number, input: RoleUpdate): Promise<Role> {
  const now = ctx.clock();
  guardSelfLockout(ctx, id, { isAdmin: input.is_admin, permissions: input.permissions });
  await ctx.db.orm
    .transaction(async (tx) => {
      await assertSlugFree(tx, input.slug, id);
      const ok = await repo.update(
        tx,
        id,
        input.version,
        { slug: input.slug, name: input.name, isAdmin: input.is_admin, dashboardView: input.dashboard_view },
        now,
      );
      if (!ok) throw await notFoundOrStale(tx, id);
      await repo.replacePermissions(tx, id, input.permissions);
      await audit(tx, ctx, 'role.updated', { type: 'role', id }, { slug: input.slug });
    })
    .catch((err) => {
      throw slugRace(err);
    });
  return getRole(ctx, id);
}

/** Deletes a role nobody holds, by the rule its abilities show (roleAbilities). @throws ROLE_NOT_FOUND, STALE_VERSION, ROLE_IN_USE, ROLE_SELF_LOCKOUT */
export async function deleteRole(ctx: Ctx, id: number, version: number): Promise<void> {
  await ctx.db.orm.transaction(async (tx) => {
    const current = await repo.findVersion(tx, id);
    if (current === null) throw new AppError('ROLE_NOT_FOUND');
    if (current !== version) throw new AppError('STALE_VERSION');
    const users = await repo.countUsers(tx, id);
    assertAbility(roleAbilities({ id, users_count: users }, viewerOf(ctx.actor)), 'canDelete', { users });
    await repo.remove(tx, id, version);
    await audit(tx, ctx, 'role.deleted', { type: 'role', id });
  });
}

async function notFoundOrStale(db: DbOrTx, id: number): Promise<AppError> {
  return (await repo.findVersion(db, id)) === null ? new AppError('ROLE_NOT_FOUND') : new AppError('STALE_VERSION');
}

/** Every role with its permissions and version, for the matrix screen. */
export async function getPermissionMatrix(ctx: Ctx): Promise<PermissionMatrix> {
  const rows = await repo.all(ctx.db.orm);
  return {
    roles: rows.map((r) => ({
      id: r.id,
      slug: r.slug,
      name: r.name,
      is_admin: r.isAdmin,
      permissions: r.permissions,
      version: r.version,
    })),
  };
}

/**
 * Saves the matrix: all roles in one transaction, each only if still at the version the screen
 * showed; one stale role fails the whole save (D1, D2).
 * @throws ROLE_NOT_FOUND, STALE_VERSION, ROLE_SELF_LOCKOUT, VALIDATION_FAILED (a role listed twice)
 */
export async function savePermissionMatrix(ctx: Ctx, input: PermissionMatrixInput): Promise<PermissionMatrix> {
  const now = ctx.clock();
  // A role listed twice would fail its own version check and read as someone else's edit.
  const seen = new Set<number>();
  input.roles.forEach((r, i) => {
    if (seen.has(r.id)) throw fieldError(`roles.${i}.id`, 'duplicate');
    seen.add(r.id);
  });
  await ctx.db.orm.transaction(async (tx) => {
    for (const r of input.roles) {
      const row = await repo.find(tx, r.id);
      if (!row) throw new AppError('ROLE_NOT_FOUND', { details: { roleId: r.id } });
      guardSelfLockout(ctx, r.id, { isAdmin: row.isAdmin, permissions: r.permissions });
      const ok = await repo.update(tx, r.id, r.version, {}, now);
      if (!ok) throw new AppError('STALE_VERSION', { details: { roleId: r.id, name: row.name } });
      await repo.replacePermissions(tx, r.id, r.permissions);
      await audit(tx, ctx, 'role.permissions-updated', { type: 'role', id: r.id }, { permissions: r.permissions });
    }
  });
  return getPermissionMatrix(ctx);
}

/** A role's name for a breadcrumb, for those who may manage roles. */
export async function roleTitle(ctx: Ctx, id: number): Promise<string | null> {
  if (!can(ctx.actor, 'users.manage-roles')) return null;
  return (await repo.find(ctx.db.orm, id))?.name ?? null;
}
