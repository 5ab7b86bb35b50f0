import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import { DEFAULT_SELF_SERVICE } from '../users/people.rules';
import { overnightAbilities, overnightRegisterVerdict } from './overnights.rules';

const employee = (id: number, permissions: string[] = []): Viewer => ({
  kind: 'employee',
  permissions: new Set(permissions),
  roleId: null,
  companyId: null,
  employeeId: id,
});
const me = employee(1);
const hr = employee(2, ['hours.manage']);
const exporter = employee(3, ['hours.export']);
const off = { ...DEFAULT_SELF_SERVICE, overnights: false };

describe('overnightRegisterVerdict', () => {
  it.each([
    ['own with the mobile setting on', me, 1, DEFAULT_SELF_SERVICE, true],
    ['own with the mobile setting off', me, 1, off, 'SELF_SERVICE_OFF'],
    ["someone else's without rights", me, 5, DEFAULT_SELF_SERVICE, 'FORBIDDEN'],
    ["someone else's with the hours rights", hr, 5, off, true],
    ['own with the hours rights and the setting off', hr, 2, off, true],
    ["someone else's with only the export right", exporter, 5, DEFAULT_SELF_SERVICE, 'FORBIDDEN'],
  ] as const)('%s', (_name, viewer, employeeId, selfService, verdict) => {
    expect(overnightRegisterVerdict(viewer, employeeId, selfService)).toBe(verdict);
  });
});

describe('overnightAbilities', () => {
  it('edits and removes only while submitted; decides once, never one’s own', () => {
    const mine = overnightAbilities({ employeeId: 1, status: 'submitted' }, me, DEFAULT_SELF_SERVICE);
    expect(mine).toMatchObject({ canEdit: true, canDelete: true, canApprove: false });
    expect(mine.reasons.canApprove).toBe('FORBIDDEN');
    const approved = overnightAbilities({ employeeId: 1, status: 'approved' }, hr, null);
    expect(approved.reasons).toMatchObject({
      canEdit: 'OVERNIGHT_NOT_EDITABLE',
      canApprove: 'OVERNIGHT_ALREADY_DECIDED',
      canReject: 'OVERNIGHT_ALREADY_DECIDED',
    });
    expect(overnightAbilities({ employeeId: 1, status: 'submitted' }, hr, null)).toMatchObject({
      canApprove: true,
      canReject: true,
    });
    expect(overnightAbilities({ employeeId: 2, status: 'submitted' }, hr, null).reasons.canApprove).toBe('FORBIDDEN');
    expect(overnightAbilities({ employeeId: 1, status: 'submitted' }, me, off).reasons.canEdit).toBe('SELF_SERVICE_OFF');
  });
});
