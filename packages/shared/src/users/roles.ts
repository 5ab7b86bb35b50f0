import * as z from 'zod';
import { DASHBOARD_VIEWS } from '../auth/auth';
import { abilitiesSchema } from '../platform/abilities-schema';
import { versionField } from '../platform/http';
import { PERMISSIONS, type Permission } from '../platform/permissions';
import { ROLE_ABILITIES } from './roles.rules';

export const permissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]]);

export const ROLE_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const roleSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  is_admin: z.boolean(),
  dashboard_view: z.enum(DASHBOARD_VIEWS),
  permissions: z.array(z.string()).describe('Granted permissions; an admin role implicitly holds all'),
  users_count: z.number().int(),
  version: z.number().int(),
  updated_at: z.string(),
  abilities: abilitiesSchema(ROLE_ABILITIES),
});
export type Role = z.infer<typeof roleSchema>;

const roleFields = {
  slug: z.string().trim().min(2).max(60).regex(ROLE_SLUG_PATTERN).describe('Lower-case letters, digits, dashes'),
  name: z.string().trim().min(1).max(100),
  is_admin: z.boolean(),
  dashboard_view: z.enum(DASHBOARD_VIEWS),
  permissions: z.array(permissionSchema).max(200),
};

export const roleInputSchema = z.strictObject(roleFields);
export type RoleInput = z.infer<typeof roleInputSchema>;

export const roleUpdateSchema = z.strictObject({ ...roleFields, version: versionField });
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;

export const ROLE_SORTS = ['name', '-name', 'slug', '-slug', 'users', '-users', 'updated', '-updated'] as const;

/** The roles x permissions matrix: every role with its version, saved together in one transaction. */
export const permissionMatrixSchema = z.object({
  roles: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      is_admin: z.boolean(),
      permissions: z.array(z.string()),
      version: z.number().int(),
    }),
  ),
});
export type PermissionMatrix = z.infer<typeof permissionMatrixSchema>;

export const permissionMatrixInputSchema = z.strictObject({
  roles: z
    .array(
      z.strictObject({
        id: z.number().int().positive().max(2_147_483_647),
        version: versionField,
        permissions: z.array(permissionSchema).max(200),
      }),
    )
    .min(1)
    .max(500),
});
export type PermissionMatrixInput = z.infer<typeof permissionMatrixInputSchema>;
