import type { Permission } from '@app/shared/platform/permissions';
import { roleAbilities } from '@app/shared/users/roles.rules';
import { describe, expect, it } from 'vitest';
import type { Actor, ClientActor, EmployeeActor } from './actor';
import { assertAbility, can, requirePermission, viewerOf } from './can';
import { AppError } from './errors';

function employee(permissions: Permission[], roleId = 4): EmployeeActor {
  return {
    kind: 'employee',
    accountId: 1,
    employeeId: 1,
    email: 'e@example.test',
    locale: 'nl',
    firstLogin: false,
    profile: { first_name: 'E', insertion: null, last_name: 'Mployee', function: null },
    role: { id: roleId, slug: 'r', name: 'R', is_admin: false, dashboard_view: 'general' },
    permissions: new Set(permissions),
    selfService: { bookHours: true, overnights: true, planner: false },
  };
}

function actingAs(e: EmployeeActor, companyId: number): ClientActor {
  return {
    kind: 'client',
    companyId,
    company: { id: companyId, name: 'C', logo: null, primaryColor: '#000', secondaryColor: '#fff', sector: 'cruise' },
    accountId: null,
    companyUserId: null,
    email: null,
    locale: 'nl',
    firstLogin: false,
    profile: null,
    actingEmployee: e,
  };
}

const anonymous: Actor = { kind: 'anonymous' };

describe('can / requirePermission', () => {
  it('holds for an employee with the permission (or any of a list), and for nobody else', () => {
    const e = employee(['products.manage']);
    expect(can(e, 'products.manage')).toBe(true);
    expect(can(e, ['articles.view', 'products.manage'])).toBe(true);
    expect(can(e, 'articles.view')).toBe(false);
    expect(can(anonymous, 'products.manage')).toBe(false);
  });

  it('does not lend an acting employee their staff rights: they see what the company sees', () => {
    const e = employee(['products.manage', 'companies.act-as-client']);
    const view = actingAs(e, 12);
    expect(can(view, 'products.manage')).toBe(false);
    expect(viewerOf(view)).toMatchObject({ kind: 'client', companyId: 12, roleId: null });
    expect(viewerOf(view).permissions.size).toBe(0);
  });

  it('requirePermission throws FORBIDDEN when can() does not hold', () => {
    expect(() => requirePermission({ actor: employee(['hours.manage']) }, 'hours.manage')).not.toThrow();
    expect(() => requirePermission({ actor: employee([]) }, 'hours.manage')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN', status: 403 }),
    );
  });
});

describe('assertAbility', () => {
  it('throws the code of the rule that stands in the way, with the details given', () => {
    const manager = employee(['users.manage-roles'], 1);
    const inUse = roleAbilities({ id: 2, users_count: 3 }, viewerOf(manager));
    try {
      assertAbility(inUse, 'canDelete', { users: 3 });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'ROLE_IN_USE', details: { users: 3 } });
    }
    expect(() => assertAbility(inUse, 'canEdit')).not.toThrow();
    expect(() => assertAbility(roleAbilities({ id: 1, users_count: 0 }, viewerOf(manager)), 'canDelete')).toThrow(
      expect.objectContaining({ code: 'ROLE_SELF_LOCKOUT' }),
    );
  });
});
