// No zod here: the web app's first screen imports this module.

/**
 * The closed permission catalogue, grouped as in the specification's section 6. Every group has
 * its manage right; some have extra rights. Roles hold sets of these strings; an admin role holds
 * all of them, including ones added later.
 */
export const permissionGroups = [
  { key: 'contracts', permissions: ['contracts.manage'] },
  { key: 'documents', permissions: ['documents.manage'] },
  { key: 'dashboard', permissions: ['dashboard.change-settings'] },
  { key: 'companies', permissions: ['companies.manage', 'companies.act-as-client'] },
  { key: 'users', permissions: ['users.manage', 'users.manage-roles'] },
  { key: 'hours', permissions: ['hours.manage', 'hours.export', 'hours.approve'] },
  { key: 'hour-rules', permissions: ['hour-rules.manage'] },
  { key: 'leave', permissions: ['leave.manage', 'leave.approve'] },
  { key: 'leave-categories', permissions: ['leave-categories.index', 'leave-categories.manage'] },
  { key: 'collective-leave', permissions: ['collective-leave.manage'] },
  { key: 'planner', permissions: ['planner.view', 'planner.manage'] },
  { key: 'products', permissions: ['products.manage', 'products.sort'] },
  { key: 'inspiration-products', permissions: ['inspiration-products.manage'] },
  { key: 'projects', permissions: ['projects.view', 'projects.manage'] },
  { key: 'exact', permissions: ['exact.manage'] },
  { key: 'articles', permissions: ['articles.view', 'articles.sync'] },
] as const;

export type PermissionGroupKey = (typeof permissionGroups)[number]['key'];
export type Permission = (typeof permissionGroups)[number]['permissions'][number];

export const PERMISSIONS: readonly Permission[] = permissionGroups.flatMap((g) => g.permissions);

const known = new Set<string>(PERMISSIONS);

/** True when the string is in the catalogue. */
export function isPermission(value: string): value is Permission {
  return known.has(value);
}

/** True when the holder has at least one of the wanted permissions. */
export function hasAnyPermission(
  held: readonly string[] | ReadonlySet<string>,
  wanted: Permission | readonly Permission[],
): boolean {
  const list = typeof wanted === 'string' ? [wanted] : wanted;
  const set = held instanceof Set ? held : new Set(held as readonly string[]);
  return list.some((p) => set.has(p));
}
