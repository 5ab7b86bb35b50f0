import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import { canEditLeavePolicy, hourRuleAbilities, leaveTypeAbilities } from './leave-settings.rules';

const viewer = (kind: Viewer['kind'], ...permissions: string[]): Viewer => ({
  kind,
  permissions: new Set(permissions),
  roleId: null,
  companyId: null,
  employeeId: kind === 'employee' ? 1 : null,
});

describe('leave settings abilities', () => {
  it.each([
    [viewer('employee', 'leave-categories.manage'), false, { canEdit: true, canDelete: true, reasons: {} }],
    [
      viewer('employee', 'leave-categories.manage'),
      true,
      { canEdit: true, canDelete: false, reasons: { canDelete: 'LEAVE_TYPE_IN_USE' } },
    ],
    [
      viewer('employee', 'leave-categories.index'),
      false,
      { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } },
    ],
    [
      viewer('client', 'leave-categories.manage'),
      true,
      { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } },
    ],
  ])('a leave type (%#): the permission first, then in use', (v, inUse, expected) => {
    expect(leaveTypeAbilities({ inUse }, v)).toEqual(expected);
  });

  it('the policy: leave-categories.manage only', () => {
    expect(canEditLeavePolicy(viewer('employee', 'leave-categories.manage'))).toBe(true);
    expect(canEditLeavePolicy(viewer('employee', 'leave-categories.index'))).toBe(false);
    expect(canEditLeavePolicy(viewer('anonymous'))).toBe(false);
  });

  it('an hour rule: hour-rules.manage only', () => {
    expect(hourRuleAbilities(viewer('employee', 'hour-rules.manage'))).toEqual({ canEdit: true, canDelete: true, reasons: {} });
    expect(hourRuleAbilities(viewer('employee', 'leave-categories.manage'))).toEqual({
      canEdit: false,
      canDelete: false,
      reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' },
    });
  });
});
