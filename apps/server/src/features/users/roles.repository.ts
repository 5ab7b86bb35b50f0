import type { DashboardView } from '@app/shared/auth/auth';
import type { Permission } from '@app/shared/platform/permissions';
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { employees, rolePermissions, roles } from '../../db/schema';
import { escapeLike } from '../../platform/sql';

export interface RoleRow {
  id: number;
  slug: string;
  name: string;
  isAdmin: boolean;
  dashboardView: DashboardView;
  permissions: string[];
  usersCount: number;
  version: number;
  updatedAt: Date;
}

// Spelled out: drizzle may print the outer column unqualified inside a subquery, which would bind to the inner table.
const usersCount = sql<number>`(SELECT count(*)::int FROM employees e WHERE e.role_id = "roles"."id" AND e.deleted_at IS NULL)`;
const permissionList = sql<
  string[]
>`coalesce((SELECT array_agg(rp.permission ORDER BY rp.permission) FROM role_permissions rp WHERE rp.role_id = "roles"."id"), '{}')`;

const columns = {
  id: roles.id,
  slug: roles.slug,
  name: roles.name,
  isAdmin: roles.isAdmin,
  dashboardView: sql<DashboardView>`${roles.dashboardView}`,
  permissions: permissionList,
  usersCount,
  version: roles.version,
  updatedAt: roles.updatedAt,
};

const sorts: Record<string, SQL> = {
  name: asc(sql`lower(${roles.name})`),
  '-name': desc(sql`lower(${roles.name})`),
  slug: asc(roles.slug),
  '-slug': desc(roles.slug),
  users: asc(usersCount),
  '-users': desc(usersCount),
  updated: asc(roles.updatedAt),
  '-updated': desc(roles.updatedAt),
};

export async function list(
  db: DbOrTx,
  q: { page: number; perPage: number; q?: string | undefined; sort: string },
): Promise<{ rows: RoleRow[]; total: number }> {
  const where = q.q ? or(ilike(roles.name, `%${escapeLike(q.q)}%`), ilike(roles.slug, `%${escapeLike(q.q)}%`)) : undefined;
  const [rows, count] = await Promise.all([
    db
      .select(columns)
      .from(roles)
      .where(where)
      .orderBy(sorts[q.sort] ?? asc(roles.name), asc(roles.id))
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage),
    db.select({ n: sql<number>`count(*)::int` }).from(roles).where(where),
  ]);
  return { rows: rows as RoleRow[], total: count[0]?.n ?? 0 };
}

export async function all(db: DbOrTx): Promise<RoleRow[]> {
  return (await db
    .select(columns)
    .from(roles)
    .orderBy(asc(sql`lower(${roles.name})`), asc(roles.id))) as RoleRow[];
}

export async function find(db: DbOrTx, id: number): Promise<RoleRow | null> {
  const rows = await db.select(columns).from(roles).where(eq(roles.id, id));
  return (rows[0] as RoleRow | undefined) ?? null;
}

export async function findVersion(db: DbOrTx, id: number): Promise<number | null> {
  const rows = await db.select({ v: roles.version }).from(roles).where(eq(roles.id, id)).for('update');
  return rows[0]?.v ?? null;
}

export async function slugTaken(db: DbOrTx, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.slug, slug), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined));
  return rows.length > 0;
}

export async function insert(
  db: DbOrTx,
  input: { slug: string; name: string; isAdmin: boolean; dashboardView: DashboardView },
  now: Date,
): Promise<number> {
  const rows = await db
    .insert(roles)
    .values({ ...input, createdAt: now, updatedAt: now })
    .returning({ id: roles.id });
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert returned no id');
  return id;
}

/** Conditional update (D1): only when the stored version is the one the change was based on. */
export async function update(
  db: DbOrTx,
  id: number,
  version: number,
  input: Partial<{ slug: string; name: string; isAdmin: boolean; dashboardView: DashboardView }>,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(roles)
    .set({ ...input, version: sql`${roles.version} + 1`, updatedAt: now })
    .where(and(eq(roles.id, id), eq(roles.version, version)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

export async function remove(db: DbOrTx, id: number, version: number): Promise<boolean> {
  const rows = await db
    .delete(roles)
    .where(and(eq(roles.id, id), eq(roles.version, version)))
    .returning({ id: roles.id });
  return rows.length > 0;
}

export async function replacePermissions(db: DbOrTx, roleId: number, permissions: readonly Permission[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  const unique = [...new Set(permissions)];
  if (unique.length) await db.insert(rolePermissions).values(unique.map((permission) => ({ roleId, permission })));
}

export async function countUsers(db: DbOrTx, roleId: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(employees).where(eq(employees.roleId, roleId));
  return rows[0]?.n ?? 0;
}
