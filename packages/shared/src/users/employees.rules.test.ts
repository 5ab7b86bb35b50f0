import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import { EMPLOYEE_FIELDS, type EmployeeState, editableFields, employeeAbilities } from './employees.rules';

const viewer = (permissions: string[], employeeId = 1, kind: Viewer['kind'] = 'employee'): Viewer => ({
  kind,
  permissions: new Set(permissions),
  roleId: 1,
  companyId: kind === 'client' ? 1 : null,
  employeeId,
});
const person = (o: Partial<EmployeeState> = {}): EmployeeState => ({ id: 7, deletedAt: null, invitation: 'pending', ...o });
const sorted = (s: ReadonlySet<string>) => [...s].sort();

describe('editableFields', () => {
  it.each([
    ['users.manage on another', ['users.manage'], 1, EMPLOYEE_FIELDS],
    ['users.manage on oneself (not the role)', ['users.manage'], 7, EMPLOYEE_FIELDS.filter((f) => f !== 'roleId')],
    ['oneself without rights', [], 7, ['email', 'privateEmail', 'phone']],
    ['exact.manage on another', ['exact.manage'], 1, ['exactId']],
    ['exact.manage on oneself', ['exact.manage'], 7, ['email', 'privateEmail', 'phone', 'exactId']],
    ['hours.manage on another', ['hours.manage'], 1, []],
  ] as const)('%s', (_name, perms, me, fields) => {
    expect(sorted(editableFields(person(), viewer([...perms], me)))).toEqual([...fields].sort());
  });

  it('opens nothing on a deactivated employee, and nothing to the portal', () => {
    expect(editableFields(person({ deletedAt: '2026-01-01T00:00:00Z' }), viewer(['users.manage'])).size).toBe(0);
    expect(editableFields(person(), viewer(['users.manage'], 7, 'client')).size).toBe(0);
  });
});

describe('employeeAbilities', () => {
  it('gives users.manage every staff action on another active person', () => {
    const a = employeeAbilities(person(), viewer(['users.manage']));
    expect(a).toMatchObject({
      canEdit: true,
      canEditExactId: true,
      canChangeRole: true,
      canDeactivate: true,
      canRestore: false,
      canEndSessions: true,
      canResendInvitation: true,
      canEditMobile: true,
    });
    expect(a.reasons).toEqual({ canRestore: 'EMPLOYEE_NOT_DELETED' });
  });

  it.each([
    [
      'oneself: no deactivating, no own role',
      person({ id: 1 }),
      ['users.manage'],
      { canDeactivate: 'EMPLOYEE_SELF', canChangeRole: 'FORBIDDEN' },
    ],
    [
      'deactivated',
      person({ deletedAt: '2026-01-01T00:00:00Z' }),
      ['users.manage'],
      { canEdit: 'EMPLOYEE_DELETED', canDeactivate: 'EMPLOYEE_DELETED', canEditMobile: 'EMPLOYEE_DELETED' },
    ],
    ['accepted invitation', person({ invitation: 'accepted' }), ['users.manage'], { canResendInvitation: 'INVITATION_ACCEPTED' }],
    [
      'hours.manage',
      person(),
      ['hours.manage'],
      { canEdit: 'FORBIDDEN', canDeactivate: 'FORBIDDEN', canEditMobile: 'FORBIDDEN' },
    ],
  ] as const)('%s', (_name, e, perms, reasons) => {
    expect(employeeAbilities(e, viewer([...perms])).reasons).toMatchObject(reasons);
  });

  it('lets a person edit their own profile (some fields) without rights', () => {
    const a = employeeAbilities(person({ id: 1 }), viewer([]));
    expect(a.canEdit).toBe(true);
    expect(a.canEditMobile).toBe(false);
  });
});
