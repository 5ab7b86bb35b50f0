import { describe, expect, it } from 'vitest';
import type { Viewer } from '../platform/abilities';
import {
  centsToInput,
  type DeclarationStatus,
  declarationAbilities,
  declarationOptionAbilities,
  formatCents,
  parseEuros,
} from './declarations.rules';

const employee = (id: number, permissions: string[] = []): Viewer => ({
  kind: 'employee',
  permissions: new Set(permissions),
  roleId: null,
  companyId: null,
  employeeId: id,
});
const me = employee(1);
const hr = employee(2, ['hours.manage']);
const other = employee(3, ['users.manage']);
const client: Viewer = { kind: 'client', permissions: new Set(), roleId: null, companyId: 9 };

describe('declarationAbilities', () => {
  const cases: [string, Viewer, DeclarationStatus, Record<string, true | string>][] = [
    ['own, submitted', me, 'submitted', { canEdit: true, canDelete: true, canApprove: 'FORBIDDEN', canPay: 'FORBIDDEN' }],
    ['own, approved', me, 'approved', { canEdit: 'DECLARATION_NOT_EDITABLE', canDelete: 'DECLARATION_NOT_EDITABLE' }],
    [
      'hours, submitted',
      hr,
      'submitted',
      { canEdit: true, canApprove: true, canReject: true, canPay: 'DECLARATION_NOT_APPROVED' },
    ],
    [
      'hours, approved',
      hr,
      'approved',
      { canApprove: 'DECLARATION_ALREADY_DECIDED', canPay: true, canEdit: 'DECLARATION_NOT_EDITABLE' },
    ],
    ['hours, paid', hr, 'paid', { canPay: 'DECLARATION_ALREADY_DECIDED', canReject: 'DECLARATION_ALREADY_DECIDED' }],
    ['hours, rejected', hr, 'rejected', { canPay: 'DECLARATION_NOT_APPROVED' }],
    ['another right, someone else', other, 'submitted', { canEdit: 'FORBIDDEN', canApprove: 'FORBIDDEN' }],
    ['a company', client, 'submitted', { canEdit: 'FORBIDDEN', canApprove: 'FORBIDDEN' }],
  ];
  it.each(cases)('%s', (_name, viewer, status, expected) => {
    const a = declarationAbilities({ employeeId: 1, status }, viewer);
    for (const [key, verdict] of Object.entries(expected)) {
      const k = key as keyof typeof a.reasons;
      if (verdict === true) expect(a[k], key).toBe(true);
      else expect([a[k], a.reasons[k]], key).toEqual([false, verdict]);
    }
  });

  it('never lets someone with the hours rights decide their own declaration', () => {
    const a = declarationAbilities({ employeeId: 2, status: 'submitted' }, hr);
    expect(a.canEdit).toBe(true);
    expect([a.canApprove, a.reasons.canApprove]).toEqual([false, 'FORBIDDEN']);
    expect(declarationAbilities({ employeeId: 2, status: 'approved' }, hr).reasons.canPay).toBe('FORBIDDEN');
  });
});

describe('declarationOptionAbilities', () => {
  it('deletes only an unused one, with the hours rights', () => {
    expect(declarationOptionAbilities({ inUse: false }, hr).canDelete).toBe(true);
    expect(declarationOptionAbilities({ inUse: true }, hr).reasons.canDelete).toBe('REFERENCE_IN_USE');
    expect(declarationOptionAbilities({ inUse: false }, me).reasons.canEdit).toBe('FORBIDDEN');
  });
});

describe('money', () => {
  it.each([
    [1250, '€ 12,50'],
    [1, '€ 0,01'],
    [123456, '€ 1.234,56'],
    [100_000_000, '€ 1.000.000,00'],
  ])('formats %i cents as %s', (cents, text) => {
    expect(formatCents(cents)).toBe(text);
  });

  it.each([
    [1250, '12,50'],
    [123456, '1234,56'],
    [5, '0,05'],
  ])('shows %i cents for editing as %s', (cents, text) => {
    expect(centsToInput(cents)).toBe(text);
  });

  it.each([
    ['12,50', 1250],
    ['12.50', 1250],
    ['12,5', 1250],
    ['12', 1200],
    ['€ 12,50', 1250],
    ['  7 ', 700],
    ['1.234,56', 123456],
    ['1,234.56', 123456],
    ['1.234', 123400],
    ['1.234.567', 123456700],
    ['0,01', 1],
  ])('reads %s as %i cents', (text, cents) => {
    expect(parseEuros(text)).toBe(cents);
  });

  it.each(['', 'abc', '12,345,6', '12,', '-5', '12,503', '1.23.4', '1.234,5.6', '12 euro', '1e3'])('refuses %j', (text) => {
    expect(parseEuros(text)).toBeNull();
  });
});
